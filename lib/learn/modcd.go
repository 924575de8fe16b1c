package learn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// ModifiedCD is the modified contrastive divergence of Liao et al. (2022)
// for Gaussian-Bernoulli RBMs ([rbm.Gaussian]), their Algs. 3 (joint density)
// and 4 (marginal density). For a batch V⁺ of n rows it
//
//  1. takes the positive statistics of V⁺ with E[h|v⁺] = p(h=1|v⁺);
//  2. starts Chains negative chains from noise, v⁻₀ ~ N(0, I) and
//     h⁻₀ ~ p(h|v⁻₀), not from the data;
//  3. sets the sampler's initial step to Step·σ̄², σ̄² = mean_i σ_i² (if the
//     sampler has a SetStep method: mcmc.Langevin, mcmc.GibbsLangevin), and
//     runs K transitions;
//  4. takes the negative statistics of the final states: (v⁻, h⁻) for the
//     joint density (Alg. 3, h⁻ the sampled hidden states), or (v⁻,
//     p(h=1|v⁻)) for the marginal density (Marginal, Alg. 4, Eqs. 33-36),
//     p(h=1|v⁻) taken from the chains' PH after mcmc's own samplers,
//     which leave it there, and computed for any other sampler;
//  5. forms the gradient estimate g = ⟨−∂E/∂θ⟩⁺ − ⟨−∂E/∂θ⟩⁻ (Eqs. 14-17,
//     batch means, see rbm.Gaussian.EnergyGrad), clips its Euclidean norm
//     over all parameters to Clip (g ← g·Clip/‖g‖ when ‖g‖ > Clip), and
//     hands it to the optimiser (an ascent step).
//
// The paper's cosine learning-rate decay to 0 is Train's schedule: use
// Settings{Schedule: Cosine{}}. Positive statistics use p(h|v) rather than
// a sampled h⁺ (Alg. 3, line 4), the same expectation with less variance,
// unless SamplePositive is set. That variance can matter: on standardised
// data the noise N(0, I) of the negative chains has the data's mean and
// covariance, so at small W the gradient vanishes to second order and the
// best single Gaussian is a flat saddle; the marginal learner with
// p(h|v) on both sides (no hidden-unit noise at all) can stay there,
// while sampled h⁺ moves it off (TestModifiedCDSamplePositive). Samples
// of h⁺ are what the paper's Alg. 3 prescribes.
// The paper's burn-in M = 0 averages over every state of the chain; here
// only the final state is used, as in CD-k. Make it with NewModifiedCD.
type ModifiedCD struct {
	// K is the number of sampler transitions per update (≥ 1).
	K int
	// Sampler runs the negative chains; [mcmc.NewGibbsLangevin] (joint) or
	// [mcmc.NewLangevin] (marginal) in the paper, [mcmc.NewGaussGibbs] also.
	Sampler mcmc.GaussianSampler
	// Step is the initial Langevin step α0 before scaling by the mean
	// variance; 0 leaves the sampler's step as it is.
	Step float64
	// Marginal uses p(h=1|v⁻) for the negative statistics (Alg. 4).
	Marginal bool
	// Clip is the bound on the gradient norm; 0 means 10 (the paper's),
	// a negative value turns clipping off.
	Clip float64
	// Chains is the number of negative chains; 0 means the batch size.
	Chains int
	// SamplePositive takes the positive statistics with sampled hidden
	// states h⁺ ~ p(h|v⁺) (Alg. 3, line 4) instead of their expectation
	// p(h=1|v⁺), for the joint and the marginal learner alike; the
	// draws come from the learner's source.
	SamplePositive bool

	// LastNorm is the gradient norm of the last update before clipping.
	LastNorm float64

	rng    *rand.Rand
	src    *rand.PCG // rng's source, for MarshalBinary
	chains *mcmc.Chains
	grad   *Grad
	ph     *mat.Dense
	pbuf   [][]float64 // the model's parameter slices (params)
}

// NewModifiedCD returns a modified-CD learner with k transitions (k ≤ 0
// means 1) of s per update, initial step step (scaled by the mean variance
// before every update), clipping at 10, and the noise of the negative
// chains from a PCG source seeded with seed. A nil s is Gibbs-Langevin
// without adjustment, 10 inner steps, seeded with seed.
func NewModifiedCD(k int, s mcmc.GaussianSampler, step float64, seed uint64) *ModifiedCD {
	if s == nil {
		s = mcmc.NewGibbsLangevin(max(step, 1e-3), 10, false, seed)
	}
	src := rand.NewPCG(seed, 0x6d636421)
	return &ModifiedCD{K: max(k, 1), Sampler: s, Step: step, rng: rand.New(src), src: src}
}

// Steps returns K.
func (l *ModifiedCD) Steps() int { return l.K }

// Update makes one modified-CD update of m (an [*rbm.Gaussian]) from batch
// through opt.
func (l *ModifiedCD) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	return update("ModifiedCD", m, batch, opt, l.Gradient)
}

// Gradient returns the clipped modified-CD gradient estimate for m on
// batch without changing m's parameters. The returned Grad is owned by l
// and overwritten by the next call.
func (l *ModifiedCD) Gradient(m *rbm.Gaussian, batch *mat.Dense) (*Grad, error) {
	if l.rng == nil || l.Sampler == nil {
		return nil, errors.New("learn: ModifiedCD: not made with NewModifiedCD (nil sampler or source)")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	if batch == nil || batch.IsEmpty() {
		return nil, errors.New("learn: ModifiedCD: empty batch")
	}
	n, cols := batch.Dims()
	if cols != m.Visible() {
		return nil, fmt.Errorf("learn: ModifiedCD: batch has %d columns, model has %d visible units", cols, m.Visible())
	}
	if i, j, bad := nonFinite(batch); bad {
		return nil, fmt.Errorf("learn: ModifiedCD: batch has %v at row %d, column %d", batch.At(i, j), i, j)
	}
	nc := l.Chains
	if nc <= 0 {
		nc = n
	}
	if l.chains == nil || l.chains.Len() != nc || l.chains.V.RawMatrix().Cols != cols || l.chains.H.RawMatrix().Cols != m.Hidden() {
		c, err := mcmc.NewGaussianChains(m, nc, nil)
		if err != nil {
			return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
		}
		l.chains = c
	}
	l.pbuf = params(m, l.pbuf)
	if l.grad == nil || l.grad.fits(l.pbuf) != nil {
		l.grad = NewGrad(m)
	}
	l.grad.Zero()
	l.ph = buf.Dense(l.ph, n, m.Hidden())
	m.HiddenProb(l.ph, batch)
	if l.SamplePositive {
		rbm.SampleBernoulli(l.ph.RawMatrix().Data, l.rng)
	}
	if err := m.EnergyGrad(l.grad.Parts, batch, l.ph, 1); err != nil {
		return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	if err := l.chains.ResetNoise(m, l.rng); err != nil {
		return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	if ss, ok := l.Sampler.(interface{ SetStep(float64) }); ok && l.Step > 0 {
		ss.SetStep(l.Step * m.MeanVar())
	}
	if err := l.Sampler.SampleGaussian(m, l.chains, max(l.K, 1)); err != nil {
		return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	neg := l.chains.H
	if l.Marginal {
		neg = l.chains.PH
		switch l.Sampler.(type) {
		case *mcmc.GaussGibbs, *mcmc.Langevin, *mcmc.GibbsLangevin:
			// These leave PH = p(h=1|v) of the final visible states
			// ([mcmc.GaussianSampler]); the exact type, not a type
			// embedding one of them with a SampleGaussian of its own.
		default:
			// Any other sampler may leave PH in any state.
			m.HiddenProb(l.chains.PH, l.chains.V)
		}
	}
	if i, j, bad := nonFinite(l.chains.V); bad {
		return nil, fmt.Errorf("learn: ModifiedCD: negative chain %d diverged (visible unit %d is %v): step size too large?", i, j, l.chains.V.At(i, j))
	}
	if err := m.EnergyGrad(l.grad.Parts, l.chains.V, neg, -1); err != nil {
		return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	norm := l.grad.Norm()
	l.LastNorm = norm
	if math.IsNaN(norm) || math.IsInf(norm, 0) {
		// Clipping would scale such a gradient to 0 or NaN and freeze or
		// poison the model without a word.
		return nil, fmt.Errorf("learn: ModifiedCD: gradient norm is %v (negative chains far out: step size too large?)", norm)
	}
	clip := l.Clip
	if clip == 0 {
		clip = 10
	}
	if clip > 0 && norm > clip {
		f := clip / norm
		for _, p := range l.grad.Parts {
			for i := range p {
				p[i] *= f
			}
		}
	}
	return l.grad, nil
}

// Negative returns the negative chains of the last update (nil before the
// first): their rows of V are the model's samples started from noise.
func (l *ModifiedCD) Negative() *mcmc.Chains { return l.chains }

// GaussianLogLikelihood returns the observer "loglik" for a
// Gaussian-Bernoulli RBM: the exact mean log-likelihood of the examples of
// set, (1/N) Σ_n ln p(v_n) = −(1/N) Σ_n F(v_n) − ln Z, computed by
// [rbm.Gaussian.LogLikelihoodContext] with the run's context (enumerates the
// 2^n hidden states, checking the context every 4096; fails above
// [rbm.MaxExactUnits] hidden units or for other models).
func GaussianLogLikelihood(set *data.Set) Observer {
	return Observer{Name: "loglik", Func: func(ctx context.Context, m rbm.Model) (float64, error) {
		g, ok := m.(*rbm.Gaussian)
		if !ok {
			return 0, fmt.Errorf("learn: loglik: model is %T, want *rbm.Gaussian", m)
		}
		if set == nil || set.X == nil {
			return 0, errors.New("learn: loglik: nil data set")
		}
		ll, err := g.LogLikelihoodContext(ctx, set.X)
		if err != nil {
			return 0, fmt.Errorf("learn: loglik on set %q: %w", set.Name, err)
		}
		if math.IsNaN(ll) {
			return 0, fmt.Errorf("learn: loglik on set %q is NaN", set.Name)
		}
		return ll, nil
	}}
}

// ModifiedCD is a Learner.
var _ Learner = (*ModifiedCD)(nil)
