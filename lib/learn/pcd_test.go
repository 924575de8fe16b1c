package learn

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestPCDGradient checks that PCD's negative phase, from N = 20000
// persistent chains run 100 steps under a fixed model, gives the exact
// gradient within tol = 4.5/(2√N) (derivation as in
// TestCDGradientConverges: 15 components, each a mean of N independent
// values in [0, 1]), with a batch of only 4 rows (the positive phase is
// exact). It also checks that the chains persist: a second call continues
// them rather than restarting from the data.
func TestPCDGradient(t *testing.T) {
	m, _ := rbm.NewBinary(3, 3, &rbm.Init{WeightStd: 2, Seed: 3})
	rng := rand.New(rand.NewPCG(4, 4))
	for i := range m.B {
		m.B[i] = rng.NormFloat64()
		m.C[i] = rng.NormFloat64()
	}
	x := mat.NewDense(4, 3, []float64{1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1})
	exact, err := m.ExactGradient(x)
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	l := NewPCD(100, n, mcmc.NewGibbs(5))
	g, err := l.Gradient(m, x)
	if err != nil {
		t.Fatal(err)
	}
	tol := 4.5 / (2 * math.Sqrt(n))
	d := maxDiff(g.Parts, exact)
	t.Logf("PCD-100 on %d chains: max |grad − exact| = %.4f (tolerance %.4f)", n, d, tol)
	if d > tol {
		t.Errorf("PCD gradient differs from exact by %.4f > %.4f", d, tol)
	}
	if r, _ := l.Chains().V.Dims(); r != n {
		t.Errorf("%d chains, want %d", r, n)
	}
	before := mat.DenseCopyOf(l.Chains().V)
	l.K = 1
	if _, err := l.Gradient(m, x); err != nil {
		t.Fatal(err)
	}
	if mat.Equal(before, l.Chains().V) {
		t.Error("persistent chains did not move")
	}
}

// TestPCDTrain checks that PCD-1 on 3×3 Bars and Stripes raises the exact
// log-likelihood above −3.5 (start ≈ −6.24, optimum −ln 14 ≈ −2.64), with
// mini-batches of 7 and 100 persistent chains; fixed seeds.
func TestPCDTrain(t *testing.T) {
	set := barsAndStripes()
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
	h, err := Train(context.Background(), m, set, NewPCD(1, 100, mcmc.NewGibbs(2)), &Settings{
		Updates:   4000,
		BatchSize: 7,
		Rate:      0.1,
		Schedule:  Cosine{End: 0.01}, // ε from 0.1 to 0.01
		Every:     500,
		Observers: []Observer{ExactLogLikelihood(set)},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("PCD-1 loglik: start %.3f, best %.3f, end %.3f", h.Series("loglik").Y[0], h.Max("loglik"), h.Last("loglik"))
	if h.Max("loglik") < -3.5 {
		t.Errorf("best log-likelihood %.3f, want above −3.5", h.Max("loglik"))
	}
}
