package rbm

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/stream"
	"gonum.org/v1/gonum/mat"
)

// annealer holds the chains, buffers and random streams of one run of AIS
// or ReverseAIS: M visible states moved along the path of distributions
//
//	log p*_β(v) = (1 − β) b_Aᵀv + β bᵀv + Σ_j softplus(β (vᵀW_{·j} + c_j))
//
// between the base-rate model A (β = 0) and the model (β = 1). The chains
// are split into blocks of annealBlock, each with its own random stream
// (anneal_blocks.go), so that the runs spread over the cores and the
// estimate does not depend on how many there are.
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
	srcs     []rand.PCG // block k's stream: stream.State(seed ⊕ salt, k)
	bands    int        // the bands the blocks are split into (anneal_blocks.go)
	progress Progress
	t64      annealT[float64]  // views of the float64 parameters and chains, made at every step
	t32      *annealT[float32] // float32 copies, for a model of precision Float32
	cur      annealStep        // the transition the bands are making
	crew     *crew             // the goroutines that run blocks, nil until needed
}

// newAnnealer checks m and s (nil: defaults) for the method what and
// returns an annealer with zero states and weights, whose block k of
// chains draws from stream k of s.Seed ⊕ salt (internal/stream). The
// caller must close it.
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
		logw:     make([]float64, M),
		srcs:     make([]rand.PCG, (M+annealBlock-1)/annealBlock),
		progress: s.Progress,
	}
	for k := range a.srcs {
		a.srcs[k] = *stream.New(s.Seed^salt, uint64(k))
	}
	a.bands = min(kern.Bands(M, nv+nh), len(a.srcs))
	for i, x := range base {
		a.logZA += Softplus(x)
		a.db[i] = m.B[i] - x
	}
	return a, nil
}

// uni returns a uniform draw from [0, 1) for chain r, from its block's
// stream.
func (a *annealer) uni(r int) float64 {
	return float64(a.srcs[r/annealBlock].Uint64()>>11) * 0x1p-53
}

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
	a.sync32()
	return nil
}

// step makes one block Gibbs transition of every chain that leaves p_{b1}
// invariant (h ~ σ(b1(vᵀW + c)), v ~ σ((1 − b1) b_A + b1(Wh + b))), first
// adding log p*_{b1}(v) − log p*_{b0}(v) to the log weights if weigh is set.
// It runs in the model's precision (docs/precision.md): in float64 on the
// annealer's own matrices; in float32 on the model's float32 copy of its
// parameters and float32 copies of the states, which the first step loads
// from a.v and the later ones keep (a.v is written back by anneal when it
// ends, see sync32). The log weights are float64 in both.
func (a *annealer) step(b0, b1 float64, weigh bool) {
	if a.m.Precision != Float32 {
		a.t64 = annealT[float64]{
			w: view(a.m.W), b: a.m.B, c: a.m.C, base: a.base, db: a.db,
			v: view(a.v), h: view(a.h), x: view(a.x), pv: view(a.pv),
		}
		stepT(a, &a.t64, b0, b1, weigh)
		return
	}
	t := a.t32
	if t == nil {
		n, nv, nh := a.chains, a.nv, a.nh
		p, wt := a.m.copies(true)
		t = &annealT[float32]{
			w: p.W, wt: wt, b: p.B, c: p.C,
			base: make([]float32, nv), db: make([]float32, nv),
			v: mk32(n, nv), h: mk32(n, nh), x: mk32(n, nh), pv: mk32(n, nv),
		}
		kern.Convert(t.base, a.base)
		kern.Convert(t.db, a.db)
		kern.Convert(t.v.Data, a.v.RawMatrix().Data)
		a.t32 = t
	}
	stepT(a, t, b0, b1, weigh)
}

// sync32 writes the float32 states back to a.v (a float32 run keeps them
// in a.t32 from step to step).
func (a *annealer) sync32() {
	if a.t32 != nil {
		kern.Convert(a.v.RawMatrix().Data, a.t32.v.Data)
	}
}

// annealT is one precision's view of the annealer's parameters and chains.
type annealT[T kern.Float] struct {
	w              kern.General[T]
	wt             kern.General[T] // Wᵀ if the model keeps it (params32.Transposed), else no rows
	b, c, base, db []T
	v, h, x, pv    kern.General[T]
}

// view returns the raw matrix of d as a kern.General.
func view(d *mat.Dense) kern.General[float64] {
	r := d.RawMatrix()
	return kern.General[float64]{Rows: r.Rows, Cols: r.Cols, Stride: r.Stride, Data: r.Data}
}

// mk32 returns a zero r×c float32 matrix.
func mk32(r, c int) kern.General[float32] {
	return kern.General[float32]{Rows: r, Cols: c, Stride: c, Data: make([]float32, r*c)}
}

// stepT is step in precision T on t (see spread).
func stepT[T kern.Float](a *annealer, t *annealT[T], b0, b1 float64, weigh bool) {
	a.cur = annealStep{b0: b0, b1: b1, weigh: weigh, f32: kern.Is32[T]()}
	a.spread()
}

// product writes, for the chains of blocks [lo, hi), x = vW (hidden) or
// pv = hWᵀ (visible), as one single-threaded product.
func product[T kern.Float](a *annealer, t *annealT[T], lo, hi int, visible bool) {
	r0, r1 := lo*annealBlock, min(hi*annealBlock, a.chains)
	if visible {
		kern.BackProduct(kern.Rows(t.h, r0, r1), t.w, t.wt, kern.Rows(t.pv, r0, r1))
		return
	}
	kern.Gemm1(false, false, 1, kern.Rows(t.v, r0, r1), t.w, 0, kern.Rows(t.x, r0, r1))
}

// halves does one half-step of the transition a.cur on each block of
// [lo, hi) (halfBlock).
func halves[T kern.Float](a *annealer, t *annealT[T], lo, hi int, visible bool) {
	for k := lo; k < hi; k++ {
		halfBlock(a, t, k, visible)
	}
}

// halfBlock does a half-step of the transition a.cur on block k of the
// chains in precision T, drawing from the block's stream (in float64 one
// 53-bit uniform per draw, the draws of a.uni). The hidden half-step
// weighs each chain, if a.cur.weigh is set, and draws h ~ σ(β(vW + c))
// from the input x = vW; the visible one draws v ~ σ((1 − β) b_A +
// β(Wh + b)) from pv = hWᵀ.
func halfBlock[T kern.Float](a *annealer, t *annealT[T], k int, visible bool) {
	hs := a.cur
	u := kern.NewUniforms[T](&a.srcs[k])
	B1 := T(hs.b1)
	for r := k * annealBlock; r < min((k+1)*annealBlock, a.chains); r++ {
		if visible {
			prow := t.pv.Row(r)
			for i := range prow {
				prow[i] = (1-B1)*t.base[i] + B1*(prow[i]+t.b[i])
			}
			kern.Sigmoid(prow, nil)
			kern.Bernoulli(prow, t.v.Row(r), &u)
			continue
		}
		B0 := T(hs.b0)
		xrow, hrow := t.x.Row(r), t.h.Row(r)
		for j := range xrow {
			v := xrow[j] + t.c[j]
			hrow[j] = B1 * v
			xrow[j] = B0 * v // x is scratch: β₀(vW + c) for the weight
		}
		if hs.weigh {
			d := 0.0
			for i, vi := range t.v.Row(r) {
				d += float64(t.db[i] * vi)
			}
			a.logw[r] += (hs.b1-hs.b0)*d + softplusSumT(hrow) - softplusSumT(xrow)
		}
		// h ~ σ(β(vW + c)).
		kern.Sigmoid(hrow, nil)
		kern.Bernoulli(hrow, hrow, &u)
	}
}

// softplusSumT is SoftplusSum of values of precision T, summed in float64.
func softplusSumT[T kern.Float](x []T) float64 {
	if x64, ok := any(x).([]float64); ok {
		return SoftplusSum(x64)
	}
	var buf [kern.SoftplusRun]float64
	var s float64
	for j0 := 0; j0 < len(x); j0 += len(buf) {
		y := buf[:min(len(buf), len(x)-j0)]
		kern.Convert(y, x[j0:j0+len(y)])
		s += kern.SoftplusLanes(y)
	}
	return s
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
