package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// randomModel returns an m×n RBM with weights N(0, 1) and biases
// N(0, 1) from seed.
func randomModel(m, n int, seed uint64) *rbm.Binary {
	b, _ := rbm.NewBinary(m, n, &rbm.Init{WeightStd: 1, Seed: seed})
	rng := rand.New(rand.NewPCG(seed, 99))
	for i := range b.B {
		b.B[i] = rng.NormFloat64()
	}
	for j := range b.C {
		b.C[j] = rng.NormFloat64()
	}
	return b
}

// TestCenteredOffsetsKeepDistribution checks the bias re-parameterisation
// of Algorithm 4 with exact distributions: a 5×4 model written in centred
// form with offsets (μ, λ), whose offsets then move to (μ', λ') with
// b̃ ← b̃ + W(λ' − λ), c̃ ← c̃ + Wᵀ(μ' − μ), is the same distribution over
// all 32 visible states (to 1e-12, rounding of sums of a few terms of
// size ~1). Also checks that CenteredBiases and StandardBiases invert each
// other, and that without the re-parameterisation the distribution does
// change (the check has power).
func TestCenteredOffsetsKeepDistribution(t *testing.T) {
	m := randomModel(5, 4, 3)
	p0, err := m.ExactVisibleDist()
	if err != nil {
		t.Fatal(err)
	}
	mu := []float64{0.1, 0.5, 0.9, 0.3, 0.6}
	lam := []float64{0.5, 0.5, 0.5, 0.5}
	cb, cc, err := CenteredBiases(m, mu, lam)
	if err != nil {
		t.Fatal(err)
	}
	mu2 := []float64{0.2, 0.4, 0.7, 0.35, 0.1}
	lam2 := []float64{0.9, 0.1, 0.6, 0.3}
	moved := func(reparam bool) *rbm.Binary {
		b, c := append([]float64(nil), cb...), append([]float64(nil), cc...)
		if reparam {
			for i := range b {
				for j := range c {
					b[i] += m.W.At(i, j) * (lam2[j] - lam[j])
					c[j] += m.W.At(i, j) * (mu2[i] - mu[i])
				}
			}
		}
		sb, sc, err := StandardBiases(m, b, c, mu2, lam2)
		if err != nil {
			t.Fatal(err)
		}
		return &rbm.Binary{W: mat.DenseCopyOf(m.W), B: sb, C: sc}
	}
	p1, _ := moved(true).ExactVisibleDist()
	p2, _ := moved(false).ExactVisibleDist()
	d1, d2 := 0.0, 0.0
	for s := range p0 {
		d1 = max(d1, math.Abs(p1[s]-p0[s]))
		d2 = max(d2, math.Abs(p2[s]-p0[s]))
	}
	if d1 > 1e-12 {
		t.Errorf("offsets moved with re-parameterisation: max |Δp| = %g", d1)
	}
	if d2 < 1e-3 {
		t.Errorf("offsets moved without re-parameterisation: max |Δp| = %g, want a change", d2)
	}
	sb, sc, _ := StandardBiases(m, cb, cc, mu, lam)
	for i := range sb {
		if math.Abs(sb[i]-m.B[i]) > 1e-12 {
			t.Errorf("round trip b[%d] = %v, want %v", i, sb[i], m.B[i])
		}
	}
	for j := range sc {
		if math.Abs(sc[j]-m.C[j]) > 1e-12 {
			t.Errorf("round trip c[%d] = %v, want %v", j, sc[j], m.C[j])
		}
	}
	if _, _, err := CenteredBiases(m, mu[:2], lam); err == nil {
		t.Error("short offsets accepted")
	}
}

// TestCenteredStep checks one Centered update with plain SGD against
// Algorithm 4 written out naively in centred coordinates: with the
// learner's chains after the update (V_n and P_n = p(h|V_n) under the old
// model) and its new offsets (μ, λ), the old model in centred form
// (W, b̃, c̃) moved by ε(∇W, ∇b̃, ∇c̃) and brought back to standard form
// must equal the updated model (to 1e-12).
func TestCenteredStep(t *testing.T) {
	m0 := randomModel(6, 5, 8)
	m := m0.Clone()
	x := randomBatch(9, 6, 0.4, 2)
	l := NewCentered(2, mcmc.NewGibbs(4))
	l.Mu = []float64{0.3, 0.3, 0.4, 0.5, 0.6, 0.2}
	const eps = 0.05
	if err := l.Update(m, x, &SGD{Rate: eps}); err != nil {
		t.Fatal(err)
	}
	mu, lam := l.Offsets()
	n, nv, nh := 9, 6, 5
	vn, hn := l.chains.V, l.chains.PH
	var p mat.Dense
	m0.HiddenProb(&p, x)
	gw := mat.NewDense(nv, nh, nil)
	gb, gc := make([]float64, nv), make([]float64, nh)
	for r := 0; r < n; r++ {
		for i := 0; i < nv; i++ {
			for j := 0; j < nh; j++ {
				gw.Set(i, j, gw.At(i, j)+((x.At(r, i)-mu[i])*(p.At(r, j)-lam[j])-(vn.At(r, i)-mu[i])*(hn.At(r, j)-lam[j]))/float64(n))
			}
			gb[i] += (x.At(r, i) - vn.At(r, i)) / float64(n)
		}
		for j := 0; j < nh; j++ {
			gc[j] += (p.At(r, j) - hn.At(r, j)) / float64(n)
		}
	}
	cb, cc, _ := CenteredBiases(m0, mu, lam)
	w1 := mat.DenseCopyOf(m0.W)
	for i := 0; i < nv; i++ {
		cb[i] += eps * gb[i]
		for j := 0; j < nh; j++ {
			w1.Set(i, j, w1.At(i, j)+eps*gw.At(i, j))
		}
	}
	for j := range cc {
		cc[j] += eps * gc[j]
	}
	want := &rbm.Binary{W: w1}
	want.B, want.C, _ = StandardBiases(want, cb, cc, mu, lam)
	if d := maxDiff(want.Params(), m.Params()); d > 1e-12 {
		t.Errorf("Centered step differs from Algorithm 4 by %g", d)
	}
	if d := maxDiff(m0.Params(), m.Params()); d < 1e-3 {
		t.Errorf("update moved the model by only %g", d)
	}
}
