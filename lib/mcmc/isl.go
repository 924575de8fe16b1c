package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"gonum.org/v1/gonum/mat"
)

// Parzen-window densities and the indirect sampling likelihood (ISL) of
// Breuleux, Bengio and Vincent (2010, 2011): the mean log-likelihood of a
// test set under a Parzen density built on generated samples s_1…s_N,
//
//	ISL_N = (1/T) Σ_t log( (1/N) Σ_{k=1}^{N} K(x_t, s_k) ),
//
// with, for binary data (D units, d(x, s) the Hamming distance),
//
//	K(x, s) = β^{D − d(x,s)} (1 − β)^{d(x,s)},  ½ < β < 1,
//
// a product of per-unit Bernoulli kernels, and for real data the isotropic
// Gaussian
//
//	K(x, s) = (2πσ²)^{−D/2} exp(−|x − s|²/(2σ²)).
//
// Binary values are thresholded at ½.

// islChunk is the number of samples whose kernels are computed at once.
const islChunk = 256

// ParzenLogLikelihood returns the mean log-likelihood of the rows of test
// under the Parzen density with one kernel of width width at every row of
// samples (Bernoulli kernel with β = width if binary, Gaussian with
// σ = width otherwise; see ISL). It returns an error for empty or
// mismatched inputs, non-finite values, or a width outside (½, 1) (binary)
// or (0, ∞) (Gaussian).
func ParzenLogLikelihood(samples, test mat.Matrix, binary bool, width float64) (float64, error) {
	if err := checkWidths(binary, []float64{width}); err != nil {
		return 0, fmt.Errorf("mcmc: ParzenLogLikelihood: %w", err)
	}
	if err := checkSets(samples, test, nil); err != nil {
		return 0, fmt.Errorf("mcmc: ParzenLogLikelihood: %w", err)
	}
	n, _ := samples.Dims()
	acc := newParzenAcc(test, binary, []float64{width})
	acc.add(samples, 0, n)
	return acc.mean(n)[0], nil
}

// ISLSettings says how ISL builds its curve. A nil *ISLSettings means the
// zero value.
type ISLSettings struct {
	// Binary selects the Bernoulli kernel (binary data); false selects
	// the Gaussian kernel (real data).
	Binary bool
	// Widths are the candidate kernel widths (β in (½, 1) or σ > 0),
	// among which each point of the curve takes the one with the highest
	// validation log-likelihood. Nil: for binary data β ∈ {0.55, 0.6, …,
	// 0.95, 0.97, 0.99, 0.995, 0.999}; for real data σ = s·10^{k/4},
	// k = −12…4, s the root mean per-unit variance of the samples (1 if 0).
	Widths []float64
	// Sizes are the numbers N of samples (increasing, each in 1…number
	// of samples) at which the curve is evaluated. Nil: 1, 2, 5, 10, 20,
	// 50, … and the number of samples.
	Sizes []int
	// Progress, if non-nil, is called after each chunk of samples with the
	// number of samples processed and the total.
	Progress func(done, total int)
}

// ISLCurve is the indirect sampling likelihood against the number of
// samples.
type ISLCurve struct {
	// Sizes are the numbers of samples N.
	Sizes []int
	// LogLik[i] is the mean test log-likelihood ISL_N for N = Sizes[i].
	LogLik []float64
	// Width[i] is the kernel width chosen on the validation set for
	// N = Sizes[i]; ValidLogLik[i] the validation log-likelihood it gave.
	Width, ValidLogLik []float64
}

// ISL returns the indirect sampling likelihood curve of the rows of
// samples (in generation order) on test: for each N of s.Sizes, the width
// with the highest mean log-likelihood of valid under the Parzen density
// of the first N samples, and the mean log-likelihood of test under it.
// It checks ctx between chunks of 256 samples and returns ctx's error
// wrapped when cancelled. It returns an error for empty or mismatched
// inputs, non-finite values, or bad widths or sizes.
func ISL(ctx context.Context, samples, test, valid mat.Matrix, s *ISLSettings) (*ISLCurve, error) {
	if s == nil {
		s = &ISLSettings{}
	}
	if err := checkSets(samples, test, valid); err != nil {
		return nil, fmt.Errorf("mcmc: ISL: %w", err)
	}
	n, _ := samples.Dims()
	widths := s.Widths
	if widths == nil {
		widths = defaultWidths(samples, s.Binary)
	}
	if err := checkWidths(s.Binary, widths); err != nil {
		return nil, fmt.Errorf("mcmc: ISL: %w", err)
	}
	sizes := s.Sizes
	if sizes == nil {
		for k := 1; k < n; k *= 10 {
			for _, f := range []int{1, 2, 5} {
				if f*k < n {
					sizes = append(sizes, f*k)
				}
			}
		}
		sizes = append(sizes, n)
	}
	for i, z := range sizes {
		if z < 1 || z > n || (i > 0 && z <= sizes[i-1]) {
			return nil, fmt.Errorf("mcmc: ISL: sizes must increase within 1…%d (samples), got %v", n, sizes)
		}
	}
	at := newParzenAcc(test, s.Binary, widths)
	av := newParzenAcc(valid, s.Binary, widths)
	curve := &ISLCurve{Sizes: append([]int(nil), sizes...)}
	done := 0
	for _, z := range sizes {
		for done < z {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("mcmc: ISL: stopped after %d of %d samples: %w", done, n, err)
			}
			hi := min(done+islChunk, z)
			at.add(samples, done, hi)
			av.add(samples, done, hi)
			done = hi
			if s.Progress != nil {
				s.Progress(done, sizes[len(sizes)-1])
			}
		}
		vl, tl := av.mean(z), at.mean(z)
		best := 0
		for w := range widths {
			if vl[w] > vl[best] {
				best = w
			}
		}
		curve.LogLik = append(curve.LogLik, tl[best])
		curve.Width = append(curve.Width, widths[best])
		curve.ValidLogLik = append(curve.ValidLogLik, vl[best])
	}
	return curve, nil
}

// checkSets checks that the sets are non-empty, finite and of one width
// (valid may be nil).
func checkSets(samples, test, valid mat.Matrix) error {
	if samples == nil || test == nil {
		return errors.New("nil samples or test set")
	}
	_, d := samples.Dims()
	for _, x := range []struct {
		name string
		m    mat.Matrix
	}{{"samples", samples}, {"test set", test}, {"validation set", valid}} {
		if x.m == nil {
			continue
		}
		r, c := x.m.Dims()
		if r == 0 || c == 0 {
			return fmt.Errorf("%s is empty", x.name)
		}
		if c != d {
			return fmt.Errorf("%s has %d columns, samples have %d", x.name, c, d)
		}
		if i, j, bad := nonFinite(x.m); bad {
			return fmt.Errorf("%s has %v at row %d, column %d", x.name, x.m.At(i, j), i, j)
		}
	}
	return nil
}

// checkWidths checks kernel widths: β in (½, 1) or σ in (0, ∞).
func checkWidths(binary bool, widths []float64) error {
	if len(widths) == 0 {
		return errors.New("no kernel widths")
	}
	for _, w := range widths {
		if binary && !(w > 0.5 && w < 1) {
			return fmt.Errorf("width β = %v of the Bernoulli kernel outside (½, 1)", w)
		}
		if !binary && !(w > 0 && !math.IsInf(w, 1)) {
			return fmt.Errorf("width σ = %v of the Gaussian kernel not positive and finite", w)
		}
	}
	return nil
}

// defaultWidths returns ISLSettings.Widths' default grid.
func defaultWidths(samples mat.Matrix, binary bool) []float64 {
	if binary {
		return []float64{0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.97, 0.99, 0.995, 0.999}
	}
	r, d := samples.Dims()
	var v float64
	for j := 0; j < d; j++ {
		var m, q float64
		for i := 0; i < r; i++ {
			x := samples.At(i, j)
			m += x
			q += x * x
		}
		m /= float64(r)
		v += math.Max(q/float64(r)-m*m, 0)
	}
	s := math.Sqrt(v / float64(d))
	if s == 0 {
		s = 1
	}
	var w []float64
	for k := -12; k <= 4; k++ {
		w = append(w, s*math.Pow(10, float64(k)/4))
	}
	return w
}

// parzenAcc accumulates the kernels of samples at every point x_t of a
// set. For the Gaussian kernel it keeps, for every width w, the running
// log-sum-exp over samples of log K_w(x_t, s_k). For the Bernoulli kernel
// log K depends on the sample only through the Hamming distance, an
// integer in 0…D, so it keeps, per point, how many samples lie at each
// distance: adding a sample is one count, and the sums over widths are
// made only when a size N is evaluated (mean).
type parzenAcc struct {
	x      *mat.Dense // the points (binary: thresholded)
	xn     []float64  // |x_t|² (or |x_t|₁ for binary)
	binary bool
	widths []float64
	d      int
	lmax   []float64   // Gaussian: T×W running maxima
	lsum   []float64   // Gaussian: T×W running sums of exp(· − max)
	hist   []int32     // binary: T×(D+1) counts of samples by distance
	pow    [][]float64 // binary: pow[w][k] = e^{cb_w·k}, k = 0…D (see binaryMean)
	dist   mat.Dense   // Gaussian: T×chunk scratch
	chunk  *mat.Dense

	// Binary: the points, a chunk of samples and their products x·s in
	// float32, exact for 0/1 values (the products are integers ≤ D < 2²⁴).
	x32, chunk32, dist32 kern.General[float32]
}

func newParzenAcc(x mat.Matrix, binary bool, widths []float64) *parzenAcc {
	t, d := x.Dims()
	a := &parzenAcc{x: mat.NewDense(t, d, nil), xn: make([]float64, t), binary: binary, widths: widths, d: d}
	for i := 0; i < t; i++ {
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			if binary {
				v = b2f(v >= 0.5)
			}
			a.x.Set(i, j, v)
			a.xn[i] += v * v
		}
	}
	if binary {
		a.hist = make([]int32, t*(d+1))
		_, cb := a.coefficients()
		a.pow = make([][]float64, len(widths))
		for w := range a.pow {
			a.pow[w] = make([]float64, d+1)
			for k := range a.pow[w] {
				a.pow[w][k] = math.Exp(cb[w] * float64(k))
			}
		}
		a.x32 = kern.General[float32]{Rows: t, Cols: d, Stride: d, Data: make([]float32, t*d)}
		kern.Convert(a.x32.Data, a.x.RawMatrix().Data)
		return a
	}
	a.lmax = make([]float64, t*len(widths))
	a.lsum = make([]float64, t*len(widths))
	for i := range a.lmax {
		a.lmax[i] = math.Inf(-1)
	}
	return a
}

// add takes the samples of rows lo…hi−1 into the running sums.
func (a *parzenAcc) add(samples mat.Matrix, lo, hi int) {
	if a.binary {
		a.addBinary(samples, lo, hi)
		return
	}
	t, d := a.x.Dims()
	k := hi - lo
	if a.chunk == nil || a.chunk.RawMatrix().Rows != k {
		a.chunk = mat.NewDense(k, d, nil)
	}
	sn := make([]float64, k)
	for i := 0; i < k; i++ {
		for j := 0; j < d; j++ {
			v := samples.At(lo+i, j)
			a.chunk.Set(i, j, v)
			sn[i] += v * v
		}
	}
	a.dist.Reset()
	a.dist.Mul(a.x, a.chunk.T()) // x·s
	// Per width: log K = −dist/(2σ²) − (D/2) log(2πσ²), dist = |x − s|².
	nw := len(a.widths)
	ca, cb := a.coefficients()
	for i := 0; i < t; i++ {
		row := a.dist.RawRowView(i)
		mx, sm := a.lmax[i*nw:(i+1)*nw], a.lsum[i*nw:(i+1)*nw]
		for s, xs := range row {
			dist := math.Max(a.xn[i]+sn[s]-2*xs, 0)
			for w := range mx {
				l := ca[w] + cb[w]*dist
				if l > mx[w] {
					sm[w] = sm[w]*math.Exp(mx[w]-l) + 1
					mx[w] = l
				} else {
					sm[w] += math.Exp(l - mx[w])
				}
			}
		}
	}
}

// addBinary is add for the Bernoulli kernel: it counts each sample at
// its Hamming distance |x|₁ + |s|₁ − 2x·s from each point.
func (a *parzenAcc) addBinary(samples mat.Matrix, lo, hi int) {
	t, d := a.x.Dims()
	k := hi - lo
	if a.chunk32.Rows != k {
		a.chunk32 = kern.General[float32]{Rows: k, Cols: d, Stride: d, Data: make([]float32, k*d)}
		a.dist32 = kern.General[float32]{Rows: t, Cols: k, Stride: k, Data: make([]float32, t*k)}
	}
	sn := make([]int, k)
	for i := 0; i < k; i++ {
		row := a.chunk32.Row(i)
		for j := range row {
			row[j] = 0
			if samples.At(lo+i, j) >= 0.5 {
				row[j] = 1
				sn[i]++
			}
		}
	}
	kern.Gemm(false, true, 1, a.x32, a.chunk32, 0, a.dist32)
	for i := 0; i < t; i++ {
		h := a.hist[i*(d+1) : (i+1)*(d+1)]
		xn := int(a.xn[i])
		for s, xs := range a.dist32.Row(i) {
			h[xn+sn[s]-2*int(xs)]++
		}
	}
}

// coefficients returns, per width, log K = ca + cb·dist: for the
// Bernoulli kernel (D − dist) log β + dist log(1 − β), dist the Hamming
// distance; for the Gaussian −dist/(2σ²) − (D/2) log(2πσ²), dist = |x − s|².
func (a *parzenAcc) coefficients() (ca, cb []float64) {
	nw := len(a.widths)
	ca, cb = make([]float64, nw), make([]float64, nw)
	for w, wd := range a.widths {
		if a.binary {
			ca[w], cb[w] = float64(a.d)*math.Log(wd), math.Log(1-wd)-math.Log(wd)
		} else {
			ca[w], cb[w] = -0.5*float64(a.d)*math.Log(2*math.Pi*wd*wd), -1/(2*wd*wd)
		}
	}
	return ca, cb
}

// mean returns, per width, the mean over points of log((1/n) Σ_k K).
func (a *parzenAcc) mean(n int) []float64 {
	t, _ := a.x.Dims()
	nw := len(a.widths)
	out := make([]float64, nw)
	if a.binary {
		a.binaryMean(n, out)
		return out
	}
	for i := 0; i < t; i++ {
		for w := 0; w < nw; w++ {
			out[w] += (a.lmax[i*nw+w] + math.Log(a.lsum[i*nw+w]) - math.Log(float64(n))) / float64(t)
		}
	}
	return out
}

// binaryMean writes into out, per width, the mean over points of
// log((1/n) Σ_k K) from the counts by distance: with c_δ samples at
// distance δ and δ₀ the nearest, Σ_k K = e^{ca + cb·δ₀} Σ_δ c_δ e^{cb·(δ − δ₀)}
// (cb < 0, so every term of the last sum is at most c_δ: no overflow, and
// the δ₀ term keeps it from underflowing).
func (a *parzenAcc) binaryMean(n int, out []float64) {
	t, _ := a.x.Dims()
	d := a.d
	ca, cb := a.coefficients()
	logN := math.Log(float64(n))
	for i := 0; i < t; i++ {
		h := a.hist[i*(d+1) : (i+1)*(d+1)]
		d0 := 0
		for d0 < d && h[d0] == 0 {
			d0++
		}
		for w := range out {
			var sum float64
			p := a.pow[w][:len(h)-d0]
			for k, c := range h[d0:] {
				if c != 0 {
					sum += float64(c) * p[k]
				}
			}
			out[w] += (ca[w] + cb[w]*float64(d0) + math.Log(sum) - logN) / float64(t)
		}
	}
}

// b2f returns 1 for true and 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
