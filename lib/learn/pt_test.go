package learn

import (
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"gonum.org/v1/gonum/mat"
)

// TestPTExpectedGradient checks that the PT gradient, averaged over many
// updates of a fixed 4×3 model (weights and biases N(0, 1)), equals the
// exact gradient on a batch of 4 patterns.
//
// Tolerance: the positive phase is exact, so each component's error is
// that of the negative phase, an average over T = 4000 updates (after 200
// of burn-in) of correlated estimates (persistent chains). Its standard
// error is estimated by batch means: 40 batches of 100 updates, long
// compared with the chains' correlation time on this small tempered model,
// so the batch means are nearly independent and se = sd(batch means)/√40.
// Each of the 19 components' |mean − exact|/se is then close to a
// Student t with 39 degrees of freedom; P(|t| > 4.5) ≈ 6e-5, so with 19
// components the test fails by chance with probability about 1e-3 (fixed
// seed: deterministic). The test also requires se < 0.01 (power) and that
// swaps are accepted.
func TestPTExpectedGradient(t *testing.T) {
	m := randomModel(4, 3, 5)
	x := mat.NewDense(4, 4, []float64{1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1})
	exact, err := m.ExactGradient(x)
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewPT(1, mustBetas(4), 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if l.Steps() != 4 {
		t.Errorf("Steps = %d, want 4", l.Steps())
	}
	const burn, batches, per = 200, 40, 100
	for u := 0; u < burn; u++ {
		if _, err := l.Gradient(m, x); err != nil {
			t.Fatal(err)
		}
	}
	flat := func(g [][]float64) []float64 {
		var f []float64
		for _, p := range g {
			f = append(f, p...)
		}
		return f
	}
	want := flat(exact)
	P := len(want)
	means := make([][]float64, batches)
	for b := range means {
		means[b] = make([]float64, P)
		for u := 0; u < per; u++ {
			g, err := l.Gradient(m, x)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range flat(g.Parts) {
				means[b][k] += v / per
			}
		}
	}
	worst, maxSE := 0.0, 0.0
	for k := 0; k < P; k++ {
		var s, s2 float64
		for b := range means {
			s += means[b][k]
			s2 += means[b][k] * means[b][k]
		}
		mean := s / batches
		se := math.Sqrt((s2/batches-mean*mean)*batches/(batches-1)) / math.Sqrt(batches)
		maxSE = max(maxSE, se)
		z := math.Abs(mean-want[k]) / se
		worst = max(worst, z)
		if z > 4.5 {
			t.Errorf("component %d: PT mean %.4f, exact %.4f, %.1f standard errors (se %.4f)", k, mean, want[k], z, se)
		}
	}
	t.Logf("largest deviation %.2f standard errors; largest se %.4f; swap acceptance %.3f", worst, maxSE, l.Acceptance())
	if maxSE > 0.01 {
		t.Errorf("standard error %.4f too large for the test to have power", maxSE)
	}
	for i, a := range l.Acceptance() {
		if !(a > 0) {
			t.Errorf("pair %d: swap acceptance %v", i, a)
		}
	}
}

// mustBetas returns mcmc.UniformBetas(t), which must not fail.
func mustBetas(t int) []float64 {
	b, err := mcmc.UniformBetas(t)
	if err != nil {
		panic(err)
	}
	return b
}

// TestPTInputs checks NewPT's validation.
func TestPTInputs(t *testing.T) {
	for _, b := range [][]float64{{}, {0.9, 0.5}, {1, 1}, {1, 0.5, -0.1}} {
		if _, err := NewPT(1, b, 0, 1, nil); err == nil {
			t.Errorf("betas %v accepted", b)
		}
	}
	if _, err := NewPT(1, nil, -1, 1, nil); err == nil {
		t.Error("negative chains accepted")
	}
	l, err := NewPT(2, nil, 0, 1, mcmc.NewGibbs(4))
	if err != nil || len(l.Betas()) != 10 || l.Steps() != 20 || l.Chains() != nil {
		t.Errorf("default PT: %v, %d betas, %d steps", err, len(l.Betas()), l.Steps())
	}
}
