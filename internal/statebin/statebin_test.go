package statebin

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestRoundTrip writes one value of every kind and reads them back
// exactly (floats compared as bits, NaN and −0 included).
func TestRoundTrip(t *testing.T) {
	var w Writer
	w.String("tag/1")
	w.U64(1<<63 + 5)
	w.Int(-7)
	w.Bool(true)
	w.F64(math.Copysign(0, -1))
	w.Floats([]float64{1, math.NaN(), math.Inf(-1)})
	w.Floats(nil)
	w.Ints([]int{3, -1})
	w.Blob([]byte{0, 255})
	w.Dense(mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6}))
	w.Dense(nil)

	r := NewReader(w.Bytes())
	r.Tag("tag/1")
	if r.U64("u") != 1<<63+5 || r.Int("i") != -7 || !r.Bool("b") {
		t.Fatal("integers or bool differ")
	}
	if z := r.F64("z"); math.Float64bits(z) != math.Float64bits(math.Copysign(0, -1)) {
		t.Fatalf("−0 read as %v", z)
	}
	f := r.Floats("f")
	if len(f) != 3 || f[0] != 1 || !math.IsNaN(f[1]) || !math.IsInf(f[2], -1) {
		t.Fatalf("floats %v", f)
	}
	if r.Floats("empty") != nil {
		t.Fatal("empty floats not nil")
	}
	if x := r.Ints("ints"); len(x) != 2 || x[0] != 3 || x[1] != -1 {
		t.Fatalf("ints %v", x)
	}
	if b := r.Blob("blob"); len(b) != 2 || b[1] != 255 {
		t.Fatalf("blob %v", b)
	}
	d := r.Dense("d")
	if d == nil || !mat.Equal(d, mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})) {
		t.Fatalf("dense %v", d)
	}
	if r.Dense("nil") != nil {
		t.Fatal("nil dense read as a matrix")
	}
	if err := r.Done("all"); err != nil {
		t.Fatal(err)
	}
}

// TestReaderErrors checks that malformed input gives an error naming the
// field, and never a panic or a large allocation: truncation, a bad tag,
// a length larger than the bytes left, a bad boolean, a matrix larger than
// the bytes left, and bytes after the last field.
func TestReaderErrors(t *testing.T) {
	var w Writer
	w.String("tag/1")
	w.Int(1 << 40) // a claimed length far beyond the input
	good := w.Bytes()
	cases := []struct {
		name string
		read func(r *Reader)
		in   []byte
		want string
	}{
		{"truncated", func(r *Reader) { r.U64("count") }, []byte{1, 2, 3}, "count (at byte 0): truncated"},
		{"tag", func(r *Reader) { r.Tag("other/1") }, good, `state of "tag/1", want "other/1"`},
		{"huge floats", func(r *Reader) { r.Tag("tag/1"); r.Floats("weights") }, good, "weights (at byte"},
		{"huge blob", func(r *Reader) { r.Tag("tag/1"); r.Blob("state") }, good, "count 1099511627776 out of range"},
		{"bool", func(r *Reader) { r.Bool("flag") }, []byte{7}, "boolean byte 7"},
		{"dense", func(r *Reader) {
			var w Writer
			w.Bool(true)
			w.Int(20)
			w.Int(20)
			w.b = append(w.b, make([]byte, 64)...) // 8 floats, not 400
			r.b = w.Bytes()
			r.Dense("W")
		}, nil, "does not fit"},
		{"trailing", func(r *Reader) { r.Tag("tag/1"); r.Int("n"); r.U64("x") }, append(append([]byte(nil), good...), make([]byte, 9)...), "1 bytes left"},
	}
	for _, c := range cases {
		r := NewReader(c.in)
		c.read(r)
		err := r.Done("state")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// A PCG state round-trips, and a byte string that is not one is an error
// naming the field.
func TestPCG(t *testing.T) {
	src := rand.NewPCG(3, 4)
	src.Uint64()
	var w Writer
	w.PCG(src)
	w.Blob([]byte("not a PCG"))
	r := NewReader(w.Bytes())
	var got rand.PCG
	r.PCG("source", &got)
	if r.Err() != nil || got.Uint64() != src.Uint64() {
		t.Fatalf("round trip: err %v, or the streams differ", r.Err())
	}
	var bad rand.PCG
	r.PCG("other", &bad)
	if r.Err() == nil || !strings.Contains(r.Err().Error(), "other") {
		t.Errorf("a blob that is not a PCG state: %v, want an error naming the field", r.Err())
	}
}
