package kern

// The back product of a block Gibbs step, H·Wᵀ, has the binary states on
// the left of a transposed W: a binary product (binary.go) needs the rows
// of its right factor, which Wᵀ's are not. With a copy of Wᵀ kept beside W
// the product is H·(Wᵀ), a sum of rows, as fast as V·W (docs/precision.md,
// "The transposed copy"). Transpose makes such a copy.

// transposeTile is the side of the square tiles Transpose copies at a
// time, a column of the tile to a row of dst: 32 rows of 32 elements (4 or
// 8 KiB) stay in the first-level cache while their columns are read. On a
// 784×500 float32 W it took 0.39 ms against 0.54 with tiles of 16 and
// 0.58 with 64 (BenchmarkTranspose, one core).
const transposeTile = 32

// Transpose writes dst = srcᵀ: dst_ji = src_ij for i < src.Rows,
// j < src.Cols. dst must be src.Cols × src.Rows; it panics otherwise, as
// the BLAS does on mismatched shapes.
func Transpose[T Float](dst, src General[T]) {
	if dst.Rows != src.Cols || dst.Cols != src.Rows {
		panic("kern: Transpose: mismatched shapes")
	}
	for i0 := 0; i0 < src.Rows; i0 += transposeTile {
		i1 := min(i0+transposeTile, src.Rows)
		for j0 := 0; j0 < src.Cols; j0 += transposeTile {
			j1 := min(j0+transposeTile, src.Cols)
			for j := j0; j < j1; j++ {
				d := dst.Data[j*dst.Stride+i0 : j*dst.Stride+i1]
				s := src.Data[i0*src.Stride+j:]
				for k := range d {
					d[k] = s[k*src.Stride]
				}
			}
		}
	}
}

// BackProduct writes dst = x·Wᵀ as one single-threaded product (Gemm1):
// through wt = Wᵀ when it has rows (a copy kept beside w, see
// params32.Transposed), where a binary x makes the product a sum of wt's
// rows, else through w.
func BackProduct[T Float](x, w, wt, dst General[T]) {
	if wt.Rows > 0 {
		Gemm1(false, false, 1, x, wt, 0, dst)
		return
	}
	Gemm1(false, true, 1, x, w, 0, dst)
}

// GonumBLAS reports whether gonum's own BLAS (not OpenBLAS, see
// internal/openblas) computes the products of T. Under it the samplers'
// products are gonum's bit for bit, and the samplers keep to the products
// gonum computes (no transposed copy).
func GonumBLAS[T Float]() bool { return gonumBLAS[T]() }
