package dsl

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// TestQuantile checks type-7 quantiles against numpy.quantile (default
// "linear" method) on x = [3 1 4 1 5 9 2 6]:
// np.quantile(x, [0, .1, .25, .5, .9, 1]) = [1, 1, 1.75, 3.5, 6.9, 9].
func TestQuantile(t *testing.T) {
	x := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	for _, c := range []struct{ p, want float64 }{
		{0, 1}, {0.1, 1}, {0.25, 1.75}, {0.5, 3.5}, {0.9, 6.9}, {1, 9},
	} {
		if got := Quantile(c.p, x); !near(got, c.want, 1e-12) {
			t.Errorf("Quantile(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if x[0] != 3 {
		t.Error("Quantile changed its input")
	}
	if !math.IsNaN(Median(nil)) || !math.IsNaN(Quantile(2, x)) {
		t.Error("want NaN for empty input or p outside [0, 1]")
	}
	if got := SD([]float64{2, 4, 4, 4, 5, 5, 7, 9}); !near(got, math.Sqrt(32.0/7), 1e-12) {
		t.Errorf("SD = %v", got)
	}
}

// TestWilcoxonCritical checks the exact distribution against the table of
// critical values of the signed-rank statistic (two-sided α = 0.05; e.g.
// Wilcoxon, Katti and Wilcox 1970, as reprinted in most textbooks):
// T ≤ 8 is significant for n = 10, T ≤ 52 for n = 20, T ≤ 89 for n = 25,
// and T + 1 is not.
func TestWilcoxonCritical(t *testing.T) {
	for _, c := range []struct{ n, crit int }{{10, 8}, {20, 52}, {25, 89}, {6, 0}} {
		if p := exactSignedRankP(c.n, c.crit); p > 0.05 {
			t.Errorf("n=%d: P(T≤%d) two-sided = %v, want ≤ 0.05", c.n, c.crit, p)
		}
		if p := exactSignedRankP(c.n, c.crit+1); p <= 0.05 {
			t.Errorf("n=%d: P(T≤%d) two-sided = %v, want > 0.05", c.n, c.crit+1, p)
		}
	}
	// The distribution is symmetric: W⁺ = w and W⁺ = n(n+1)/2 − w have the
	// same two-sided p; n = 5, W⁺ = 0 has p = 2/32 exactly.
	if p := exactSignedRankP(5, 0); p != 2.0/32 {
		t.Errorf("n=5, W=0: p = %v, want 1/16", p)
	}
	if a, b := exactSignedRankP(12, 20), exactSignedRankP(12, 78-20); a != b {
		t.Errorf("asymmetric: %v vs %v", a, b)
	}
}

// TestWilcoxonSciPy checks the test against scipy.stats.wilcoxon 1.10.1
// with its defaults (zero_method="wilcox", correction=False), computed on
// this machine; the numbers were printed by SciPy and pasted here.
func TestWilcoxonSciPy(t *testing.T) {
	for _, c := range []struct {
		name  string
		x, y  []float64
		stat  float64
		p     float64
		exact bool
	}{
		{
			// Wikipedia's example (n = 10, one zero, ties): normal approx.
			name: "ties and a zero",
			x:    []float64{125, 115, 130, 140, 140, 115, 140, 125, 140, 135},
			y:    []float64{110, 122, 125, 120, 140, 124, 123, 137, 135, 145},
			stat: 18, p: 0.5936305914425295,
		},
		{
			name: "n=12 exact",
			x:    []float64{0.646, 1.122, 0.63, -1.003, 1.205, 0.746, -0.237, 0.881, 0.665, 0.594, 0.328, 0.847},
			y:    []float64{-0.736, -0.163, -0.482, 0.599, 0.04, -0.292, -0.782, -0.257, 0.008, -0.276, 1.294, 1.007},
			stat: 18, p: 0.10986328125, exact: true,
		},
		{
			name: "n=30 exact",
			x: []float64{-2.411, -1.589, 0.125, -0.122, 0.514, 0.517, 2.418, -0.812, -0.078, 2.343, 0.947, 0.963, -0.214, -1.348, 0.467,
				0.409, -0.927, -0.383, 0.228, -0.645, 0.202, 0.395, 0.336, -0.206, 0.894, 1.191, 0.621, -0.518, 1.032, -0.201},
			y: []float64{0.879, -1.072, 0.914, -0.02, -1.249, -0.314, 0.054, 0.273, -0.982, -1.107, 0.2, -0.467, 0.236, 0.76, -1.649,
				0.254, 1.225, -0.298, -0.811, 0.752, 0.253, 0.896, -0.345, -1.482, -0.11, -0.446, 0.775, 0.194, -1.631, -1.195},
			stat: 170, p: 0.20540969260036945, exact: true,
		},
		{
			name: "n=60 normal with ties",
			x: []float64{1.08, 0.88, -0.44, 0.2, 0.65, 0.67, 1.08, 0.46, 0.11, -0.06, 1.26, -2.05, 0.06, 0.23, -1.23, 0.53, -0.45, 1.06, 0.07, 0.87,
				1.42, 0.58, -0.68, -1.31, 1.95, 0.09, -0.49, 0.34, 0.01, 1.05, 0.23, 0.21, -0.51, 0.67, -0.83, 0.87, 1.72, -1.32, -2.27, 0.82,
				2.75, -0.8, -1.05, 0.79, -0.64, -0.31, -0.15, 0.73, -0.21, 0.48, 0.02, -0.64, -0.12, -0.75, 0.21, -0.92, -0.89, 1.66, 0.15, 0.15},
			y: []float64{0.51, -0.42, -0.23, 0.43, 0.28, -1.16, 0.83, -0.59, -1.06, -0.9, -0.39, 1.63, -1.18, 0.16, -2.14, 0, 0.9, -0.24, -0.63, 0.23,
				0.7, 0.66, 1.97, 0.21, -0.59, -0.13, -0.07, 0.11, -0.03, 0.17, -1.67, 0.83, -0.57, -1.17, 0.64, 1.32, 0.49, 0.16, -0.93, 2.87,
				0.88, -1.14, -0.78, 0.09, -1.55, 0.17, -0.46, 1.23, 0.96, -2.71, 0.04, -1.62, 1.11, 0.17, 0.55, -1.07, 1.83, 2.02, -1.06, 0.37},
			stat: 761, p: 0.2569210885472446,
		},
	} {
		r, err := Wilcoxon(c.x, c.y)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Statistic != c.stat || !near(r.P, c.p, 1e-10) || r.Exact != c.exact {
			t.Errorf("%s: W=%v p=%v exact=%v, want W=%v p=%v exact=%v", c.name, r.Statistic, r.P, r.Exact, c.stat, c.p, c.exact)
		}
		if n := float64(r.N); r.WPlus+r.WMinus != n*(n+1)/2 {
			t.Errorf("%s: W+ + W- = %v, want n(n+1)/2", c.name, r.WPlus+r.WMinus)
		}
	}
	if _, err := Wilcoxon([]float64{1, 2}, []float64{1, 2}); err == nil {
		t.Error("all-zero differences accepted")
	}
	if _, err := Wilcoxon([]float64{1}, []float64{1, 2}); err == nil {
		t.Error("unequal lengths accepted")
	}
}
