package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Flip is the flip-the-state transition operator T of Brügge, Fischer and
// Igel (2013, Definition 1 and Eq. 3), blended with block Gibbs sampling G
// as in their Sect. 5.2. It updates the layers in the same block order as
// Gibbs (hidden given the current state, then visible given the new hidden
// state), but the new state of a unit depends on its current state s and
// its input x (x = vᵀW_{·j} + c_j for hidden unit j, W_{i·}h + b_i for
// visible unit i). Under T,
//
//	P(s' = 1 | s = 0) = min(e^x, 1),
//	P(s' = 1 | s = 1) = max(1 − e^{−x}, 0),
//	P(s' = 1 | s)     = ½   if x = 0 (tie rule),
//
// so a unit always moves to its more probable state and leaves it with
// probability e^{−|x|}, the Metropolis acceptance of the proposal "flip the
// state". The tie rule makes the chain ergodic; a unit is tied when
// σ(x) = ½ in float64 (x = 0, or |x| below about 1e-16).
// The blend T_α takes, per unit,
//
//	P_α(s' = 1 | s) = α·P_T(s' = 1 | s) + (1 − α)·σ(x),
//
// so α = 1 is T and α = 0 is G. Every per-unit kernel leaves the unit's
// conditional p(s | rest) invariant, hence T_α leaves the joint p(v, h)
// invariant.
//
// One transition costs what a Gibbs transition does: two matrix products,
// one sigmoid ([rbm.SigmoidInPlace], as Gibbs) and one uniform draw per unit,
// plus one division for the units whose state is the less probable one.
// After a transition c.PH holds σ(x) of the hidden units for the visible
// state the step started from and c.PV σ(x) of the visible units for the
// new hidden state, the model's conditionals p(h=1|v) and p(v=1|h), as after a Gibbs step (not
// the flip probabilities). As for Gibbs, the element-wise work is done in
// blocks of 16 chains with one random stream each, derived from the seed,
// and large half-steps spread the blocks over GOMAXPROCS goroutines (a
// pool started on first use), so the chains do not depend on the number
// of cores. Make a Flip with NewFlip; the zero value is not usable.
//
// Starting at data (SampleFrom, and so CD, S-DCP and CS-DCP): T moves
// from the current state, and chains started at a data batch V₀ hold in H
// whatever the previous batch left there, which would make the chains,
// and a learner's gradient, depend on the order of the rows. So when
// SampleFrom starts chains at data, the first hidden half-step of Flip is
// a Gibbs draw,
//
//	h₁ ~ p(h | v₀),
//
// and every later half-step is T_α. This is the law of starting at
// (v₀, h₀) with h₀ ~ p(h|v₀) and running T_α from there (T_α's hidden
// half-step leaves p(h|v₀) invariant, so its h₁ has the same law given
// v₀, and nothing afterwards reads h₀), at no extra cost. Sample itself
// starts from the H it finds (persistent chains are carried on).
//
// The blend may be changed while the sampler runs (SetAlpha, from another
// goroutine: a widget's callback): each Sample call reads α once, when it
// starts, so a call runs all its steps under one α and the next call uses
// the value set last. Sample itself is not safe for concurrent use on one
// Flip (its random streams are shared).
type Flip struct {
	alpha atomic.Uint64 // math.Float64bits of α
	seed  uint64
	srcs  []rand.PCG
}

// NewFlip returns the blended flip-the-state sampler T_α with α = alpha in
// [0, 1] (1: flip-the-state T, 0: block Gibbs G), whose uniform draws come
// from sources derived from seed, one per block of 16 chains. It returns an
// error if alpha is outside [0, 1] or NaN.
func NewFlip(alpha float64, seed uint64) (*Flip, error) {
	if !(alpha >= 0 && alpha <= 1) {
		return nil, fmt.Errorf("mcmc: NewFlip: alpha must be in [0, 1], got %v", alpha)
	}
	f := &Flip{seed: seed, srcs: make([]rand.PCG, 0, 8)}
	f.alpha.Store(math.Float64bits(alpha))
	return f, nil
}

// Alpha returns the blend α of f: 1 is flip-the-state, 0 is Gibbs.
func (f *Flip) Alpha() float64 { return math.Float64frombits(f.alpha.Load()) }

// SetAlpha changes the blend to α = alpha in [0, 1]; it may be called
// while another goroutine samples with f, and takes effect at the next
// Sample call (one atomic store; Sample loads α once per call). It returns
// an error, and keeps the old α, if alpha is outside [0, 1] or NaN, or f
// was not made with NewFlip.
func (f *Flip) SetAlpha(alpha float64) error {
	if f == nil || f.srcs == nil {
		return errors.New("mcmc: Flip.SetAlpha: sampler not made with NewFlip")
	}
	if !(alpha >= 0 && alpha <= 1) {
		return fmt.Errorf("mcmc: Flip.SetAlpha: alpha must be in [0, 1], got %v", alpha)
	}
	f.alpha.Store(math.Float64bits(alpha))
	return nil
}

// String describes f by its blend, "Flip(α=0.5)" (read atomically, like
// Sample, so that printing races with no SetAlpha).
func (f *Flip) String() string { return fmt.Sprintf("Flip(α=%g)", f.Alpha()) }

// Sample advances every chain of c by steps transitions of T_α under m,
// from the state (V, H) it finds in c.
func (f *Flip) Sample(m *rbm.Binary, c *Chains, steps int) error {
	return f.sample(m, c, steps, nil)
}

// sample is Sample; if p0 is not nil it also copies σ(x) of the hidden
// units in the first half-step, p(h=1|v) of the start states, into p0, for
// SampleFrom.
func (f *Flip) sample(m *rbm.Binary, c *Chains, steps int, p0 *mat.Dense) error {
	if f == nil || f.srcs == nil {
		return errors.New("mcmc: Flip.Sample: sampler not made with NewFlip")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: Flip.Sample: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: Flip.Sample: %w", err)
	}
	src := streams(&f.srcs, f.seed, c.Len())
	alpha := f.Alpha()                           // once per call: SetAlpha may run meanwhile
	if m.Precision == rbm.Float32 && steps > 0 { // (0 steps: nothing to load or store)
		l := c.load32(m, true, true)
		flipSteps(c.waiter(), l, alpha, src, steps, p0)
		c.store32(l)
		return nil
	}
	flipSteps(c.waiter(), c.layers64(m), alpha, src, steps, p0)
	return nil
}

// flipRows runs the element-wise work of a flip half-step over the rows of
// p and s on the half-step pool of rows.go (see rowsDo): each element x of
// p becomes σ(x + bias) (with a nil bias, p holds σ already) and the binary
// state s of the same element moves by the per-unit kernel of T_α, with one
// uniform draw from the stream of the element's block of blockRows rows.
// The per-block streams make the result independent of the split.
func flipRows[T kern.Float](wg *sync.WaitGroup, p, s kern.General[T], bias []T, alpha float64, src []rand.PCG) {
	spread(wg, job[T]{kind: doFlip, p: p, s: s, bias: bias, alpha: alpha, src: src})
}

// flipProb returns P_T(s' = 1 | s) of the flip-the-state operator for a
// unit whose conditional is q = σ(x): for s = 0, min(e^x, 1), with
// e^x = q/(1−q); for s = 1, max(1 − e^{−x}, 0), with 1 − e^{−x} = 2 − 1/q;
// and ½ for a tie, q = ½ (x = 0, or |x| so small, below about 1e-16, that
// σ(x) rounds to ½: the two states are then equally probable in float64,
// the paper's v* = −1). A state other than 0 is taken as 1.
func flipProb(s, q float64) float64 {
	switch {
	case q == 0.5:
		return 0.5
	case s == 0:
		if q > 0.5 {
			return 1
		}
		return q / (1 - q)
	default:
		if q < 0.5 {
			return 0
		}
		return 2 - 1/q
	}
}

// unitProb returns the probability that a unit with current state s and
// input x is 1 after one update by the kernel of T_α: α·P_T + (1−α)·σ(x).
// Transition matrices use it, so that they and the sampler share one rule.
func unitProb(alpha, s, x float64) float64 {
	q := rbm.Sigmoid(x)
	return alpha*flipProb(s, q) + (1-alpha)*q
}

var _ Sampler = (*Flip)(nil)
