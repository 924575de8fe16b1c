package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// uniformModel returns an nv×nh RBM with weights uniform in [−c, c] and
// biases uniform in [−cb, cb], drawn from rng.
func uniformModel(t *testing.T, nv, nh int, c, cb float64, rng *rand.Rand) *rbm.Binary {
	t.Helper()
	m, err := rbm.NewBinary(nv, nh, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.W.RawMatrix().Data {
		m.W.RawMatrix().Data[i] = c * (2*rng.Float64() - 1)
	}
	for i := range m.B {
		m.B[i] = cb * (2*rng.Float64() - 1)
	}
	for j := range m.C {
		m.C[j] = cb * (2*rng.Float64() - 1)
	}
	return m
}

// primitive reports whether the non-negative square matrix p is primitive
// (irreducible and aperiodic): some power of it is strictly positive. By
// Wielandt's theorem it suffices to look at P^k with k ≥ (n−1)²+1; once a
// power of a stochastic matrix is positive every higher power is too, so
// the test squares the zero pattern until the exponent passes that bound.
func primitive(p *mat.Dense) bool {
	n, _ := p.Dims()
	b := make([]bool, n*n)
	for i := range b {
		b[i] = p.RawMatrix().Data[i] > 0
	}
	c := make([]bool, n*n)
	for k := 1; k < (n-1)*(n-1)+1; k *= 2 {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				var any bool
				for l := 0; l < n && !any; l++ {
					any = b[i*n+l] && b[l*n+j]
				}
				c[i*n+j] = any
			}
		}
		b, c = c, b
	}
	for _, x := range b {
		if !x {
			return false
		}
	}
	return true
}

// checkOperator asserts that P is row-stochastic, leaves the exact joint
// distribution of m invariant to 1e-12, is primitive, and that Stationary
// recovers the joint distribution.
func checkOperator(t *testing.T, name string, m *rbm.Binary, p *mat.Dense) {
	t.Helper()
	joint, err := m.ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	n, _ := p.Dims()
	for i := 0; i < n; i++ {
		var s float64
		for _, x := range p.RawRowView(i) {
			if x < 0 || x > 1 {
				t.Fatalf("%s: entry %v in row %d", name, x, i)
			}
			s += x
		}
		if math.Abs(s-1) > 1e-12 {
			t.Fatalf("%s: row %d sums to %v", name, i, s)
		}
	}
	var pi mat.VecDense
	pi.MulVec(p.T(), mat.NewVecDense(n, joint))
	for k := range joint {
		if d := math.Abs(pi.AtVec(k) - joint[k]); d > 1e-12 {
			t.Fatalf("%s: (πP)_%d − π_%d = %v", name, k, k, d)
		}
	}
	if !primitive(p) {
		t.Fatalf("%s: not irreducible and aperiodic", name)
	}
	st, err := Stationary(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for k := range joint {
		if d := math.Abs(st[k] - joint[k]); d > 1e-10 {
			t.Fatalf("%s: stationary_%d − π_%d = %v", name, k, k, d)
		}
	}
}

// TestTransitionMatrices checks G, T and T_α (α = ½) on random RBMs of
// 1×1 to 4×4 units, on RBMs whose inputs are all exactly zero (the tie
// rule: there T = G), and on an RBM where only some inputs are zero.
func TestTransitionMatrices(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var models []*rbm.Binary
	for _, sz := range [][2]int{{1, 1}, {2, 2}, {2, 3}, {3, 3}, {4, 4}} {
		models = append(models, uniformModel(t, sz[0], sz[1], 3, 1, rng))
	}
	zero, _ := rbm.NewBinary(3, 2, nil)
	models = append(models, zero)
	// Half ties: zero biases and a weight matrix with a zero column.
	part := uniformModel(t, 2, 3, 2, 0, rng)
	part.W.Set(0, 1, 0)
	part.W.Set(1, 1, 0)
	models = append(models, part)
	for mi, m := range models {
		for _, a := range []float64{0, 0.5, 1} {
			p, err := TransitionMatrix(m, a)
			if err != nil {
				t.Fatal(err)
			}
			checkOperator(t, fmt.Sprintf("model %d, alpha %v", mi, a), m, p)
		}
	}
	// With all inputs zero, T = G exactly (the tie rule is Gibbs' ½).
	g, _ := TransitionMatrix(zero, 0)
	f, _ := TransitionMatrix(zero, 1)
	if !mat.Equal(g, f) {
		t.Error("zero model: T differs from G")
	}
}

// TestTieRule checks the tie rule on a 1×1 RBM with zero parameters: T
// takes ½ for x = 0, so T = G mixes in one step (SLEM 0). Without the rule
// (flip with probability min(e^0, 1) = 1) each unit would alternate
// deterministically, a period-2 chain; SLEM reports 1 for such a chain.
func TestTieRule(t *testing.T) {
	m, _ := rbm.NewBinary(1, 1, nil)
	p, _ := TransitionMatrix(m, 1)
	s, err := SLEM(p)
	if err != nil {
		t.Fatal(err)
	}
	if s > 1e-12 {
		t.Errorf("zero 1×1 RBM: SLEM(T) = %v, want 0", s)
	}
	per := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	if s, _ := SLEM(per); math.Abs(s-1) > 1e-12 {
		t.Errorf("SLEM of a period-2 chain = %v, want 1", s)
	}
}

// TestSLEMFlipVsGibbs compares the SLEM of T and G on 50 random 3×3 RBMs
// with zero biases and weights uniform in [−c, c], as the flip paper's
// Fig. 3 does. With c = 6 (large weights) T should have the smaller SLEM
// for most RBMs; with c = 0.2 (weights near zero) G should.
//
// Margin: if the operators were equally good, the count X of RBMs where
// one wins would be Binomial(50, ½), mean 25 and standard deviation
// sqrt(50/4) = 3.54. We require X ≥ 25 + 3·3.54 ≈ 36, which a fair coin
// passes with probability about 1e-3 (normal approximation); a majority
// that clears it is evidence, not chance. (The paper's Fig. 3 shows the
// fraction where T wins growing with c and with the size; with this seed
// T wins for 40 of 50 RBMs at c = 6 and G for 50 of 50 at c = 0.2.)
func TestSLEMFlipVsGibbs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n, need = 50, 36
	for _, tc := range []struct {
		c        float64
		flipWins bool
	}{{6, true}, {0.2, false}} {
		var wins int
		for k := 0; k < n; k++ {
			m := uniformModel(t, 3, 3, tc.c, 0, rng)
			g, err := TransitionMatrix(m, 0)
			if err != nil {
				t.Fatal(err)
			}
			f, err := TransitionMatrix(m, 1)
			if err != nil {
				t.Fatal(err)
			}
			sg, err := SLEM(g)
			if err != nil {
				t.Fatal(err)
			}
			sf, err := SLEM(f)
			if err != nil {
				t.Fatal(err)
			}
			if (sf < sg) == tc.flipWins {
				wins++
			}
		}
		t.Logf("c = %v: the expected operator wins for %d of %d RBMs", tc.c, wins, n)
		if wins < need {
			t.Errorf("c = %v: expected operator (flip: %v) has the smaller SLEM for only %d of %d RBMs, want ≥ %d", tc.c, tc.flipWins, wins, n, need)
		}
	}
}

// TestTransitionBadInput checks the errors of TransitionMatrix, SLEM and
// Stationary.
func TestTransitionBadInput(t *testing.T) {
	big, _ := rbm.NewBinary(5, 4, nil)
	if _, err := TransitionMatrix(big, 0); err == nil {
		t.Error("no error for 9 units")
	}
	small, _ := rbm.NewBinary(2, 2, nil)
	for _, a := range []float64{-0.1, 1.1, math.NaN()} {
		if _, err := TransitionMatrix(small, a); err == nil {
			t.Errorf("no error for alpha %v", a)
		}
	}
	if _, err := TransitionMatrix(nil, 0); err == nil {
		t.Error("no error for nil model")
	}
	if _, err := SLEM(mat.NewDense(2, 3, nil)); err == nil {
		t.Error("SLEM: no error for 2×3")
	}
	if _, err := Stationary(mat.NewDense(2, 2, []float64{1, 0, 0, 1})); err == nil {
		t.Error("Stationary: no error for the identity (every distribution is stationary)")
	}
}
