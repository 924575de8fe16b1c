package statebin

import "math/rand/v2"

// PCG writes the state of src as a byte string (its MarshalBinary form).
func (w *Writer) PCG(src *rand.PCG) {
	b, _ := src.MarshalBinary() // it cannot fail: a PCG is two integers
	w.Blob(b)
}

// PCG reads a state written by Writer.PCG into dst, failing the read,
// named by field, when it is not a PCG state.
func (r *Reader) PCG(field string, dst *rand.PCG) {
	b := r.Blob(field)
	if r.err != nil {
		return
	}
	if err := dst.UnmarshalBinary(b); err != nil {
		r.Fail(field, "%v", err)
	}
}
