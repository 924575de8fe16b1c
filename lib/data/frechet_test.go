package data

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// crossSet returns the four rows m ± (a, 0), m ± (0, b) rotated by the
// angle th about m: their sample mean is m and their sample covariance
// (divisor 3) is R diag(2a²/3, 2b²/3) Rᵀ, so along the rotated axes the
// standard deviations are a√(2/3) and b√(2/3).
func crossSet(m [2]float64, a, b, th float64) *mat.Dense {
	c, s := math.Cos(th), math.Sin(th)
	pts := [][2]float64{{a, 0}, {-a, 0}, {0, b}, {0, -b}}
	x := mat.NewDense(4, 2, nil)
	for i, p := range pts {
		x.Set(i, 0, m[0]+c*p[0]-s*p[1])
		x.Set(i, 1, m[1]+s*p[0]+c*p[1])
	}
	return x
}

// TestFrechetClosedForm checks Frechet against the closed form for
// commuting covariances, ‖m_a − m_b‖² + Σ_i (s_a,i − s_b,i)², on sets
// built to have exact sample moments (crossSet): diagonal covariances
// (angle 0) and the same sets rotated by 0.7 rad (non-diagonal covariances
// that still commute). Everything is exact up to round-off, so the
// tolerance is 1e-9.
func TestFrechetClosedForm(t *testing.T) {
	k := math.Sqrt(2.0 / 3)
	for _, th := range []float64{0, 0.7} {
		a := crossSet([2]float64{1, -2}, 3, 1, th)
		b := crossSet([2]float64{-0.5, 0.5}, 1, 2, th)
		// Means differ by (1.5, −2.5) in the unrotated frame and rotation
		// keeps lengths, so ‖Δm‖² = 1.5² + 2.5².
		want := 1.5*1.5 + 2.5*2.5 + (3*k-1*k)*(3*k-1*k) + (1*k-2*k)*(1*k-2*k)
		got, err := Frechet(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("angle %v: d² = %.12f, closed form %.12f", th, got, want)
		}
	}
}

// TestFrechetProperties checks on random 5-column sets: d²(a, a) = 0,
// symmetry d²(a, b) = d²(b, a), and agreement with an independent
// computation of tr (Σa Σb)^{1/2} as the sum of the square roots of the
// eigenvalues of the non-symmetric product Σa Σb (mat.Eigen), which are
// real and non-negative. Round-off only: tolerance 1e-8 relative.
func TestFrechetProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randSet := func(n int, scale float64) *mat.Dense {
		x := mat.NewDense(n, 5, nil)
		for i := 0; i < n; i++ {
			z := rng.NormFloat64()
			for j := 0; j < 5; j++ {
				x.Set(i, j, scale*(rng.NormFloat64()+0.5*z*float64(j))+float64(j))
			}
		}
		return x
	}
	a, b := randSet(40, 1), randSet(60, 2)
	if d, err := Frechet(a, a); err != nil || d > 1e-9 {
		t.Errorf("d²(a, a) = %v, %v; want 0", d, err)
	}
	ab, err := Frechet(a, b)
	if err != nil {
		t.Fatal(err)
	}
	ba, err := Frechet(b, a)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ab-ba) > 1e-8*ab {
		t.Errorf("d²(a, b) = %v, d²(b, a) = %v", ab, ba)
	}
	ma, ca, _ := gaussFit(a)
	mb, cb, _ := gaussFit(b)
	var p mat.Dense
	p.Mul(ca, cb)
	var e mat.Eigen
	if !e.Factorize(&p, mat.EigenNone) {
		t.Fatal("eigen failed")
	}
	var cross float64
	for _, l := range e.Values(nil) {
		cross += real(cmplx.Sqrt(l))
	}
	want := mat.Trace(ca) + mat.Trace(cb) - 2*cross
	for j := range ma {
		want += (ma[j] - mb[j]) * (ma[j] - mb[j])
	}
	if math.Abs(ab-want) > 1e-8*want {
		t.Errorf("d² = %.10f, via eigenvalues of Σa Σb %.10f", ab, want)
	}
	// One reference against many sets gives the same as Frechet.
	ref, err := NewFrechetRef(a)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := ref.Distance(b); err != nil || d != ab || ref.Dim() != 5 {
		t.Errorf("FrechetRef.Distance = %v, %v (dim %d); Frechet %v", d, err, ref.Dim(), ab)
	}
}

// TestFrechetBadInput checks the errors: column mismatch, too few rows,
// non-finite entries, nil sets and an unmade reference.
func TestFrechetBadInput(t *testing.T) {
	a := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 7})
	for _, tc := range []struct {
		name string
		x, y mat.Matrix
		want string
	}{
		{"columns", a, mat.NewDense(3, 3, nil), "3 columns, reference has 2"},
		{"one row", a, mat.NewDense(1, 2, nil), "at least 2 rows"},
		{"one row first", mat.NewDense(1, 2, nil), a, "first set"},
		{"NaN", a, mat.NewDense(2, 2, []float64{1, math.NaN(), 0, 0}), "NaN at row 0, column 1"},
		{"nil", a, nil, "nil set"},
	} {
		_, err := Frechet(tc.x, tc.y)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	var r *FrechetRef
	if _, err := r.Distance(a); err == nil {
		t.Error("nil reference: no error")
	}
}
