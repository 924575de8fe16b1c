package mcmc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestFloat32Joint checks the float32 samplers by enumeration: 40,000
// independent chains of the 3×3 model of TestGibbsJoint with Precision
// Float32, after 100 steps of Gibbs, of Flip (α = 0.5) or of parallel
// tempering over Gibbs (4 temperatures; its β = 1 chains), are distributed
// as the exact (float64) joint within tvTolerance. Rounding to float32
// changes each conditional probability by at most a few units of 2⁻²⁴
// (≈ 6·10⁻⁸) relative, so it moves the stationary distribution by far
// less than the sampling tolerance (≈ 0.01): the test's tolerance is the
// float64 one unchanged.
func TestFloat32Joint(t *testing.T) {
	m := smallModel(t)
	m.Precision = rbm.Float32
	joint, err := m.ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	flip, err := NewFlip(0.5, 4)
	if err != nil {
		t.Fatal(err)
	}
	betas, _ := UniformBetas(4)
	pt, err := NewTempered(NewGibbs(5), betas, 1, 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		name string
		s    Sampler
	}{{"Gibbs", NewGibbs(3)}, {"Flip", flip}, {"Tempered", pt}} {
		const n = 40000
		c, err := NewChains(m, n, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.s.Sample(m, c, 100); err != nil {
			t.Fatal(err)
		}
		got := make([]float64, len(joint))
		for k := 0; k < n; k++ {
			v, h := rowIndex(t, c.V, k), rowIndex(t, c.H, k)
			got[v|h<<3] += 1.0 / n
		}
		d, tol := tv(joint, got), tvTolerance(joint, n)
		t.Logf("%s float32: TV = %.4f, tolerance %.4f", s.name, d, tol)
		if d > tol {
			t.Errorf("%s float32: TV(exact, sampler) = %.4f > tolerance %.4f", s.name, d, tol)
		}
	}
}

// TestFloat32Probs checks the probabilities a float32 Gibbs step leaves
// in PV against the float64 conditional p(v|H) of the final H, on a
// 60×40 model with weights N(0, 1): the input x_i = Σ_j W_ij h_j + b_i in
// float32 is within (n_h + 1)·2⁻²⁴·(Σ_j |W_ij| + |b_i|) of the exact one
// (one rounding of each parameter and a sum of n_h + 1 terms), σ has slope
// at most ¼, and the float32 sigmoid itself is within 6·2⁻²⁴ of σ (the
// bound of the AVX2 path, internal/kern TestSigmoid; the portable path's
// is 2⁻²³): the test asserts |PV − σ(x)| ≤ ¼·that bound + 6·2⁻²⁴,
// element by element. The
// states must be exactly 0 or 1.
func TestFloat32Probs(t *testing.T) {
	m, err := rbm.NewBinary(60, 40, &rbm.Init{WeightStd: 1, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	m.Precision = rbm.Float32
	c, err := NewChains(m, 50, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if err := NewGibbs(2).Sample(m, c, 3); err != nil {
		t.Fatal(err)
	}
	var x mat.Dense
	x.Mul(c.H, m.W.T())
	nh := float64(m.Hidden())
	worst := 0.0
	for r := 0; r < c.Len(); r++ {
		for i := 0; i < m.Visible(); i++ {
			in := x.At(r, i) + m.B[i]
			mag := math.Abs(m.B[i])
			for j := 0; j < m.Hidden(); j++ {
				mag += math.Abs(m.W.At(i, j))
			}
			tol := 0.25*(nh+1)*0x1p-24*mag + 6*0x1p-24
			d := math.Abs(c.PV.At(r, i) - rbm.Sigmoid(in))
			worst = max(worst, d/tol)
			if d > tol {
				t.Fatalf("chain %d unit %d: PV = %v, σ(x) = %v (tolerance %.3g)", r, i, c.PV.At(r, i), rbm.Sigmoid(in), tol)
			}
			if v := c.V.At(r, i); v != 0 && v != 1 {
				t.Fatalf("chain %d unit %d: state %v", r, i, v)
			}
		}
	}
	t.Logf("largest error / tolerance: %.3f", worst)
}

// TestFloat32Allocs checks that float32 sampling does not allocate in the
// steady state (the float32 copies live in the chains).
func TestFloat32Allocs(t *testing.T) {
	m, err := rbm.NewBinary(50, 30, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m.Precision = rbm.Float32
	c, err := NewChains(m, 40, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	flip, _ := NewFlip(1, 2)
	for _, s := range []Sampler{NewGibbs(1), flip} {
		if err := s.Sample(m, c, 1); err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(20, func() { _ = s.Sample(m, c, 2) }); a != 0 {
			t.Errorf("%T: %v allocations per Sample", s, a)
		}
	}
}

// TestFloat32ZeroSteps checks that a float32 Sample of 0 steps leaves the
// chains (states and probabilities) exactly as they were.
func TestFloat32ZeroSteps(t *testing.T) {
	m, _ := rbm.NewBinary(6, 4, &rbm.Init{WeightStd: 1, Seed: 1})
	m.Precision = rbm.Float32
	c, _ := NewChains(m, 20, rand.New(rand.NewPCG(1, 2)))
	flip, _ := NewFlip(0.5, 2)
	for _, s := range []Sampler{NewGibbs(1), flip} {
		if err := s.Sample(m, c, 2); err != nil {
			t.Fatal(err)
		}
		before := []*mat.Dense{mat.DenseCopyOf(c.V), mat.DenseCopyOf(c.H), mat.DenseCopyOf(c.PV), mat.DenseCopyOf(c.PH)}
		c.PH.Set(0, 0, 0.125) // PH is scratch, but 0 steps must not touch it either
		before[3].Set(0, 0, 0.125)
		if err := s.Sample(m, c, 0); err != nil {
			t.Fatal(err)
		}
		for k, d := range []*mat.Dense{c.V, c.H, c.PV, c.PH} {
			if !mat.Equal(d, before[k]) {
				t.Errorf("%T: matrix %d changed by 0 steps", s, k)
			}
		}
	}
}

// TestSmallModelAllocs checks that the samplers of notebook 01's small
// models (16×16, 100 chains: Gibbs, flip-the-state, and 20-PT₁₀ over
// Gibbs, whose half-steps take the row kernels' whole-block path) do not
// allocate in the steady state, in both precisions.
func TestSmallModelAllocs(t *testing.T) {
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
		m, err := rbm.NewBinary(16, 16, &rbm.Init{WeightStd: 0.5, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m.Precision = p
		c, err := NewChains(m, 100, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		flip, _ := NewFlip(1, 2)
		betas, _ := UniformBetas(20)
		pt, err := NewTempered(NewGibbs(3), betas, 10, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Sampler{NewGibbs(1), flip, pt} {
			if err := s.Sample(m, c, 1); err != nil {
				t.Fatal(err)
			}
			if a := testing.AllocsPerRun(10, func() { _ = s.Sample(m, c, 2) }); a != 0 {
				t.Errorf("%v %T: %v allocations per Sample", p, s, a)
			}
		}
	}
}
