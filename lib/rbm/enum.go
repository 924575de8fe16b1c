package rbm

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
)

// MaxExactUnits is the largest number of units of the enumerated layer for
// which the exact sums (ExactLogZ, LogLikelihood, ExactGradient) run: they
// sum 2^k terms, k being the size of the smaller layer, and refuse
// k > MaxExactUnits = 30, that is more than 2^30 ≈ 1.07e9 terms.
const MaxExactUnits = 30

// MaxTableUnits is the largest layer for which ExactVisibleDist and
// ExactHiddenDist tabulate all 2^k states: 24, a table of 16 Mi float64
// (128 MiB).
const MaxTableUnits = 24

// MaxJointUnits is the largest m+n for which ExactJointDist tabulates all
// 2^(m+n) joint states: 22, a table of 4 Mi float64 (32 MiB).
const MaxJointUnits = 22

// Progress receives the progress of a long exact computation: done of total
// blocks of states have been summed. It is called from worker goroutines,
// one call at a time, with done increasing, about 100 times in all, never
// after the computation has returned.
type Progress func(done, total int)

// lowBits is the number of enumerated units that vary inside one block of
// states: a block holds 2^lowBits = 4096 states sharing their high bits.
const lowBits = 12

// chunk is how many factors (1 + e^x) are multiplied before one logarithm
// is taken in the softplus sums; see SoftplusSum.
const chunk = 32

// productBound is the largest value of Σ_j softplus(max_s x_j(s)) over a
// chunk of factors for which a block may use the product form: a product
// of such factors is below e^690, so neither it nor a sum of 4096 of them
// (≤ e^699) overflows.
const productBound = 690

// enumerator sums over every state s ∈ {0,1}^k of one layer (the
// "enumerated" layer), the other layer (L units) being summed out
// analytically:
//
//	t(s) = bkᵀs + Σ_j softplus(bo_j + Σ_i s_i wk_ij)
//
// which is -F(v) when the visible layer is enumerated (wk = W, bk = b,
// bo = c) and -F_h(h) when the hidden one is (wk = Wᵀ, bk = c, bo = b).
// A state's index has bit i equal to s_i. The states are taken in blocks of
// 2^k2 that share their high k-k2 bits: a block's input is x = a + xlo with
// a = bo + (weights of its high bits) and xlo a precomputed low part, so
// the enumeration needs no matrix product per block and no allocation.
//
// Product form: with Mlo_j = max_lo xlo_j, e^{x_j} = e^{a_j+Mlo_j}·elo_j
// where elo_j = e^{xlo_j-Mlo_j} ∈ (0, 1] is precomputed, so
// Σ_j softplus(x_j) = log Π_j (1 + ea_j·elo_j) costs one multiply-add per
// term and no exponential. A block uses it when no product can overflow
// (see productBound); otherwise it takes the safe form, one exponential
// per term. A factor whose elo underflows to 0 stands for a term below
// e^{690-745}, which is negligible.
type enumerator struct {
	k, L int
	wk   []float64 // k×L, row-major
	bk   []float64 // k
	bo   []float64 // L
	k2   int       // bits inside a block
	xlo  []float64 // 2^k2 × L: Σ_{i<k2} lo_i wk_i·, made by buildXlo
	// xloOnce guards the lazy construction of xlo.
	xloOnce sync.Once
	mlo     []float64 // L: max over lo of xlo
	elo     []float64 // 2^k2 × L: exp(xlo - mlo)
	linlo   []float64 // 2^k2: Σ_{i<k2} lo_i bk_i
	elin    []float64 // 2^k2: exp(linlo - maxlin)
	// maxlin is max linlo.
	maxlin float64
	// safeOnly and noDirect switch the product form, and the form without
	// a logarithm per state, off (for tests).
	safeOnly, noDirect bool
}

// newEnumerator prepares the enumeration of the visible layer (visible
// true) or of the hidden layer of m, which must be valid.
func newEnumerator(m *Binary, visible bool) *enumerator {
	nv, nh := m.Visible(), m.Hidden()
	raw := m.W.RawMatrix()
	e := &enumerator{}
	if visible {
		e.k, e.L = nv, nh
		e.wk = make([]float64, nv*nh)
		for i := 0; i < nv; i++ {
			copy(e.wk[i*nh:(i+1)*nh], raw.Data[i*raw.Stride:i*raw.Stride+nh])
		}
		e.bk, e.bo = m.B, m.C
	} else {
		e.k, e.L = nh, nv
		e.wk = make([]float64, nv*nh)
		for i := 0; i < nv; i++ {
			for j := 0; j < nh; j++ {
				e.wk[j*nv+i] = raw.Data[i*raw.Stride+j]
			}
		}
		e.bk, e.bo = m.C, m.B
	}
	e.k2 = min(e.k, lowBits)
	nlo := 1 << e.k2
	L := e.L
	e.linlo = make([]float64, nlo)
	for lo := 1; lo < nlo; lo++ {
		e.linlo[lo] = e.linlo[lo&(lo-1)] + e.bk[trailingZeros(lo)]
	}
	// Mlo_j = Σ_{i<k2} max(wk_ij, 0), reached by the pattern of the
	// positive weights; xlo_j - Mlo_j lies in [-spread_j, 0] with
	// spread_j = Σ_{i<k2} |wk_ij|.
	e.mlo = make([]float64, L)
	spread := 0.0
	for j := 0; j < L; j++ {
		var hi, sp float64
		for i := 0; i < e.k2; i++ {
			w := e.wk[i*L+j]
			hi += max(w, 0)
			sp += math.Abs(w)
		}
		e.mlo[j] = hi
		spread = max(spread, sp)
	}
	e.elo = make([]float64, nlo*L)
	if spread < 700 {
		// elo by the recursion of xlo, multiplying by e^{wk_ij} from
		// e^{-Mlo_j}: at most 13 roundings per entry, and every
		// intermediate value is an entry, in [e^-700, 1].
		ew := make([]float64, e.k2*L)
		for i := range ew {
			ew[i] = math.Exp(e.wk[i])
		}
		for j := 0; j < L; j++ {
			e.elo[j] = math.Exp(-e.mlo[j])
		}
		for lo := 1; lo < nlo; lo++ {
			i := trailingZeros(lo)
			prev := lo & (lo - 1)
			dst, src, w := e.elo[lo*L:(lo+1)*L], e.elo[prev*L:(prev+1)*L], ew[i*L:(i+1)*L]
			for j := range dst {
				dst[j] = src[j] * w[j]
			}
		}
	} else {
		e.buildXlo()
		for i, x := range e.xlo {
			e.elo[i] = math.Exp(x - e.mlo[i%L])
		}
	}
	e.maxlin = math.Inf(-1)
	for _, x := range e.linlo {
		e.maxlin = max(e.maxlin, x)
	}
	e.elin = make([]float64, nlo)
	for lo, x := range e.linlo {
		e.elin[lo] = math.Exp(x - e.maxlin)
	}
	return e
}

// buildXlo fills xlo, once: each low pattern's input is that of the
// pattern without its lowest set bit, plus that bit's row (2^k2·L
// additions). Only the safe form and the moments need it; it is safe to
// call from several goroutines.
func (e *enumerator) buildXlo() {
	e.xloOnce.Do(func() {
		nlo, L := e.blockSize(), e.L
		e.xlo = make([]float64, nlo*L)
		for lo := 1; lo < nlo; lo++ {
			i := trailingZeros(lo)
			prev := lo & (lo - 1)
			dst, src, w := e.xlo[lo*L:(lo+1)*L], e.xlo[prev*L:(prev+1)*L], e.wk[i*L:(i+1)*L]
			for j := range dst {
				dst[j] = src[j] + w[j]
			}
		}
	})
}

func trailingZeros(x int) int {
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

// blocks returns the number of blocks, 2^(k-k2).
func (e *enumerator) blocks() int { return 1 << (e.k - e.k2) }

// blockSize returns the number of states in a block, 2^k2.
func (e *enumerator) blockSize() int { return 1 << e.k2 }

// prepare writes the block's shared input a = bo + Σ_{high bits} wk_i· into
// a and ea_j = e^{a_j+Mlo_j} into ea, and returns the block's shared linear
// term Σ_{high bits} bk_i and whether the product form is safe for the
// block: Σ_j softplus(a_j + Mlo_j) ≤ productBound over every chunk.
func (e *enumerator) prepare(hi int, a, ea []float64) (lin float64, product bool) {
	copy(a, e.bo)
	for b := 0; hi>>b != 0; b++ {
		if hi>>b&1 == 0 {
			continue
		}
		i := e.k2 + b
		w := e.wk[i*e.L : (i+1)*e.L]
		for j := range a {
			a[j] += w[j]
		}
		lin += e.bk[i]
	}
	if e.safeOnly {
		return lin, false
	}
	product = true
	for j0 := 0; j0 < len(a); j0 += chunk {
		var s float64
		for j := j0; j < min(j0+chunk, len(a)); j++ {
			s += Softplus(a[j] + e.mlo[j])
		}
		product = product && s <= productBound
	}
	if product {
		for j, x := range a {
			ea[j] = math.Exp(x + e.mlo[j])
		}
	}
	return lin, product
}

// blockLSE returns log Σ_s e^{t(s)} over the states s of block hi, in the
// lse form, using t, a and ea as scratch.
func (e *enumerator) blockLSE(hi int, t, a, ea []float64) lse {
	L := e.L
	if L > chunk || e.noDirect {
		e.terms(hi, t, a, ea)
		return blockLSE(t)
	}
	lin, product := e.prepare(hi, a, ea)
	if !product {
		e.safeTerms(lin, t, a)
		return blockLSE(t)
	}
	// Σ_lo e^{linlo-maxlin}·Π_j (1+e^{x_j}): each product is below e^690
	// (productBound) and e^{linlo-maxlin} ≤ 1, so the sum of 4096 terms
	// cannot overflow, and the largest-linlo term is at least 1.
	var s float64
	for lo, w := range e.elin {
		el, eb := e.elo[lo*L:][:L], ea[:L]
		// Four products in flight hide the latency of the multiplications;
		// the length tests let the compiler drop the bounds checks.
		p0, p1, p2, p3 := w, 1.0, 1.0, 1.0
		for len(el) >= 4 && len(eb) >= 4 {
			p0 *= 1 + eb[0]*el[0]
			p1 *= 1 + eb[1]*el[1]
			p2 *= 1 + eb[2]*el[2]
			p3 *= 1 + eb[3]*el[3]
			el, eb = el[4:], eb[4:]
		}
		for j := range min(len(el), len(eb)) {
			p0 *= 1 + eb[j]*el[j]
		}
		s += (p0 * p1) * (p2 * p3)
	}
	return lse{lin + e.maxlin + math.Log(s), 1}
}

// terms writes t(s) for every state s of block hi into t (len 2^k2),
// using a and ea (len L) as scratch.
func (e *enumerator) terms(hi int, t, a, ea []float64) {
	lin, product := e.prepare(hi, a, ea)
	if !product {
		e.safeTerms(lin, t, a)
		return
	}
	L := e.L
	for lo := range t {
		el := e.elo[lo*L : (lo+1)*L]
		s := lin + e.linlo[lo]
		for j0 := 0; j0 < L; j0 += chunk {
			j1 := min(j0+chunk, L)
			p := 1.0
			for j := j0; j < j1; j++ {
				p *= 1 + ea[j]*el[j]
			}
			s += math.Log(p)
		}
		t[lo] = s
	}
}

// safeTerms writes t(s) for the block whose shared input is a and linear
// term lin, with one exponential per term.
func (e *enumerator) safeTerms(lin float64, t, a []float64) {
	e.buildXlo()
	L := e.L
	for lo := range t {
		x := e.xlo[lo*L : (lo+1)*L]
		t[lo] = lin + e.linlo[lo] + softplusSumShift(a, x)
	}
}

// softplusSumShift returns Σ_j softplus(a_j + x_j) for len(a) == len(x).
func softplusSumShift(a, x []float64) float64 {
	var s float64
	for j0 := 0; j0 < len(x); j0 += kern.SoftplusRun {
		j1 := min(j0+kern.SoftplusRun, len(x))
		s += kern.SoftplusLanesShift(a[j0:j1], x[j0:j1])
	}
	return s
}

// SoftplusSum returns Σ_j softplus(x_j) = Σ_j log(1 + e^{x_j}) of finite
// x_j, in runs of kern.SoftplusRun (128) terms with one logarithm per run
// and an in-line exponential per term, four terms at a time in AVX2 where
// the processor has it (kern.SoftplusLanes). It is about 20 times as
// fast as summing Softplus (BenchmarkSoftplusSum against
// BenchmarkSoftplusNaive). Its error against that sum is below
// 10⁻¹²·max(1, Σ_j softplus(x_j)), for inputs of any size
// (TestSoftplusSumRows): relative for sums of at least 1, absolute below,
// where a log-density or an acceptance ratio that adds it needs no more.
func SoftplusSum(x []float64) float64 {
	var s float64
	for j0 := 0; j0 < len(x); j0 += kern.SoftplusRun {
		s += kern.SoftplusLanes(x[j0:min(j0+kern.SoftplusRun, len(x))])
	}
	return s
}

// SoftplusSumProb returns Σ_j softplus(x_j) as SoftplusSum does, for x_j
// whose sigmoids p_j = σ(x_j) are at hand (as SigmoidInPlace computes
// them; len(p) == len(x)), with no exponential at all: since
// 1 + e^{−|x|} = 1/σ(|x|) and σ(|x|) = max(p, 1 − p),
//
//	Σ_j softplus(x_j) = Σ_j max(x_j, 0) − log Π_j max(p_j, 1 − p_j),
//
// each factor in [½, 1], so that a product of 256 of them cannot underflow
// and one logarithm serves 256 terms (one per row of a 256-unit layer).
// With p within a few ulps of σ(x), each factor is within about 4·10⁻¹⁶
// relative, and the sum is within 10⁻¹²·max(1, Σ_j softplus(x_j)) of the
// sum of Softplus for rows of up to 1,000 terms (TestSoftplusSumRows).
// The samplers' acceptance ratios use it with the p(h|v) they compute
// anyway.
func SoftplusSumProb(x, p []float64) float64 {
	p = p[:len(x)]
	var s float64
	for j0 := 0; j0 < len(x); j0 += probChunk {
		var lin float64
		q := 1.0
		pc := p[j0:min(j0+probChunk, len(x))]
		for j, pj := range pc {
			v := x[j0+j]
			lin += 0.5 * (v + math.Abs(v)) // max(v, 0), exactly
			q *= max(pj, 1-pj)
		}
		s += lin - math.Log(q)
	}
	return s
}

// probChunk is the number of factors max(p, 1 − p) ≥ ½ that
// SoftplusSumProb multiplies before it takes a logarithm: their product is
// at least 2^−256.
const probChunk = 256

// lse is a log-sum-exp in the form max + log(sum of e^(t - max)).
type lse struct{ max, sum float64 }

func (l lse) value() float64 { return l.max + math.Log(l.sum) }

// combine returns the log-sum-exp of the parts, in their order.
func combine(parts []lse) lse {
	m := math.Inf(-1)
	for _, p := range parts {
		m = max(m, p.max)
	}
	var s float64
	for _, p := range parts {
		if p.sum > 0 {
			s += p.sum * math.Exp(p.max-m)
		}
	}
	return lse{m, s}
}

// blockLSE returns the log-sum-exp of t.
func blockLSE(t []float64) lse {
	m := math.Inf(-1)
	for _, x := range t {
		m = max(m, x)
	}
	var s float64
	for _, x := range t {
		s += math.Exp(x - m)
	}
	return lse{m, s}
}

// workers returns how many goroutines share n blocks.
func workers(n int) int { return max(1, min(runtime.GOMAXPROCS(0), n)) }

// forBlocks calls do(w, hi) for every block hi, on workers(blocks)
// goroutines (w is the worker's index, for its scratch space), checking ctx
// before every block and reporting progress. It returns ctx's error if the
// context ended before all blocks were done.
func (e *enumerator) forBlocks(ctx context.Context, progress Progress, nw int, do func(w, hi int)) error {
	nb := e.blocks()
	var next, done atomic.Int64
	var mu sync.Mutex
	reported := 0 // under mu: progress only ever goes forward
	step := max(1, nb/100)
	var wg sync.WaitGroup
	for w := 0; w < nw; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				hi := int(next.Add(1) - 1)
				if hi >= nb {
					return
				}
				do(w, hi)
				if d := int(done.Add(1)); progress != nil && (d%step == 0 || d == nb) {
					mu.Lock()
					if d > reported {
						reported = d
						progress(d, nb)
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if int(done.Load()) < nb {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// logZ returns log Σ_s e^{t(s)}. The blocks are summed in parallel, each
// into its own slot, and the slots are combined in order, so the result
// does not depend on the number of goroutines.
func (e *enumerator) logZ(ctx context.Context, progress Progress) (float64, error) {
	nb := e.blocks()
	parts := make([]lse, nb)
	nw := workers(nb)
	type scratch struct{ t, a, ea []float64 }
	sc := make([]scratch, nw)
	for w := range sc {
		sc[w] = scratch{make([]float64, e.blockSize()), make([]float64, e.L), make([]float64, e.L)}
	}
	err := e.forBlocks(ctx, progress, nw, func(w, hi int) {
		s := &sc[w]
		parts[hi] = e.blockLSE(hi, s.t, s.a, s.ea)
	})
	if err != nil {
		return 0, err
	}
	return combine(parts).value(), nil
}

// table writes log p(s) = t(s) - logZ for every state s into dst (len
// 2^k), in index order, and returns logZ = log Σ_s e^{t(s)}.
func (e *enumerator) table(ctx context.Context, dst []float64) (float64, error) {
	nb, bs := e.blocks(), e.blockSize()
	parts := make([]lse, nb)
	nw := workers(nb)
	type scratch struct{ a, ea []float64 }
	sc := make([]scratch, nw)
	for w := range sc {
		sc[w] = scratch{make([]float64, e.L), make([]float64, e.L)}
	}
	err := e.forBlocks(ctx, nil, nw, func(w, hi int) {
		t := dst[hi*bs : (hi+1)*bs]
		e.terms(hi, t, sc[w].a, sc[w].ea)
		parts[hi] = blockLSE(t)
	})
	if err != nil {
		return 0, err
	}
	lz := combine(parts).value()
	for i := range dst {
		dst[i] -= lz
	}
	return lz, nil
}

// moments returns, under the distribution p(s) = e^{t(s) - logZ} of the
// enumerated layer with the other layer summed out,
//
//	G_ij = E[s_i σ(x_j(s))],  ms_i = E[s_i],  mo_j = E[σ(x_j(s))]
//
// where x_j(s) = bo_j + Σ_i s_i wk_ij, that is E[s_i o_j], E[s_i], E[o_j]
// for the other layer's units o. The blocks are split into a fixed number
// of contiguous parts whose sums are combined in order, so the result does
// not depend on the number of goroutines.
func (e *enumerator) moments(ctx context.Context, logZ float64) (G, ms, mo []float64, err error) {
	nb, bs, k, L := e.blocks(), e.blockSize(), e.k, e.L
	e.buildXlo()
	const nparts = 16
	np := min(nb, nparts)
	type acc struct{ g, s, o, t, a, ea, sig []float64 }
	accs := make([]acc, np)
	for p := range accs {
		accs[p] = acc{
			g: make([]float64, k*L), s: make([]float64, k), o: make([]float64, L),
			t: make([]float64, bs), a: make([]float64, L), ea: make([]float64, L), sig: make([]float64, L),
		}
	}
	// Part p takes blocks [p·nb/np, (p+1)·nb/np).
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers(np); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				p := int(next.Add(1) - 1)
				if p >= np {
					return
				}
				ac := &accs[p]
				for hi := p * nb / np; hi < (p+1)*nb/np; hi++ {
					if ctx.Err() != nil {
						return
					}
					e.terms(hi, ac.t, ac.a, ac.ea)
					for lo, t := range ac.t {
						pr := math.Exp(t - logZ)
						if pr == 0 {
							continue
						}
						x := e.xlo[lo*L : (lo+1)*L]
						for j := range ac.sig {
							ac.sig[j] = pr * Sigmoid(ac.a[j]+x[j])
							ac.o[j] += ac.sig[j]
						}
						state := hi<<e.k2 | lo
						for i := 0; state>>i != 0; i++ {
							if state>>i&1 == 0 {
								continue
							}
							ac.s[i] += pr
							g := ac.g[i*L : (i+1)*L]
							for j, y := range ac.sig {
								g[j] += y
							}
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	G, ms, mo = make([]float64, k*L), make([]float64, k), make([]float64, L)
	for _, ac := range accs {
		addTo(G, ac.g)
		addTo(ms, ac.s)
		addTo(mo, ac.o)
	}
	return G, ms, mo, nil
}

func addTo(dst, s []float64) {
	for i, x := range s {
		dst[i] += x
	}
}

// checkExact returns an error if the layer of k units is too large to
// enumerate.
func checkExact(what string, k int) error {
	if k > MaxExactUnits {
		return fmt.Errorf("rbm: %s: the smaller layer has %d units; exact enumeration of 2^%d states is refused above %d units (MaxExactUnits); use AIS", what, k, k, MaxExactUnits)
	}
	return nil
}
