//go:build openblas

package openblas

/*
#cgo LDFLAGS: -lopenblas
void openblas_set_num_threads(int);
int openblas_get_num_threads(void);
*/
import "C"

import (
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/netlib/blas/netlib"
)

func init() {
	blas64.Use(netlib.Implementation{})
	blas32.Use(netlib.Implementation{})
	// One thread: the library spreads its work over the cores itself
	// (see the package comment).
	C.openblas_set_num_threads(1)
}

// Enabled reports whether OpenBLAS is linked and in use by blas64 and blas32 (true in
// this build, which has the tag openblas).
func Enabled() bool { return true }

// Name returns the name of the BLAS implementation in use: "openblas" in
// this build.
func Name() string { return "openblas" }

// Threads returns the number of threads OpenBLAS runs a product on: 1, set
// at start-up (see the package comment).
func Threads() int { return int(C.openblas_get_num_threads()) }

// SetThreads sets the number of threads OpenBLAS runs a product on and
// returns the number before. Only benchmarks call it, to compare the
// library's own split of a product over the cores with OpenBLAS's
// (BenchmarkSplitProducts in internal/kern); the library keeps one thread.
func SetThreads(n int) int {
	old := Threads()
	C.openblas_set_num_threads(C.int(n))
	return old
}
