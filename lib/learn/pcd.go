package learn

import (
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// PCD is persistent contrastive divergence, PCD-k (Tieleman 2008), for
// binary RBMs. Its negative chains are never reset to the data: each
// update advances the same persistent chains K steps under the current
// model, and with P₀ = p(h=1|V₀) for the batch V₀ (n rows) and the chain
// states V_c (N chains) with P_c = p(h=1|V_c) it estimates
//
//	∂W = V₀ᵀP₀/n − V_cᵀP_c/N,  ∂b = mean(V₀) − mean(V_c),  ∂c = mean(P₀) − mean(P_c).
//
// The chains start at the rows of the first batch (chain k at row k mod n).
// Make it with NewPCD. After the first update it does not allocate. The
// chains belong to the model of the first update: PCD refuses another
// model until Reset (see the package doc).
type PCD struct {
	// K is the number of sampling steps per update (≥ 1).
	K int
	// N is the number of persistent chains; 0 means the size of the first
	// batch. It is read when the chains are made, at the first update (or
	// when the model's shape changes): setting it later does not resize
	// them (Chains().SetVisible does).
	N int
	// Sampler runs the persistent chains (block Gibbs by default).
	Sampler mcmc.Sampler

	chains *mcmc.Chains
	grad   *Grad
	pos    *mat.Dense
	owner  bound
	pt     bool    // the PCD inside a PT learner
	f32    gradBuf // float32 statistics for a model of precision Float32
}

// NewPCD returns a PCD-k learner with k sampling steps (k ≤ 0 means 1) per
// update on n persistent chains (0: as many as the first batch has rows),
// run by s; a nil s is block Gibbs seeded with 1.
func NewPCD(k, n int, s mcmc.Sampler) *PCD {
	if k <= 0 {
		k = 1
	}
	if s == nil {
		s = mcmc.NewGibbs(1)
	}
	return &PCD{K: k, N: max(n, 0), Sampler: s}
}

// Steps returns K.
func (l *PCD) Steps() int { return l.K }

// Reset forgets the persistent chains and the model the learner was
// training, so that it can train another (see the package doc on
// learners' state): the next update starts new chains. The sampler's
// random streams run on.
func (l *PCD) Reset() { *l = PCD{K: l.K, N: l.N, Sampler: l.Sampler, pt: l.pt} }

// name is "PCD", or "PT" for the PCD inside a PT learner.
func (l *PCD) name() string {
	if l.pt {
		return "PT"
	}
	return "PCD"
}

// Chains returns the persistent chains (nil before the first update), e.g.
// to look at the model's samples. They are the learner's state: changing
// them changes the next updates.
func (l *PCD) Chains() *mcmc.Chains { return l.chains }

// Update makes one PCD-k update of m (an [*rbm.Binary]) from batch through
// opt.
func (l *PCD) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	return updateIn("PCD", m, batch, opt, l.gradient)
}

// Gradient advances the persistent chains K steps under m and returns the
// PCD gradient estimate for batch without changing m. The returned Grad is
// owned by l and overwritten by the next call.
func (l *PCD) Gradient(m *rbm.Binary, batch *mat.Dense) (*Grad, error) {
	g, _, err := l.gradient(m, batch, false)
	return g, err
}

// gradient is Gradient; with lazyW set, a float32 model's weight gradient
// is left in float32 and returned besides (see binaryGradIn).
func (l *PCD) gradient(m *rbm.Binary, batch *mat.Dense, lazyW bool) (*Grad, []float32, error) {
	if m == nil || batch == nil {
		return nil, nil, errors.New("learn: PCD: nil model or batch")
	}
	if l.Sampler == nil {
		return nil, nil, errors.New("learn: PCD: nil sampler (use NewPCD)")
	}
	n, cols := batch.Dims()
	if cols != m.Visible() {
		return nil, nil, fmt.Errorf("learn: PCD: batch has %d columns, model has %d visible units", cols, m.Visible())
	}
	if i, j, bad := nonFinite(batch); bad {
		return nil, nil, fmt.Errorf("learn: PCD: batch has %v at row %d, column %d", batch.At(i, j), i, j)
	}
	if err := l.owner.bind(m, l.name()); err != nil {
		return nil, nil, fmt.Errorf("learn: %w", err)
	}
	if l.chains == nil || l.chains.V.RawMatrix().Cols != cols || l.chains.H.RawMatrix().Cols != m.Hidden() {
		c, err := persistentChains(m, batch, l.N)
		if err != nil {
			return nil, nil, fmt.Errorf("learn: PCD: %w", err)
		}
		l.chains = c
		l.grad = NewGrad(m)
	}
	if err := l.Sampler.Sample(m, l.chains, max(l.K, 1)); err != nil {
		return nil, nil, fmt.Errorf("learn: PCD: %w", err)
	}
	l.pos = buf.Dense(l.pos, n, m.Hidden())
	hiddenProbIn(m, &l.f32, l.pos, batch)
	if err := l.chains.HiddenProb(m); err != nil {
		return nil, nil, fmt.Errorf("learn: PCD: %w", err)
	}
	w32 := binaryGradIn(m.Precision, &l.f32, l.grad, batch, l.pos, l.chains.V, l.chains.PH, lazyW)
	return l.grad, w32, nil
}

// persistentChains returns the persistent chains of PCD and FPCD: nc
// chains of m (nc = n, or the rows of batch when n is 0), chain k starting
// at row k mod rows of batch and its hidden states at 0
// ([mcmc.NewChainsFrom]). It refuses an n that [mcmc.CheckChainCount]
// refuses.
func persistentChains(m *rbm.Binary, batch *mat.Dense, n int) (*mcmc.Chains, error) {
	rows, cols := batch.Dims()
	if n == 0 {
		n = rows
	}
	if err := mcmc.CheckChainCount(m, n); err != nil {
		return nil, err
	}
	init := mat.NewDense(n, cols, nil)
	for k := 0; k < n; k++ {
		init.SetRow(k, batch.RawRowView(k%rows))
	}
	return mcmc.NewChainsFrom(m, init)
}
