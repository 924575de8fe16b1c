package learn

import (
	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/params32"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// The binary learners' gradient in either precision (see
// docs/precision.md), written once: gradT runs on float64 views of the
// statistics for a model of precision Float64, and on float32 copies
// (gradBuf) for Float32, whose two products then go through sgemm.

// gradBuf holds a learner's float32 copies of the statistics and of the
// weight gradient, kept from update to update.
type gradBuf struct {
	v0, p0, v1, p1, gw kern.General[float32]
}

// sized32 returns g as an r×c matrix, reusing its storage when large
// enough.
func sized32(g kern.General[float32], r, c int) kern.General[float32] {
	if cap(g.Data) < r*c {
		g.Data = make([]float32, r*c)
	}
	return kern.General[float32]{Rows: r, Cols: c, Stride: c, Data: g.Data[:r*c]}
}

// view returns the float64 raw matrix of d as a kern.General.
func view(d *mat.Dense) kern.General[float64] {
	r := d.RawMatrix()
	return kern.General[float64]{Rows: r.Rows, Cols: r.Cols, Stride: r.Stride, Data: r.Data}
}

// to32 returns the float32 copy of src in dst's storage.
func to32(dst kern.General[float32], src kern.General[float64]) kern.General[float32] {
	dst = sized32(dst, src.Rows, src.Cols)
	for i := 0; i < src.Rows; i++ {
		kern.Convert(dst.Row(i), src.Row(i))
	}
	return dst
}

// binaryGradIn writes the binary-RBM gradient estimate
// g = (V₀ᵀP₀/n₀ − V₁ᵀP₁/n₁, mean V₀ − mean V₁, mean P₀ − mean P₁)
// from positive statistics (v0, p0) and negative statistics (v1, p1), which
// may have different numbers of rows (persistent chains), in precision p,
// with buf holding the float32 copies. In float32 with lazyW set, the
// weight gradient is left in float32 and returned (g.Parts[0] is not
// written), for an SGD step that reads it there (see stepIn); otherwise
// it returns nil.
func binaryGradIn(p rbm.Precision, buf *gradBuf, g *Grad, v0 mat.Matrix, p0, v1, p1 *mat.Dense, lazyW bool) []float32 {
	nv, nh := len(g.Parts[1]), len(g.Parts[2])
	var v0d *mat.Dense
	if d, ok := v0.(*mat.Dense); ok {
		v0d = d
	} else {
		v0d = mat.DenseCopyOf(v0)
	}
	if p != rbm.Float32 {
		gw := kern.General[float64]{Rows: nv, Cols: nh, Stride: nh, Data: g.Parts[0]}
		gradT(gw, g.Parts[1], g.Parts[2], view(v0d), view(p0), view(v1), view(p1))
		return nil
	}
	buf.v0, buf.p0 = to32(buf.v0, view(v0d)), to32(buf.p0, view(p0))
	buf.v1, buf.p1 = to32(buf.v1, view(v1)), to32(buf.p1, view(p1))
	buf.gw = sized32(buf.gw, nv, nh)
	gradT(buf.gw, g.Parts[1], g.Parts[2], buf.v0, buf.p0, buf.v1, buf.p1)
	if lazyW {
		return buf.gw.Data
	}
	kern.Convert(g.Parts[0], buf.gw.Data)
	return nil
}

// gradT writes gw = V₀ᵀP₀/n₀ − V₁ᵀP₁/n₁ (two products in precision T),
// gb = mean V₀ − mean V₁ and gc = mean P₀ − mean P₁ (summed in float64).
func gradT[T kern.Float](gw kern.General[T], gb, gc []float64, v0, p0, v1, p1 kern.General[T]) {
	kern.Gemm(true, false, T(1/float64(v0.Rows)), v0, p0, 0, gw)
	kern.Gemm(true, false, T(-1/float64(v1.Rows)), v1, p1, 1, gw)
	colMeanDiffT(gb, v0, v1)
	colMeanDiffT(gc, p0, p1)
}

// colMeanDiffT writes dst_j = mean_i a_ij − mean_i b_ij, summing in
// float64.
func colMeanDiffT[T kern.Float](dst []float64, a, b kern.General[T]) {
	clear(dst)
	fa, fb := 1/float64(a.Rows), 1/float64(b.Rows)
	for i := 0; i < a.Rows; i++ {
		kern.AddScaled(dst, fa, a.Row(i))
	}
	for i := 0; i < b.Rows; i++ {
		kern.AddScaled(dst, -fb, b.Row(i)) // dst_j − fb·x exactly
	}
}

// hiddenProbIn writes p = σ(v·W + 1·cᵀ) in the precision of m, with buf
// holding the float32 copy of v (the parameters' is the model's own).
func hiddenProbIn(m *rbm.Binary, buf *gradBuf, p, v *mat.Dense) {
	if m.Precision != rbm.Float32 {
		hiddenProb(m, p, v)
		return
	}
	nh := m.Hidden()
	p32 := params32.Of(m)
	buf.v0 = to32(buf.v0, view(v))
	n, _ := v.Dims()
	buf.p0 = sized32(buf.p0, n, nh)
	kern.Gemm(false, false, 1, buf.v0, p32.W, 0, buf.p0)
	pr := view(p)
	for i := 0; i < n; i++ {
		row := buf.p0.Row(i)
		kern.Sigmoid(row, p32.C)
		kern.Convert(pr.Row(i), row)
	}
}
