package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/buf"
	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// NewGaussianChains returns n chains for m started as the paper's modified
// CD starts its negative chains (Algs. 3-5): v ~ N(0, I) and h ~ p(h | v),
// drawn from rng (see Chains.ResetNoise). A nil rng starts every unit at 0.
func NewGaussianChains(m *rbm.Gaussian, n int, rng *rand.Rand) (*Chains, error) {
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("mcmc: NewGaussianChains: %w", err)
	}
	c, err := NewChains(m, n, nil)
	if err != nil {
		return nil, fmt.Errorf("mcmc: NewGaussianChains: %w", err)
	}
	if rng != nil {
		if err := c.ResetNoise(m, rng); err != nil {
			return nil, fmt.Errorf("mcmc: NewGaussianChains: %w", err)
		}
	}
	return c, nil
}

// ResetNoise restarts every chain of c from noise for the GRBM m: each v_i
// ~ N(0, 1), then h ~ p(h | v) (Eq. 4), with PH = p(h=1 | v). It returns an
// error if m is not valid or does not fit c.
func (c *Chains) ResetNoise(m *rbm.Gaussian, rng *rand.Rand) error {
	if err := checkGaussian(m, c); err != nil {
		return fmt.Errorf("mcmc: ResetNoise: %w", err)
	}
	if rng == nil {
		return errors.New("mcmc: ResetNoise: nil random source")
	}
	vr := c.V.RawMatrix()
	for k := 0; k < vr.Rows; k++ {
		for i := range vr.Data[k*vr.Stride : k*vr.Stride+vr.Cols] {
			vr.Data[k*vr.Stride+i] = rng.NormFloat64()
		}
	}
	m.HiddenProb(c.PH, c.V)
	drawBernoulli(c.H, c.PH, rng)
	return nil
}

// gaussWork holds a GRBM's per-call quantities and the buffers that the
// samplers reuse: iv = 1/σ², sd = σ, rel = σ²/σ̄² (σ̄² the mean variance),
// ws = diag(1/σ²)·W.
type gaussWork struct {
	m           *rbm.Gaussian
	iv, sd, rel []float64
	ws          *mat.Dense
}

// scale returns the step factor of visible unit i: σ_i²/σ̄² with perUnit
// (the samplers' PerUnit option), else 1.
func (w *gaussWork) scale(i int, perUnit bool) float64 {
	if perUnit {
		return w.rel[i]
	}
	return 1
}

// unitSteps returns au and sq (resized to the visible units) holding the
// step of every visible unit, au_i = a·scale(i), and the standard
// deviation of its Langevin noise at temperature T = rt², sq_i = rt·√(2 au_i).
func (w *gaussWork) unitSteps(au, sq []float64, a, rt float64, perUnit bool) ([]float64, []float64) {
	au, sq = buf.Floats(au, len(w.rel)), buf.Floats(sq, len(w.rel))
	for i := range au {
		au[i] = a * w.scale(i, perUnit)
		sq[i] = rt * math.Sqrt(2*au[i])
	}
	return au, sq
}

// checkGaussian reports whether m is valid and fits c.
func checkGaussian(m *rbm.Gaussian, c *Chains) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if c == nil || c.V == nil || c.H == nil || c.PV == nil || c.PH == nil {
		return errors.New("nil chains or chains without PV, PH (make them with NewGaussianChains)")
	}
	nv, nh := m.W.Dims()
	n, cv := c.V.Dims()
	hn, ch := c.H.Dims()
	pvr, pvc := c.PV.Dims()
	phr, phc := c.PH.Dims()
	if cv != nv || ch != nh || hn != n || pvr != n || pvc != nv || phr != n || phc != nh {
		return fmt.Errorf("chains have V %d×%d, H %d×%d, PV %d×%d, PH %d×%d; model has %d visible and %d hidden units", n, cv, hn, ch, pvr, pvc, phr, phc, nv, nh)
	}
	return nil
}

// begin validates m against c and fills iv, sd and ws.
func (w *gaussWork) begin(m *rbm.Gaussian, c *Chains) error {
	if err := checkGaussian(m, c); err != nil {
		return err
	}
	nv, nh := m.W.Dims()
	w.m = m
	w.iv = buf.Floats(w.iv, nv)
	w.sd = buf.Floats(w.sd, nv)
	w.rel = buf.Floats(w.rel, nv)
	mv := m.MeanVar()
	for i, l := range m.LogVar {
		w.iv[i] = math.Exp(-l)
		w.sd[i] = math.Exp(0.5 * l)
		w.rel[i] = math.Exp(l) / mv
	}
	w.ws = buf.Dense(w.ws, nv, nh)
	wr, mr := w.ws.RawMatrix(), m.W.RawMatrix()
	for i := 0; i < nv; i++ {
		for j, x := range mr.Data[i*mr.Stride : i*mr.Stride+nh] {
			wr.Data[i*wr.Stride+j] = x * w.iv[i]
		}
	}
	return nil
}

// hiddenInput writes x = (v/σ²)·W + 1·cᵀ.
func (w *gaussWork) hiddenInput(x, v *mat.Dense) {
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, v.RawMatrix(), w.ws.RawMatrix(), 0, x.RawMatrix())
	addRow(x, w.m.C)
}

// hiddenProb writes p = σ((v/σ²)·W + 1·cᵀ), Eq. (4).
func (w *gaussWork) hiddenProb(p, v *mat.Dense) {
	w.hiddenInput(p, v)
	rbm.SigmoidInPlace(p.RawMatrix().Data)
}

// visibleMean writes mu = h·Wᵀ + 1·μᵀ, the mean of p(v | h), Eq. (3).
func (w *gaussWork) visibleMean(mu, h *mat.Dense) {
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, h.RawMatrix(), w.m.W.RawMatrix(), 0, mu.RawMatrix())
	addRow(mu, w.m.Mu)
}

// addRow adds r to every row of d.
func addRow(d *mat.Dense, r []float64) {
	raw := d.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols]
		for j, x := range r {
			row[j] += x
		}
	}
}

// sampleHidden writes p_kj ← σ(p_kj + bias_j) and draws h_kj ~
// Bernoulli(p_kj), row by row through the fused kernel
// kern.SigmoidBernoulli, one uniform of u per unit in order: the draws of
// the samplers' hidden layers, whose uniforms come from the sampler's own
// source (so that its state, MarshalBinary's, is still that source's).
func sampleHidden(p, h *mat.Dense, bias []float64, u *kern.Uniforms[float64]) {
	pr, hr := p.RawMatrix(), h.RawMatrix()
	for k := 0; k < pr.Rows; k++ {
		kern.SigmoidBernoulli(pr.Data[k*pr.Stride:k*pr.Stride+pr.Cols], bias, hr.Data[k*hr.Stride:k*hr.Stride+hr.Cols], u)
	}
}

// hiddenSample writes p = σ((v/σ²)·W + 1·cᵀ), Eq. (4), and h ~
// Bernoulli(p) (sampleHidden).
func (w *gaussWork) hiddenSample(p, h, v *mat.Dense, u *kern.Uniforms[float64]) {
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, v.RawMatrix(), w.ws.RawMatrix(), 0, p.RawMatrix())
	sampleHidden(p, h, w.m.C, u)
}

// drawBernoulli sets h_kj = 1 with probability p_kj, else 0, one
// rng.Float64 per unit: ResetNoise's draws from the caller's source.
func drawBernoulli(h, p *mat.Dense, rng *rand.Rand) {
	hr, pr := h.RawMatrix(), p.RawMatrix()
	for k := 0; k < hr.Rows; k++ {
		hrow := hr.Data[k*hr.Stride : k*hr.Stride+hr.Cols]
		for j, q := range pr.Data[k*pr.Stride : k*pr.Stride+pr.Cols] {
			if rng.Float64() < q {
				hrow[j] = 1
			} else {
				hrow[j] = 0
			}
		}
	}
}

// GaussGibbs is block Gibbs sampling for a GRBM (the paper's Alg. 5): one
// transition draws
//
//	h ~ p(h | v) = ∏_j Bernoulli(σ((v/σ²)ᵀW_{·j} + c_j)),
//	v ~ p(v | h) = N(μ + Wh, diag(σ²)).
//
// Its stationary distribution is the joint p(v, h). Make it with
// NewGaussGibbs; the zero value is not usable.
type GaussGibbs struct {
	rng *rand.Rand
	src *rand.PCG // rng's source, for MarshalBinary
	w   gaussWork
}

// NewGaussGibbs returns a GRBM Gibbs sampler whose draws come from a PCG
// source seeded with seed.
func NewGaussGibbs(seed uint64) *GaussGibbs {
	src := rand.NewPCG(seed, 0x67617573)
	return &GaussGibbs{rng: rand.New(src), src: src}
}

// SampleGaussian advances every chain of c by steps Gibbs transitions.
func (s *GaussGibbs) SampleGaussian(m *rbm.Gaussian, c *Chains, steps int) error {
	if s == nil || s.rng == nil {
		return errors.New("mcmc: GaussGibbs.SampleGaussian: sampler not made with NewGaussGibbs")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: GaussGibbs.SampleGaussian: negative number of steps %d", steps)
	}
	if err := s.w.begin(m, c); err != nil {
		return fmt.Errorf("mcmc: GaussGibbs.SampleGaussian: %w", err)
	}
	u := kern.NewUniforms[float64](s.src)
	for t := 0; t < steps; t++ {
		s.w.hiddenSample(c.PH, c.H, c.V, &u)
		s.w.visibleMean(c.PV, c.H)
		vr, pr := c.V.RawMatrix(), c.PV.RawMatrix()
		for k := 0; k < vr.Rows; k++ {
			vrow := vr.Data[k*vr.Stride : k*vr.Stride+vr.Cols]
			for i, mu := range pr.Data[k*pr.Stride : k*pr.Stride+pr.Cols] {
				vrow[i] = mu + s.w.sd[i]*s.rng.NormFloat64()
			}
		}
	}
	if steps > 0 {
		s.w.hiddenProb(c.PH, c.V)
	}
	return nil
}

// RunGaussian advances c by steps transitions of the GRBM sampler s in
// chunks of every steps (0: one chunk), calling observe (if non-nil) after
// each chunk with the number of steps done, e.g. to record samples or
// update a progress bar. It checks ctx between chunks and returns ctx.Err()
// wrapped when cancelled, or observe's error. Each chunk is one
// SampleGaussian call, so Langevin's cosine step schedule (which spans one
// call) restarts in every chunk; Gibbs-Langevin's schedule is per
// transition and is unaffected.
func RunGaussian(ctx context.Context, s GaussianSampler, m *rbm.Gaussian, c *Chains, steps, every int, observe func(done int, c *Chains) error) error {
	if s == nil {
		return errors.New("mcmc: RunGaussian: nil sampler")
	}
	return runChunks(ctx, "RunGaussian", c, steps, every, func(k int) error { return s.SampleGaussian(m, c, k) }, observe)
}

// The GRBM samplers of this package.
var (
	_ GaussianSampler = (*GaussGibbs)(nil)
	_ GaussianSampler = (*Langevin)(nil)
	_ GaussianSampler = (*GibbsLangevin)(nil)
)
