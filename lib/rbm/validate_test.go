package rbm

import (
	"context"
	"math"
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

// TestCheckDataPaths checks that checkData says the same through a
// matrix's rows in place (*mat.Dense, also a strided view of a larger
// one) as through At (a matrix that does not expose its storage), for
// every kind of value and each rule, and that a valid batch passes both.
func TestCheckDataPaths(t *testing.T) {
	bad := []float64{0.5, 2, -1, math.NaN(), math.Inf(1), math.Inf(-1)}
	for _, vals := range []values{finiteValues, unitValues, binaryValues} {
		for _, x := range append(bad, 0, 1) {
			big := mat.NewDense(4, 5, nil) // the batch is rows 1–3, columns 1–3 of big
			big.Set(2, 3, x)
			view := big.Slice(1, 4, 1, 4)
			inPlace := checkData("t", view, 3, vals)
			viaAt := checkData("t", mat.Transpose{Matrix: view.T()}, 3, vals)
			if (inPlace == nil) != (viaAt == nil) || inPlace != nil && inPlace.Error() != viaAt.Error() {
				t.Errorf("rule %d, value %v: in place %v, through At %v", vals, x, inPlace, viaAt)
			}
			if want := allowedValue(x, vals); (inPlace == nil) != want {
				t.Errorf("rule %d, value %v: error %v, want allowed = %v", vals, x, inPlace, want)
			}
			if inPlace != nil && !strings.Contains(inPlace.Error(), "row 1, column 2") {
				t.Errorf("rule %d, value %v: %v, want row 1, column 2 (of the view)", vals, x, inPlace)
			}
		}
	}
}

// allowedValue is the rule of checkData written out for the test.
func allowedValue(x float64, vals values) bool {
	finiteX := !math.IsNaN(x) && !math.IsInf(x, 0)
	switch vals {
	case binaryValues:
		return x == 0 || x == 1
	case unitValues:
		return finiteX && 0 <= x && x <= 1
	}
	return finiteX
}
