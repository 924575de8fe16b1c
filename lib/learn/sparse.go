package learn

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Sparse adds a sparsity target on the hidden activations to any learner
// of binary RBMs (Lee, Ekanadham and Ng 2008; Hinton, "A practical guide
// to training RBMs", 2010, §11). At each update it takes the mean hidden
// activation of the batch V (n rows), q̂_j = (1/n) Σ_r p(h_j = 1 | v_r),
// into a running estimate
//
//	q_j ← Decay·q_j + (1 − Decay)·q̂_j
//
// (q starts at the first batch's q̂), then lets [Learner] make its update
// through an optimiser that adds, to every gradient the learner hands it,
// the gradient of the penalty −Cost·Σ_j CE(Target ‖ q_j), CE(p ‖ q) =
// −p log q − (1 − p) log(1 − q) the cross-entropy, with respect to the
// hidden biases:
//
//	∂c_j += −Cost·(q_j − Target),
//
// since the derivative of the cross-entropy with respect to the total input
// x_j of a logistic unit is q_j − Target (Hinton §11.2, taking q_j as the
// unit's probability). With Weights set it adds the same signal to the
// incoming weights, as Hinton suggests, chained through ∂x_j/∂W_ij = v_i
// with the batch mean v̄_i:
//
//	∂W_ij += −Cost·(q_j − Target)·v̄_i.
//
// The learner's own gradient is not changed (the sum goes into a buffer of
// Sparse's). The visible biases are never penalised. A learner that steps
// more than once per batch (SDCP) gets the penalty at every step, with the
// q of the batch. With SSD the penalty is added to the direction SSD hands
// the optimiser (its steepest-ascent step, whose entries scale with the
// gradient's norms), so Cost must be scaled to it. Make it with NewSparse;
// it costs one product V·W per update on top of [Learner]'s, and does not
// allocate after the first update. Its state, q, belongs to the model of
// its first update, as the wrapped learner's does: another model is an
// error until Reset. It saves its state and the wrapped learner's for a
// checkpoint (MarshalBinary) when that learner can.
type Sparse struct {
	// Learner makes the updates.
	Learner Learner
	// Target is the target mean activation p of every hidden unit, in
	// (0, 1).
	Target float64
	// Cost is the weight of the penalty (≥ 0; Hinton suggests trying
	// 0.01 to 0.1 of the gradient's scale).
	Cost float64
	// Decay is λ of the running estimate, in [0, 1); 0 means 0.95 (Hinton
	// suggests 0.9 to 0.99).
	Decay float64
	// Weights, if set, penalises the weights too, not only the hidden
	// biases.
	Weights bool

	owner bound
	q     []float64
	ph    *mat.Dense
	vbar  []float64
	opt   sparseOpt
}

// NewSparse returns l with the sparsity target p at cost cost, penalising
// the hidden biases only, with the running estimate's default decay.
func NewSparse(l Learner, p, cost float64) *Sparse {
	return &Sparse{Learner: l, Target: p, Cost: cost}
}

// Steps returns the wrapped learner's Steps.
func (s *Sparse) Steps() int {
	if s.Learner == nil {
		return 0
	}
	return s.Learner.Steps()
}

// Q returns the running estimate q of the mean hidden activations (nil
// before the first update), the learner's state.
func (s *Sparse) Q() []float64 { return s.q }

// Update updates q from batch and makes [Learner]'s update of m (an
// [*rbm.Binary]) through opt, with the penalty added to its gradients.
func (s *Sparse) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	b, ok := m.(*rbm.Binary)
	if !ok {
		return fmt.Errorf("learn: Sparse.Update: model is %T, want *rbm.Binary", m)
	}
	switch {
	case s.Learner == nil:
		return errors.New("learn: Sparse.Update: nil Learner")
	case opt == nil:
		return errors.New("learn: Sparse.Update: nil optimizer")
	case !(s.Target > 0 && s.Target < 1):
		return fmt.Errorf("learn: Sparse.Update: Target %v is not in (0, 1)", s.Target)
	case !(s.Cost >= 0) || math.IsInf(s.Cost, 0):
		return fmt.Errorf("learn: Sparse.Update: Cost %v is not finite and non-negative", s.Cost)
	case !(s.Decay >= 0 && s.Decay < 1):
		return fmt.Errorf("learn: Sparse.Update: Decay %v is not in [0, 1)", s.Decay)
	case batch == nil || batch.IsEmpty():
		return errors.New("learn: Sparse.Update: empty batch")
	}
	if err := s.owner.bind(m, "Sparse"); err != nil {
		return fmt.Errorf("learn: %w", err)
	}
	n, nv := batch.Dims()
	nh := b.Hidden()
	if nv != b.Visible() {
		return fmt.Errorf("learn: Sparse.Update: batch has %d columns, model has %d visible units", nv, b.Visible())
	}
	if s.ph == nil || s.ph.RawMatrix().Rows != n || s.ph.RawMatrix().Cols != nh {
		s.ph = mat.NewDense(n, nh, nil)
	}
	b.HiddenProb(s.ph, batch)
	first := len(s.q) != nh
	if first {
		s.q = make([]float64, nh)
	}
	decay := s.Decay
	if decay == 0 {
		decay = 0.95
	}
	raw := s.ph.RawMatrix()
	for j := range s.q {
		var sum float64
		for r := 0; r < n; r++ {
			sum += raw.Data[r*raw.Stride+j]
		}
		if first {
			s.q[j] = sum / float64(n)
		} else {
			s.q[j] = decay*s.q[j] + (1-decay)*sum/float64(n)
		}
	}
	if len(s.vbar) != nv {
		s.vbar = make([]float64, nv)
	}
	if s.Weights {
		clear(s.vbar)
		for r := 0; r < n; r++ {
			for i, x := range batch.RawRowView(r) {
				s.vbar[i] += x
			}
		}
		for i := range s.vbar {
			s.vbar[i] /= float64(n)
		}
	}
	s.opt.s, s.opt.next = s, opt
	defer func() { s.opt.next = nil }()
	if err := s.Learner.Update(m, batch, &s.opt); err != nil {
		return fmt.Errorf("learn: Sparse.Update: %w", err)
	}
	return nil
}

// sparseOpt is the optimiser that Sparse hands its learner: it adds the
// penalty's gradient to a copy of g and steps with next.
type sparseOpt struct {
	s    *Sparse
	next Optimizer
	g    Grad
}

// Step implements Optimizer.
func (o *sparseOpt) Step(m rbm.Model, g *Grad) error {
	if g == nil || len(g.Parts) != 3 {
		return errors.New("learn: Sparse: the learner's gradient does not have the 3 parts of a binary RBM")
	}
	s := o.s
	nh := len(s.q)
	if len(g.Parts[2]) != nh || len(g.Parts[0]) != len(s.vbar)*nh {
		return fmt.Errorf("learn: Sparse: gradient parts of lengths %d and %d do not fit %d×%d", len(g.Parts[0]), len(g.Parts[2]), len(s.vbar), nh)
	}
	if len(o.g.Parts) != 3 {
		o.g.Parts = make([][]float64, 3)
	}
	for k, p := range g.Parts {
		if len(o.g.Parts[k]) != len(p) {
			o.g.Parts[k] = make([]float64, len(p))
		}
		copy(o.g.Parts[k], p)
	}
	c := o.g.Parts[2]
	for j, q := range s.q {
		c[j] -= s.Cost * (q - s.Target)
	}
	if s.Weights {
		w := o.g.Parts[0]
		for i, v := range s.vbar {
			if v == 0 {
				continue
			}
			row := w[i*nh : (i+1)*nh]
			for j, q := range s.q {
				row[j] -= s.Cost * (q - s.Target) * v
			}
		}
	}
	return o.next.Step(m, &o.g)
}
