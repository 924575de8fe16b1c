package mcmc

import (
	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// This file holds what rates-FPCD (RatesFPCD) and rates-herding (Herding)
// share: fast parameters θ_F, kept in float64, and the sampling parameters
// θ⁻ = θ + θ_F in the precision of the model, made afresh before each
// update because the caller may change θ between updates. One update of
// either sampler reads and writes each of the m·n weights a few times and
// does O(m·n) arithmetic besides its matrix products, so the loops below
// are written as single passes over contiguous rows, without allocation.

// smallChains is the largest number of chains for which the statistics
// S_W = VᵀP/n are summed row by row inside the update; above it they come
// from one matrix product.
const smallChains = 8

// negParams are θ⁻ = θ + θ_F in precision T: weights w (m×n) and biases
// b and c.
type negParams[T kern.Float] struct {
	w    kern.General[T]
	b, c []T
}

// fastWeights is the state shared by the fast-weight samplers: θ_F and
// the scratch of an update. The zero value holds nothing; ensure sizes it.
type fastWeights struct {
	fast  *rbm.Binary // θ_F
	neg64 negParams[float64]
	neg32 negParams[float32]
	l64   layers[float64] // the float64 layers of θ⁻ and the chains
	row   []float64       // one row of S_W (n_h), then the mean of P's rows
	vmean []float64       // the mean of V's rows (m)
	zeros []float64       // max(m, n_h) zeros: the rates of sample penalisation
	stats *mat.Dense      // S_W = VᵀP/n for more than smallChains chains
}

// ensure makes the buffers for an nv×nh model, keeping θ_F when its shape
// fits (θ_F starts at 0).
func (f *fastWeights) ensure(nv, nh int) {
	if f.fast == nil || f.fast.Visible() != nv || f.fast.Hidden() != nh {
		f.fast, _ = rbm.NewBinary(nv, nh, nil)
	}
	if len(f.row) != nh || len(f.vmean) != nv {
		f.row, f.vmean, f.zeros = make([]float64, nh), make([]float64, nv), make([]float64, max(nv, nh))
		f.neg64, f.neg32 = negParams[float64]{}, negParams[float32]{}
		f.stats = nil
	}
}

// reset sets θ_F to 0.
func (f *fastWeights) reset() {
	if f.fast != nil {
		zeroModel(f.fast)
	}
}

// restore replaces θ_F by fast (nil: none yet), as read from a saved state.
func (f *fastWeights) restore(fast *rbm.Binary) {
	*f = fastWeights{fast: fast}
	if fast != nil {
		f.ensure(fast.Visible(), fast.Hidden())
	}
}

// neg returns θ⁻ = θ + θ_F of m and the fast parameters in precision T,
// written into buffers kept from call to call: each weight is rounded once
// from the float64 sum, so in float32 θ⁻_ij = fl32(θ_ij + θ_F,ij).
func neg[T kern.Float](f *fastWeights, m *rbm.Binary) *negParams[T] {
	var p *negParams[T]
	switch q := any(&f.neg64).(type) {
	case *negParams[T]:
		p = q
	default:
		p = any(&f.neg32).(*negParams[T])
	}
	nv, nh := m.Visible(), m.Hidden()
	if p.w.Rows != nv || p.w.Cols != nh {
		p.w = kern.General[T]{Rows: nv, Cols: nh, Stride: nh, Data: make([]T, nv*nh)}
		p.b, p.c = make([]T, nv), make([]T, nh)
	}
	mw, fw := m.W.RawMatrix(), f.fast.W.RawMatrix()
	for i := 0; i < nv; i++ {
		setSum(p.w.Row(i), mw.Data[i*mw.Stride:i*mw.Stride+nh], fw.Data[i*fw.Stride:i*fw.Stride+nh])
	}
	setSum(p.b, m.B, f.fast.B)
	setSum(p.c, m.C, f.fast.C)
	return p
}

// setSum writes dst_j = T(a_j + b_j).
func setSum[T kern.Float](dst []T, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	for j := range dst {
		dst[j] = T(a[j] + b[j])
	}
}

// negLayers returns the layers of θ⁻ (p, of f) and the chains c in
// precision T: in float64 the chains' own matrices, in float32 copies of the states (H only
// if withH is set) that store32 writes back.
func negLayers[T kern.Float](f *fastWeights, p *negParams[T], c *Chains, withH bool) *layers[T] {
	if kern.Is32[T]() {
		l := c.load32States(withH)
		l.w, l.b, l.c = any(p.w).(kern.General[float32]), any(p.b).([]float32), any(p.c).([]float32)
		return any(l).(*layers[T])
	}
	f.l64 = layers[float64]{w: any(p.w).(kern.General[float64]), b: any(p.b).([]float64), c: any(p.c).([]float64),
		v: general(c.V), h: general(c.H), pv: general(c.PV), ph: general(c.PH)}
	return any(&f.l64).(*layers[T])
}

// storeLayers writes float32 layers' states back to c (nothing to do in
// float64, whose layers alias c).
func storeLayers[T kern.Float](c *Chains, l *layers[T]) {
	if l32, ok := any(l).(*layers[float32]); ok {
		c.store32(l32)
	}
}

// update applies one step to the fast parameters,
//
//	θ_F ← α·θ_F + ε·(R − S),  S = (VᵀP/n, mean of V's rows, mean of P's rows),
//
// with the n chains' states V (n×m) and p (n×n_h: E[h | v] for rates-FPCD,
// h for herding), and R = 0 when r is nil (sample penalisation).
func (f *fastWeights) update(r *Rates, v, p *mat.Dense, eps, decay float64) {
	vr, pr := v.RawMatrix(), p.RawMatrix()
	n, nv, nh := vr.Rows, vr.Cols, pr.Cols
	inv := 1 / float64(n)
	fw := f.fast.W.RawMatrix()
	var sw blas64.General
	if n > smallChains {
		if f.stats == nil {
			f.stats = mat.NewDense(nv, nh, nil)
		}
		kern.Gemm1(true, false, inv, general(v), general(p), 0, general(f.stats))
		sw = f.stats.RawMatrix()
	}
	for i := 0; i < nv; i++ {
		var s []float64
		if n > smallChains {
			s = sw.Data[i*sw.Stride : i*sw.Stride+nh]
		} else {
			s = f.rowStats(vr, pr, i, inv)
		}
		rw := f.zeros[:nh]
		if r != nil {
			rw = r.W.RawRowView(i)
		}
		stepRow(fw.Data[i*fw.Stride:i*fw.Stride+nh], rw, s, eps, decay)
	}
	rb, rc := f.zeros[:nv], f.zeros[:nh]
	if r != nil {
		rb, rc = r.B, r.C
	}
	meanRows(f.vmean, vr, inv)
	stepRow(f.fast.B, rb, f.vmean, eps, decay)
	meanRows(f.row, pr, inv)
	stepRow(f.fast.C, rc, f.row, eps, decay)
	f.fast.Changed()
}

// rowStats returns row i of S_W = VᵀP/n, Σ_k v_ki·p_k / n, summed over the
// chains whose v_ki is not 0 (zeros when there are none), in f.row.
func (f *fastWeights) rowStats(vr, pr blas64.General, i int, inv float64) []float64 {
	s := f.row
	any := false
	for k := 0; k < vr.Rows; k++ {
		x := vr.Data[k*vr.Stride+i]
		if x == 0 {
			continue
		}
		pk := pr.Data[k*pr.Stride : k*pr.Stride+len(s)]
		x *= inv
		if !any {
			for j := range s {
				s[j] = x * pk[j]
			}
			any = true
			continue
		}
		for j := range s {
			s[j] += x * pk[j]
		}
	}
	if !any {
		return f.zeros[:len(s)]
	}
	return s
}

// stepRow writes x_j ← α·x_j + ε·(r_j − s_j).
func stepRow(x, r, s []float64, eps, decay float64) {
	r, s = r[:len(x)], s[:len(x)]
	for j := range x {
		x[j] = decay*x[j] + eps*(r[j]-s[j])
	}
}

// meanRows writes dst = inv·Σ_k x_k, the mean of the rows of x when inv is
// 1/rows.
func meanRows(dst []float64, x blas64.General, inv float64) {
	clear(dst)
	for k := 0; k < x.Rows; k++ {
		row := x.Data[k*x.Stride : k*x.Stride+len(dst)]
		for j, v := range row {
			dst[j] += v
		}
	}
	for j := range dst {
		dst[j] *= inv
	}
}
