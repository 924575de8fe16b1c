package learn

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// randomBatch returns an n×m batch of Bernoulli(p) pixels from seed.
func randomBatch(n, m int, p float64, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	x := mat.NewDense(n, m, nil)
	for i, raw := 0, x.RawMatrix().Data; i < len(raw); i++ {
		if rng.Float64() < p {
			raw[i] = 1
		}
	}
	return x
}

// sameModel reports whether a and b have bit-for-bit equal parameters.
func sameModel(a, b *rbm.Binary) bool {
	return mat.Equal(a.W, b.W) && slices.Equal(a.B, b.B) && slices.Equal(a.C, b.C)
}

// TestSDCPOneIsCD checks that S-DCP with d = 1 and K' = k makes exactly
// the updates of CD-k (bit for bit) with the same sampler seed, over
// several updates with momentum, for k = 1 and 3.
func TestSDCPOneIsCD(t *testing.T) {
	for _, k := range []int{1, 3} {
		a, _ := rbm.NewBinary(20, 12, &rbm.Init{WeightStd: 0.3, Seed: 4})
		b := a.Clone()
		cd, dcp := NewCD(k, mcmc.NewGibbs(9)), NewSDCP(1, k, mcmc.NewGibbs(9))
		oa, ob := &SGD{Rate: 0.1, Momentum: 0.5}, &SGD{Rate: 0.1, Momentum: 0.5}
		for u := 0; u < 5; u++ {
			x := randomBatch(17, 20, 0.3, uint64(u))
			if err := cd.Update(a, x, oa); err != nil {
				t.Fatal(err)
			}
			if err := dcp.Update(b, x, ob); err != nil {
				t.Fatal(err)
			}
			if !sameModel(a, b) {
				t.Fatalf("k = %d, update %d: S-DCP with d = 1 differs from CD", k, u)
			}
		}
		if dcp.Steps() != k {
			t.Errorf("Steps = %d, want %d", dcp.Steps(), k)
		}
	}
	// With d = 2 the updates differ (the test has power).
	a, _ := rbm.NewBinary(20, 12, &rbm.Init{WeightStd: 0.3, Seed: 4})
	b := a.Clone()
	x := randomBatch(17, 20, 0.3, 0)
	_ = NewCD(2, mcmc.NewGibbs(9)).Update(a, x, &SGD{Rate: 0.1})
	l := NewSDCP(2, 1, mcmc.NewGibbs(9))
	_ = l.Update(b, x, &SGD{Rate: 0.1})
	if sameModel(a, b) || l.Steps() != 2 {
		t.Error("S-DCP d = 2, K' = 1 equals CD-2 or Steps ≠ 2")
	}
}

// TestSDCPInnerSteps checks Algorithm 3's structure on a model with a
// deterministic sampler stand-in: D inner steps call the optimiser D times
// and the chain carries over between them (one Sample call of K' steps per
// inner step).
func TestSDCPInnerSteps(t *testing.T) {
	m, _ := rbm.NewBinary(6, 4, &rbm.Init{WeightStd: 0.3, Seed: 1})
	s := &countSampler{Sampler: mcmc.NewGibbs(1)}
	o := &countOpt{}
	l := NewCSDCP(3, 2, s)
	if err := l.Update(m, randomBatch(5, 6, 0.5, 1), o); err != nil {
		t.Fatal(err)
	}
	if s.calls != 3 || s.steps != 6 || o.calls != 3 {
		t.Errorf("sampler calls %d (steps %d), optimiser calls %d; want 3 (6), 3", s.calls, s.steps, o.calls)
	}
	mu, lam := l.Offsets()
	if len(mu) != 6 || len(lam) != 4 {
		t.Errorf("offsets of lengths %d, %d", len(mu), len(lam))
	}
	if err := l.Update(m, randomBatch(5, 7, 0.5, 1), o); err == nil {
		t.Error("batch of the wrong width accepted")
	}
}

type countSampler struct {
	mcmc.Sampler
	calls, steps int
}

func (s *countSampler) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	s.calls++
	s.steps += steps
	return s.Sampler.Sample(m, c, steps)
}

type countOpt struct{ calls int }

func (o *countOpt) Step(m rbm.Model, g *Grad) error {
	o.calls++
	return (&SGD{Rate: 0.01}).Step(m, g)
}
