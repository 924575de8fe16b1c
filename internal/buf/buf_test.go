package buf

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestDense(t *testing.T) {
	d := Dense(nil, 2, 3)
	if r, c := d.Dims(); r != 2 || c != 3 {
		t.Fatalf("Dense(nil, 2, 3) is %d×%d", r, c)
	}
	d.Set(1, 2, 7)
	if e := Dense(d, 2, 3); e != d || e.At(1, 2) != 7 {
		t.Fatal("Dense of a 2×3 matrix for 2×3 did not return it unchanged")
	}
	e := Dense(d, 3, 2)
	if r, c := e.Dims(); e != d || r != 3 || c != 2 {
		t.Fatalf("Dense(d, 3, 2) is %d×%d (same matrix %v), want d reshaped to 3×2", r, c, e == d)
	}
	if !mat.Equal(e, mat.NewDense(3, 2, nil)) {
		t.Fatalf("reshaped matrix is not zero: %v", mat.Formatted(e))
	}
	if e := Dense(d, 4, 4); e.RawMatrix().Rows != 4 || e.RawMatrix().Cols != 4 {
		t.Fatal("Dense(d, 4, 4) did not grow d")
	}
}

func TestFloats(t *testing.T) {
	s := Floats(nil, 3)
	if len(s) != 3 {
		t.Fatalf("Floats(nil, 3) has length %d", len(s))
	}
	s[0] = 5
	if u := Floats(s, 2); len(u) != 2 || &u[0] != &s[0] || u[0] != 5 {
		t.Fatal("Floats(s, 2) did not reuse s")
	}
	if u := Floats(s[:1], 3); len(u) != 3 || &u[0] != &s[0] {
		t.Fatal("Floats(s[:1], 3) did not reuse s's capacity")
	}
	if u := Floats(s, 4); len(u) != 4 || &u[0] == &s[0] {
		t.Fatal("Floats(s, 4) did not allocate")
	}
}
