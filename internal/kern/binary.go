package kern

import (
	"sync"
	"unsafe"

	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

//go:generate go run ./internal/genbinary -o binary_amd64.s

// The states of a binary RBM's units are 0 or 1, and most products of the
// samplers and learners have such a left factor: V·W (the hidden units'
// inputs from the visible states) and the gradient's VᵀP. A row of such a
// product is a sum of the rows of b that the ones of a's row pick,
//
//	c_i = β·c_i + Σ_{l : a_il = 1} α·b_l,
//
// which costs a fraction of a general product when the states are sparse
// (MNIST's digits are 13 % ones) and needs no multiplication when α = 1.
// Gemm1 computes a product this way (binaryProduct) when every element of
// a is exactly 0 or 1 and the product is large (m·n·k ≥ minBinaryWork), in
// gonum's operations and order: c is scaled by β first (set to 0 when
// β = 0), then each term fl(α·b_lj) is added to c_ij in increasing l, each
// product and sum rounded once in the precision of the product. That is
// what gonum's dgemm and sgemm do for a·b and aᵀ·b (an axpy of row l of b
// for each nonzero a_il), so under gonum's BLAS the results are gonum's bit
// for bit (TestBinaryProductIsGonums), and the samplers' chains stay those
// of their seeds. Under OpenBLAS, whose products sum in an order of their
// own, the last bits differ from OpenBLAS's; the binary product is then
// used only when at most binaryShare of a's elements are ones or c has at
// most fewRows rows, where it is the faster (BenchmarkBinaryProduct).
//
// The work goes in blocks that keep the rows of b being summed in the
// first-level cache: binaryChunk rows of b at a time (each row's list of
// ones split at the chunks' edges), 256 bytes of columns at a time (8 AVX2
// registers of sums per row of c), every row of c through one chunk and
// block before the next; when a row of b is read packReads times or more
// on average, each block of b's rows is first copied side by side into a
// buffer (the rows of b, a stride apart, sit in the cache worse). The sums of a row of
// c stay in order of l across chunks because each chunk adds to what the
// one before left in c.

// minBinaryWork is the least m·n·k for which Gemm1 looks for a binary
// left factor: below it a product is too small for the lists to pay (and
// the small models' products keep their own kernels, small.go).
const minBinaryWork = 1 << 18

// binaryChunk is the number of rows of b whose block of columns is summed
// at a time: 96 rows of 256 bytes, 24 KiB, within a 32 KiB first-level
// cache beside the lists and the row of c.
const binaryChunk = 96

// fewRows is the most rows of c for which the binary product is taken at
// any share of ones: a BLAS reads all of b for them, the binary product
// only the rows it sums (one row of a 784×500 product at 70 % ones: 16 µs
// against OpenBLAS's 26, float32; BenchmarkBinaryProduct/…/oneVW).
const fewRows = 4

// packReads is the least number of times a row of b is read, on
// average, for which binaryProduct copies the blocks of b's rows.
const packReads = 25

// binaryShare is, under a BLAS other than gonum's, the largest fraction of
// ones in a for which Gemm1 takes the binary product, for more than
// fewRows rows.
var binaryShare = 0.6

// binaryLists holds the lists of a binary product: for row i of c, the
// positions l of the ones of row i of op(a), in idx[pos[i·ps+ch]] …
// idx[pos[i·ps+ch+1]−1] for chunk ch (l in [ch, ch+1)·binaryChunk).
type binaryLists struct {
	idx, pos []int32
	row      []int32   // one row's ones, for aᵀ·b
	pack     []float64 // a block of b's rows, side by side (sumRows)
	packed   bool      // whether sumRows copies the blocks into pack
	ps       int       // chunks + 1
	ones     int       // the number of ones in a
}

var binaryPool = sync.Pool{New: func() any { return new(binaryLists) }}

// grow returns s with length n, reusing its storage when it can.
func grow(s []int32, n int) []int32 {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]int32, n)
}

// binaryProduct computes c = α·op(a)·b + β·c as described above and
// reports true, when a holds only zeros and ones, the product is large
// and (under a BLAS other than gonum's) a is sparse enough; otherwise it
// leaves c as it was and reports false. The shapes are checked by the
// caller's BLAS when it reports false.
func binaryProduct[T Float](transA bool, alpha T, a, b General[T], beta T, c General[T]) bool {
	m, n, k := c.Rows, c.Cols, a.Cols
	if transA {
		k = a.Rows
	}
	if alpha == 0 || m*n*k < minBinaryWork || b.Rows != k || b.Cols != n ||
		transA && a.Cols != m || !transA && a.Rows != m {
		return false
	}
	l := binaryPool.Get().(*binaryLists)
	defer binaryPool.Put(l)
	if !listOnes(l, transA, a, m, k) {
		return false
	}
	if !gonumBLAS[T]() && m > fewRows && float64(l.ones) > binaryShare*float64(m*k) {
		return false
	}
	// A copy of a block of b pays when its rows are read often: with 100
	// rows of c, at 13 % ones (a row of b read 13 times on average) it was
	// slower, at 30 % (30 times) faster (BenchmarkBinaryProduct).
	l.packed = l.ones >= packReads*k
	scaleRows(c, beta)
	for ch := 0; ch+1 < l.ps; ch++ {
		sumRows(l, ch, alpha, b, c)
	}
	return true
}

// gonumBLAS reports whether gonum's own BLAS computes products of T.
func gonumBLAS[T Float]() bool {
	if Is32[T]() {
		_, ok := blas32.Implementation().(gonum.Implementation)
		return ok
	}
	_, ok := blas64.Implementation().(gonum.Implementation)
	return ok
}

// scaleRows sets c = β·c as gonum's Gemm does first: zeros when β = 0,
// nothing when β = 1.
func scaleRows[T Float](c General[T], beta T) {
	if beta == 1 {
		return
	}
	for i := 0; i < c.Rows; i++ {
		r := c.Row(i)
		if beta == 0 {
			clear(r)
			continue
		}
		for j := range r {
			r[j] *= beta
		}
	}
}

// listOnes makes l's lists of op(a) (m×k, op(a) = aᵀ when transA is set)
// and reports whether a holds only zeros and ones.
func listOnes[T Float](l *binaryLists, transA bool, a General[T], m, k int) bool {
	chunks := (k + binaryChunk - 1) / binaryChunk
	l.ps = chunks + 1
	l.idx = grow(l.idx, m*k+scanSlack)
	l.pos = grow(l.pos, m*l.ps)
	l.ones = 0
	if !transA {
		for i := 0; i < m; i++ {
			row, at := a.Row(i), i*k
			for ch := 0; ch < chunks; ch++ {
				l.pos[i*l.ps+ch] = int32(at)
				lo, hi := ch*binaryChunk, min(k, (ch+1)*binaryChunk)
				got := ones(row[lo:hi], lo, l.idx[at:])
				if got < 0 {
					return false
				}
				at += got
			}
			l.pos[i*l.ps+chunks] = int32(at)
			l.ones += at - i*k
		}
		return true
	}
	// Row i of aᵀ is column i of a: its list is made in increasing l by
	// going down a's rows, and starts at idx[i·k]; pos[i·ps+chunks] counts
	// its length meanwhile.
	l.row = grow(l.row, m+scanSlack)
	end := l.pos
	for i := 0; i < m; i++ {
		end[i*l.ps+chunks] = int32(i * k)
	}
	for r := 0; r < k; r++ {
		got := ones(a.Row(r), 0, l.row)
		if got < 0 {
			return false
		}
		for _, i := range l.row[:got] {
			e := &end[int(i)*l.ps+chunks]
			l.idx[*e] = int32(r)
			*e++
		}
		l.ones += got
	}
	for i := 0; i < m; i++ {
		p, e := int32(i*k), end[i*l.ps+chunks]
		for ch := 0; ch < chunks; ch++ {
			l.pos[i*l.ps+ch] = p
			lim := int32((ch + 1) * binaryChunk)
			for p < e && l.idx[p] < lim {
				p++
			}
		}
	}
	return true
}

// packed is the table of the AVX2 scan (ones32, ones64): row m holds the
// positions of the set bits of m in increasing order, packed to the left.
var packed = func() (t [256][8]int32) {
	for m := range t {
		n := 0
		for j := 0; j < 8; j++ {
			if m&(1<<j) != 0 {
				t[m][n] = int32(j)
				n++
			}
		}
	}
	return t
}()

// scanSlack is how many elements of dst past its last one the AVX2 scan
// may write.
const scanSlack = 8

// ones writes base+j to dst, in order, for each j with x_j = 1 and returns
// how many it wrote, or −1 if some x_j is neither 0 (or −0) nor 1. dst
// has room for len(x) + scanSlack elements; those past the count may be
// overwritten.
func ones[T Float](x []T, base int, dst []int32) int {
	n, j := 0, 0
	if haveSIMD {
		lanes := 8
		if !Is32[T]() {
			lanes = 4
		}
		if j = len(x) / lanes * lanes; j > 0 {
			_ = dst[j+scanSlack-1] // the kernel's stores stay within dst
			if Is32[T]() {
				n = ones32(&as32(x)[0], j, base, &dst[0], &packed)
			} else {
				n = ones64(&as64(x)[0], j, base, &dst[0], &packed)
			}
			if n < 0 {
				return -1
			}
		}
	}
	for ; j < len(x); j++ {
		switch x[j] {
		case 0:
		case 1:
			dst[n] = int32(base + j)
			n++
		default:
			return -1
		}
	}
	return n
}

// sumRows adds the terms of chunk ch to c: c_ij += fl(α·b_lj) for the
// listed l of row i in the chunk, in order. With AVX2 and l.packed, each
// block of columns of the chunk's rows of b is first copied into l.pack,
// rows of 256 bytes side by side, which the kernel reads from the
// first-level cache for every row of c (the rows of b, a stride apart, fit
// it worse).
func sumRows[T Float](l *binaryLists, ch int, alpha T, b, c General[T]) {
	n, j := c.Cols, 0
	if !haveSIMD {
		for i := 0; i < c.Rows; i++ {
			cr := c.Row(i)
			for _, r := range l.idx[l.pos[i*l.ps+ch]:l.pos[i*l.ps+ch+1]] {
				br := b.Row(int(r))
				for t := range cr {
					cr[t] += T(alpha * br[t]) // rounded before the sum (no fused multiply-add)
				}
			}
		}
		return
	}
	lanes := 8
	if !Is32[T]() {
		lanes = 4
	}
	lo, hi := ch*binaryChunk, min(b.Rows, (ch+1)*binaryChunk)
	wide := 8 * lanes // the elements of a packed row
	if cap(l.pack) < binaryChunk*32 {
		l.pack = make([]float64, binaryChunk*32)
	}
	pack := unsafe.Slice((*T)(unsafe.Pointer(&l.pack[0])), binaryChunk*wide)
	for _, w := range [...]int{8, 4, 2, 1, 0} {
		for j < n {
			cols := w * lanes
			if w == 0 {
				cols = n - j
			} else if j+cols > n {
				break
			}
			if l.packed {
				for r := lo; r < hi; r++ {
					copy(pack[(r-lo)*wide:(r-lo)*wide+cols], b.Data[r*b.Stride+j:r*b.Stride+j+cols])
				}
				binRows(w, l, ch, alpha, pack, wide, lo, c, j)
			} else {
				binRows(w, l, ch, alpha, b.Data[j:], b.Stride, 0, c, j)
			}
			j += cols
		}
	}
}

// tailMask holds the masks of the last register of a row: lanes r < t of
// &tailMask[8−t] are −1 (taken), the rest 0.
var tailMask = [16]int32{-1, -1, -1, -1, -1, -1, -1, -1}

// binRows runs the AVX2 kernel of width w registers on the columns from j
// of every row of c, or, for w = 0, the masked kernel on the fewer than a
// register's columns from j to the end of the rows, with the rows of b
// from lo at b, a stride ldb apart.
func binRows[T Float](w int, l *binaryLists, ch int, alpha T, b []T, ldb, lo int, c General[T], j int) {
	idx, pos := &l.idx[0], &l.pos[ch]
	if Is32[T]() {
		bp, cp, al := &as32(b)[0], &as32(c.Data)[j], *(*float32)(unsafe.Pointer(&alpha))
		if w == 0 {
			binRows32m(idx, pos, l.ps, c.Rows, bp, ldb, cp, c.Stride, lo, al, &tailMask[8-(c.Cols-j)])
			return
		}
		if al == 1 {
			sums32[w](idx, pos, l.ps, c.Rows, bp, ldb, cp, c.Stride, lo, al)
			return
		}
		rows32[w](idx, pos, l.ps, c.Rows, bp, ldb, cp, c.Stride, lo, al)
		return
	}
	bp, cp, al := &as64(b)[0], &as64(c.Data)[j], *(*float64)(unsafe.Pointer(&alpha))
	if w == 0 {
		// a float64 lane is two of float32's
		binRows64m(idx, pos, l.ps, c.Rows, bp, ldb, cp, c.Stride, lo, al, &tailMask[8-2*(c.Cols-j)])
		return
	}
	if al == 1 {
		sums64[w](idx, pos, l.ps, c.Rows, bp, ldb, cp, c.Stride, lo, al)
		return
	}
	rows64[w](idx, pos, l.ps, c.Rows, bp, ldb, cp, c.Stride, lo, al)
}

// rows32 and rows64 are the kernels of binRows by their width in
// registers (1, 2, 4 or 8); sums32 and sums64 the same for α = 1, which
// add each row without multiplying it (fl(1·b) = b: the same sums).
var (
	sums32 = [9]func(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32){
		1: binSum32x1, 2: binSum32x2, 4: binSum32x4, 8: binSum32x8,
	}
	sums64 = [9]func(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64){
		1: binSum64x1, 2: binSum64x2, 4: binSum64x4, 8: binSum64x8,
	}
	rows32 = [9]func(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32){
		1: binRows32x1, 2: binRows32x2, 4: binRows32x4, 8: binRows32x8,
	}
	rows64 = [9]func(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64){
		1: binRows64x1, 2: binRows64x2, 4: binRows64x4, 8: binRows64x8,
	}
)
