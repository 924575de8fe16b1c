package kern

import "math"

// ExpNeg returns e^z for −708 ≤ z ≤ 0 (the caller clamps z), computed as
//
//	e^z = 2^m · 2^{i/64} · e^r,  64m + i = round(64z/ln 2),
//	r = z − (64m+i)·ln2/64 ∈ [−ln2/128, ln2/128],
//
// with 2^{i/64} from a table, e^r by its Taylor polynomial of degree 5
// (remainder below 4e-17), ln2/64 split in two parts so that r is exact
// (Cody and Waite), and 2^m applied to the exponent bits. Its relative
// error is a few ulps (TestExpNeg). It has no branch and is small enough
// for the compiler to inline, which is the point: a call per element, with
// every register spilled around it, costs more than the exponential in the
// loops of softplus sums and sigmoids.
func ExpNeg(z float64) float64 {
	// 64/ln 2; ln2/64 in two parts, the first with 31 significant bits so
	// that kf·0.0108… is exact; 1.5·2^52, whose addition rounds to an
	// integer.
	kf := (z*92.33248261689366 + 6755399441055744.0) - 6755399441055744.0
	k := int64(kf)
	r := z - kf*0.01083042468962958 - kf*6.619564634077006e-12
	q := (1 + r*(1+r*(0.5+r*(1.0/6+r*(1.0/24+r*(1.0/120)))))) * exp2Table[k&63]
	return math.Float64frombits(math.Float64bits(q) + uint64(k>>6)<<52)
}

// ExpNegFast returns e^z for −708 ≤ z ≤ 0 as ExpNeg does but with e^r by
// its Taylor polynomial of degree 3, two multiply-adds fewer: the
// remainder r⁴/24 with |r| ≤ ln2/128 is below 3.6·10⁻¹¹ relative, so its
// relative error is below 10⁻¹⁰ (TestExpNegFast), far below float32's
// rounding (2⁻²⁴ ≈ 6·10⁻⁸), for which it is meant.
func ExpNegFast(z float64) float64 {
	kf := (z*92.33248261689366 + 6755399441055744.0) - 6755399441055744.0
	k := int64(kf)
	r := z - kf*0.01083042468962958 - kf*6.619564634077006e-12
	q := (1 + r*(1+r*(0.5+r*(1.0/6)))) * exp2Table[k&63]
	return math.Float64frombits(math.Float64bits(q) + uint64(k>>6)<<52)
}

// exp2Table holds 2^{i/64} for i = 0…63.
var exp2Table = func() (t [64]float64) {
	for i := range t {
		t[i] = math.Exp2(float64(i) / 64)
	}
	return t
}()
