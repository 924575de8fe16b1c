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
// nothing is rounded here) and the states V and H rounded to float32
// (states 0 and 1 exactly), in storage kept in c from call to call. H is
// loaded only if withH is set: Gibbs and tempered steps draw a new H
// before reading it, only Flip reads the old one.
func (c *Chains) load32(m *rbm.Binary, withH bool) *layers[float32] {
	l := c.load32States(withH)
	p := params32.Of(m)
	l.w, l.b, l.c = p.W, p.B, p.C
	return l
}

// load32States is load32 without the parameters: the layers' w, b and c
// are left for the caller to set.
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
// l.h ~ Bernoulli(l.ph) with the block sources src.
func hiddenHalf[T kern.Float](wg *sync.WaitGroup, l *layers[T], sample bool, src []rand.PCG) {
	kern.Gemm(false, false, 1, l.v, l.w, 0, l.ph)
	if !sample {
		rowsDo(wg, doSigmoid, l.ph, kern.General[T]{}, l.c, nil)
		return
	}
	rowsDo(wg, doSigmoidSample, l.ph, l.h, l.c, src)
}

// visibleHalf writes l.pv = σ(l.h·Wᵀ + 1·bᵀ) and l.v ~ Bernoulli(l.pv).
func visibleHalf[T kern.Float](wg *sync.WaitGroup, l *layers[T], src []rand.PCG) {
	kern.Gemm(false, true, 1, l.h, l.w, 0, l.pv)
	rowsDo(wg, doSigmoidSample, l.pv, l.v, l.b, src)
}

// gibbsSteps runs steps block Gibbs steps on l; if p0 is not nil, the
// hidden probabilities of the first half-step are copied into it.
func gibbsSteps[T kern.Float](wg *sync.WaitGroup, l *layers[T], src []rand.PCG, steps int, p0 *mat.Dense) {
	for s := 0; s < steps; s++ {
		hiddenHalf(wg, l, true, src)
		if s == 0 && p0 != nil {
			load(general(p0), l.ph)
		}
		visibleHalf(wg, l, src)
	}
}

// flipSteps runs steps transitions of the flip-the-state kernel T_α (see
// Flip) on l. If p0 is not nil the chains start at data (SampleFrom): the
// first hidden half-step is then a Gibbs draw h ~ p(h|v), whatever l.h
// held, and its probabilities are copied into p0 (see Flip on the start
// rule).
func flipSteps[T kern.Float](wg *sync.WaitGroup, l *layers[T], alpha float64, src []rand.PCG, steps int, p0 *mat.Dense) {
	for s := 0; s < steps; s++ {
		kern.Gemm(false, false, 1, l.v, l.w, 0, l.ph)
		if s == 0 && p0 != nil {
			rowsDo(wg, doSigmoidSample, l.ph, l.h, l.c, src)
			load(general(p0), l.ph)
		} else {
			flipRows(wg, l.ph, l.h, l.c, alpha, src)
		}
		kern.Gemm(false, true, 1, l.h, l.w, 0, l.pv)
		flipRows(wg, l.pv, l.v, l.b, alpha, src)
	}
}
