package data

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Mixture is a Gaussian mixture density in d dimensions,
//
//	p(x) = Σ_k w_k N(x; m_k, Σ_k),
//
// with weights Weights (non-negative, normalised by their sum), means
// Means[k] (length d) and covariances Covs[k] (d×d, symmetric positive
// definite). The GRBM paper (Liao et al. 2022, Sect. 4.1 and Fig. 1) fits
// 2-D mixtures of three components with isotropic and anisotropic
// covariances; IsotropicMixture and AnisotropicMixture are such mixtures.
type Mixture struct {
	Weights []float64
	Means   [][]float64
	Covs    []*mat.SymDense
}

// IsotropicMixture returns the 2-D mixture of three equally weighted
// isotropic Gaussians used here for the paper's Fig. 1 (top rows): means
// on a circle of radius 2.5 at 90°, 210° and 330°, covariance 0.25·I
// (standard deviation 0.5). The paper does not list its parameters; these
// give three well separated modes of the same shape.
func IsotropicMixture() *Mixture {
	m := &Mixture{Weights: []float64{1, 1, 1}}
	for k := 0; k < 3; k++ {
		a := math.Pi/2 + 2*math.Pi*float64(k)/3
		m.Means = append(m.Means, []float64{2.5 * math.Cos(a), 2.5 * math.Sin(a)})
		m.Covs = append(m.Covs, mat.NewSymDense(2, []float64{0.25, 0, 0, 0.25}))
	}
	return m
}

// AnisotropicMixture returns the 2-D mixture of three Gaussians with
// anisotropic covariances used here for the paper's Fig. 1 (bottom rows):
// the means of IsotropicMixture, weights 0.5, 0.3, 0.2, and covariances
// R_k diag(1, 0.04) R_kᵀ (standard deviations 1 and 0.2) with R_k the
// rotation by 0°, 60° and 120°.
func AnisotropicMixture() *Mixture {
	m := IsotropicMixture()
	m.Weights = []float64{0.5, 0.3, 0.2}
	for k := 0; k < 3; k++ {
		a := math.Pi * float64(k) / 3
		c, s := math.Cos(a), math.Sin(a)
		// R diag(l1, l2) Rᵀ with R = [c −s; s c].
		l1, l2 := 1.0, 0.04
		m.Covs[k] = mat.NewSymDense(2, []float64{
			c*c*l1 + s*s*l2, c * s * (l1 - l2),
			c * s * (l1 - l2), s*s*l1 + c*c*l2,
		})
	}
	return m
}

// validate is Validate that also returns the Cholesky factors of the
// covariances and the dimension d.
func (m *Mixture) validate() ([]*mat.Cholesky, int, error) {
	if m == nil || len(m.Weights) == 0 {
		return nil, 0, errors.New("data: mixture has no components")
	}
	if len(m.Means) != len(m.Weights) || len(m.Covs) != len(m.Weights) {
		return nil, 0, fmt.Errorf("data: mixture has %d weights, %d means and %d covariances", len(m.Weights), len(m.Means), len(m.Covs))
	}
	var tot float64
	for k, w := range m.Weights {
		if !(w >= 0) || math.IsInf(w, 0) {
			return nil, 0, fmt.Errorf("data: mixture weight %d is %v, want finite and non-negative", k, w)
		}
		tot += w
	}
	if tot <= 0 {
		return nil, 0, errors.New("data: mixture weights sum to 0")
	}
	d := len(m.Means[0])
	if d == 0 {
		return nil, 0, errors.New("data: mixture means have dimension 0")
	}
	chol := make([]*mat.Cholesky, len(m.Weights))
	for k := range m.Weights {
		if len(m.Means[k]) != d {
			return nil, 0, fmt.Errorf("data: mixture mean %d has dimension %d, mean 0 has %d", k, len(m.Means[k]), d)
		}
		for i, x := range m.Means[k] {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, 0, fmt.Errorf("data: mixture mean %d has %v at %d", k, x, i)
			}
		}
		if m.Covs[k] == nil || m.Covs[k].SymmetricDim() != d {
			return nil, 0, fmt.Errorf("data: mixture covariance %d is not %d×%d", k, d, d)
		}
		chol[k] = new(mat.Cholesky)
		if ok := chol[k].Factorize(m.Covs[k]); !ok {
			return nil, 0, fmt.Errorf("data: mixture covariance %d is not positive definite", k)
		}
	}
	return chol, d, nil
}

// Validate reports the first problem with m: no components, lists of
// different lengths, negative or non-finite weights or a zero total, means
// of different dimensions or with NaN, or a covariance that is not d×d or
// not positive definite.
func (m *Mixture) Validate() error {
	_, _, err := m.validate()
	return err
}

// Sample returns n independent draws from m as a Set named name, one per
// row, with Labels the index of the component each came from. A draw picks
// component k with probability w_k/Σw and returns m_k + L_k z, with
// L_k L_kᵀ = Σ_k (Cholesky) and z ~ N(0, I), from a PCG source seeded
// with seed. It returns an error unless 1 ≤ n and n·d ≤ MaxSetValues, d
// the dimension.
func (m *Mixture) Sample(name string, n int, seed uint64) (*Set, error) {
	chol, d, err := m.validate()
	if err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, fmt.Errorf("data: Mixture.Sample: number of samples must be positive, got %d", n)
	}
	if n > MaxSetValues/d {
		return nil, fmt.Errorf("data: Mixture.Sample: n = %d samples of dimension %d are more than MaxSetValues = %d values", n, d, MaxSetValues)
	}
	var tot float64
	for _, w := range m.Weights {
		tot += w
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d6978))
	x := mat.NewDense(n, d, nil)
	labels := make([]int, n)
	z := make([]float64, d)
	ls := make([]mat.TriDense, len(chol))
	for k := range chol {
		chol[k].LTo(&ls[k])
	}
	for r := 0; r < n; r++ {
		u, k := rng.Float64()*tot, 0
		for k < len(m.Weights)-1 && u >= m.Weights[k] {
			u -= m.Weights[k]
			k++
		}
		for i := range z {
			z[i] = rng.NormFloat64()
		}
		row := x.RawRowView(r)
		for i := 0; i < d; i++ {
			s := m.Means[k][i]
			for j := 0; j <= i; j++ {
				s += ls[k].At(i, j) * z[j]
			}
			row[i] = s
		}
		labels[r] = k
	}
	return &Set{Name: name, X: x, Labels: labels}, nil
}

// LogDensity returns log p(x) of the mixture at x (len(x) = d), computed
// with log-sum-exp over the components. It returns NaN if m is not valid
// or len(x) ≠ d. For many points use LogDensities, which factorises the
// covariances once.
func (m *Mixture) LogDensity(x []float64) float64 {
	out, err := m.LogDensities(nil, mat.NewDense(1, max(len(x), 1), append([]float64(nil), x...)))
	if err != nil || len(x) == 0 {
		return math.NaN()
	}
	return out[0]
}

// LogDensities writes log p(x) for every row x of X (r×d) into dst
// (allocated if its length is not r) and returns it; e.g. for a density
// plot on a grid. It returns an error if m is not valid or X does not have
// d columns.
func (m *Mixture) LogDensities(dst []float64, X mat.Matrix) ([]float64, error) {
	chol, d, err := m.validate()
	if err != nil {
		return nil, err
	}
	r, c := X.Dims()
	if c != d {
		return nil, fmt.Errorf("data: Mixture.LogDensities: points have %d columns, mixture has dimension %d", c, d)
	}
	if len(dst) != r {
		dst = make([]float64, r)
	}
	var tot float64
	for _, w := range m.Weights {
		tot += w
	}
	consts := make([]float64, len(chol))
	for k, w := range m.Weights {
		consts[k] = math.Log(w/tot) - 0.5*(chol[k].LogDet()+float64(d)*math.Log(2*math.Pi))
	}
	diff := mat.NewVecDense(d, nil)
	sol := mat.NewVecDense(d, nil)
	for i := 0; i < r; i++ {
		mx, s := math.Inf(-1), 0.0
		for k, w := range m.Weights {
			if w == 0 {
				continue
			}
			for j := 0; j < d; j++ {
				diff.SetVec(j, X.At(i, j)-m.Means[k][j])
			}
			if err := chol[k].SolveVecTo(sol, diff); err != nil {
				return nil, fmt.Errorf("data: Mixture.LogDensities: component %d: %w", k, err)
			}
			t := consts[k] - 0.5*mat.Dot(diff, sol)
			if t > mx {
				s = s*math.Exp(mx-t) + 1
				mx = t
			} else {
				s += math.Exp(t - mx)
			}
		}
		dst[i] = mx + math.Log(s)
	}
	return dst, nil
}

// Standardize returns a copy of s with every column shifted and scaled to
// mean 0 and standard deviation 1,
//
//	x'_ij = (x_ij − mean_j)/std_j,  std_j = √((1/r) Σ_i (x_ij − mean_j)²),
//
// as the GRBM paper does per pixel (Appendix B), and the mean and std used,
// to undo it with Unstandardize (e.g. to show samples as images); the copy
// holds them too (Set.Mean, Set.Std). A column
// whose std is below 1e-8 (a constant pixel) gets std_j = 1, so it is only
// centred. It returns an error for an invalid set.
func Standardize(s *Set) (out *Set, mean, std []float64, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, nil, fmt.Errorf("data: Standardize: %w", err)
	}
	r, c := s.X.Dims()
	mean, std = make([]float64, c), make([]float64, c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			mean[j] += s.X.At(i, j)
		}
	}
	for j := range mean {
		mean[j] /= float64(r)
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			d := s.X.At(i, j) - mean[j]
			std[j] += d * d
		}
	}
	for j := range std {
		std[j] = math.Sqrt(std[j] / float64(r))
		if std[j] < 1e-8 {
			std[j] = 1
		}
	}
	out = s.copyShape("-std")
	x := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			x.Set(i, j, (s.X.At(i, j)-mean[j])/std[j])
		}
	}
	out.X = x
	out.Mean, out.Std = append([]float64(nil), mean...), append([]float64(nil), std...)
	return out, mean, std, nil
}

// Unstandardize undoes Standardize in place: x_ij ← x_ij·std_j + mean_j for
// every row of x. It returns an error if the lengths do not match x's
// columns.
func Unstandardize(x *mat.Dense, mean, std []float64) error {
	if x == nil || x.IsEmpty() {
		return errors.New("data: Unstandardize: empty matrix")
	}
	r, c := x.Dims()
	if len(mean) != c || len(std) != c {
		return fmt.Errorf("data: Unstandardize: matrix has %d columns, mean and std have %d and %d", c, len(mean), len(std))
	}
	for i := 0; i < r; i++ {
		row := x.RawRowView(i)
		for j := range row {
			row[j] = row[j]*std[j] + mean[j]
		}
	}
	return nil
}
