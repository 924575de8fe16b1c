package rbm

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// AISSettings configures Binary.AIS. A nil *AISSettings means the zero
// value; every field documents what its zero value does.
type AISSettings struct {
	// Chains is the number of independent annealing runs M; 0 means 100.
	Chains int
	// Steps is the number of intermediate distributions K of the linear
	// schedule β_k = k/K, k = 0 … K; 0 means 1000. Ignored when Betas is
	// set.
	Steps int
	// Betas, if non-nil, is the schedule: non-decreasing, from 0 to 1
	// (first element 0, last 1).
	Betas []float64
	// Base is the base-rate model's visible biases b_A (one per visible
	// unit). Nil means BaseRate(Data) when Data is set, else 0.
	Base []float64
	// Data, if non-nil and Base is nil, is the data the base rates are
	// fitted to (rows are examples).
	Data mat.Matrix
	// Seed seeds the random draws.
	Seed uint64
	// Progress, if non-nil, is called about 100 times with the number of
	// intermediate distributions done and their total.
	Progress Progress
}

// BaseRate returns the visible biases of the base-rate model fitted to
// data (rows are examples with values in [0, 1]): the logits
//
//	b_A,i = log(p_i/(1 − p_i)),  p_i = (Σ_n v_ni + ½)/(N + 1),
//
// of each unit's mean with add-½ smoothing, so that no bias is infinite.
func BaseRate(data mat.Matrix) ([]float64, error) {
	if err := checkData("BaseRate", data, -1, unitValues); err != nil {
		return nil, err
	}
	r, c := data.Dims()
	b := make([]float64, c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			b[j] += data.At(i, j)
		}
	}
	for j := range b {
		p := (b[j] + 0.5) / (float64(r) + 1)
		b[j] = math.Log(p / (1 - p))
	}
	return b, nil
}

// AIS estimates log Z of m by annealed importance sampling (Neal 2001;
// Salakhutdinov and Murray 2008) from the base-rate model A (visible biases
// b_A, zero weights and hidden biases), whose partition function is exact:
//
//	log Z_A = n_h log 2 + Σ_i softplus(b_A,i).
//
// The intermediate distributions, for β from 0 to 1, are those of the
// joint energy (1 − β)E_A(v) + β E(v, h), with the hidden units summed
// out:
//
//	log p*_β(v) = (1 − β) b_Aᵀv + β bᵀv + Σ_j softplus(β (vᵀW_{·j} + c_j)),
//
// so that p*_0 is A (times 2^{n_h}) and p*_1 = e^{−F(v)}. Each of the M
// runs draws v₀ ~ A exactly, then for k = 1 … K adds
// log p*_{β_k}(v_{k−1}) − log p*_{β_{k−1}}(v_{k−1}) to its log weight
// log w and moves v by one block Gibbs transition that leaves p_{β_k}
// invariant (h ~ σ(β_k(vᵀW + c)), v ~ σ((1 − β_k) b_A + β_k(Wh + b))). The
// estimate and its standard error (delta method on the log of the mean
// weight) are
//
//	log Ẑ = log Z_A + log((1/M) Σ_r w_r),  se = sd(w)/(√M · mean(w)),
//
// all in log space. log Ẑ is consistent as M or K grow, and biased low for
// finite M (Jensen). Cost: 2 K matrix products of M×m×n_h. It checks ctx
// before every distribution and stops with its error when ctx ends.
func (m *Binary) AIS(ctx context.Context, s *AISSettings) (logZ, stderr float64, err error) {
	if s == nil {
		s = &AISSettings{}
	}
	if err := m.Validate(); err != nil {
		return 0, 0, fmt.Errorf("rbm: AIS: %w", err)
	}
	nv, nh := m.Visible(), m.Hidden()
	betas, err := aisBetas(s)
	if err != nil {
		return 0, 0, fmt.Errorf("rbm: AIS: %w", err)
	}
	M := s.Chains
	if M < 0 {
		return 0, 0, fmt.Errorf("rbm: AIS: negative number of chains %d", M)
	}
	if M == 0 {
		M = 100
	}
	base := s.Base
	switch {
	case base != nil:
		if len(base) != nv {
			return 0, 0, fmt.Errorf("rbm: AIS: base has %d biases, model has %d visible units", len(base), nv)
		}
		for i, x := range base {
			if !finite(x) {
				return 0, 0, fmt.Errorf("rbm: AIS: base bias %d is %v", i, x)
			}
		}
	case s.Data != nil:
		if _, c := s.Data.Dims(); c != nv {
			return 0, 0, fmt.Errorf("rbm: AIS: data has %d columns, model has %d visible units", c, nv)
		}
		if base, err = BaseRate(s.Data); err != nil {
			return 0, 0, fmt.Errorf("rbm: AIS: %w", err)
		}
	default:
		base = make([]float64, nv)
	}
	logZA := float64(nh) * math.Ln2
	for _, x := range base {
		logZA += Softplus(x)
	}

	src := rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15)
	uni := func() float64 { return float64(src.Uint64()>>11) * 0x1p-53 }
	v := mat.NewDense(M, nv, nil)
	h := mat.NewDense(M, nh, nil)
	x := mat.NewDense(M, nh, nil)  // vW + c
	pv := mat.NewDense(M, nv, nil) // visible input
	logw := make([]float64, M)
	y0 := make([]float64, nh)
	vr, hr, xr, pr := v.RawMatrix(), h.RawMatrix(), x.RawMatrix(), pv.RawMatrix()
	// v₀ ~ A.
	pa := append([]float64(nil), base...)
	SigmoidInPlace(pa)
	for r := 0; r < M; r++ {
		row := vr.Data[r*vr.Stride : r*vr.Stride+nv]
		for i := range row {
			if uni() < pa[i] {
				row[i] = 1
			}
		}
	}
	db := make([]float64, nv) // b − b_A
	for i := range db {
		db[i] = m.B[i] - base[i]
	}
	K := len(betas) - 1
	every := max(K/100, 1)
	for k := 1; k <= K; k++ {
		if err := ctx.Err(); err != nil { // a load, against 2 matrix products
			return 0, 0, fmt.Errorf("rbm: AIS: stopped at distribution %d of %d: %w", k, K, err)
		}
		b0, b1 := betas[k-1], betas[k]
		// x = vW + c.
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, vr, m.W.RawMatrix(), 0, xr)
		for r := 0; r < M; r++ {
			xrow := xr.Data[r*xr.Stride : r*xr.Stride+nh]
			vrow := vr.Data[r*vr.Stride : r*vr.Stride+nv]
			d := 0.0
			for i, vi := range vrow {
				d += db[i] * vi
			}
			lw := (b1 - b0) * d
			hrow := hr.Data[r*hr.Stride : r*hr.Stride+nh]
			for j := range xrow {
				t := xrow[j] + m.C[j]
				hrow[j] = b1 * t
				y0[j] = b0 * t
			}
			logw[r] += lw + softplusSum(hrow) - softplusSum(y0)
			// h ~ σ(β_k(vW + c)).
			SigmoidInPlace(hrow)
			for j, p := range hrow {
				if uni() < p {
					hrow[j] = 1
				} else {
					hrow[j] = 0
				}
			}
		}
		// v ~ σ((1 − β_k) b_A + β_k(Wh + b)).
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, hr, m.W.RawMatrix(), 0, pr)
		for r := 0; r < M; r++ {
			prow := pr.Data[r*pr.Stride : r*pr.Stride+nv]
			vrow := vr.Data[r*vr.Stride : r*vr.Stride+nv]
			for i := range prow {
				prow[i] = (1-b1)*base[i] + b1*(prow[i]+m.B[i])
			}
			SigmoidInPlace(prow)
			for i, p := range prow {
				if uni() < p {
					vrow[i] = 1
				} else {
					vrow[i] = 0
				}
			}
		}
		if s.Progress != nil && (k%every == 0 || k == K) {
			s.Progress(k, K)
		}
	}
	// log mean w and the delta-method standard error, in log space.
	mx := math.Inf(-1)
	for _, l := range logw {
		mx = max(mx, l)
	}
	var sum, sum2 float64
	for _, l := range logw {
		w := math.Exp(l - mx)
		sum += w
		sum2 += w * w
	}
	mean := sum / float64(M)
	logZ = logZA + mx + math.Log(mean)
	if M > 1 {
		variance := (sum2 - float64(M)*mean*mean) / float64(M-1)
		stderr = math.Sqrt(max(variance, 0)/float64(M)) / mean
	}
	return logZ, stderr, nil
}

// aisBetas returns the schedule of s, checked.
func aisBetas(s *AISSettings) ([]float64, error) {
	if s.Betas != nil {
		b := s.Betas
		if len(b) < 2 || b[0] != 0 || b[len(b)-1] != 1 {
			return nil, fmt.Errorf("schedule must go from 0 to 1 with at least 2 values, got %d values from %v to %v", len(b), aisEnd(b, 0), aisEnd(b, len(b)-1))
		}
		for i := 1; i < len(b); i++ {
			if !(b[i] >= b[i-1]) {
				return nil, fmt.Errorf("schedule decreases at index %d (%v after %v)", i, b[i], b[i-1])
			}
		}
		return b, nil
	}
	if s.Steps < 0 {
		return nil, fmt.Errorf("negative number of steps %d", s.Steps)
	}
	K := s.Steps
	if K == 0 {
		K = 1000
	}
	b := make([]float64, K+1)
	for k := range b {
		b[k] = float64(k) / float64(K)
	}
	return b, nil
}

// aisEnd returns b[i], or NaN when b is empty.
func aisEnd(b []float64, i int) float64 {
	if len(b) == 0 {
		return math.NaN()
	}
	return b[i]
}
