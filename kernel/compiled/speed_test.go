package compiled

import (
	"context"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/rbm-kernel/rbm-kernel/kernel/compiled/internal/speedsrc"
)

// speedUnit compiles the text of package speedsrc as a cell.
func speedUnit(tb testing.TB) *Unit {
	tb.Helper()
	text, err := os.ReadFile("internal/speedsrc/speedsrc.go")
	if err != nil {
		tb.Fatal(err)
	}
	_, body, ok := strings.Cut(string(text), "\npackage speedsrc\n")
	if !ok {
		tb.Fatal("speedsrc.go: no package clause")
	}
	u, err := newBuilder(tb).Compile(context.Background(), cell(body))
	if err != nil {
		tb.Fatal(err)
	}
	return u
}

// speedArgs are the benchmark's inputs: an RBM of 784 visible and 500
// hidden units with weights N(0, 0.01²), 100 chains, and a 100×500 matrix
// for the sigmoid.
func speedArgs() (w *mat.Dense, b, c []float64, v, h, x, dst *mat.Dense, r *rand.Rand) {
	r = rand.New(rand.NewPCG(1, 2))
	w = mat.NewDense(784, 500, nil)
	for i := range w.RawMatrix().Data {
		w.RawMatrix().Data[i] = 0.01 * r.NormFloat64()
	}
	b, c = make([]float64, 784), make([]float64, 500)
	v, h = mat.NewDense(100, 784, nil), mat.NewDense(100, 500, nil)
	for i := range v.RawMatrix().Data {
		if r.Float64() < 0.5 {
			v.RawMatrix().Data[i] = 1
		}
	}
	x, dst = mat.NewDense(100, 500, nil), mat.NewDense(100, 500, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = r.NormFloat64()
	}
	return
}

// TestSpeedSourceAgrees checks that the cell and the linked package compute
// the same thing from the same inputs (the benchmark compares like with
// like): the same sigmoid, and the same chains after a sweep from the same
// seed.
func TestSpeedSourceAgrees(t *testing.T) {
	u := speedUnit(t)
	w, b, c, v, h, x, dst, _ := speedArgs()
	want := mat.NewDense(100, 500, nil)
	speedsrc.Sigmoid(want, x)
	call(t, u, "Sigmoid", dst, x)
	if !mat.Equal(want, dst) {
		t.Error("the compiled cell's Sigmoid differs from the package's")
	}
	v2, h2 := mat.DenseCopyOf(v), mat.DenseCopyOf(h)
	speedsrc.GibbsSweep(w, b, c, v, h, rand.New(rand.NewPCG(3, 4)))
	call(t, u, "GibbsSweep", w, b, c, v2, h2, rand.New(rand.NewPCG(3, 4)))
	if !mat.Equal(v, v2) || !mat.Equal(h, h2) {
		t.Error("the compiled cell's GibbsSweep differs from the package's")
	}
}

// BenchmarkSpeed runs the code of package speedsrc linked into the
// binary ("package") and compiled as a cell ("cell"), side by side: an
// elementwise sigmoid over 100×500 and a Gibbs sweep of 100 chains of a
// 784×500 RBM. The cell's functions are called through their
// reflect.Values once per iteration, as the interpreter calls them.
func BenchmarkSpeed(b *testing.B) {
	u := speedUnit(b)
	w, bv, c, v, h, x, dst, r := speedArgs()
	sig, sweep := u.Symbols["Sigmoid"], u.Symbols["GibbsSweep"]
	sigArgs := []reflect.Value{reflect.ValueOf(dst), reflect.ValueOf(x)}
	sweepArgs := []reflect.Value{reflect.ValueOf(w), reflect.ValueOf(bv), reflect.ValueOf(c), reflect.ValueOf(v), reflect.ValueOf(h), reflect.ValueOf(r)}
	b.Run("sigmoid/package", func(b *testing.B) {
		for b.Loop() {
			speedsrc.Sigmoid(dst, x)
		}
	})
	b.Run("sigmoid/cell", func(b *testing.B) {
		for b.Loop() {
			sig.Call(sigArgs)
		}
	})
	b.Run("gibbs/package", func(b *testing.B) {
		for b.Loop() {
			speedsrc.GibbsSweep(w, bv, c, v, h, r)
		}
	})
	b.Run("gibbs/cell", func(b *testing.B) {
		for b.Loop() {
			sweep.Call(sweepArgs)
		}
	})
}
