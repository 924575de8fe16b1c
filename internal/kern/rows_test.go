package kern_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
)

// TestRowKernels checks the block kernels (SigmoidRows,
// SigmoidBernoulliRows, BernoulliRows, FlipRows, TemperedRows) against
// their reference, the row kernels called row after row with the same
// stream (and, for TemperedRows, its rule written out), bit for bit, on
// 1, 3, 16, 17 and 100 rows and columns, contiguous (the rows run as one
// vector) and strided (row by row), in both precisions, on the portable
// and the AVX2 path, with inputs that include 0, −0 and |x| > 708.
func TestRowKernels(t *testing.T) {
	defer kern.SetSIMD(kern.SetSIMD(false))
	for _, simd := range []bool{false, true} {
		if kern.SetSIMD(simd); simd && !kern.SetSIMD(true) {
			t.Log("no AVX2 and FMA: the AVX2 path is not checked")
			continue
		}
		rowKernels[float64](t)
		rowKernels[float32](t)
	}
}

func rowKernels[T kern.Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sizes := []int{1, 3, 16, 17, 100}
	for _, rows := range sizes {
		for _, cols := range sizes {
			for _, pad := range []int{0, 3} {
				in := randomGeneral[T](rng, rows, cols, pad)
				state := randomGeneral[T](rng, rows, cols, pad)
				for i := range state.Data {
					state.Data[i] = T(rng.IntN(2))
				}
				probs := randomGeneral[T](rng, rows, cols, pad)
				for i := range probs.Data {
					probs.Data[i] = T(rng.Float64())
				}
				bias := make([]T, cols)
				for k := range bias {
					bias[k] = T(rng.NormFloat64())
				}
				name := func(f string) string {
					return fmt.Sprintf("%s[%T] %d×%d pad %d", f, in.Data[0], rows, cols, pad)
				}
				check := func(f string, got, want kern.General[T]) {
					t.Helper()
					for i := 0; i < rows; i++ {
						g, w := got.Row(i), want.Row(i)
						for k := range g {
							if math.Float64bits(float64(g[k])) != math.Float64bits(float64(w[k])) {
								t.Fatalf("%s: element (%d, %d) = %v, the row kernels give %v", name(f), i, k, g[k], w[k])
							}
						}
					}
				}

				p, q := clone(in), clone(in)
				kern.SigmoidRows(p, bias)
				for i := 0; i < rows; i++ {
					kern.Sigmoid(q.Row(i), bias)
				}
				check("SigmoidRows", p, q)

				for _, b := range [][]T{bias, nil} {
					for _, alpha := range []float64{0, 0.37, 1} {
						p, q := clone(in), clone(in)
						if b == nil {
							p, q = clone(probs), clone(probs)
						}
						s, r := clone(state), clone(state)
						u, v := kern.NewUniforms[T](rand.NewPCG(5, 6)), kern.NewUniforms[T](rand.NewPCG(5, 6))
						kern.FlipRows(p, s, b, alpha, &u)
						var buf [64]T
						for i := 0; i < rows; i++ {
							switch {
							case alpha == 0 && b != nil:
								kern.SigmoidBernoulli(q.Row(i), b, r.Row(i), &v)
							case alpha == 0:
								kern.Bernoulli(q.Row(i), r.Row(i), &v)
							default:
								if b != nil {
									kern.Sigmoid(q.Row(i), b)
								}
								kern.FlipBernoulli(q.Row(i), r.Row(i), alpha, &v, buf[:])
							}
						}
						check("FlipRows p", p, q)
						check("FlipRows s", s, r)
						if u.Next() != v.Next() {
							t.Fatalf("%s: the streams part", name("FlipRows"))
						}
					}
				}

				p, q = clone(in), clone(in)
				s, r := clone(state), clone(state)
				u, v := kern.NewUniforms[T](rand.NewPCG(7, 8)), kern.NewUniforms[T](rand.NewPCG(7, 8))
				kern.SigmoidBernoulliRows(p, s, bias, &u)
				for i := 0; i < rows; i++ {
					kern.SigmoidBernoulli(q.Row(i), bias, r.Row(i), &v)
				}
				check("SigmoidBernoulliRows p", p, q)
				check("SigmoidBernoulliRows s", s, r)

				p, q = clone(probs), clone(probs)
				s, r = clone(state), clone(state)
				kern.BernoulliRows(p, s, &u)
				for i := 0; i < rows; i++ {
					kern.Bernoulli(q.Row(i), r.Row(i), &v)
				}
				check("BernoulliRows", s, r)

				for _, beta := range []T{1, 0.3, 0} {
					p, q = clone(in), clone(in)
					s, r = clone(state), clone(state)
					dot, want := make([]float64, rows), make([]float64, rows)
					kern.TemperedRows(p, s, bias, beta, &u, dot)
					for i := 0; i < rows; i++ {
						row, out := q.Row(i), r.Row(i)
						x := make([]T, cols)
						for k := range row {
							x[k] = row[k] + bias[k]
							row[k] = beta * x[k]
						}
						kern.Sigmoid(row, nil)
						for k := range row {
							out[k] = 0
							if v.Next() < row[k] {
								out[k] = 1
								want[i] += float64(x[k])
							}
						}
					}
					check("TemperedRows p", p, q)
					check("TemperedRows s", s, r)
					for i := range dot {
						if math.Float64bits(dot[i]) != math.Float64bits(want[i]) {
							t.Fatalf("%s β = %v: dot %d = %v, want %v", name("TemperedRows"), beta, i, dot[i], want[i])
						}
					}
					if beta == 1 { // without dot: the draws of SigmoidBernoulliRows
						p, q = clone(in), clone(in)
						s, r = clone(state), clone(state)
						kern.TemperedRows(p, s, bias, 1, &u, nil)
						kern.SigmoidBernoulliRows(q, r, bias, &v)
						check("TemperedRows β = 1 p", p, q)
						check("TemperedRows β = 1 s", s, r)
					}
				}
			}
		}
	}
}

// randomGeneral returns a rows×cols matrix with stride cols+pad (the
// padding holds NaN, which no kernel may touch) of inputs around 0, with
// some 0, −0 and beyond ±708.
func randomGeneral[T kern.Float](rng *rand.Rand, rows, cols, pad int) kern.General[T] {
	g := kern.General[T]{Rows: rows, Cols: cols, Stride: cols + pad, Data: make([]T, rows*(cols+pad))}
	for i := range g.Data {
		g.Data[i] = T(math.NaN())
	}
	for i := 0; i < rows; i++ {
		row := g.Row(i)
		for k := range row {
			switch rng.IntN(12) {
			case 0:
				row[k] = 0
			case 1:
				row[k] = T(math.Copysign(0, -1))
			case 2:
				row[k] = T(800 * (2*rng.Float64() - 1))
			default:
				row[k] = T(3 * rng.NormFloat64())
			}
		}
	}
	return g
}

func clone[T kern.Float](g kern.General[T]) kern.General[T] {
	g.Data = append([]T(nil), g.Data...)
	return g
}
