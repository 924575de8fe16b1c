package learn

import (
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// CD is contrastive divergence, CD-k, for binary RBMs. For a batch V₀ of n
// rows it runs chains started at V₀ for K steps of Sampler, giving V_k, and
// estimates the gradient as
//
//	∂W = (V₀ᵀ P₀ − V_kᵀ P_k)/n,  ∂b = mean(V₀ − V_k),  ∂c = mean(P₀ − P_k),
//
// with P₀ = p(h=1|V₀) (positive phase, E[h|v]) and P_k = p(h=1|V_k)
// (negative phase), computed by the learner after the sampler has run:
// Sampler may be any [mcmc.Sampler], one's own included, and only its states
// V_k are used. The chains start at V₀ with hidden states drawn from
// p(h|V₀) (for Gibbs, Flip and Tempered, see [mcmc.SampleFrom]), so that
// the gradient does not depend on the order of the rows or on the batch
// before; a sampler of one's own that reads H finds it as the last update
// left it (0 at the first). P₀ comes from
// [mcmc.SampleFrom], which takes it from the first half-step of the
// library's samplers. Make it with NewCD. It reuses its buffers: after the
// first update with a given batch size it does not allocate. H is state:
// it belongs to the model of the first update, and CD refuses another
// model until Reset (see the package doc).
type CD struct {
	// K is the number of sampling steps per update (≥ 1).
	K int
	// Sampler runs the negative chains (block Gibbs by default).
	Sampler mcmc.Sampler

	chains *mcmc.Chains
	grad   *Grad
	pos    *mat.Dense
	owner  bound
	f32    gradBuf
}

// NewCD returns a CD-k learner with k sampling steps (k ≤ 0 means 1) run by
// s; a nil s is block Gibbs seeded with 1 (mcmc.NewGibbs(1)).
func NewCD(k int, s mcmc.Sampler) *CD {
	if k <= 0 {
		k = 1
	}
	if s == nil {
		s = mcmc.NewGibbs(1)
	}
	return &CD{K: k, Sampler: s}
}

// Steps returns K.
func (l *CD) Steps() int { return l.K }

// Reset forgets the chains' states and the model the learner was
// training, so that it can train another (see the package doc on
// learners' state). The sampler's random streams run on.
func (l *CD) Reset() { *l = CD{K: l.K, Sampler: l.Sampler} }

// Update makes one CD-k update of m (which must be an [*rbm.Binary]) from
// batch through opt.
func (l *CD) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	return updateIn("CD", m, batch, opt, l.gradient)
}

// Gradient returns the CD-k gradient estimate for m on batch without
// changing m. The returned Grad is owned by l and overwritten by the next
// call.
func (l *CD) Gradient(m *rbm.Binary, batch *mat.Dense) (*Grad, error) {
	g, _, err := l.gradient(m, batch, false)
	return g, err
}

// gradient is Gradient; with lazyW set, a float32 model's weight gradient
// is left in float32 and returned besides (see binaryGradIn).
func (l *CD) gradient(m *rbm.Binary, batch *mat.Dense, lazyW bool) (*Grad, []float32, error) {
	if m == nil || batch == nil {
		return nil, nil, errors.New("learn: CD: nil model or batch")
	}
	if l.Sampler == nil {
		return nil, nil, errors.New("learn: CD: nil sampler (use NewCD)")
	}
	k := max(l.K, 1)
	n, cols := batch.Dims()
	if cols != m.Visible() {
		return nil, nil, fmt.Errorf("learn: CD: batch has %d columns, model has %d visible units", cols, m.Visible())
	}
	if err := l.owner.bind(m, "CD"); err != nil {
		return nil, nil, fmt.Errorf("learn: %w", err)
	}
	if l.chains == nil || l.chains.V.RawMatrix().Cols != cols || l.chains.H.RawMatrix().Cols != m.Hidden() {
		c, err := mcmc.NewChains(m, n, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("learn: CD: %w", err)
		}
		l.chains = c
		l.grad = NewGrad(m)
		l.pos = nil
	}
	// The chains start at the batch; SampleFrom gives P₀ = p(h=1|V₀) with
	// it, from the sampler's first half-step when it is one of mcmc's.
	l.pos = buf.Dense(l.pos, n, m.Hidden())
	if err := mcmc.SampleFrom(l.Sampler, m, l.chains, batch, k, l.pos); err != nil {
		return nil, nil, fmt.Errorf("learn: CD: %w", err)
	}
	if err := l.chains.HiddenProb(m); err != nil {
		return nil, nil, fmt.Errorf("learn: CD: %w", err)
	}
	w32 := binaryGradIn(m.Precision, &l.f32, l.grad, batch, l.pos, l.chains.V, l.chains.PH, lazyW)
	return l.grad, w32, nil
}

// hiddenProb writes p = σ(v·W + 1·cᵀ): the product, then per row the bias
// and [rbm.SigmoidInPlace] (an in-line exponential, about twice as fast as
// math.Exp per element, and what the samplers' half-steps use).
func hiddenProb(m *rbm.Binary, p, v *mat.Dense) {
	pr := p.RawMatrix()
	kern.Gemm64(false, false, 1, v.RawMatrix(), m.W.RawMatrix(), 0, pr)
	for i := 0; i < pr.Rows; i++ {
		row := pr.Data[i*pr.Stride : i*pr.Stride+pr.Cols]
		c := m.C[:len(row)]
		for j := range row {
			row[j] += c[j]
		}
		rbm.SigmoidInPlace(row)
	}
}

// nonFinite returns the position of the first NaN or infinite element of d.
func nonFinite(d *mat.Dense) (i, j int, bad bool) {
	raw := d.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		for j, x := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			if x-x != 0 { // NaN or ±Inf (x − x is 0 for every finite x): one test per element
				return i, j, true
			}
		}
	}
	return 0, 0, false
}
