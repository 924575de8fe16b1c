package mcmc_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Metropolis is single-site Metropolis sampling written as a sampler of
// one's own: one update of a chain picks one of its m + n units uniformly
// at random and flips it with probability min(1, e^{−ΔE}), ΔE = E(s') −
// E(s). A unit with input x (x_i = b_i + W_{i·}h for a visible unit, x_j =
// c_j + vᵀW_{·j} for a hidden one) and state s has ΔE = −(1 − 2s)·x. One
// step is a sweep of m + n updates.
//
// It keeps the mcmc.Sampler contract: it reads m and the states c.V, c.H,
// writes the new states into them in place, and leaves c.PV and c.PH
// alone (nothing reads them after a Sample). There is nothing else to
// set or clear for the library's samplers.
type Metropolis struct {
	rng *rand.Rand
}

// Sample advances every chain of c by steps sweeps under m.
func (s *Metropolis) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("Metropolis: negative number of steps %d", steps)
	}
	nv, nh := m.Visible(), m.Hidden()
	if _, cv := c.V.Dims(); cv != nv || c.H.RawMatrix().Cols != nh {
		return fmt.Errorf("Metropolis: chains do not fit a %d×%d model", nv, nh)
	}
	for k := 0; k < c.Len(); k++ {
		v, h := c.V.RawRowView(k), c.H.RawRowView(k)
		for t := 0; t < steps*(nv+nh); t++ {
			u := s.rng.IntN(nv + nh)
			var state *float64 // the unit picked
			var x float64      // its input
			if u < nv {
				state, x = &v[u], m.B[u]
				for j, w := range m.W.RawRowView(u) {
					x += w * h[j]
				}
			} else {
				j := u - nv
				state, x = &h[j], m.C[j]
				for i, vi := range v {
					x += vi * m.W.At(i, j)
				}
			}
			if d := 1 - 2*(*state); s.rng.Float64() < math.Exp(d*x) {
				*state = 1 - *state
			}
		}
	}
	return nil
}

// Write a sampler of one's own, run it on a 3×2 RBM, and compare where
// 20000 independent chains end with the exact p(v), which the library
// computes by enumeration: the total variation distance stays within
// the sampling noise, 3.2·½ Σ_v sqrt(p(v)(1 − p(v))/n).
func ExampleSampler() {
	m, _ := rbm.NewBinary(3, 2, &rbm.Init{WeightStd: 1.5, Seed: 4})
	copy(m.B, []float64{0.5, -0.8, 0.3})
	copy(m.C, []float64{-0.4, 0.6})
	const n = 20000
	c, _ := mcmc.NewChains(m, n, rand.New(rand.NewPCG(1, 2)))
	s := &Metropolis{rng: rand.New(rand.NewPCG(3, 4))}
	if err := s.Sample(m, c, 50); err != nil {
		fmt.Println(err)
		return
	}
	exact, _ := m.ExactVisibleDist()
	fmt.Println("TV to exact p(v) within the noise:", tvToExact(c, exact) < noise(exact, n))
	// Output:
	// TV to exact p(v) within the noise: true
}

// tvToExact returns the total variation distance between the visible
// states of the chains and the distribution p over visible states.
func tvToExact(c *mcmc.Chains, p []float64) float64 {
	q := make([]float64, len(p))
	for k := 0; k < c.Len(); k++ {
		i, _ := rbm.StateIndex(c.V.RawRowView(k))
		q[i] += 1 / float64(c.Len())
	}
	var d float64
	for i := range p {
		d += math.Abs(p[i]-q[i]) / 2
	}
	return d
}

// noise returns 3.2·½ Σ sqrt(p(1 − p)/n), a bound that the total variation
// of n independent draws from p exceeds with probability below about
// 1e-4 (see samplertest.TVBound for the derivation).
func noise(p []float64, n int) float64 {
	var s float64
	for _, x := range p {
		s += math.Sqrt(x * (1 - x) / float64(n))
	}
	return 3.2 * s / 2
}
