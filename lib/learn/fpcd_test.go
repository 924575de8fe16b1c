package learn

import (
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
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
