package kern

import (
	"math"
	"math/rand/v2"
	"unsafe"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
)

// Float is the element type of the kernels: float32 or float64.
type Float interface{ float32 | float64 }

// General is a dense row-major matrix of T: element (i, j) is
// Data[i·Stride + j], for i < Rows, j < Cols (the layout of gonum's
// blas64.General and blas32.General).
type General[T Float] struct {
	Rows, Cols, Stride int
	Data               []T
}

// Row returns row i of a.
func (a General[T]) Row(i int) []T { return a.Data[i*a.Stride : i*a.Stride+a.Cols] }

// Is32 reports whether T is float32.
func Is32[T Float]() bool {
	var z T
	return unsafe.Sizeof(z) == 4
}

// Gemm1 computes c = α·op(a)·op(b) + β·c, op(x) = xᵀ when the matching
// trans flag is set, through blas64.Gemm or blas32.Gemm, on the calling
// goroutine (with OpenBLAS, on one thread: see internal/openblas), or, for
// the small products of a small model's steps under gonum's BLAS, by
// kernels of its own with gonum's results (small.go). Gemm spreads a large
// product over the cores.
func Gemm1[T Float](transA, transB bool, alpha T, a, b General[T], beta T, c General[T]) {
	if !transA && alpha == 1 && beta == 0 && gemmSmall(transB, a, b, c) {
		return
	}
	if !transB && binaryProduct(transA, alpha, a, b, beta, c) {
		return
	}
	blasGemm(transA, transB, alpha, a, b, beta, c)
}

// blasGemm is Gemm1 through the BLAS in use, whatever the operands.
func blasGemm[T Float](transA, transB bool, alpha T, a, b General[T], beta T, c General[T]) {
	ta, tb := blas.NoTrans, blas.NoTrans
	if transA {
		ta = blas.Trans
	}
	if transB {
		tb = blas.Trans
	}
	if Is32[T]() {
		blas32.Gemm(ta, tb, float32(alpha), g32(a), g32(b), float32(beta), g32(c))
		return
	}
	blas64.Gemm(ta, tb, float64(alpha), g64(a), g64(b), float64(beta), g64(c))
}

// g32 and g64 view a as the blas type of its precision (T must match).
func g32[T Float](a General[T]) blas32.General {
	return blas32.General{Rows: a.Rows, Cols: a.Cols, Stride: a.Stride, Data: unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(a.Data))), len(a.Data))}
}

func g64[T Float](a General[T]) blas64.General {
	return blas64.General{Rows: a.Rows, Cols: a.Cols, Stride: a.Stride, Data: unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(a.Data))), len(a.Data))}
}

// Convert writes dst_i = D(src_i) for i < len(src): between the
// precisions, through AVX2 where the processor has it (4 at a time, the
// same rounding as Go's conversion: to nearest, ties to even).
func Convert[D, S Float](dst []D, src []S) {
	dst = dst[:len(src)]
	i := 0
	if haveSIMD && len(src) >= 4 && Is32[D]() != Is32[S]() {
		if Is32[D]() {
			convert64to32AVX2(&as32(dst)[0], &as64(src)[0], len(src))
		} else {
			convert32to64AVX2(&as64(dst)[0], &as32(src)[0], len(src))
		}
		i = len(src) &^ 3
	}
	for ; i < len(src); i++ {
		dst[i] = D(src[i])
	}
}

// sigmoidExact returns σ(v) by the library exponential, for |v| > 708,
// where e^{−|v|} is below the range of ExpNeg.
func sigmoidExact(v float64) float64 {
	if v >= 0 {
		return 1 / (1 + math.Exp(-v))
	}
	e := math.Exp(v)
	return e / (1 + e)
}

// The loops below compute σ(v) = 1/(1+e^{−v}) in float64 as n/(1+e),
// e = e^{−|v|}, n = 1 for v ≥ 0 and n = e for v < 0 (no unpredictable
// branch), with ExpNegFast for float32 and ExpNeg for float64, and
// sigmoidExact beyond |v| > 708: rbm.SigmoidInPlace's formula, so the
// float64 results are its own. The body is written out in each loop so
// that the exponential is inlined (a call per element costs more than it).

// Sigmoid writes p_k ← σ(p_k + bias_k) for k < len(p) (bias nil: 0).
func Sigmoid[T Float](p, bias []T) {
	if haveSIMD {
		if Is32[T]() {
			sigmoid32(as32(p), as32(bias))
		} else {
			sigmoid64(as64(p), as64(bias))
		}
		return
	}
	sigmoidScalar(p, bias)
}

// sigmoidScalar is the portable Sigmoid.
func sigmoidScalar[T Float](p, bias []T) {
	fast := Is32[T]()
	if bias == nil {
		bias = p[:0]
	} else {
		bias = bias[:len(p)]
	}
	for k, x := range p {
		if len(bias) > 0 {
			x += bias[k]
		}
		v := float64(x)
		av := math.Abs(v)
		var e float64
		if fast {
			e = ExpNegFast(max(-av, -708))
		} else {
			e = ExpNeg(max(-av, -708))
		}
		sg := float64(math.Float64bits(v) >> 63) // 1 if v < 0 (or −0), else 0
		y := (sg*e + (1 - sg)) / (1 + e)
		if av > 708 {
			y = sigmoidExact(v)
		}
		p[k] = T(y)
	}
}

// Uniforms draws uniforms from [0, 1) for Bernoulli draws of precision T
// from one PCG stream: for float64 each comes from the top 53 bits of one
// output, u = ⌊r/2¹¹⌋·2⁻⁵³; for float32 each output gives two, its top and
// its low 32 bits each cut to 24 bits, u = ⌊r_half/2⁸⌋·2⁻²⁴ (exact in
// float32). Next returns the next one; the zero value holds no spare draw.
type Uniforms[T Float] struct {
	src   *rand.PCG
	spare uint64
	has   bool
}

// NewUniforms returns the uniforms of src.
func NewUniforms[T Float](src *rand.PCG) Uniforms[T] { return Uniforms[T]{src: src} }

// Next returns the next uniform.
func (u *Uniforms[T]) Next() T {
	if !Is32[T]() {
		return T(float64(u.src.Uint64()>>11) * 0x1p-53)
	}
	if u.has {
		u.has = false
		return T(float32(uint32(u.spare)>>8) * 0x1p-24)
	}
	r := u.src.Uint64()
	u.spare, u.has = r, true
	return T(float32(r>>40) * 0x1p-24)
}

// Fill writes the next len(dst) uniforms into dst, the ones len(dst)
// calls of Next would return, in a tight loop (Next is not inlined; the
// kernels draw their uniforms through Fill a chunk at a time), a long one
// with the source's state in registers (pcg.go).
func (u *Uniforms[T]) Fill(dst []T) {
	if len(dst) >= fastFill && u.fillPCG(dst) {
		return
	}
	if !Is32[T]() {
		for i := range dst {
			dst[i] = T(float64(u.src.Uint64()>>11) * 0x1p-53)
		}
		return
	}
	i := 0
	if u.has && len(dst) > 0 {
		dst[0] = T(float32(uint32(u.spare)>>8) * 0x1p-24)
		u.has = false
		i = 1
	}
	for ; i+1 < len(dst); i += 2 {
		r := u.src.Uint64()
		dst[i] = T(float32(r>>40) * 0x1p-24)
		dst[i+1] = T(float32(uint32(r)>>8) * 0x1p-24)
	}
	if i < len(dst) {
		r := u.src.Uint64()
		dst[i] = T(float32(r>>40) * 0x1p-24)
		u.spare, u.has = r, true
	}
}

// chunk is the number of uniforms the kernels draw at a time.
const chunk = 256

// smallChunk is the buffer of uniforms for rows of at most smallChunk
// elements: Go zeroes a buffer on the stack at every call, and for the
// rows of a small model (a few units) zeroing chunk elements cost more
// than the row's own work. The draws are the same (in order, one per
// element) whichever buffer holds them.
const smallChunk = 16

// Bernoulli writes s_k = 1 if a uniform from u is below p_k, else 0, for
// k < len(p), one uniform per element in order.
func Bernoulli[T Float](p, s []T, u *Uniforms[T]) {
	if len(p) <= smallChunk {
		var buf [smallChunk]T
		bernoulliWith(p, s, u, buf[:])
		return
	}
	var buf [chunk]T
	bernoulliWith(p, s, u, buf[:])
}

// bernoulliWith is Bernoulli drawing the uniforms len(buf) at a time into
// buf.
func bernoulliWith[T Float](p, s []T, u *Uniforms[T], buf []T) {
	s = s[:len(p)]
	for lo := 0; lo < len(p); lo += len(buf) {
		pc := p[lo:min(lo+len(buf), len(p))]
		sc, ub := s[lo:lo+len(pc)], buf[:len(pc)]
		u.Fill(ub)
		for k, q := range pc {
			var bit uint8 // set without a branch (a conditional move): the draws are unpredictable
			if ub[k] < q {
				bit = 1
			}
			sc[k] = T(bit)
		}
	}
}

// SigmoidBernoulli writes p_k ← σ(p_k + bias_k) and s_k ~ Bernoulli(p_k)
// for k < len(p), fused in one pass, one uniform from u per element in
// order: the results of Sigmoid followed by Bernoulli, bit for bit.
func SigmoidBernoulli[T Float](p, bias, s []T, u *Uniforms[T]) {
	fast := Is32[T]()
	if fast && haveSIMD {
		sigmoidBernoulli32(as32(p), as32(bias), as32(s), (*Uniforms[float32])(unsafe.Pointer(u)))
		return
	}
	if len(p) <= smallChunk {
		var buf [smallChunk]T
		sigmoidBernoulliWith(p, bias, s, u, buf[:])
		return
	}
	var buf [chunk]T
	sigmoidBernoulliWith(p, bias, s, u, buf[:])
}

// sigmoidBernoulliWith is SigmoidBernoulli's portable and float64 path,
// drawing the uniforms len(buf) at a time into buf.
func sigmoidBernoulliWith[T Float](p, bias, s []T, u *Uniforms[T], buf []T) {
	bias, s = bias[:len(p)], s[:len(p)]
	for lo := 0; lo < len(p); lo += len(buf) {
		pc := p[lo:min(lo+len(buf), len(p))]
		bc, sc, ub := bias[lo:lo+len(pc)], s[lo:lo+len(pc)], buf[:len(pc)]
		u.Fill(ub)
		sigmoidBernoulliDrawn(pc, bc, sc, ub)
	}
}

// sigmoidBernoulliDrawn is SigmoidBernoulli's portable and float64 step
// on pc with the uniforms ub already drawn (bc, sc and ub as long as pc).
func sigmoidBernoulliDrawn[T Float](pc, bc, sc, ub []T) {
	fast := Is32[T]()
	if !fast && haveSIMD && len(pc) >= 4 {
		// The AVX2 kernel, bit for bit the loop below, as far as it
		// goes (up to a group of 4 with an input beyond ±708); the
		// loop takes the rest.
		d := sigmoidBernoulli64AVX2(&as64(pc)[0], &as64(bc)[0], &as64(ub)[0], &as64(sc)[0], len(pc))
		pc, bc, sc, ub = pc[d:], bc[d:], sc[d:], ub[d:]
	}
	bc, sc, ub = bc[:len(pc)], sc[:len(pc)], ub[:len(pc)]
	for k, x := range pc {
		v := float64(x + bc[k])
		av := math.Abs(v)
		var e float64
		if fast {
			e = ExpNegFast(max(-av, -708))
		} else {
			e = ExpNeg(max(-av, -708))
		}
		sg := float64(math.Float64bits(v) >> 63)
		y := (sg*e + (1 - sg)) / (1 + e)
		if av > 708 {
			y = sigmoidExact(v)
		}
		q := T(y)
		pc[k] = q
		var bit uint8
		if ub[k] < q {
			bit = 1
		}
		sc[k] = T(bit)
	}
}

// as32 views x as []float32 (T must be float32).
func as32[T Float](x []T) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
}

// zeros32 is the bias of a float32 Sigmoid without one.
var zeros32 [chunk]float32

// sigmoid32 is Sigmoid in float32 through the AVX2 kernel: 8 elements at a
// time, and a last group of fewer than 8 through a buffer of 8, so that
// every element takes the same arithmetic.
func sigmoid32(p, bias []float32) {
	for lo := 0; lo < len(p); lo += chunk {
		pc := p[lo:min(lo+chunk, len(p))]
		bc := zeros32[:len(pc)]
		if bias != nil {
			bc = bias[lo : lo+len(pc)]
		}
		n8 := len(pc) &^ 7
		if n8 > 0 {
			sigmoidAVX2(&pc[0], &bc[0], n8)
		}
		if n8 < len(pc) {
			var tp, tb [8]float32
			copy(tp[:], pc[n8:])
			copy(tb[:], bc[n8:])
			sigmoidAVX2(&tp[0], &tb[0], 8)
			copy(pc[n8:], tp[:])
		}
	}
}

// sigmoidBernoulli32 is SigmoidBernoulli in float32 through the AVX2
// kernel, the uniforms drawn a chunk at a time in order (the draws of the
// portable path), a last group of fewer than 8 through buffers of 8.
func sigmoidBernoulli32(p, bias, s []float32, u *Uniforms[float32]) {
	if len(p) <= smallChunk {
		var ub [smallChunk]float32
		sigmoidBernoulli32With(p, bias, s, u, ub[:])
		return
	}
	var ub [chunk]float32
	sigmoidBernoulli32With(p, bias, s, u, ub[:])
}

// sigmoidBernoulli32With is sigmoidBernoulli32 drawing the uniforms
// len(ub) at a time into ub.
func sigmoidBernoulli32With(p, bias, s []float32, u *Uniforms[float32], ub []float32) {
	bias, s = bias[:len(p)], s[:len(p)]
	for lo := 0; lo < len(p); lo += len(ub) {
		pc := p[lo:min(lo+len(ub), len(p))]
		bc, sc, uc := bias[lo:lo+len(pc)], s[lo:lo+len(pc)], ub[:len(pc)]
		u.Fill(uc)
		sigmoidBernoulli32Drawn(pc, bc, sc, uc)
	}
}

// sigmoidBernoulli32Drawn is sigmoidBernoulli32's step with the uniforms
// uc already drawn (as long as pc, as are bc and sc): the AVX2 kernel 8 at
// a time, a last group of fewer than 8 through buffers of 8.
func sigmoidBernoulli32Drawn(pc, bc, sc, uc []float32) {
	n8 := len(pc) &^ 7
	if n8 > 0 {
		sigmoidBernoulliAVX2(&pc[0], &bc[0], &uc[0], &sc[0], n8)
	}
	if n8 < len(pc) {
		var tp, tb, tu, ts [8]float32
		copy(tp[:], pc[n8:])
		copy(tb[:], bc[n8:])
		copy(tu[:], uc[n8:])
		sigmoidBernoulliAVX2(&tp[0], &tb[0], &tu[0], &ts[0], 8)
		copy(pc[n8:], tp[:])
		copy(sc[n8:], ts[:])
	}
}

// as64 views x as []float64 (T must be float64).
func as64[T Float](x []T) []float64 {
	return unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(x))), len(x))
}

// zeros64 is the bias of a float64 Sigmoid without one.
var zeros64 [chunk]float64

// sigmoid64 is Sigmoid in float64 through the AVX2 kernel, bit for bit
// the portable results: groups of 4 in the kernel, and by the portable
// loop a last group of fewer than 4 and any group of 4 with an input
// beyond ±708 (where the kernel stops).
func sigmoid64(p, bias []float64) {
	for lo := 0; lo < len(p); {
		hi := min(lo+chunk, len(p))
		pc := p[lo:hi]
		var bc []float64
		if bias != nil {
			bc = bias[lo:hi]
		}
		d := 0
		if len(pc) >= 4 {
			b := bc
			if b == nil {
				b = zeros64[:len(pc)]
			}
			d = sigmoid64AVX2(&pc[0], &b[0], len(pc))
		}
		e := len(pc)
		if d < len(pc)&^3 {
			e = d + 4 // the group the kernel stopped at
		}
		if bc != nil {
			sigmoidScalar(pc[d:e], bc[d:e])
		} else {
			sigmoidScalar(pc[d:e], nil)
		}
		lo += e
	}
}
