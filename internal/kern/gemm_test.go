package kern

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// randGeneral returns an r×c matrix of standard normal values with a
// stride of c+pad (pad > 0 checks that the bands respect the stride).
func randGeneral[T Float](r, c, pad int, rng *rand.Rand) General[T] {
	g := General[T]{Rows: r, Cols: c, Stride: c + pad, Data: make([]T, r*(c+pad))}
	for i := range g.Data {
		g.Data[i] = T(rng.NormFloat64())
	}
	return g
}

// TestGemmBands checks Gemm's bands against one product (Gemm1) for 1 to
// 4 cores (GOMAXPROCS) and every combination of transposes, in both
// precisions, with the BLAS in use. The bands compute every element by the
// same operations up to the order of the sums (a BLAS's kernels differ at
// the edges of a matrix), so an element may differ by the rounding of
// its k = 97 terms: |Δ| ≤ 2k·ε·Σ_l |a_il||b_lj| (ε the unit roundoff),
// the bound of two sums of k terms in any order.
func TestGemmBands(t *testing.T) {
	t.Run("float64", func(t *testing.T) { gemmBands[float64](t, 0x1p-53) })
	t.Run("float32", func(t *testing.T) { gemmBands[float32](t, 0x1p-24) })
}

func gemmBands[T Float](t *testing.T, eps float64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	defer func(n int) { minGemmParallel = n }(minGemmParallel)
	minGemmParallel = 0
	rng := rand.New(rand.NewPCG(3, 4))
	const m, n, k = 100, 130, 97
	at := func(g General[T], i, j int, trans bool) float64 {
		if trans {
			i, j = j, i
		}
		return float64(g.Data[i*g.Stride+j])
	}
	for _, tr := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
		ta, tb := tr[0], tr[1]
		ar, ac := m, k
		if ta {
			ar, ac = k, m
		}
		br, bc := k, n
		if tb {
			br, bc = n, k
		}
		a, b := randGeneral[T](ar, ac, 3, rng), randGeneral[T](br, bc, 1, rng)
		c0 := randGeneral[T](m, n, 2, rng)
		want := General[T]{Rows: m, Cols: n, Stride: c0.Stride, Data: append([]T(nil), c0.Data...)}
		Gemm1(ta, tb, 0.5, a, b, 0.25, want)
		for procs := 1; procs <= 4; procs++ {
			runtime.GOMAXPROCS(procs)
			got := General[T]{Rows: m, Cols: n, Stride: c0.Stride, Data: append([]T(nil), c0.Data...)}
			Gemm(ta, tb, 0.5, a, b, 0.25, got)
			for i := 0; i < m; i++ {
				for j := 0; j < n; j++ {
					var abs float64
					for l := 0; l < k; l++ {
						abs += math.Abs(at(a, i, l, ta) * at(b, l, j, tb))
					}
					tol := 2*k*eps*0.5*abs + 2*eps*math.Abs(float64(c0.Row(i)[j]))
					if d := math.Abs(float64(got.Row(i)[j] - want.Row(i)[j])); d > tol {
						t.Fatalf("transA %v transB %v, %d cores: element (%d, %d) is %v, one product %v (|Δ| %.3g > %.3g)", ta, tb, procs, i, j, got.Row(i)[j], want.Row(i)[j], d, tol)
					}
				}
			}
			// The padding between rows is left alone.
			for i := 0; i < m; i++ {
				for j := n; j < got.Stride && i*got.Stride+j < len(got.Data); j++ {
					if got.Data[i*got.Stride+j] != c0.Data[i*got.Stride+j] {
						t.Fatalf("transA %v transB %v, %d cores: padding (%d, %d) was written", ta, tb, procs, i, j)
					}
				}
			}
		}
	}
}

// TestBands checks the number of bands the samplers split chains into:
// powers of two, bands of at least minBandChains chains and minBandWork
// elements, at most maxBands, the same for any number of cores.
func TestBands(t *testing.T) {
	for _, c := range []struct{ n, work, want int }{
		{100, 1284, 2}, {95, 1284, 1}, {96, 1284, 2}, {200, 1284, 4}, {1000, 1284, 16},
		{100000, 1284, 64}, {100, 8, 1}, {4096, 8, 2}, {1, 1 << 20, 1}, {0, 10, 1},
	} {
		if got := Bands(c.n, c.work); got != c.want {
			t.Errorf("Bands(%d, %d) = %d, want %d", c.n, c.work, got, c.want)
		}
	}
}

// TestGemmBandsAllocate checks that a product split into bands does not
// allocate in the steady state.
func TestGemmBandsAllocate(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	defer func(n int) { minGemmParallel = n }(minGemmParallel)
	minGemmParallel = 0
	rng := rand.New(rand.NewPCG(5, 6))
	a, b, c := randGeneral[float32](64, 40, 0, rng), randGeneral[float32](40, 30, 0, rng), randGeneral[float32](64, 30, 0, rng)
	Gemm(false, false, 1, a, b, 0, c)
	if n := testing.AllocsPerRun(50, func() { Gemm(false, false, 1, a, b, 0, c) }); n != 0 {
		t.Errorf("%v allocations per banded product, want 0", n)
	}
}

// TestRows checks the row views Gemm's bands are made of, the empty one
// included.
func TestRows(t *testing.T) {
	a := General[float64]{Rows: 3, Cols: 2, Stride: 4, Data: []float64{0, 1, -1, -1, 2, 3, -1, -1, 4, 5}}
	for _, c := range []struct {
		lo, hi int
		want   string
	}{{0, 3, "[[0 1] [2 3] [4 5]]"}, {1, 3, "[[2 3] [4 5]]"}, {1, 2, "[[2 3]]"}, {2, 2, "[]"}} {
		r := Rows(a, c.lo, c.hi)
		var rows [][]float64
		for i := 0; i < r.Rows; i++ {
			rows = append(rows, r.Row(i))
		}
		if got := fmt.Sprint(rows); got != c.want && !(c.want == "[]" && r.Rows == 0) {
			t.Errorf("Rows(%d, %d) = %s, want %s", c.lo, c.hi, got, c.want)
		}
	}
}
