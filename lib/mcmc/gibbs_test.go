package mcmc

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// smallModel returns a 3×3 RBM with weights N(0, 1.5²) and biases N(0, 0.5²):
// strong enough couplings that a broken sampler is visibly wrong, weak
// enough that block Gibbs mixes in a few dozen steps.
func smallModel(t *testing.T) *rbm.Binary {
	t.Helper()
	m, err := rbm.NewBinary(3, 3, &rbm.Init{WeightStd: 1.5, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range m.B {
		m.B[i] = 0.5 * rng.NormFloat64()
	}
	for j := range m.C {
		m.C[j] = 0.5 * rng.NormFloat64()
	}
	return m
}

// rowIndex returns the bits of row k of d as an integer (unit i is bit i),
// the index of rbm.StateIndex.
func rowIndex(t *testing.T, d *mat.Dense, k int) int {
	idx, err := rbm.StateIndex(d.RawRowView(k))
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// tvTolerance returns the tolerance on the total variation distance between
// p and the empirical distribution of n independent draws from p.
//
// Derivation: each empirical frequency p̂_k has standard deviation
// σ_k = sqrt(p_k(1−p_k)/n) and, by the CLT, E|p̂_k − p_k| ≈ sqrt(2/π)σ_k, so
// E[TV] = ½Σ E|p̂_k − p_k| ≈ 0.80·½Σσ_k. Each |p̂_k − p_k| has standard
// deviation sqrt(1−2/π)σ_k ≈ 0.60σ_k, and the standard deviation of a sum is
// at most the sum of the standard deviations, so sd(TV) ≤ 0.60·½Σσ_k.
// E[TV] + 4·sd(TV) ≤ (0.80 + 2.41)·½Σσ_k; we use 3.2·½Σσ_k, which a correct
// sampler exceeds with probability below 1e-4 (Chebyshev–Cantelli bound
// 1/(1+16) is looser, the Gaussian tail far smaller).
func tvTolerance(p []float64, n int) float64 {
	var s float64
	for _, q := range p {
		s += math.Sqrt(q * (1 - q) / float64(n))
	}
	return 3.2 * 0.5 * s
}

func tv(p, q []float64) float64 {
	var s float64
	for k := range p {
		s += math.Abs(p[k] - q[k])
	}
	return s / 2
}

// TestGibbsJoint checks that many independent Gibbs chains, after a burn-in,
// are distributed as the exact joint p(v, h) and marginal p(v) of a 3×3 RBM
// within the total-variation tolerance of tvTolerance. The final states of
// independent chains are independent draws, so N_eff = number of chains.
// The burn-in of 100 steps is far beyond the mixing time of this model
// (checked: the joint TV is 0.22 after 1 step, 0.04 after 2, and at the
// noise level ≈ 0.01 from 5 steps on).
func TestGibbsJoint(t *testing.T) {
	m := smallModel(t)
	joint, err := m.ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	marg, err := m.ExactVisibleDist()
	if err != nil {
		t.Fatal(err)
	}
	const n = 40000
	c, err := NewChains(m, n, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if err := NewGibbs(3).Sample(m, c, 100); err != nil {
		t.Fatal(err)
	}
	gotJ := make([]float64, len(joint))
	gotM := make([]float64, len(marg))
	for k := 0; k < n; k++ {
		v, h := rowIndex(t, c.V, k), rowIndex(t, c.H, k)
		gotJ[v|h<<3] += 1.0 / n
		gotM[v] += 1.0 / n
	}
	uniform := make([]float64, len(joint))
	for i := range uniform {
		uniform[i] = 1.0 / float64(len(joint))
	}
	for _, tc := range []struct {
		name      string
		exact, at []float64
	}{{"joint", joint, gotJ}, {"visible", marg, gotM}} {
		d, tol := tv(tc.exact, tc.at), tvTolerance(tc.exact, n)
		t.Logf("%s: TV = %.4f, tolerance %.4f", tc.name, d, tol)
		if d > tol {
			t.Errorf("%s: TV(exact, Gibbs) = %.4f > tolerance %.4f", tc.name, d, tol)
		}
	}
	// The test has power: the model is far from uniform at this tolerance.
	if d := tv(joint, uniform); d < 5*tvTolerance(joint, n) {
		t.Errorf("test model too close to uniform: TV = %.4f", d)
	}
}

// TestGibbsProbs checks that PH and PV hold the conditionals of the last
// transition: PV = p(v|H) for the final H.
func TestGibbsProbs(t *testing.T) {
	m := smallModel(t)
	c, err := NewChains(m, 5, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if err := NewGibbs(1).Sample(m, c, 3); err != nil {
		t.Fatal(err)
	}
	var want mat.Dense
	m.VisibleProb(&want, c.H)
	if !mat.EqualApprox(&want, c.PV, 1e-12) {
		t.Errorf("PV = %v, want p(v|H) = %v", mat.Formatted(c.PV), mat.Formatted(&want))
	}
}

// TestSampleFrom checks that SampleFrom gives in p0 exactly what
// HiddenProb computes for the start states (the same products and
// sigmoids): from the first half-step for Gibbs, Flip and Tempered (over
// Gibbs and over Flip), computed apart for a sampler whose type
// SampleFrom does not know (plainSampler), and for steps = 0. The chains
// do not depend on the hidden states they held (a random H and H = 0 give
// the same chains bit for bit: the start rule of SampleFrom), and for the
// samplers that do not read H they are those of SetVisible followed by
// Sample with the same seeds. An empty p0 is sized; a wrong one or one of
// the chains' matrices is refused.
func TestSampleFrom(t *testing.T) {
	m := smallModel(t)
	v := mat.NewDense(40, 3, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	for i, raw := 0, v.RawMatrix().Data; i < len(raw); i++ {
		raw[i] = float64(rng.IntN(2))
	}
	betas := []float64{1, 0.5, 0}
	samplers := map[string]func() Sampler{
		"gibbs": func() Sampler { return NewGibbs(4) },
		"flip":  func() Sampler { f, _ := NewFlip(1, 4); return f },
		"tempered-gibbs": func() Sampler {
			p, _ := NewTempered(NewGibbs(4), betas, 2, 4)
			return p
		},
		"tempered-flip": func() Sampler {
			f, _ := NewFlip(0.5, 4)
			p, _ := NewTempered(f, betas, 2, 4)
			return p
		},
		"plain": func() Sampler { return plainSampler{NewGibbs(4)} },
	}
	for name, mk := range samplers {
		for _, steps := range []int{0, 1, 3} {
			// H starts at a random state (as many chains as rows of v, so
			// that SetVisible does not resize them and clear it): Flip reads it.
			a, _ := NewChains(m, 40, rand.New(rand.NewPCG(6, 6)))
			b, _ := NewChains(m, 40, rand.New(rand.NewPCG(6, 6)))
			var p0 mat.Dense
			if err := SampleFrom(mk(), m, a, v, steps, &p0); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := b.SetVisible(v); err != nil {
				t.Fatal(err)
			}
			if err := b.HiddenProb(m); err != nil {
				t.Fatal(err)
			}
			want := mat.DenseCopyOf(b.PH)
			if err := mk().Sample(m, b, steps); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(&p0, want) {
				t.Errorf("%s, %d steps: p0 differs from p(h|v) of the start states", name, steps)
			}
			if readsH := name == "flip" || name == "tempered-flip"; !readsH && (!mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H)) {
				t.Errorf("%s, %d steps: SampleFrom and SetVisible+Sample give different chains", name, steps)
			}
			z, _ := NewChains(m, 40, nil) // H = 0
			var pz mat.Dense
			if err := SampleFrom(mk(), m, z, v, steps, &pz); err != nil {
				t.Fatal(err)
			}
			if steps > 0 && (!mat.Equal(a.V, z.V) || !mat.Equal(a.H, z.H)) {
				t.Errorf("%s, %d steps: SampleFrom's chains depend on the hidden states they held", name, steps)
			}
		}
	}
	c, _ := NewChains(m, 2, nil)
	g := NewGibbs(1)
	if err := SampleFrom(g, m, c, v, 1, mat.NewDense(40, 2, nil)); err == nil {
		t.Error("no error for a p0 of the wrong shape")
	}
	if err := SampleFrom(g, m, c, v, 1, c.PH); err == nil {
		t.Error("no error for p0 = c.PH")
	}
	if err := SampleFrom(g, m, c, v, -1, new(mat.Dense)); err == nil {
		t.Error("no error for negative steps")
	}
	if err := SampleFrom(nil, m, c, v, 1, new(mat.Dense)); err == nil {
		t.Error("no error for a nil sampler")
	}
	if c.Len() != 2 {
		t.Errorf("refused SampleFrom resized the chains to %d", c.Len())
	}
}

// TestGibbsDeterministic checks that the same seed gives the same chains and
// another seed different ones.
func TestGibbsDeterministic(t *testing.T) {
	m := smallModel(t)
	run := func(seed uint64) *Chains {
		c, _ := NewChains(m, 50, rand.New(rand.NewPCG(9, 9)))
		if err := NewGibbs(seed).Sample(m, c, 5); err != nil {
			t.Fatal(err)
		}
		return c
	}
	a, b, d := run(1), run(1), run(2)
	if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
		t.Error("same seed gave different chains")
	}
	if mat.Equal(a.V, d.V) {
		t.Error("different seeds gave the same 50×3 visible states")
	}
}

// TestGibbsAllocs checks that Gibbs steps do not allocate.
func TestGibbsAllocs(t *testing.T) {
	m, _ := rbm.NewBinary(20, 10, &rbm.Init{WeightStd: 0.1})
	c, _ := NewChains(m, 8, rand.New(rand.NewPCG(1, 1)))
	g := NewGibbs(1)
	if a := testing.AllocsPerRun(20, func() {
		if err := g.Sample(m, c, 2); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("Gibbs.Sample allocates %v times per call", a)
	}
	// The parallel path on 2 goroutines, forced on a model small enough
	// that gonum's pure-Go matrix product stays serial (it allocates when
	// it spawns goroutines).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(n int) { minParallel = n }(minParallel)
	minParallel = 0
	big, _ := rbm.NewBinary(20, 10, &rbm.Init{WeightStd: 0.1})
	bc, _ := NewChains(big, 64, rand.New(rand.NewPCG(1, 1)))
	_ = g.Sample(big, bc, 1)
	if a := testing.AllocsPerRun(20, func() {
		if err := g.Sample(big, bc, 1); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("Gibbs.Sample (parallel) allocates %v times per call", a)
	}
}

// TestBadInput checks errors for mismatched shapes, negative steps and
// nil arguments.
func TestBadInput(t *testing.T) {
	m := smallModel(t)
	other, _ := rbm.NewBinary(4, 3, nil)
	c, _ := NewChains(m, 2, nil)
	g := NewGibbs(1)
	if err := g.Sample(other, c, 1); err == nil {
		t.Error("no error for a model with 4 visible units and chains with 3")
	}
	if err := g.Sample(m, c, -1); err == nil {
		t.Error("no error for negative steps")
	}
	if err := g.Sample(nil, c, 1); err == nil {
		t.Error("no error for nil model")
	}
	if err := new(Gibbs).Sample(m, c, 1); err == nil {
		t.Error("no error for zero Gibbs")
	}
	if _, err := NewChains(m, 0, nil); err == nil {
		t.Error("no error for zero chains")
	}
	if err := c.SetVisible(mat.NewDense(2, 4, nil)); err == nil {
		t.Error("no error for batch of the wrong width")
	}
	if err := c.SetVisible(mat.NewDense(1, 3, []float64{0, math.NaN(), 1})); err == nil {
		t.Error("no error for NaN in batch")
	}
}

// TestRun checks chunking, the observer and cancellation.
func TestRun(t *testing.T) {
	m := smallModel(t)
	c, _ := NewChains(m, 2, nil)
	var seen []int
	err := Run(context.Background(), NewGibbs(1), m, c, 10, 4, func(done int, _ *Chains) error {
		seen = append(seen, done)
		return nil
	})
	if err != nil || len(seen) != 3 || seen[2] != 10 {
		t.Errorf("Run: err %v, observed at %v, want [4 8 10]", err, seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Run(ctx, NewGibbs(1), m, c, 10, 4, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Run with cancelled context: %v", err)
	}
}

// TestGibbsParallelDeterministic checks that a batch large enough to be
// split over goroutines gives the same chains with GOMAXPROCS 1 (one
// goroutine), 2 and 4 (parallel blocks), as the per-block streams promise,
// in both precisions, for Gibbs, Flip and parallel tempering over Gibbs
// (3 temperatures, whose replicas spread the same way), and for
// HiddenProb after Gibbs, with every half-step forced onto the parallel
// path (minParallel 0).
func TestGibbsParallelDeterministic(t *testing.T) {
	old := minParallel
	t.Cleanup(func() { minParallel = old })
	minParallel = 0
	// 150 chains of a 131×97 RBM make two bands (kern.Bands); at this
	// size OpenBLAS's products of 64 and of 150 rows differ in their last
	// bits, so bands that followed the number of cores would show here.
	m, err := rbm.NewBinary(131, 97, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
		m.Precision = p
		for _, kind := range []string{"gibbs", "flip", "tempered", "hiddenprob"} {
			run := func(procs int) *Chains {
				old := runtime.GOMAXPROCS(procs)
				defer runtime.GOMAXPROCS(old)
				c, _ := NewChains(m, 150, rand.New(rand.NewPCG(1, 1)))
				var s Sampler = NewGibbs(7)
				switch kind {
				case "flip":
					f, err := NewFlip(0.5, 7)
					if err != nil {
						t.Fatal(err)
					}
					s = f
				case "tempered":
					pt, err := NewTempered(NewGibbs(7), []float64{1, 0.6, 0.2}, 1, 7)
					if err != nil {
						t.Fatal(err)
					}
					s = pt
				}
				if err := s.Sample(m, c, 3); err != nil {
					t.Fatal(err)
				}
				if kind == "hiddenprob" { // PH = p(h|V) afresh, in bands
					c.PH.Zero()
					if err := c.HiddenProb(m); err != nil {
						t.Fatal(err)
					}
				}
				return c
			}
			a := run(1)
			for _, procs := range []int{2, 4} {
				b := run(procs)
				if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) || !mat.Equal(a.PV, b.PV) || !mat.Equal(a.PH, b.PH) {
					t.Errorf("%v, %s: GOMAXPROCS 1 and %d give different chains", p, kind, procs)
				}
			}
		}
	}
}
