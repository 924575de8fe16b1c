package learn

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Learner makes parameter updates of a model from mini-batches. The
// learners of this package implement it, and so may a type written
// outside it, to run in Train.
//
// Update estimates the gradient from batch (rows are examples, with
// m.Visible() columns) and applies it to m through opt, in place. It may
// keep state between calls (persistent chains, fast weights) and may call
// opt.Step several times. It returns an error, leaving m unchanged, when m
// is not a model the learner handles or the batch does not fit it.
//
// A learner that keeps the state of a model between calls should refuse
// another model, as those of this package do (see the package doc), and
// can implement encoding.BinaryMarshaler and BinaryUnmarshaler so that a
// Run with it can be saved and resumed.
//
// batch is lent for the call: Update must not modify it, and must copy
// what it keeps, since Train reuses the batch's storage for the next
// mini-batch (and hands over the data set's own matrix for full-batch
// updates). m may have been changed between calls by other code (an
// Observer, the user's cell), and its parameter slices replaced: a
// learner must read m afresh at every Update rather than keep values or
// slices derived from it (the learners of this package keep none: FPCD
// forms θ + θ_F, Tempered its scaled copies, at every update).
//
// Steps returns the cost of one Update in sampling steps (transitions of
// one chain), the unit in which learners are compared at equal cost: k for
// CD-k. Train does not keep anything a [Learner] returns.
type Learner interface {
	Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error
	Steps() int
}

// Estimator estimates the log-likelihood gradient of a binary RBM from a
// batch without changing the model; CD and PCD are estimators, and so may
// a type written outside this package be. The returned Grad is owned by
// the estimator. SSD reads nothing of an [Estimator] but that Grad, except
// for a *CD or a *PCD (the exact types), whose gradient it factors from
// the learner's own statistics of the same call (see SSD).
type Estimator interface {
	Gradient(m *rbm.Binary, batch *mat.Dense) (*Grad, error)
	Steps() int
}

// update is the Update of a learner named name whose step direction for a
// model of type M is grad (a Gradient or SSD's Direction): it checks that
// m is an M and opt is not nil, then takes one step of opt along
// grad(m, batch).
func update[M rbm.Model](name string, m rbm.Model, batch *mat.Dense, opt Optimizer, grad func(M, *mat.Dense) (*Grad, error)) error {
	return updateIn(name, m, batch, opt, func(mm M, b *mat.Dense, _ bool) (*Grad, []float32, error) {
		g, err := grad(mm, b)
		return g, nil, err
	})
}

// updateIn is update for a learner whose gradient can leave a float32
// model's weight gradient in float32 for SGD, which reads it there (grad's
// third argument says whether it may: opt is an *SGD; see stepIn).
func updateIn[M rbm.Model](name string, m rbm.Model, batch *mat.Dense, opt Optimizer, grad func(M, *mat.Dense, bool) (*Grad, []float32, error)) error {
	mm, ok := m.(M)
	if !ok {
		return fmt.Errorf("learn: %s.Update: model is %T, want %T", name, m, mm)
	}
	if opt == nil {
		return fmt.Errorf("learn: %s.Update: nil optimizer", name)
	}
	_, lazy := opt.(*SGD)
	g, w32, err := grad(mm, batch, lazy)
	if err != nil {
		return fmt.Errorf("learn: %s.Update: %w", name, err)
	}
	if err := stepIn(opt, m, g, w32); err != nil {
		return fmt.Errorf("learn: %s.Update: %w", name, err)
	}
	return nil
}
