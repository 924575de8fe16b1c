package rbm

import (
	"fmt"
	"math"
)

// MaxParams bounds the size of the models that NewBinary and NewGaussian
// make and that Load and LoadGaussian read: the weights and biases,
//
//	visible·hidden + visible + hidden ≤ MaxParams = 2^28,
//
// that is at most 2 GiB of float64 for the parameters alone (training
// needs a few times more). A larger size is refused with an error naming
// the layer before anything is allocated: a typo such as hidden =
// 2000000000 must not end the process with a fatal out-of-memory.
const MaxParams = 1 << 28

// MaxParam bounds the magnitude of every weight, bias and mean that
// Validate accepts: |θ| ≤ MaxParam = 1e50. With at most MaxParams ≈ 2.7e8
// parameters, any energy, free energy or unit input of a binary model is
// then at most 2.7e8·1e50 ≈ 2.7e58 in magnitude, so every sum, log-sum-exp
// and difference of the exact and AIS computations stays far below the
// float64 limit 1.8e308 (sums of up to 1e200 such terms included). A
// Gaussian model's enumeration score Σ_i (Wh)_i²/σ_i² is then at most
// 2.7e8·(2.7e58)²·e^300 ≈ 4e255 with the variance bound MaxLogVar. A weight
// of 1e308 passes the finiteness test but makes those sums overflow to
// ±Inf and their differences NaN.
const MaxParam = 1e50

// MaxParam32 bounds the magnitude of every parameter of a model of
// precision Float32 in Validate: |θ| ≤ 1e30, so that a unit's input, a sum
// of at most MaxFileUnits = 2²⁴ products of a binary state and a weight
// plus a bias, stays below 2²⁴·1e30 ≈ 1.7·10³⁷, within float32's range
// (3.4·10³⁸).
const MaxParam32 = 1e30

// MaxLogVar bounds the log-variances of a Gaussian model that Validate
// accepts: |LogVar_i| ≤ MaxLogVar = 300, variances σ_i² in [e^−300, e^300]
// ≈ [5.1e-131, 1.9e130], so that 1/σ_i² and σ_i² both stay finite with room
// for the products of the energy (see MaxParam). Training at a large rate
// can take a log-variance past 100; exp overflows only past 709.
const MaxLogVar = 300

// checkSize returns an error naming the layer if visible or hidden is not
// positive or if the model would have more than MaxParams parameters.
func checkSize(what string, visible, hidden int) error {
	if visible <= 0 || hidden <= 0 {
		return fmt.Errorf("rbm: %s: layer sizes must be positive, got visible=%d hidden=%d", what, visible, hidden)
	}
	// Both at most MaxParams = 2^28, the product fits in an int64.
	if visible <= MaxParams && hidden <= MaxParams && int64(visible)*int64(hidden)+int64(visible)+int64(hidden) <= MaxParams {
		return nil
	}
	field, n := "hidden", hidden
	if visible > hidden {
		field, n = "visible", visible
	}
	total := float64(visible)*float64(hidden) + float64(visible) + float64(hidden)
	return fmt.Errorf("rbm: %s: %s=%d is too large: visible=%d and hidden=%d make %.3g parameters (%s of float64), above MaxParams = %d (2 GiB)",
		what, field, n, visible, hidden, total, byteSize(8*total), MaxParams)
}

// byteSize writes a number of bytes with a binary unit, e.g. "12.3 TiB".
func byteSize(b float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for b >= 1024 && i < len(units)-1 {
		b /= 1024
		i++
	}
	return fmt.Sprintf("%.3g %s", b, units[i])
}

// paramOK reports whether x is a number within ±bound (false for NaN).
func paramOK(x, bound float64) bool { return math.Abs(x) <= bound }

// notFinite returns an error saying that the result named what is x, not a
// finite number, and why that happens with a valid model, or nil if x is
// finite.
func notFinite(what string, x float64, why string) error {
	if finite(x) {
		return nil
	}
	return fmt.Errorf("%s is %v, not a finite number: %s", what, x, why)
}
