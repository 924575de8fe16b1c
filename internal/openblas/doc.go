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
// Import it for its side effect where speed matters, in a main package or a
// benchmark file:
//
//	import _ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
package openblas
