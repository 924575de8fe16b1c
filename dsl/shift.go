package dsl

import (
	"fmt"
	"math"
	"sort"
)

// MaxShiftPairs is the largest number of pairs for which HodgesLehmann
// computes the estimate and interval: it sorts all n(n+1)/2 Walsh averages
// (at 3000 pairs, 4.5 million values, 36 MB).
const MaxShiftPairs = 3000

// maxExactShift is the largest n for which the interval's critical value
// comes from the exact null distribution of W⁺ (O(n³) work); above it the
// normal approximation with a continuity correction is used.
const maxExactShift = 200

// Shift is the Hodges–Lehmann estimate of the shift between paired samples,
// the median of the differences' Walsh averages, with its distribution-free
// confidence interval (see HodgesLehmann).
type Shift struct {
	N        int     // the number of differences (zeros included)
	Estimate float64 // median of the Walsh averages (dᵢ + dⱼ)/2, i ≤ j
	// Lo and Hi bound the interval [A₍ₖ₎, A₍ₘ₋ₖ₊₁₎]; −Inf and +Inf when
	// n is too small for the level asked (Coverage is then 1).
	Lo, Hi float64
	// Coverage is the interval's actual coverage, 1 − 2·Pr[W⁺ ≤ k−1] under
	// H₀, at least the level asked for (the distribution is discrete).
	Coverage float64
	Exact    bool // Coverage is from the exact null distribution of W⁺
}

// HodgesLehmann returns the Hodges–Lehmann estimate of the centre of the
// differences dᵢ = xᵢ − yᵢ and the confidence interval that inverts the
// Wilcoxon signed-rank test (Hollander and Wolfe, Nonparametric
// Statistical Methods, §3.3). With the M = n(n+1)/2 Walsh averages
// Aᵢⱼ = (dᵢ + dⱼ)/2 (i ≤ j) sorted as A₍₁₎ ≤ … ≤ A₍ₘ₎,
//
//	estimate = median(A),
//	k = 1 + max{w ≥ 0 : Pr[W⁺ ≤ w] ≤ (1 − level)/2},
//	interval = [A₍ₖ₎, A₍ₘ₋ₖ₊₁₎],  coverage = 1 − 2·Pr[W⁺ ≤ k−1],
//
// where W⁺ is the signed-rank statistic of n differences under H₀ (each
// rank's sign a fair coin). For n ≤ 200 Pr[W⁺ ≤ w] is exact (enumerated by
// dynamic programming); above, it is Φ((w + ½ − μ)/σ) with μ = n(n+1)/4
// and σ² = n(n+1)(2n+1)/24. The interval is the set of shifts θ that the
// two-sided exact test of dᵢ − θ does not reject at 1 − coverage. Zero
// differences are kept (they are part of the shift's distribution); with
// zeros or ties the coverage is approximate. If no w qualifies (for a 95%
// level, n ≤ 5) the interval is (−Inf, +Inf) with coverage 1.
//
// It returns an error if the lengths differ, x is empty, a difference is
// NaN, n exceeds MaxShiftPairs or level is not in (0, 1).
func HodgesLehmann(x, y []float64, level float64) (Shift, error) {
	if len(x) != len(y) {
		return Shift{}, fmt.Errorf("dsl: hodges-lehmann: %d values paired with %d", len(x), len(y))
	}
	if !(level > 0 && level < 1) {
		return Shift{}, fmt.Errorf("dsl: hodges-lehmann: level %v is not in (0, 1)", level)
	}
	n := len(x)
	if n == 0 {
		return Shift{}, fmt.Errorf("dsl: hodges-lehmann: no pairs")
	}
	if n > MaxShiftPairs {
		return Shift{}, fmt.Errorf("dsl: hodges-lehmann: %d pairs, more than the %d allowed", n, MaxShiftPairs)
	}
	d := make([]float64, n)
	for i := range x {
		d[i] = x[i] - y[i]
		if math.IsNaN(d[i]) {
			return Shift{}, fmt.Errorf("dsl: hodges-lehmann: pair %d has a NaN difference", i)
		}
	}
	walsh := make([]float64, 0, n*(n+1)/2)
	for i := range d {
		for j := i; j < n; j++ {
			walsh = append(walsh, (d[i]+d[j])/2)
		}
	}
	sort.Float64s(walsh)
	m := len(walsh)
	s := Shift{N: n, Lo: math.Inf(-1), Hi: math.Inf(1), Coverage: 1, Exact: n <= maxExactShift}
	if m%2 == 1 {
		s.Estimate = walsh[m/2]
	} else {
		s.Estimate = (walsh[m/2-1] + walsh[m/2]) / 2
	}
	cdf := signedRankCDF(n)
	tail := (1 - level) / 2
	w := -1
	for cdf(w+1) <= tail {
		w++
	}
	if w >= 0 {
		k := w + 1
		s.Lo, s.Hi = walsh[k-1], walsh[m-k]
		s.Coverage = 1 - 2*cdf(w)
	}
	return s, nil
}

// signedRankCDF returns w ↦ Pr[W⁺ ≤ w] for n ranks under H₀: exact for
// n ≤ maxExactShift, the normal approximation with continuity correction
// above.
func signedRankCDF(n int) func(w int) float64 {
	m := n * (n + 1) / 2
	if n > maxExactShift {
		nf := float64(n)
		mu := nf * (nf + 1) / 4
		sigma := math.Sqrt(nf * (nf + 1) * (2*nf + 1) / 24)
		return func(w int) float64 {
			return 0.5 * math.Erfc(-(float64(w)+0.5-mu)/(sigma*math.Sqrt2))
		}
	}
	// prob[s] = Pr[W⁺ = s]: add rank k with sign + or − at probability ½.
	prob := make([]float64, m+1)
	prob[0] = 1
	for k := 1; k <= n; k++ {
		top := k * (k + 1) / 2
		for s := top; s >= 0; s-- {
			v := prob[s] / 2
			if s >= k {
				v += prob[s-k] / 2
			}
			prob[s] = v
		}
	}
	cum := make([]float64, m+1)
	var c float64
	for s, p := range prob {
		c += p
		cum[s] = c
	}
	return func(w int) float64 {
		switch {
		case w < 0:
			return 0
		case w >= m:
			return 1
		}
		return cum[w]
	}
}

// SmallestP is the smallest two-sided p-value that the exact Wilcoxon
// signed-rank test can give with n non-zero differences, 2/2ⁿ (all signs
// alike); 1 for n = 0. With n = 5 it is 0.0625, so five pairs can never
// be significant at 0.05.
func SmallestP(n int) float64 {
	if n <= 0 {
		return 1
	}
	return math.Min(1, math.Ldexp(1, 1-n))
}

// Holm returns Holm's step-down adjustment of the p-values p, which
// controls the family-wise error rate over all of them: with the m
// non-NaN values sorted as p₍₁₎ ≤ … ≤ p₍ₘ₎,
//
//	p̃₍ᵢ₎ = min(1, max_{j ≤ i} (m − j + 1)·p₍ⱼ₎),
//
// returned in the order of p. Rejecting every hypothesis with p̃ ≤ α is
// Holm's procedure at level α. NaN values (cells without a test) stay NaN
// and do not count in m. p is not changed.
func Holm(p []float64) []float64 {
	out := make([]float64, len(p))
	var idx []int
	for i, v := range p {
		out[i] = math.NaN()
		if !math.IsNaN(v) {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
	m := len(idx)
	run := 0.0
	for j, i := range idx {
		run = math.Max(run, float64(m-j)*p[i])
		out[i] = math.Min(1, run)
	}
	return out
}
