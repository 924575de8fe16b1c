package dsl

import (
	"fmt"
	"math"
	"sort"
)

// Median returns the median of x, the quantile 0.5 of type 7; NaN if x is
// empty. x is not changed.
func Median(x []float64) float64 { return Quantile(0.5, x) }

// Quantile returns the p-quantile of x by linear interpolation between
// order statistics (Hyndman and Fan's type 7, the default of R's quantile
// and of numpy.quantile): with x sorted as x₀ ≤ … ≤ x_{n−1},
//
//	h = (n−1)·p,  Q(p) = x_⌊h⌋ + (h − ⌊h⌋)·(x_⌊h⌋+1 − x_⌊h⌋).
//
// It returns NaN if x is empty or p is outside [0, 1]. x is not changed.
func Quantile(p float64, x []float64) float64 {
	if len(x) == 0 || !(p >= 0 && p <= 1) {
		return math.NaN()
	}
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	h := float64(len(s)-1) * p
	lo := int(math.Floor(h))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

// Mean returns the arithmetic mean Σx/n of x; NaN if x is empty.
func Mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	var s float64
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// SD returns the sample standard deviation √(Σ(x−x̄)²/(n−1)); NaN if x has
// fewer than two values.
func SD(x []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	m := Mean(x)
	var s float64
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / float64(len(x)-1))
}

// WilcoxonResult is the outcome of a two-sided Wilcoxon signed-rank test.
type WilcoxonResult struct {
	N         int     // pairs with a non-zero difference (used in the test)
	Zeros     int     // pairs with a zero difference (dropped)
	WPlus     float64 // sum of the ranks of positive differences x−y
	WMinus    float64 // sum of the ranks of negative differences
	Statistic float64 // min(WPlus, WMinus), as SciPy reports it
	Z         float64 // the normal score (NaN when Exact)
	P         float64 // the two-sided p-value
	Exact     bool    // P is from the exact null distribution
}

// Wilcoxon performs the two-sided Wilcoxon signed-rank test of the paired
// samples x and y (H₀: the differences dᵢ = xᵢ − yᵢ are symmetric about 0).
// Zero differences are dropped (Wilcoxon's zero method, SciPy's default
// "wilcox"), the |dᵢ| ranked 1…n with ties given their average rank, and
//
//	W⁺ = Σ_{dᵢ>0} rank(|dᵢ|),  W⁻ = n(n+1)/2 − W⁺.
//
// With n ≤ 50, no zeros and no ties, P is exact: the null distribution of
// W⁺ (each rank's sign a fair coin) is enumerated by dynamic programming,
// and P = min(1, 2·min(Pr[W ≤ W⁺], Pr[W ≥ W⁺])). Otherwise the normal
// approximation without continuity correction is used, with the variance
// corrected for ties (tⱼ values in tie group j):
//
//	μ = n(n+1)/4,  σ² = n(n+1)(2n+1)/24 − Σⱼ(tⱼ³ − tⱼ)/48,
//	z = (min(W⁺, W⁻) − μ)/σ,  P = 2·Φ(−|z|).
//
// These are the choices of scipy.stats.wilcoxon with its defaults, except
// that SciPy also uses the exact distribution when there are ties. It
// returns an error if the lengths differ, a value is NaN, or all
// differences are zero.
func Wilcoxon(x, y []float64) (WilcoxonResult, error) {
	if len(x) != len(y) {
		return WilcoxonResult{}, fmt.Errorf("dsl: wilcoxon: %d values paired with %d", len(x), len(y))
	}
	var d []float64
	res := WilcoxonResult{Z: math.NaN()}
	for i := range x {
		di := x[i] - y[i]
		switch {
		case math.IsNaN(di):
			return WilcoxonResult{}, fmt.Errorf("dsl: wilcoxon: pair %d has a NaN difference", i)
		case di == 0:
			res.Zeros++
		default:
			d = append(d, di)
		}
	}
	n := len(d)
	res.N = n
	if n == 0 {
		return res, fmt.Errorf("dsl: wilcoxon: all %d differences are zero", len(x))
	}
	// Rank |d| with average ranks for ties.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return math.Abs(d[idx[a]]) < math.Abs(d[idx[b]]) })
	ranks := make([]float64, n)
	var tieTerm float64
	for i := 0; i < n; {
		j := i
		for j+1 < n && math.Abs(d[idx[j+1]]) == math.Abs(d[idx[i]]) {
			j++
		}
		r := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			ranks[idx[k]] = r
		}
		t := float64(j - i + 1)
		tieTerm += t*t*t - t
		i = j + 1
	}
	for i, di := range d {
		if di > 0 {
			res.WPlus += ranks[i]
		} else {
			res.WMinus += ranks[i]
		}
	}
	res.Statistic = math.Min(res.WPlus, res.WMinus)
	nf := float64(n)
	if n <= 50 && res.Zeros == 0 && tieTerm == 0 {
		res.Exact = true
		res.P = exactSignedRankP(n, int(res.WPlus))
		return res, nil
	}
	mu := nf * (nf + 1) / 4
	sigma := math.Sqrt(nf*(nf+1)*(2*nf+1)/24 - tieTerm/48)
	res.Z = (res.Statistic - mu) / sigma
	res.P = math.Erfc(math.Abs(res.Z) / math.Sqrt2)
	return res, nil
}

// exactSignedRankP is the two-sided exact p-value of W⁺ = w with n ranks.
// count[s] is the number of the 2ⁿ sign patterns whose positive ranks sum
// to s (at most 2⁵⁰ < 2⁵³, exact in float64).
func exactSignedRankP(n, w int) float64 {
	max := n * (n + 1) / 2
	count := make([]float64, max+1)
	count[0] = 1
	for k := 1; k <= n; k++ {
		for s := k * (k + 1) / 2; s >= k; s-- {
			count[s] += count[s-k]
		}
	}
	total := math.Ldexp(1, n)
	if 2*w == max {
		return 1
	}
	var le, ge float64
	for s := 0; s <= w; s++ {
		le += count[s]
	}
	for s := w; s <= max; s++ {
		ge += count[s]
	}
	return math.Min(1, 2*math.Min(le, ge)/total)
}
