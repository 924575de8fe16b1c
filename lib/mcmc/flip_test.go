package mcmc

import (
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// exactAfter returns the exact distribution of the joint state after steps
// transitions of P, started from the uniform distribution (the start of
// NewChains with a source: every unit Bernoulli(½)).
func exactAfter(p *mat.Dense, steps int) []float64 {
	n, _ := p.Dims()
	mu := mat.NewVecDense(n, nil)
	for k := 0; k < n; k++ {
		mu.SetVec(k, 1/float64(n))
	}
	var next mat.VecDense
	for s := 0; s < steps; s++ {
		next.MulVec(p.T(), mu)
		mu.CopyVec(&next)
	}
	return mu.RawVector().Data
}

// TestFlipJoint checks that many independent chains of T (α = 1) and T_½,
// after a burn-in, are distributed as the exact joint p(v, h) and marginal
// p(v) of the 3×3 RBM of TestGibbsJoint, within tvTolerance (derived
// there; final states of independent chains are independent draws). The
// burn-in is checked exactly: the distribution after burn steps from the
// start distribution, computed with TransitionMatrix, is within 1e-4 of the
// joint in total variation, far below the tolerance (≈ 0.02).
func TestFlipJoint(t *testing.T) {
	m := smallModel(t)
	joint, err := m.ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	marg, err := m.ExactVisibleDist()
	if err != nil {
		t.Fatal(err)
	}
	const n, burn = 40000, 100
	for _, alpha := range []float64{1, 0.5} {
		p, err := TransitionMatrix(m, alpha)
		if err != nil {
			t.Fatal(err)
		}
		if d := tv(exactAfter(p, burn), joint); d > 1e-4 {
			t.Fatalf("alpha %v: exact TV after %d steps is %v; burn-in too short", alpha, burn, d)
		}
		f, err := NewFlip(alpha, 11)
		if err != nil {
			t.Fatal(err)
		}
		c, err := NewChains(m, n, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Sample(m, c, burn); err != nil {
			t.Fatal(err)
		}
		gotJ := make([]float64, len(joint))
		gotM := make([]float64, len(marg))
		for k := 0; k < n; k++ {
			v, h := rowIndex(t, c.V, k), rowIndex(t, c.H, k)
			gotJ[v|h<<3] += 1.0 / n
			gotM[v] += 1.0 / n
		}
		for _, tc := range []struct {
			name      string
			exact, at []float64
		}{{"joint", joint, gotJ}, {"visible", marg, gotM}} {
			d, tol := tv(tc.exact, tc.at), tvTolerance(tc.exact, n)
			t.Logf("alpha %v, %s: TV = %.4f, tolerance %.4f", alpha, tc.name, d, tol)
			if d > tol {
				t.Errorf("alpha %v, %s: TV(exact, flip) = %.4f > tolerance %.4f", alpha, tc.name, d, tol)
			}
		}
	}
}

// TestFlipOneStep checks the sampler against the exact transition matrix
// row by row: 20000 chains all start in one joint state, take one step of
// T, and their empirical distribution must be within tvTolerance of that
// state's row of P. This catches a wrong kernel (e.g. a wrong tie rule or
// a swapped state) that would still leave the distribution invariant. The
// start states include the all-zero input case of a zero model (ties).
func TestFlipOneStep(t *testing.T) {
	const n = 20000
	zero, _ := rbm.NewBinary(3, 3, nil)
	for mi, m := range []*rbm.Binary{smallModel(t), zero} {
		for _, alpha := range []float64{1, 0.3} {
			p, err := TransitionMatrix(m, alpha)
			if err != nil {
				t.Fatal(err)
			}
			for _, from := range []int{0, 13, 63} {
				c, _ := NewChains(m, n, nil)
				v, h := make([]float64, 3), make([]float64, 3)
				rbm.FillState(v, from&7)
				rbm.FillState(h, from>>3)
				for k := 0; k < n; k++ {
					c.V.SetRow(k, v)
					c.H.SetRow(k, h)
				}
				f, _ := NewFlip(alpha, uint64(from+1))
				if err := f.Sample(m, c, 1); err != nil {
					t.Fatal(err)
				}
				got := make([]float64, 64)
				for k := 0; k < n; k++ {
					got[rowIndex(t, c.V, k)|rowIndex(t, c.H, k)<<3] += 1.0 / n
				}
				row := p.RawRowView(from)
				if d, tol := tv(row, got), tvTolerance(row, n); d > tol {
					t.Errorf("model %d, alpha %v, from %d: TV(P row, one step) = %.4f > %.4f", mi, alpha, from, d, tol)
				}
			}
		}
	}
}

// TestFlipAlphaZeroIsGibbs checks that T_0 draws exactly what Gibbs draws
// with the same seed: the same streams, the same uniforms, the same
// probabilities σ(x).
func TestFlipAlphaZeroIsGibbs(t *testing.T) {
	m, _ := rbm.NewBinary(30, 20, &rbm.Init{WeightStd: 0.5, Seed: 2})
	a, _ := NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
	b, _ := NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
	f, _ := NewFlip(0, 9)
	g := NewGibbs(9)
	if err := f.Sample(m, a, 5); err != nil {
		t.Fatal(err)
	}
	if err := g.Sample(m, b, 5); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) || !mat.Equal(a.PV, b.PV) || !mat.Equal(a.PH, b.PH) {
		t.Error("Flip with alpha 0 and Gibbs with the same seed differ")
	}
	// The same from SampleFrom, which takes p0 from the first half-step.
	v := mat.DenseCopyOf(a.V)
	var pa, pb mat.Dense
	if err := SampleFrom(f, m, a, v, 2, &pa); err != nil {
		t.Fatal(err)
	}
	if err := SampleFrom(g, m, b, v, 2, &pb); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) || !mat.Equal(a.PH, b.PH) || !mat.Equal(&pa, &pb) {
		t.Error("SampleFrom: Flip with alpha 0 and Gibbs differ")
	}
}

// TestFlipDeterministic checks that T (α = 1) flips the state of a unit
// with large |x| into its more probable state with certainty, and that the
// same seed gives the same chains.
func TestFlipDeterministic(t *testing.T) {
	m, _ := rbm.NewBinary(2, 1, nil)
	m.C[0] = 2 // hidden unit: more probable state 1, P(0→1) = 1
	m.B[0] = -3
	m.B[1] = 3
	c, _ := NewChains(m, 100, nil) // all units 0
	f, _ := NewFlip(1, 1)
	if err := f.Sample(m, c, 1); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 100; k++ {
		// Hidden 0 → 1 with probability min(e^2, 1) = 1; v_1 0 → 1 as well
		// (x = 3 with h = 1 and W = 0).
		if c.H.At(k, 0) != 1 || c.V.At(k, 1) != 1 {
			t.Fatalf("chain %d: h = %v, v_1 = %v, want 1 and 1", k, c.H.At(k, 0), c.V.At(k, 1))
		}
	}
	run := func() *Chains {
		m := smallModel(t)
		c, _ := NewChains(m, 50, rand.New(rand.NewPCG(9, 9)))
		f, _ := NewFlip(0.7, 3)
		if err := f.Sample(m, c, 5); err != nil {
			t.Fatal(err)
		}
		return c
	}
	if a, b := run(), run(); !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
		t.Error("same seed gave different chains")
	}
}

// TestFlipAllocs checks that Flip steps do not allocate.
func TestFlipAllocs(t *testing.T) {
	m, _ := rbm.NewBinary(20, 10, &rbm.Init{WeightStd: 0.1})
	c, _ := NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
	f, _ := NewFlip(1, 1)
	_ = f.Sample(m, c, 1)
	if a := testing.AllocsPerRun(20, func() {
		if err := f.Sample(m, c, 2); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("Flip.Sample allocates %v times per call", a)
	}
}

// TestFlipParallel checks that a batch large enough to be split over
// goroutines gives the same chains with GOMAXPROCS 1 and 4, and that the
// parallel path does not allocate (forced on a small model, as
// TestGibbsAllocs does, so that gonum's pure-Go product stays serial).
func TestFlipParallel(t *testing.T) {
	m, err := rbm.NewBinary(200, 100, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	run := func(procs int) *Chains {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		c, _ := NewChains(m, 150, rand.New(rand.NewPCG(1, 1)))
		f, _ := NewFlip(0.8, 7)
		if err := f.Sample(m, c, 3); err != nil {
			t.Fatal(err)
		}
		return c
	}
	a, b := run(1), run(4)
	if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) || !mat.Equal(a.PV, b.PV) {
		t.Error("GOMAXPROCS 1 and 4 give different chains")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(n int) { minParallel = n }(minParallel)
	minParallel = 0
	small, _ := rbm.NewBinary(20, 10, &rbm.Init{WeightStd: 0.1})
	c, _ := NewChains(small, 64, rand.New(rand.NewPCG(1, 1)))
	f, _ := NewFlip(1, 1)
	_ = f.Sample(small, c, 1)
	if a := testing.AllocsPerRun(20, func() {
		if err := f.Sample(small, c, 1); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("Flip.Sample (parallel) allocates %v times per call", a)
	}
}

// TestFlipBadInput checks errors for bad alpha, shapes, steps and a zero
// sampler.
func TestFlipBadInput(t *testing.T) {
	for _, a := range []float64{-1, 2, math.NaN(), math.Inf(1)} {
		if _, err := NewFlip(a, 1); err == nil {
			t.Errorf("NewFlip(%v): no error", a)
		}
	}
	m := smallModel(t)
	other, _ := rbm.NewBinary(4, 3, nil)
	c, _ := NewChains(m, 2, nil)
	f, _ := NewFlip(1, 1)
	for i, err := range []error{
		f.Sample(other, c, 1),
		f.Sample(m, c, -1),
		f.Sample(nil, c, 1),
		f.Sample(m, nil, 1),
		new(Flip).Sample(m, c, 1),
	} {
		if err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
}

// TestFlipSLEMRange checks that T_α for α in {0, ½, 1} on the test model
// is ergodic (SLEM in [0, 1)), and logs the SLEMs.
func TestFlipSLEMRange(t *testing.T) {
	m := smallModel(t)
	for _, a := range []float64{0, 0.5, 1} {
		p, err := TransitionMatrix(m, a)
		if err != nil {
			t.Fatal(err)
		}
		s, err := SLEM(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("alpha %v: SLEM %.4f", a, s)
		if !(s >= 0 && s < 1) {
			t.Errorf("alpha %v: SLEM %v outside [0, 1)", a, s)
		}
	}
}

// BenchmarkFlip784x500 measures one flip-the-state step (α = 1) of 100
// chains of a 784×500 RBM, to compare with BenchmarkGibbsMNIST.
func BenchmarkFlip784x500(b *testing.B) {
	m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	c, err := NewChains(m, 100, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	f, _ := NewFlip(1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Sample(m, c, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFlipSample measures the element-wise part of a flip half-step
// (sigmoid, flip probability and Bernoulli draw) of a 100×500 layer, to
// compare with BenchmarkSigmoidSample (the same for Gibbs).
func BenchmarkFlipSample(b *testing.B) {
	p := kern.General[float64]{Rows: 100, Cols: 500, Stride: 500, Data: make([]float64, 50000)}
	s := kern.General[float64]{Rows: 100, Cols: 500, Stride: 500, Data: make([]float64, 50000)}
	bias := make([]float64, 500)
	var srcs []rand.PCG
	src := streams(&srcs, 1, 100)
	in := make([]float64, 50000)
	for i := range in {
		in[i] = rand.NormFloat64()
		s.Data[i] = float64(i % 2)
	}
	var wg sync.WaitGroup
	for b.Loop() {
		copy(p.Data, in)
		flipRows(&wg, p, s, bias, 1, src)
	}
}
