package mcmc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// scaled returns the RBM with parameters β·θ.
func scaled(m *rbm.Binary, beta float64) *rbm.Binary {
	s := m.Clone()
	s.W.Scale(beta, s.W)
	for i := range s.B {
		s.B[i] *= beta
	}
	for j := range s.C {
		s.C[j] *= beta
	}
	return s
}

// TestTemperedExact builds the exact transition matrix of two-temperature
// parallel tempering on a 2×2 RBM, (P_{β1} ⊗ P_{β2})·S with S the swap
// move of swapProb, for G and T as base operators, and checks that it is
// row-stochastic and leaves the product p_{β1} ⊗ p_{β2} invariant to 1e-12.
func TestTemperedExact(t *testing.T) {
	m := uniformModel(t, 2, 2, 3, 1, rand.New(rand.NewPCG(1, 3)))
	betas := []float64{1, 0.4}
	const ns = 16 // joint states of one replica
	e := make([]float64, ns)
	v, h := make([]float64, 2), make([]float64, 2)
	for k := range e {
		rbm.FillState(v, k&3)
		rbm.FillState(h, k>>2)
		e[k] = m.Energy(v, h)
	}
	for _, alpha := range []float64{0, 1} {
		var ps [2]*mat.Dense
		var pis [2][]float64
		for i, b := range betas {
			mb := scaled(m, b)
			p, err := TransitionMatrix(mb, alpha)
			if err != nil {
				t.Fatal(err)
			}
			ps[i] = p
			if pis[i], err = mb.ExactJointDist(); err != nil {
				t.Fatal(err)
			}
		}
		// State (x, y): replica 1 in x, replica 2 in y, index x·16 + y.
		var base mat.Dense
		base.Kronecker(ps[0], ps[1])
		swap := mat.NewDense(ns*ns, ns*ns, nil)
		for x := 0; x < ns; x++ {
			for y := 0; y < ns; y++ {
				a := swapProb(betas[0], betas[1], e[x], e[y])
				swap.Set(x*ns+y, y*ns+x, swap.At(x*ns+y, y*ns+x)+a)
				swap.Set(x*ns+y, x*ns+y, swap.At(x*ns+y, x*ns+y)+1-a)
			}
		}
		var pt mat.Dense
		pt.Mul(&base, swap)
		pi := make([]float64, ns*ns)
		for x := 0; x < ns; x++ {
			for y := 0; y < ns; y++ {
				pi[x*ns+y] = pis[0][x] * pis[1][y]
			}
		}
		var out mat.VecDense
		out.MulVec(pt.T(), mat.NewVecDense(ns*ns, pi))
		for k := range pi {
			if d := math.Abs(out.AtVec(k) - pi[k]); d > 1e-12 {
				t.Fatalf("alpha %v: (πP)_%d − π_%d = %v", alpha, k, k, d)
			}
			if s := mat.Sum(pt.RowView(k)); math.Abs(s-1) > 1e-12 {
				t.Fatalf("alpha %v: row %d sums to %v", alpha, k, s)
			}
		}
		// Swaps without the energy term would not be invariant: the
		// check has power.
		bad := mat.NewDense(ns*ns, ns*ns, nil)
		for x := 0; x < ns; x++ {
			for y := 0; y < ns; y++ {
				bad.Set(x*ns+y, y*ns+x, 1)
			}
		}
		pt.Mul(&base, bad)
		out.MulVec(pt.T(), mat.NewVecDense(ns*ns, pi))
		var worst float64
		for k := range pi {
			worst = math.Max(worst, math.Abs(out.AtVec(k)-pi[k]))
		}
		if worst < 1e-3 {
			t.Errorf("alpha %v: always swapping also leaves π invariant (%v); test has no power", alpha, worst)
		}
	}
}

// TestTemperedJoint runs 4-temperature parallel tempering (uniform betas,
// Gibbs and flip base operators) on 10000 chains of the 3×3 test RBM with
// doubled parameters and checks, in total variation with tvTolerance
// (derivation in gibbs_test.go; final states of independent chains are
// independent draws), that the β = 1 chains follow the exact joint and the
// β = ⅓ replicas the exact tempered joint. Burn-in: 100 transitions, each
// with one base step per replica; the base operators alone reach the noise
// level in a few dozen steps on this model (TestGibbsJoint, TestFlipJoint),
// and swaps only move states between replicas. It also checks the swap
// counts: every transition proposes one swap per chain and pair.
func TestTemperedJoint(t *testing.T) {
	m := scaled(smallModel(t), 2)
	betas, _ := UniformBetas(4)
	const n, steps = 10000, 100
	for _, base := range []Sampler{NewGibbs(5), mustFlip(t, 1, 5)} {
		pt, err := NewTempered(base, betas, 1, 17)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := NewChains(m, n, rand.New(rand.NewPCG(3, 3)))
		if err := pt.Sample(m, c, steps); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			i int
			c *Chains
		}{{0, c}, {2, pt.Replica(2)}} {
			exact, err := scaled(m, betas[tc.i]).ExactJointDist()
			if err != nil {
				t.Fatal(err)
			}
			got := make([]float64, 64)
			for k := 0; k < n; k++ {
				got[rowIndex(t, tc.c.V, k)|rowIndex(t, tc.c.H, k)<<3] += 1.0 / n
			}
			d, tol := tv(exact, got), tvTolerance(exact, n)
			t.Logf("%T, β = %.3f: TV = %.4f, tolerance %.4f", base, betas[tc.i], d, tol)
			if d > tol {
				t.Errorf("%T, β = %.3f: TV = %.4f > %.4f", base, betas[tc.i], d, tol)
			}
		}
		prop, acc := pt.Swaps()
		rates := pt.AcceptRates()
		for i := range prop {
			if prop[i] != n*steps || acc[i] <= 0 || acc[i] > prop[i] {
				t.Errorf("%T, pair %d: %d of %d swaps accepted, want %d proposed, some accepted", base, i, acc[i], prop[i], n*steps)
			}
		}
		t.Logf("%T: swap acceptance rates %.3f", base, rates)
	}
}

func mustFlip(t *testing.T, alpha float64, seed uint64) *Flip {
	t.Helper()
	f, err := NewFlip(alpha, seed)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTemperedBadInput checks the constructor's and Sample's errors.
func TestTemperedBadInput(t *testing.T) {
	g := NewGibbs(1)
	for i, betas := range [][]float64{{1}, {0.9, 0.5}, {1, 1}, {1, 0.5, 0.6}, {1, -0.1}, {1, math.NaN()}} {
		if _, err := NewTempered(g, betas, 1, 1); err == nil {
			t.Errorf("case %d: no error for betas %v", i, betas)
		}
	}
	if _, err := NewTempered(nil, nil, 1, 1); err == nil {
		t.Error("no error for nil base")
	}
	if _, err := UniformBetas(1); err == nil {
		t.Error("UniformBetas(1): no error")
	}
	pt, err := NewTempered(g, nil, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(pt.Betas()) != 10 {
		t.Errorf("default has %d temperatures, want 10", len(pt.Betas()))
	}
	m := smallModel(t)
	c, _ := NewChains(m, 2, nil)
	if err := pt.Sample(m, c, -1); err == nil {
		t.Error("no error for negative steps")
	}
	other, _ := rbm.NewBinary(4, 3, nil)
	if err := pt.Sample(other, c, 1); err == nil {
		t.Error("no error for mismatched model")
	}
	if err := new(Tempered).Sample(m, c, 1); err == nil {
		t.Error("no error for zero Tempered")
	}
	if r := pt.AcceptRates(); !math.IsNaN(r[0]) {
		t.Errorf("rate before any swap = %v, want NaN", r[0])
	}
}
