package learn

import (
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Centered is the centered gradient (CG) of Melchior, Fischer and Wiskott
// 2016 (their Algorithm 1, dd^b_s) for binary RBMs, as written out step by
// step in Algorithm 4 of Upadhya and Sastry 2017 with d = 1. The centred
// energy is
//
//	E(v, h) = −(v − μ)ᵀW(h − λ) − b̃ᵀv − c̃ᵀh,
//
// with offsets μ (visible; by default the mean of the first batch, or set
// Mu to the data mean) and λ (hidden, ½), moved each update towards the
// batch means of v and p(h=1|v) at rates ν_μ = ν_λ = 0.01. It is the same
// distribution as the standard RBM (W, b, c) with b = b̃ − Wλ and
// c = c̃ − Wᵀμ, which is what m holds: moving the offsets with the bias
// re-parameterisation b̃ ← b̃ + W(λ' − λ), c̃ ← c̃ + Wᵀ(μ' − μ) leaves (W, b,
// c) unchanged. The update ascends along the centred gradient
//
//	∇W = ⟨(v − μ)(h − λ)ᵀ⟩_data − ⟨(v − μ)(h − λ)ᵀ⟩_model,
//	∇b̃ = ⟨v⟩_data − ⟨v⟩_model,  ∇c̃ = ⟨h⟩_data − ⟨h⟩_model,
//
// (h replaced by p(h=1|v), the model terms from K steps of the sampler
// started at the batch, as CD-K), passed to the optimiser in standard
// coordinates: (∇W, ∇b̃ − ∇W λ, ∇c̃ − ∇Wᵀμ). With plain SGD this is exactly
// the centred step; with momentum or weight decay the optimiser's state
// lives in standard coordinates.
//
// Make it with NewCentered. Its settings are the fields K, Sampler,
// RateMu, RateLambda, Mu and Lambda, as for CSDCP (D is 1). Its offsets
// and chains belong to the model of the first update: it refuses another
// model until Reset (see the package doc).
type Centered struct {
	dcp
}

// NewCentered returns a centered-gradient learner with k sampling steps
// (k ≤ 0 means 1) run by s (nil: block Gibbs seeded with 1), offset rates
// 0.01.
func NewCentered(k int, s mcmc.Sampler) *Centered {
	return &Centered{dcp: newDCP("Centered", 1, k, s, true)}
}

// Offsets returns the current offsets μ (visible) and λ (hidden), nil
// before the first update. They are the learner's state, not copies.
func (l *Centered) Offsets() (mu, lambda []float64) { return l.mu, l.lambda }

// CenteredBiases returns the biases (b̃, c̃) of the centred form of the
// standard binary RBM m with offsets mu (visible) and lambda (hidden):
//
//	b̃ = b + Wλ,  c̃ = c + Wᵀμ,
//
// so that −(v − μ)ᵀW(h − λ) − b̃ᵀv − c̃ᵀh = E(v, h) − μᵀWλ for every (v, h):
// the same distribution.
func CenteredBiases(m *rbm.Binary, mu, lambda []float64) (b, c []float64, err error) {
	if err := checkOffsets(m, mu, lambda); err != nil {
		return nil, nil, fmt.Errorf("learn: CenteredBiases: %w", err)
	}
	nv, nh := m.W.Dims()
	b = append([]float64(nil), m.B...)
	c = append([]float64(nil), m.C...)
	for i := 0; i < nv; i++ {
		row := m.W.RawRowView(i)
		for j := 0; j < nh; j++ {
			b[i] += row[j] * lambda[j]
			c[j] += row[j] * mu[i]
		}
	}
	return b, c, nil
}

// StandardBiases is the inverse of CenteredBiases: it returns the standard
// biases b = b̃ − Wλ and c = c̃ − Wᵀμ of the centred RBM with weights
// m.W, centred biases cb (visible) and cc (hidden) and offsets mu, lambda.
// m's own biases are not read.
func StandardBiases(m *rbm.Binary, cb, cc, mu, lambda []float64) (b, c []float64, err error) {
	if err := checkOffsets(m, mu, lambda); err != nil {
		return nil, nil, fmt.Errorf("learn: StandardBiases: %w", err)
	}
	nv, nh := m.W.Dims()
	if len(cb) != nv || len(cc) != nh {
		return nil, nil, fmt.Errorf("learn: StandardBiases: biases have %d and %d elements, model has %d visible and %d hidden units", len(cb), len(cc), nv, nh)
	}
	b = append([]float64(nil), cb...)
	c = append([]float64(nil), cc...)
	for i := 0; i < nv; i++ {
		row := m.W.RawRowView(i)
		for j := 0; j < nh; j++ {
			b[i] -= row[j] * lambda[j]
			c[j] -= row[j] * mu[i]
		}
	}
	return b, c, nil
}

func checkOffsets(m *rbm.Binary, mu, lambda []float64) error {
	if m == nil || m.W == nil {
		return errors.New("nil model")
	}
	nv, nh := m.W.Dims()
	if len(mu) != nv || len(lambda) != nh {
		return fmt.Errorf("offsets have %d and %d elements, model has %d visible and %d hidden units", len(mu), len(lambda), nv, nh)
	}
	return nil
}
