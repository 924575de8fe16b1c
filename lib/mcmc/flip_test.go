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
	// 10 and 20 units take the small buffer of uniforms, 33 and 40 the chunked
	// one; α = 0 takes the fused Gibbs kernels.
	for _, size := range [][2]int{{20, 10}, {33, 40}} {
		for _, alpha := range []float64{0, 0.5, 1} {
			m, _ := rbm.NewBinary(size[0], size[1], &rbm.Init{WeightStd: 0.1})
			c, _ := NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
			f, _ := NewFlip(alpha, 1)
			_ = f.Sample(m, c, 1)
			if a := testing.AllocsPerRun(20, func() {
				if err := f.Sample(m, c, 2); err != nil {
					t.Fatal(err)
				}
			}); a != 0 {
				t.Errorf("%d×%d, α = %v: Flip.Sample allocates %v times per call", size[0], size[1], alpha, a)
			}
		}
	}
}

// TestFlipProbSelect checks that the branch-free rule of the sampler's
// inner loop (kern.FlipProb) is flipProb bit for bit, at the edges (q = 0, ½, 1 and
// their neighbours) and at random q, for both states.
func TestFlipProbSelect(t *testing.T) {
	qs := []float64{0, 1, 0.5, math.Nextafter(0.5, 0), math.Nextafter(0.5, 1), math.SmallestNonzeroFloat64, math.Nextafter(1, 0), 1e-300, 0.25, 0.75}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		qs = append(qs, rng.Float64(), rbm.Sigmoid(40*rng.NormFloat64()), float64(float32(rng.Float64())))
	}
	for _, q := range qs {
		for _, s := range []float64{0, 1, 0.3} {
			if got, want := kern.FlipProb(s, q), flipProb(s, q); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("kern.FlipProb(%v, %v) = %v, flipProb gives %v", s, q, got, want)
			}
		}
	}
}

// TestFlipBlockIsTheRule checks the sampler's half-step (a doFlip job,
// kern.FlipRows: its fused Gibbs path for α = 0, its chunked draws for
// rows longer and shorter than a chunk, across rows and within them)
// against the rule written out one element at a time, u < α·P_T(s, q) +
// (1−α)·q with one uniform per element in order, bit for bit, in both
// precisions, with and without a bias, on inputs that include ties
// (x = 0) and saturation (|x| > 708).
func TestFlipBlockIsTheRule(t *testing.T) {
	t.Run("float64", testFlipBlockIsTheRule[float64])
	t.Run("float32", testFlipBlockIsTheRule[float32])
}

func testFlipBlockIsTheRule[T kern.Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, cols := range []int{1, 3, 16, 17, 32, 33, 256, 300, 600} {
		for _, alpha := range []float64{0, 0.37, 1} {
			for _, withBias := range []bool{false, true} {
				rows := 2*blockRows + 5
				in := make([]T, rows*cols)
				state := make([]T, rows*cols)
				for i := range in {
					switch rng.IntN(10) {
					case 0:
						in[i] = 0
					case 1:
						in[i] = T(800 * (2*rng.Float64() - 1))
					default:
						in[i] = T(3 * rng.NormFloat64())
					}
					if !withBias { // p holds σ already
						in[i] = T(rbm.Sigmoid(float64(in[i])))
					}
					state[i] = T(rng.IntN(2))
				}
				var bias []T
				if withBias {
					bias = make([]T, cols)
					for k := range bias {
						bias[k] = T(rng.NormFloat64())
					}
				}
				p := kern.General[T]{Rows: rows, Cols: cols, Stride: cols, Data: append([]T(nil), in...)}
				s := kern.General[T]{Rows: rows, Cols: cols, Stride: cols, Data: append([]T(nil), state...)}
				var srcs, ref []rand.PCG
				src := streams(&srcs, 11, rows)
				refSrc := streams(&ref, 11, rows)
				j := job[T]{kind: doFlip, p: p, s: s, bias: bias, alpha: alpha, src: src}
				j.lo, j.hi = 0, (rows+blockRows-1)/blockRows
				j.run()
				// The rule, element by element.
				wantP := append([]T(nil), in...)
				wantS := append([]T(nil), state...)
				for b := 0; b*blockRows < rows; b++ {
					u := kern.NewUniforms[T](&refSrc[b])
					for i := b * blockRows; i < min((b+1)*blockRows, rows); i++ {
						row, out := wantP[i*cols:(i+1)*cols], wantS[i*cols:(i+1)*cols]
						if bias != nil {
							kern.Sigmoid(row, bias)
						}
						for k, q := range row {
							if u.Next() < T(alpha*flipProb(float64(out[k]), float64(q))+(1-alpha)*float64(q)) {
								out[k] = 1
							} else {
								out[k] = 0
							}
						}
					}
				}
				for i := range wantS {
					if p.Data[i] != wantP[i] || s.Data[i] != wantS[i] {
						t.Fatalf("%d columns, α = %v, bias %v: element %d: got p %v s %v, the rule gives p %v s %v",
							cols, alpha, withBias, i, p.Data[i], s.Data[i], wantP[i], wantS[i])
					}
				}
			}
		}
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
