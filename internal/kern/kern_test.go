package kern_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestExpNeg compares ExpNeg with math.Exp (within 1 ulp) over [-708, 0]:
// the table entry, the polynomial and the final product each add an
// error of about 1 ulp; we allow 4 ulps (9e-16 relative).
func TestExpNeg(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 300000; i++ {
		z := -708 * rng.Float64()
		if i%2 == 0 {
			z = -rng.Float64()
		}
		got, want := kern.ExpNeg(z), math.Exp(z)
		if math.Abs(got-want) > 9e-16*want {
			t.Fatalf("ExpNeg(%v) = %v, math.Exp %v", z, got, want)
		}
	}
	if kern.ExpNeg(0) != 1 {
		t.Errorf("ExpNeg(0) = %v", kern.ExpNeg(0))
	}
}

// TestExpNegFast measures ExpNegFast's largest relative error against
// math.Exp over the range the sigmoids use, [−708, 0] (and [−104, 0], where
// float32 results are not zero), and asserts the bound of its doc comment,
// 10⁻¹⁰: the Taylor remainder r⁴/24 ≤ 3.6·10⁻¹¹ plus a few float64 ulps
// (measured: 3.6·10⁻¹¹).
func TestExpNegFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	worst := 0.0
	for i := range 400000 {
		z := -708 * rng.Float64()
		if i%2 == 0 {
			z = -104 * rng.Float64()
		}
		got, want := kern.ExpNegFast(z), math.Exp(z)
		worst = max(worst, math.Abs(got-want)/want)
	}
	t.Logf("ExpNegFast: largest relative error %.3g (bound 1e-10)", worst)
	if worst > 1e-10 {
		t.Errorf("ExpNegFast: relative error %.3g above 1e-10", worst)
	}
	if kern.ExpNegFast(0) != 1 {
		t.Errorf("ExpNegFast(0) = %v", kern.ExpNegFast(0))
	}
}

// TestSigmoid checks that the float64 Sigmoid is the formula of its doc
// comment bit for bit (sigmoidFormula; rbm.SigmoidInPlace is this
// Sigmoid, and the float64 samplers keep their draws), and the float32 one is
// within its bound of σ(float32(x)) (relative, plus 2⁻¹²⁶ absolute below
// float32's normal range, σ < 2⁻¹²⁶, x < −87.3, where it may give 0):
//
//   - the portable path, σ in float64 rounded once to float32: 2 float32
//     ulps, 2⁻²³;
//   - the AVX2 path (simd_amd64.s), in float32 throughout: e^{−|x|} is
//     2^k·e^r with r exact to one rounding (2⁻²⁵·ln2/2 absolute), e^r by
//     Horner's rule over its Taylor polynomial of degree 7 (remainder
//     5.2·10⁻⁹ ≈ 0.09·2⁻²⁴; each fused step rounds once, the last two
//     contribute 2⁻²⁴ and 0.35·2⁻²⁴, the earlier ones less), so e is within
//     2·2⁻²⁴; then 1 + e (2⁻²⁴, and e's error halved) and the division
//     (2⁻²⁴), and for x < 0 the numerator e (2·2⁻²⁴): 6·2⁻²⁴ in all.
//
// Both are checked, the AVX2 path where the processor has it.
// sigmoidFormula is σ(v) = n/(1+e), e = e^{−|v|} by kern.ExpNeg, n = 1
// for v ≥ 0 (sign bit clear) and n = e otherwise, and rbm.Sigmoid beyond
// |v| > 708, one element at a time.
func sigmoidFormula(v float64) float64 {
	av := math.Abs(v)
	e := kern.ExpNeg(max(-av, -708))
	s := float64(math.Float64bits(v) >> 63)
	if av > 708 {
		return rbm.Sigmoid(v)
	}
	return (s*e + (1 - s)) / (1 + e)
}

func TestSigmoid(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	x := []float64{0, math.Copysign(0, -1), 708, -708, 709, -709, 800, -800, 80, -80, 87.3, -87.3, 87.34, -87.34, 87.4, -87.4, 104, -104, math.Inf(1), math.Inf(-1)}
	for range 100000 {
		x = append(x, 30*rng.NormFloat64(), 3*rng.NormFloat64())
	}
	for _, f := range []struct {
		name string
		sig  func([]float64)
	}{{"kern.Sigmoid", func(x []float64) { kern.Sigmoid(x, nil) }}, {"rbm.SigmoidInPlace", rbm.SigmoidInPlace}} {
		got := append([]float64(nil), x...)
		f.sig(got)
		for i := range x {
			if want := sigmoidFormula(x[i]); math.Float64bits(got[i]) != math.Float64bits(want) {
				t.Fatalf("%s(%v) = %v, the formula %v", f.name, x[i], got[i], want)
			}
		}
	}
	defer kern.SetSIMD(kern.SetSIMD(false))
	for _, simd := range []bool{false, true} {
		if kern.SetSIMD(simd); simd && !kern.SetSIMD(true) {
			t.Log("no AVX2 and FMA: the AVX2 path is not checked")
			continue
		}
		bound := 0x1p-23
		if simd {
			bound = 6 * 0x1p-24
		}
		x32 := make([]float32, len(x))
		kern.Convert(x32, x)
		kern.Sigmoid(x32, nil)
		worst := 0.0
		for i := range x {
			w := rbm.Sigmoid(float64(float32(x[i])))
			d := math.Abs(float64(x32[i]) - w)
			if w > 0x1p-126 {
				worst = max(worst, d/w)
			}
			if d > bound*w+0x1p-126 {
				t.Fatalf("Sigmoid[float32](%v) (AVX2 %v) = %v, want %v", x[i], simd, x32[i], w)
			}
		}
		t.Logf("float32 Sigmoid, AVX2 %v: largest relative error %.3g = %.2f·2⁻²⁴ (bound %.2f·2⁻²⁴)", simd, worst, worst*0x1p24, bound*0x1p24)
	}
}

// TestSigmoidBernoulliFused checks that the fused kernel gives Sigmoid
// followed by Bernoulli bit for bit, in both precisions, and in float32
// on both paths (portable and AVX2, where the processor has it); the
// length, 1001, leaves a last group of fewer than 8 elements.
func TestSigmoidBernoulliFused(t *testing.T) {
	fused[float64](t)
	defer kern.SetSIMD(kern.SetSIMD(false))
	fused[float32](t)
	kern.SetSIMD(true)
	fused[float32](t)
}

func fused[T kern.Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n := 1001
	x, bias := make([]T, n), make([]T, n)
	for i := range x {
		x[i], bias[i] = T(3*rng.NormFloat64()), T(rng.NormFloat64())
	}
	p1, p2 := append([]T(nil), x...), append([]T(nil), x...)
	s1, s2 := make([]T, n), make([]T, n)
	src1, src2 := rand.NewPCG(1, 2), rand.NewPCG(1, 2)
	u1, u2 := kern.NewUniforms[T](src1), kern.NewUniforms[T](src2)
	kern.SigmoidBernoulli(p1, bias, s1, &u1)
	kern.Sigmoid(p2, bias)
	kern.Bernoulli(p2, s2, &u2)
	for i := range p1 {
		if p1[i] != p2[i] || s1[i] != s2[i] {
			t.Fatalf("%T element %d: fused (%v, %v), separate (%v, %v)", x[0], i, p1[i], s1[i], p2[i], s2[i])
		}
	}
}

// TestBernoulliFrequencies checks the draws' frequencies in both
// precisions: for each p of a grid (the extremes 0 and 1 included, which
// must be exact), n = 200,000 draws give a count k with mean n·p' and
// standard deviation σ = √(n·p'(1−p')), where p' = ⌈p·2^b⌉/2^b is within
// 2^−b of p (b = 53 bits for float64, 24 for float32). The test asks
// |k − n·p| ≤ 5σ + n·2^−b: with 11 values of p in two precisions, the
// chance that a correct sampler fails is below 22 · 5.7·10⁻⁷ ≈ 10⁻⁵ (fixed
// seeds make it pass or fail for good).
func TestBernoulliFrequencies(t *testing.T) {
	freq[float64](t, 53)
	freq[float32](t, 24)
}

func freq[T kern.Float](t *testing.T, bits int) {
	const n = 200000
	ps := []float64{0, 1e-3, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1}
	p, s := make([]T, n), make([]T, n)
	src := rand.NewPCG(11, 12)
	u := kern.NewUniforms[T](src)
	for _, q := range ps {
		for i := range p {
			p[i] = T(q)
		}
		kern.Bernoulli(p, s, &u)
		k := 0.0
		for _, x := range s {
			k += float64(x)
		}
		sd := math.Sqrt(n * q * (1 - q))
		tol := 5*sd + n*math.Ldexp(1, -bits)
		if (q == 0 || q == 1) && k != n*q {
			t.Errorf("%T p = %v: %v ones in %d draws", p[0], q, k, n)
		}
		if math.Abs(k-n*q) > tol {
			t.Errorf("%T p = %v: %v ones in %d draws, want %v ± %.1f", p[0], q, k, n, n*q, tol)
		}
	}
}

// TestGemm compares Gemm in both precisions, all four transpositions,
// with the naive triple loop in float64: float64 within 1e-12, float32
// within 1e-5 relative to Σ|a||b| (k = 37 products of 2⁻²⁴ roundings).
func TestGemm(t *testing.T) {
	gemm[float64](t, 1e-12)
	gemm[float32](t, 1e-5)
}

func gemm[T kern.Float](t *testing.T, tol float64) {
	rng := rand.New(rand.NewPCG(13, 14))
	m, k, n := 5, 37, 7
	mk := func(r, c int) kern.General[T] {
		g := kern.General[T]{Rows: r, Cols: c, Stride: c, Data: make([]T, r*c)}
		for i := range g.Data {
			g.Data[i] = T(rng.NormFloat64())
		}
		return g
	}
	for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
		a, b := mk(m, k), mk(k, n)
		if tr[0] {
			a = mk(k, m)
		}
		if tr[1] {
			b = mk(n, k)
		}
		c := mk(m, n)
		c0 := append([]T(nil), c.Data...)
		kern.Gemm(tr[0], tr[1], 2, a, b, 0.5, c)
		at := func(g kern.General[T], i, j int, trans bool) float64 {
			if trans {
				i, j = j, i
			}
			return float64(g.Data[i*g.Stride+j])
		}
		for i := range m {
			for j := range n {
				want, mag := 0.5*float64(c0[i*n+j]), 0.0
				for l := range k {
					x := at(a, i, l, tr[0]) * at(b, l, j, tr[1])
					want += 2 * x
					mag += 2 * math.Abs(x)
				}
				if d := math.Abs(float64(c.Data[i*n+j]) - want); d > tol*mag {
					t.Fatalf("%T trans %v: c[%d,%d] = %v, want %v", c.Data[0], tr, i, j, c.Data[i*n+j], want)
				}
			}
		}
	}
}

// TestUniformsFill checks that Fill returns the uniforms of as many calls
// of Next, whatever the lengths (odd ones leave float32's spare half of an
// output to the next call; from 32 on Fill steps the generator itself,
// pcg.go, so this checks its outputs against rand.PCG's), in both
// precisions, and that float32's draws are multiples of 2⁻²⁴ in [0, 1).
func TestUniformsFill(t *testing.T) {
	fill[float64](t)
	fill[float32](t)
}

func fill[T kern.Float](t *testing.T) {
	a, b := kern.NewUniforms[T](rand.NewPCG(3, 4)), kern.NewUniforms[T](rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 3, 256, 7, 0, 5, 300, 31, 32, 33, 1, 64, 65, 2, 1000} {
		got := make([]T, n)
		a.Fill(got)
		for i := range got {
			want := b.Next()
			if got[i] != want {
				t.Fatalf("%T: Fill of %d, element %d: %v, Next %v", want, n, i, got[i], want)
			}
			if x := float64(want); x < 0 || x >= 1 || (kern.Is32[T]() && x*0x1p24 != math.Floor(x*0x1p24)) {
				t.Fatalf("%T: uniform %v", want, want)
			}
		}
	}
}

// TestSigmoidBernoulliFrequencies checks the fused kernel's draws as
// TestBernoulliFrequencies checks Bernoulli's, on each path (float64;
// float32 portable and AVX2): for inputs x = logit(q) over a grid of q,
// the n = 200,000 draws of a row have a count k whose mean is Σ_k p'_k,
// the sum of the probabilities the kernel wrote (each within 2^−b of the
// one it draws with), and whose standard deviation is at most
// √(n·q̄(1−q̄)) with q̄ their mean; the test asks |k − Σp| ≤ 5σ + n·2^−b
// (a chance below 10⁻⁵ that a correct kernel fails, over 3 · 9 rows).
func TestSigmoidBernoulliFrequencies(t *testing.T) {
	sbFreq[float64](t, 53)
	defer kern.SetSIMD(kern.SetSIMD(false))
	sbFreq[float32](t, 24)
	if kern.SetSIMD(true) {
		sbFreq[float32](t, 24)
	}
}

func sbFreq[T kern.Float](t *testing.T, bits int) {
	const n = 200000
	p, bias, s := make([]T, n), make([]T, n), make([]T, n)
	u := kern.NewUniforms[T](rand.NewPCG(13, 14))
	for _, q := range []float64{1e-3, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999} {
		for i := range p {
			p[i] = T(math.Log(q / (1 - q)))
		}
		kern.SigmoidBernoulli(p, bias, s, &u)
		k, sum := 0.0, 0.0
		for i := range s {
			k += float64(s[i])
			sum += float64(p[i])
		}
		qm := sum / n
		tol := 5*math.Sqrt(n*qm*(1-qm)) + n*math.Ldexp(1, -bits)
		if math.Abs(k-sum) > tol {
			t.Errorf("%T q = %v: %v ones in %d draws, want %.1f ± %.1f", p[0], q, k, n, sum, tol)
		}
		if math.Abs(qm-q) > 1e-6 {
			t.Errorf("%T q = %v: mean probability %v", p[0], q, qm)
		}
	}
}

// TestFloat64SIMDBitForBit checks that the float64 AVX2 kernels give the
// portable float64 results bit for bit (probabilities and draws), so that
// float64 sampling does not depend on the processor, on inputs that
// include values beyond ±708 (where the kernel hands a group of 4 to the
// portable loop) and lengths that leave groups of fewer than 4.
func TestFloat64SIMDBitForBit(t *testing.T) {
	if !kern.SetSIMD(true) {
		t.Skip("no AVX2 and FMA")
	}
	defer kern.SetSIMD(true)
	rng := rand.New(rand.NewPCG(15, 16))
	for _, n := range []int{1, 3, 4, 7, 255, 256, 257, 1001} {
		x, bias := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i], bias[i] = 40*rng.NormFloat64(), rng.NormFloat64()
			if rng.IntN(50) == 0 {
				x[i] = []float64{709, -709, 800, -800, 708.5, -745.5}[rng.IntN(6)]
			}
		}
		var p, s [2][]float64
		for k, on := range []bool{false, true} {
			kern.SetSIMD(on)
			p[k], s[k] = append([]float64(nil), x...), make([]float64, n)
			u := kern.NewUniforms[float64](rand.NewPCG(1, 2))
			kern.SigmoidBernoulli(p[k], bias, s[k], &u)
			q := append([]float64(nil), x...)
			kern.Sigmoid(q, nil)
			q2 := append([]float64(nil), x...)
			kern.SetSIMD(false)
			kern.Sigmoid(q2, nil)
			for i := range q {
				if math.Float64bits(q[i]) != math.Float64bits(q2[i]) {
					t.Fatalf("n %d: Sigmoid(%v) AVX2 %v, portable %v", n, x[i], q[i], q2[i])
				}
			}
		}
		for i := range x {
			if math.Float64bits(p[0][i]) != math.Float64bits(p[1][i]) || s[0][i] != s[1][i] {
				t.Fatalf("n %d, element %d (x %v): portable (%v, %v), AVX2 (%v, %v)", n, i, x[i]+bias[i], p[0][i], s[0][i], p[1][i], s[1][i])
			}
		}
	}
}
