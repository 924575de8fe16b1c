package data

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// Frechet returns the squared Fréchet distance between the Gaussians
// N(m_a, Σ_a) and N(m_b, Σ_b) fitted to the rows of a and of b (sample
// means and covariances with divisor n − 1):
//
//	d² = ‖m_a − m_b‖² + tr Σ_a + tr Σ_b − 2 tr (Σ_a^{1/2} Σ_b Σ_a^{1/2})^{1/2},
//
// where the last trace equals tr (Σ_a Σ_b)^{1/2}. It is the squared
// 2-Wasserstein distance between the two Gaussians: 0 for sets with equal
// means and covariances, symmetric in a and b, and for commuting
// covariances (e.g. diagonal ones) with standard deviations s_a, s_b along
// the common axes it is ‖m_a − m_b‖² + Σ_i (s_{a,i} − s_{b,i})².
//
// On image features from an Inception network this is FID. There is no
// such network here: on raw pixels, as the GRBM notebook uses it, it is a
// pixel-space stand-in for FID whose values are not comparable with
// published FIDs; only orderings are.
//
// Both matrices need the same number of columns, at least two rows each,
// and finite entries. The square roots come from eigendecompositions of
// symmetric matrices (mat.EigenSym), with eigenvalues that round-off makes
// slightly negative counted as 0. For many sets against one reference use
// NewFrechetRef, which factorises the reference once.
func Frechet(a, b mat.Matrix) (float64, error) {
	r, err := NewFrechetRef(a)
	if err != nil {
		return 0, fmt.Errorf("data: Frechet: first set: %w", err)
	}
	d, err := r.Distance(b)
	if err != nil {
		return 0, fmt.Errorf("data: Frechet: %w", err)
	}
	return d, nil
}

// FrechetRef is a reference set for Frechet distances: the mean m_a, the
// covariance Σ_a and its symmetric square root Σ_a^{1/2} of its rows. Make
// it with NewFrechetRef.
type FrechetRef struct {
	mean []float64
	cov  *mat.SymDense
	root *mat.SymDense
}

// NewFrechetRef fits the Gaussian of the rows of a (at least two rows,
// finite entries) and factorises its covariance for FrechetRef.Distance.
func NewFrechetRef(a mat.Matrix) (*FrechetRef, error) {
	m, c, err := gaussFit(a)
	if err != nil {
		return nil, fmt.Errorf("data: NewFrechetRef: %w", err)
	}
	root, err := sqrtSym(c)
	if err != nil {
		return nil, fmt.Errorf("data: NewFrechetRef: covariance square root: %w", err)
	}
	return &FrechetRef{mean: m, cov: c, root: root}, nil
}

// Dim returns the number of columns of the reference set.
func (r *FrechetRef) Dim() int { return len(r.mean) }

// Distance returns the squared Fréchet distance d² (see Frechet) between
// the reference and the Gaussian fitted to the rows of b, which must have
// the reference's number of columns, at least two rows and finite entries.
func (r *FrechetRef) Distance(b mat.Matrix) (float64, error) {
	if r == nil || r.cov == nil {
		return 0, errors.New("data: FrechetRef.Distance: reference not made with NewFrechetRef")
	}
	if b == nil {
		return 0, errors.New("data: FrechetRef.Distance: nil set")
	}
	if _, c := b.Dims(); c != len(r.mean) {
		return 0, fmt.Errorf("data: FrechetRef.Distance: set has %d columns, reference has %d", c, len(r.mean))
	}
	m, c, err := gaussFit(b)
	if err != nil {
		return 0, fmt.Errorf("data: FrechetRef.Distance: %w", err)
	}
	n := len(m)
	var d float64
	for j := range m {
		d += (r.mean[j] - m[j]) * (r.mean[j] - m[j])
	}
	// S = Σ_a^{1/2} Σ_b Σ_a^{1/2}, symmetrised against round-off.
	var t, u mat.Dense
	t.Mul(r.root, c)
	u.Mul(&t, r.root)
	s := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			s.SetSym(i, j, 0.5*(u.At(i, j)+u.At(j, i)))
		}
	}
	var e mat.EigenSym
	if !e.Factorize(s, false) {
		return 0, errors.New("data: FrechetRef.Distance: eigendecomposition of Σa^½ Σb Σa^½ failed")
	}
	var cross float64
	for _, l := range e.Values(nil) {
		if l > 0 {
			cross += math.Sqrt(l)
		}
	}
	d += mat.Trace(r.cov) + mat.Trace(c) - 2*cross
	// Round-off can leave −1e-12 for equal sets; the distance is ≥ 0.
	return math.Max(d, 0), nil
}

// gaussFit returns the column means and the sample covariance (divisor
// n − 1) of the rows of x, or an error for a nil or empty matrix, fewer
// than two rows or a non-finite entry.
func gaussFit(x mat.Matrix) ([]float64, *mat.SymDense, error) {
	if x == nil {
		return nil, nil, errors.New("nil set")
	}
	r, c := x.Dims()
	if r < 2 || c < 1 {
		return nil, nil, fmt.Errorf("set is %d×%d, want at least 2 rows and 1 column for a covariance", r, c)
	}
	m := make([]float64, c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v := x.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("set has %v at row %d, column %d", v, i, j)
			}
			m[j] += v
		}
	}
	for j := range m {
		m[j] /= float64(r)
	}
	cov := mat.NewSymDense(c, nil)
	stat.CovarianceMatrix(cov, x, nil)
	return m, cov, nil
}

// sqrtSym returns the symmetric square root V Λ^{1/2} Vᵀ of the symmetric
// positive semi-definite a = V Λ Vᵀ, with negative eigenvalues (round-off)
// taken as 0.
func sqrtSym(a *mat.SymDense) (*mat.SymDense, error) {
	var e mat.EigenSym
	if !e.Factorize(a, true) {
		return nil, errors.New("eigendecomposition failed")
	}
	vals := e.Values(nil)
	var v mat.Dense
	e.VectorsTo(&v)
	n := len(vals)
	// Scale column j of V by λ_j^{1/4}; then (VΛ^{1/4})(VΛ^{1/4})ᵀ = VΛ^{1/2}Vᵀ.
	for j := 0; j < n; j++ {
		f := 0.0
		if vals[j] > 0 {
			f = math.Sqrt(math.Sqrt(vals[j]))
		}
		for i := 0; i < n; i++ {
			v.Set(i, j, v.At(i, j)*f)
		}
	}
	out := mat.NewSymDense(n, nil)
	out.SymOuterK(1, &v)
	return out, nil
}
