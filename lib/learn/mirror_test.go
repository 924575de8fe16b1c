package learn

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/params32"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// checkCopy fails unless m's float32 copy of its parameters is marked
// current and equals fl32 of W, B and C element by element, exactly
// (without making it again: params32.Current).
func checkCopy(t *testing.T, what string, m *rbm.Binary) {
	t.Helper()
	p, valid := params32.Current(m)
	if p == nil || !valid {
		t.Fatalf("%s: float32 copy missing or marked stale (valid %v)", what, valid)
	}
	for k, th := range [][]float64{m.W.RawMatrix().Data, m.B, m.C} {
		c := [][]float32{p.W.Data, p.B, p.C}[k]
		if len(c) != len(th) {
			t.Fatalf("%s: part %d of the copy has %d values, the model %d", what, k, len(c), len(th))
		}
		for i, x := range th {
			if c[i] != float32(x) {
				t.Fatalf("%s: part %d element %d: copy %v, fl32 of the model's %v", what, k, i, c[i], float32(x))
			}
		}
	}
}

// TestSGDKeepsFloat32Copy trains a Float32 model with CD-1 through SGD in
// each of its paths (momentum and weight decay, plain, L1's soft
// thresholding) and checks after every update that the model's float32
// copy, which the samplers read, is fl32 of the float64 parameters exactly
// (SGD writes it in its pass; without that it would hold the first
// update's parameters). Then saving and loading the model gives the same
// float64 parameters bit for bit, the precision Float32, and a float32
// copy equal to the trained one.
func TestSGDKeepsFloat32Copy(t *testing.T) {
	set := barsAndStripes()
	for _, o := range []*SGD{
		{Rate: 0.1, Momentum: 0.9, WeightDecay: 1e-3},
		{Rate: 0.1},
		{Rate: 0.1, Momentum: 0.5, L1: 1e-3},
	} {
		m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.5, Seed: 1})
		m.Precision = rbm.Float32
		l := NewCD(1, mcmc.NewGibbs(2))
		for u := range 100 {
			if err := l.Update(m, set.X, o); err != nil {
				t.Fatal(err)
			}
			checkCopy(t, fmt.Sprintf("%+v, update %d", *o, u), m)
		}
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		got, err := rbm.Load(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got.Precision != rbm.Float32 {
			t.Fatalf("loaded precision %v, want float32", got.Precision)
		}
		if d := maxDiff(got.Params(), m.Params()); d != 0 {
			t.Fatalf("loaded parameters differ from the trained ones by %v", d)
		}
		want, _ := params32.Current(m)
		p := params32.Of(got)
		for i := range want.W.Data {
			if p.W.Data[i] != want.W.Data[i] {
				t.Fatalf("loaded model's float32 weight %d: %v, trained %v", i, p.W.Data[i], want.W.Data[i])
			}
		}
	}
}

// TestCDFloat32ExactAfterTraining is TestCDFloat32Exact at parameters that
// SGD has moved (30 updates at rate 0.5 from the 4×3 model), so that the
// float32 gradient is computed from the float32 copy SGD kept, not one
// made afresh: its estimate (N = 80,000 rows) must be within 5 standard
// deviations, 5/(2√N), of the exact CD-1 expectation at the current
// float64 parameters. The test checks that it can fail: the expectation at
// the initial parameters (what a stale copy would estimate) differs from
// the current one by more than 10 tolerances.
func TestCDFloat32ExactAfterTraining(t *testing.T) {
	rows := [][]float64{{1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 0, 1}, {0, 0, 0, 1}}
	const n = 80000
	batch := mat.NewDense(n, 4, nil)
	small := mat.NewDense(4, 4, nil)
	for r := 0; r < n; r++ {
		batch.SetRow(r, rows[r%4])
	}
	for r := range rows {
		small.SetRow(r, rows[r])
	}
	m := randomModel(4, 3, 3)
	m.Precision = rbm.Float32
	before := exactCD1(m, small)
	l := NewCD(1, mcmc.NewGibbs(9))
	set := &data.Set{X: small, Rows: 2, Cols: 2}
	if _, err := Train(context.Background(), m, set, l, &Settings{Updates: 30, Rate: 0.5, Momentum: 0.5}); err != nil {
		t.Fatal(err)
	}
	checkCopy(t, "after training", m)
	want := exactCD1(m, small)
	tol := 5 / (2 * math.Sqrt(n))
	if d := maxDiff(before, want); d < 10*tol {
		t.Fatalf("training moved the exact gradient by only %.4f: the test cannot tell a stale copy", d)
	}
	g, err := NewCD(1, mcmc.NewGibbs(10)).Gradient(m, batch)
	if err != nil {
		t.Fatal(err)
	}
	d := maxDiff(g.Parts, want)
	t.Logf("float32 CD-1 after training: largest difference from the exact expectation %.4f (tolerance %.4f)", d, tol)
	if d > tol {
		t.Errorf("float32 CD-1 gradient after training differs from its expectation by %.4f > %.4f", d, tol)
	}
}

// wrapSGD hides an *SGD behind another type, so that the learners take the
// general path (the float64 gradient, then Step).
type wrapSGD struct{ o *SGD }

func (w wrapSGD) Step(m rbm.Model, g *Grad) error { return w.o.Step(m, g) }

// TestSGDFloat32GradientPath checks that CD and PCD updates of a Float32
// model through an *SGD, which reads the weight gradient in float32 where
// the learner left it, give bit for bit the parameters of the general path
// (the gradient rounded to float64 first, then SGD.Step): the step is in
// float64 either way and float64(g32) is the same number.
func TestSGDFloat32GradientPath(t *testing.T) {
	set := barsAndStripes()
	for _, name := range []string{"CD", "PCD"} {
		var ms [2]*rbm.Binary
		for i := range ms {
			m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.5, Seed: 1})
			m.Precision = rbm.Float32
			var l Learner = NewCD(1, mcmc.NewGibbs(2))
			if name == "PCD" {
				l = NewPCD(1, 0, mcmc.NewGibbs(2))
			}
			o := &SGD{Rate: 0.1, Momentum: 0.9, WeightDecay: 1e-3}
			var opt Optimizer = o
			if i == 1 {
				opt = wrapSGD{o}
			}
			for range 50 {
				if err := l.Update(m, set.X, opt); err != nil {
					t.Fatal(err)
				}
			}
			ms[i] = m
		}
		if d := maxDiff(ms[0].Params(), ms[1].Params()); d != 0 {
			t.Errorf("%s: the float32 gradient path ends %v from the general one", name, d)
		}
	}
}
