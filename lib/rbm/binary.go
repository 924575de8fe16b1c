package rbm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"gonum.org/v1/gonum/mat"
)

// Binary is a Restricted Boltzmann Machine with binary visible units v ∈ {0,1}^m
// and binary hidden units h ∈ {0,1}^n, with energy
//
//	E(v, h) = -vᵀWh - bᵀv - cᵀh
//
// and joint distribution p(v, h) = exp(-E(v, h)) / Z.
// W is m×n, B (visible bias) has length m and C (hidden bias) length n.
// The fields may be read and written directly; W must stay a dense m×n
// matrix with a contiguous backing array (Stride == n), as NewBinary makes it.
// Precision chooses the arithmetic of the samplers, learners and AIS that
// run on the model (zero value: Float64); the parameters stay float64. A
// Float32 model keeps a float32 copy of them for its samplers: after
// writing W, B or C directly, call Changed (see Precision).
type Binary struct {
	W *mat.Dense
	B []float64
	C []float64
	// Precision is the precision of sampling, training and AIS with this
	// model (see Precision); Save records it.
	Precision Precision

	// f32 is the float32 copy of the parameters of a Float32 model
	// (mirror.go).
	f32 *mirror32
}

// Init says how NewBinary initialises a model. A nil *Init means the zero
// value: all parameters zero.
type Init struct {
	// WeightStd is the standard deviation of the Gaussian weights,
	// W_ij ~ N(0, WeightStd²). Zero gives zero weights. Typical: 0.01.
	WeightStd float64
	// BaseRate, if non-nil, is a data matrix (rows are examples) whose
	// per-unit mean p_i sets the visible bias to the base rate
	// b_i = log(p_i / (1 - p_i)), with p_i clamped to [1e-3, 1-1e-3].
	// Nil leaves the visible biases zero.
	BaseRate mat.Matrix
	// Rand is the source of the random weights; nil uses a source seeded
	// with Seed.
	Rand *rand.Rand
	// Seed seeds the weights when Rand is nil.
	Seed uint64
}

// NewBinary returns a binary RBM with the given numbers of visible and hidden
// units, initialised as init says (nil: all zero). Hidden biases start at zero.
// It returns an error naming the layer, before allocating, if a size is not
// positive or the model would have more than MaxParams parameters
// (visible·hidden + visible + hidden).
func NewBinary(visible, hidden int, init *Init) (*Binary, error) {
	if err := checkSize("NewBinary", visible, hidden); err != nil {
		return nil, err
	}
	m := &Binary{
		W: mat.NewDense(visible, hidden, nil),
		B: make([]float64, visible),
		C: make([]float64, hidden),
	}
	if init == nil {
		return m, nil
	}
	if init.WeightStd < 0 || math.IsNaN(init.WeightStd) || math.IsInf(init.WeightStd, 0) {
		return nil, fmt.Errorf("rbm: NewBinary: WeightStd must be finite and non-negative, got %v", init.WeightStd)
	}
	if init.WeightStd > 0 {
		rng := init.Rand
		if rng == nil {
			rng = rand.New(rand.NewPCG(init.Seed, 0x9e3779b97f4a7c15))
		}
		w := m.W.RawMatrix().Data
		for i := range w {
			w[i] = init.WeightStd * rng.NormFloat64()
		}
	}
	if init.BaseRate != nil {
		r, c := init.BaseRate.Dims()
		if c != visible {
			return nil, fmt.Errorf("rbm: NewBinary: base-rate data has %d columns, want %d (visible units)", c, visible)
		}
		if r == 0 {
			return nil, errors.New("rbm: NewBinary: base-rate data has no rows")
		}
		for j := 0; j < visible; j++ {
			var s float64
			for i := 0; i < r; i++ {
				x := init.BaseRate.At(i, j)
				if math.IsNaN(x) {
					return nil, fmt.Errorf("rbm: NewBinary: base-rate data has NaN at row %d, column %d", i, j)
				}
				s += x
			}
			p := min(max(s/float64(r), 1e-3), 1-1e-3)
			m.B[j] = math.Log(p / (1 - p))
		}
	}
	return m, nil
}

// Visible returns the number of visible units m.
func (m *Binary) Visible() int { r, _ := m.W.Dims(); return r }

// Hidden returns the number of hidden units n.
func (m *Binary) Hidden() int { _, c := m.W.Dims(); return c }

// Params returns {W's row-major data, B, C}, aliasing the model. Since
// the caller may write them, it marks the model's float32 copy of the
// parameters stale (see Changed).
func (m *Binary) Params() [][]float64 {
	m.Changed()
	return [][]float64{m.W.RawMatrix().Data, m.B, m.C}
}

// Clone returns a deep copy of m.
func (m *Binary) Clone() *Binary {
	return &Binary{
		W: mat.DenseCopyOf(m.W),
		B: append([]float64(nil), m.B...),
		C: append([]float64(nil), m.C...),

		Precision: m.Precision,
	}
}

// HiddenInput writes the hidden pre-activations of the batch v (k×m) into
// dst (k×n): dst = v·W + 1·cᵀ. dst must be k×n or empty (then it is sized).
// Like gonum's Mul it panics with mat.ErrShape if v does not have m
// columns or dst has another non-empty shape; it does not check the values
// of v (CheckData does, for data from a user).
func (m *Binary) HiddenInput(dst *mat.Dense, v mat.Matrix) {
	dst.Mul(v, m.W)
	addRowVec(dst, m.C)
}

// VisibleInput writes the visible pre-activations of the batch h (k×n) into
// dst (k×m): dst = h·Wᵀ + 1·bᵀ. dst must be k×m or empty (then it is
// sized). It panics with mat.ErrShape if h does not have n columns or dst
// has another non-empty shape.
func (m *Binary) VisibleInput(dst *mat.Dense, h mat.Matrix) {
	dst.Mul(h, m.W.T())
	addRowVec(dst, m.B)
}

// HiddenProb writes p(h_j = 1 | v) = σ(vᵀW_{·j} + c_j) for every row of v
// into dst (k×n), where σ(x) = 1/(1+e^{-x}). Shapes as HiddenInput: it
// panics with mat.ErrShape if v does not have m columns or dst is neither
// empty nor k×n. v may hold any real values (probabilities, for a
// mean-field pass).
func (m *Binary) HiddenProb(dst *mat.Dense, v mat.Matrix) {
	m.HiddenInput(dst, v)
	SigmoidInPlace(dst.RawMatrix().Data)
}

// VisibleProb writes p(v_i = 1 | h) = σ(W_{i·}h + b_i) for every row of h
// into dst (k×m). Shapes as VisibleInput: it panics with mat.ErrShape if
// h does not have n columns or dst is neither empty nor k×m.
func (m *Binary) VisibleProb(dst *mat.Dense, h mat.Matrix) {
	m.VisibleInput(dst, h)
	SigmoidInPlace(dst.RawMatrix().Data)
}

// SampleBernoulli replaces every probability p in x by a draw from
// Bernoulli(p), using rng: x_i ← 1 if u_i < p_i else 0, u_i ~ U[0,1).
func SampleBernoulli(x []float64, rng *rand.Rand) {
	for i, p := range x {
		if rng.Float64() < p {
			x[i] = 1
		} else {
			x[i] = 0
		}
	}
}

// Sigmoid returns σ(x) = 1/(1+e^{-x}), computed without overflow.
func Sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// SigmoidInPlace replaces every x_i by σ(x_i) = 1/(1+e^{-x_i}), computed
// as n/(1+e) with e = e^{-|x_i|} and n = 1 for x_i ≥ 0, n = e for x_i < 0,
// using an in-line exponential and no unpredictable branch, within a few
// ulps of Sigmoid: the library's float64 sigmoid kernel (an AVX2 loop
// where the processor has one, the same formula bit for bit).
func SigmoidInPlace(x []float64) { kern.Sigmoid(x, nil) }

// Softplus returns log(1 + e^x), computed without overflow or loss of
// precision for large |x|.
func Softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// addRowVec adds the row vector r to every row of d.
func addRowVec(d *mat.Dense, r []float64) {
	raw := d.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols]
		for j, x := range r {
			row[j] += x
		}
	}
}
