//go:build !amd64 || purego

package kern

// Without amd64 assembly the float32 kernels run the portable Go code.
var haveSIMD, simdOK = false, false

func sigmoidAVX2(p, bias *float32, n int) { panic("kern: no AVX2 kernel in this build") }

func sigmoidBernoulliAVX2(p, bias, u, s *float32, n int) {
	panic("kern: no AVX2 kernel in this build")
}

func sigmoid64AVX2(p, bias *float64, n int) int { panic("kern: no AVX2 kernel in this build") }

func sigmoidBernoulli64AVX2(p, bias, u, s *float64, n int) int {
	panic("kern: no AVX2 kernel in this build")
}

func convert64to32AVX2(dst *float32, src *float64, n int) {
	panic("kern: no AVX2 kernel in this build")
}

func convert32to64AVX2(dst *float64, src *float32, n int) {
	panic("kern: no AVX2 kernel in this build")
}

func momentum32AVX2(th, v *float64, grad, t32 *float32, n int, rate, mom, wd float64) {
	panic("kern: no AVX2 kernel in this build")
}

func momentum64AVX2(th, v, grad *float64, n int, rate, mom, wd float64) {
	panic("kern: no AVX2 kernel in this build")
}

func addScaled32AVX2(dst *float64, f float64, x *float32, n int) {
	panic("kern: no AVX2 kernel in this build")
}

func addScaled64AVX2(dst *float64, f float64, x *float64, n int) {
	panic("kern: no AVX2 kernel in this build")
}

func flip64AVX2(p, u, s *float64, n int) { panic("kern: no AVX2 kernel in this build") }

func softplus64AVX2(y *float64, n int, lin, prod *[4]float64) int {
	panic("kern: no AVX2 kernel in this build")
}

func softplusShift64AVX2(a, y *float64, n int, lin, prod *[4]float64) int {
	panic("kern: no AVX2 kernel in this build")
}

func nn16AVX2(a, b, c *float64, m, k, lda, ldb, ldc int) {
	panic("kern: no AVX2 kernel in this build")
}

func nn4AVX2(a, b, c *float64, m, k, lda, ldb, ldc int) {
	panic("kern: no AVX2 kernel in this build")
}

func ntAVX2(a, b, c *float64, m, n, k, lda, ldb, ldc int) {
	panic("kern: no AVX2 kernel in this build")
}

func nn16s32AVX2(a, b, c *float32, m, k, lda, ldb, ldc int) {
	panic("kern: no AVX2 kernel in this build")
}

func nn8s32AVX2(a, b, c *float32, m, k, lda, ldb, ldc int) {
	panic("kern: no AVX2 kernel in this build")
}

func flip32AVX2(p, u, s *float32, n int) { panic("kern: no AVX2 kernel in this build") }

func binRows32x8(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows32x4(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows32x2(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows32x1(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows64x8(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows64x4(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows64x2(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows64x1(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func ones32(a *float32, n, base int, idx *int32, table *[256][8]int32) int {
	panic("kern: no AVX2 kernel in this build")
}

func ones64(a *float64, n, base int, idx *int32, table *[256][8]int32) int {
	panic("kern: no AVX2 kernel in this build")
}

func binRows32m(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32, mask *int32) {
	panic("kern: no AVX2 kernel in this build")
}

func binRows64m(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64, mask *int32) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum32x8(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum32x4(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum32x2(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum32x1(idx, pos *int32, ps, rows int, b *float32, ldb int, c *float32, ldc, lo int, alpha float32) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum64x8(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum64x4(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum64x2(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}

func binSum64x1(idx, pos *int32, ps, rows int, b *float64, ldb int, c *float64, ldc, lo int, alpha float64) {
	panic("kern: no AVX2 kernel in this build")
}
