package dsl

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// enumerateW returns the null distribution of W⁺ for n ranks by listing
// all 2ⁿ sign assignments: count[s] assignments give W⁺ = s.
func enumerateW(n int) []int {
	count := make([]int, n*(n+1)/2+1)
	for mask := 0; mask < 1<<n; mask++ {
		s := 0
		for r := 1; r <= n; r++ {
			if mask&(1<<(r-1)) != 0 {
				s += r
			}
		}
		count[s]++
	}
	return count
}

// TestSignedRankCDFEnumerated checks the exact distribution used for the
// interval against all 2ⁿ sign assignments, for n = 1…12.
func TestSignedRankCDFEnumerated(t *testing.T) {
	for n := 1; n <= 12; n++ {
		count := enumerateW(n)
		cdf := signedRankCDF(n)
		c := 0
		for w, k := range count {
			c += k
			want := float64(c) / float64(int(1)<<n)
			if got := cdf(w); math.Abs(got-want) > 1e-15 {
				t.Fatalf("n=%d: Pr[W⁺ ≤ %d] = %v, want %v", n, w, got, want)
			}
		}
		if cdf(-1) != 0 || cdf(n*(n+1)/2+3) != 1 {
			t.Errorf("n=%d: cdf outside the support", n)
		}
	}
}

// walshMedian is the Hodges–Lehmann estimate by its definition: the
// median of (dᵢ + dⱼ)/2 over i ≤ j, listed by a double loop.
func walshMedian(d []float64) float64 {
	var a []float64
	for i := range d {
		for j := i; j < len(d); j++ {
			a = append(a, (d[i]+d[j])/2)
		}
	}
	return Median(a)
}

// TestHodgesLehmannEstimate compares the estimate with the Walsh averages
// listed directly, on random samples of sizes 1…40, and checks that the
// estimate moves with a shift of the data and changes sign with it.
func TestHodgesLehmannEstimate(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	for n := 1; n <= 40; n++ {
		x, y := make([]float64, n), make([]float64, n)
		d := make([]float64, n)
		for i := range x {
			x[i], y[i] = rng.NormFloat64()+0.3, rng.NormFloat64()
			d[i] = x[i] - y[i]
		}
		s, err := HodgesLehmann(x, y, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if want := walshMedian(d); math.Abs(s.Estimate-want) > 1e-12 {
			t.Errorf("n=%d: estimate %v, want %v", n, s.Estimate, want)
		}
		if !(s.Lo <= s.Estimate && s.Estimate <= s.Hi) {
			t.Errorf("n=%d: estimate %v outside [%v, %v]", n, s.Estimate, s.Lo, s.Hi)
		}
		r, _ := HodgesLehmann(y, x, 0.95)
		if math.Abs(r.Estimate+s.Estimate) > 1e-12 || math.Abs(r.Lo+s.Hi) > 1e-12 || math.Abs(r.Hi+s.Lo) > 1e-12 {
			t.Errorf("n=%d: swapping x and y gives %+v, want the negation of %+v", n, r, s)
		}
	}
	if _, err := HodgesLehmann([]float64{1}, []float64{1, 2}, 0.95); err == nil {
		t.Error("unequal lengths accepted")
	}
	if _, err := HodgesLehmann([]float64{1}, []float64{math.NaN()}, 0.95); err == nil {
		t.Error("NaN accepted")
	}
	if _, err := HodgesLehmann([]float64{1}, []float64{0}, 1); err == nil {
		t.Error("level 1 accepted")
	}
}

// TestHodgesLehmannInterval checks the interval's critical value and
// coverage against the enumerated null distribution, and that the interval
// is exactly the set of shifts θ the Wilcoxon test (the ranking code that
// matches scipy.stats.wilcoxon) does not reject: for θ between consecutive
// Walsh averages, θ ∈ [Lo, Hi] iff the exact two-sided p of dᵢ − θ exceeds
// 1 − coverage.
func TestHodgesLehmannInterval(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	for _, c := range []struct {
		n     int
		level float64
	}{{5, 0.95}, {6, 0.95}, {8, 0.9}, {10, 0.95}, {12, 0.99}, {20, 0.95}} {
		x, y := make([]float64, c.n), make([]float64, c.n)
		d := make([]float64, c.n)
		for i := range x {
			x[i] = rng.NormFloat64()
			d[i] = x[i]
		}
		s, err := HodgesLehmann(x, y, c.level)
		if err != nil {
			t.Fatal(err)
		}
		m := c.n * (c.n + 1) / 2
		// The critical value by enumeration: the largest w with
		// Pr[W⁺ ≤ w] ≤ (1 − level)/2.
		var wantCov float64 = 1
		if c.n <= 12 {
			count := enumerateW(c.n)
			cum, k := 0, 0
			for w := 0; w <= m; w++ {
				cum += count[w]
				if float64(cum)/float64(int(1)<<c.n) > (1-c.level)/2 {
					break
				}
				k = w + 1
				wantCov = 1 - 2*float64(cum)/float64(int(1)<<c.n)
			}
			if k == 0 && (!math.IsInf(s.Lo, -1) || !math.IsInf(s.Hi, 1)) {
				t.Errorf("n=%d: finite interval [%v, %v] where none reaches %v", c.n, s.Lo, s.Hi, c.level)
			}
			if s.Coverage != wantCov {
				t.Errorf("n=%d level %v: coverage %v, want %v", c.n, c.level, s.Coverage, wantCov)
			}
		}
		if s.Coverage < c.level {
			t.Errorf("n=%d: coverage %v below the level %v", c.n, s.Coverage, c.level)
		}
		var walsh []float64
		for i := range d {
			for j := i; j < c.n; j++ {
				walsh = append(walsh, (d[i]+d[j])/2)
			}
		}
		sort.Float64s(walsh)
		thetas := []float64{walsh[0] - 1, walsh[m-1] + 1}
		for i := 0; i+1 < m; i++ {
			thetas = append(thetas, (walsh[i]+walsh[i+1])/2)
		}
		for _, th := range thetas {
			shifted := make([]float64, c.n)
			for i := range d {
				shifted[i] = d[i] - th
			}
			w, err := Wilcoxon(shifted, make([]float64, c.n))
			if err != nil || !w.Exact {
				t.Fatalf("n=%d θ=%v: %v exact=%v", c.n, th, err, w.Exact)
			}
			inside := s.Lo <= th && th <= s.Hi
			accepted := w.P > 1-s.Coverage+1e-12
			if inside != accepted {
				t.Errorf("n=%d θ=%v: inside [%v, %v] = %v but test p = %v (1 − coverage = %v)", c.n, th, s.Lo, s.Hi, inside, w.P, 1-s.Coverage)
			}
		}
	}
	// n = 10 at 95%: Pr[W⁺ ≤ 8] = 25/1024 ≤ 0.025 < Pr[W⁺ ≤ 9] = 33/1024,
	// the critical value T ≤ 8 of the tables, so the interval is
	// [A₍₉₎, A₍₄₇₎] with coverage 1 − 50/1024.
	d := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	s, _ := HodgesLehmann(d, make([]float64, 10), 0.95)
	if s.Coverage != 1-50.0/1024 || s.Lo != 3 || s.Hi != 8 || s.Estimate != 5.5 {
		t.Errorf("1…10: %+v, want estimate 5.5, [3, 8], coverage %v", s, 1-50.0/1024)
	}
}

// TestHodgesLehmannLarge checks the normal approximation above 200 pairs:
// its interval lies within one Walsh average's rank of the exact one's at
// n = 200 computed both ways.
func TestHodgesLehmannLarge(t *testing.T) {
	n := 200
	exact := signedRankCDF(n)
	nf := float64(n)
	mu, sigma := nf*(nf+1)/4, math.Sqrt(nf*(nf+1)*(2*nf+1)/24)
	approx := func(w int) float64 { return 0.5 * math.Erfc(-(float64(w)+0.5-mu)/(sigma*math.Sqrt2)) }
	crit := func(cdf func(int) float64) int {
		w := -1
		for cdf(w+1) <= 0.025 {
			w++
		}
		return w
	}
	// The approximation's error at n = 200 is O(1/n) in probability; at
	// the 2.5% tail it moves the critical value by at most one rank.
	if a, b := crit(exact), crit(approx); a-b > 1 || b-a > 1 {
		t.Errorf("n=200: exact critical value %d, normal %d", a, b)
	}
	x := make([]float64, 250)
	rng := rand.New(rand.NewPCG(26, 6))
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	s, err := HodgesLehmann(x, make([]float64, len(x)), 0.95)
	if err != nil || s.Exact || math.Abs(s.Coverage-0.95) > 0.001 {
		t.Errorf("n=250: %+v %v, want the normal approximation with coverage ≈ 0.95", s, err)
	}
}

// TestSmallestP checks 2/2ⁿ against the exact test on n differences of
// one sign: the smallest p is reached and with 5 pairs it is 0.0625.
func TestSmallestP(t *testing.T) {
	for n := 1; n <= 12; n++ {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(i + 1)
		}
		w, _ := Wilcoxon(x, make([]float64, n))
		if w.P != SmallestP(n) {
			t.Errorf("n=%d: all positive gives p %v, SmallestP %v", n, w.P, SmallestP(n))
		}
	}
	if SmallestP(5) != 0.0625 || SmallestP(6) != 0.03125 || SmallestP(0) != 1 {
		t.Error("SmallestP(5), (6) or (0) wrong")
	}
}

// TestHolm checks the adjustment on a case worked by hand and, on random
// p-values, that rejecting p̃ ≤ α is the step-down procedure itself:
// reject p₍₁₎, p₍₂₎, … while p₍ⱼ₎ ≤ α/(m − j + 1), stop at the first that
// is not.
func TestHolm(t *testing.T) {
	// Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, max(0.04·1, 0.06).
	got := Holm([]float64{0.01, 0.04, 0.03, math.NaN(), 0.005})
	want := []float64{0.03, 0.06, 0.06, math.NaN(), 0.02}
	for i := range want {
		if math.IsNaN(want[i]) != math.IsNaN(got[i]) || !math.IsNaN(want[i]) && math.Abs(got[i]-want[i]) > 1e-15 {
			t.Errorf("Holm = %v, want %v", got, want)
			break
		}
	}
	if got := Holm([]float64{0.6, 0.7}); got[0] != 1 || got[1] != 1 {
		t.Errorf("Holm caps at 1: %v", got)
	}
	rng := rand.New(rand.NewPCG(26, 7))
	for trial := 0; trial < 200; trial++ {
		m := 1 + rng.IntN(8)
		p := make([]float64, m)
		for i := range p {
			p[i] = math.Pow(rng.Float64(), 3)
		}
		adj := Holm(p)
		for _, alpha := range []float64{0.01, 0.05, 0.1} {
			idx := make([]int, m)
			for i := range idx {
				idx[i] = i
			}
			sort.Slice(idx, func(a, b int) bool { return p[idx[a]] < p[idx[b]] })
			reject := make([]bool, m)
			for j, i := range idx {
				if p[i] > alpha/float64(m-j) {
					break
				}
				reject[i] = true
			}
			for i := range p {
				if reject[i] != (adj[i] <= alpha) {
					t.Fatalf("p=%v α=%v: step-down rejects %v, adjusted %v", p, alpha, reject, adj)
				}
			}
		}
	}
}
