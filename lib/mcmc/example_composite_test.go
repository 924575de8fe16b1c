package mcmc_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// SweepsThenGibbs is a composite sampler: one step runs K steps of a
// sampler of one's own (Mine), then one block Gibbs step of the library's,
// on the same chains. Each part leaves p(v, h) invariant, so the
// composite does. Nothing has to be handed from one part to the other:
// each Sample starts from the states c.V and c.H that the last one left.
type SweepsThenGibbs struct {
	Mine  mcmc.Sampler
	K     int
	Gibbs *mcmc.Gibbs
}

// Sample runs steps steps of the composite on c under m.
func (s SweepsThenGibbs) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("SweepsThenGibbs: negative number of steps %d", steps)
	}
	for t := 0; t < steps; t++ {
		if err := s.Mine.Sample(m, c, s.K); err != nil {
			return fmt.Errorf("SweepsThenGibbs: %w", err)
		}
		if err := s.Gibbs.Sample(m, c, 1); err != nil {
			return fmt.Errorf("SweepsThenGibbs: %w", err)
		}
	}
	return nil
}

// Start chains at data with mcmc.SampleFrom, which also returns p(h|v) of
// the data (the positive phase of CD), and run a composite of Metropolis
// sweeps (the sampler of ExampleSampler) and the library's Gibbs. The same
// value can be a learner's sampler (learn.NewCD(k, s)).
func ExampleSampler_composite() {
	m, _ := rbm.NewBinary(3, 2, &rbm.Init{WeightStd: 1.5, Seed: 4})
	copy(m.B, []float64{0.5, -0.8, 0.3})
	copy(m.C, []float64{-0.4, 0.6})
	s := SweepsThenGibbs{Mine: &Metropolis{rng: rand.New(rand.NewPCG(5, 6))}, K: 2, Gibbs: mcmc.NewGibbs(7)}

	const n = 20000
	data := mat.NewDense(n, 3, nil)
	for k := 0; k < n; k++ {
		data.SetRow(k, []float64{float64(k % 2), 1, float64(k / 2 % 2)})
	}
	c, _ := mcmc.NewChains(m, n, nil)
	var p0 mat.Dense
	if err := mcmc.SampleFrom(s, m, c, data, 20, &p0); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("p(h=1|v) of the first example (0, 1, 0): %.3f\n", mat.Row(nil, 0, &p0))
	exact, _ := m.ExactVisibleDist()
	fmt.Println("TV to exact p(v) within the noise:", tvToExact(c, exact) < noise(exact, n))
	// Output:
	// p(h=1|v) of the first example (0, 1, 0): [0.191 0.666]
	// TV to exact p(v) within the noise: true
}
