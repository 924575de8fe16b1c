package mcmc

import (
	"math/rand/v2"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/params32"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// This file holds the precision-generic core of the block samplers (see
// docs/precision.md). A model's Precision picks the instantiation: Float64
// runs on views of the chains' and the model's own matrices; Float32 on the
// model's float32 copy of its parameters and on float32 copies of the
// states, loaded at the start of a Sample call and stored back at its end,
// so that the exported state (Chains, [rbm.Binary]) stays float64 and only
// the arithmetic changes.

// layers is one precision's view of a model and its chains: the weights
// w (m×n), the biases b and c, and the chains' states v, h and
// probabilities pv, ph, one chain per row.
type layers[T kern.Float] struct {
	w            kern.General[T]
	wt           kern.General[T] // Wᵀ (n×m) if kept (params32.Transposed), else no rows
	b, c         []T
	v, h, pv, ph kern.General[T]
}

// view64 returns the float64 layers of m and c, aliasing their storage.
func view64(m *rbm.Binary, c *Chains) layers[float64] {
	return layers[float64]{w: general(m.W), b: m.B, c: m.C, v: general(c.V), h: general(c.H), pv: general(c.PV), ph: general(c.PH)}
}

// chains32 holds the float32 copies of the chains (Chains.f32).
type chains32 struct {
	l   layers[float32]
	buf []float32
}

// load32 returns float32 layers of m and c: the model's own float32 copy
// of its parameters (rbm.Binary keeps it current, see internal/params32;
// nothing is rounded here), with its transpose if back is set and the
// model keeps one (params32.Transposed: under OpenBLAS), and the states V
// and H rounded to float32 (states 0 and 1 exactly), in storage kept in c
// from call to call. H is loaded only if withH is set: Gibbs and tempered
// steps draw a new H before reading it, only Flip reads the old one. back
// says whether the call computes back products H·Wᵀ.
func (c *Chains) load32(m *rbm.Binary, withH, back bool) *layers[float32] {
	l := c.load32States(withH)
	var p *params32.Params
	if back {
		p, l.wt = params32.Transposed(m)
	} else {
		p = params32.Of(m)
	}
	l.w, l.b, l.c = p.W, p.B, p.C
	return l
}

// load32States is load32 without the parameters: the layers' w, b and c
// are left for the caller to set, and wt is cleared (no transposed copy:
// the layers are kept from call to call, and a copy left by an earlier
// call may be another model's).
func (c *Chains) load32States(withH bool) *layers[float32] {
	n, nv := c.V.Dims()
	_, nh := c.H.Dims()
	if c.f32 == nil {
		c.f32 = new(chains32)
	}
	s := c.f32
	need := 2 * n * (nv + nh)
	if cap(s.buf) < need {
		s.buf = make([]float32, need)
	}
	buf := s.buf[:need]
	take := func(r, k int) kern.General[float32] {
		g := kern.General[float32]{Rows: r, Cols: k, Stride: k, Data: buf[: r*k : r*k]}
		buf = buf[r*k:]
		return g
	}
	l := &s.l
	l.wt = kern.General[float32]{}
	l.v, l.h, l.pv, l.ph = take(n, nv), take(n, nh), take(n, nv), take(n, nh)
	load(l.v, general(c.V))
	if withH {
		load(l.h, general(c.H))
	}
	return l
}

// store32 writes the float32 states and probabilities of l back to c.
func (c *Chains) store32(l *layers[float32]) {
	load(general(c.V), l.v)
	load(general(c.H), l.h)
	load(general(c.PV), l.pv)
	load(general(c.PH), l.ph)
}

// load writes dst = src element by element, converting the precision.
func load[D, S kern.Float](dst kern.General[D], src kern.General[S]) {
	for i := 0; i < src.Rows; i++ {
		kern.Convert(dst.Row(i), src.Row(i))
	}
}

// hiddenHalf writes l.ph = σ(l.v·W + 1·cᵀ) and, if sample is set,
// l.h ~ Bernoulli(l.ph) with the block sources src. With a nil wg it runs
// on the calling goroutine (a band of chains, see inBands).
func hiddenHalf[T kern.Float](wg *sync.WaitGroup, l *layers[T], sample bool, src []rand.PCG) {
	gemm(l.v, l.w, l.ph)
	if !sample {
		rowsDo(wg, doSigmoid, l.ph, kern.General[T]{}, l.c, nil)
		return
	}
	rowsDo(wg, doSigmoidSample, l.ph, l.h, l.c, src)
}

// hiddenProbs writes l.ph = σ(l.v·W + 1·cᵀ): many chains in bands over the
// cores, as the samplers' steps (inBands), so that the result does not
// depend on the number of cores either.
func hiddenProbs[T kern.Float](wg *sync.WaitGroup, l *layers[T]) {
	if !inBands(wg, job[T]{kind: doHiddenBand, l: l, steps: 1}) {
		hiddenHalf(wg, l, false, nil)
	}
}

// visibleHalf writes l.pv = σ(l.h·Wᵀ + 1·bᵀ) and l.v ~ Bernoulli(l.pv).
func visibleHalf[T kern.Float](wg *sync.WaitGroup, l *layers[T], src []rand.PCG) {
	kern.BackProduct(l.h, l.w, l.wt, l.pv)
	rowsDo(wg, doSigmoidSample, l.pv, l.v, l.b, src)
}

// gemm writes dst = x·W (visible to hidden) as one single-threaded
// product (kern.Gemm1): a product split over the cores would make the
// chains depend on the number of cores in their last bits (see
// kern.Bands); many chains are split into bands instead (inBands).
func gemm[T kern.Float](x, w, dst kern.General[T]) {
	kern.Gemm1(false, false, 1, x, w, 0, dst)
}

// gibbsSteps runs steps block Gibbs steps on l; if p0 is not nil, the
// hidden probabilities of the first half-step are copied into it. Many
// chains run in bands, one per core (inBands).
func gibbsSteps[T kern.Float](wg *sync.WaitGroup, l *layers[T], src []rand.PCG, steps int, p0 *mat.Dense) {
	var first kern.General[float64]
	if p0 != nil {
		first = general(p0)
	}
	if inBands(wg, job[T]{kind: doGibbsBand, l: l, src: src, steps: steps, p0: first}) {
		return
	}
	gibbsLoop(wg, l, src, steps, first)
}

// gibbsLoop is gibbsSteps without the bands; p0 has no rows if the first
// probabilities are not asked for.
func gibbsLoop[T kern.Float](wg *sync.WaitGroup, l *layers[T], src []rand.PCG, steps int, p0 kern.General[float64]) {
	for s := 0; s < steps; s++ {
		hiddenHalf(wg, l, true, src)
		if s == 0 && p0.Rows > 0 {
			load(p0, l.ph)
		}
		visibleHalf(wg, l, src)
	}
}

// flipSteps runs steps transitions of the flip-the-state kernel T_α (see
// Flip) on l. If p0 is not nil the chains start at data (SampleFrom): the
// first hidden half-step is then a Gibbs draw h ~ p(h|v), whatever l.h
// held, and its probabilities are copied into p0 (see Flip on the start
// rule). Many chains run in bands, one per core (inBands).
func flipSteps[T kern.Float](wg *sync.WaitGroup, l *layers[T], alpha float64, src []rand.PCG, steps int, p0 *mat.Dense) {
	var first kern.General[float64]
	if p0 != nil {
		first = general(p0)
	}
	if inBands(wg, job[T]{kind: doFlipBand, l: l, alpha: alpha, src: src, steps: steps, p0: first}) {
		return
	}
	flipLoop(wg, l, alpha, src, steps, first)
}

// flipLoop is flipSteps without the bands; p0 has no rows if the chains
// do not start at data.
func flipLoop[T kern.Float](wg *sync.WaitGroup, l *layers[T], alpha float64, src []rand.PCG, steps int, p0 kern.General[float64]) {
	for s := 0; s < steps; s++ {
		gemm(l.v, l.w, l.ph)
		if s == 0 && p0.Rows > 0 {
			rowsDo(wg, doSigmoidSample, l.ph, l.h, l.c, src)
			load(p0, l.ph)
		} else {
			flipRows(wg, l.ph, l.h, l.c, alpha, src)
		}
		kern.BackProduct(l.h, l.w, l.wt, l.pv)
		flipRows(wg, l.pv, l.v, l.b, alpha, src)
	}
}

// rows returns the layers of the chains [lo, hi) of l (the same model).
func (l *layers[T]) rows(lo, hi int) layers[T] {
	return layers[T]{
		w: l.w, wt: l.wt, b: l.b, c: l.c,
		v: kern.Rows(l.v, lo, hi), h: kern.Rows(l.h, lo, hi),
		pv: kern.Rows(l.pv, lo, hi), ph: kern.Rows(l.ph, lo, hi),
	}
}
