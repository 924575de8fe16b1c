package mcmc

import (
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

// CosineStep returns the step size of step k (1-based) of a run of total
// steps that starts at a0, by the cosine schedule of Liao et al. (2022),
// Eq. (22), taken at k−1:
//
//	α_k = ½ a0 (1 + cos(π (k−1)/total)),  k = 1, …, total.
//
// The paper writes CosineScheduler(k, K, α0) with k = 1…K, whose last step
// has α_K = 0 (no move) and whose only step for K = 1 is 0; its Table 3
// runs K = 1, so the schedule is read here as starting at α0 on the first
// step: every step moves, and the last is the smallest. For total ≤ 0 it
// returns a0.
func CosineStep(k, total int, a0 float64) float64 {
	if total <= 0 {
		return a0
	}
	return 0.5 * a0 * (1 + math.Cos(math.Pi*float64(k-1)/float64(total)))
}

// Langevin is Langevin Monte Carlo on the marginal energy F(v) of a GRBM
// (the paper's Alg. 1). Step t of a call of steps transitions proposes
//
//	v' = v − α_t ∂F/∂v(v) + √(2α_t) ξ,  ξ ~ N(0, I),
//	∂F/∂v = (v − μ − W σ((v/σ²)ᵀW + c)ᵀ)/σ²   (Eq. 21),
//
// with α_t = CosineStep(t, steps, Step) (or Step if NoAnneal). Without
// adjustment every proposal is taken (unadjusted Langevin, biased by the
// step size). With Adjust, the steps t > AdjustAfter (the paper's adjust
// step η) accept v' with the Metropolis-Hastings probability of Eq. (7),
//
//	A = min(1, exp(−F(v') − ‖v − v' + α_t ∂F/∂v(v')‖²/(4α_t))
//	         / exp(−F(v) − ‖v' − v + α_t ∂F/∂v(v)‖²/(4α_t))),
//
// so each adjusted step leaves p(v) ∝ exp(−F(v)) invariant (MALA). A step
// too large for the model makes MALA reject everything; Adapt tunes Step
// toward a target acceptance rate during a burn-in and then freezes it.
// PerUnit gives each visible unit a step proportional to its variance. The
// hidden layer is not part of the state: after the last step H is drawn
// from p(h | v). Make it with NewLangevin.
type Langevin struct {
	// Step is the initial step size α0 (> 0).
	Step float64
	// Adjust turns on the Metropolis adjustment.
	Adjust bool
	// AdjustAfter is η: in each call, steps t ≤ η are not adjusted. 0
	// adjusts every step.
	AdjustAfter int
	// NoAnneal keeps α_t = Step instead of the cosine schedule.
	NoAnneal bool
	// PerUnit scales the step of visible unit i by σ_i²/σ̄² (σ̄² the
	// mean variance), α_{t,i} = α_t σ_i²/σ̄²: Langevin preconditioned by
	// the diagonal of the variances (see GibbsLangevin.PerUnit); the
	// proposal is N(v − α_t ⊙ ∂F/∂v, 2 diag(α_t)) and Eq. (7)'s squared
	// norms become Σ_i (·)_i²/(4α_{t,i}).
	PerUnit bool
	// TargetAccept, if positive, adapts Step during the first AdaptSteps
	// adjusted steps of each call (see Adapt); 0 keeps Step fixed.
	TargetAccept float64
	// AdaptSteps is the number of adjusted steps of each call that adapt
	// Step when TargetAccept is set.
	AdaptSteps int
	// Temperature T (0 means 1) scales the noise: v' = v − α_t ∂F/∂v +
	// √(2α_t T) ξ, Langevin on exp(−F/T) with step α_t T, and the
	// adjustment then tests Eq. (7) for the target exp(−F/T) (energies
	// and squared norms divided by T). T = B reproduces the released code
	// of Liao et al., which divides the energy of a batch by its size B
	// (so the drift is α∇F/B) but not the noise: with α there equal to
	// our α_t·B it samples exp(−F/B). MarshalBinary records T (state format
	// 2; T = 1 writes format 1, as before temperatures).
	Temperature float64
	// Accepted and Proposed count the adjusted proposals since the
	// sampler was made (or ResetStats) and how many were accepted; the
	// proposals of adapting steps are not counted.
	Accepted, Proposed int

	langevinCore
	// buffers: state (x, p, g, f) and proposal (v2, x2, p2, g2, f2).
	x, p, g, v2, x2, p2, g2 *mat.Dense
	f, f2                   []float64
}

// langevinCore is what Langevin and GibbsLangevin keep alike apart from
// their settings: the source of their normal and uniform draws, the
// model's work space, and the buffers of the acceptance step (log A per
// chain) and of the per-unit step sizes (α_i and √(2α_i)).
type langevinCore struct {
	rng    *rand.Rand
	src    *rand.PCG // rng's source, for MarshalBinary
	w      gaussWork
	logA   []float64
	au, sq []float64
}

// newLangevinCore returns a core whose draws come from a PCG source
// seeded with seed on the given stream.
func newLangevinCore(seed, stream uint64) langevinCore {
	src := rand.NewPCG(seed, stream)
	return langevinCore{rng: rand.New(src), src: src}
}

// NewLangevin returns a Langevin sampler with initial step size step,
// Metropolis adjustment if adjust, and normal and uniform draws from a PCG
// source seeded with seed.
func NewLangevin(step float64, adjust bool, seed uint64) *Langevin {
	return &Langevin{Step: step, Adjust: adjust, langevinCore: newLangevinCore(seed, 0x6c616e67)}
}

// AcceptRate returns Accepted/Proposed, or 1 when nothing was adjusted.
func (s *Langevin) AcceptRate() float64 {
	if s.Proposed == 0 {
		return 1
	}
	return float64(s.Accepted) / float64(s.Proposed)
}

// ResetStats sets Accepted and Proposed to 0.
func (s *Langevin) ResetStats() { s.Accepted, s.Proposed = 0, 0 }

// SetStep sets the initial step size α0 (Step); the modified CD learner
// calls it before every update with its step times the mean variance.
func (s *Langevin) SetStep(a float64) { s.Step = a }

// Adapt makes the adjusted sampler tune its step toward the acceptance
// rate target during the first steps adjusted steps of every call, then
// keep it fixed (see adaptStep). MALA's optimal rate is about 0.57
// (Roberts and Rosenthal, 1998).
func (s *Langevin) Adapt(target float64, steps int) { s.TargetAccept, s.AdaptSteps = target, steps }

// adaptGain is γ of the step adaptation, log α ← log α + γ (r̄ − target):
// with every proposal rejected (r̄ = 0, target ≈ 0.5) the step shrinks by
// e^{-1} per adapting step.
const adaptGain = 2.0

// adaptStep returns the step a moved toward the acceptance rate target
// after a step whose chains had the log acceptance ratios logA: with r̄
// the chains' mean acceptance probability (1/n) Σ_k min(1, e^{logA_k}),
//
//	a ← a · exp(γ (r̄ − target)),  γ = 2,
//
// a stochastic-approximation (Robbins-Monro) step on log a. The adapting
// steps are a burn-in: only a chain run with a fixed step is a valid MCMC
// (time-homogeneous and leaving the target invariant), which is why the
// samplers adapt during the first steps of a call only and count the
// acceptance rate after them.
func adaptStep(a float64, logA []float64, target float64) float64 {
	var r float64
	for _, l := range logA {
		r += math.Exp(min(l, 0))
	}
	r /= float64(max(len(logA), 1))
	return a * math.Exp(adaptGain*(r-target))
}

// adaptingAt reports whether step t of a call (counted from 1; steps
// t ≤ after are not adjusted) adapts the step size: with a positive
// target, the first steps adjusted steps, after < t ≤ after + steps, do.
func adaptingAt(t, after int, target float64, steps int) bool {
	return target > 0 && t <= after+steps
}

// beginLangevin checks the arguments that Langevin and GibbsLangevin share
// (a number of transitions steps ≥ 0, a finite step size a > 0, an
// acceptance target in [0, 1), adaptSteps ≥ 0, a finite temperature ≥ 0
// (0 meaning 1), model and chains that
// fit together), then prepares w for m and c (begin).
func (w *gaussWork) beginLangevin(m *rbm.Gaussian, c *Chains, steps int, a, target float64, adaptSteps int, temp float64) error {
	if !(temp >= 0) || math.IsInf(temp, 0) {
		return fmt.Errorf("temperature %v is not finite and ≥ 0", temp)
	}
	if steps < 0 {
		return fmt.Errorf("negative number of steps %d", steps)
	}
	if !(a > 0) || math.IsInf(a, 0) {
		return fmt.Errorf("step size %v is not finite and positive", a)
	}
	if !(target >= 0 && target < 1) {
		return fmt.Errorf("target acceptance rate %v is not in [0, 1)", target)
	}
	if adaptSteps < 0 {
		return fmt.Errorf("negative number of adapting steps %d", adaptSteps)
	}
	return w.begin(m, c)
}

// marginal writes, for the visible batch v, x = (v/σ²)W + c, p = σ(x),
// g = ∂F/∂v and (if f is non-nil) f_k = F(v_k).
func (w *gaussWork) marginal(v, x, p, g *mat.Dense, f []float64) {
	w.hiddenInput(x, v)
	p.Copy(x)
	rbm.SigmoidInPlace(p.RawMatrix().Data)
	// g = (v − μ)/σ² − p·(diag(1/σ²)W)ᵀ.
	vr, gr := v.RawMatrix(), g.RawMatrix()
	for k := 0; k < vr.Rows; k++ {
		grow := gr.Data[k*gr.Stride : k*gr.Stride+gr.Cols]
		var e float64
		for i, vi := range vr.Data[k*vr.Stride : k*vr.Stride+vr.Cols] {
			d := vi - w.m.Mu[i]
			grow[i] = d * w.iv[i]
			e += 0.5 * d * d * w.iv[i]
		}
		if f != nil {
			xr := x.RawMatrix()
			pr := p.RawMatrix()
			f[k] = e - rbm.SoftplusSumProb(xr.Data[k*xr.Stride:k*xr.Stride+xr.Cols], pr.Data[k*pr.Stride:k*pr.Stride+pr.Cols])
		}
	}
	blas64.Gemm(blas.NoTrans, blas.Trans, -1, p.RawMatrix(), w.ws.RawMatrix(), 1, gr)
}

// SampleGaussian advances every chain of c by steps Langevin transitions.
func (s *Langevin) SampleGaussian(m *rbm.Gaussian, c *Chains, steps int) error {
	if s == nil || s.rng == nil {
		return errors.New("mcmc: Langevin.SampleGaussian: sampler not made with NewLangevin")
	}
	if err := s.w.beginLangevin(m, c, steps, s.Step, s.TargetAccept, s.AdaptSteps, s.Temperature); err != nil {
		return fmt.Errorf("mcmc: Langevin.SampleGaussian: %w", err)
	}
	if steps == 0 {
		return nil
	}
	n, nv := c.V.Dims()
	nh := m.Hidden()
	s.x, s.p = buf.Dense(s.x, n, nh), buf.Dense(s.p, n, nh)
	s.x2, s.p2 = buf.Dense(s.x2, n, nh), buf.Dense(s.p2, n, nh)
	s.g, s.g2, s.v2 = buf.Dense(s.g, n, nv), buf.Dense(s.g2, n, nv), buf.Dense(s.v2, n, nv)
	s.f, s.f2, s.logA = buf.Floats(s.f, n), buf.Floats(s.f2, n), buf.Floats(s.logA, n)
	// valid says whether x, p, g (and f) hold the marginal quantities of
	// the current V: after an adjusted step they are carried over from
	// the proposals of the accepted rows, saving two matrix products.
	valid := false
	temp := tempOf(s.Temperature)
	rt := math.Sqrt(temp)
	for t := 1; t <= steps; t++ {
		a := s.Step
		if !s.NoAnneal {
			a = CosineStep(t, steps, s.Step)
		}
		adjust := s.Adjust && t > s.AdjustAfter
		if !valid {
			var f []float64
			if adjust {
				f = s.f
			}
			s.w.marginal(c.V, s.x, s.p, s.g, f)
		}
		vr, v2r, gr := c.V.RawMatrix(), s.v2.RawMatrix(), s.g.RawMatrix()
		s.au, s.sq = s.w.unitSteps(s.au, s.sq, a, rt, s.PerUnit)
		for k := 0; k < n; k++ {
			for i, ai := range s.au {
				v2r.Data[k*v2r.Stride+i] = vr.Data[k*vr.Stride+i] - ai*gr.Data[k*gr.Stride+i] + s.sq[i]*s.rng.NormFloat64()
			}
		}
		if !adjust {
			c.V.Copy(s.v2)
			valid = false
			continue
		}
		s.w.marginal(s.v2, s.x2, s.p2, s.g2, s.f2)
		malaLogAccept(s.logA, c.V, s.v2, s.g, s.g2, s.f, s.f2, s.au)
		if temp != 1 {
			for k := range s.logA {
				s.logA[k] /= temp // Eq. (7) for exp(−F/T) with step α_t T
			}
		}
		adapting := adaptingAt(t, s.AdjustAfter, s.TargetAccept, s.AdaptSteps)
		if adapting {
			s.Step = adaptStep(s.Step, s.logA, s.TargetAccept)
		}
		xr, x2r, pr, p2r, g2r := s.x.RawMatrix(), s.x2.RawMatrix(), s.p.RawMatrix(), s.p2.RawMatrix(), s.g2.RawMatrix()
		acc := 0
		for k := 0; k < n; k++ {
			if math.Log(s.rng.Float64()) < s.logA[k] {
				acc++
				copyRow(vr, v2r, k)
				copyRow(gr, g2r, k)
				copyRow(xr, x2r, k)
				copyRow(pr, p2r, k)
				s.f[k] = s.f2[k]
			}
		}
		if !adapting {
			s.Proposed, s.Accepted = s.Proposed+n, s.Accepted+acc
		}
		valid = true
	}
	if valid {
		c.PH.Copy(s.p)
	} else {
		s.w.hiddenProb(c.PH, c.V)
	}
	u := kern.NewUniforms[float64](s.src)
	phr, hr := c.PH.RawMatrix(), c.H.RawMatrix()
	for k := 0; k < n; k++ {
		kern.Bernoulli(phr.Data[k*phr.Stride:k*phr.Stride+nh], hr.Data[k*hr.Stride:k*hr.Stride+nh], &u)
	}
	s.w.visibleMean(c.PV, c.H)
	return nil
}

// tempOf returns the temperature of a Temperature setting: t, or 1 for 0.
func tempOf(t float64) float64 {
	if t == 0 {
		return 1
	}
	return t
}

// copyRow copies row k of src into row k of dst (same shapes).
func copyRow(dst, src blas64.General, k int) {
	copy(dst.Data[k*dst.Stride:k*dst.Stride+dst.Cols], src.Data[k*src.Stride:k*src.Stride+src.Cols])
}

// malaLogAccept writes the log of the MALA acceptance ratio of Eq. (7)
// (before the min with 1) for every row: the move v → v2 with gradients g
// at v and g2 at v2, marginal energies f and f2, step a_i of unit i.
func malaLogAccept(dst []float64, v, v2, g, g2 *mat.Dense, f, f2 []float64, a []float64) {
	vr, v2r, gr, g2r := v.RawMatrix(), v2.RawMatrix(), g.RawMatrix(), g2.RawMatrix()
	for k := range dst {
		var q float64
		for i, ai := range a {
			x, y := vr.Data[k*vr.Stride+i], v2r.Data[k*v2r.Stride+i]
			d := y - x + ai*gr.Data[k*gr.Stride+i]   // v' − v + α∇F(v)
			e := x - y + ai*g2r.Data[k*g2r.Stride+i] // v − v' + α∇F(v')
			q += (d*d - e*e) / (4 * ai)
		}
		dst[k] = -f2[k] + f[k] + q
	}
}

// GibbsLangevin is the paper's Gibbs-Langevin sampler (Alg. 2) for a GRBM.
// Step t of a call moves the visible units by K Langevin steps on the joint
// energy with h fixed, then redraws h:
//
//	ṽ⁽ᵏ⁾ = ṽ⁽ᵏ⁻¹⁾ − α_k (ṽ⁽ᵏ⁻¹⁾ − μ − Wh)/σ² + √(2α_k) ξ_k,  k = 1…K,
//	h' ~ p(h | ṽ⁽ᴷ⁾),
//
// with α_k = CosineStep(k, K, Step) (or Step if NoAnneal) and ṽ⁽⁰⁾ = v.
// With Adjust, steps t > AdjustAfter (η) accept (v', h') = (ṽ⁽ᴷ⁾, h') with
// the exact Metropolis-Hastings probability of Eq. (12)/(32):
//
//	A = min(1, exp(−E(v',h') − ‖(v − β₀v' − a(μ+Wh'))/(√2 σ̃)‖²) q(h|v)
//	         / exp(−E(v,h)  − ‖(v' − β₀v − a(μ+Wh))/(√2 σ̃)‖²) q(h'|v')),
//
// where, per visible unit, β_k = ∏_{j=k+1}^{K} (1 − α_j/σ²) (β_K = 1),
// a = Σ_k β_k α_k/σ², σ̃² = Σ_k 2α_k β_k², and q(h|v) = p(h|v) of Eq. (4):
// the K-step proposal is the Gaussian N(β₀v + a(μ+Wh), σ̃²) (Eq. 11). Each
// adjusted step then leaves the joint p(v, h) invariant. Make it with
// NewGibbsLangevin.
//
// Because h is fixed during the inner loop, the K Langevin steps are a
// linear Gaussian recursion whose end point has exactly the law of Eq. (11);
// by default the sampler draws ṽ⁽ᴷ⁾ from it in one go (one normal draw per
// unit instead of K, the same distribution), and runs the K steps one by
// one only if Stepwise is set.
type GibbsLangevin struct {
	// Step is the initial inner step size α0 (> 0).
	Step float64
	// K is the number of inner Langevin steps (≥ 1).
	K int
	// Adjust turns on the Metropolis adjustment.
	Adjust bool
	// AdjustAfter is η: in each call, steps t ≤ η are not adjusted.
	AdjustAfter int
	// NoAnneal keeps α_k = Step instead of the cosine schedule.
	NoAnneal bool
	// Stepwise runs the K inner steps one by one (K normal draws per
	// unit) instead of drawing their end point from Eq. (11).
	Stepwise bool
	// PerUnit scales the inner step of visible unit i by σ_i²/σ̄² (σ̄²
	// the mean variance): α_{k,i} = α_k σ_i²/σ̄², a diagonal
	// preconditioning under which Eqs. (11) and (12) hold per unit with
	// α_{k,i}. The paper scales one step by σ̄² for all units; then a unit
	// whose variance falls far below the mean gets α_k/σ_i² > 1, its inner
	// recursion v ← (1 − α_k/σ_i²) v + … overshoots (at > 2 it diverges),
	// and unadjusted samples of it are too broad, which in modified CD
	// stops σ_i² from falling much below α0 σ̄²/2. With PerUnit every
	// unit contracts by the same factor 1 − α_k/σ̄².
	PerUnit bool
	// TargetAccept, if positive, adapts Step during the first AdaptSteps
	// adjusted steps of each call (see Adapt); 0 keeps Step fixed.
	TargetAccept float64
	// AdaptSteps is the number of adjusted steps of each call that adapt
	// Step when TargetAccept is set.
	AdaptSteps int
	// Temperature T (0 means 1) scales the noise of the inner steps,
	// ṽ ← ṽ − α_k (ṽ − μ − Wh)/σ² + √(2α_k T) ξ (so the K-step proposal
	// is N(β₀v + a(μ+Wh), T σ̃²)), while h' is still drawn from p(h | v'),
	// as in the released code of Liao et al. with T = B (see
	// Langevin.Temperature). The adjustment then tests Eq. (12) for the
	// target exp(−E(v, h)/T), with the proposal densities of those moves
	// (q(h|v) untempered): a valid Metropolis-Hastings test, so adjusted
	// steps leave exp(−E/T) invariant, the GRBM with σ² → Tσ², c → c/T.
	// MarshalBinary records T (state format 2; T = 1 writes format 1).
	Temperature float64
	// Accepted and Proposed count the adjusted proposals, except those of
	// adapting steps.
	Accepted, Proposed int

	langevinCore
	// buffers
	mh, v2, mh2, x, x2, p2, h2 *mat.Dense
	beta0, acoef, s2, sd2      []float64
}

// NewGibbsLangevin returns a Gibbs-Langevin sampler with k inner steps
// (k ≤ 0 means 1) of initial size step, adjusted if adjust, with draws
// from a PCG source seeded with seed.
func NewGibbsLangevin(step float64, k int, adjust bool, seed uint64) *GibbsLangevin {
	return &GibbsLangevin{Step: step, K: max(k, 1), Adjust: adjust, langevinCore: newLangevinCore(seed, 0x67626c61)}
}

// AcceptRate returns Accepted/Proposed, or 1 when nothing was adjusted.
func (s *GibbsLangevin) AcceptRate() float64 {
	if s.Proposed == 0 {
		return 1
	}
	return float64(s.Accepted) / float64(s.Proposed)
}

// ResetStats sets Accepted and Proposed to 0.
func (s *GibbsLangevin) ResetStats() { s.Accepted, s.Proposed = 0, 0 }

// SetStep sets the initial inner step size α0 (Step).
func (s *GibbsLangevin) SetStep(a float64) { s.Step = a }

// Adapt makes the adjusted sampler tune its inner step toward the
// acceptance rate target during the first steps adjusted steps of every
// call, then keep it fixed: log α0 ← log α0 + 2 (r̄ − target) after each,
// r̄ the chains' mean acceptance probability min(1, A) of Eq. (12). The
// adapting steps are a burn-in; the chain after them, with a fixed step,
// leaves p(v, h) invariant, and only its proposals count in AcceptRate.
// As α0 → 0 the proposal stays at v and redraws h from p(h|v), which
// Eq. (12) accepts with probability → 1, so a small enough step always
// reaches a target below 1.
func (s *GibbsLangevin) Adapt(target float64, steps int) {
	s.TargetAccept, s.AdaptSteps = target, steps
}

// alpha returns α_k of the inner loop.
func (s *GibbsLangevin) alpha(k int) float64 {
	if s.NoAnneal {
		return s.Step
	}
	return CosineStep(k, s.K, s.Step)
}

// coefficients fills β₀, a, σ̃² and σ̃ per visible unit (Eq. 11), σ̃²
// times the temperature.
func (s *GibbsLangevin) coefficients(nv int) {
	s.beta0, s.acoef, s.s2 = buf.Floats(s.beta0, nv), buf.Floats(s.acoef, nv), buf.Floats(s.s2, nv)
	s.sd2 = buf.Floats(s.sd2, nv)
	for i := 0; i < nv; i++ {
		iv := s.w.iv[i]
		f := s.w.scale(i, s.PerUnit)
		// Walk k = K…1 keeping β_k = ∏_{j>k}(1 − α_j/σ²).
		beta := 1.0
		var a, s2 float64
		for k := s.K; k >= 1; k-- {
			ak := s.alpha(k) * f
			a += beta * ak * iv
			s2 += 2 * ak * beta * beta
			beta *= 1 - ak*iv
		}
		s2 *= tempOf(s.Temperature)
		s.beta0[i], s.acoef[i], s.s2[i], s.sd2[i] = beta, a, s2, math.Sqrt(s2)
	}
}

// SampleGaussian advances every chain of c by steps Gibbs-Langevin
// transitions.
func (s *GibbsLangevin) SampleGaussian(m *rbm.Gaussian, c *Chains, steps int) error {
	if s == nil || s.rng == nil {
		return errors.New("mcmc: GibbsLangevin.SampleGaussian: sampler not made with NewGibbsLangevin")
	}
	if s.K < 1 {
		return fmt.Errorf("mcmc: GibbsLangevin.SampleGaussian: K = %d inner steps, want at least 1", s.K)
	}
	if err := s.w.beginLangevin(m, c, steps, s.Step, s.TargetAccept, s.AdaptSteps, s.Temperature); err != nil {
		return fmt.Errorf("mcmc: GibbsLangevin.SampleGaussian: %w", err)
	}
	if steps == 0 {
		return nil
	}
	n, nv := c.V.Dims()
	nh := m.Hidden()
	s.mh, s.v2 = buf.Dense(s.mh, n, nv), buf.Dense(s.v2, n, nv)
	s.x, s.x2, s.p2, s.h2 = buf.Dense(s.x, n, nh), buf.Dense(s.x2, n, nh), buf.Dense(s.p2, n, nh), buf.Dense(s.h2, n, nh)
	s.logA = buf.Floats(s.logA, n)
	if s.Adjust {
		s.mh2 = buf.Dense(s.mh2, n, nv)
	}
	s.coefficients(nv)
	// mhValid says whether mh = μ + W h holds for the current H, xValid
	// whether x = (v/σ²)W + c holds for the current V; both are carried
	// over from step to step, so a step costs two matrix products with or
	// without the adjustment.
	mhValid, xValid := false, false
	rt := math.Sqrt(tempOf(s.Temperature))
	u := kern.NewUniforms[float64](s.src)
	for t := 1; t <= steps; t++ {
		adjust := s.Adjust && t > s.AdjustAfter
		if !mhValid {
			s.w.visibleMean(s.mh, c.H)
		}
		s.v2.Copy(c.V)
		v2r, mhr := s.v2.RawMatrix(), s.mh.RawMatrix()
		if !s.Stepwise {
			// ṽ⁽ᴷ⁾ ~ N(β₀v + a(μ+Wh), σ̃²), Eq. (11).
			for r := 0; r < n; r++ {
				row := v2r.Data[r*v2r.Stride : r*v2r.Stride+nv]
				mrow := mhr.Data[r*mhr.Stride : r*mhr.Stride+nv]
				for i, x := range row {
					row[i] = s.beta0[i]*x + s.acoef[i]*mrow[i] + s.sd2[i]*s.rng.NormFloat64()
				}
			}
		}
		for k := 1; s.Stepwise && k <= s.K; k++ {
			s.au, s.sq = s.w.unitSteps(s.au, s.sq, s.alpha(k), rt, s.PerUnit)
			for r := 0; r < n; r++ {
				row := v2r.Data[r*v2r.Stride : r*v2r.Stride+nv]
				mrow := mhr.Data[r*mhr.Stride : r*mhr.Stride+nv]
				for i, x := range row {
					row[i] = x - s.au[i]*(x-mrow[i])*s.w.iv[i] + s.sq[i]*s.rng.NormFloat64()
				}
			}
		}
		// x2 = (ṽ/σ²)W + c; p2 = σ(x2) and h' ~ Bernoulli(p2), fused.
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, s.v2.RawMatrix(), s.w.ws.RawMatrix(), 0, s.x2.RawMatrix())
		s.p2.Copy(s.x2)
		sampleHidden(s.p2, s.h2, m.C, &u)
		addRow(s.x2, m.C)
		if !adjust {
			c.V.Copy(s.v2)
			c.H.Copy(s.h2)
			c.PH.Copy(s.p2)
			s.x, s.x2 = s.x2, s.x
			xValid, mhValid = true, false
			continue
		}
		s.w.visibleMean(s.mh2, s.h2)
		if !xValid {
			// Only at the first step of a call: from then on PH = σ(x)
			// is carried over with x.
			s.w.hiddenInput(s.x, c.V)
			c.PH.Copy(s.x)
			rbm.SigmoidInPlace(c.PH.RawMatrix().Data)
		}
		s.logAccept(s.logA, c.V, c.H, s.x, c.PH, s.mh, s.v2, s.h2, s.x2, s.p2, s.mh2)
		adapting := adaptingAt(t, s.AdjustAfter, s.TargetAccept, s.AdaptSteps)
		vr, hr, phr := c.V.RawMatrix(), c.H.RawMatrix(), c.PH.RawMatrix()
		h2r, p2r, xr, x2r, mh2r := s.h2.RawMatrix(), s.p2.RawMatrix(), s.x.RawMatrix(), s.x2.RawMatrix(), s.mh2.RawMatrix()
		acc := 0
		for r := 0; r < n; r++ {
			if math.Log(s.rng.Float64()) < s.logA[r] {
				acc++
				copyRow(vr, v2r, r)
				copyRow(hr, h2r, r)
				copyRow(phr, p2r, r)
				copyRow(xr, x2r, r)
				copyRow(mhr, mh2r, r)
			}
		}
		if !adapting {
			s.Proposed, s.Accepted = s.Proposed+n, s.Accepted+acc
		}
		xValid, mhValid = true, true
		if adapting {
			s.Step = adaptStep(s.Step, s.logA, s.TargetAccept)
			s.coefficients(nv)
		}
	}
	if mhValid {
		c.PV.Copy(s.mh)
	} else {
		s.w.visibleMean(c.PV, c.H)
	}
	return nil
}

// logAccept writes the log of the Eq. (12) ratio (before the min with 1)
// for each row: the move (v, h) → (v2, h2), where x, x2 are the hidden
// inputs (v/σ²)W + c of v and v2, p, p2 their sigmoids p(h=1|v),
// p(h=1|v2) (for the softplus sums of log q, rbm.SoftplusSumProb) and mh,
// mh2 the means μ + Wh, μ + Wh2. s.coefficients must have been called for
// the current model.
func (s *GibbsLangevin) logAccept(dst []float64, v, h, x, p, mh, v2, h2, x2, p2, mh2 *mat.Dense) {
	vr, hr, xr, pr, mr := v.RawMatrix(), h.RawMatrix(), x.RawMatrix(), p.RawMatrix(), mh.RawMatrix()
	v2r, h2r, x2r, p2r, m2r := v2.RawMatrix(), h2.RawMatrix(), x2.RawMatrix(), p2.RawMatrix(), mh2.RawMatrix()
	mu, c := s.w.m.Mu, s.w.m.C
	temp := tempOf(s.Temperature)
	for r := range dst {
		// logTarget(v,h) − logProposal terms, for the new and old states:
		// the energies (divided by T) in en, ed, the proposals' in num, den.
		var num, den, en, ed float64
		for i := 0; i < vr.Cols; i++ {
			iv := s.w.iv[i]
			a, b0, s2 := s.acoef[i], s.beta0[i], s.s2[i]
			vo, vn := vr.Data[r*vr.Stride+i], v2r.Data[r*v2r.Stride+i]
			mo, mn := mr.Data[r*mr.Stride+i], m2r.Data[r*m2r.Stride+i]
			// −E(v,h)'s visible part: −½(v−μ)²/σ² + v(Wh)/σ², with Wh = mh − μ.
			do, dn := vo-mu[i], vn-mu[i]
			en += -0.5*dn*dn*iv + vn*(mn-mu[i])*iv
			ed += -0.5*do*do*iv + vo*(mo-mu[i])*iv
			// Reverse move v2 → v under h2, forward move v → v2 under h.
			er := vo - b0*vn - a*mn
			ef := vn - b0*vo - a*mo
			num -= er * er / (2 * s2)
			den -= ef * ef / (2 * s2)
		}
		xo, xn := xr.Data[r*xr.Stride:r*xr.Stride+xr.Cols], x2r.Data[r*x2r.Stride:r*x2r.Stride+x2r.Cols]
		for j, ho := range hr.Data[r*hr.Stride : r*hr.Stride+hr.Cols] {
			hn := h2r.Data[r*h2r.Stride+j]
			// cᵀh of −E, and the h x of log q(h|v) = Σ_j h_j x_j − softplus(x_j).
			en += c[j] * hn
			ed += c[j] * ho
			num += ho * xo[j]
			den += hn * xn[j]
		}
		num -= rbm.SoftplusSumProb(xo, pr.Data[r*pr.Stride:r*pr.Stride+pr.Cols])
		den -= rbm.SoftplusSumProb(xn, p2r.Data[r*p2r.Stride:r*p2r.Stride+p2r.Cols])
		dst[r] = (en-ed)/temp + num - den
	}
}
