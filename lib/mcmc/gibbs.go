package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Gibbs is the block Gibbs sampler: one transition draws
//
//	h ~ p(h | v) = ∏_j Bernoulli(σ(vᵀW_{·j} + c_j)),
//	v ~ p(v | h) = ∏_i Bernoulli(σ(W_{i·}h + b_i)).
//
// Its stationary distribution is the model's joint p(v, h). Make it with
// NewGibbs; the zero value is not usable.
type Gibbs struct {
	seed uint64
	srcs []rand.PCG
}

// NewGibbs returns a block Gibbs sampler whose uniform draws come from PCG
// sources derived from seed: one per block of 16 chains, so the draws of
// a chain depend on the seed and its row, not on the number of goroutines
// that share the work (large batches are split over GOMAXPROCS).
func NewGibbs(seed uint64) *Gibbs {
	return &Gibbs{seed: seed, srcs: make([]rand.PCG, 0, 8)}
}

// Sample advances every chain of c by steps block Gibbs transitions under
// m. Every transition starts from c.V as it finds it (H is not read): the
// first hidden half-step computes p(h|v) afresh, whatever wrote V.
func (g *Gibbs) Sample(m *rbm.Binary, c *Chains, steps int) error {
	return g.sample(m, c, steps, nil)
}

// sample is Sample; if p0 is not nil it also copies the hidden
// probabilities of the first half-step, p(h=1|v) of the start states, into
// p0 (n×n_h), for SampleFrom.
func (g *Gibbs) sample(m *rbm.Binary, c *Chains, steps int, p0 *mat.Dense) error {
	if g == nil || g.srcs == nil {
		return errors.New("mcmc: Gibbs.Sample: sampler not made with NewGibbs")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: Gibbs.Sample: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: Gibbs.Sample: %w", err)
	}
	src := streams(&g.srcs, g.seed, c.Len())
	if m.Precision == rbm.Float32 && steps > 0 { // (0 steps: nothing to load or store)
		l := c.load32(m, false, true)
		gibbsSteps(c.waiter(), l, src, steps, p0)
		c.store32(l)
		return nil
	}
	gibbsSteps(c.waiter(), c.layers64(m), src, steps, p0)
	return nil
}

// Run advances c by steps transitions of s in chunks of every steps (0: one
// chunk), calling observe (if non-nil) after each chunk with the number of
// steps done. It checks ctx between chunks and returns ctx.Err() wrapped
// when cancelled, or observe's error.
func Run(ctx context.Context, s Sampler, m *rbm.Binary, c *Chains, steps, every int, observe func(done int, c *Chains) error) error {
	if s == nil {
		return errors.New("mcmc: Run: nil sampler")
	}
	return runChunks(ctx, "Run", c, steps, every, func(k int) error { return s.Sample(m, c, k) }, observe)
}

// runChunks is Run and RunGaussian: sample(k) advances c by k steps; name
// names the caller in errors.
func runChunks(ctx context.Context, name string, c *Chains, steps, every int, sample func(k int) error, observe func(done int, c *Chains) error) error {
	if steps < 0 {
		return fmt.Errorf("mcmc: %s: negative number of steps %d", name, steps)
	}
	if every <= 0 {
		every = max(steps, 1)
	}
	for done := 0; done < steps; {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("mcmc: %s: stopped after %d of %d steps: %w", name, done, steps, err)
		}
		k := min(every, steps-done)
		if err := sample(k); err != nil {
			return fmt.Errorf("mcmc: %s: after %d steps: %w", name, done, err)
		}
		done += k
		if observe != nil {
			if err := observe(done, c); err != nil {
				return fmt.Errorf("mcmc: %s: observer after %d steps: %w", name, done, err)
			}
		}
	}
	return nil
}

// hidden writes c.PH = σ(c.V·W + 1·cᵀ) and, if h is non-nil,
// h ~ Bernoulli(c.PH) with the block sources src, in float64.
func hidden(c *Chains, m *rbm.Binary, h *mat.Dense, src []rand.PCG) {
	l := view64(m, c)
	if h != nil {
		l.h = general(h)
	}
	hiddenHalf(c.waiter(), &l, h != nil, src)
}
