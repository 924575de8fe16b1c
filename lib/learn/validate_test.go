package learn

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestTrainValidatesModel checks that Train returns an error, not a
// panic, for a nil *rbm.Binary, one with a nil W and one with a NaN
// weight; before, the first two crashed in Visible.
func TestTrainValidatesModel(t *testing.T) {
	set := barsAndStripes()
	bad := rbm.Binary{W: mat.NewDense(9, 2, nil), B: make([]float64, 9), C: make([]float64, 2)}
	bad.W.Set(1, 1, math.NaN())
	for name, m := range map[string]rbm.Model{
		"nil *Binary": (*rbm.Binary)(nil),
		"nil W":       &rbm.Binary{},
		"NaN weight":  &bad,
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: Train panicked: %v", name, r)
				}
			}()
			if _, err := Train(context.Background(), m, set, NewCD(1, nil), nil); err == nil || !strings.Contains(err.Error(), "model") {
				t.Errorf("%s: Train err = %v, want an error about the model", name, err)
			}
		}()
	}
}

// TestTrainRejectsNonBinaryData checks that Train and the observers of a
// binary model refuse grey data (MNIST not binarised: before, the
// "log-likelihood" grew without bound with no error) with an error
// naming the row and column of the first value that is not 0 or 1.
func TestTrainRejectsNonBinaryData(t *testing.T) {
	bin := barsAndStripes()
	grey := &data.Set{Name: "grey", X: mat.DenseCopyOf(bin.X)}
	grey.X.Set(3, 4, 0.5)
	m, err := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	const where = "row 3, column 4"
	if _, err := Train(context.Background(), m, grey, NewCD(1, mcmc.NewGibbs(1)), nil); err == nil || !strings.Contains(err.Error(), where) {
		t.Errorf("Train on grey data: err = %v, want one naming %s", err, where)
	}
	for _, o := range []Observer{
		ExactLogLikelihood(grey),
		ReconstructionError(grey),
		AISLogLikelihood(grey, &rbm.AISSettings{Chains: 4, Steps: 10}),
		ReverseAISLogLikelihood(grey, &rbm.AISSettings{Chains: 4, Steps: 10}),
		PseudoLogLikelihood(grey),
	} {
		if _, err := o.Func(context.Background(), m); err == nil || !strings.Contains(err.Error(), where) {
			t.Errorf("observer %s on grey data: err = %v, want one naming %s", o.Name, err, where)
		}
		// Training on binary data while observing the grey set fails at
		// the first observation, naming the observer.
		h, err := Train(context.Background(), m.Clone(), bin, NewCD(1, mcmc.NewGibbs(1)), &Settings{Updates: 2, Observers: []Observer{o}})
		if err == nil || !strings.Contains(err.Error(), where) || !strings.Contains(err.Error(), o.Name) {
			t.Errorf("Train observed by %s on grey data: err = %v", o.Name, err)
		}
		if h == nil || h.Updates != 0 {
			t.Errorf("Train observed by %s on grey data: history %+v, want one of 0 updates", o.Name, h)
		}
	}
}
