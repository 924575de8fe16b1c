package library

import (
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
				paramTemperature,
			}},
		sampler: func(r *reader, seed uint64) (any, error) {
			s := mcmc.NewLangevin(r.float("step"), r.bool("adjust"), seed)
			s.Temperature = r.float("temperature")
			return s, nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindSampler, Name: "gibbs_langevin", Models: gaussianOnly,
			Doc: "Gibbs-Langevin sampling (mcmc.GibbsLangevin, Liao et al. 2022, Alg. 5): h ~ p(h | v), then k Langevin steps on v given h; the learner mcd sets the step from its own",
			Params: []dsl.Param{
				{Name: "step", Type: dsl.TypeFloat, Default: 0.01, Check: positiveFloat, Doc: "initial step size α0 > 0"},
				{Name: "k", Type: dsl.TypeInt, Default: 10, Check: atLeast(1), Doc: "Langevin steps per transition, k ≥ 1"},
				{Name: "adjust", Type: dsl.TypeBool, Default: false, Doc: "accept each proposal with the Metropolis-Hastings probability"},
				paramTemperature,
			}},
		sampler: func(r *reader, seed uint64) (any, error) {
			s := mcmc.NewGibbsLangevin(r.float("step"), r.positive("k"), r.bool("adjust"), seed)
			s.Temperature = r.float("temperature")
			return s, nil
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
