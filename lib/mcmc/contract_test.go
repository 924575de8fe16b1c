package mcmc_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/samplertest"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// scribble fills PV and PH with NaN: what a sampler of one's own may leave
// in them, since they are scratch (Sampler, GaussianSampler).
func scribble(c *mcmc.Chains) {
	for _, d := range []*mat.Dense{c.PV, c.PH} {
		raw := d.RawMatrix()
		for i := range raw.Data {
			raw.Data[i] = math.NaN()
		}
	}
}

// TestSamplersReadOnlyTheState checks the other half of the Sampler and
// GaussianSampler contracts, from outside the package: every sampler of
// package mcmc starts each call from the states V and H alone. Two
// identical sets of chains are advanced by two identical samplers, call by
// call; before every call, a user's code moves the visible states of both
// the same way (a single-site Metropolis sweep for the binary samplers,
// a shift for the Gaussian ones) and, on the second set only, scribbles
// NaN into PV and PH. The states must stay identical bit for bit, and
// finite: nothing a sampler reads at the start of a call may come from PV
// or PH.
func TestSamplersReadOnlyTheState(t *testing.T) {
	m := samplertest.Tiny(t)
	binary := map[string]func() mcmc.Sampler{
		"gibbs": func() mcmc.Sampler { return mcmc.NewGibbs(1) },
		"flip":  func() mcmc.Sampler { f, _ := mcmc.NewFlip(0.7, 1); return f },
		"tempered-gibbs": func() mcmc.Sampler {
			p, _ := mcmc.NewTempered(mcmc.NewGibbs(1), []float64{1, 0.5, 0}, 2, 1)
			return p
		},
		"tempered-flip": func() mcmc.Sampler {
			f, _ := mcmc.NewFlip(1, 1)
			p, _ := mcmc.NewTempered(f, []float64{1, 0.5}, 2, 1)
			return p
		},
		"herding": func() mcmc.Sampler { h, _ := mcmc.NewHerding(nil, 0.1, 0.9, 5); return h },
		"penalized": func() mcmc.Sampler {
			p, _ := mcmc.NewPenalized(0.05, 0.9, 1, 1)
			return p
		},
	}
	for name, mk := range binary {
		a, _ := mcmc.NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
		b, _ := mcmc.NewChains(m, 40, rand.New(rand.NewPCG(1, 1)))
		sa, sb := mk(), mk()
		ua, ub := samplertest.NewMetropolis(2), samplertest.NewMetropolis(2)
		for call := 0; call < 5; call++ {
			if err := ua.Sample(m, a, 1); err != nil {
				t.Fatal(err)
			}
			if err := ub.Sample(m, b, 1); err != nil {
				t.Fatal(err)
			}
			scribble(b)
			if err := sa.Sample(m, a, 2); err != nil {
				t.Fatal(err)
			}
			if err := sb.Sample(m, b, 2); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
				t.Fatalf("%s: call %d: the chains depend on what PV and PH held", name, call)
			}
		}
	}

	g, err := rbm.NewGaussian(3, 2, &rbm.Init{WeightStd: 0.5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	gaussian := map[string]func() mcmc.GaussianSampler{
		"gaussgibbs":    func() mcmc.GaussianSampler { return mcmc.NewGaussGibbs(1) },
		"langevin":      func() mcmc.GaussianSampler { return mcmc.NewLangevin(0.05, true, 1) },
		"gibbslangevin": func() mcmc.GaussianSampler { return mcmc.NewGibbsLangevin(0.05, 3, true, 1) },
	}
	for name, mk := range gaussian {
		a, _ := mcmc.NewGaussianChains(g, 40, rand.New(rand.NewPCG(3, 3)))
		b, _ := mcmc.NewGaussianChains(g, 40, rand.New(rand.NewPCG(3, 3)))
		sa, sb := mk(), mk()
		for call := 0; call < 5; call++ {
			for _, c := range []*mcmc.Chains{a, b} {
				raw := c.V.RawMatrix()
				for i := range raw.Data {
					raw.Data[i] += 0.25
				}
			}
			scribble(b)
			if err := sa.SampleGaussian(g, a, 2); err != nil {
				t.Fatal(err)
			}
			if err := sb.SampleGaussian(g, b, 2); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
				t.Fatalf("%s: call %d: the chains depend on what PV and PH held", name, call)
			}
			for _, x := range b.V.RawMatrix().Data {
				if math.IsNaN(x) {
					t.Fatalf("%s: call %d: NaN in V", name, call)
				}
			}
		}
	}
}
