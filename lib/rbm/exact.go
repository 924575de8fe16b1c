package rbm

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Validate reports the first problem with m: a nil model or weight matrix,
// a zero-size layer, a weight matrix that is not contiguous (Stride ≠ n),
// bias vectors whose lengths do not match W, or a parameter that is NaN or
// above MaxParam = 1e50 in magnitude (MaxParam32 = 1e30 for a model of
// precision Float32), naming where it is, or an unknown Precision. Within this
// bound every energy and free energy is finite and so are the sums of the
// exact log Z, the likelihoods and AIS (see MaxParam); a weight of 1e308,
// finite itself, would make them overflow.
func (m *Binary) Validate() error {
	if m == nil || m.W == nil {
		return errors.New("rbm: model or its weight matrix W is nil")
	}
	if m.W.IsEmpty() {
		return errors.New("rbm: weight matrix W is empty (zero-size layer)")
	}
	raw := m.W.RawMatrix()
	if raw.Stride != raw.Cols {
		return fmt.Errorf("rbm: weight matrix W (%d×%d) is not contiguous: stride %d", raw.Rows, raw.Cols, raw.Stride)
	}
	if len(m.B) != raw.Rows {
		return fmt.Errorf("rbm: visible bias B has length %d, want %d (rows of W)", len(m.B), raw.Rows)
	}
	if len(m.C) != raw.Cols {
		return fmt.Errorf("rbm: hidden bias C has length %d, want %d (columns of W)", len(m.C), raw.Cols)
	}
	bound, name := MaxParam, "MaxParam"
	switch m.Precision {
	case Float64:
	case Float32:
		bound, name = MaxParam32, "MaxParam32 (the bound of Float32)"
	default:
		return fmt.Errorf("rbm: unknown precision %v", m.Precision)
	}
	for i := 0; i < raw.Rows; i++ {
		for j, x := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			if !paramOK(x, bound) {
				return fmt.Errorf("rbm: weight W[%d][%d] is %v, want a number of magnitude at most %s = %g", i, j, x, name, bound)
			}
		}
	}
	for i, x := range m.B {
		if !paramOK(x, bound) {
			return fmt.Errorf("rbm: visible bias B[%d] is %v, want a number of magnitude at most %s = %g", i, x, name, bound)
		}
	}
	for j, x := range m.C {
		if !paramOK(x, bound) {
			return fmt.Errorf("rbm: hidden bias C[%d] is %v, want a number of magnitude at most %s = %g", j, x, name, bound)
		}
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// CheckData reports the first reason data (rows are examples) cannot be a
// batch of visible states of m: a nil model or W, nil data or no rows, a
// width other than m's number of visible units, or a value other than 0
// or 1, named with its row and column. The likelihoods and exact gradients of m, and
// learn.Train and its observers for a binary model, check their data with
// it: a grey value g ∈ (0, 1) is not a state of a binary unit, and the
// free energy of one is not that of any state (with it, a "log-likelihood"
// can exceed 0). Binarise grey data first (data.MNISTOptions.Binarize,
// data.Threshold or data.Stochastic).
func (m *Binary) CheckData(data mat.Matrix) error {
	if m == nil || m.W == nil {
		return errors.New("rbm: CheckData: model or its weight matrix W is nil")
	}
	return checkData("data", data, m.Visible(), binaryValues)
}

// values says what the values of a data matrix must be.
type values int

const (
	finiteValues values = iota // any finite number
	unitValues                 // in [0, 1]
	binaryValues               // 0 or 1
)

// checkData returns an error naming what if data is nil, has no rows,
// does not have visible columns (visible < 0: any width) or holds a value
// outside vals (with its row and column).
func checkData(what string, data mat.Matrix, visible int, vals values) error {
	if data == nil {
		return fmt.Errorf("rbm: %s: data is nil", what)
	}
	if d, ok := data.(*mat.Dense); ok && d.IsEmpty() {
		return fmt.Errorf("rbm: %s: data is empty", what)
	}
	r, c := data.Dims()
	if r == 0 || c == 0 {
		return fmt.Errorf("rbm: %s: data has shape %d×%d", what, r, c)
	}
	if visible >= 0 && c != visible {
		return fmt.Errorf("rbm: %s: data has %d columns, want %d (visible units)", what, c, visible)
	}
	if raw, ok := data.(mat.RawMatrixer); ok {
		// The rows in place: the same checks without an interface call
		// per element (the exact log-likelihood of a sweep's measure
		// checks its 10,000 rows every time).
		rm := raw.RawMatrix()
		for i := 0; i < r; i++ {
			for j, x := range rm.Data[i*rm.Stride : i*rm.Stride+c] {
				if !allowed(x, vals) {
					return badValue(what, x, i, j, vals)
				}
			}
		}
		return nil
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if x := data.At(i, j); !allowed(x, vals) {
				return badValue(what, x, i, j, vals)
			}
		}
	}
	return nil
}

// allowed reports whether x is a value that vals allows.
func allowed(x float64, vals values) bool {
	switch vals {
	case binaryValues:
		return x == 0 || x == 1
	case unitValues:
		return x >= 0 && x <= 1 // false for NaN
	default:
		return finite(x)
	}
}

// badValue is checkData's error for x at row i, column j, not allowed by
// vals.
func badValue(what string, x float64, i, j int, vals values) error {
	switch {
	case !finite(x):
		return fmt.Errorf("rbm: %s: data has %v at row %d, column %d", what, x, i, j)
	case vals == unitValues:
		return fmt.Errorf("rbm: %s: data has %v at row %d, column %d, not in [0, 1]", what, x, i, j)
	default:
		return fmt.Errorf("rbm: %s: data has %v at row %d, column %d, not 0 or 1 (binarise grey values first)", what, x, i, j)
	}
}

// Energy returns the energy of the joint state (v, h),
//
//	E(v, h) = -vᵀWh - bᵀv - cᵀh.
//
// It returns NaN if len(v) ≠ m, len(h) ≠ n or the model is not valid.
func (m *Binary) Energy(v, h []float64) float64 {
	if m == nil || m.W == nil || m.W.IsEmpty() || len(v) != m.Visible() || len(h) != m.Hidden() || len(m.B) != len(v) || len(m.C) != len(h) {
		return math.NaN()
	}
	raw := m.W.RawMatrix()
	var e float64
	for i, vi := range v {
		if vi == 0 {
			continue
		}
		// floats.Dot (SIMD, several partial sums) rather than a scalar
		// loop: this product is the cost of an energy trace of a large
		// model (mcmc.EnergyTrace calls Energy once per chain and step).
		s := floats.Dot(raw.Data[i*raw.Stride:i*raw.Stride+raw.Cols], h)
		e -= vi * (s + m.B[i])
	}
	for j, hj := range h {
		e -= m.C[j] * hj
	}
	return e
}

// FreeEnergy returns the free energy of the visible state v, the hidden
// units summed out:
//
//	F(v) = -log Σ_h e^{-E(v,h)} = -bᵀv - Σ_j softplus(c_j + vᵀW_{·j}),
//
// softplus(x) = log(1 + eˣ), so that p(v) = e^{-F(v)} / Z. It returns NaN if
// len(v) ≠ m or the model is not valid.
func (m *Binary) FreeEnergy(v []float64) float64 {
	if m == nil || m.W == nil || m.W.IsEmpty() || len(v) != m.Visible() || len(m.B) != len(v) || len(m.C) != m.Hidden() {
		return math.NaN()
	}
	raw := m.W.RawMatrix()
	var f float64
	for i, vi := range v {
		f -= m.B[i] * vi
	}
	for j, c := range m.C {
		x := c
		for i, vi := range v {
			x += vi * raw.Data[i*raw.Stride+j]
		}
		f -= Softplus(x)
	}
	return f
}

// FreeEnergies writes the free energy F(v) of every row v of V (k×m) into
// dst and returns it; see FreeEnergy. A dst shorter than k (nil included)
// is replaced by a new slice. The hidden inputs come from one matrix
// product V·W. It returns an error if V has the wrong width, no rows, a NaN
// or an infinite value, or the model is not valid. It evaluates the
// formula for any real rows (a mean-field reconstruction, say); only for
// rows in {0, 1}^m is e^{-F(v)}/Z a probability, which the likelihoods
// ensure with CheckData.
func (m *Binary) FreeEnergies(dst []float64, V mat.Matrix) ([]float64, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("rbm: FreeEnergies: %w", err)
	}
	if err := checkData("FreeEnergies", V, m.Visible(), finiteValues); err != nil {
		return nil, err
	}
	return m.freeEnergies(dst, V), nil
}

// freeEnergies is FreeEnergies of a valid model and rows V already
// checked (finite, of m's width).
func (m *Binary) freeEnergies(dst []float64, V mat.Matrix) []float64 {
	k, nv := V.Dims()
	if len(dst) < k {
		dst = make([]float64, k)
	}
	dst = dst[:k]
	var x mat.Dense
	m.HiddenInput(&x, V)
	raw := x.RawMatrix()
	vr, inPlace := V.(mat.RawMatrixer)
	var rv blas64.General
	if inPlace {
		rv = vr.RawMatrix()
	}
	for r := 0; r < k; r++ {
		f := -SoftplusSum(raw.Data[r*raw.Stride : r*raw.Stride+raw.Cols])
		if inPlace {
			for i, vi := range rv.Data[r*rv.Stride : r*rv.Stride+nv] {
				f -= m.B[i] * vi
			}
		} else {
			for i := 0; i < nv; i++ {
				f -= m.B[i] * V.At(r, i)
			}
		}
		dst[r] = f
	}
	return dst
}

// enumerateVisible reports whether the exact sums enumerate the visible
// layer (m ≤ n) rather than the hidden one.
func (m *Binary) enumerateVisible() bool { return m.Visible() <= m.Hidden() }

// ExactLogZ returns the log partition function
//
//	log Z = log Σ_{v,h} e^{-E(v,h)}
//
// by enumerating the smaller layer: log Σ_v e^{-F(v)} if m ≤ n, else
// log Σ_h e^{-F_h(h)} with F_h(h) = -cᵀh - Σ_i softplus(b_i + W_{i·}h).
// The sum is a log-sum-exp in float64, spread over GOMAXPROCS goroutines
// and combined in a fixed order (the result does not depend on their
// number). It costs 2^min(m,n)·max(m,n) multiply-adds where the inputs of
// a block of 4096 states are bounded enough for a product form, else as
// many exponentials (a 16×16 model takes about 1 ms with weights of std
// 0.01 and 10 ms with std 10, BenchmarkExactLogZ16x16), and it refuses a
// smaller layer above MaxExactUnits units. See ExactLogZContext to cancel
// it or follow its progress.
func (m *Binary) ExactLogZ() (float64, error) {
	return m.ExactLogZContext(context.Background(), nil)
}

// ExactLogZContext is ExactLogZ that stops with ctx's error when ctx ends
// and reports its progress, in blocks of 4096 states, to progress (if not
// nil).
func (m *Binary) ExactLogZContext(ctx context.Context, progress Progress) (float64, error) {
	if err := m.Validate(); err != nil {
		return 0, fmt.Errorf("rbm: ExactLogZ: %w", err)
	}
	if err := checkExact("ExactLogZ", min(m.Visible(), m.Hidden())); err != nil {
		return 0, err
	}
	lz, err := newEnumerator(m, m.enumerateVisible()).logZ(ctx, progress)
	if err != nil {
		return 0, fmt.Errorf("rbm: ExactLogZ: %w", err)
	}
	if err := notFinite("log Z", lz, "a sum of the enumeration overflowed"); err != nil {
		return 0, fmt.Errorf("rbm: ExactLogZ: %w", err)
	}
	return lz, nil
}

// LogLikelihood returns the exact mean log-likelihood of the rows v_1…v_N
// of data (N×m),
//
//	ℓ = (1/N) Σ_n log p(v_n) = (1/N) Σ_n -F(v_n) - log Z,
//
// with log Z from ExactLogZ. It returns an error if data is not a batch of
// binary states of m (CheckData: the wrong width, no rows, a value other
// than 0 or 1, named by row and column), if the model is not valid or if
// the smaller layer has more than MaxExactUnits units.
func (m *Binary) LogLikelihood(data mat.Matrix) (float64, error) {
	return m.LogLikelihoodContext(context.Background(), data)
}

// LogLikelihoodContext is LogLikelihood that stops with ctx's error when
// ctx ends.
func (m *Binary) LogLikelihoodContext(ctx context.Context, data mat.Matrix) (float64, error) {
	if err := m.Validate(); err != nil {
		return 0, fmt.Errorf("rbm: LogLikelihood: %w", err)
	}
	if err := checkData("LogLikelihood", data, m.Visible(), binaryValues); err != nil {
		return 0, err
	}
	f := m.freeEnergies(nil, data) // the model and the rows are checked above
	lz, err := m.ExactLogZContext(ctx, nil)
	if err != nil {
		return 0, err
	}
	var s float64
	for _, x := range f {
		s -= x
	}
	ll := s/float64(len(f)) - lz
	if err := notFinite("the log-likelihood", ll, fmt.Sprintf("the mean of −F(v) over the data is %v and log Z is %v", s/float64(len(f)), lz)); err != nil {
		return 0, fmt.Errorf("rbm: LogLikelihood: %w", err)
	}
	return ll, nil
}

// ExactGradient returns the exact gradient of the mean log-likelihood ℓ of
// the rows of data (see LogLikelihood) with respect to the parameters, in
// the order and shapes of Params: {∂ℓ/∂W row-major (m×n), ∂ℓ/∂b, ∂ℓ/∂c},
//
//	∂ℓ/∂W_ij = E_data[v_i σ(c_j + vᵀW_{·j})] - E_model[v_i h_j]
//	∂ℓ/∂b_i  = E_data[v_i] - E_model[v_i]
//	∂ℓ/∂c_j  = E_data[σ(c_j + vᵀW_{·j})] - E_model[h_j]
//
// where E_data is the mean over the rows and E_model is computed exactly
// by enumerating the smaller layer (the other one summed out). It is meant
// for small models: it costs about 2^min(m,n)·m·n operations. Like
// LogLikelihood it returns an error for data that CheckData refuses.
func (m *Binary) ExactGradient(data mat.Matrix) ([][]float64, error) {
	return m.ExactGradientContext(context.Background(), data)
}

// ExactGradientContext is ExactGradient that stops with ctx's error when
// ctx ends.
func (m *Binary) ExactGradientContext(ctx context.Context, data mat.Matrix) ([][]float64, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("rbm: ExactGradient: %w", err)
	}
	if err := checkData("ExactGradient", data, m.Visible(), binaryValues); err != nil {
		return nil, err
	}
	nv, nh := m.Visible(), m.Hidden()
	if err := checkExact("ExactGradient", min(nv, nh)); err != nil {
		return nil, err
	}
	vis := m.enumerateVisible()
	e := newEnumerator(m, vis)
	lz, err := e.logZ(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("rbm: ExactGradient: %w", err)
	}
	G, ms, mo, err := e.moments(ctx, lz)
	if err != nil {
		return nil, fmt.Errorf("rbm: ExactGradient: %w", err)
	}
	dW, db, dc := make([]float64, nv*nh), make([]float64, nv), make([]float64, nh)
	// Model term, with a minus sign.
	if vis {
		for i := range G {
			dW[i] = -G[i]
		}
		for i := range db {
			db[i] = -ms[i]
		}
		for j := range dc {
			dc[j] = -mo[j]
		}
	} else {
		for j := 0; j < nh; j++ {
			for i := 0; i < nv; i++ {
				dW[i*nh+j] = -G[j*nv+i]
			}
		}
		for i := range db {
			db[i] = -mo[i]
		}
		for j := range dc {
			dc[j] = -ms[j]
		}
	}
	// Data term.
	var ph mat.Dense
	m.HiddenProb(&ph, data)
	r, _ := data.Dims()
	inv := 1 / float64(r)
	for n := 0; n < r; n++ {
		p := ph.RawRowView(n)
		for i := 0; i < nv; i++ {
			v := data.At(n, i)
			if v == 0 {
				continue
			}
			db[i] += inv * v
			row := dW[i*nh : (i+1)*nh]
			for j, y := range p {
				row[j] += inv * v * y
			}
		}
		for j, y := range p {
			dc[j] += inv * y
		}
	}
	return [][]float64{dW, db, dc}, nil
}

// ExactVisibleDist returns the exact marginal distribution of the visible
// layer, p(v) = e^{-F(v)} / Z, for all 2^m visible states, indexed by the
// bit pattern (bit i of the index is v_i; see StateIndex and FillState).
// It refuses m > MaxTableUnits.
func (m *Binary) ExactVisibleDist() ([]float64, error) {
	return m.layerDist("ExactVisibleDist", true)
}

// ExactHiddenDist returns the exact marginal distribution of the hidden
// layer, p(h) = e^{-F_h(h)} / Z with F_h(h) = -cᵀh - Σ_i softplus(b_i +
// W_{i·}h), for all 2^n hidden states indexed by their bit pattern (bit j
// is h_j). It refuses n > MaxTableUnits.
func (m *Binary) ExactHiddenDist() ([]float64, error) {
	return m.layerDist("ExactHiddenDist", false)
}

func (m *Binary) layerDist(what string, visible bool) ([]float64, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("rbm: %s: %w", what, err)
	}
	k := m.Hidden()
	if visible {
		k = m.Visible()
	}
	if k > MaxTableUnits {
		return nil, fmt.Errorf("rbm: %s: the layer has %d units; a table of 2^%d states is refused above %d units (MaxTableUnits)", what, k, k, MaxTableUnits)
	}
	p := make([]float64, 1<<k)
	if _, err := newEnumerator(m, visible).table(context.Background(), p); err != nil {
		return nil, fmt.Errorf("rbm: %s: %w", what, err)
	}
	for i, x := range p {
		p[i] = math.Exp(x)
	}
	return p, nil
}

// ExactJointDist returns the exact joint distribution p(v, h) =
// e^{-E(v,h)} / Z for all 2^(m+n) joint states, indexed so that bits 0…m-1
// of the index are v and bits m…m+n-1 are h: index = StateIndex(v) +
// 2^m·StateIndex(h). It refuses m+n > MaxJointUnits.
func (m *Binary) ExactJointDist() ([]float64, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("rbm: ExactJointDist: %w", err)
	}
	nv, nh := m.Visible(), m.Hidden()
	if nv+nh > MaxJointUnits {
		return nil, fmt.Errorf("rbm: ExactJointDist: the model has %d+%d units; a joint table of 2^%d states is refused above %d units (MaxJointUnits)", nv, nh, nv+nh, MaxJointUnits)
	}
	lz, err := m.ExactLogZ()
	if err != nil {
		return nil, fmt.Errorf("rbm: ExactJointDist: %w", err)
	}
	p := make([]float64, 1<<(nv+nh))
	v, h := make([]float64, nv), make([]float64, nh)
	for hi := 0; hi < 1<<nh; hi++ {
		FillState(h, hi)
		for vi := 0; vi < 1<<nv; vi++ {
			FillState(v, vi)
			p[hi<<nv|vi] = math.Exp(-m.Energy(v, h) - lz)
		}
	}
	return p, nil
}

// StateIndex returns the index of the binary state s, Σ_i s_i 2^i (bit i
// of the index is s_i), the index used by ExactVisibleDist,
// ExactHiddenDist and ExactJointDist. It returns an error if an s_i is not
// 0 or 1 or if len(s) > 62.
func StateIndex(s []float64) (int, error) {
	if len(s) > 62 {
		return 0, fmt.Errorf("rbm: StateIndex: state has %d units, at most 62 can be indexed", len(s))
	}
	var idx int
	for i, x := range s {
		switch x {
		case 0:
		case 1:
			idx |= 1 << i
		default:
			return 0, fmt.Errorf("rbm: StateIndex: unit %d is %v, want 0 or 1", i, x)
		}
	}
	return idx, nil
}

// FillState writes the binary state of the given index into s: s_i is bit
// i of index (0 or 1), for every i < len(s). It is the inverse of
// StateIndex.
func FillState(s []float64, index int) {
	for i := range s {
		s[i] = float64(index >> uint(i) & 1)
	}
}
