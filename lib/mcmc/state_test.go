package mcmc

import (
	"encoding"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// stateful is a sampler that saves its state.
type stateful interface {
	Sampler
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

func sameChains(t *testing.T, what string, a, b *Chains) {
	t.Helper()
	for k, pair := range [][2][]float64{
		{a.V.RawMatrix().Data, b.V.RawMatrix().Data},
		{a.H.RawMatrix().Data, b.H.RawMatrix().Data},
		{a.PV.RawMatrix().Data, b.PV.RawMatrix().Data},
		{a.PH.RawMatrix().Data, b.PH.RawMatrix().Data},
	} {
		if len(pair[0]) != len(pair[1]) {
			t.Fatalf("%s: matrix %d has %d and %d elements", what, k, len(pair[0]), len(pair[1]))
		}
		for i := range pair[0] {
			if math.Float64bits(pair[0][i]) != math.Float64bits(pair[1][i]) {
				t.Fatalf("%s: matrix %d (V, H, PV, PH) element %d: %v, want %v", what, k, i, pair[1][i], pair[0][i])
			}
		}
	}
}

// TestSamplerStateContinues runs each saving sampler 3 steps on 40 chains
// (three blocks of random streams), saves it and its chains, runs 5 more
// steps; a sampler made again with the same settings and given the saved
// state and chains runs the same 5 steps bit for bit, and one made
// without the state does not.
func TestSamplerStateContinues(t *testing.T) {
	m := smallModel(t)
	betas, _ := UniformBetas(4)
	data := mat.NewDense(4, 3, []float64{1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1})
	rates, err := NewRates(m, data)
	if err != nil {
		t.Fatal(err)
	}
	makers := map[string]func() stateful{
		"gibbs": func() stateful { return NewGibbs(3) },
		"flip": func() stateful {
			f, _ := NewFlip(0.7, 3)
			return f
		},
		"tempered gibbs": func() stateful {
			p, _ := NewTempered(NewGibbs(3), betas, 2, 4)
			return p
		},
		"tempered flip": func() stateful {
			f, _ := NewFlip(1, 3)
			p, _ := NewTempered(f, betas, 1, 4)
			return p
		},
		"rates-fpcd": func() stateful {
			s, _ := NewRatesFPCD(rates, 0.05, 0.95, 2, 5)
			return s
		},
		"penalized": func() stateful {
			s, _ := NewPenalized(0.05, 0.9, 1, 6)
			return s
		},
		"herding": func() stateful {
			s, _ := NewHerding(rates, 0.1, 1, 5)
			return s
		},
	}
	for name, mk := range makers {
		s := mk()
		c, err := NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Sample(m, c, 3); err != nil {
			t.Fatal(err)
		}
		state, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		cs, err := c.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Sample(m, c, 5); err != nil {
			t.Fatal(err)
		}
		for _, restore := range []bool{true, false} {
			s2 := mk()
			if restore {
				if err := s2.UnmarshalBinary(state); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			c2 := new(Chains)
			if err := c2.UnmarshalBinary(cs); err != nil {
				t.Fatal(err)
			}
			if err := s2.Sample(m, c2, 5); err != nil {
				t.Fatal(err)
			}
			if restore {
				sameChains(t, name, c, c2)
				continue
			}
			// Without the state the streams start over: the chains
			// must differ, or the test could not tell.
			differ := false
			for i, x := range c.V.RawMatrix().Data {
				differ = differ || x != c2.V.RawMatrix().Data[i]
			}
			if !differ {
				t.Errorf("%s: a sampler without the saved state ran the same steps: the test cannot tell", name)
			}
		}
	}
}

// TestGaussianSamplerStateContinues is TestSamplerStateContinues for the
// Gaussian-Bernoulli samplers, whose adapted step and acceptance counts
// are state too.
func TestGaussianSamplerStateContinues(t *testing.T) {
	g, err := rbm.NewGaussian(3, 2, &rbm.Init{WeightStd: 0.5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	type gstateful interface {
		GaussianSampler
		encoding.BinaryMarshaler
		encoding.BinaryUnmarshaler
	}
	makers := map[string]func() gstateful{
		"gauss-gibbs": func() gstateful { return NewGaussGibbs(1) },
		"langevin": func() gstateful {
			s := NewLangevin(0.2, true, 2)
			s.TargetAccept, s.AdaptSteps = 0.5, 2
			return s
		},
		"gibbs-langevin": func() gstateful {
			s := NewGibbsLangevin(0.2, 3, true, 3)
			s.TargetAccept, s.AdaptSteps = 0.5, 2
			return s
		},
	}
	for name, mk := range makers {
		s := mk()
		c, err := NewGaussianChains(g, 20, rand.New(rand.NewPCG(1, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SampleGaussian(g, c, 3); err != nil {
			t.Fatal(err)
		}
		state, _ := s.MarshalBinary()
		cs, _ := c.MarshalBinary()
		if err := s.SampleGaussian(g, c, 4); err != nil {
			t.Fatal(err)
		}
		s2 := mk()
		if err := s2.UnmarshalBinary(state); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		c2 := new(Chains)
		if err := c2.UnmarshalBinary(cs); err != nil {
			t.Fatal(err)
		}
		if err := s2.SampleGaussian(g, c2, 4); err != nil {
			t.Fatal(err)
		}
		sameChains(t, name, c, c2)
	}
}

// TestSamplerStateMismatch checks that a state restored into a sampler
// made with other settings, or a malformed state, is refused with an
// error naming what differs, leaving the sampler usable.
func TestSamplerStateMismatch(t *testing.T) {
	betas, _ := UniformBetas(4)
	other, _ := UniformBetas(5)
	g := NewGibbs(3)
	gs, _ := g.MarshalBinary()
	f, _ := NewFlip(0.5, 3)
	fs, _ := f.MarshalBinary()
	p, _ := NewTempered(NewGibbs(3), betas, 1, 4)
	ps, _ := p.MarshalBinary()
	c, _ := NewChains(smallModel(t), 4, nil)
	cs, _ := c.MarshalBinary()
	cases := []struct {
		name  string
		into  encoding.BinaryUnmarshaler
		state []byte
		want  string
	}{
		{"gibbs seed", NewGibbs(4), gs, "seed (at byte"},
		{"flip alpha", mustFlip(t, 0.6, 3), fs, "alpha"},
		{"gibbs into flip", mustFlip(t, 0.5, 3), gs, `state of "mcmc.Gibbs/1", want "mcmc.Flip/1"`},
		{"tempered betas", mustTempered(t, NewGibbs(3), other, 1, 4), ps, "inverse temperatures"},
		{"tempered k", mustTempered(t, NewGibbs(3), betas, 2, 4), ps, "base steps"},
		{"tempered base seed", mustTempered(t, NewGibbs(5), betas, 1, 4), ps, "base sampler"},
		{"truncated", NewGibbs(3), gs[:len(gs)-3], "truncated"},
		{"chains truncated", new(Chains), cs[:len(cs)-1], "4×3 matrix does not fit"},
	}
	for _, k := range cases {
		err := k.into.UnmarshalBinary(k.state)
		if err == nil || !strings.Contains(err.Error(), k.want) {
			t.Errorf("%s: error %v, want one containing %q", k.name, err, k.want)
		}
	}
	// A user's base sampler cannot be saved: Tempered names it.
	pu, _ := NewTempered(struct{ Sampler }{NewGibbs(1)}, betas, 1, 4)
	if _, err := pu.MarshalBinary(); err == nil || !strings.Contains(err.Error(), "cannot save its state") {
		t.Errorf("Tempered over a user's sampler: %v", err)
	}
}

func mustTempered(t *testing.T, base Sampler, betas []float64, k int, seed uint64) *Tempered {
	t.Helper()
	p, err := NewTempered(base, betas, k, seed)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
