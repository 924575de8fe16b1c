package data

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestClassifierFeaturesExact checks Features and Probabilities on a
// hand-set 2-input, 2-feature, 2-class classifier against values written
// out: f = tanh(x W1 + b1), p = softmax(f W2 + b2).
func TestClassifierFeaturesExact(t *testing.T) {
	c := &Classifier{
		W1: mat.NewDense(2, 2, []float64{1, 0, 0, 2}), B1: []float64{0, -1},
		W2: mat.NewDense(2, 2, []float64{1, -1, 0, 0}), B2: []float64{0, 0},
	}
	x := mat.NewDense(1, 2, []float64{0.5, 1})
	f := c.Features(x)
	want := []float64{math.Tanh(0.5), math.Tanh(1)}
	for j, w := range want {
		if math.Abs(f.At(0, j)-w) > 1e-15 {
			t.Errorf("feature %d = %v, want %v", j, f.At(0, j), w)
		}
	}
	// z = (tanh .5, −tanh .5), so p_0 = 1/(1 + e^{−2 tanh .5}).
	p := c.Probabilities(x)
	p0 := 1 / (1 + math.Exp(-2*math.Tanh(0.5)))
	if math.Abs(p.At(0, 0)-p0) > 1e-15 || math.Abs(p.At(0, 1)-(1-p0)) > 1e-15 {
		t.Errorf("probabilities %v, want %v, %v", mat.Row(nil, 0, p), p0, 1-p0)
	}
	if got := c.Predict(x); got[0] != 0 {
		t.Errorf("Predict = %v, want class 0", got)
	}
	if ce := c.CrossEntropy(x, []int{1}); math.Abs(ce+math.Log(1-p0)) > 1e-14 {
		t.Errorf("CrossEntropy = %v, want %v", ce, -math.Log(1-p0))
	}
}

// TestClassifierGradient checks the back-propagated gradient of one step
// against central differences of CrossEntropy: step moves each parameter
// by −rate·∂L/∂θ, and (L(θ+h) − L(θ−h))/(2h) has error O(h²) ≈ 1e-10 plus
// round-off ≈ 1e-16/h = 1e-10 at h = 1e-6, so 1e-6 is a safe bound.
func TestClassifierGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := mat.NewDense(5, 3, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.NormFloat64()
	}
	y := []int{0, 2, 1, 2, 0}
	c, err := TrainClassifier(context.Background(), x, y, 3, ClassifierOptions{Hidden: 4, Epochs: 1, Batch: 5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	params := func(c *Classifier) [][]float64 {
		return [][]float64{c.W1.RawMatrix().Data, c.B1, c.W2.RawMatrix().Data, c.B2}
	}
	clone := func(c *Classifier) *Classifier {
		return &Classifier{W1: mat.DenseCopyOf(c.W1), W2: mat.DenseCopyOf(c.W2),
			B1: append([]float64(nil), c.B1...), B2: append([]float64(nil), c.B2...)}
	}
	const rate, h = 0.5, 1e-6
	moved := clone(c)
	moved.step(x, y, rate)
	for g, ps := range params(c) {
		for k := range ps {
			old := ps[k]
			ps[k] = old + h
			lp := c.CrossEntropy(x, y)
			ps[k] = old - h
			lm := c.CrossEntropy(x, y)
			ps[k] = old
			num := (lp - lm) / (2 * h)
			got := (params(moved)[g][k] - old) / -rate
			if math.Abs(got-num) > 1e-6 {
				t.Errorf("parameter group %d entry %d: back-propagated %v, numerical %v", g, k, got, num)
			}
		}
	}
}

// TestClassifierSeparates trains on two Gaussian classes, N((±2, 0), I),
// 500 points each, and tests on 1,000 fresh points. The Bayes error is
// Φ(−2) = 0.0228; its standard error on 1,000 points is 0.0047, so a
// correct fit has test accuracy above 1 − 0.0228 − 4·0.0047 ≈ 0.958; the
// bound 0.95 leaves room for the fitted boundary's own error. Fixed seeds.
func TestClassifierSeparates(t *testing.T) {
	draw := func(n int, seed uint64) (*mat.Dense, []int) {
		rng := rand.New(rand.NewPCG(seed, 7))
		x := mat.NewDense(n, 2, nil)
		y := make([]int, n)
		for i := 0; i < n; i++ {
			y[i] = i % 2
			x.Set(i, 0, float64(4*y[i]-2)+rng.NormFloat64())
			x.Set(i, 1, rng.NormFloat64())
		}
		return x, y
	}
	x, y := draw(1000, 1)
	c, err := TrainClassifier(context.Background(), x, y, 2, ClassifierOptions{Hidden: 8, Epochs: 5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	xt, yt := draw(1000, 2)
	if a := c.Accuracy(xt, yt); a < 0.95 {
		t.Errorf("test accuracy %.3f, want at least 0.95 (Bayes 0.977)", a)
	}
	h := c.ClassHistogram(xt)
	if math.Abs(h[0]-0.5) > 0.05 {
		t.Errorf("class histogram %v, want about 0.5 each (4 SE = 0.063 of a fair split of 1,000 is above this bound only for a biased fit)", h)
	}
	ref, err := c.FeatureFrechet(x)
	if err != nil {
		t.Fatal(err)
	}
	same, err := ref.Distance(c.Features(xt))
	if err != nil {
		t.Fatal(err)
	}
	// One class only: the feature means differ by about half the distance
	// between the class means, far above the finite-sample value.
	ones := mat.NewDense(500, 2, nil)
	for i := 0; i < 500; i++ {
		ones.SetRow(i, xt.RawRowView(2*i+1)) // the rows of class 1
	}
	one, err := ref.Distance(c.Features(ones))
	if err != nil {
		t.Fatal(err)
	}
	if !(same < 0.1*one) {
		t.Errorf("feature d² of a fresh draw %v, want far below that of a biased draw %v", same, one)
	}
}

// TestClassifierErrors checks the argument checks and cancellation.
func TestClassifierErrors(t *testing.T) {
	x := mat.NewDense(2, 1, []float64{0, 1})
	ctx := context.Background()
	for name, f := range map[string]func() error{
		"labels":  func() error { _, err := TrainClassifier(ctx, x, []int{0}, 2, ClassifierOptions{}); return err },
		"classes": func() error { _, err := TrainClassifier(ctx, x, []int{0, 0}, 1, ClassifierOptions{}); return err },
		"range":   func() error { _, err := TrainClassifier(ctx, x, []int{0, 2}, 2, ClassifierOptions{}); return err },
		"nonfinite": func() error {
			_, err := TrainClassifier(ctx, mat.NewDense(2, 1, []float64{0, math.NaN()}), []int{0, 1}, 2, ClassifierOptions{})
			return err
		},
		"cancelled": func() error {
			c, cancel := context.WithCancel(ctx)
			cancel()
			_, err := TrainClassifier(c, x, []int{0, 1}, 2, ClassifierOptions{})
			return err
		},
	} {
		if f() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
