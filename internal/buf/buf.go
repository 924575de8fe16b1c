// Package buf sizes the work buffers that samplers and learners keep from
// call to call, reusing their storage when it is large enough, so that a
// steady sequence of calls of one shape allocates nothing.
package buf

import "gonum.org/v1/gonum/mat"

// Dense returns d if it is r×c, else an r×c matrix: d itself, reset and
// reshaped (mat.Dense.ReuseAs, which reuses d's storage when its capacity
// is at least r·c), or a new zero matrix when d is nil. The contents of a
// reshaped matrix are zero; those of d returned as it is are kept.
func Dense(d *mat.Dense, r, c int) *mat.Dense {
	if d == nil {
		return mat.NewDense(r, c, nil)
	}
	if dr, dc := d.Dims(); dr == r && dc == c {
		return d
	}
	d.Reset()
	d.ReuseAs(r, c)
	return d
}

// Floats returns a slice of length n: s[:n] when s has capacity n or
// more (its contents kept), else a new zero slice.
func Floats(s []float64, n int) []float64 {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]float64, n)
}
