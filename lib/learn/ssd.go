package learn

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// SSD is stochastic spectral descent (Carlson, Cevher and Carin 2015) for
// binary RBMs: steepest ascent in the Schatten-∞ norm for the weights and
// the ∞-norm for each bias vector. With the gradient estimate (G, g_b, g_c)
// from [Estimator] and the thin SVD G = U diag(s) Vᵀ, it passes to the
// optimiser the direction
//
//	W: ‖G‖_* U_r V_rᵀ,   b: ‖g_b‖₁ sign(g_b),   c: ‖g_c‖₁ sign(g_c),
//
// with ‖G‖_* = Σ s_k the nuclear norm and U_r, V_r the singular vectors of
// the non-zero singular values (s_k > s_1·max(m, n)·ε, ε the machine
// epsilon). When the estimator is CD or PCD, G = V₀ᵀP₀/n₀ − V₁ᵀP₁/n₁ has
// rank at most k = n₀ + n₁, and when k < min(m, n) the SVD is taken of a
// k×k matrix: with G = AᵀB, A = [V₀/n₀; −V₁/n₁] and B = [P₀; P₁] (k rows
// each), and the QR factorisations Aᵀ = Q_a R_a, Bᵀ = Q_b R_b, the SVD of
// R_a R_bᵀ = U_c S V_cᵀ gives G = (Q_a U_c) S (Q_b V_c)ᵀ, at a cost of
// O(mnk + k³) instead of O(mn·min(m, n)), much cheaper at MNIST size. The
// #-operator is applied to each block (W, b, c) separately, each with its
// own norm, as written above (one block's norm does not scale another's
// direction); the optimiser's rate plays the step 1/L, and must be much
// smaller than for SGD since the direction's entries scale with the norms.
// One SVD per update.
//
// Make it with NewSSD. SSD keeps no state of its own: its estimator's (CD
// and PCD refuse a second model until Reset, which SSD.Reset calls; see
// the package doc).
type SSD struct {
	// Estimator gives the gradient estimate (PCD-1 by default).
	Estimator Estimator

	dir    *Grad
	svd    mat.SVD
	u, v   mat.Dense
	fa, fb *mat.Dense // low-rank factors of the gradient

	qa, qb, taua, taub, work []float64 // QR work space
}

// NewSSD returns an SSD learner on the gradient estimates of est; nil est
// is PCD-1 with block Gibbs seeded with 1 (persistent chains, as Carlson
// et al. used).
func NewSSD(est Estimator) *SSD {
	if est == nil {
		est = NewPCD(1, 0, nil)
	}
	return &SSD{Estimator: est}
}

// Steps returns the estimator's Steps.
func (l *SSD) Steps() int {
	if l.Estimator == nil {
		return 0
	}
	return l.Estimator.Steps()
}

// Reset calls the estimator's Reset method, if it has one (CD and PCD
// do), so that the learner can train another model (see the package doc
// on learners' state).
func (l *SSD) Reset() {
	if r, ok := l.Estimator.(interface{ Reset() }); ok {
		r.Reset()
	}
}

// Update makes one SSD update of m (an [*rbm.Binary]) from batch through opt.
func (l *SSD) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	return update("SSD", m, batch, opt, l.Direction)
}

// Direction returns the SSD direction for m on batch without changing m.
// The returned Grad is owned by l and overwritten by the next call.
func (l *SSD) Direction(m *rbm.Binary, batch *mat.Dense) (*Grad, error) {
	if l.Estimator == nil {
		return nil, errors.New("learn: SSD: nil estimator (use NewSSD)")
	}
	g, err := l.Estimator.Gradient(m, batch)
	if err != nil {
		return nil, fmt.Errorf("learn: SSD: %w", err)
	}
	nv, nh := m.Visible(), m.Hidden()
	if l.dir == nil || l.dir.Fits(m) != nil {
		l.dir = NewGrad(m)
	}
	if a, b, ok := l.factors(batch); ok && a.RawMatrix().Rows < min(nv, nh) {
		if err := l.sharpLowRank(l.dir, g, a, b); err != nil {
			return nil, fmt.Errorf("learn: SSD: %w", err)
		}
		return l.dir, nil
	}
	if err := Sharp(l.dir, g, nv, nh, &l.svd, &l.u, &l.v); err != nil {
		return nil, fmt.Errorf("learn: SSD: %w", err)
	}
	return l.dir, nil
}

// factors returns, when the estimator is a CD or PCD learner that has just
// made its gradient G = V₀ᵀP₀/n₀ − V₁ᵀP₁/n₁, the factors A = [V₀/n₀; −V₁/n₁]
// and B = [P₀; P₁] (stacked rows) with G = AᵀB, whose k = n₀ + n₁ rows
// bound the rank of G.
func (l *SSD) factors(batch *mat.Dense) (a, b *mat.Dense, ok bool) {
	var v0, p0, v1, p1 *mat.Dense
	switch e := l.Estimator.(type) {
	case *CD:
		v0, p0, v1, p1 = batch, e.pos, e.chains.V, e.chains.PH
	case *PCD:
		v0, p0, v1, p1 = batch, e.pos, e.chains.V, e.chains.PH
	default:
		return nil, nil, false
	}
	n0, nv := v0.Dims()
	n1, nh := p1.Dims()
	l.fa = buf.Dense(l.fa, n0+n1, nv)
	l.fb = buf.Dense(l.fb, n0+n1, nh)
	for i := 0; i < n0; i++ {
		ra, rv := l.fa.RawRowView(i), v0.RawRowView(i)
		for j := range ra {
			ra[j] = rv[j] / float64(n0)
		}
		copy(l.fb.RawRowView(i), p0.RawRowView(i))
	}
	for i := 0; i < n1; i++ {
		ra, rv := l.fa.RawRowView(n0+i), v1.RawRowView(i)
		for j := range ra {
			ra[j] = -rv[j] / float64(n1)
		}
		copy(l.fb.RawRowView(n0+i), p1.RawRowView(i))
	}
	return l.fa, l.fb, true
}

// sharpLowRank writes the #-direction of g into dst (as Sharp) using
// G = AᵀB with k < min(m, n) rows in A and B: with the QR factors
// Aᵀ = Q_a [R_a; 0] and Bᵀ = Q_b [R_b; 0] (Householder, Q_a m×m and Q_b
// n×n kept as reflectors), G = Q_a [R_a R_bᵀ, 0; 0, 0] Q_bᵀ, so the SVD of
// the k×k matrix C = R_a R_bᵀ = U_c S V_cᵀ gives that of G with the same
// singular values. The weight direction ‖G‖_* Q_a [U_c,r V_c,rᵀ, 0; 0, 0] Q_bᵀ
// is formed by applying the reflectors (blocked, matrix products). Cost
// O(mnk + k³) instead of the O(mn·min(m, n)) of a full SVD.
func (l *SSD) sharpLowRank(dst, g *Grad, a, b *mat.Dense) error {
	k, nv := a.Dims()
	_, nh := b.Dims()
	qa, taua := l.householder(&l.qa, &l.taua, a)
	qb, taub := l.householder(&l.qb, &l.taub, b)
	// C = R_a R_bᵀ from the upper triangles.
	ra, rb := mat.NewDense(k, k, nil), mat.NewDense(k, k, nil)
	for i := 0; i < k; i++ {
		copy(ra.RawRowView(i)[i:], qa.Data[i*qa.Stride+i:i*qa.Stride+k])
		copy(rb.RawRowView(i)[i:], qb.Data[i*qb.Stride+i:i*qb.Stride+k])
	}
	var c mat.Dense
	c.Mul(ra, rb.T())
	if !l.svd.Factorize(&c, mat.SVDThin) {
		return errors.New("SVD of the reduced weight gradient did not converge")
	}
	s := l.svd.Values(nil)
	nuc, r := 0.0, 0
	tol := 0.0
	if len(s) > 0 {
		tol = s[0] * float64(max(nv, nh)) * 0x1p-52
	}
	for _, x := range s {
		nuc += x
		if x > tol {
			r++
		}
	}
	dw := blas64.General{Rows: nv, Cols: nh, Stride: nh, Data: dst.Parts[0]}
	clear(dw.Data)
	if r > 0 {
		l.u.Reset()
		l.v.Reset()
		l.svd.UTo(&l.u)
		l.svd.VTo(&l.v)
		ur := l.u.Slice(0, k, 0, r).(*mat.Dense).RawMatrix()
		vr := l.v.Slice(0, k, 0, r).(*mat.Dense).RawMatrix()
		top := blas64.General{Rows: k, Cols: k, Stride: nh, Data: dw.Data}
		blas64.Gemm(blas.NoTrans, blas.Trans, nuc, ur, vr, 0, top)
		work := []float64{0}
		lapack64.Ormqr(blas.Left, blas.NoTrans, qa, taua, dw, work, -1)
		lw := int(work[0])
		lapack64.Ormqr(blas.Right, blas.Trans, qb, taub, dw, work, -1)
		lw = max(lw, int(work[0]))
		if len(l.work) < lw {
			l.work = make([]float64, lw)
		}
		lapack64.Ormqr(blas.Left, blas.NoTrans, qa, taua, dw, l.work, len(l.work))
		lapack64.Ormqr(blas.Right, blas.Trans, qb, taub, dw, l.work, len(l.work))
	}
	signL1(dst.Parts[1], g.Parts[1])
	signL1(dst.Parts[2], g.Parts[2])
	return nil
}

// householder copies xᵀ (x is k×m) into *buf as an m×k matrix, factorises
// it in place by Householder QR (R in the upper triangle, the reflectors
// below it and in *tau) and returns it and the k scalars of the
// reflectors.
func (l *SSD) householder(buf *[]float64, tau *[]float64, x *mat.Dense) (blas64.General, []float64) {
	k, m := x.Dims()
	if cap(*buf) < m*k {
		*buf = make([]float64, m*k)
	}
	if cap(*tau) < k {
		*tau = make([]float64, k)
	}
	q := blas64.General{Rows: m, Cols: k, Stride: k, Data: (*buf)[:m*k]}
	t := (*tau)[:k]
	for i := 0; i < k; i++ {
		for j, v := range x.RawRowView(i) {
			q.Data[j*k+i] = v
		}
	}
	work := []float64{0}
	lapack64.Geqrf(q, t, work, -1)
	if len(l.work) < int(work[0]) {
		l.work = make([]float64, int(work[0]))
	}
	lapack64.Geqrf(q, t, l.work, len(l.work))
	return q, t
}

// signL1 writes dst = ‖g‖₁ sign(g).
func signL1(dst, g []float64) {
	l1 := 0.0
	for _, x := range g {
		l1 += math.Abs(x)
	}
	for i, x := range g {
		switch {
		case x > 0:
			dst[i] = l1
		case x < 0:
			dst[i] = -l1
		default:
			dst[i] = 0
		}
	}
}

// Sharp writes into dst the #-direction of the binary-RBM gradient g (a
// visible×hidden weight part, then the visible and hidden biases): the
// weights get ‖G‖_* U_r V_rᵀ and each bias vector ‖g‖₁ sign(g) (see SSD).
// svd, u and v are work space (nil allowed). It fails if g does not have
// the three parts of those shapes or the SVD does not converge.
func Sharp(dst, g *Grad, nv, nh int, svd *mat.SVD, u, v *mat.Dense) error {
	if g == nil || dst == nil || len(g.Parts) != 3 || len(dst.Parts) != 3 ||
		len(g.Parts[0]) != nv*nh || len(g.Parts[1]) != nv || len(g.Parts[2]) != nh ||
		len(dst.Parts[0]) != nv*nh || len(dst.Parts[1]) != nv || len(dst.Parts[2]) != nh {
		return fmt.Errorf("Sharp: gradients do not have the parts of a %d×%d binary RBM", nv, nh)
	}
	if svd == nil {
		svd = new(mat.SVD)
	}
	if u == nil {
		u = new(mat.Dense)
	}
	if v == nil {
		v = new(mat.Dense)
	}
	G := mat.NewDense(nv, nh, g.Parts[0])
	if !svd.Factorize(G, mat.SVDThin) {
		return errors.New("Sharp: SVD of the weight gradient did not converge")
	}
	s := svd.Values(nil)
	nuc := 0.0
	r := 0
	tol := 0.0
	if len(s) > 0 {
		tol = s[0] * float64(max(nv, nh)) * 0x1p-52
	}
	for _, x := range s {
		nuc += x
		if x > tol {
			r++
		}
	}
	dw := blas64.General{Rows: nv, Cols: nh, Stride: nh, Data: dst.Parts[0]}
	if r == 0 {
		clear(dw.Data)
	} else {
		u.Reset()
		v.Reset()
		svd.UTo(u)
		svd.VTo(v)
		ur := u.Slice(0, nv, 0, r).(*mat.Dense).RawMatrix()
		vr := v.Slice(0, nh, 0, r).(*mat.Dense).RawMatrix()
		blas64.Gemm(blas.NoTrans, blas.Trans, nuc, ur, vr, 0, dw)
	}
	signL1(dst.Parts[1], g.Parts[1])
	signL1(dst.Parts[2], g.Parts[2])
	return nil
}

var (
	_ Estimator = (*CD)(nil)
	_ Estimator = (*PCD)(nil)
	_ Learner   = (*SSD)(nil)
	_ Learner   = (*FPCD)(nil)
	_ Learner   = (*SDCP)(nil)
	_ Learner   = (*CSDCP)(nil)
	_ Learner   = (*Centered)(nil)
)
