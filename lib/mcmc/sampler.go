package mcmc

import (
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Sampler is a transition operator on a batch of persistent chains of a
// binary RBM: Sample advances every chain of c by steps transitions that
// leave the model's joint distribution
//
//	p(v, h) = e^{−E(v,h)}/Z,  E(v, h) = −vᵀWh − bᵀv − cᵀh,
//
// invariant. Gibbs, Flip, Tempered, Herding and RatesFPCD implement it,
// and so may any type written outside this package: this comment is the
// whole contract, and a sampler that keeps it composes with the ones of
// this package (one after the other on the same chains, as the base of
// Tempered) and runs inside the learners of package learn.
//
// What Sample may read: m (W, B, C), and the current state of every chain,
// row k of c.V (visible) and of c.H (hidden), binary (0 or 1) entries.
// A transition may depend on both layers (flip-the-state and
// single-site samplers read H; block Gibbs reads only V); it must not
// depend on c.PV or c.PH, which hold whatever the last sampler left there.
//
// What Sample must write: the new state, into the rows of c.V and c.H in
// place (binary entries). It must not change m, replace or reshape c's
// matrices, or keep c or m after it returns. With steps = 0 it does
// nothing. It returns an error, and should leave c unchanged, when m and c
// do not fit or steps is negative.
//
// What Sample may write besides: c.PV and c.PH are the sampler's to use
// as scratch (n×m and n×n_h). The samplers of this package leave in them
// the conditional probabilities of their last transition (see each type),
// for inspection; a sampler of one's own may do the same or leave them
// as they are.
//
// What the library assumes, and no more: after Sample, c.V and c.H are
// the chains' states. Nothing in this module reads c.PV or c.PH after a
// Sample as if they described the current state (learners compute
// p(h|v) themselves, Chains.HiddenProb), and no sampler carries anything
// over on c from one call to the next: each Sample of this package starts
// from c.V and c.H as it finds them, whoever wrote them last (another
// sampler, a user's code, SetVisible). A sampler therefore has nothing to
// set, clear or keep up to date for the others.
//
// The one saving the library makes across that boundary is explicit and
// made inside a single call: SampleFrom starts chains at data and returns
// p(h|v) of the data, taken from the first hidden half-step of Gibbs,
// Flip and Tempered instead of a separate matrix product.
type Sampler interface {
	Sample(m *rbm.Binary, c *Chains, steps int) error
}

// GaussianSampler advances every chain of c by steps transitions of its
// operator for the Gaussian-Bernoulli RBM m ([rbm.Gaussian]), leaving the
// joint p(v, h) (or, for a sampler of the marginal, p(v), with h then
// drawn from p(h|v)) invariant. [Chains] hold real visible states in V and
// binary hidden states in H, one chain per row. GaussGibbs, Langevin and
// GibbsLangevin implement it, and so may a type written outside this
// package; the contract is that of [Sampler]:
//
//   - SampleGaussian may read m and the states c.V and c.H, and must write
//     the new states into them in place (not change m, replace or reshape
//     c's matrices, or keep c or m after it returns);
//   - c.PV and c.PH are its scratch. The samplers of this package leave
//     in them, after a call with steps > 0, PH = p(h=1 | v) for the final
//     visible state of each chain and PV = μ + Wh, the mean of p(v | h)
//     for its final hidden state; a sampler of one's own need not.
//     Nothing outside this package takes PH for p(h|v) of the current V
//     except from those three types (learn.ModifiedCD checks the exact
//     type and computes p(h|v) itself for any other sampler);
//   - nothing is carried on c from one call to the next: every call starts
//     from c.V and c.H as it finds them.
//
// SampleGaussian returns an error, and should leave c unchanged, when m is
// not valid, m and c do not fit, or steps is negative; steps = 0 does
// nothing.
type GaussianSampler interface {
	SampleGaussian(m *rbm.Gaussian, c *Chains, steps int) error
}

// SampleFrom starts the chains c at the visible states v, which it copies
// into c.V (as SetVisible, resizing c to v's rows), writes into p0 the
// hidden probabilities of the start states,
//
//	p0_kj = p(h_j = 1 | v_k) = σ(v_kᵀW_{·j} + c_j),
//
// and runs steps transitions of s from there, as s.Sample(m, c, steps)
// does. It is what CD-k needs: p0 is the positive phase E[h|v] of the
// batch v, and the chains are its negative chains.
//
// The hidden start state does not depend on what c.H held: for *Gibbs,
// *Flip and *Tempered (over either) the first hidden half-step draws
// h ~ p(h|v) of the data, as if each chain started at (v, h₀) with
// h₀ ~ p(h|v) (Flip's first half-step is a Gibbs draw, see Flip; Gibbs
// never reads H). So the chains of row k depend on row k of v alone, not
// on the order of the rows or on the batch before. For any other sampler
// c.H is left as it is: a sampler of one's own that reads H and is run
// from data should start it itself.
//
// When s is a *Gibbs, *Flip or *Tempered (exactly those types, not a
// type that embeds or wraps one), p0 is copied from the first hidden
// half-step of their first transition, which computes σ(vW + 1cᵀ) for
// the start states anyway: a matrix product saved, with the same numbers
// as computing it apart. For any other sampler, or steps = 0, SampleFrom
// computes p0 itself and then calls s.Sample. Either way the reuse
// happens inside this one call, on states that SampleFrom has just
// written, so no other code can make it stale: that is why it is a
// function of its own and not a mark left on the chains for a later
// Sample (an earlier design, Chains.Clamp, kept such a mark and made
// Gibbs draw from a stale p(h|v) when a user's sampler had moved V in
// between).
//
// p0 must be len(v)×m.Hidden(), or empty (a zero mat.Dense, which
// SampleFrom sizes), and must not be one of c's matrices. SampleFrom
// returns an error, with c unchanged, if an argument is nil or does not
// fit, steps is negative or v has a NaN or infinite entry; an error of
// s.Sample is returned wrapped, with c.V already set to v.
func SampleFrom(s Sampler, m *rbm.Binary, c *Chains, v mat.Matrix, steps int, p0 *mat.Dense) error {
	if s == nil {
		return errors.New("mcmc: SampleFrom: nil sampler")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: SampleFrom: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: SampleFrom: %w", err)
	}
	if v == nil {
		return errors.New("mcmc: SampleFrom: nil start states")
	}
	if p0 == nil {
		return errors.New("mcmc: SampleFrom: nil p0")
	}
	if p0 == c.V || p0 == c.H || p0 == c.PV || p0 == c.PH {
		return errors.New("mcmc: SampleFrom: p0 is one of the chains' matrices")
	}
	n, _ := v.Dims()
	nh := m.Hidden()
	if !p0.IsEmpty() {
		if r, k := p0.Dims(); r != n || k != nh {
			return fmt.Errorf("mcmc: SampleFrom: p0 is %d×%d, want %d×%d (start states × hidden units)", r, k, n, nh)
		}
	}
	if err := c.SetVisible(v); err != nil {
		return fmt.Errorf("mcmc: SampleFrom: %w", err)
	}
	if p0.IsEmpty() {
		p0.ReuseAs(n, nh)
	}
	if err := sampleFirst(s, m, c, steps, p0); err != nil {
		return fmt.Errorf("mcmc: SampleFrom: %w", err)
	}
	return nil
}

// sampleFirst runs steps transitions of s on c under m and writes into p0
// the hidden probabilities p(h=1|v) of the states c.V it starts from:
// copied from the first half-step of the samplers of this package that
// compute them (matched by their exact dynamic type, so that a type
// embedding one of them, with a Sample of its own, is not bypassed), and
// computed apart before s.Sample for every other sampler.
func sampleFirst(s Sampler, m *rbm.Binary, c *Chains, steps int, p0 *mat.Dense) error {
	if steps > 0 {
		switch s := s.(type) {
		case *Gibbs:
			return s.sample(m, c, steps, p0)
		case *Flip:
			return s.sample(m, c, steps, p0)
		case *Tempered:
			return s.sample(m, c, steps, p0)
		}
	}
	hidden(c, m, nil, nil)
	p0.Copy(c.PH)
	return s.Sample(m, c, steps)
}
