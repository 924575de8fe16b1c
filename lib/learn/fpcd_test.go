package learn

import (
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestFPCDFastWeights checks the fast-weight rule over two updates with
// plain SGD (rate ε): the slow step is ε g, so each g can be read back
// from the change of the model, and the fast parameters must be
// θ_F = (19/20)·ε_F g₁ + ε_F g₂ (to rounding: g is read back through a
// difference of parameters divided by ε, good to about 1e-14/ε).
func TestFPCDFastWeights(t *testing.T) {
	m := randomModel(5, 4, 2)
	x := randomBatch(6, 5, 0.5, 3)
	const eps, epsF = 0.1, 0.3
	l := NewFPCD(2, 0, epsF, mcmc.NewGibbs(5))
	var gs [][][]float64
	for u := 0; u < 2; u++ {
		before := m.Clone()
		if err := l.Update(m, x, &SGD{Rate: eps}); err != nil {
			t.Fatal(err)
		}
		g := m.Clone().Params()
		for k, p := range before.Params() {
			for i := range p {
				g[k][i] = (g[k][i] - p[i]) / eps
			}
		}
		gs = append(gs, g)
	}
	want := gs[1]
	for k := range want {
		for i := range want[k] {
			want[k][i] = 19.0/20*epsF*gs[0][k][i] + epsF*gs[1][k][i]
		}
	}
	if d := maxDiff(l.Fast().Params(), want); d > 1e-9 {
		t.Errorf("fast parameters differ from (19/20)ε_F g₁ + ε_F g₂ by %g", d)
	}
	if math.IsNaN(l.Fast().W.At(0, 0)) || l.Steps() != 2 || l.Chains() == nil {
		t.Error("bad state")
	}
	if err := NewFPCD(1, 0, 0, nil).Update(m, x, &countOpt{}); err == nil {
		t.Error("FastRate 0 with a non-SGD optimiser accepted")
	}
	if err := l.Update(rbm.Model(nil), x, &SGD{}); err == nil {
		t.Error("nil model accepted")
	}
}

// TestFPCDChainsSampleSum checks what the persistent chains sample: over
// four updates with plain SGD (rate ε), FPCD's chains must be those of the
// same Gibbs sampler (same seed) run K steps per update on θ + θ_F, with θ
// the model before the update and θ_F the fast parameters, which the test
// keeps itself from the gradients read back from the model's change,
// θ_F ← (19/20)θ_F + ε_F g. The read-back is good to about 1e-14/ε, so the
// test's θ + θ_F differs from FPCD's by rounding only, and the Gibbs draws
// agree exactly unless a uniform falls within about 1e-13 of a threshold
// (a chance near 1e-10 over these few hundred draws). It calls Fast in
// the middle (which makes the pending fast step early) and checks that
// this changes nothing. The test has power: sampling θ alone (PCD), or
// θ + θ_F without the last fast step, fails it at the second update
// (checked by making those changes to fpcd.go); it also requires fast
// parameters of size at least 0.05.
func TestFPCDChainsSampleSum(t *testing.T) {
	m := randomModel(6, 5, 4)
	x := randomBatch(20, 6, 0.5, 5)
	const eps, epsF, k = 0.2, 1.0, 2
	l := NewFPCD(k, 0, epsF, mcmc.NewGibbs(9))
	ref := mcmc.NewGibbs(9)
	var chains *mcmc.Chains
	var fast [][]float64
	for u := 0; u < 4; u++ {
		before := m.Clone()
		sum := m.Clone()
		if u > 0 {
			ps := sum.Params()
			for i := range ps {
				for j := range ps[i] {
					ps[i][j] += fast[i][j]
				}
			}
		}
		if u == 0 {
			var err error
			if chains, err = mcmc.NewChainsFrom(m, x); err != nil {
				t.Fatal(err)
			}
		}
		if err := ref.Sample(sum, chains, k); err != nil {
			t.Fatal(err)
		}
		if err := l.Update(m, x, &SGD{Rate: eps}); err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(l.Chains().V, chains.V) || !mat.Equal(l.Chains().H, chains.H) {
			t.Fatalf("update %d: FPCD's chains differ from Gibbs on θ + θ_F", u)
		}
		g := m.Clone().Params()
		for i, p := range before.Params() {
			for j := range p {
				g[i][j] = (g[i][j] - p[j]) / eps
			}
		}
		if fast == nil {
			fast = make([][]float64, len(g))
			for i := range g {
				fast[i] = make([]float64, len(g[i]))
			}
		}
		for i := range g {
			for j := range g[i] {
				fast[i][j] = 19.0/20*fast[i][j] + epsF*g[i][j]
			}
		}
		if u == 1 {
			f1 := l.Fast().Clone().Params()
			if d := maxDiff(l.Fast().Params(), fast); d > 1e-12 {
				t.Errorf("update %d: Fast differs from the fast parameters by %g", u, d)
			}
			if d := maxDiff(l.Fast().Params(), f1); d != 0 {
				t.Errorf("a second call of Fast changed the fast parameters by %g", d)
			}
		}
	}
	var dmax float64
	for _, p := range fast {
		for _, v := range p {
			dmax = max(dmax, math.Abs(v))
		}
	}
	if dmax < 0.05 {
		t.Errorf("fast parameters of size %g: too small for the test to tell θ + θ_F from θ", dmax)
	}
}
