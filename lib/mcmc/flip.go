package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
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
// state". The tie rule, taken exactly (x == 0), makes the chain ergodic.
// The blend T_α takes, per unit,
//
//	P_α(s' = 1 | s) = α·P_T(s' = 1 | s) + (1 − α)·σ(x),
//
// so α = 1 is T and α = 0 is G. Every per-unit kernel leaves the unit's
// conditional p(s | rest) invariant, hence T_α leaves the joint p(v, h)
// invariant.
//
// One transition costs what a Gibbs transition does: two matrix products,
// one exponential and one uniform draw per unit. After a transition c.PH
// holds σ(x) of the hidden units for the visible state the step started
// from and c.PV σ(x) of the visible units for the new hidden state, the
// model's conditionals p(h=1|v) and p(v=1|h), as after a Gibbs step (not
// the flip probabilities). The element-wise work runs on the calling
// goroutine, in blocks of 16 chains with one random stream each, as Gibbs
// derives them from the seed. Make a Flip with NewFlip; the zero value is
// not usable.
type Flip struct {
	alpha float64
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
	return &Flip{alpha: alpha, seed: seed, srcs: make([]rand.PCG, 0, 8)}, nil
}

// Alpha returns the blend α of f: 1 is flip-the-state, 0 is Gibbs.
func (f *Flip) Alpha() float64 { return f.alpha }

// Sample advances every chain of c by steps transitions of T_α under m.
// It does not reuse a PH computed by Chains.Clamp (T needs the inputs x,
// not σ(x)) and clears that mark.
func (f *Flip) Sample(m *rbm.Binary, c *Chains, steps int) error {
	if f == nil || f.srcs == nil {
		return errors.New("mcmc: Flip.Sample: sampler not made with NewFlip")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: Flip.Sample: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: Flip.Sample: %w", err)
	}
	c.fresh = false
	src := streams(&f.srcs, f.seed, c.Len())
	w := m.W.RawMatrix()
	for s := 0; s < steps; s++ {
		ph := c.PH.RawMatrix()
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, c.V.RawMatrix(), w, 0, ph)
		flipRows(ph, c.H.RawMatrix(), m.C, f.alpha, src)
		pv := c.PV.RawMatrix()
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, c.H.RawMatrix(), w, 0, pv)
		flipRows(pv, c.V.RawMatrix(), m.B, f.alpha, src)
	}
	return nil
}

// flipRows replaces each element x of p by σ(x + bias) and moves the
// binary state s of the same element by the per-unit kernel of T_α, with
// one uniform draw from the stream of the element's block of rows.
func flipRows(p, s blas64.General, bias []float64, alpha float64, src []rand.PCG) {
	for i := 0; i < p.Rows; i++ {
		g := &src[i/blockRows]
		row := p.Data[i*p.Stride : i*p.Stride+p.Cols]
		out := s.Data[i*s.Stride : i*s.Stride+len(row)]
		bias := bias[:len(row)]
		for k, x := range row {
			x += bias[k]
			e := math.Exp(-x)
			q := 1 / (1 + e)
			row[k] = q
			if uniform(g) < alpha*flipProb(out[k], x, e)+(1-alpha)*q {
				out[k] = 1
			} else {
				out[k] = 0
			}
		}
	}
}

// flipProb returns P_T(s' = 1 | s, x) of the flip-the-state operator, given
// e = e^{−x}: for s = 0, min(e^x, 1); for s = 1, max(1 − e^{−x}, 0); ½ when
// x = 0. A state other than 0 is taken as 1.
func flipProb(s, x, e float64) float64 {
	switch {
	case x == 0:
		return 0.5
	case s == 0:
		if x > 0 {
			return 1
		}
		return 1 / e // e^x, in (0, 1)
	default:
		if x < 0 {
			return 0
		}
		return 1 - e
	}
}

// unitProb returns the probability that a unit with current state s and
// input x is 1 after one update by the kernel of T_α: α·P_T + (1−α)·σ(x).
// Transition matrices use it, so that they and the sampler share one rule.
func unitProb(alpha, s, x float64) float64 {
	e := math.Exp(-x)
	return alpha*flipProb(s, x, e) + (1-alpha)/(1+e)
}

var _ Sampler = (*Flip)(nil)
