package mcmc

import (
	"fmt"
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
			checkJointAt(t, fmt.Sprintf("%T", base), m, betas[tc.i], tc.c)
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

// plainSampler hides the type of a sampler, so that Tempered takes its
// generic path (base.Sample on scaled models, energies by a product)
// instead of the one it uses for a *Gibbs.
type plainSampler struct{ s Sampler }

func (p plainSampler) Sample(m *rbm.Binary, c *Chains, steps int) error {
	return p.s.Sample(m, c, steps)
}

// TestTemperedEnergies checks the input of the swap criterion: after a
// few transitions, the energy Tempered holds for every chain of every
// replica (swapped along with the states) equals E(v, h) of the chain's
// state under the untempered model, computed by rbm.Binary.Energy, to
// rounding (relative 1e-12: sums of a few thousand terms of size ≤ 1). It
// runs the Gibbs path (energies from the last visible half-step; 300
// visible units, more than one chunk of its buffer), the generic path (a
// Gibbs sampler behind an interface, and Flip), with k = 1 and 2, and with
// the half-steps forced onto the worker pool.
func TestTemperedEnergies(t *testing.T) {
	defer func(n int) { minParallel = n }(minParallel)
	m := uniformModel(t, 300, 7, 0.2, 1, rand.New(rand.NewPCG(2, 9)))
	betas := []float64{1, 0.7, 0.3, 0}
	for _, par := range []int{1 << 30, 0} {
		minParallel = par
		for _, k := range []int{1, 2} {
			for _, base := range []Sampler{NewGibbs(3), plainSampler{NewGibbs(3)}, mustFlip(t, 1, 3)} {
				pt, err := NewTempered(base, betas, k, 4)
				if err != nil {
					t.Fatal(err)
				}
				c, _ := NewChains(m, 40, rand.New(rand.NewPCG(5, 5)))
				if err := pt.Sample(m, c, 3); err != nil {
					t.Fatal(err)
				}
				for i := range betas {
					ci := pt.Replica(i)
					if i == 0 {
						ci = c
					}
					for r := 0; r < ci.Len(); r++ {
						want := m.Energy(ci.V.RawRowView(r), ci.H.RawRowView(r))
						if got := pt.energy[i][r]; math.Abs(got-want) > 1e-12*(1+math.Abs(want)) {
							t.Fatalf("%T, k = %d, β = %v, chain %d: energy %v, E(v, h) = %v", base, k, betas[i], r, got, want)
						}
					}
				}
				if _, acc := pt.Swaps(); acc[0] == 0 || acc[2] == 0 {
					t.Errorf("%T, k = %d: no swaps accepted (%v): the states did not move between replicas", base, k, acc)
				}
			}
		}
	}
}

// TestTemperedGibbsPath checks that the Gibbs path of Tempered (untempered
// products, β applied to the inputs, energies from the last half-step) is
// the same Markov chain as the generic path on the same Gibbs sampler
// (scaled copies of the model, energies by a product): from the same seeds
// the two give the same states in every replica and the same swap
// decisions. Their conditionals and energies differ only by rounding
// (about 1e-16), so a draw or swap decision could differ only if a uniform
// fell within that distance of its threshold: with about 10⁶ draws, a
// chance near 1e-10. A wrong swap criterion or a wrong temperature in either
// path changes the states after a few transitions. It also requires that
// some swaps are rejected and some accepted, so that the criterion decides.
func TestTemperedGibbsPath(t *testing.T) {
	m := uniformModel(t, 20, 12, 0.5, 0.5, rand.New(rand.NewPCG(6, 1)))
	betas := []float64{1, 0.6, 0.25, 0}
	for _, k := range []int{1, 3} {
		var cs [2]*Chains
		var pts [2]*Tempered
		for a, base := range []Sampler{NewGibbs(11), plainSampler{NewGibbs(11)}} {
			pt, err := NewTempered(base, betas, k, 12)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := NewChains(m, 70, rand.New(rand.NewPCG(13, 13)))
			if err := pt.Sample(m, c, 40); err != nil {
				t.Fatal(err)
			}
			cs[a], pts[a] = c, pt
		}
		for i := range betas {
			a, b := pts[0].Replica(i), pts[1].Replica(i)
			if i == 0 {
				a, b = cs[0], cs[1]
			}
			if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
				t.Errorf("k = %d, β = %v: the Gibbs path and the generic path give different states", k, betas[i])
			}
			if !mat.EqualApprox(a.PV, b.PV, 1e-12) || !mat.EqualApprox(a.PH, b.PH, 1e-12) {
				t.Errorf("k = %d, β = %v: the Gibbs path and the generic path give different conditionals", k, betas[i])
			}
		}
		prop0, acc0 := pts[0].Swaps()
		prop1, acc1 := pts[1].Swaps()
		for i := range acc0 {
			if acc0[i] != acc1[i] || prop0[i] != prop1[i] {
				t.Errorf("k = %d, pair %d: %d of %d swaps accepted on the Gibbs path, %d of %d on the generic path", k, i, acc0[i], prop0[i], acc1[i], prop1[i])
			}
			if acc0[i] == 0 || acc0[i] == prop0[i] {
				t.Errorf("k = %d, pair %d: %d of %d swaps accepted; the criterion did not decide", k, i, acc0[i], prop0[i])
			}
		}
	}
}

// checkJointAt asserts that the n chains of c, a 3×3 model m's samples at
// inverse temperature beta, are within tvTolerance of the exact joint of
// βm in total variation; label names the case.
func checkJointAt(t *testing.T, label string, m *rbm.Binary, beta float64, c *Chains) {
	t.Helper()
	exact, err := scaled(m, beta).ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	n := c.Len()
	got := make([]float64, 64)
	for k := 0; k < n; k++ {
		got[rowIndex(t, c.V, k)|rowIndex(t, c.H, k)<<3] += 1.0 / float64(n)
	}
	d, tol := tv(exact, got), tvTolerance(exact, n)
	t.Logf("%s, β = %.3f: TV = %.4f, tolerance %.4f", label, beta, d, tol)
	if d > tol {
		t.Errorf("%s, β = %.3f: TV = %.4f > %.4f", label, beta, d, tol)
	}
}

// TestAcceptIsSwapProb checks that the swaps' test without the
// exponential, accept, decides as u < swapProb for exponents of either
// sign, 0, tiny ones (whose exponential rounds to 1), huge ones, infinite
// and NaN energies, and uniforms from 0 to just below 1.
func TestAcceptIsSwapProb(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	es := []float64{0, 1e-300, -1e-300, 1e-17, -1e-17, 1, -1, 700, -700, 1e300, math.Inf(1), math.Inf(-1), math.NaN()}
	us := []float64{0, 0.5, math.Nextafter(1, 0), 1e-300}
	for range 20000 {
		es = append(es, 50*rng.NormFloat64())
		us = append(us, rng.Float64())
	}
	for n := range 200000 {
		bi, bj := rng.Float64(), rng.Float64()
		ei, ej := es[rng.IntN(len(es))], es[rng.IntN(len(es))]
		u := us[n%len(us)]
		if got, want := accept(u, bi, bj, ei, ej), u < swapProb(bi, bj, ei, ej); got != want {
			t.Fatalf("accept(%v, %v, %v, %v, %v) = %v, u < swapProb gives %v", u, bi, bj, ei, ej, got, want)
		}
	}
}

// TestTemperedReplicasFollowPrecision checks that the scaled replicas
// β_i·θ of parallel tempering over a base sampler other than Gibbs take
// the model's precision at every call: set to Float32 after a first call
// in Float64, the replicas sample in float32 too (they were clones made at
// the first call, and kept its precision).
func TestTemperedReplicasFollowPrecision(t *testing.T) {
	m, err := rbm.NewBinary(6, 4, &rbm.Init{WeightStd: 1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewFlip(1, 3)
	if err != nil {
		t.Fatal(err)
	}
	pt, err := NewTempered(f, []float64{1, 0.5, 0.2}, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChains(m, 20, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32, rbm.Float64} {
		m.Precision = p
		if err := pt.Sample(m, c, 2); err != nil {
			t.Fatal(err)
		}
		for i, mi := range pt.models[1:] {
			if mi.Precision != p {
				t.Errorf("model in %v: replica %d samples in %v", p, i+1, mi.Precision)
			}
		}
	}
}
