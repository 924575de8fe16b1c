package learn

import (
	"errors"
	"fmt"
	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/internal/kern"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// SDCP is stochastic difference-of-convex programming (S-DCP), Upadhya and
// Sastry 2017, Algorithm 3, for binary RBMs. The log-likelihood is f − g
// with f = log Z and g = log Σ_h e^{−E(v,h)} both convex; one update of
// θ^(t) runs D inner gradient steps on the convex f(θ) − θᵀ∇g(θ^(t), V):
//
//	θ̃⁽⁰⁾ = θ^(t),  V_n = V,
//	for l = 0 … D−1:  V_n ← K' Gibbs steps from V_n under θ̃⁽ˡ⁾,
//	                  θ̃⁽ˡ⁺¹⁾ = θ̃⁽ˡ⁾ + ε (∇g(θ^(t), V) − ∇̂f(θ̃⁽ˡ⁾, V_n)),
//
// with the positive statistics ∇g = (VᵀP/n, mean V, mean P), P = p(h=1|V)
// under θ^(t), computed once per update, and the negative statistics
// ∇̂f = (V_nᵀP_n/n, mean V_n, mean P_n), P_n = p(h=1|V_n) under θ̃⁽ˡ⁾. There
// is one chain per example, started at it and kept through the inner loop
// (not across updates). Each inner step is one opt.Step, so D = 1 is CD-K'
// exactly (the same numbers with the same sampler seed). At equal cost,
// D·K' = K of CD-K.
//
// Make it with NewSDCP. Its settings are the fields D (inner steps), K
// (sampling steps per inner step, K') and Sampler, promoted from an
// unexported embedded struct; set them before the first update. After the
// first update with a given batch size it does not allocate. Its chains
// belong to the model of the first update: it refuses another model until
// Reset (see the package doc).
type SDCP struct {
	dcp
}

// NewSDCP returns an S-DCP learner with d inner steps (d ≤ 0 means 1) of
// k sampling steps each (k ≤ 0 means 1) run by s; a nil s is block Gibbs
// seeded with 1.
func NewSDCP(d, k int, s mcmc.Sampler) *SDCP {
	return &SDCP{dcp: newDCP("SDCP", d, k, s, false)}
}

// CSDCP is centered S-DCP (CS-DCP), Upadhya and Sastry 2017, Algorithm 4:
// S-DCP (see SDCP) on the centered energy of Melchior et al. 2016,
//
//	E(v, h) = −(v − μ)ᵀW(h − λ) − bᵀv − cᵀh,
//
// with offsets μ (visible) and λ (hidden) that follow moving averages of
// the batch means of v and p(h=1|v). See Centered, which is CS-DCP with
// D = 1, for how the offsets and the model's (uncentered) parameters
// relate. Make it with NewCSDCP. Its settings are the fields D, K and
// Sampler (as SDCP), RateMu and RateLambda (ν_μ, ν_λ; 0 means 0.01) and the
// offsets Mu and Lambda (nil: μ starts at the first batch's mean, λ at ½),
// promoted from an unexported embedded struct. Its offsets and chains
// belong to the model of the first update: it refuses another model until
// Reset (see the package doc).
type CSDCP struct {
	dcp
}

// NewCSDCP returns a CS-DCP learner with d inner steps (d ≤ 0 means 1) of
// k sampling steps each (k ≤ 0 means 1) run by s (nil: block Gibbs seeded
// with 1), with offset rates ν_μ = ν_λ = 0.01.
func NewCSDCP(d, k int, s mcmc.Sampler) *CSDCP {
	return &CSDCP{dcp: newDCP("CSDCP", d, k, s, true)}
}

// Offsets returns the current offsets μ (visible) and λ (hidden), nil
// before the first update. They are the learner's state, not copies.
func (l *CSDCP) Offsets() (mu, lambda []float64) { return l.mu, l.lambda }

// dcp is the S-DCP and CS-DCP update, centred or not.
type dcp struct {
	// D is the number of inner gradient steps per update (≥ 1).
	D int
	// K is the number of sampling steps per inner step (K' of the paper,
	// ≥ 1).
	K int
	// Sampler runs the chains.
	Sampler mcmc.Sampler
	// RateMu and RateLambda are the rates ν_μ and ν_λ of the moving
	// averages of the offsets (centred learners only); 0 means 0.01.
	RateMu, RateLambda float64
	// Mu and Lambda are the offsets μ and λ (centred learners only). If
	// Mu is nil at the first update, it starts at the mean of the first
	// batch (set it to the data set's mean beforehand to follow Melchior
	// et al. exactly); if Lambda is nil, it starts at ½ for every unit.
	Mu, Lambda []float64

	name     string
	centered bool
	mu       []float64 // aliases Mu
	lambda   []float64 // aliases Lambda

	chains           *mcmc.Chains
	grad             *Grad
	pos              *mat.Dense // P = p(h=1|V) under θ^(t)
	posW             []float64  // positive weight statistics
	posB, posC       []float64  // positive bias statistics (not centred)
	muB, lamB        []float64  // batch means of V and P
	negMuV, negLamH  []float64  // means of V_n and P_n
	dirLam, dirMuBuf []float64
	owner            bound
	prec             rbm.Precision // the model's, at this update
	f32              gradBuf       // float32 copies for the products of a Float32 model
}

func newDCP(name string, d, k int, s mcmc.Sampler, centered bool) dcp {
	if d <= 0 {
		d = 1
	}
	if k <= 0 {
		k = 1
	}
	if s == nil {
		s = mcmc.NewGibbs(1)
	}
	return dcp{D: d, K: k, Sampler: s, name: name, centered: centered}
}

// alloc makes the buffers of an nv×nh model.
func (l *dcp) alloc(nv, nh int) {
	l.grad = &Grad{Parts: [][]float64{make([]float64, nv*nh), make([]float64, nv), make([]float64, nh)}}
	l.posW = make([]float64, nv*nh)
	l.posB, l.muB, l.negMuV, l.dirMuBuf = make([]float64, nv), make([]float64, nv), make([]float64, nv), make([]float64, nv)
	l.posC, l.lamB, l.negLamH, l.dirLam = make([]float64, nh), make([]float64, nh), make([]float64, nh), make([]float64, nh)
	l.pos = nil
}

// Reset forgets the chains' states, the offsets μ and λ (Mu and Lambda
// become nil, and start again as at the first update) and the model the
// learner was training, so that it can train another (see the package doc
// on learners' state). The sampler's random streams run on.
func (l *dcp) Reset() {
	*l = dcp{D: l.D, K: l.K, Sampler: l.Sampler, RateMu: l.RateMu, RateLambda: l.RateLambda, name: l.name, centered: l.centered}
}

// Steps returns D·K, the sampling steps of one update.
func (l *dcp) Steps() int { return max(l.D, 1) * max(l.K, 1) }

// Update makes one update of m (an [*rbm.Binary]) from batch: D inner steps,
// each one call of opt.Step.
func (l *dcp) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	b, ok := m.(*rbm.Binary)
	if !ok {
		return fmt.Errorf("learn: %s.Update: model is %T, want *rbm.Binary", l.name, m)
	}
	if opt == nil {
		return fmt.Errorf("learn: %s.Update: nil optimizer", l.name)
	}
	if err := l.update(b, batch, opt); err != nil {
		return fmt.Errorf("learn: %s.Update: %w", l.name, err)
	}
	return nil
}

func (l *dcp) update(m *rbm.Binary, batch *mat.Dense, opt Optimizer) error {
	if m == nil || batch == nil {
		return errors.New("nil model or batch")
	}
	if l.Sampler == nil {
		return errors.New("nil sampler")
	}
	n, cols := batch.Dims()
	nv, nh := m.Visible(), m.Hidden()
	if cols != nv {
		return fmt.Errorf("batch has %d columns, model has %d visible units", cols, nv)
	}
	if err := l.owner.bind(m, l.name); err != nil {
		return err
	}
	if l.chains == nil || l.chains.V.RawMatrix().Cols != nv || l.chains.H.RawMatrix().Cols != nh {
		c, err := mcmc.NewChains(m, n, nil)
		if err != nil {
			return err
		}
		l.chains = c
		l.alloc(nv, nh)
	}
	if l.centered {
		if err := l.initOffsets(nv, nh); err != nil {
			return err
		}
	}
	l.pos = buf.Dense(l.pos, n, nh)
	l.prec = m.Precision
	vr, pr := batch.RawMatrix(), l.pos.RawMatrix()
	gw := blas64.General{Rows: nv, Cols: nh, Stride: nh, Data: l.grad.Parts[0]}
	pw := blas64.General{Rows: nv, Cols: nh, Stride: nh, Data: l.posW}
	for it := 0; it < max(l.D, 1); it++ {
		if it == 0 {
			// The chains start at the batch; SampleFrom gives P =
			// p(h=1|V) under θ^(t) with it, as for CD.
			if err := mcmc.SampleFrom(l.Sampler, m, l.chains, batch, max(l.K, 1), l.pos); err != nil {
				return fmt.Errorf("inner step %d: %w", it, err)
			}
			l.positive(vr, pr, pw)
		} else if err := l.Sampler.Sample(m, l.chains, max(l.K, 1)); err != nil {
			return fmt.Errorf("inner step %d: %w", it, err)
		}
		if err := l.chains.HiddenProb(m); err != nil {
			return fmt.Errorf("inner step %d: %w", it, err)
		}
		vn, hn := l.chains.V.RawMatrix(), l.chains.PH.RawMatrix()
		if !l.centered {
			copy(gw.Data, pw.Data)
			l.outer(gw, -1/float64(vn.Rows), 1, vn, hn)
			subColMean(l.grad.Parts[1], l.posB, vn)
			subColMean(l.grad.Parts[2], l.posC, hn)
		} else {
			l.centeredGrad(it == 0, vr, pr, vn, hn, pw, gw)
		}
		if err := opt.Step(m, l.grad); err != nil {
			return fmt.Errorf("inner step %d: %w", it, err)
		}
	}
	return nil
}

// positive takes the statistics of the batch V (vr) with P = p(h=1|V)
// (pr) under θ^(t), once per update: the batch means for the centred
// learners (and μ from the first batch if unset), else VᵀP/n into pw and
// the means of V and P, in the order of binaryGrad so that D = 1 gives
// CD's numbers exactly.
func (l *dcp) positive(vr, pr, pw blas64.General) {
	if l.centered {
		colMean(l.muB, vr)
		colMean(l.lamB, pr)
		if l.Mu == nil {
			l.Mu = append(l.mu[:0], l.muB...)
			l.mu = l.Mu
		}
		return
	}
	l.outer(pw, 1/float64(vr.Rows), 0, vr, pr)
	colMeanInto(l.posB, vr)
	colMeanInto(l.posC, pr)
}

// initOffsets checks or makes the offsets: λ = ½ when unset; μ is set from
// the first batch by update.
func (l *dcp) initOffsets(nv, nh int) error {
	if l.Mu != nil && len(l.Mu) != nv {
		return fmt.Errorf("offset Mu has %d elements, model has %d visible units", len(l.Mu), nv)
	}
	if l.Lambda != nil && len(l.Lambda) != nh {
		return fmt.Errorf("offset Lambda has %d elements, model has %d hidden units", len(l.Lambda), nh)
	}
	if l.Lambda == nil {
		l.Lambda = make([]float64, nh)
		for j := range l.Lambda {
			l.Lambda[j] = 0.5
		}
	}
	l.mu, l.lambda = l.Mu, l.Lambda
	return nil
}

// centeredGrad does one inner step of Algorithm 4 after the sampling: it
// moves the offsets towards the batch means (the bias re-parameterisation
// b ← b + ν_λ W(λ_batch − λ), c ← c + ν_μ Wᵀ(μ_batch − μ) of the centred
// biases leaves the model's standard parameters, hence its distribution,
// unchanged, so nothing is written to m), computes the centred gradient
//
//	∇W = (V − μ)ᵀ(P − λ)/n − (V_n − μ)ᵀ(P_n − λ)/n   (first term once, at l = 0),
//	∇b = mean V − mean V_n,  ∇c = mean P − mean P_n,
//
// and writes into l.grad the step it makes on the standard parameters
// (W, b_s = b − Wλ, c_s = c − Wᵀμ): (∇W, ∇b − ∇W λ, ∇c − ∇Wᵀ μ). With plain
// SGD this is exactly the centred step followed by the change of
// coordinates.
func (l *dcp) centeredGrad(first bool, vr, pr, vn, hn, pw, gw blas64.General) {
	nuMu, nuLam := l.RateMu, l.RateLambda
	if nuMu == 0 {
		nuMu = 0.01
	}
	if nuLam == 0 {
		nuLam = 0.01
	}
	mu, lam := l.mu, l.lambda
	for i := range mu {
		mu[i] = (1-nuMu)*mu[i] + nuMu*l.muB[i]
	}
	for j := range lam {
		lam[j] = (1-nuLam)*lam[j] + nuLam*l.lamB[j]
	}
	if first {
		l.centeredOuter(pw, 1/float64(vr.Rows), 0, vr, pr, l.muB, l.lamB, mu, lam, l.dirMuBuf)
	}
	colMean(l.negMuV, vn)
	colMean(l.negLamH, hn)
	copy(gw.Data, pw.Data)
	l.centeredOuter(gw, -1/float64(vn.Rows), 1, vn, hn, l.negMuV, l.negLamH, mu, lam, l.dirMuBuf)
	gb, gc := l.grad.Parts[1], l.grad.Parts[2]
	for i := range gb {
		gb[i] = l.muB[i] - l.negMuV[i]
	}
	for j := range gc {
		gc[j] = l.lamB[j] - l.negLamH[j]
	}
	// b_s step: ∇b − ∇W λ; c_s step: ∇c − ∇Wᵀ μ.
	blas64.Gemv(blas.NoTrans, -1, gw, blas64.Vector{N: len(lam), Inc: 1, Data: lam}, 1, blas64.Vector{N: len(gb), Inc: 1, Data: gb})
	blas64.Gemv(blas.Trans, -1, gw, blas64.Vector{N: len(mu), Inc: 1, Data: mu}, 1, blas64.Vector{N: len(gc), Inc: 1, Data: gc})
}

// centeredOuter writes dst ← beta·dst + alpha·(V − 1μᵀ)ᵀ(H − 1λᵀ) using
//
//	(V − 1μᵀ)ᵀ(H − 1λᵀ) = VᵀH − n μ h̄ᵀ − n (v̄ − μ) λᵀ,
//
// with v̄, h̄ the column means of V and H (n rows): one product and two
// rank-one updates (the product in the model's precision, see outer). tmp
// has len(μ) elements.
func (l *dcp) centeredOuter(dst blas64.General, alpha, beta float64, v, h blas64.General, vbar, hbar, mu, lam, tmp []float64) {
	n := float64(v.Rows)
	l.outer(dst, alpha, beta, v, h)
	blas64.Ger(-alpha*n, blas64.Vector{N: len(mu), Inc: 1, Data: mu}, blas64.Vector{N: len(hbar), Inc: 1, Data: hbar}, dst)
	for i := range tmp {
		tmp[i] = vbar[i] - mu[i]
	}
	blas64.Ger(-alpha*n, blas64.Vector{N: len(tmp), Inc: 1, Data: tmp}, blas64.Vector{N: len(lam), Inc: 1, Data: lam}, dst)
}

// colMean writes dst_j = mean_i a_ij.
func colMean(dst []float64, a blas64.General) {
	clear(dst)
	for i := 0; i < a.Rows; i++ {
		for j, x := range a.Data[i*a.Stride : i*a.Stride+a.Cols] {
			dst[j] += x
		}
	}
	f := 1 / float64(a.Rows)
	for j := range dst {
		dst[j] *= f
	}
}

// colMeanInto writes dst_j = Σ_i a_ij/n accumulated term by term, as
// colMeanDiff does for its first operand.
func colMeanInto(dst []float64, a blas64.General) {
	clear(dst)
	fa := 1 / float64(a.Rows)
	for i := 0; i < a.Rows; i++ {
		for j, x := range a.Data[i*a.Stride : i*a.Stride+a.Cols] {
			dst[j] += fa * x
		}
	}
}

// subColMean writes dst = pos − mean_i b_i· term by term, as colMeanDiff
// does for its second operand.
func subColMean(dst, pos []float64, b blas64.General) {
	copy(dst, pos)
	fb := 1 / float64(b.Rows)
	for i := 0; i < b.Rows; i++ {
		for j, x := range b.Data[i*b.Stride : i*b.Stride+b.Cols] {
			dst[j] -= fb * x
		}
	}
}

// outer writes dst ← beta·dst + alpha·VᵀH with the product in the model's
// precision: through blas64 for Float64; for Float32 through sgemm on
// float32 copies of v and h, the result added to dst in float64.
func (l *dcp) outer(dst blas64.General, alpha, beta float64, v, h blas64.General) {
	if l.prec != rbm.Float32 {
		kern.Gemm64(true, false, alpha, v, h, beta, dst)
		return
	}
	b := &l.f32
	b.v1 = to32(b.v1, kern.General[float64]{Rows: v.Rows, Cols: v.Cols, Stride: v.Stride, Data: v.Data})
	b.p1 = to32(b.p1, kern.General[float64]{Rows: h.Rows, Cols: h.Cols, Stride: h.Stride, Data: h.Data})
	b.gw = sized32(b.gw, v.Cols, h.Cols)
	kern.Gemm(true, false, float32(alpha), b.v1, b.p1, 0, b.gw)
	for i := 0; i < dst.Rows; i++ {
		row, g := dst.Data[i*dst.Stride:i*dst.Stride+dst.Cols], b.gw.Row(i)
		for j := range row {
			row[j] = beta*row[j] + float64(g[j])
		}
	}
}
