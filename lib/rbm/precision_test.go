package rbm

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/params32"
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

// TestAISFloat32 checks AIS and reverse AIS with a model of precision
// Float32 against the exact log Z of the model of TestAISExact (by
// enumeration), with the tolerance of TestAISExact: 4 standard errors plus
// the bias term se² (the log of a mean of weights is biased by about
// −var/2). Rounding to float32 changes each transition's probabilities by
// about 10⁻⁷ relative and each log weight increment by about 10⁻⁷ times
// the softplus sums, far below the standard error. It also checks that the
// float64 estimate, whose draws are unchanged by the precision machinery,
// differs from the float32 one (so float32 really ran).
func TestAISFloat32(t *testing.T) {
	m, d := aisModel(t)
	exact, err := m.ExactLogZ()
	if err != nil {
		t.Fatal(err)
	}
	s := &AISSettings{Chains: 100, Steps: 1000, Data: d, Seed: 3}
	lz64, _, err := m.AIS(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	m.Precision = Float32
	lz, se, err := m.AIS(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("float32 AIS: log Z = %.4f ± %.4f (float64 %.4f), exact %.4f", lz, se, lz64, exact)
	if e, tol := math.Abs(lz-exact), 4*se+se*se+1e-9; e > tol {
		t.Errorf("float32 AIS: |log Z − exact| = %.4f > %.4f", e, tol)
	}
	if lz == lz64 {
		t.Error("float32 AIS gave the float64 estimate bit for bit: did it run in float32?")
	}
	rz, rse, err := m.ReverseAIS(context.Background(), &AISSettings{Chains: 100, Steps: 1000, Data: d, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("float32 reverse AIS: log Z = %.4f ± %.4f", rz, rse)
	if e, tol := math.Abs(rz-exact), 4*rse+rse*rse+1e-9; e > tol {
		t.Errorf("float32 reverse AIS: |log Z − exact| = %.4f > %.4f", e, tol)
	}
}

// TestAISTransposedCopy checks float32 AIS's back products through the
// model's transposed copy of W (params32.Transposed) against those
// through W: the model's products are exact in float32 (weights and
// biases multiples of 1/16 of magnitude at most 1/4, binary states), so
// the two roads must give the same estimate bit for bit, and a wrong copy
// another (staleness is TestTransposedCopy's, in lib/mcmc).
func TestAISTransposedCopy(t *testing.T) {
	old := params32.UseTransposed
	defer func() { params32.UseTransposed = old }()
	m, err := NewBinary(128, 96, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := m.W.RawMatrix()
	for i := range w.Data {
		w.Data[i] = float64(i%9-4) / 16
	}
	for i := range m.B {
		m.B[i] = float64(i%5-2) / 16
	}
	m.Precision = Float32
	s := &AISSettings{Chains: 100, Steps: 50, Seed: 3}
	var est [2]float64
	for k, on := range []bool{false, true} {
		params32.UseTransposed = func() bool { return on }
		lz, _, err := m.AIS(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		est[k] = lz
	}
	if !params32.TransposedCurrent(m) {
		t.Fatal("AIS did not make the transposed copy")
	}
	if est[0] != est[1] {
		t.Errorf("AIS through the transposed copy: log Z = %v, through W %v", est[1], est[0])
	}
}
