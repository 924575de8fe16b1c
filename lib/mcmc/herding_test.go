package mcmc

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestHerdingFixedPoint checks that with step 0 an update ends in a fixed
// point of the maximisation, which the next update keeps.
func TestHerdingFixedPoint(t *testing.T) {
	m := smallModel(t)
	s, _ := NewHerding(nil, 0, 1, 50)
	c, _ := NewChains(m, 8, rand.New(rand.NewPCG(4, 4)))
	if err := s.Sample(m, c, 1); err != nil {
		t.Fatal(err)
	}
	var x mat.Dense
	m.HiddenInput(&x, c.V)
	for k := 0; k < 8; k++ {
		for j := 0; j < 3; j++ {
			if want := b2f(x.At(k, j) > 0); c.H.At(k, j) != want {
				t.Fatalf("chain %d: h_%d = %v, want %v", k, j, c.H.At(k, j), want)
			}
		}
	}
	m.VisibleInput(&x, c.H)
	for k := 0; k < 8; k++ {
		for i := 0; i < 3; i++ {
			if want := b2f(x.At(k, i) > 0); c.V.At(k, i) != want {
				t.Fatalf("chain %d: v_%d = %v, want %v", k, i, c.V.At(k, i), want)
			}
		}
	}
	v := mat.DenseCopyOf(c.V)
	if err := s.Sample(m, c, 3); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(v, c.V) {
		t.Error("fixed point moved with step 0")
	}
}

// TestHerdingMoments checks herding's moment matching: with ε = α = 1,
// summing the updates gives θ_F(T) = Σ_t (R − S_t), so the mean statistics
// of T samples differ from the rates by exactly θ_F(T)/T (checked to
// 1e-12), and since herding keeps its weights bounded this goes to 0 like
// 1/T: after T = 2000 updates the visible means are within 0.02 of R_b
// (a bounded θ_F of size ≤ 40 would give that; observed much smaller). It
// also checks that herding moves (several distinct samples), unlike the
// maximisation alone.
func TestHerdingMoments(t *testing.T) {
	m := smallModel(t)
	r, _ := NewRates(m, ratesData())
	s, _ := NewHerding(r, 1, 1, 10)
	c, _ := NewChains(m, 1, nil)
	const T = 2000
	mean := make([]float64, 3)
	seen := map[int]bool{}
	for u := 0; u < T; u++ {
		if err := s.Sample(m, c, 1); err != nil {
			t.Fatal(err)
		}
		for i := range mean {
			mean[i] += c.V.At(0, i) / T
		}
		seen[rowIndex(t, c.V, 0)] = true
	}
	for i := range mean {
		if d := (r.B[i] - mean[i]) - s.Fast().B[i]/T; math.Abs(d) > 1e-12 {
			t.Errorf("unit %d: R_b − mean v − θ_F/T = %v", i, d)
		}
		if d := math.Abs(r.B[i] - mean[i]); d > 0.02 {
			t.Errorf("unit %d: mean v = %v, R_b = %v", i, mean[i], r.B[i])
		}
	}
	if len(seen) < 3 {
		t.Errorf("herding visited %d visible states, want several", len(seen))
	}
}
