package kern

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// TestSmallProduct checks the small products' AVX2 kernels (small.go)
// against gonum's BLAS, called directly (whichever BLAS the build uses),
// bit for bit: c = a·b in float64 and float32 and c = a·bᵀ in float64,
// on 1, 3, 16, 17, 100 and 300 rows (300: gonum spreads the product over
// goroutines), 1, 3, 4, 8, 16, 17, 20, 25 and 32 columns (groups of 16, 8
// and 4 and the rest; a·bᵀ's pairs and a last single) and 1, 2, 3, 4, 7, 16, 17 and 64 inner elements
// (quads and tails of 0 to 3), with strides wider than the rows, for
// binary a (the chains' states, with −0 among the zeros) and real a
// (data, with zeros and a NaN), where c held NaN before. It also checks
// that a·bᵀ beyond 64 inner elements and in float32 is refused.
func TestSmallProduct(t *testing.T) {
	if !haveSIMD {
		t.Skip("no AVX2 and FMA: the small products go to the BLAS")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, m := range []int{1, 3, 16, 17, 100, 300} {
		for _, n := range []int{1, 3, 4, 8, 16, 17, 20, 25, 32} {
			for _, k := range []int{1, 2, 3, 4, 7, 16, 17, 64} {
				for _, binary := range []bool{true, false} {
					checkSmall64(t, rng, m, n, k, binary)
					checkSmall32(t, rng, m, n, k, binary)
				}
			}
		}
	}
	a, b, c := randGeneral[float64](3, 65, 0, rng), randGeneral[float64](4, 65, 0, rng), randGeneral[float64](3, 4, 0, rng)
	if smallProduct(true, g64(a), g64(b), g64(c)) {
		t.Error("a·bᵀ with 65 inner elements: done, want refused")
	}
	a32, b32, c32 := randGeneral[float32](3, 5, 0, rng), randGeneral[float32](4, 5, 0, rng), randGeneral[float32](3, 4, 0, rng)
	if gemmSmall(true, a32, b32, c32) {
		t.Error("float32 a·bᵀ: done, want refused")
	}
}

// smallInputs returns a (m×k, binary or real, some zeros) and c (m×n,
// NaN), both with padded strides.
func smallInputs[T Float](rng *rand.Rand, m, n, k int, binary bool) (a, c General[T]) {
	a = randGeneral[T](m, k, 2, rng)
	for i := range a.Data {
		switch {
		case binary && rng.IntN(2) == 0:
			a.Data[i] = T(math.Copysign(0, -float64(rng.IntN(2))))
		case binary:
			a.Data[i] = 1
		case rng.IntN(4) == 0:
			a.Data[i] = 0
		case i == 5:
			a.Data[i] = T(math.NaN())
		default:
			a.Data[i] = T(rng.Float64())
		}
	}
	c = randGeneral[T](m, n, 1, rng)
	for i := range c.Data {
		c.Data[i] = T(math.NaN())
	}
	return a, c
}

func checkSmall64(t *testing.T, rng *rand.Rand, m, n, k int, binary bool) {
	t.Helper()
	a, c := smallInputs[float64](rng, m, n, k, binary)
	for _, transB := range []bool{false, true} {
		b := randGeneral[float64](k, n, 3, rng)
		tb := blas.NoTrans
		if transB {
			b, tb = randGeneral[float64](n, k, 3, rng), blas.Trans
		}
		want := General[float64]{Rows: m, Cols: n, Stride: c.Stride, Data: append([]float64(nil), c.Data...)}
		gonum.Implementation{}.Dgemm(blas.NoTrans, tb, m, n, k, 1, a.Data, a.Stride, b.Data, b.Stride, 0, want.Data, want.Stride)
		got := General[float64]{Rows: m, Cols: n, Stride: c.Stride, Data: append([]float64(nil), c.Data...)}
		if !smallProduct(transB, g64(a), g64(b), g64(got)) {
			t.Fatalf("float64 %d×%d×%d transB %v: refused", m, n, k, transB)
		}
		sameBits(t, fmt.Sprintf("float64 %d×%d×%d transB %v binary %v", m, n, k, transB, binary), got, want)
	}
}

func checkSmall32(t *testing.T, rng *rand.Rand, m, n, k int, binary bool) {
	t.Helper()
	a, c := smallInputs[float32](rng, m, n, k, binary)
	b := randGeneral[float32](k, n, 3, rng)
	want := General[float32]{Rows: m, Cols: n, Stride: c.Stride, Data: append([]float32(nil), c.Data...)}
	gonum.Implementation{}.Sgemm(blas.NoTrans, blas.NoTrans, m, n, k, 1, a.Data, a.Stride, b.Data, b.Stride, 0, want.Data, want.Stride)
	got := General[float32]{Rows: m, Cols: n, Stride: c.Stride, Data: append([]float32(nil), c.Data...)}
	smallProduct32(g32(a), g32(b), g32(got))
	sameBits(t, fmt.Sprintf("float32 %d×%d×%d binary %v", m, n, k, binary), got, want)
}

// sameBits fails t unless got and want have the same bits in every
// element (the padding included: neither may touch it).
func sameBits[T Float](t *testing.T, what string, got, want General[T]) {
	t.Helper()
	for i := range got.Data {
		if math.Float64bits(float64(got.Data[i])) != math.Float64bits(float64(want.Data[i])) && !(got.Data[i] != got.Data[i] && want.Data[i] != want.Data[i]) {
			t.Fatalf("%s: element %d (row %d) = %v, gonum gives %v", what, i, i/got.Stride, got.Data[i], want.Data[i])
		}
	}
}
