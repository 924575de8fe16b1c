// Package openblas selects the BLAS implementation that gonum uses.
//
// Built with the tag openblas (go test -tags openblas, go build -tags
// openblas), importing this package links OpenBLAS through gonum's cgo
// bindings (gonum.org/v1/netlib/blas/netlib, linked with -lopenblas, so no
// CGO_LDFLAGS is needed) and makes it the implementation behind
// gonum.org/v1/gonum/blas/blas64 and blas32, and hence behind every
// mat.Dense product of the program and the single-precision products of
// internal/kern. Without the tag the package does nothing and gonum's pure
// Go BLAS stays in use, so the default build needs neither cgo nor OpenBLAS.
//
// OpenBLAS runs on one thread (openblas_set_num_threads(1) at start-up,
// whatever OPENBLAS_NUM_THREADS says): the library spreads its work over
// GOMAXPROCS goroutines itself, a large product in bands of rows
// (internal/kern.Gemm) and the samplers in bands of chains that go through
// whole steps on one core. OpenBLAS's threads would be a second pool
// beside Go's: they spin while they wait, and two threaded products
// called at once from two goroutines queue on OpenBLAS's lock.
//
// Import it for its side effect where speed matters, in a main package or a
// benchmark file:
//
//	import _ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
package openblas
