package rbm

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Gaussian is a Gaussian-Bernoulli RBM (GRBM) with real visible units
// v ∈ ℝ^m and binary hidden units h ∈ {0,1}^n, parameterised as in Liao et
// al. (2022), "Gaussian-Bernoulli RBMs Without Tears", Eq. (1):
//
//	E(v, h) = ½ Σ_i (v_i − μ_i)²/σ_i² − Σ_i (v_i/σ_i²)(Wh)_i − cᵀh,
//
// with σ_i² = exp(LogVar_i) and p(v, h) = exp(−E(v, h))/Z. The paper calls
// the hidden bias b; here it is C, as in Binary. The conditionals are
// (Eqs. 3 and 4)
//
//	p(v | h) = N(v; μ + Wh, diag(σ²)),
//	p(h_j = 1 | v) = σ((v/σ²)ᵀW_{·j} + c_j),
//
// so the weights act on v/σ², not on v/σ. Summing h out gives the marginal
// (free) energy of Eq. (5), p(v) = exp(−F(v))/Z,
//
//	F(v) = ½ Σ_i (v_i − μ_i)²/σ_i² − Σ_j softplus((v/σ²)ᵀW_{·j} + c_j).
//
// W is m×n with a contiguous backing array (Stride == n), C has length n,
// Mu and LogVar length m. The fields may be read and written directly.
// Learning log σ² rather than σ² keeps every variance positive whatever
// step an optimiser takes.
type Gaussian struct {
	W      *mat.Dense
	C      []float64
	Mu     []float64
	LogVar []float64
}

// NewGaussian returns a GRBM with the given numbers of visible and hidden
// units. Weights are drawn as init says (W_ij ~ N(0, WeightStd²); nil init:
// zero); hidden biases and means start at 0 and every variance at 1
// (LogVar = 0), as in the paper's Appendix B. If init.BaseRate is non-nil,
// Mu is set to its per-unit mean instead (the data should be standardised
// anyway, see data.Standardize). It returns an error naming the layer,
// before allocating, if a size is not positive or the model would have more
// than MaxParams parameters (visible·hidden + visible + hidden).
func NewGaussian(visible, hidden int, init *Init) (*Gaussian, error) {
	if err := checkSize("NewGaussian", visible, hidden); err != nil {
		return nil, err
	}
	g := &Gaussian{
		W:      mat.NewDense(visible, hidden, nil),
		C:      make([]float64, hidden),
		Mu:     make([]float64, visible),
		LogVar: make([]float64, visible),
	}
	if init == nil {
		return g, nil
	}
	if init.WeightStd < 0 || !finite(init.WeightStd) {
		return nil, fmt.Errorf("rbm: NewGaussian: WeightStd must be finite and non-negative, got %v", init.WeightStd)
	}
	if init.WeightStd > 0 {
		rng := init.Rand
		if rng == nil {
			rng = rand.New(rand.NewPCG(init.Seed, 0x9e3779b97f4a7c15))
		}
		w := g.W.RawMatrix().Data
		for i := range w {
			w[i] = init.WeightStd * rng.NormFloat64()
		}
	}
	if init.BaseRate != nil {
		r, c := init.BaseRate.Dims()
		if c != visible || r == 0 {
			return nil, fmt.Errorf("rbm: NewGaussian: base-rate data is %d×%d, want at least one row and %d columns", r, c, visible)
		}
		for j := 0; j < visible; j++ {
			var s float64
			for i := 0; i < r; i++ {
				x := init.BaseRate.At(i, j)
				if !finite(x) {
					return nil, fmt.Errorf("rbm: NewGaussian: base-rate data has %v at row %d, column %d", x, i, j)
				}
				s += x
			}
			g.Mu[j] = s / float64(r)
		}
	}
	return g, nil
}

// Visible returns the number of visible units m.
func (g *Gaussian) Visible() int { r, _ := g.W.Dims(); return r }

// Hidden returns the number of hidden units n.
func (g *Gaussian) Hidden() int { _, c := g.W.Dims(); return c }

// Params returns {W's row-major data, C, Mu, LogVar}, aliasing the model.
// A gradient for this model has the same four parts in this order.
func (g *Gaussian) Params() [][]float64 {
	return [][]float64{g.W.RawMatrix().Data, g.C, g.Mu, g.LogVar}
}

// Clone returns a deep copy of g.
func (g *Gaussian) Clone() *Gaussian {
	return &Gaussian{
		W:      mat.DenseCopyOf(g.W),
		C:      append([]float64(nil), g.C...),
		Mu:     append([]float64(nil), g.Mu...),
		LogVar: append([]float64(nil), g.LogVar...),
	}
}

// Validate reports the first problem with g: a nil model or weight matrix,
// a zero-size layer, a non-contiguous W, vectors whose lengths do not match
// W, or a parameter out of bounds (naming where it is): a weight, hidden
// bias or mean that is NaN or above MaxParam = 1e50 in magnitude, or a
// log-variance that is NaN or above MaxLogVar = 300 in magnitude. Within
// these bounds the exact and sampling computations stay finite (see
// MaxParam).
func (g *Gaussian) Validate() error {
	if g == nil || g.W == nil {
		return errors.New("rbm: Gaussian model or its weight matrix W is nil")
	}
	if g.W.IsEmpty() {
		return errors.New("rbm: Gaussian weight matrix W is empty (zero-size layer)")
	}
	raw := g.W.RawMatrix()
	if raw.Stride != raw.Cols {
		return fmt.Errorf("rbm: Gaussian weight matrix W (%d×%d) is not contiguous: stride %d", raw.Rows, raw.Cols, raw.Stride)
	}
	if len(g.C) != raw.Cols {
		return fmt.Errorf("rbm: Gaussian hidden bias C has length %d, want %d (columns of W)", len(g.C), raw.Cols)
	}
	if len(g.Mu) != raw.Rows || len(g.LogVar) != raw.Rows {
		return fmt.Errorf("rbm: Gaussian Mu and LogVar have lengths %d and %d, want %d (rows of W)", len(g.Mu), len(g.LogVar), raw.Rows)
	}
	for i, x := range raw.Data {
		if !paramOK(x, MaxParam) {
			return fmt.Errorf("rbm: Gaussian weight W[%d][%d] is %v, want a number of magnitude at most MaxParam = %g", i/raw.Cols, i%raw.Cols, x, MaxParam)
		}
	}
	for _, p := range []struct {
		name, bound string
		x           []float64
		max         float64
	}{{"hidden bias C", "MaxParam", g.C, MaxParam}, {"mean Mu", "MaxParam", g.Mu, MaxParam}, {"log-variance LogVar", "MaxLogVar", g.LogVar, MaxLogVar}} {
		for i, x := range p.x {
			if !paramOK(x, p.max) {
				return fmt.Errorf("rbm: Gaussian %s[%d] is %v, want a number of magnitude at most %s = %g", p.name, i, x, p.bound, p.max)
			}
		}
	}
	return nil
}

// Var writes the variances σ_i² = exp(LogVar_i) into dst (allocated if nil
// or of the wrong length) and returns it.
func (g *Gaussian) Var(dst []float64) []float64 {
	if len(dst) != len(g.LogVar) {
		dst = make([]float64, len(g.LogVar))
	}
	for i, l := range g.LogVar {
		dst[i] = math.Exp(l)
	}
	return dst
}

// MeanVar returns the mean variance σ̄² = (1/m) Σ_i exp(LogVar_i), the
// factor by which the paper's modified CD scales the Langevin step size.
func (g *Gaussian) MeanVar() float64 {
	var s float64
	for _, l := range g.LogVar {
		s += math.Exp(l)
	}
	return s / float64(len(g.LogVar))
}

// shapeOK reports whether g is usable and v, h (each may be nil) fit it.
func (g *Gaussian) shapeOK(v, h []float64) bool {
	if g == nil || g.W == nil || g.W.IsEmpty() {
		return false
	}
	nv, nh := g.W.Dims()
	return (v == nil || len(v) == nv) && (h == nil || len(h) == nh) &&
		len(g.C) == nh && len(g.Mu) == nv && len(g.LogVar) == nv
}

// Energy returns the joint energy of Eq. (1),
//
//	E(v, h) = ½ Σ_i (v_i − μ_i)²/σ_i² − Σ_i (v_i/σ_i²)(Wh)_i − cᵀh.
//
// It returns NaN if len(v) ≠ m, len(h) ≠ n or the model's shapes are wrong.
func (g *Gaussian) Energy(v, h []float64) float64 {
	if v == nil || h == nil || !g.shapeOK(v, h) {
		return math.NaN()
	}
	raw := g.W.RawMatrix()
	var e float64
	for i, vi := range v {
		iv := math.Exp(-g.LogVar[i])
		d := vi - g.Mu[i]
		var wh float64
		for j, w := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			wh += w * h[j]
		}
		e += 0.5*d*d*iv - vi*iv*wh
	}
	for j, c := range g.C {
		e -= c * h[j]
	}
	return e
}

// FreeEnergy returns the marginal energy of Eq. (5),
//
//	F(v) = ½ Σ_i (v_i − μ_i)²/σ_i² − Σ_j softplus((v/σ²)ᵀW_{·j} + c_j),
//
// so that p(v) = exp(−F(v))/Z. It returns NaN if len(v) ≠ m.
func (g *Gaussian) FreeEnergy(v []float64) float64 {
	if v == nil || !g.shapeOK(v, nil) {
		return math.NaN()
	}
	x := g.hiddenInput(nil, v)
	var f float64
	for i, vi := range v {
		d := vi - g.Mu[i]
		f += 0.5 * d * d * math.Exp(-g.LogVar[i])
	}
	for _, xj := range x {
		f -= Softplus(xj)
	}
	return f
}

// hiddenInput returns x_j = Σ_i (v_i/σ_i²) W_ij + c_j in dst (allocated if
// short).
func (g *Gaussian) hiddenInput(dst, v []float64) []float64 {
	raw := g.W.RawMatrix()
	if len(dst) != raw.Cols {
		dst = make([]float64, raw.Cols)
	}
	copy(dst, g.C)
	for i, vi := range v {
		s := vi * math.Exp(-g.LogVar[i])
		for j, w := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			dst[j] += s * w
		}
	}
	return dst
}

// FreeEnergyGrad writes the gradient of the marginal energy with respect to
// v, Eq. (21),
//
//	∂F/∂v = (v − μ)/σ² − W σ((v/σ²)ᵀW + c)ᵀ / σ²,
//
// into dst (allocated if nil or of the wrong length) and returns it. It
// returns nil if len(v) ≠ m.
func (g *Gaussian) FreeEnergyGrad(dst, v []float64) []float64 {
	if v == nil || !g.shapeOK(v, nil) {
		return nil
	}
	p := g.hiddenInput(nil, v)
	SigmoidInPlace(p)
	raw := g.W.RawMatrix()
	if len(dst) != len(v) {
		dst = make([]float64, len(v))
	}
	for i, vi := range v {
		var wp float64
		for j, w := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			wp += w * p[j]
		}
		dst[i] = (vi - g.Mu[i] - wp) * math.Exp(-g.LogVar[i])
	}
	return dst
}

// HiddenInput writes the hidden pre-activations of the batch v (k×m) into
// dst (k×n): dst = (v/σ²)·W + 1·cᵀ, dividing column i of v by σ_i². dst
// must be k×n or empty (then it is sized). Like gonum's Mul it panics
// with mat.ErrShape if v does not have m columns or dst has another
// non-empty shape.
func (g *Gaussian) HiddenInput(dst *mat.Dense, v mat.Matrix) {
	r, c := v.Dims()
	if c != g.Visible() {
		panic(mat.ErrShape)
	}
	s := scratch(r, c)
	defer scratchPool.Put(s)
	s.Copy(v)
	raw := s.RawMatrix()
	for k := 0; k < r; k++ {
		row := raw.Data[k*raw.Stride : k*raw.Stride+c]
		for i, l := range g.LogVar[:len(row)] {
			row[i] *= math.Exp(-l)
		}
	}
	dst.Mul(s, g.W)
	addRowVec(dst, g.C)
}

// HiddenProb writes p(h_j = 1 | v) = σ((v/σ²)ᵀW_{·j} + c_j) (Eq. 4) for every
// row of v into dst (k×n; empty dst is sized). It panics with mat.ErrShape
// if v does not have m columns or dst is neither empty nor k×n.
func (g *Gaussian) HiddenProb(dst *mat.Dense, v mat.Matrix) {
	g.HiddenInput(dst, v)
	SigmoidInPlace(dst.RawMatrix().Data)
}

// VisibleMean writes the mean of p(v | h), μ + Wh (Eq. 3), for every row of
// h (k×n) into dst (k×m; empty dst is sized): dst = h·Wᵀ + 1·μᵀ. It
// panics with mat.ErrShape if h does not have n columns or dst is neither
// empty nor k×m.
func (g *Gaussian) VisibleMean(dst *mat.Dense, h mat.Matrix) {
	dst.Mul(h, g.W.T())
	addRowVec(dst, g.Mu)
}

// SampleVisible writes a draw of v ~ p(v | h) = N(μ + Wh, diag(σ²)) for every
// row of h (k×n) into dst (k×m; empty dst is sized), using rng. It panics
// with mat.ErrShape on the shapes VisibleMean refuses.
func (g *Gaussian) SampleVisible(dst *mat.Dense, h mat.Matrix, rng *rand.Rand) {
	g.VisibleMean(dst, h)
	raw := dst.RawMatrix()
	sd := make([]float64, raw.Cols)
	for i, l := range g.LogVar {
		sd[i] = math.Exp(0.5 * l)
	}
	for k := 0; k < raw.Rows; k++ {
		row := raw.Data[k*raw.Stride : k*raw.Stride+raw.Cols]
		for i := range row {
			row[i] += sd[i] * rng.NormFloat64()
		}
	}
}

// EnergyGrad adds scale times the batch mean of −∂E(v, h)/∂θ to dst, a
// gradient with the shapes of Params (W, C, Mu, LogVar). With k rows of v
// (k×m) and h (k×n), the per-row terms are those of Eqs. (14)-(17):
//
//	−∂E/∂W_ij      = (v_i/σ_i²) h_j,
//	−∂E/∂c_j       = h_j,
//	−∂E/∂μ_i       = (v_i − μ_i)/σ_i²,
//	−∂E/∂log σ_i²  = (v_i − μ_i)²/(2σ_i²) − v_i (Wh)_i/σ_i².
//
// Because E is linear in h, passing h = p(h=1 | v) (HiddenProb) instead of
// binary states gives −∂F(v)/∂θ, the marginal terms of Eqs. (33)-(36). A
// learner calls it with scale +1 on the data (positive phase) and −1 on the
// model's samples (negative phase). It returns an error if the shapes do not
// fit; dst is then unchanged.
func (g *Gaussian) EnergyGrad(dst [][]float64, v, h *mat.Dense, scale float64) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("rbm: EnergyGrad: %w", err)
	}
	if v == nil || h == nil {
		return errors.New("rbm: EnergyGrad: nil v or h")
	}
	nv, nh := g.W.Dims()
	k, cv := v.Dims()
	kh, ch := h.Dims()
	if cv != nv || ch != nh || kh != k {
		return fmt.Errorf("rbm: EnergyGrad: v is %d×%d and h %d×%d, want k×%d and k×%d", k, cv, kh, ch, nv, nh)
	}
	if len(dst) != 4 || len(dst[0]) != nv*nh || len(dst[1]) != nh || len(dst[2]) != nv || len(dst[3]) != nv {
		return fmt.Errorf("rbm: EnergyGrad: gradient does not have the shapes of Params (%d, %d, %d, %d)", nv*nh, nh, nv, nv)
	}
	f := scale / float64(k)
	// iv = 1/σ² (1×m), s = v/σ² (k×m), wh = h·Wᵀ (k×m), in pooled
	// scratch space.
	ivd, s, wh := scratch(1, nv), scratch(k, nv), scratch(k, nv)
	defer scratchPool.Put(ivd)
	defer scratchPool.Put(s)
	defer scratchPool.Put(wh)
	iv := g.Var(ivd.RawMatrix().Data)
	for i := range iv {
		iv[i] = 1 / iv[i]
	}
	s.Copy(v)
	sr := s.RawMatrix()
	vr := v.RawMatrix()
	for r := 0; r < k; r++ {
		row := sr.Data[r*sr.Stride : r*sr.Stride+nv]
		for i := range row {
			row[i] *= iv[i]
		}
	}
	gw := blas64.General{Rows: nv, Cols: nh, Stride: nh, Data: dst[0]}
	kern.Gemm64(true, false, f, sr, h.RawMatrix(), 1, gw)
	whr := wh.RawMatrix()
	// wh.Mul(h, g.W.T()) without the boxed Transpose: the same product.
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, h.RawMatrix(), g.W.RawMatrix(), 0, whr)
	hr := h.RawMatrix()
	for r := 0; r < k; r++ {
		for j, x := range hr.Data[r*hr.Stride : r*hr.Stride+nh] {
			dst[1][j] += f * x
		}
		vrow := vr.Data[r*vr.Stride : r*vr.Stride+nv]
		whrow := whr.Data[r*whr.Stride : r*whr.Stride+nv]
		for i, vi := range vrow {
			d := vi - g.Mu[i]
			dst[2][i] += f * d * iv[i]
			dst[3][i] += f * (0.5*d*d - vi*whrow[i]) * iv[i]
		}
	}
	return nil
}

// scratchPool holds the scratch matrices of Gaussian's batch operations,
// so that a training loop does not allocate k×m matrices (or their
// headers) per update.
var scratchPool = sync.Pool{New: func() any { return new(mat.Dense) }}

// scratch returns a pooled zeroed r×c matrix, reusing the pooled one's
// storage when it is large enough; give it back with scratchPool.Put.
func scratch(r, c int) *mat.Dense {
	d := scratchPool.Get().(*mat.Dense)
	d.Reset()
	d.ReuseAs(r, c)
	return d
}

// checkData returns an error naming what if data does not have g's visible
// width, has no rows, or holds a NaN or infinite value.
func (g *Gaussian) checkData(what string, data mat.Matrix) error {
	return checkData(what, data, g.Visible(), finiteValues)
}

// hiddenScores calls do(idx, h, wh, s) for every hidden state h (index idx
// as in FillState) with wh = Wh and the unnormalised log-probability of h
// under the model's hidden marginal,
//
//	s(h) = cᵀh + Σ_i (μ_i (Wh)_i + (Wh)_i²/2)/σ_i²,
//
// obtained by integrating v out of exp(−E(v, h)). It checks ctx every 4096
// states and reports progress about 100 times. The states are visited in
// Gray-code order, so Wh costs m operations per state.
func (g *Gaussian) hiddenScores(ctx context.Context, progress Progress, do func(idx int, h, wh []float64, s float64)) error {
	nv, nh := g.W.Dims()
	raw := g.W.RawMatrix()
	iv := g.Var(nil)
	for i := range iv {
		iv[i] = 1 / iv[i]
	}
	h := make([]float64, nh)
	wh := make([]float64, nv)
	var ch float64
	total := 1 << nh
	step := max(total/100, 4096)
	idx := 0
	for t := 0; t < total; t++ {
		if t > 0 {
			// Gray code: flip the bit of the lowest set bit of t.
			j := trailingZeros(t)
			sgn := 1.0
			if h[j] == 1 {
				sgn = -1
				h[j] = 0
			} else {
				h[j] = 1
			}
			idx ^= 1 << j
			ch += sgn * g.C[j]
			for i := range wh {
				wh[i] += sgn * raw.Data[i*raw.Stride+j]
			}
		}
		s := ch
		for i, x := range wh {
			s += (g.Mu[i]*x + 0.5*x*x) * iv[i]
		}
		do(idx, h, wh, s)
		if (t+1)%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if (t+1)%step == 0 {
			if progress != nil {
				progress((t+1)/step, (total+step-1)/step)
			}
		}
	}
	return nil
}

// checkExactG validates g and its hidden layer size for enumeration.
func (g *Gaussian) checkExactG(what string, limit int) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("rbm: %s: %w", what, err)
	}
	if n := g.Hidden(); n > limit {
		return fmt.Errorf("rbm: %s: the hidden layer has %d units; exact enumeration of 2^%d states is refused above %d", what, n, n, limit)
	}
	return nil
}

// ExactLogZ returns the exact log partition function of g by enumerating
// its 2^n hidden states and integrating v out in closed form:
//
//	log Z = (m/2) log 2π + ½ Σ_i log σ_i² + logsumexp_h s(h),
//	s(h)  = cᵀh + Σ_i (μ_i (Wh)_i + (Wh)_i²/2)/σ_i².
//
// It refuses n > MaxExactUnits.
func (g *Gaussian) ExactLogZ() (float64, error) {
	return g.ExactLogZContext(context.Background(), nil)
}

// ExactLogZContext is ExactLogZ with cancellation and progress reports
// (progress may be nil). On cancellation it returns ctx.Err() wrapped.
func (g *Gaussian) ExactLogZContext(ctx context.Context, progress Progress) (float64, error) {
	if err := g.checkExactG("Gaussian.ExactLogZ", MaxExactUnits); err != nil {
		return math.NaN(), err
	}
	lz, err := g.logZ(ctx, progress)
	if err != nil {
		return math.NaN(), fmt.Errorf("rbm: Gaussian.ExactLogZ: %w", err)
	}
	if err := notFinite("log Z", lz, "a hidden state's score overflowed"); err != nil {
		return math.NaN(), fmt.Errorf("rbm: Gaussian.ExactLogZ: %w", err)
	}
	return lz, nil
}

// logZ computes the exact log Z of a validated model.
func (g *Gaussian) logZ(ctx context.Context, progress Progress) (float64, error) {
	mx, sum := math.Inf(-1), 0.0
	err := g.hiddenScores(ctx, progress, func(_ int, _, _ []float64, s float64) {
		if s > mx {
			sum = sum*math.Exp(mx-s) + 1
			mx = s
		} else {
			sum += math.Exp(s - mx)
		}
	})
	if err != nil {
		return math.NaN(), err
	}
	c := 0.5 * float64(g.Visible()) * math.Log(2*math.Pi)
	for _, l := range g.LogVar {
		c += 0.5 * l
	}
	return c + mx + math.Log(sum), nil
}

// LogLikelihood returns the exact mean log-likelihood of the rows of data,
//
//	(1/k) Σ_rows log p(v) = −(1/k) Σ_rows F(v) − log Z,
//
// with log Z from ExactLogZ. It refuses n > MaxExactUnits and data of the
// wrong width or with NaN or infinite values.
func (g *Gaussian) LogLikelihood(data mat.Matrix) (float64, error) {
	return g.LogLikelihoodContext(context.Background(), data)
}

// LogLikelihoodContext is LogLikelihood with cancellation.
func (g *Gaussian) LogLikelihoodContext(ctx context.Context, data mat.Matrix) (float64, error) {
	const what = "Gaussian.LogLikelihood"
	if err := g.checkExactG(what, MaxExactUnits); err != nil {
		return math.NaN(), err
	}
	if err := g.checkData(what, data); err != nil {
		return math.NaN(), err
	}
	lz, err := g.logZ(ctx, nil)
	if err != nil {
		return math.NaN(), fmt.Errorf("rbm: %s: %w", what, err)
	}
	r, c := data.Dims()
	v := make([]float64, c)
	var s float64
	for k := 0; k < r; k++ {
		mat.Row(v, k, data)
		s += g.FreeEnergy(v)
	}
	ll := -s/float64(r) - lz
	if err := notFinite("the log-likelihood", ll, fmt.Sprintf("log Z is %v and the mean free energy of the data is %v (data values too large for the model's variances?)", lz, s/float64(r))); err != nil {
		return math.NaN(), fmt.Errorf("rbm: %s: %w", what, err)
	}
	return ll, nil
}

// ExactHiddenDist returns p(h) for every hidden state h, indexed as in
// StateIndex (bit j of the index is h_j): p(h) = exp(s(h) − logsumexp s),
// with s(h) as in ExactLogZ. The marginal p(v) is the mixture
// Σ_h p(h) N(v; μ + Wh, diag(σ²)). It refuses n > MaxTableUnits.
func (g *Gaussian) ExactHiddenDist() ([]float64, error) {
	if err := g.checkExactG("Gaussian.ExactHiddenDist", MaxTableUnits); err != nil {
		return nil, err
	}
	p := make([]float64, 1<<g.Hidden())
	mx := math.Inf(-1)
	_ = g.hiddenScores(context.Background(), nil, func(idx int, _, _ []float64, s float64) {
		p[idx] = s
		mx = max(mx, s)
	})
	var sum float64
	for i, s := range p {
		p[i] = math.Exp(s - mx)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p, nil
}

// ExactMoments returns the exact mean E[v_i] and second moments E[v_i v_k]
// (row-major m×m) of the model's marginal p(v), from the mixture over h:
//
//	E[v] = Σ_h p(h)(μ + Wh),
//	E[v vᵀ] = Σ_h p(h)((μ + Wh)(μ + Wh)ᵀ + diag(σ²)).
//
// It refuses n > MaxTableUnits.
func (g *Gaussian) ExactMoments() (mean, second []float64, err error) {
	p, err := g.ExactHiddenDist()
	if err != nil {
		return nil, nil, err
	}
	nv := g.Visible()
	mean = make([]float64, nv)
	second = make([]float64, nv*nv)
	mu := make([]float64, nv)
	_ = g.hiddenScores(context.Background(), nil, func(idx int, _, wh []float64, _ float64) {
		w := p[idx]
		for i := range mu {
			mu[i] = g.Mu[i] + wh[i]
			mean[i] += w * mu[i]
		}
		for i := range mu {
			for k := range mu {
				second[i*nv+k] += w * mu[i] * mu[k]
			}
		}
	})
	for i, l := range g.LogVar {
		second[i*nv+i] += math.Exp(l)
	}
	return mean, second, nil
}

// ExactGradient returns the exact gradient of the mean log-likelihood of
// the rows of data with respect to Params (W, C, Mu, LogVar): the data term
// of Eqs. (33)-(36) (EnergyGrad with h = p(h=1|v)) minus the model term,
// computed in closed form from the mixture over h, with a_h = Wh and
// v | h ~ N(μ + a_h, σ²):
//
//	⟨v_i h_j/σ_i²⟩        = Σ_h p(h) h_j (μ_i + a_hi)/σ_i²,
//	⟨h_j⟩                 = Σ_h p(h) h_j,
//	⟨(v_i − μ_i)/σ_i²⟩    = Σ_h p(h) a_hi/σ_i²,
//	⟨(v_i − μ_i)²/(2σ_i²) − v_i a_hi/σ_i²⟩ = Σ_h p(h)(½ − a_hi²/(2σ_i²) − μ_i a_hi/σ_i²).
//
// It refuses n > MaxTableUnits.
func (g *Gaussian) ExactGradient(data mat.Matrix) ([][]float64, error) {
	const what = "Gaussian.ExactGradient"
	if err := g.checkExactG(what, MaxTableUnits); err != nil {
		return nil, err
	}
	if err := g.checkData(what, data); err != nil {
		return nil, err
	}
	nv, nh := g.W.Dims()
	grad := [][]float64{make([]float64, nv*nh), make([]float64, nh), make([]float64, nv), make([]float64, nv)}
	v := mat.DenseCopyOf(data)
	r, _ := v.Dims()
	ph := mat.NewDense(r, nh, nil)
	g.HiddenProb(ph, v)
	if err := g.EnergyGrad(grad, v, ph, 1); err != nil {
		return nil, fmt.Errorf("rbm: %s: %w", what, err)
	}
	p, err := g.ExactHiddenDist()
	if err != nil {
		return nil, err
	}
	iv := g.Var(nil)
	for i := range iv {
		iv[i] = 1 / iv[i]
	}
	_ = g.hiddenScores(context.Background(), nil, func(idx int, h, wh []float64, _ float64) {
		w := p[idx]
		for i, a := range wh {
			for j, hj := range h {
				if hj != 0 {
					grad[0][i*nh+j] -= w * (g.Mu[i] + a) * iv[i]
				}
			}
			grad[2][i] -= w * a * iv[i]
			grad[3][i] -= w * (0.5 - 0.5*a*a*iv[i] - g.Mu[i]*a*iv[i])
		}
		for j, hj := range h {
			grad[1][j] -= w * hj
		}
	})
	return grad, nil
}

// Gaussian is a Model.
var _ Model = (*Gaussian)(nil)
