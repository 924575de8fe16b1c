package learn

import (
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// PT is learning with parallel tempering (Desjardins et al. 2010) for
// binary RBMs: the PCD gradient with its negative phase from the β = 1
// replicas of an [mcmc.Tempered] sampler. The sampler keeps, for each of the
// N persistent chains, replicas at inverse temperatures 1 = β_1 > … >
// β_t ≥ 0, replica i sampling p_βi(v, h) ∝ exp(−β_i E(v, h)) with the base
// sampler (k steps per update), followed by swaps of neighbouring
// replicas accepted with probability
// min(1, exp((β_i − β_{i+1})(E(x_i) − E(x_{i+1})))). With V_1 the β = 1
// states and P = p(h=1|V) under the model, the gradient estimate is
//
//	∂W = V₀ᵀP₀/n − V_1ᵀP_1/N,  ∂b = mean V₀ − mean V_1,  ∂c = mean P₀ − mean P_1.
//
// Make it with NewPT. The replicas belong to the model of the first
// update: PT refuses another model until Reset (see the package doc).
type PT struct {
	tempered *mcmc.Tempered
	k        int
	pcd      *PCD
}

// NewPT returns a PT learner with k base sampling steps (k ≤ 0 means 1)
// per temperature and update, inverse temperatures betas (betas[0] = 1,
// strictly decreasing, ≥ 0; nil means mcmc.UniformBetas(10)), n
// persistent chains (0: the first batch's size), the base sampler base for
// every temperature (nil: block Gibbs seeded with seed) and swap decisions
// seeded with seed.
func NewPT(k int, betas []float64, n int, seed uint64, base mcmc.Sampler) (*PT, error) {
	if n < 0 {
		return nil, fmt.Errorf("learn: NewPT: negative number of chains %d", n)
	}
	if base == nil {
		base = mcmc.NewGibbs(seed)
	}
	k = max(k, 1)
	t, err := mcmc.NewTempered(base, betas, k, seed)
	if err != nil {
		return nil, fmt.Errorf("learn: NewPT: %w", err)
	}
	pcd := NewPCD(1, n, t)
	pcd.pt = true
	return &PT{tempered: t, k: k, pcd: pcd}, nil
}

// Steps returns k·t: every temperature's replicas take k base steps.
func (l *PT) Steps() int { return l.k * len(l.tempered.Betas()) }

// Reset forgets the chains at every temperature, the swap counts and the
// model the learner was training, so that it can train another (see the
// package doc on learners' state). The random streams run on.
func (l *PT) Reset() {
	l.pcd.Reset()
	l.tempered.Reset()
}

// Betas returns the inverse temperatures.
func (l *PT) Betas() []float64 { return l.tempered.Betas() }

// Sampler returns the tempered sampler, e.g. for its swap statistics.
func (l *PT) Sampler() *mcmc.Tempered { return l.tempered }

// Chains returns the chains at β = 1 (nil before the first update).
func (l *PT) Chains() *mcmc.Chains { return l.pcd.Chains() }

// Acceptance returns, for each pair of neighbouring temperatures
// (i, i+1), the fraction of proposed swaps accepted so far
// ([mcmc.Tempered.AcceptRates]).
func (l *PT) Acceptance() []float64 { return l.tempered.AcceptRates() }

// Update makes one PT update of m (an [*rbm.Binary]) from batch through opt.
func (l *PT) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	return update("PT", m, batch, opt, l.Gradient)
}

// Gradient advances the tempered chains by one transition (k base steps
// at every temperature, then one round of swaps) under m and returns the
// gradient estimate for batch without changing m. The Grad is owned by l.
func (l *PT) Gradient(m *rbm.Binary, batch *mat.Dense) (*Grad, error) {
	if l == nil || l.pcd == nil {
		return nil, errors.New("learn: PT: not made with NewPT")
	}
	g, err := l.pcd.Gradient(m, batch)
	if err != nil {
		return nil, fmt.Errorf("learn: PT: %w", err)
	}
	return g, nil
}

var _ Learner = (*PT)(nil)
