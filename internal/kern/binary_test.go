package kern

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// binaryGeneral returns an r×c matrix of zeros and ones, each one with
// probability share, with a stride of c+pad.
func binaryGeneral[T Float](r, c, pad int, share float64, rng *rand.Rand) General[T] {
	g := General[T]{Rows: r, Cols: c, Stride: c + pad, Data: make([]T, r*(c+pad))}
	for i := range g.Data {
		if rng.Float64() < share {
			g.Data[i] = 1
		}
	}
	return g
}

// gonumGemm is gonum's own product, whichever BLAS the program uses.
func gonumGemm[T Float](transA bool, alpha T, a, b General[T], beta T, c General[T]) {
	ta := blas.NoTrans
	if transA {
		ta = blas.Trans
	}
	if Is32[T]() {
		x, y, z := g32(a), g32(b), g32(c)
		gonum.Implementation{}.Sgemm(ta, blas.NoTrans, z.Rows, z.Cols, y.Rows, float32(alpha), x.Data, x.Stride, y.Data, y.Stride, float32(beta), z.Data, z.Stride)
		return
	}
	x, y, z := g64(a), g64(b), g64(c)
	gonum.Implementation{}.Dgemm(ta, blas.NoTrans, z.Rows, z.Cols, y.Rows, float64(alpha), x.Data, x.Stride, y.Data, y.Stride, float64(beta), z.Data, z.Stride)
}

// TestBinaryProductIsGonums checks that the binary product gives gonum's
// product bit for bit (the same operations in the same order, see
// binary.go), for a·b and aᵀ·b, α = 1 and not, β = 0, 1 and neither,
// shares of ones from none to all, inner sizes across the chunks' edges,
// column counts that leave every width of kernel and a scalar tail,
// strides wider than the rows, in both precisions, through the AVX2
// kernels and the portable loops.
func TestBinaryProductIsGonums(t *testing.T) {
	defer SetBinaryShare(SetBinaryShare(1))
	for _, simd := range []bool{true, false} {
		was := SetSIMD(simd)
		t.Run(fmt.Sprintf("simd=%v/float64", simd && simdOK), binaryIsGonums[float64])
		t.Run(fmt.Sprintf("simd=%v/float32", simd && simdOK), binaryIsGonums[float32])
		SetSIMD(was)
	}
}

func binaryIsGonums[T Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sh := range []struct{ m, n, k int }{
		{100, 500, 784}, {37, 127, 97}, {64, 64, 64}, {3, 1000, 96}, {200, 33, 193},
	} {
		for _, transA := range []bool{false, true} {
			for _, share := range []float64{0, 0.13, 0.5, 1} {
				for _, ab := range [][2]float64{{1, 0}, {0.01, 1}, {-0.3, 0.7}} {
					m, n, k := sh.m, sh.n, sh.k
					ar, ac := m, k
					if transA {
						ar, ac = k, m
					}
					a := binaryGeneral[T](ar, ac, 3, share, rng)
					b := randGeneral[T](k, n, 5, rng)
					got := randGeneral[T](m, n, 2, rng)
					want := General[T]{Rows: m, Cols: n, Stride: got.Stride, Data: append([]T(nil), got.Data...)}
					alpha, beta := T(ab[0]), T(ab[1])
					if !binaryProduct(transA, alpha, a, b, beta, got) {
						if m*n*k >= minBinaryWork {
							t.Fatalf("%dx%dx%d: binary product refused", m, n, k)
						}
						continue
					}
					gonumGemm(transA, alpha, a, b, beta, want)
					for i := range want.Data {
						if math.Float64bits(float64(got.Data[i])) != math.Float64bits(float64(want.Data[i])) {
							t.Fatalf("m=%d n=%d k=%d transA=%v share=%v α=%v β=%v: element %d is %v, gonum %v",
								m, n, k, transA, share, alpha, beta, i, got.Data[i], want.Data[i])
						}
					}
				}
			}
		}
	}
}

// TestBinaryProductRefuses checks that a left factor with a value other
// than 0 and 1 anywhere (the last element, a 0.5, a NaN, a 2) goes to the
// BLAS and leaves c untouched, and that a −0 counts as a zero.
func TestBinaryProductRefuses(t *testing.T) {
	defer SetBinaryShare(SetBinaryShare(1))
	rng := rand.New(rand.NewPCG(7, 8))
	const m, n, k = 64, 100, 100
	for _, transA := range []bool{false, true} {
		for _, bad := range []float64{0.5, math.NaN(), 2, -1} {
			for _, at := range []int{0, m*k/2 + 3, m*k - 1} {
				a := binaryGeneral[float32](m, k, 0, 0.3, rng)
				a.Data[at] = float32(bad)
				b := randGeneral[float32](k, n, 0, rng)
				c := randGeneral[float32](m, n, 0, rng)
				before := append([]float32(nil), c.Data...)
				if binaryProduct(transA, 1, a, b, 0, c) {
					t.Fatalf("transA=%v: a_%d = %v taken as binary", transA, at, bad)
				}
				for i := range before {
					if math.Float32bits(before[i]) != math.Float32bits(c.Data[i]) {
						t.Fatalf("c changed by a refused product")
					}
				}
			}
		}
	}
	a := binaryGeneral[float64](m, k, 0, 0.3, rng)
	a.Data[5] = math.Copysign(0, -1)
	b := randGeneral[float64](k, n, 0, rng)
	c := General[float64]{Rows: m, Cols: n, Stride: n, Data: make([]float64, m*n)}
	if !binaryProduct(false, 1, a, b, 0, c) {
		t.Fatal("a −0 refused")
	}
}

// BenchmarkBinaryProduct measures V·W of 100 chains of a 784×500 RBM and
// of one chain (oneVW), and the gradient's Vᵀ·P, with 13 % to 70 % ones, by the binary product
// beside the BLAS in use (OpenBLAS with -tags openblas), in both
// precisions: where the binary product pays, which sets binaryShare.
func BenchmarkBinaryProduct(b *testing.B) {
	b.Run("float64", benchBinary[float64])
	b.Run("float32", benchBinary[float32])
}

func benchBinary[T Float](b *testing.B) {
	defer SetBinaryShare(SetBinaryShare(1))
	rng := rand.New(rand.NewPCG(1, 2))
	w := randGeneral[T](784, 500, 0, rng)
	p := randGeneral[T](100, 500, 0, rng)
	for _, share := range []float64{0.13, 0.3, 0.5, 0.6, 0.7} {
		v := binaryGeneral[T](100, 784, 0, share, rng)
		vw := General[T]{Rows: 100, Cols: 500, Stride: 500, Data: make([]T, 100*500)}
		g := General[T]{Rows: 784, Cols: 500, Stride: 500, Data: make([]T, 784*500)}
		b.Run(fmt.Sprintf("VW/ones=%.2f/binary", share), func(b *testing.B) {
			for b.Loop() {
				binaryProduct(false, 1, v, w, 0, vw)
			}
		})
		b.Run(fmt.Sprintf("VW/ones=%.2f/blas", share), func(b *testing.B) {
			for b.Loop() {
				blasGemm(false, false, 1, v, w, 0, vw)
			}
		})
		v1, vw1 := General[T]{Rows: 1, Cols: 784, Stride: 784, Data: v.Data[:784]}, General[T]{Rows: 1, Cols: 500, Stride: 500, Data: vw.Data[:500]}
		b.Run(fmt.Sprintf("oneVW/ones=%.2f/binary", share), func(b *testing.B) {
			for b.Loop() {
				binaryProduct(false, 1, v1, w, 0, vw1)
			}
		})
		b.Run(fmt.Sprintf("oneVW/ones=%.2f/blas", share), func(b *testing.B) {
			for b.Loop() {
				blasGemm(false, false, 1, v1, w, 0, vw1)
			}
		})
		b.Run(fmt.Sprintf("VtP/ones=%.2f/binary", share), func(b *testing.B) {
			for b.Loop() {
				binaryProduct(true, 0.01, v, p, 1, g)
			}
		})
		b.Run(fmt.Sprintf("VtP/ones=%.2f/blas", share), func(b *testing.B) {
			for b.Loop() {
				blasGemm(true, false, 0.01, v, p, 1, g)
			}
		})
	}
}

// BenchmarkBinarySumL1 measures the binary product's inner kernel alone
// (binSum32x8: 8 AVX2 registers of sums, 256 bytes of a row of b added per
// listed row) on a block of b that stays in the first-level cache: 8 rows
// (2 KiB) and the 96 rows of one chunk (binaryChunk: 24 KiB), 48 listed
// rows per row of c, 100 rows of c. Its bytes per second are those of b
// read: against a machine's load bandwidth from the first-level cache they
// say how far the kernel is from its bound (bench/README.md, issue 15's
// tenth pass).
func BenchmarkBinarySumL1(b *testing.B) {
	if !haveSIMD {
		b.Skip("no AVX2")
	}
	for _, rows := range []int{8, binaryChunk} {
		b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
			const list, crows, ps = 48, 100, 2
			bb := make([]float32, rows*64)
			c := make([]float32, crows*64)
			idx := make([]int32, crows*list)
			pos := make([]int32, crows*ps)
			for i := range crows {
				pos[i*ps], pos[i*ps+1] = int32(i*list), int32((i+1)*list)
				for k := range list {
					idx[i*list+k] = int32((2*k + i) % rows)
				}
			}
			b.SetBytes(crows * list * 256)
			for b.Loop() {
				binSum32x8(&idx[0], &pos[0], ps, crows, &bb[0], 64, &c[0], 64, 0, 1)
			}
		})
	}
}

// TestOnes checks the scan that lists a row's ones against its definition,
// on both paths, in both precisions: every length from 0 to 40, ones
// anywhere (all, none, random), −0 as a zero, and a value other than 0
// and 1 (0.5, NaN, 2, −1, the largest float below 1) at every position
// refused.
func TestOnes(t *testing.T) {
	for _, simd := range []bool{true, false} {
		was := SetSIMD(simd)
		t.Run(fmt.Sprintf("simd=%v/float64", simd && simdOK), onesCases[float64])
		t.Run(fmt.Sprintf("simd=%v/float32", simd && simdOK), onesCases[float32])
		SetSIMD(was)
	}
}

func onesCases[T Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	below1 := T(math.Nextafter32(1, 0))
	if !Is32[T]() {
		below1 = T(math.Nextafter(1, 0))
	}
	for n := 0; n <= 40; n++ {
		for _, share := range []float64{0, 0.3, 1} {
			x := make([]T, n)
			var want []int32
			for j := range x {
				if rng.Float64() < share {
					x[j] = 1
					want = append(want, int32(17+j))
				} else if rng.IntN(2) == 0 {
					x[j] = T(math.Copysign(0, -1))
				}
			}
			dst := make([]int32, n+scanSlack)
			got := ones(x, 17, dst)
			if got != len(want) || fmt.Sprint(dst[:max(got, 0)]) != fmt.Sprint(want) {
				t.Fatalf("n=%d share=%v: got %d %v, want %v", n, share, got, dst[:max(got, 0)], want)
			}
			for j := range x {
				for _, bad := range []T{0.5, T(math.NaN()), 2, -1, below1} {
					keep := x[j]
					x[j] = bad
					if got := ones(x, 0, dst); got != -1 {
						t.Fatalf("n=%d: x_%d = %v not refused (%d)", n, j, bad, got)
					}
					x[j] = keep
				}
			}
		}
	}
}
