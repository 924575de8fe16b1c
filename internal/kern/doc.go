// Package kern holds the element-wise and matrix kernels of the binary RBM
// hot paths, written once as generic functions over the two precisions,
// float64 and float32 (see docs/precision.md):
//
//   - Gemm1, a matrix product through gonum's blas64 or blas32 (OpenBLAS's
//     dgemm or sgemm with the build tag openblas, on one thread, see
//     internal/openblas); Gemm, the same split into one band of rows per
//     core (the learners' products, whose last bits then depend on the
//     number of cores); Bands, the number of bands the samplers split their
//     chains into, which depends on the chains alone (gemm.go); under
//     gonum's BLAS, Gemm1 computes the small products of small models
//     itself, by AVX2 kernels with gonum's results bit for bit (small.go);
//     a product whose left factor holds only zeros and ones (the states of
//     a binary RBM) is a sum of the rows that the ones pick, done in
//     gonum's order by AVX2 kernels (binary.go); Transpose, the copy
//     Wᵀ through which the samplers' back products H·Wᵀ become such sums,
//     and BackProduct, H·Wᵀ through it when there is one (transpose.go);
//     GonumBLAS, whether gonum's BLAS is the one in use;
//   - Sigmoid, Bernoulli and SigmoidBernoulli, the element-wise work of a
//     half-step of block Gibbs sampling: p ← σ(x + bias) and
//     s ~ Bernoulli(p), fused over a row so that p is read once; their
//     block forms (SigmoidRows, SigmoidBernoulliRows, BernoulliRows,
//     FlipRows, TemperedRows), which run the short rows of a block of
//     chains as one vector with the same draws (rows.go);
//   - ExpNeg and ExpNegFast, in-line exponentials of z ≤ 0.
//
// The package is internal so that the generic functions stay out of the
// exported API of lib (the interpreter, yaegi, cannot instantiate compiled
// generics); lib's exported types choose the instantiation.
//
// The portable code computes the sigmoid in float64 in both precisions
// (Go compiles scalar code, in which float32 is no faster) and rounds the
// result to T, with ExpNeg for float64 (a few ulps) and ExpNegFast for
// float32 (relative error below 10⁻¹⁰, far below float32's rounding of
// 2⁻²⁴). On amd64 processors with AVX2 and FMA, Sigmoid and
// SigmoidBernoulli run in assembly instead (simd_amd64.s), drawing the
// same uniforms: float32 8 lanes at a time in float32 throughout, within
// 6·2⁻²⁴ of σ (TestSigmoid derives the bound); float64 4 lanes at a time
// with ExpNeg's operations in ExpNeg's order, bit for bit the portable
// results (TestFloat64SIMDBitForBit). The build tag purego keeps the
// portable path. The precisions also differ in the uniforms of the Bernoulli draws: float64 takes the top 53 bits of one
// PCG output per draw, float32 two draws of 24 bits from each output, which
// halves the generator's work. A draw s = [u < p] with a uniform u of b bits
// has P(s = 1) = ⌈p·2^b⌉/2^b, within 2^−b of p.
package kern
