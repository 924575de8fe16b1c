package rbm

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestLikelihoodRejectsNonBinaryData checks that the likelihood and the
// exact gradient of a binary RBM refuse data that are not binary states,
// grey values (MNIST not binarised), pixel bytes (not divided by 255), ±1
// and a row of ½, with an error naming the row and column of the first
// such value; before, LogLikelihood returned values above 0 for them.
func TestLikelihoodRejectsNonBinaryData(t *testing.T) {
	m := randomModel(t, 3, 2, 1, 1)
	for _, tc := range []struct {
		name     string
		x        []float64
		row, col string
	}{
		{"grey", []float64{0, 1, 0, 1, 0.3, 1}, "row 1", "column 1"},
		{"bytes", []float64{0, 255, 0, 1, 0, 1}, "row 0", "column 1"},
		{"±1", []float64{1, 1, 1, -1, 1, -1}, "row 1", "column 0"},
		{"half", []float64{1, 0, 1, 0.5, 0.5, 0.5}, "row 1", "column 0"},
	} {
		x := mat.NewDense(2, 3, tc.x)
		check := func(what string, err error) {
			t.Helper()
			if err == nil {
				t.Errorf("%s on %s data: no error", what, tc.name)
				return
			}
			if !strings.Contains(err.Error(), tc.row+", "+tc.col) {
				t.Errorf("%s on %s data: %v, want it to name %s, %s", what, tc.name, err, tc.row, tc.col)
			}
		}
		_, err := m.LogLikelihood(x)
		check("LogLikelihood", err)
		_, err = m.LogLikelihoodContext(context.Background(), x)
		check("LogLikelihoodContext", err)
		_, err = m.ExactGradient(x)
		check("ExactGradient", err)
		check("CheckData", m.CheckData(x))
	}
	ok := mat.NewDense(2, 3, []float64{0, 1, 1, 1, 0, 0})
	if err := m.CheckData(ok); err != nil {
		t.Errorf("CheckData on binary data: %v", err)
	}
	if _, err := m.LogLikelihood(ok); err != nil {
		t.Errorf("LogLikelihood on binary data: %v", err)
	}
	if err := m.CheckData(mat.NewDense(1, 2, nil)); err == nil || !strings.Contains(err.Error(), "2 columns") {
		t.Errorf("CheckData on a 1×2 batch for 3 visible units: %v", err)
	}
	// BaseRate keeps accepting [0, 1] (a mean of probabilities is a rate)
	// through the same check.
	if _, err := BaseRate(mat.NewDense(1, 2, []float64{0.3, 1})); err != nil {
		t.Errorf("BaseRate on grey values: %v", err)
	}
	if _, err := BaseRate(mat.NewDense(1, 2, []float64{0.3, 2})); err == nil || !strings.Contains(err.Error(), "row 0, column 1, not in [0, 1]") {
		t.Errorf("BaseRate on 2: %v", err)
	}
}

// TestConditionalsPanicOnWidth checks what the conditionals' docs say of a
// batch of the wrong width: a panic with mat.ErrShape, as gonum's Mul
// gives, for every conditional of both models. Before, the Gaussian's
// HiddenInput panicked with a slice-bounds runtime error on a batch wider
// than the model.
func TestConditionalsPanicOnWidth(t *testing.T) {
	b := randomModel(t, 3, 2, 1, 1)
	g, err := NewGaussian(3, 2, &Init{WeightStd: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		f    func(dst *mat.Dense, x mat.Matrix)
		cols int // the width the method wants
	}{
		{"Binary.HiddenInput", b.HiddenInput, 3},
		{"Binary.HiddenProb", b.HiddenProb, 3},
		{"Binary.VisibleInput", b.VisibleInput, 2},
		{"Binary.VisibleProb", b.VisibleProb, 2},
		{"Gaussian.HiddenInput", g.HiddenInput, 3},
		{"Gaussian.HiddenProb", g.HiddenProb, 3},
		{"Gaussian.VisibleMean", g.VisibleMean, 2},
		{"Gaussian.SampleVisible", func(dst *mat.Dense, h mat.Matrix) { g.SampleVisible(dst, h, rng) }, 2},
	} {
		for _, c := range []int{tc.cols - 1, tc.cols + 1} {
			func() {
				defer func() {
					if r := recover(); r != mat.ErrShape {
						t.Errorf("%s on a batch of %d columns (wants %d): recovered %v, want mat.ErrShape", tc.name, c, tc.cols, r)
					}
				}()
				var dst mat.Dense
				tc.f(&dst, mat.NewDense(2, c, nil))
			}()
		}
	}
}
