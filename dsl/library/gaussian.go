package library

import (
	"encoding"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// gaussianItems are the Gaussian-Bernoulli RBM (Liao et al. 2022) and the
// samplers and learner that work on it. The checker refuses a sampler,
// learner or measurement of binary models on it, and these on a binary
// model (dsl.Entry.Models).
var gaussianItems = []item{
	{
		entry: &dsl.Entry{Kind: dsl.KindDataset, Name: "mixture",
			Doc: "n points of a 2-D mixture of three Gaussians (data.IsotropicMixture or data.AnisotropicMixture, for Liao et al. 2022's Fig. 1), standardised to mean 0 and standard deviation 1 per coordinate (data.Standardize), as a Gaussian-Bernoulli RBM wants",
			Params: []dsl.Param{
				{Name: "shape", Type: dsl.TypeName, Default: "isotropic", Values: []string{"isotropic", "anisotropic"}, Doc: "isotropic: equal weights, covariances 0.25·I; anisotropic: weights 0.5, 0.3, 0.2 and elongated covariances"},
				{Name: "n", Type: dsl.TypeInt, Default: 1000, Check: intIn(1, data.MaxSetValues/2), Doc: "number n of points"},
				{Name: "seed", Type: dsl.TypeInt, Default: 1, Check: atLeast(0), Doc: "seed of the draws; the data set is the same in every run of a sweep"},
			}},
		dataset: func(r *reader) (*data.Set, error) {
			shape, n, s := r.str("shape"), r.int("n"), r.int("seed")
			if err := r.Err(); err != nil {
				return nil, err
			}
			mx := data.IsotropicMixture()
			if shape == "anisotropic" {
				mx = data.AnisotropicMixture()
			}
			raw, err := mx.Sample(shape, n, uint64(s))
			if err != nil {
				return nil, err
			}
			set, _, _, err := data.Standardize(raw)
			return set, err
		},
	},
	modelItem(modelGaussian, "Gaussian-Bernoulli RBM (rbm.Gaussian) with energy E(v, h) = ½ Σ_i (v_i − μ_i)²/σ_i² − Σ_i (v_i/σ_i²)(Wh)_i − cᵀh, variances σ_i² = exp(LogVar_i) learned, starting at 1; as many visible units as the data set has columns (standardise real-valued data first)",
		dsl.Param{Name: "data_mean", Type: dsl.TypeBool, Default: false, Doc: "start the means μ at the data's per-unit means; false: μ = 0"},
		rbm.NewGaussian),
	seedOnly("gauss_gibbs", "block Gibbs sampling of a Gaussian-Bernoulli RBM (mcmc.GaussGibbs): h ~ p(h | v), then v ~ N(μ + Wh, diag(σ²))",
		gaussianOnly, func(seed uint64) any { return mcmc.NewGaussGibbs(seed) }),
	{
		entry: &dsl.Entry{Kind: dsl.KindSampler, Name: "langevin", Models: gaussianOnly,
			Doc: "Langevin dynamics on the free energy F(v) (mcmc.Langevin): v ← v − α∇F(v) + √(2α)·ε, Metropolis-adjusted (MALA) if adjust; the learner mcd sets α from its step",
			Params: []dsl.Param{
				{Name: "step", Type: dsl.TypeFloat, Default: 0.01, Check: positiveFloat, Doc: "initial step size α0 > 0"},
				{Name: "adjust", Type: dsl.TypeBool, Default: false, Doc: "accept each proposal with the Metropolis-Hastings probability"},
				paramTemperature, paramUnadjusted, paramAdapt,
			}},
		sampler: func(r *reader, seed uint64) (any, error) {
			s := mcmc.NewLangevin(r.float("step"), r.bool("adjust"), seed)
			s.Temperature = r.float("temperature")
			return perRunOf(r, s, s.Adjust), nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindSampler, Name: "gibbs_langevin", Models: gaussianOnly,
			Doc: "Gibbs-Langevin sampling (mcmc.GibbsLangevin, Liao et al. 2022, Alg. 5): h ~ p(h | v), then k Langevin steps on v given h; the learner mcd sets the step from its own",
			Params: []dsl.Param{
				{Name: "step", Type: dsl.TypeFloat, Default: 0.01, Check: positiveFloat, Doc: "initial step size α0 > 0"},
				{Name: "k", Type: dsl.TypeInt, Default: 10, Check: atLeast(1), Doc: "Langevin steps per transition, k ≥ 1"},
				{Name: "adjust", Type: dsl.TypeBool, Default: false, Doc: "accept each proposal with the Metropolis-Hastings probability"},
				paramTemperature, paramUnadjusted, paramAdapt,
			}},
		sampler: func(r *reader, seed uint64) (any, error) {
			s := mcmc.NewGibbsLangevin(r.float("step"), r.positive("k"), r.bool("adjust"), seed)
			s.Temperature = r.float("temperature")
			return perRunOf(r, s, s.Adjust), nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindLearner, Name: "mcd", Models: gaussianOnly,
			Doc: "modified contrastive divergence (learn.ModifiedCD, Liao et al. 2022, Algs. 3 and 4): negative chains start from noise N(0, I), run k sampler steps with the step scaled by the mean variance; the gradient's norm is clipped",
			Params: append([]dsl.Param{
				paramK,
				{Name: "step", Type: dsl.TypeFloat, Default: 0.01, Check: nonNegativeFloat, Doc: "initial Langevin step α0 before scaling by the mean variance; 0 leaves the sampler's step"},
				{Name: "marginal", Type: dsl.TypeBool, Default: false, Doc: "negative statistics with p(h=1 | v⁻) (Alg. 4, marginal density) instead of sampled h⁻ (Alg. 3, joint)"},
				{Name: "clip", Type: dsl.TypeFloat, Default: 10.0, Doc: "bound on the gradient's Euclidean norm; a negative value turns clipping off"},
				{Name: "chains", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), Doc: "number of negative chains; 0: as many as the batch has rows"},
				{Name: "sample_positive", Type: dsl.TypeBool, Default: false, Doc: "positive statistics with sampled h⁺ ~ p(h | v⁺) (Alg. 3, line 4) instead of p(h=1 | v⁺)"},
			}, trainParams...)},
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			k, step, marg, clip, n := r.positive("k"), r.float("step"), r.bool("marginal"), r.float("clip"), r.nonNegative("chains")
			l := learn.NewModifiedCD(k, p.gaussian(r), step, p.seed)
			l.Marginal, l.Clip, l.Chains, l.SamplePositive = marg, clip, n, r.bool("sample_positive")
			return l, nil
		},
	},
}

// paramTemperature is the Langevin samplers' temperature T
// (mcmc.Langevin.Temperature): the noise is √(2αT)·ε, so that the chains
// sample exp(−F/T); T = B, the batch size, is the step convention of the
// released code of Liao et al. (notebook 04).
var paramTemperature = dsl.Param{Name: "temperature", Type: dsl.TypeFloat, Default: 1.0, Check: positiveFloat, OmitDefault: true,
	Doc: "temperature T > 0 of the noise √(2αT)·ε (the chains sample exp(−F/T)); T = batch size is the step convention of Liao et al.'s released code"}

// paramUnadjusted and paramAdapt are the Langevin samplers' settings per
// run of k transitions (perRun), notebook 04's convention on MNIST: the
// first half of each run unadjusted (the paper's adjust step η = 50 of
// 100), the step adapted toward acceptance 0.5 during the next quarter.
var (
	paramUnadjusted = dsl.Param{Name: "unadjusted", Type: dsl.TypeFloat, Default: 0.0, Check: floatHalfOpen(0, 1), OmitDefault: true,
		Doc: "with adjust: the share s in [0, 1) of the transitions of each run of k (a learner's update, a measurement's sampling) left unadjusted, η = ⌊s·k⌋ (mcmc.Langevin.AdjustAfter; the paper's η = 50 of 100 is 0.5)"}
	paramAdapt = dsl.Param{Name: "adapt", Type: dsl.TypeFloat, Default: 0.0, Check: floatHalfOpen(0, 1), OmitDefault: true,
		Doc: "with adjust: a target acceptance rate in (0, 1) toward which the step is tuned during the first ⌊k/4⌋ + 1 adjusted transitions of each run of k, and then kept (Adapt); 0: the step is not tuned"}
)

// perRun is a Langevin sampler (mcmc.Langevin or mcmc.GibbsLangevin)
// whose adjustment settings follow the length k of each run: before each
// call it sets AdjustAfter = ⌊share·k⌋ and, with a target, Adapt(target,
// ⌊k/4⌋ + 1). It passes SetStep, AcceptRate and its state through.
type perRun struct {
	s             mcmc.GaussianSampler
	share, target float64
}

// perRunOf returns s with the settings unadjusted and adapt of r, wrapped
// in perRun if either is set, or s itself; they need adjust.
func perRunOf(r *reader, s mcmc.GaussianSampler, adjust bool) any {
	share, target := r.float("unadjusted"), r.float("adapt")
	if share == 0 && target == 0 {
		return s
	}
	r.check(adjust, "parameters unadjusted = %v and adapt = %v need adjust = true (they set when the Metropolis adjustment starts and tunes the step)", share, target)
	return &perRun{s: s, share: share, target: target}
}

// SampleGaussian runs steps transitions with AdjustAfter and the
// adaptation set for a run of that length.
func (p *perRun) SampleGaussian(m *rbm.Gaussian, c *mcmc.Chains, steps int) error {
	after := int(p.share * float64(steps))
	switch s := p.s.(type) {
	case *mcmc.Langevin:
		s.AdjustAfter = after
		if p.target > 0 {
			s.Adapt(p.target, steps/4+1)
		}
	case *mcmc.GibbsLangevin:
		s.AdjustAfter = after
		if p.target > 0 {
			s.Adapt(p.target, steps/4+1)
		}
	}
	return p.s.SampleGaussian(m, c, steps)
}

// SetStep sets the step of the sampler (learn.ModifiedCD scales it).
func (p *perRun) SetStep(a float64) {
	if s, ok := p.s.(interface{ SetStep(float64) }); ok {
		s.SetStep(a)
	}
}

// AcceptRate returns the sampler's acceptance rate.
func (p *perRun) AcceptRate() float64 {
	if s, ok := p.s.(interface{ AcceptRate() float64 }); ok {
		return s.AcceptRate()
	}
	return 0
}

// MarshalBinary returns the sampler's state, for a checkpoint.
func (p *perRun) MarshalBinary() ([]byte, error) {
	m, ok := p.s.(encoding.BinaryMarshaler)
	if !ok {
		return nil, fmt.Errorf("sampler %T cannot save its state", p.s)
	}
	return m.MarshalBinary()
}

// UnmarshalBinary restores a state written by MarshalBinary.
func (p *perRun) UnmarshalBinary(b []byte) error {
	u, ok := p.s.(encoding.BinaryUnmarshaler)
	if !ok {
		return fmt.Errorf("sampler %T cannot restore a state", p.s)
	}
	return u.UnmarshalBinary(b)
}
