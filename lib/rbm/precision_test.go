package rbm

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPrecisionFile checks that Save records the precision (kind "binary"
// or "binary32" in the header) and Load restores it with the parameters
// bit for bit, and that a file of either precision loads and can be used
// in the other by setting Precision.
func TestPrecisionFile(t *testing.T) {
	for _, p := range []Precision{Float64, Float32} {
		m, err := NewBinary(5, 3, &Init{WeightStd: 0.7, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		m.B[1], m.C[2] = 0.3, -1.25
		m.Precision = p
		var buf bytes.Buffer
		if err := m.Save(&buf); err != nil {
			t.Fatal(err)
		}
		kind := string(bytes.TrimRight(buf.Bytes()[8:16], "\x00"))
		if want := map[Precision]string{Float64: "binary", Float32: "binary32"}[p]; kind != want {
			t.Errorf("%v: kind %q, want %q", p, kind, want)
		}
		got, err := Load(&buf)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		if got.Precision != p || !mat.Equal(got.W, m.W) || !equalFloats(got.B, m.B) || !equalFloats(got.C, m.C) {
			t.Errorf("%v: loaded precision %v or parameters differ", p, got.Precision)
		}
		other := Float32 - p // the other precision
		got.Precision = other
		if err := got.Validate(); err != nil {
			t.Errorf("%v file used as %v: %v", p, other, err)
		}
		if c := got.Clone(); c.Precision != other {
			t.Errorf("Clone: precision %v, want %v", c.Precision, other)
		}
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestPrecisionValidate checks the bounds of Validate per precision
// (MaxParam for Float64, MaxParam32 for Float32), an unknown precision,
// and the names of String and ParsePrecision.
func TestPrecisionValidate(t *testing.T) {
	m, _ := NewBinary(2, 2, nil)
	m.W.Set(1, 0, 1e31)
	if err := m.Validate(); err != nil {
		t.Errorf("float64, weight 1e31: %v", err)
	}
	m.Precision = Float32
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "MaxParam32") {
		t.Errorf("float32, weight 1e31: %v, want an error naming MaxParam32", err)
	}
	m.W.Set(1, 0, 1e30)
	if err := m.Validate(); err != nil {
		t.Errorf("float32, weight 1e30: %v", err)
	}
	m.Precision = 7
	if err := m.Validate(); err == nil {
		t.Error("unknown precision accepted")
	}
	for _, p := range []Precision{Float64, Float32} {
		q, err := ParsePrecision(p.String())
		if err != nil || q != p {
			t.Errorf("ParsePrecision(%q) = %v, %v", p.String(), q, err)
		}
	}
	if _, err := ParsePrecision("float16"); err == nil {
		t.Error("ParsePrecision(float16) accepted")
	}
}
