package rbm

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// aisModel returns an 8×6 RBM with weights N(0, 1) and biases N(0, 0.5²),
// and 50 visible states from its neighbourhood to fit the base rates to.
func aisModel(t *testing.T) (*Binary, *mat.Dense) {
	t.Helper()
	m, err := NewBinary(8, 6, &Init{WeightStd: 1, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range m.B {
		m.B[i] = 0.5 * rng.NormFloat64()
	}
	for j := range m.C {
		m.C[j] = 0.5 * rng.NormFloat64()
	}
	d := mat.NewDense(50, 8, nil)
	for i, raw := 0, d.RawMatrix().Data; i < len(raw); i++ {
		if rng.Float64() < 0.4 {
			raw[i] = 1
		}
	}
	return m, d
}

// TestAISExact checks AIS against the exact log Z of an 8×6 RBM (256
// visible states) with 100 chains and 100, 1,000 and 10,000 intermediate
// distributions (fixed seed).
//
// Tolerance: for M independent runs the log of the mean weight is, by the
// delta method, approximately normal around log Z with standard deviation
// se = sd(w)/(√M mean(w)), which AIS returns; it is also biased low by
// about se²/2 (Jensen, second order). So |log Ẑ − log Z| < 4 se + se² + 1e-9
// fails with probability below 1e-4 per schedule when the normal
// approximation holds (it does once the weights' spread is moderate, here
// se < 0.3). The error must also shrink from 100 to 10,000 distributions:
// the weights' variance falls roughly as 1/K, so se drops tenfold and the
// error with it.
func TestAISExact(t *testing.T) {
	m, d := aisModel(t)
	exact, err := m.ExactLogZ()
	if err != nil {
		t.Fatal(err)
	}
	var errs, ses []float64
	for _, k := range []int{100, 1000, 10000} {
		lz, se, err := m.AIS(context.Background(), &AISSettings{Chains: 100, Steps: k, Data: d, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		e := math.Abs(lz - exact)
		t.Logf("K = %5d: log Z = %.4f ± %.4f, exact %.4f, error %.4f", k, lz, se, exact, e)
		if !(se > 0) || se > 0.3 {
			t.Errorf("K = %d: standard error %v not in (0, 0.3]", k, se)
		}
		if tol := 4*se + se*se + 1e-9; e > tol {
			t.Errorf("K = %d: |log Z − exact| = %.4f > %.4f", k, e, tol)
		}
		errs, ses = append(errs, e), append(ses, se)
	}
	if !(ses[2] < ses[1] && ses[1] < ses[0]) {
		t.Errorf("standard errors %v do not shrink as K grows", ses)
	}
	if !(errs[2] < errs[0]) {
		t.Errorf("errors %v do not shrink from K = 100 to 10,000", errs)
	}
}

// TestAISBaseIsExact checks that AIS of a model with zero weights and
// hidden biases, annealed from a base equal to it, is exact: every weight
// is 1, so log Ẑ = log Z_A and the standard error is 0.
func TestAISBaseIsExact(t *testing.T) {
	m, _ := NewBinary(5, 3, nil)
	copy(m.B, []float64{-1, 0.5, 2, 0, -3})
	lz, se, err := m.AIS(context.Background(), &AISSettings{Chains: 10, Steps: 20, Base: m.B})
	if err != nil {
		t.Fatal(err)
	}
	exact, _ := m.ExactLogZ()
	if math.Abs(lz-exact) > 1e-12 || se > 1e-12 {
		t.Errorf("log Z = %v ± %v, exact %v", lz, se, exact)
	}
}

// TestAISInputs checks errors for bad settings and cancellation.
func TestAISInputs(t *testing.T) {
	m, d := aisModel(t)
	bad := []*AISSettings{
		{Chains: -1},
		{Steps: -2},
		{Betas: []float64{0.1, 1}},
		{Betas: []float64{0, 0.6, 0.5, 1}},
		{Base: []float64{1}},
		{Data: mat.NewDense(2, 3, nil)},
	}
	for i, s := range bad {
		if _, _, err := m.AIS(context.Background(), s); err == nil {
			t.Errorf("settings %d: no error", i)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := m.AIS(ctx, &AISSettings{Data: d}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
	var calls int
	if _, _, err := m.AIS(context.Background(), &AISSettings{Chains: 2, Steps: 500, Progress: func(done, total int) { calls++ }}); err != nil || calls == 0 || calls > 101 {
		t.Errorf("progress called %d times, error %v", calls, err)
	}
	if _, err := BaseRate(mat.NewDense(1, 2, []float64{0.5, 2})); err == nil {
		t.Error("BaseRate accepted a value above 1")
	}
}
