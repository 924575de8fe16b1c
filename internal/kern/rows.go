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
// kernels, which add the bias inside their sigmoid's loop. The bias is added first (x = p + bias, the sum the row kernels
// form) and the sigmoid then takes a zero bias: x + 0 is x, and σ(−0) =
// σ(+0) = ½, so the results are the row kernels'.

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

// addBias adds bias, cycled, to x: x_k += bias_{(col+k) mod len(bias)}.
func addBias[T Float](x, bias []T, col int) {
	for k := 0; k < len(x); {
		b := bias[col:]
		xs := x[k:min(k+len(b), len(x))]
		b = b[:len(xs)]
		for i := range xs {
			xs[i] += b[i]
		}
		k += len(xs)
		col = 0
	}
}

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

// sigmoidBernoulliZero writes pc_k ← σ(pc_k) and sc_k = 1 if uc_k < pc_k,
// else 0: SigmoidBernoulli's step with a zero bias and the uniforms uc
// drawn.
func sigmoidBernoulliZero[T Float](pc, sc, uc []T) {
	if len(pc) == 0 {
		return
	}
	z := zerosOf[T](len(pc))
	if Is32[T]() && haveSIMD {
		sigmoidBernoulli32Drawn(as32(pc), as32(z), as32(sc), as32(uc))
		return
	}
	sigmoidBernoulliDrawn(pc, z, sc, uc)
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
	segments(p, p, func(pc, _ []T, col int) {
		if bias != nil {
			addBias(pc, bias, col)
		}
		Sigmoid(pc, nil)
	})
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
	segments(p, s, func(pc, sc []T, col int) {
		addBias(pc, bias, col)
		uc := ub[:len(pc)]
		u.Fill(uc)
		sigmoidBernoulliZero(pc, sc, uc)
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
	segments(p, s, func(pc, sc []T, col int) {
		if bias != nil {
			addBias(pc, bias, col)
			Sigmoid(pc, nil)
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
		sigmoidBernoulliZero(pc, sc, uc)
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
