package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// ratesData returns 6 binary rows of 3 units.
func ratesData() *mat.Dense {
	return mat.NewDense(6, 3, []float64{
		1, 0, 1,
		1, 1, 0,
		0, 0, 1,
		1, 1, 1,
		0, 1, 0,
		1, 0, 0,
	})
}

// TestRates checks the rates against sums written out.
func TestRates(t *testing.T) {
	m := smallModel(t)
	d := ratesData()
	r, err := NewRates(m, d)
	if err != nil {
		t.Fatal(err)
	}
	var mu mat.Dense
	m.HiddenProb(&mu, d)
	for i := 0; i < 3; i++ {
		var sb float64
		for k := 0; k < 6; k++ {
			sb += d.At(k, i) / 6
		}
		if math.Abs(r.B[i]-sb) > 1e-15 {
			t.Errorf("R_b[%d] = %v, want %v", i, r.B[i], sb)
		}
		for j := 0; j < 3; j++ {
			var sw, sc float64
			for k := 0; k < 6; k++ {
				sw += d.At(k, i) * mu.At(k, j) / 6
				sc += mu.At(k, j) / 6
			}
			if math.Abs(r.W.At(i, j)-sw) > 1e-15 || math.Abs(r.C[j]-sc) > 1e-15 {
				t.Errorf("R_W[%d,%d] = %v, R_c[%d] = %v; want %v, %v", i, j, r.W.At(i, j), j, r.C[j], sw, sc)
			}
		}
	}
	if _, err := NewRates(m, mat.NewDense(2, 4, nil)); err == nil {
		t.Error("no error for data of the wrong width")
	}
	if _, err := NewRates(nil, d); err == nil {
		t.Error("no error for nil model")
	}
}

// TestRatesFPCDZeroStep checks that rates-FPCD with ε_F = 0 is Gibbs: the
// same seed gives the same chains after every update, and the fast
// parameters stay 0.
func TestRatesFPCDZeroStep(t *testing.T) {
	m := smallModel(t)
	r, _ := NewRates(m, ratesData())
	s, err := NewRatesFPCD(r, 0, 1, 3, 42)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGibbs(42)
	a, _ := NewChains(m, 20, rand.New(rand.NewPCG(1, 1)))
	b, _ := NewChains(m, 20, rand.New(rand.NewPCG(1, 1)))
	for u := 0; u < 5; u++ {
		if err := s.Sample(m, a, 1); err != nil {
			t.Fatal(err)
		}
		if err := g.Sample(m, b, 3); err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
			t.Fatalf("update %d: rates-FPCD with ε_F = 0 differs from Gibbs", u+1)
		}
	}
	for _, p := range s.Fast().Params() {
		for _, x := range p {
			if x != 0 {
				t.Fatalf("fast parameter %v ≠ 0", x)
			}
		}
	}
}

// TestRatesFPCDUpdate checks one update from θ_F = 0 against
// θ_F = ε(R − S(v⁻)) computed from the chains afterwards (μ⁻ = E[h|v⁻]
// under θ, since θ_F was 0 during the update), a second update with decay
// α, and sample penalisation's zero rates.
func TestRatesFPCDUpdate(t *testing.T) {
	m := smallModel(t)
	r, _ := NewRates(m, ratesData())
	const eps, alpha = 0.1, 0.9
	for _, rates := range []*Rates{r, nil} {
		var s *RatesFPCD
		var err error
		if rates == nil {
			s, err = NewPenalized(eps, alpha, 2, 3)
		} else {
			s, err = NewRatesFPCD(rates, eps, alpha, 2, 3)
		}
		if err != nil {
			t.Fatal(err)
		}
		c, _ := NewChains(m, 10, rand.New(rand.NewPCG(2, 2)))
		if err := s.Sample(m, c, 1); err != nil {
			t.Fatal(err)
		}
		var mu mat.Dense
		m.HiddenProb(&mu, c.V)
		want := func(i, j int) float64 {
			var sw float64
			for k := 0; k < 10; k++ {
				sw += c.V.At(k, i) * mu.At(k, j) / 10
			}
			var rw float64
			if rates != nil {
				rw = rates.W.At(i, j)
			}
			return eps * (rw - sw)
		}
		wantB := func(i int) float64 {
			var sb float64
			for k := 0; k < 10; k++ {
				sb += c.V.At(k, i) / 10
			}
			var rb float64
			if rates != nil {
				rb = rates.B[i]
			}
			return eps * (rb - sb)
		}
		for i := 0; i < 3; i++ {
			if d := math.Abs(s.Fast().B[i] - wantB(i)); d > 1e-14 {
				t.Errorf("rates %v: θ_F.b[%d] = %v, want %v", rates != nil, i, s.Fast().B[i], wantB(i))
			}
			for j := 0; j < 3; j++ {
				if d := math.Abs(s.Fast().W.At(i, j) - want(i, j)); d > 1e-14 {
					t.Errorf("rates %v: θ_F.W[%d,%d] = %v, want %v", rates != nil, i, j, s.Fast().W.At(i, j), want(i, j))
				}
			}
		}
		// PH is μ⁻ of the final state.
		if !mat.EqualApprox(&mu, c.PH, 1e-12) {
			t.Errorf("PH is not E[h|v⁻]")
		}
		before := s.Fast().B[0]
		if err := s.Sample(m, c, 1); err != nil {
			t.Fatal(err)
		}
		var sb float64
		for k := 0; k < 10; k++ {
			sb += c.V.At(k, 0) / 10
		}
		var rb float64
		if rates != nil {
			rb = rates.B[0]
		}
		if got, w := s.Fast().B[0], alpha*before+eps*(rb-sb); math.Abs(got-w) > 1e-14 {
			t.Errorf("rates %v: second update θ_F.b[0] = %v, want %v", rates != nil, got, w)
		}
		s.Reset()
		if s.Fast().B[0] != 0 {
			t.Error("Reset left fast parameters")
		}
	}
}

// TestRatesBadInput checks constructor and Sample errors.
func TestRatesBadInput(t *testing.T) {
	for i, f := range []func() error{
		func() error { _, err := NewRatesFPCD(nil, -1, 1, 1, 1); return err },
		func() error { _, err := NewRatesFPCD(nil, 1, 1.5, 1, 1); return err },
		func() error { _, err := NewRatesFPCD(nil, math.NaN(), 1, 1, 1); return err },
		func() error { _, err := NewPenalized(0.1, 1, 1, 1); return err },
		func() error { _, err := NewHerding(nil, -1, 1, 1); return err },
		func() error { _, err := NewHerding(nil, 1, -0.5, 1); return err },
		func() error { return new(RatesFPCD).Sample(nil, nil, 1) },
		func() error { return new(Herding).Sample(nil, nil, 1) },
	} {
		if f() == nil {
			t.Errorf("case %d: no error", i)
		}
	}
	m := smallModel(t)
	big, _ := rbm.NewBinary(4, 3, nil)
	r, _ := NewRates(big, mat.NewDense(1, 4, nil))
	s, _ := NewRatesFPCD(r, 0.1, 1, 1, 1)
	chains, _ := NewChains(m, 2, nil)
	h, _ := NewHerding(r, 1, 1, 1)
	mv, mh := m.Visible(), m.Hidden()
	shape := fmt.Sprintf("rates are for 4×3 units, model has %d×%d", mv, mh)
	for _, c := range []struct {
		name   string
		sample func(*rbm.Binary, *Chains, int) error
	}{{"RatesFPCD", s.Sample}, {"Herding", h.Sample}} {
		if err := c.sample(m, chains, 1); err == nil || err.Error() != "mcmc: "+c.name+".Sample: "+shape {
			t.Errorf("%s, rates of another shape: error %v, want one saying %q", c.name, err, shape)
		}
		if err := c.sample(m, chains, -1); err == nil || !strings.Contains(err.Error(), c.name+".Sample: negative number of steps -1") {
			t.Errorf("%s, steps -1: error %v", c.name, err)
		}
	}
}
