package rbm

import "fmt"

// Precision is the floating-point precision of the arithmetic that
// samplers, learners and AIS use with a binary model (see
// docs/precision.md). The model's parameters W, B and C are float64, and
// the master copy, in either precision. A Float32 model also keeps a
// float32 copy of them, fl32(W), fl32(B), fl32(C) (fl32: rounding to the
// nearest float32), from which its sampling and learning calls run their
// matrix products (single-precision BLAS, sgemm), sigmoids and Bernoulli
// draws in float32; they return their results (states, probabilities,
// gradients) as float64. learn.SGD updates the copy in the same pass as
// the float64 parameters. Code that writes W, B or C otherwise calls
// Binary.Changed afterwards, and the copy is made again, once, at the next
// call (Params, loading and replacing W, B or C do this by themselves).
// Exact log Z, log-likelihoods and exact state tables are always float64.
type Precision uint8

const (
	// Float64 is double precision (IEEE 754 binary64, 53-bit
	// significand), the default (zero value).
	Float64 Precision = iota
	// Float32 is single precision (binary32, 24-bit significand): about
	// twice the speed of the matrix products, relative rounding 2⁻²⁴ ≈
	// 6·10⁻⁸ per operation.
	Float32
)

// String returns "float64" or "float32".
func (p Precision) String() string {
	switch p {
	case Float64:
		return "float64"
	case Float32:
		return "float32"
	}
	return fmt.Sprintf("Precision(%d)", uint8(p))
}

// ParsePrecision returns the Precision named s ("float64" or "float32").
func ParsePrecision(s string) (Precision, error) {
	switch s {
	case "float64":
		return Float64, nil
	case "float32":
		return Float32, nil
	}
	return 0, fmt.Errorf("rbm: unknown precision %q (want float64 or float32)", s)
}
