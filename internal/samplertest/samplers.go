// Package samplertest holds samplers of binary RBMs written the way a
// user of package mcmc writes one, outside it and with nothing but its
// exported API and the mcmc.Sampler contract, together with their exact
// transition matrices and the exact-distribution checks that the external
// tests of lib/mcmc and lib/learn run on them (package mcmc_test and
// package learn_test import it).
//
// Joint states are indexed as rbm.Binary.ExactJointDist and
// mcmc.TransitionMatrix index them: bit i of the index is v_i for
// i < m, bit m+j is h_j. Distributions are row vectors μ, and a transition
// matrix P maps μ to μP.
package samplertest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Metropolis is single-site Metropolis sampling: one update of a chain
// picks one of its U = m + n units uniformly at random, proposes to flip
// it, and accepts with probability min(1, e^{−ΔE}), ΔE = E(s') − E(s) the
// change of energy. For a visible unit with input x_i = b_i + W_{i·}h,
// ΔE = −(1 − 2v_i)x_i; for a hidden unit, x_j = c_j + vᵀW_{·j} and
// ΔE = −(1 − 2h_j)x_j. The proposal is symmetric, so each update satisfies
// detailed balance with respect to p(v, h). One step of Sample is a sweep
// of U updates. It reads and writes V and H only, and leaves PV and PH as
// it finds them, as the mcmc.Sampler contract allows.
type Metropolis struct {
	rng *rand.Rand
}

// NewMetropolis returns a single-site Metropolis sampler drawing from a PCG
// source seeded with seed.
func NewMetropolis(seed uint64) *Metropolis {
	return &Metropolis{rng: rand.New(rand.NewPCG(seed, 0x6d6574))}
}

// Sample advances every chain of c by steps sweeps under m.
func (s *Metropolis) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if err := check(m, c, steps); err != nil {
		return fmt.Errorf("samplertest: Metropolis.Sample: %w", err)
	}
	nv, nh := m.Visible(), m.Hidden()
	for k := 0; k < c.Len(); k++ {
		v, h := c.V.RawRowView(k), c.H.RawRowView(k)
		for t := 0; t < steps*(nv+nh); t++ {
			u := s.rng.IntN(nv + nh)
			var x, d float64
			if u < nv {
				x, d = visibleInput(m, u, h), 1-2*v[u]
			} else {
				x, d = hiddenInput(m, u-nv, v), 1-2*h[u-nv]
			}
			// Accept with probability min(1, e^{−ΔE}) = min(1, e^{d·x}).
			if d*x >= 0 || s.rng.Float64() < math.Exp(d*x) {
				if u < nv {
					v[u] = 1 - v[u]
				} else {
					h[u-nv] = 1 - h[u-nv]
				}
			}
		}
	}
	return nil
}

// Transition returns the exact transition matrix of one Sample step (a
// sweep) under m: P = K^U with the one-update kernel
//
//	K[s, s⊕u] = (1/U)·min(1, e^{E(s) − E(s⊕u)}),  K[s, s] = 1 − Σ_u K[s, s⊕u],
//
// s⊕u the state s with unit u flipped.
func (s *Metropolis) Transition(m *rbm.Binary) (*mat.Dense, error) {
	return sweep(m, func(e0, e1 float64) (stay, move float64) {
		// e0: energy of s, e1: of s⊕u.
		a := math.Min(1, math.Exp(e0-e1))
		return 1 - a, a
	})
}

// RandomScan is random-scan Gibbs sampling: one update of a chain picks
// one of its U = m + n units uniformly at random and redraws it from its
// conditional given all the others, p(v_i = 1 | h) = σ(b_i + W_{i·}h) or
// p(h_j = 1 | v) = σ(c_j + vᵀW_{·j}). One step of Sample is U updates. Like
// Metropolis it reads and writes V and H only.
type RandomScan struct {
	rng *rand.Rand
}

// NewRandomScan returns a random-scan Gibbs sampler drawing from a PCG
// source seeded with seed.
func NewRandomScan(seed uint64) *RandomScan {
	return &RandomScan{rng: rand.New(rand.NewPCG(seed, 0x72736e))}
}

// Sample advances every chain of c by steps steps of U updates under m.
func (s *RandomScan) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if err := check(m, c, steps); err != nil {
		return fmt.Errorf("samplertest: RandomScan.Sample: %w", err)
	}
	nv, nh := m.Visible(), m.Hidden()
	for k := 0; k < c.Len(); k++ {
		v, h := c.V.RawRowView(k), c.H.RawRowView(k)
		for t := 0; t < steps*(nv+nh); t++ {
			u := s.rng.IntN(nv + nh)
			if u < nv {
				v[u] = bernoulli(s.rng, visibleInput(m, u, h))
			} else {
				h[u-nv] = bernoulli(s.rng, hiddenInput(m, u-nv, v))
			}
		}
	}
	return nil
}

// Transition returns the exact transition matrix of one Sample step under
// m: P = K^U with the one-update kernel that moves unit u to 1 with
// probability (1/U)·σ(E(s with u=0) − E(s with u=1)) and to 0 with the
// rest of the 1/U.
func (s *RandomScan) Transition(m *rbm.Binary) (*mat.Dense, error) {
	return sweep(m, func(e0, e1 float64) (stay, move float64) {
		// e0: energy of s, e1: of s⊕u; q is the probability of u's
		// value in s⊕u under the conditional, 1/(1+e^{E(s⊕u)−E(s)}).
		q := 1 / (1 + math.Exp(e1-e0))
		return 1 - q, q
	})
}

// Then is the composite sampler that a user builds from others: one step
// runs K steps of First (K ≤ 0 means 1) and then one step of Next, on the
// same chains. Its transition matrix is P_First^K·P_Next.
type Then struct {
	First mcmc.Sampler
	K     int
	Next  mcmc.Sampler
}

// Sample runs steps steps of the composite.
func (s Then) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("samplertest: Then.Sample: negative number of steps %d", steps)
	}
	for t := 0; t < steps; t++ {
		if err := s.First.Sample(m, c, max(s.K, 1)); err != nil {
			return fmt.Errorf("samplertest: Then.Sample: first: %w", err)
		}
		if err := s.Next.Sample(m, c, 1); err != nil {
			return fmt.Errorf("samplertest: Then.Sample: next: %w", err)
		}
	}
	return nil
}

// check reports whether m and c fit and steps is non-negative.
func check(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("negative number of steps %d", steps)
	}
	if m == nil || m.W == nil || c == nil || c.V == nil || c.H == nil {
		return errors.New("nil model or chains")
	}
	nv, nh := m.W.Dims()
	n, cv := c.V.Dims()
	hn, ch := c.H.Dims()
	if cv != nv || ch != nh || hn != n || len(m.B) != nv || len(m.C) != nh {
		return fmt.Errorf("chains have V %d×%d and H %d×%d, model has %d visible and %d hidden units", n, cv, hn, ch, nv, nh)
	}
	return nil
}

// visibleInput returns x_i = b_i + Σ_j W_ij h_j.
func visibleInput(m *rbm.Binary, i int, h []float64) float64 {
	x := m.B[i]
	for j, w := range m.W.RawRowView(i) {
		x += w * h[j]
	}
	return x
}

// hiddenInput returns x_j = c_j + Σ_i v_i W_ij.
func hiddenInput(m *rbm.Binary, j int, v []float64) float64 {
	x := m.C[j]
	for i, vi := range v {
		x += vi * m.W.At(i, j)
	}
	return x
}

// bernoulli returns 1 with probability σ(x), else 0.
func bernoulli(r *rand.Rand, x float64) float64 {
	if r.Float64() < 1/(1+math.Exp(-x)) {
		return 1
	}
	return 0
}

// sweep returns K^U for the single-site kernel K whose update of unit u in
// state s stays with probability stay/U and moves to s⊕u with move/U, as
// rule gives them from the energies of s and s⊕u.
func sweep(m *rbm.Binary, rule func(e0, e1 float64) (stay, move float64)) (*mat.Dense, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("samplertest: %w", err)
	}
	nv, nh := m.Visible(), m.Hidden()
	units := nv + nh
	if units > mcmc.MaxTransitionUnits {
		return nil, fmt.Errorf("samplertest: %d units, at most %d", units, mcmc.MaxTransitionUnits)
	}
	e := Energies(m)
	ns := len(e)
	k := mat.NewDense(ns, ns, nil)
	for s := 0; s < ns; s++ {
		for u := 0; u < units; u++ {
			t := s ^ 1<<u
			stay, move := rule(e[s], e[t])
			k.Set(s, s, k.At(s, s)+stay/float64(units))
			k.Set(s, t, k.At(s, t)+move/float64(units))
		}
	}
	return Power(k, units), nil
}

// Energies returns E(v, h) of every joint state of m, by index.
func Energies(m *rbm.Binary) []float64 {
	nv, nh := m.Visible(), m.Hidden()
	e := make([]float64, 1<<(nv+nh))
	v, h := make([]float64, nv), make([]float64, nh)
	for s := range e {
		rbm.FillState(v, s&(1<<nv-1))
		rbm.FillState(h, s>>nv)
		e[s] = m.Energy(v, h)
	}
	return e
}

// Power returns P^k (k ≥ 0; P^0 = I).
func Power(p *mat.Dense, k int) *mat.Dense {
	n, _ := p.Dims()
	r := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		r.Set(i, i, 1)
	}
	for ; k > 0; k-- {
		r.Mul(r, p)
	}
	return r
}

// Mul returns the product of the matrices, in order (P_1·P_2·…).
func Mul(ps ...*mat.Dense) *mat.Dense {
	r := mat.DenseCopyOf(ps[0])
	for _, p := range ps[1:] {
		r.Mul(r, p)
	}
	return r
}

// Scaled returns the RBM with parameters β·θ, the model Tempered runs its
// replica at β on.
func Scaled(m *rbm.Binary, beta float64) *rbm.Binary {
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

// Users returns constructors of the samplers of this package by name:
// "metropolis" and "randomscan".
func Users() map[string]func(seed uint64) mcmc.Sampler {
	return map[string]func(seed uint64) mcmc.Sampler{
		"metropolis": func(seed uint64) mcmc.Sampler { return NewMetropolis(seed) },
		"randomscan": func(seed uint64) mcmc.Sampler { return NewRandomScan(seed) },
	}
}
