package learn

import (
	"context"
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestL1FiniteDifferences checks the L1 and L2 terms of SGD against
// central finite differences of the penalised objective
//
//	J(θ) = ℓ(θ) − λ₁ Σ|W_ij| − (λ₂/2) Σ W_ij²
//
// on a 3×2 RBM whose weights are all at least 0.3 away from 0, with ℓ the
// exact mean log-likelihood of 4 rows. One plain step (no momentum) of
// rate ε = 1e-3 along the exact gradient of ℓ moves every parameter by ε
// times ∂J/∂θ exactly, since no weight crosses 0 (|ε ∂J/∂W| < 0.01); the
// step divided by ε is compared with (J(θ + h e) − J(θ − h e))/(2h),
// h = 1e-5, whose truncation error is h²/6 times a third derivative
// (below 1e-9 here) and whose rounding error is about 1e-16·|J|/h ≈ 1e-10.
// The step's own rounding, 1e-16/ε relative to the weights, is 1e-13. So
// 1e-7 leaves a wide margin, and still catches a penalty of the wrong
// sign or size (λ₁ = 0.3 changes the derivative by 0.3), or one applied
// to the biases.
func TestL1FiniteDifferences(t *testing.T) {
	m, _ := rbm.NewBinary(3, 2, nil)
	copy(m.W.RawMatrix().Data, []float64{0.8, -0.5, -1.1, 0.3, 0.6, -0.9})
	copy(m.B, []float64{0.2, -0.4, 0.1})
	copy(m.C, []float64{-0.3, 0.5})
	x := mat.NewDense(4, 3, []float64{1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1})
	const l1, l2, eps, h = 0.3, 0.2, 1e-3, 1e-5
	J := func(m *rbm.Binary) float64 {
		ll, err := m.LogLikelihood(x)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range m.W.RawMatrix().Data {
			ll -= l1*math.Abs(w) + l2/2*w*w
		}
		return ll
	}
	g, err := m.ExactGradient(x)
	if err != nil {
		t.Fatal(err)
	}
	stepped := m.Clone()
	if err := (&SGD{Rate: eps, WeightDecay: l2, L1: l1}).Step(stepped, &Grad{Parts: g}); err != nil {
		t.Fatal(err)
	}
	before, after := m.Params(), stepped.Params()
	for k := range before {
		for i := range before[k] {
			got := (after[k][i] - before[k][i]) / eps
			p, q := m.Clone(), m.Clone()
			p.Params()[k][i] += h
			q.Params()[k][i] -= h
			want := (J(p) - J(q)) / (2 * h)
			if math.Abs(got-want) > 1e-7 {
				t.Errorf("parameter slice %d, element %d: step/ε = %.10f, ∂J/∂θ by finite differences %.10f", k, i, got, want)
			}
		}
	}
}

// TestL1AtZero checks what the L1 step does at and across 0, where J has
// no derivative: soft thresholding. With a zero gradient, rate 0.1 and
// λ₁ = 1, each step moves a weight 0.1 toward 0 and stops it at exactly 0,
// never past (0.25 → 0.15 → 0.05 → 0 → 0, and −0.25 likewise; 0.05 → 0 at
// once); the biases do not move. With a gradient smaller than λ₁ in size
// (0.6, of either sign), a weight at 0 stays exactly 0 for 100 steps
// (0 is the minimum of the penalised objective along it), while without
// the penalty the same steps move it to ±6.
func TestL1AtZero(t *testing.T) {
	m, _ := rbm.NewBinary(4, 1, nil)
	copy(m.W.RawMatrix().Data, []float64{0.25, -0.25, 0.05, 0})
	m.B[0] = 0.5
	zero := NewGrad(m)
	o := &SGD{Rate: 0.1, L1: 1}
	want := [][]float64{{0.15, -0.15, 0, 0}, {0.05, -0.05, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}
	for step, w := range want {
		if err := o.Step(m, zero); err != nil {
			t.Fatal(err)
		}
		for i, x := range m.W.RawMatrix().Data {
			if math.Abs(x-w[i]) > 1e-15 || (w[i] == 0 && x != 0) {
				t.Errorf("step %d: weight %d is %v, want %v", step+1, i, x, w[i])
			}
		}
	}
	if m.B[0] != 0.5 {
		t.Errorf("bias moved to %v", m.B[0])
	}
	for _, l1 := range []float64{1, 0} {
		m, _ := rbm.NewBinary(2, 1, nil)
		g := NewGrad(m)
		copy(g.Parts[0], []float64{0.6, -0.6})
		o := &SGD{Rate: 0.1, L1: l1}
		for range 100 {
			if err := o.Step(m, g); err != nil {
				t.Fatal(err)
			}
		}
		w := m.W.RawMatrix().Data
		if l1 > 0 && (w[0] != 0 || w[1] != 0) {
			t.Errorf("λ₁ = 1, |g| = 0.6: weights left 0: %v", w)
		}
		if l1 == 0 && (math.Abs(w[0]-6) > 1e-9 || math.Abs(w[1]+6) > 1e-9) {
			t.Errorf("no penalty: weights %v, want [6 -6]", w)
		}
	}
}

// TestTrainL1 checks that Settings.L1 reaches the optimiser: CD-1 on 3×3
// Bars and Stripes from weights N(0, 0.5²) with λ₁ = 0.03 leaves some
// weights exactly 0 and the model still learns (the exact log-likelihood
// rises from the initial model's), while the same run without the penalty
// leaves none at 0. A weight is exactly 0 after the last update only if
// that update's noisy gradient lands within λ₁ of w/ε (soft thresholding),
// so one run can end with none at 0 by chance (sampler seed 1 does, about
// one run in 16 here; the others end with 16 to 64): the runs with the
// penalty use three sampler seeds and the test asks for zeros in their
// total. A negative L1 is refused.
func TestTrainL1(t *testing.T) {
	set := barsAndStripes()
	zeros := map[float64]int{}
	for _, l1 := range []float64{0, 0.03} {
		for seed := uint64(1); seed <= 3; seed++ {
			m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.5, Seed: 1})
			ll0, _ := m.LogLikelihood(set.X)
			if _, err := Train(context.Background(), m, set, NewCD(1, mcmc.NewGibbs(seed)), &Settings{Updates: 2000, Rate: 0.1, L1: l1}); err != nil {
				t.Fatal(err)
			}
			ll, _ := m.LogLikelihood(set.X)
			z := 0
			for _, w := range m.W.RawMatrix().Data {
				if w == 0 {
					z++
				}
			}
			zeros[l1] += z
			t.Logf("λ₁ = %v, seed %d: %d of 144 weights are 0; log-likelihood %.3f (initial %.3f)", l1, seed, z, ll, ll0)
			if !(ll > ll0) {
				t.Errorf("λ₁ = %v, seed %d: log-likelihood %.3f not above the initial %.3f", l1, seed, ll, ll0)
			}
		}
	}
	if zeros[0] != 0 || zeros[0.03] == 0 {
		t.Errorf("weights at 0 in three runs: %d without the penalty, %d with it", zeros[0], zeros[0.03])
	}
	if _, err := Train(context.Background(), randomModel(9, 4, 1), set, NewCD(1, nil), &Settings{L1: -1}); err == nil {
		t.Error("negative L1 accepted")
	}
}
