// Package statebin writes and reads the binary state of the library's
// stateful objects (samplers, chains, batchers, learners, training runs)
// for checkpoints: a flat little-endian encoding of integers, float64
// bits, byte strings and matrices, with a Reader that never panics and
// never allocates more than the bytes it has been given, and whose errors
// name the field that was being read.
//
// It depends only on the standard library and gonum's mat, so that
// lib/data, lib/mcmc and lib/learn can share it without depending on each
// other. The encoding has no framing of its own: each object writes a tag
// with its kind and version first (Writer.String) and checks it on reading
// (Reader.Tag).
package statebin

import (
	"encoding/binary"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Writer appends values to a byte slice.
type Writer struct {
	b []byte
}

// Bytes returns what has been written.
func (w *Writer) Bytes() []byte { return w.b }

// U64 writes x as 8 little-endian bytes.
func (w *Writer) U64(x uint64) { w.b = binary.LittleEndian.AppendUint64(w.b, x) }

// Int writes x as a U64 of its two's complement.
func (w *Writer) Int(x int) { w.U64(uint64(int64(x))) }

// Bool writes x as one byte, 0 or 1.
func (w *Writer) Bool(x bool) {
	if x {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

// F64 writes the bits of x.
func (w *Writer) F64(x float64) { w.U64(math.Float64bits(x)) }

// Floats writes the length of x and the bits of its elements; a nil slice
// and an empty one read back as nil.
func (w *Writer) Floats(x []float64) {
	w.Int(len(x))
	for _, v := range x {
		w.F64(v)
	}
}

// Ints writes the length of x and its elements.
func (w *Writer) Ints(x []int) {
	w.Int(len(x))
	for _, v := range x {
		w.Int(v)
	}
}

// Blob writes the length of b and its bytes.
func (w *Writer) Blob(b []byte) {
	w.Int(len(b))
	w.b = append(w.b, b...)
}

// String writes s as a Blob.
func (w *Writer) String(s string) { w.Blob([]byte(s)) }

// Dense writes whether d is nil, then its rows, columns and elements in
// row order (not its capacity or stride).
func (w *Writer) Dense(d *mat.Dense) {
	if d == nil || d.IsEmpty() {
		w.Bool(false)
		return
	}
	w.Bool(true)
	r, c := d.Dims()
	w.Int(r)
	w.Int(c)
	for i := 0; i < r; i++ {
		for _, v := range d.RawRowView(i) {
			w.F64(v)
		}
	}
}

// Reader reads what a Writer wrote. After the first error every read
// returns a zero value and Err returns that error, so a decoder can read
// all its fields and check Err once.
type Reader struct {
	b   []byte
	off int
	err error
}

// NewReader returns a Reader of b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Err returns the first error met, nil if none.
func (r *Reader) Err() error { return r.err }

// Fail records err (if it is the first error) for the field being read.
func (r *Reader) Fail(field string, format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%s (at byte %d): %s", field, r.off, fmt.Sprintf(format, args...))
	}
}

// Done returns Err, or an error if bytes are left after the last field.
func (r *Reader) Done(what string) error {
	if r.err == nil && r.off != len(r.b) {
		r.err = fmt.Errorf("%s: %d bytes left after the last field", what, len(r.b)-r.off)
	}
	return r.err
}

func (r *Reader) take(field string, n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.off {
		r.Fail(field, "truncated: needs %d bytes, %d left", n, len(r.b)-r.off)
		return nil
	}
	p := r.b[r.off : r.off+n]
	r.off += n
	return p
}

// U64 reads 8 little-endian bytes.
func (r *Reader) U64(field string) uint64 {
	p := r.take(field, 8)
	if p == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(p)
}

// Int reads an int written by Writer.Int; it fails if the value does not
// fit in an int.
func (r *Reader) Int(field string) int {
	x := int64(r.U64(field))
	if int64(int(x)) != x {
		r.Fail(field, "integer %d out of range", x)
		return 0
	}
	return int(x)
}

// Count reads an int that must be in [0, max].
func (r *Reader) Count(field string, max int) int {
	n := r.Int(field)
	if r.err == nil && (n < 0 || n > max) {
		r.Fail(field, "count %d out of range [0, %d]", n, max)
		return 0
	}
	return n
}

// Bool reads one byte that must be 0 or 1.
func (r *Reader) Bool(field string) bool {
	p := r.take(field, 1)
	if p == nil {
		return false
	}
	if p[0] > 1 {
		r.Fail(field, "boolean byte %d, want 0 or 1", p[0])
		return false
	}
	return p[0] == 1
}

// F64 reads the bits of a float64.
func (r *Reader) F64(field string) float64 { return math.Float64frombits(r.U64(field)) }

// Floats reads a slice written by Writer.Floats (nil when empty).
func (r *Reader) Floats(field string) []float64 {
	n := r.Count(field, (len(r.b)-r.off)/8)
	if r.err != nil || n == 0 {
		return nil
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = r.F64(field)
	}
	return x
}

// Ints reads a slice written by Writer.Ints (nil when empty).
func (r *Reader) Ints(field string) []int {
	n := r.Count(field, (len(r.b)-r.off)/8)
	if r.err != nil || n == 0 {
		return nil
	}
	x := make([]int, n)
	for i := range x {
		x[i] = r.Int(field)
	}
	return x
}

// Blob reads a byte string written by Writer.Blob; it shares r's bytes.
func (r *Reader) Blob(field string) []byte {
	n := r.Count(field, len(r.b)-r.off)
	return r.take(field, n)
}

// String reads a string written by Writer.String.
func (r *Reader) String(field string) string { return string(r.Blob(field)) }

// Tag reads a string and fails unless it is want, naming what it found:
// the check of an object's kind and version.
func (r *Reader) Tag(want string) {
	got := r.String("tag")
	if r.err == nil && got != want {
		r.Fail("tag", "state of %q, want %q", got, want)
	}
}

// Dense reads a matrix written by Writer.Dense (nil if it was nil).
func (r *Reader) Dense(field string) *mat.Dense {
	if !r.Bool(field) {
		return nil
	}
	rows := r.Count(field+" rows", len(r.b)-r.off)
	cols := r.Count(field+" columns", len(r.b)-r.off)
	if r.err != nil {
		return nil
	}
	if rows == 0 || cols == 0 || rows > (len(r.b)-r.off)/8/cols {
		r.Fail(field, "%d×%d matrix does not fit in the %d bytes left", rows, cols, len(r.b)-r.off)
		return nil
	}
	d := mat.NewDense(rows, cols, nil)
	data := d.RawMatrix().Data
	for i := range data {
		data[i] = r.F64(field)
	}
	return d
}

// Check fails with the message "the saved state has got, this one has
// want" when got ≠ want: the check of a setting stored beside a state.
func (r *Reader) Check(field string, got, want any) {
	if r.err == nil && got != want {
		r.Fail(field, "the saved state has %v, this one has %v", got, want)
	}
}
