package openblas

import (
	"reflect"
	"testing"

	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// TestImplementation checks that blas64 and blas32 use the implementation this
// build promises: netlib's cgo one with the tag openblas, gonum's otherwise.
func TestImplementation(t *testing.T) {
	want := "gonum.org/v1/gonum/blas/gonum"
	if Enabled() {
		want = "gonum.org/v1/netlib/blas/netlib"
	}
	if got := reflect.TypeOf(blas64.Implementation()).PkgPath(); got != want {
		t.Fatalf("blas64 implementation from %q, want %q (Name()=%q)", got, want, Name())
	}
	if got := reflect.TypeOf(blas32.Implementation()).PkgPath(); got != want {
		t.Fatalf("blas32 implementation from %q, want %q (Name()=%q)", got, want, Name())
	}
}

// TestProduct checks that a matrix product through the selected BLAS is
// right: [1 2; 3 4]·[5 6; 7 8] = [19 22; 43 50], exact in float64.
func TestProduct(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	b := mat.NewDense(2, 2, []float64{5, 6, 7, 8})
	var c mat.Dense
	c.Mul(a, b)
	want := mat.NewDense(2, 2, []float64{19, 22, 43, 50})
	if !mat.Equal(&c, want) {
		t.Fatalf("product with %s: got %v, want %v", Name(), mat.Formatted(&c), mat.Formatted(want))
	}
}

// TestOneThread checks that OpenBLAS runs on one thread whatever
// OPENBLAS_NUM_THREADS says (the library spreads its work over the cores
// itself), and that the build without OpenBLAS reports none.
func TestOneThread(t *testing.T) {
	want := 0
	if Enabled() {
		want = 1
	}
	if got := Threads(); got != want {
		t.Errorf("Threads() = %d with %s, want %d", got, Name(), want)
	}
}
