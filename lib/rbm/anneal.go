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

// annealer holds the chains, buffers and random source of one run of AIS
// or ReverseAIS: M visible states moved along the path of distributions
//
//	log p*_β(v) = (1 − β) b_Aᵀv + β bᵀv + Σ_j softplus(β (vᵀW_{·j} + c_j))
//
// between the base-rate model A (β = 0) and the model (β = 1).
type annealer struct {
	m        *Binary
	what     string
	nv, nh   int
	chains   int
	betas    []float64 // the schedule, from 0 to 1
	base     []float64 // b_A
	db       []float64 // b − b_A
	logZA    float64   // log Σ_v p*_0(v) = n_h log 2 + Σ_i softplus(b_A,i)
	v, h     *mat.Dense
	x, pv    *mat.Dense
	logw     []float64
	y0       []float64
	src      *rand.PCG
	progress Progress
}

// newAnnealer checks m and s (nil: defaults) for the method what and
// returns an annealer with zero states and weights, whose random source is
// seeded with s.Seed and salt.
func (m *Binary) newAnnealer(what string, s *AISSettings, salt uint64) (*annealer, error) {
	if s == nil {
		s = &AISSettings{}
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("rbm: %s: %w", what, err)
	}
	nv, nh := m.Visible(), m.Hidden()
	betas, err := aisBetas(s)
	if err != nil {
		return nil, fmt.Errorf("rbm: %s: %w", what, err)
	}
	M := s.Chains
	if M < 0 {
		return nil, fmt.Errorf("rbm: %s: negative number of chains %d", what, M)
	}
	if M == 0 {
		M = 100
	}
	base := s.Base
	switch {
	case base != nil:
		if len(base) != nv {
			return nil, fmt.Errorf("rbm: %s: base has %d biases, model has %d visible units", what, len(base), nv)
		}
		for i, x := range base {
			if !finite(x) {
				return nil, fmt.Errorf("rbm: %s: base bias %d is %v", what, i, x)
			}
		}
	case s.Data != nil:
		if _, c := s.Data.Dims(); c != nv {
			return nil, fmt.Errorf("rbm: %s: data has %d columns, model has %d visible units", what, c, nv)
		}
		if base, err = BaseRate(s.Data); err != nil {
			return nil, fmt.Errorf("rbm: %s: %w", what, err)
		}
	default:
		base = make([]float64, nv)
	}
	a := &annealer{
		m: m, what: what, nv: nv, nh: nh, chains: M, betas: betas, base: base,
		db:    make([]float64, nv),
		logZA: float64(nh) * math.Ln2,
		v:     mat.NewDense(M, nv, nil), h: mat.NewDense(M, nh, nil),
		x: mat.NewDense(M, nh, nil), pv: mat.NewDense(M, nv, nil),
		logw: make([]float64, M), y0: make([]float64, nh),
		src:      rand.NewPCG(s.Seed, s.Seed^salt),
		progress: s.Progress,
	}
	for i, x := range base {
		a.logZA += Softplus(x)
		a.db[i] = m.B[i] - x
	}
	return a, nil
}

// uni returns a uniform draw from [0, 1).
func (a *annealer) uni() float64 { return float64(a.src.Uint64()>>11) * 0x1p-53 }

// anneal moves the chains along betas (in the given order, either way),
// adding log p*_{β_k}(v) − log p*_{β_{k−1}}(v) to each chain's log weight
// before its Gibbs transition at β_k, k = 1 … len(betas)−1. done is the
// number of steps already reported to the progress callback; the total
// reported is done + len(betas) − 1. It checks ctx before every
// distribution.
func (a *annealer) anneal(ctx context.Context, betas []float64, done int) error {
	K := len(betas) - 1
	every := max((done+K)/100, 1)
	for k := 1; k <= K; k++ {
		if err := ctx.Err(); err != nil { // a load, against 2 matrix products
			return fmt.Errorf("rbm: %s: stopped at distribution %d of %d: %w", a.what, k, K, err)
		}
		a.step(betas[k-1], betas[k], true)
		if a.progress != nil && ((done+k)%every == 0 || k == K) {
			a.progress(done+k, done+K)
		}
	}
	return nil
}

// step makes one block Gibbs transition of every chain that leaves p_{b1}
// invariant (h ~ σ(b1(vᵀW + c)), v ~ σ((1 − b1) b_A + b1(Wh + b))), first
// adding log p*_{b1}(v) − log p*_{b0}(v) to the log weights if weigh is set.
func (a *annealer) step(b0, b1 float64, weigh bool) {
	m, nv, nh := a.m, a.nv, a.nh
	vr, hr, xr, pr := a.v.RawMatrix(), a.h.RawMatrix(), a.x.RawMatrix(), a.pv.RawMatrix()
	// x = vW + c.
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, vr, m.W.RawMatrix(), 0, xr)
	for r := 0; r < a.chains; r++ {
		xrow := xr.Data[r*xr.Stride : r*xr.Stride+nh]
		hrow := hr.Data[r*hr.Stride : r*hr.Stride+nh]
		for j := range xrow {
			t := xrow[j] + m.C[j]
			hrow[j] = b1 * t
			a.y0[j] = b0 * t
		}
		if weigh {
			vrow := vr.Data[r*vr.Stride : r*vr.Stride+nv]
			d := 0.0
			for i, vi := range vrow {
				d += a.db[i] * vi
			}
			a.logw[r] += (b1-b0)*d + softplusSum(hrow) - softplusSum(a.y0)
		}
		// h ~ σ(β(vW + c)).
		SigmoidInPlace(hrow)
		for j, p := range hrow {
			if a.uni() < p {
				hrow[j] = 1
			} else {
				hrow[j] = 0
			}
		}
	}
	// v ~ σ((1 − β) b_A + β(Wh + b)).
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, hr, m.W.RawMatrix(), 0, pr)
	for r := 0; r < a.chains; r++ {
		prow := pr.Data[r*pr.Stride : r*pr.Stride+nv]
		vrow := vr.Data[r*vr.Stride : r*vr.Stride+nv]
		for i := range prow {
			prow[i] = (1-b1)*a.base[i] + b1*(prow[i]+m.B[i])
		}
		SigmoidInPlace(prow)
		for i, p := range prow {
			if a.uni() < p {
				vrow[i] = 1
			} else {
				vrow[i] = 0
			}
		}
	}
}

// logMeanSE returns log((1/M) Σ_r w_r) from the log weights log w_r, and
// the delta-method standard error of that log, sd(w)/(√M · mean(w)) with
// the sample standard deviation (M − 1 in its denominator; 0 when M = 1),
// both computed with the weights scaled by e^{−max log w}, which cancels
// in the ratio.
func logMeanSE(logw []float64) (logMean, se float64) {
	M := len(logw)
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
	logMean = mx + math.Log(mean)
	if M > 1 {
		variance := (sum2 - float64(M)*mean*mean) / float64(M-1)
		se = math.Sqrt(max(variance, 0)/float64(M)) / mean
	}
	return logMean, se
}
