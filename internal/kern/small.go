package kern

import (
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// The products of a small model's steps (100 chains of 16 units: 100×16
// by 16×16, and 100×16 by (16×16)ᵀ) are too small for a BLAS call to pay:
// gonum's spends most of its time in one call of an SSE2 loop per row and
// inner index (a·b) or per element (a·bᵀ). When gonum's BLAS is in use and
// the processor has AVX2, Gemm1 computes products c = a·b (float64 and
// float32) and c = a·bᵀ (float64) of up to smallCols columns by AVX2
// kernels (small_amd64.s) that do gonum's operations in gonum's order, so
// that the results are gonum's bit for bit (the samplers' chains stay
// those of a seed):
//
//   - a·b (dgemmSerialNotNot, sgemmSerialNotNot): c_i = 0, then for
//     l = 1…k in order, unless a_il = 0, c_ij += fl(a_il·b_lj) (a
//     multiplication and an addition, each rounded in the precision of
//     the product, as gonum's AxpyUnitary).
//   - a·bᵀ (dgemmSerialNotTrans): c_ij = 0 + dot(a_i, b_j), the dot
//     product of gonum's DotUnitary: four partial sums s_r over the
//     indices l ≡ r (mod 4) below k rounded down to a multiple of 4, the
//     rest added to s_0 in order, and (s_0 + s_2) + (s_1 + s_3).
//
// Gonum splits the inner index into blocks of 64 (blockSize) when it
// spreads a product over goroutines, which changes the sums of a·bᵀ, so
// a·bᵀ is done here only for k ≤ 64, where that split is none (a·b's sums
// run in order of l either way). Gonum's float32 dot product sums in an
// order that depends on the alignment of its operands, so float32 a·bᵀ
// goes to the BLAS, as does every product under OpenBLAS, whose order is
// its own.

// smallCols is the most columns of c that Gemm1 computes itself.
const smallCols = 32

// gemmSmall computes c = a·b, or c = a·bᵀ if transB is set, as gonum does
// (see above), and reports true, when the product is small, the shapes
// fit, gonum's BLAS is in use and the processor has AVX2 (and, for
// float32, transB is not set); otherwise it does nothing and reports
// false.
func gemmSmall[T Float](transB bool, a, b, c General[T]) bool {
	if !haveSIMD || c.Cols > smallCols || c.Rows == 0 || c.Cols == 0 || a.Rows != c.Rows || Is32[T]() && transB {
		return false
	}
	if k := a.Cols; transB && (b.Cols != k || b.Rows != c.Cols) || !transB && (b.Rows != k || b.Cols != c.Cols) {
		return false // (the BLAS reports the mismatch)
	}
	if Is32[T]() {
		if _, ok := blas32.Implementation().(gonum.Implementation); !ok {
			return false
		}
		smallProduct32(g32(a), g32(b), g32(c))
		return true
	}
	if _, ok := blas64.Implementation().(gonum.Implementation); !ok {
		return false
	}
	return smallProduct(transB, g64(a), g64(b), g64(c))
}

// smallProduct32 is gemmSmall's float32 c = a·b whichever BLAS is in use
// (shapes checked, AVX2 present).
func smallProduct32(a, b, c blas32.General) {
	m, n, k := c.Rows, c.Cols, a.Cols
	if k == 0 {
		for i := 0; i < m; i++ {
			clear(c.Data[i*c.Stride : i*c.Stride+n])
		}
		return
	}
	j := 0
	for ; j+16 <= n; j += 16 {
		nn16s32AVX2(&a.Data[0], &b.Data[j], &c.Data[j], m, k, a.Stride, b.Stride, c.Stride)
	}
	for ; j+8 <= n; j += 8 {
		nn8s32AVX2(&a.Data[0], &b.Data[j], &c.Data[j], m, k, a.Stride, b.Stride, c.Stride)
	}
	// The last columns (fewer than 8), by the same operations.
	productTail(general(a.Rows, a.Cols, a.Stride, a.Data), general(b.Rows, b.Cols, b.Stride, b.Data), general(c.Rows, c.Cols, c.Stride, c.Data), j)
}

// smallProduct is gemmSmall's product whichever BLAS is in use (shapes
// checked, AVX2 present); it reports false for a·bᵀ with k > 64.
func smallProduct(transB bool, a, b, c blas64.General) bool {
	m, n, k := c.Rows, c.Cols, a.Cols
	if transB && k > 64 {
		return false
	}
	if k == 0 {
		for i := 0; i < m; i++ {
			clear(c.Data[i*c.Stride : i*c.Stride+n])
		}
		return true
	}
	if transB {
		ntAVX2(&a.Data[0], &b.Data[0], &c.Data[0], m, n, k, a.Stride, b.Stride, c.Stride)
		return true
	}
	j := 0
	for ; j+16 <= n; j += 16 {
		nn16AVX2(&a.Data[0], &b.Data[j], &c.Data[j], m, k, a.Stride, b.Stride, c.Stride)
	}
	for ; j+4 <= n; j += 4 {
		nn4AVX2(&a.Data[0], &b.Data[j], &c.Data[j], m, k, a.Stride, b.Stride, c.Stride)
	}
	// The last columns (fewer than 4), by the same operations.
	productTail(general(a.Rows, a.Cols, a.Stride, a.Data), general(b.Rows, b.Cols, b.Stride, b.Data), general(c.Rows, c.Cols, c.Stride, c.Data), j)
	return true
}

// general returns the General of a BLAS matrix's fields.
func general[T Float](rows, cols, stride int, data []T) General[T] {
	return General[T]{Rows: rows, Cols: cols, Stride: stride, Data: data}
}

// productTail computes the columns j, j+1, … of c = a·b by gonum's
// operations (a·b above): the columns after the last a kernel takes.
func productTail[T Float](a, b, c General[T], j int) {
	for i := 0; i < c.Rows; i++ {
		cr := c.Data[i*c.Stride+j : i*c.Stride+c.Cols]
		clear(cr)
		for l, v := range a.Data[i*a.Stride : i*a.Stride+a.Cols] {
			if v == 0 {
				continue
			}
			for q, x := range b.Data[l*b.Stride+j : l*b.Stride+c.Cols] {
				cr[q] += T(v * x) // (the conversion keeps the product rounded: no fused multiply-add)
			}
		}
	}
}
