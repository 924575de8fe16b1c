package kern

import (
	"math"
	"unsafe"
)

// The kernels below do the element-wise work of a half-step on a block of
// chains at once: p and s are Rows×Cols (one chain a row), bias has Cols
// elements, and u gives one uniform per element in row-major order, the
// draws of calling the row kernels (SigmoidBernoulli, Bernoulli,
// FlipBernoulli) row after row, bit for bit. When both p and s are
// contiguous (Stride = Cols) and short (at most flatCols units) the rows
// of a small model run as one vector, a chunk of up to 256 elements across
// rows at a time, so that a block of 16 chains of 16 units costs a few
// kernel calls instead of a few per row; long rows go through the row
// kernels one call a row. A vector across rows takes the bias repeated
// (biasTile), so that its sigmoid forms x = p + bias as the row kernels
// do. The tempered half-step forms x and β·x first and its sigmoid then
// takes a zero bias: β·x + 0 is β·x, and σ(−0) = σ(+0) = ½.

// flatCols is the most units a row may have for the row kernels of this
// file to run a block as one vector (longer rows: one call a row).
const flatCols = 64

// segments calls f on the elements of p and s in row-major order, a
// chunk of at most chunk elements at a time: chunks across rows when p
// and s are both contiguous, chunks of one row otherwise; col is the
// column of the chunk's first element.
func segments[T Float](p, s General[T], f func(pc, sc []T, col int)) {
	if p.Rows == 0 || p.Cols == 0 {
		return
	}
	rows, n := p.Rows, p.Cols
	if p.Stride == p.Cols && s.Stride == s.Cols {
		rows, n = 1, p.Rows*p.Cols
	}
	for r := 0; r < rows; r++ {
		pr := p.Data[r*p.Stride : r*p.Stride+n]
		sr := s.Data[r*s.Stride : r*s.Stride+n]
		for lo := 0; lo < n; lo += chunk {
			hi := min(lo+chunk, n)
			f(pr[lo:hi], sr[lo:hi], lo%p.Cols)
		}
	}
}

// biasTile fills tile with bias repeated (tile_k = bias_{k mod len(bias)})
// and returns it: a chunk of a vector across rows starting at column col
// reads its bias as tile[col : col+len(chunk)].
func biasTile[T Float](tile, bias []T) []T {
	n := copy(tile, bias)
	for n < len(tile) {
		n += copy(tile[n:], tile[:n])
	}
	return tile
}

// tileLen is the length of the bias tile of p's vectors: a chunk (or the
// whole of p, if shorter) from any column.
func tileLen[T Float](p General[T]) int { return min(chunk, p.Rows*p.Cols) + p.Cols }

// scaleInputs writes x_k = p_k + bias_{(col+k) mod len(bias)} and p_k ←
// β·x_k, in one pass.
func scaleInputs[T Float](p, x, bias []T, beta T, col int) {
	x = x[:len(p)]
	for k := 0; k < len(p); {
		b := bias[col:]
		n := min(len(b), len(p)-k)
		ps, xs := p[k:k+n], x[k:k+n]
		b = b[:n]
		for i := range ps {
			v := ps[i] + b[i]
			xs[i] = v
			ps[i] = beta * v
		}
		k += n
		col = 0
	}
}

// zerosOf returns n ≤ chunk zeros of precision T (read only).
func zerosOf[T Float](n int) []T {
	if Is32[T]() {
		z := zeros32[:n]
		return unsafe.Slice((*T)(unsafe.Pointer(&z[0])), n)
	}
	z := zeros64[:n]
	return unsafe.Slice((*T)(unsafe.Pointer(&z[0])), n)
}

// sigmoidBernoulliBias writes pc_k ← σ(pc_k + bc_k) and sc_k = 1 if
// uc_k < pc_k, else 0: SigmoidBernoulli's step with the uniforms uc drawn
// (bc nil: a zero bias).
func sigmoidBernoulliBias[T Float](pc, bc, sc, uc []T) {
	if len(pc) == 0 {
		return
	}
	if bc == nil {
		bc = zerosOf[T](len(pc))
	}
	if Is32[T]() && haveSIMD {
		sigmoidBernoulli32Drawn(as32(pc), as32(bc), as32(sc), as32(uc))
		return
	}
	sigmoidBernoulliDrawn(pc, bc, sc, uc)
}

// SigmoidRows writes p_ik ← σ(p_ik + bias_k) for every row i of p (bias
// nil: 0), the results of Sigmoid row by row.
func SigmoidRows[T Float](p General[T], bias []T) {
	if p.Cols > flatCols {
		for i := 0; i < p.Rows; i++ {
			Sigmoid(p.Row(i), bias)
		}
		return
	}
	if bias == nil {
		segments(p, p, func(pc, _ []T, _ int) { Sigmoid(pc, nil) })
		return
	}
	var tb [chunk + flatCols]T
	tile := biasTile(tb[:tileLen(p)], bias)
	segments(p, p, func(pc, _ []T, col int) { Sigmoid(pc, tile[col:col+len(pc)]) })
}

// SigmoidBernoulliRows writes p_ik ← σ(p_ik + bias_k) and s_ik ~
// Bernoulli(p_ik) for every row i of p and s, one uniform from u per
// element in row-major order: SigmoidBernoulli row by row, bit for bit.
func SigmoidBernoulliRows[T Float](p, s General[T], bias []T, u *Uniforms[T]) {
	if p.Cols > flatCols {
		for i := 0; i < p.Rows; i++ {
			SigmoidBernoulli(p.Row(i), bias, s.Row(i), u)
		}
		return
	}
	var ub [chunk]T
	var tb [chunk + flatCols]T
	tile := biasTile(tb[:tileLen(p)], bias)
	segments(p, s, func(pc, sc []T, col int) {
		uc := ub[:len(pc)]
		u.Fill(uc)
		sigmoidBernoulliBias(pc, tile[col:col+len(pc)], sc, uc)
	})
}

// BernoulliRows writes s_ik ~ Bernoulli(p_ik) for every row i of p and s,
// one uniform from u per element in row-major order: Bernoulli row by row.
func BernoulliRows[T Float](p, s General[T], u *Uniforms[T]) {
	if p.Cols > flatCols {
		for i := 0; i < p.Rows; i++ {
			Bernoulli(p.Row(i), s.Row(i), u)
		}
		return
	}
	var ub [chunk]T
	segments(p, s, func(pc, sc []T, _ int) { bernoulliWith(pc, sc, u, ub[:len(pc)]) })
}

// FlipRows moves the states s by the blend T_α of flip-the-state and
// Gibbs (FlipBernoulli; α = 0 is Gibbs) for every row i of p and s, with
// p_ik ← σ(p_ik + bias_k) first (bias nil: p holds σ already), one uniform
// from u per element in row-major order: Sigmoid and FlipBernoulli (for
// α = 0, SigmoidBernoulli or Bernoulli) row by row, bit for bit.
func FlipRows[T Float](p, s General[T], bias []T, alpha float64, u *Uniforms[T]) {
	if alpha == 0 {
		if bias != nil {
			SigmoidBernoulliRows(p, s, bias, u)
		} else {
			BernoulliRows(p, s, u)
		}
		return
	}
	var ub [chunk]T
	if p.Cols > flatCols {
		for i := 0; i < p.Rows; i++ {
			if bias != nil {
				Sigmoid(p.Row(i), bias)
			}
			FlipBernoulli(p.Row(i), s.Row(i), alpha, u, ub[:])
		}
		return
	}
	var tile []T
	if bias != nil {
		var tb [chunk + flatCols]T
		tile = biasTile(tb[:tileLen(p)], bias)
	}
	segments(p, s, func(pc, sc []T, col int) {
		if tile != nil {
			Sigmoid(pc, tile[col:col+len(pc)])
		}
		FlipBernoulli(pc, sc, alpha, u, ub[:len(pc)])
	})
}

// TemperedRows is the tempered half-step of parallel tempering: for every
// row i of p and s, with x_k = p_ik + bias_k the unit's input at β = 1, it
// writes p_ik ← σ(β·x_k) and draws s_ik ~ Bernoulli(p_ik), one uniform from
// u per element in row-major order, and, if dot is not nil (one element a
// row), dot_i = Σ_k s_ik·x_k, summed in float64 in the order of k. At
// β = 1 the probabilities and draws are SigmoidBernoulliRows'.
func TemperedRows[T Float](p, s General[T], bias []T, beta T, u *Uniforms[T], dot []float64) {
	var xb, ub [chunk]T
	var e float64
	row, cols := 0, p.Cols
	segments(p, s, func(pc, sc []T, col int) {
		xc := xb[:len(pc)]
		scaleInputs(pc, xc, bias, beta, col)
		uc := ub[:len(pc)]
		u.Fill(uc)
		sigmoidBernoulliBias(pc, nil, sc, uc)
		if dot == nil {
			return
		}
		sc = sc[:len(xc)]
		for k, x := range xc {
			// e += x where s = 1: x's bits masked by s (0 or 1), which
			// adds +0 where s = 0 (and e is never −0), without a branch.
			m := -uint64(sc[k])
			e += math.Float64frombits(math.Float64bits(float64(x)) & m)
			if col++; col == cols {
				dot[row], e, row, col = e, 0, row+1, 0
			}
		}
	})
}
