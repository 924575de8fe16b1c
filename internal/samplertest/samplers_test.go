package samplertest

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// kernel is a sampler of this package with its exact transition matrix.
type kernel interface {
	mcmc.Sampler
	Transition(m *rbm.Binary) (*mat.Dense, error)
}

// TestKernels checks the exact transition matrices of Metropolis and
// RandomScan on a 3×2 RBM: rows sum to 1 and the exact joint p(v, h) is
// invariant, πP = π, to 1e-12 (sums of 32 products of numbers ≤ 1 after 5
// matrix products); and that each sampler moves as its matrix says: 20000
// chains started at one state, after one step, are distributed as that
// state's row of P within TVBound (independent chains: n = 20000 draws).
func TestKernels(t *testing.T) {
	m, err := rbm.NewBinary(3, 2, &rbm.Init{WeightStd: 1.5, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	copy(m.B, []float64{0.5, -0.8, 0.3})
	copy(m.C, []float64{-0.4, 0.6})
	pi, err := m.ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]kernel{"metropolis": NewMetropolis(1), "randomscan": NewRandomScan(1)} {
		p, err := s.Transition(m)
		if err != nil {
			t.Fatal(err)
		}
		for r := 0; r < len(pi); r++ {
			if d := mat.Sum(p.RowView(r)) - 1; math.Abs(d) > 1e-12 {
				t.Errorf("%s: row %d sums to 1%+g", name, r, d)
			}
		}
		if d := TV(Apply(pi, p), pi); d > 1e-12 {
			t.Errorf("%s: TV(πP, π) = %g", name, d)
		}
		const n = 20000
		start := []float64{1, 0, 1, 0, 1} // v = (1, 0, 1), h = (0, 1)
		c, _ := mcmc.NewChains(m, n, rand.New(rand.NewPCG(1, 1)))
		for k := 0; k < n; k++ {
			copy(c.V.RawRowView(k), start[:3])
			copy(c.H.RawRowView(k), start[3:])
		}
		if err := s.Sample(m, c, 1); err != nil {
			t.Fatal(err)
		}
		emp, err := Empirical(c)
		if err != nil {
			t.Fatal(err)
		}
		row := p.RawRowView(0b10101)
		if d, tol := TV(emp, row), TVBound(row, n); d > tol {
			t.Errorf("%s: one step from (1,0,1 | 0,1): TV to the exact row %.4f > %.4f", name, d, tol)
		}
	}
}
