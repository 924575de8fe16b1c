package learn

import (
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// FPCD is fast persistent contrastive divergence (Tieleman and Hinton
// 2009) for binary RBMs. Next to the model's (slow) parameters θ it keeps
// fast parameters θ_F, starting at 0; the persistent chains sample the
// model θ + θ_F. With g the PCD gradient estimate (positive phase on the
// batch under θ, negative phase on the chains' states with E[h|v] under
// θ), one update makes
//
//	θ ← θ + ε g   (through the optimiser),
//	θ_F ← Decay·θ_F + ε_F g,
//
// Decay = 19/20 by default. The fast parameters push the chains away from
// the modes they have just visited, which speeds up their mixing.
//
// Make it with NewFPCD. After the first update it does not allocate. Its
// chains and fast weights belong to the model of the first update: FPCD
// refuses another model until Reset (see the package doc).
type FPCD struct {
	// K is the number of sampling steps per update (≥ 1).
	K int
	// N is the number of persistent chains; 0 means the size of the first
	// batch. It is read when the chains are made, at the first update (or
	// when the model's shape changes): setting it later does not resize
	// them (Chains().SetVisible does).
	N int
	// Sampler runs the persistent chains.
	Sampler mcmc.Sampler
	// FastRate is ε_F. Zero means the rate of the optimiser at the first
	// update, which must then be an *SGD (Train's optimiser), kept fixed
	// after that (Tieleman and Hinton set ε_F to the initial ε).
	FastRate float64
	// Decay is the factor applied to θ_F each update; 0 means 19/20.
	Decay float64

	chains *mcmc.Chains
	fast   *rbm.Binary // θ_F
	sum    *rbm.Binary // θ + θ_F, the model the chains sample
	grad   *Grad
	pos    *mat.Dense
	ps, pf [][]float64 // parameter slices of m and of the fast model
	pt     [][]float64 // parameter slices of the summed model
	f32    gradBuf     // float32 statistics for a model of precision Float32

	// pending is true when the fast update of the last Update,
	// θ_F ← decay·θ_F + rate·grad, is still to be made: it is made in the
	// same pass as the sum θ + θ_F of the next Update (or by Fast).
	pending     bool
	decay, rate float64
	owner       bound
}

// NewFPCD returns an FPCD learner with k sampling steps (k ≤ 0 means 1) per
// update on n persistent chains (0: as many as the first batch has rows),
// run by s (nil: block Gibbs seeded with 1), fast rate fastRate (0: see
// FPCD.FastRate) and decay 19/20.
func NewFPCD(k, n int, fastRate float64, s mcmc.Sampler) *FPCD {
	if k <= 0 {
		k = 1
	}
	if s == nil {
		s = mcmc.NewGibbs(1)
	}
	return &FPCD{K: k, N: max(n, 0), Sampler: s, FastRate: fastRate}
}

// Steps returns K.
func (l *FPCD) Steps() int { return max(l.K, 1) }

// Reset forgets the persistent chains, the fast parameters and the model
// the learner was training, so that it can train another (see the package
// doc on learners' state). FastRate keeps its value (the optimiser's rate
// at the first update, if it was 0 then). The sampler's random streams
// run on.
func (l *FPCD) Reset() {
	*l = FPCD{K: l.K, N: l.N, Sampler: l.Sampler, FastRate: l.FastRate, Decay: l.Decay}
}

// Chains returns the persistent chains (nil before the first update).
func (l *FPCD) Chains() *mcmc.Chains { return l.chains }

// Fast returns the fast parameters θ_F as a model (nil before the first
// update), up to date with the last Update; it is the learner's state.
//
// Update leaves the last fast step, θ_F ← Decay·θ_F + ε_F g, to be made in
// the same pass over the parameters as the next update's sum θ + θ_F; Fast
// makes it first if it is still pending.
func (l *FPCD) Fast() *rbm.Binary {
	if l.pending {
		for k, f := range l.pf {
			l.fastStep(k, f, nil, nil)
		}
		l.pending = false
	}
	return l.fast
}

// Update makes one FPCD update of m (an [*rbm.Binary]) from batch through
// opt, and updates the fast parameters.
func (l *FPCD) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	b, ok := m.(*rbm.Binary)
	if !ok {
		return fmt.Errorf("learn: FPCD.Update: model is %T, want *rbm.Binary", m)
	}
	if opt == nil {
		return errors.New("learn: FPCD.Update: nil optimizer")
	}
	if err := l.update(b, batch, opt); err != nil {
		return fmt.Errorf("learn: FPCD.Update: %w", err)
	}
	return nil
}

func (l *FPCD) update(m *rbm.Binary, batch *mat.Dense, opt Optimizer) error {
	if m == nil || m.W == nil || batch == nil {
		return errors.New("nil model or batch")
	}
	if l.Sampler == nil {
		return errors.New("nil sampler (use NewFPCD)")
	}
	if l.FastRate < 0 || l.Decay < 0 || l.Decay > 1 {
		return fmt.Errorf("fast rate %v must be ≥ 0 and decay %v in [0, 1]", l.FastRate, l.Decay)
	}
	n, cols := batch.Dims()
	nv, nh := m.Visible(), m.Hidden()
	if cols != nv {
		return fmt.Errorf("batch has %d columns, model has %d visible units", cols, nv)
	}
	if i, j, bad := nonFinite(batch); bad {
		return fmt.Errorf("batch has %v at row %d, column %d", batch.At(i, j), i, j)
	}
	if err := l.owner.bind(m, "FPCD"); err != nil {
		return err
	}
	if l.FastRate == 0 {
		sgd, ok := opt.(*SGD)
		if !ok {
			return fmt.Errorf("FastRate is 0 and the optimizer is %T, not *SGD: set FastRate", opt)
		}
		l.FastRate = sgd.Rate
	}
	if l.chains == nil || l.fast.Visible() != nv || l.fast.Hidden() != nh {
		c, err := persistentChains(m, batch, l.N)
		if err != nil {
			return err
		}
		l.chains = c
		l.fast = &rbm.Binary{W: mat.NewDense(nv, nh, nil), B: make([]float64, nv), C: make([]float64, nh)}
		l.sum = &rbm.Binary{W: mat.NewDense(nv, nh, nil), B: make([]float64, nv), C: make([]float64, nh)}
		l.grad = NewGrad(m)
		l.pending = false
	}
	l.ps, l.pf, l.pt = params(m, l.ps), params(l.fast, l.pf), params(l.sum, l.pt)
	l.sum.Precision = m.Precision // the chains sample θ + θ_F in the model's precision
	l.sync()
	l.sum.Changed() // written above: a Float32 sum makes its float32 copy again
	if err := l.Sampler.Sample(l.sum, l.chains, max(l.K, 1)); err != nil {
		return err
	}
	l.pos = buf.Dense(l.pos, n, nh)
	hiddenProbIn(m, &l.f32, l.pos, batch)
	if err := l.chains.HiddenProb(m); err != nil {
		return err
	}
	binaryGradIn(m.Precision, &l.f32, l.grad, batch, l.pos, l.chains.V, l.chains.PH, false)
	if err := opt.Step(m, l.grad); err != nil {
		return err
	}
	l.decay = l.Decay
	if l.decay == 0 {
		l.decay = 19.0 / 20
	}
	l.rate = l.FastRate
	l.pending = true
	return nil
}

// sync writes the model the chains sample, θ + θ_F, into l.sum, making
// first the pending fast step θ_F ← decay·θ_F + rate·g of the last update,
// in one pass over the parameters (reading θ, θ_F and g, writing θ_F and
// the sum).
func (l *FPCD) sync() {
	for k, s := range l.pt {
		a, f := l.ps[k][:len(s)], l.pf[k][:len(s)]
		if !l.pending {
			for i := range s {
				s[i] = a[i] + f[i]
			}
			continue
		}
		l.fastStep(k, f, a, s)
	}
	l.pending = false
}

// fastStep makes the pending fast step on f, the k-th parameter slice of
// θ_F: f_i ← decay·f_i + rate·g_i with g the gradient of the last update;
// if sum is not nil it also writes sum_i = a_i + f_i (θ + θ_F) in the same
// pass.
func (l *FPCD) fastStep(k int, f, a, sum []float64) {
	g := l.grad.Parts[k][:len(f)]
	d, r := l.decay, l.rate
	for i := range f {
		x := d*f[i] + r*g[i]
		f[i] = x
		if sum != nil {
			sum[i] = a[i] + x
		}
	}
}
