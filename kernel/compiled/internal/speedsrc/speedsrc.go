// Package speedsrc is the code of the compiled cells' speed benchmark
// (kernel/compiled, BenchmarkSpeed): the benchmark runs it linked into the
// test binary, as a library package is, and compiled as a cell (the text
// of this file after its package clause), side by side.
package speedsrc

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Sigmoid sets dst to the logistic function of x elementwise:
// dst_ij = 1 / (1 + exp(−x_ij)). dst and x have the same shape.
func Sigmoid(dst, x *mat.Dense) {
	xr, dr := x.RawMatrix(), dst.RawMatrix()
	for i := 0; i < xr.Rows; i++ {
		xs := xr.Data[i*xr.Stride : i*xr.Stride+xr.Cols]
		ds := dr.Data[i*dr.Stride : i*dr.Stride+dr.Cols]
		for j, v := range xs {
			ds[j] = 1 / (1 + math.Exp(-v))
		}
	}
}

// GibbsSweep advances each chain (a row of v, n×m, and of h, n×k) by one
// block Gibbs transition of the binary RBM with weights w (m×k), visible
// biases b and hidden biases c, written as plain loops:
//
//	h_j ~ Bernoulli(σ(c_j + Σ_i v_i w_ij)), then v_i ~ Bernoulli(σ(b_i + Σ_j w_ij h_j)).
func GibbsSweep(w *mat.Dense, b, c []float64, v, h *mat.Dense, r *rand.Rand) {
	wr, vr, hr := w.RawMatrix(), v.RawMatrix(), h.RawMatrix()
	m, k := wr.Rows, wr.Cols
	field := make([]float64, k)
	for n := 0; n < vr.Rows; n++ {
		vs := vr.Data[n*vr.Stride : n*vr.Stride+m]
		hs := hr.Data[n*hr.Stride : n*hr.Stride+k]
		copy(field, c)
		for i, vi := range vs {
			if vi == 0 {
				continue
			}
			row := wr.Data[i*wr.Stride : i*wr.Stride+k]
			for j, wij := range row {
				field[j] += wij
			}
		}
		for j, f := range field {
			hs[j] = 0
			if r.Float64() < 1/(1+math.Exp(-f)) {
				hs[j] = 1
			}
		}
		for i := range vs {
			row := wr.Data[i*wr.Stride : i*wr.Stride+k]
			f := b[i]
			for j, hj := range hs {
				f += row[j] * hj
			}
			vs[i] = 0
			if r.Float64() < 1/(1+math.Exp(-f)) {
				vs[i] = 1
			}
		}
	}
}
