// Package library binds the RBM library (lib/data, lib/rbm, lib/mcmc,
// lib/learn) to the sweep language of package dsl: Registry is the
// registry of the names a sweep file can use, Run the dsl.RunFunc that
// builds and trains what a run's configuration describes.
//
// Both read one table, items in this file, in which every data set,
// model, sampler, learner and measurement is one item: its registry entry
// and the function that builds it. A new sampler or learner is one more
// item (see docs/contributing.md): its parameters carry the bounds that
// the checker verifies before a run starts (dsl.Param.Check, made with the
// helpers of limits.go), and docs/sweep.md's table of names and Reference
// are generated from the table (go generate ./dsl/library).
//
// Importing the package binds it to dsl (dsl.Bind), so that dsl.Library
// and dsl.RunLibrary, which notebooks call, are this package's Registry
// and Run; the command line and the %%sweep magic import it and use it
// directly.
package library

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

func init() { dsl.Bind(dsl.Binding{Registry: Registry, Run: Run}) }

// item is one name of the library: its registry entry and its builder,
// of which exactly the one matching the entry's kind is set.
type item struct {
	entry *dsl.Entry

	// The builders read their parameters with r and may leave the error
	// of a read to the caller, who asks r.Err() first (build): a builder
	// reads what it needs and calls the library's constructor, as
	// dataset: func(r *reader) (*data.Set, error) { return
	// data.ShiftingBar(r.int("n"), r.int("b")) }. One that must not call a
	// constructor with the zero values of a failed read (it would read
	// files, or panic) checks r.Err() itself.
	dataset func(r *reader) (*data.Set, error)
	model   func(r *reader, set *data.Set, seed uint64) (rbm.Model, error)
	// sampler returns an mcmc.Sampler (binary models) or an
	// mcmc.GaussianSampler (Gaussian models), as its entry's Models say.
	sampler func(r *reader, seed uint64) (any, error)
	learner func(r *reader, p *runParts) (learn.Learner, error)
	measure func(r *reader, p *runParts) (measureFunc, error)

	// replicas names the int parameter, if any, by which a learner or
	// sampler multiplies the chains it keeps (the temperatures of pt and
	// tempered), for the bound on a run's size (runSize).
	replicas string
}

// The model entries, named in the Models of the entries that work on one
// kind of model only.
const (
	modelBinary   = "binary"
	modelGaussian = "gaussian"
)

var (
	binaryOnly   = []string{modelBinary}
	gaussianOnly = []string{modelGaussian}
)

// trainParams are the training settings, parameters of every learner so
// that a sweep file writes them where they belong,
// `learner cd(k = 1, rate = $rate, batch = 10)`, and an axis can vary them.
var trainParams = []dsl.Param{
	{Name: "rate", Type: dsl.TypeFloat, Default: 0.1, Check: positiveFloat, Doc: "learning rate ε (the base rate of the schedule)"},
	{Name: "batch", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), Doc: "examples per mini-batch; 0: the whole data set (batch learning)"},
	{Name: "momentum", Type: dsl.TypeFloat, Default: 0.0, Check: floatHalfOpen(0, 1), Doc: "SGD momentum in [0, 1): Δ ← momentum·Δ + ε·(g − decay·θ)"},
	{Name: "decay", Type: dsl.TypeFloat, Default: 0.0, Check: nonNegativeFloat, Doc: "L2 weight decay λ on the weights (not the biases)"},
	{Name: "schedule", Type: dsl.TypeName, Default: "constant", Values: []string{"constant", "cosine"}, Doc: "learning-rate schedule: constant (ε_t = ε) or cosine (ε_t = ε_end + ½(ε − ε_end)(1 + cos(πt/T)))"},
	{Name: "rate_end", Type: dsl.TypeFloat, Default: 0.0, Check: nonNegativeFloat, Doc: "final rate ε_end of the cosine schedule"},
}

// learnerEntry returns the entry of a learner of binary models with its
// own parameters followed by trainParams.
func learnerEntry(name, doc string, own ...dsl.Param) *dsl.Entry {
	return &dsl.Entry{Kind: dsl.KindLearner, Name: name, Doc: doc, Params: append(own, trainParams...), Models: binaryOnly}
}

// Parameters that several entries share.
var (
	paramHidden = dsl.Param{Name: "hidden", Type: dsl.TypeInt, Check: intIn(1, (rbm.MaxParams-1)/2), Doc: "number of hidden units n"}
	paramInitSD = dsl.Param{Name: "init_sd", Type: dsl.TypeFloat, Default: 0.01, Check: floatIn(0, rbm.MaxParam), Doc: "standard deviation σ of the initial weights, W_ij ~ N(0, σ²)"}
	paramK      = dsl.Param{Name: "k", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "sampling steps per update, k ≥ 1"}
	paramChains = dsl.Param{Name: "chains", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), Doc: "number of persistent chains; 0: as many as the batch has rows"}
	paramD      = dsl.Param{Name: "d", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "inner gradient steps per update, d ≥ 1"}
	paramInnerK = dsl.Param{Name: "k", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "sampling steps per inner step (K' in the paper), k ≥ 1"}
	// paramMu is where the centred learners' visible offset μ starts.
	paramMu = dsl.Param{Name: "mu", Type: dsl.TypeName, Default: "batch", Values: []string{"batch", "data"}, OmitDefault: true,
		Doc: "where the visible offset μ starts: batch, the mean of the first mini-batch; data, the mean of the training set (Melchior et al. 2016)"}
	// paramOn is the parameter of the measurements that score a data set
	// (runParts.scored); left out of the configuration at its default,
	// so that the keys of sweeps from before it stay.
	paramOn = dsl.Param{Name: dsl.OnParam, Type: dsl.TypeName, Default: "train", Values: []string{"train", "test"}, OmitDefault: true,
		Doc: "the data set scored: train (the data statement's) or test (the test statement's held-out set)"}
)

// items is the table of the library's names; the Gaussian-Bernoulli
// model and what works on it are in gaussian.go.
var items = append([]item{
	// Data sets.
	{
		entry: &dsl.Entry{Kind: dsl.KindDataset, Name: "bars_stripes",
			Doc: "Bars and Stripes (data.BarsAndStripes): size×size binary images with a subset of the columns (bars) or of the rows (stripes) on; 2^(size+1) patterns, 2^(size+1)−2 distinct",
			Params: []dsl.Param{
				{Name: "size", Type: dsl.TypeInt, Default: 4, Check: intIn(1, data.MaxBarsAndStripes), Doc: "side d of the images, 1…12 (d² visible units)"},
				{Name: "duplicates", Type: dsl.TypeBool, Default: false, Doc: "keep the second copies of the all-0 and all-1 images"},
			},
			Width: func(p map[string]any) int { d := intParam(p, "size"); return d * d }},
		dataset: func(r *reader) (*data.Set, error) { return data.BarsAndStripes(r.int("size"), r.bool("duplicates")) },
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindDataset, Name: "shifting_bar",
			Doc: "Shifting bar (data.ShiftingBar): the n cyclic shifts of a bar of b ones in a row of n pixels; the best mean log-likelihood is −ln n",
			Params: []dsl.Param{
				{Name: "n", Type: dsl.TypeInt, Check: intIn(2, data.MaxShiftingBar), Doc: "length n of the row (visible units), 2…11585 (data.MaxShiftingBar)"},
				{Name: "b", Type: dsl.TypeInt, Check: intIn(1, data.MaxShiftingBar-1), Doc: "width b of the bar, 1 ≤ b < n"},
			},
			Width: func(p map[string]any) int { return intParam(p, "n") }},
		dataset: func(r *reader) (*data.Set, error) { return data.ShiftingBar(r.int("n"), r.int("b")) },
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindDataset, Name: "artificial_modes",
			Doc: "Artificial Modes (data.ArtificialModes, Desjardins et al. 2010): 4×4 binary images, example k a copy of basic mode k mod 4 (all off, all on, lower half on, upper half on) with every pixel flipped independently with probability p_mut",
			Params: []dsl.Param{
				{Name: "pmut", Type: dsl.TypeFloat, Check: floatIn(0, 1), Doc: "flip probability p_mut in [0, 1] of each pixel (the paper's 0.01: modes far apart; 0.1: closer)"},
				{Name: "n", Type: dsl.TypeInt, Default: 10000, Check: intIn(1, data.MaxArtificialModes), Doc: "number n of examples, 1…data.MaxArtificialModes"},
				{Name: "seed", Type: dsl.TypeInt, Default: 1, Check: atLeast(0), Doc: "seed of the pixel flips; the data set is the same in every run of a sweep"},
			},
			Width: func(map[string]any) int { return 16 }},
		dataset: func(r *reader) (*data.Set, error) {
			pm, n, s := r.float("pmut"), r.int("n"), r.int("seed")
			r.check(s >= 0, "parameter seed = %d, want a seed ≥ 0", s)
			return data.ArtificialModes(pm, n, uint64(s))
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindDataset, Name: "mnist",
			Doc: "MNIST digits (data.MNIST) binarised at a threshold or by sampling, or grey levels (standardised per pixel for a gaussian model): 28×28 = 784 visible units, read from the IDX files that `make setup` converts (data/mnist, or $RBM_DATA/mnist); skip and n take a slice of the file, so that `data mnist(n = 8000)` and `test mnist(skip = 9000, n = 1000)` are disjoint",
			Params: []dsl.Param{
				{Name: "n", Type: dsl.TypeInt, Default: 10000, Check: atLeast(0), Doc: "number of digits, those after the skipped ones (0: all the rest); skip + n must not pass the file's end"},
				{Name: "skip", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), OmitDefault: true, Doc: "digits of the file skipped before the first one taken"},
				{Name: "train", Type: dsl.TypeBool, Default: false, Doc: "read the 60,000 training digits (train-*) instead of the 10,000 test digits (t10k-*)"},
				{Name: "binarize", Type: dsl.TypeName, Default: "threshold", Values: []string{"threshold", "sampled", "grey"}, OmitDefault: true, Doc: "threshold: a pixel is 1 above the grey level threshold; sampled: 1 with probability its grey level (data.Sampled), drawn with seed; grey: not binarised, the grey levels in [0, 1] (for a gaussian model)"},
				{Name: "standardize", Type: dsl.TypeBool, Default: false, OmitDefault: true, Doc: "standardise every pixel to mean 0 and standard deviation 1 over the digits taken (data.Standardize; a constant pixel is only centred), as Liao et al. 2022 do for a gaussian model; needs binarize = grey. A test set is put in the training set's units (see the test statement), and the measures frechet and classes map samples back to grey levels"},
				{Name: "threshold", Type: dsl.TypeFloat, Default: 0.5, Check: floatOpen(0, 1), Doc: "grey level g in (0, 1) above which a pixel is 1"},
				{Name: "seed", Type: dsl.TypeInt, Default: 1, Check: atLeast(0), OmitDefault: true, Doc: "seed of the draws of binarize = sampled (of the digits taken); the data set is the same in every run of a sweep"},
				{Name: "dir", Type: dsl.TypeString, Default: "", Check: mnistDir, Doc: "folder of the IDX files; empty: data.DefaultMNISTDir()"},
			},
			Width: func(map[string]any) int { return 28 * 28 }},
		dataset: mnist,
	},

	// Models.
	withPrecision(modelItem(modelBinary, "binary RBM (rbm.Binary) with energy E(v, h) = −vᵀWh − bᵀv − cᵀh; as many visible units as the data set has columns",
		dsl.Param{Name: "base_rate", Type: dsl.TypeBool, Default: false, Doc: "start the visible biases at the data's base rates, b_i = ln(p_i/(1−p_i)); false: b = 0"},
		rbm.NewBinary)),

	// Samplers.
	seedOnly("gibbs", "block Gibbs sampling (mcmc.Gibbs): h ~ p(h | v), then v ~ p(v | h)",
		binaryOnly, func(seed uint64) any { return mcmc.NewGibbs(seed) }),
	{
		entry: &dsl.Entry{Kind: dsl.KindSampler, Name: "flip", Models: binaryOnly,
			Doc: "flip-the-state blended with Gibbs (mcmc.Flip, Brügge et al. 2013): each unit takes state 1 with probability α·P_T + (1 − α)·σ(x), P_T the Metropolis flip of its state; chains that a learner starts at data (cd, sdcp, csdcp) draw their first hidden states from p(h|v), not from the previous batch",
			Params: []dsl.Param{
				{Name: "alpha", Type: dsl.TypeFloat, Default: 1.0, Check: floatIn(0, 1), Doc: "blend α in [0, 1]: 1 is flip-the-state, 0 is block Gibbs"},
			}},
		sampler: func(r *reader, seed uint64) (any, error) { return mcmc.NewFlip(r.float("alpha"), seed) },
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindSampler, Name: "tempered", Models: binaryOnly,
			Doc: "parallel tempering (mcmc.Tempered) over a base sampler at inverse temperatures β_i = 1 − (i−1)/(t−1), i = 1…t, with swaps of neighbouring replicas accepted with probability min(1, exp((β_i − β_{i+1})(E_i − E_{i+1})))",
			Params: []dsl.Param{
				{Name: "temps", Type: dsl.TypeInt, Default: 10, Check: atLeast(2), Doc: "number t ≥ 2 of temperatures"},
				{Name: "steps", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "base steps per transition, before the swaps"},
				{Name: "base", Type: dsl.TypeName, Kind: dsl.KindSampler, Default: "gibbs", Doc: "the base sampler (gibbs or flip), with its defaults"},
				{Name: "alpha", Type: dsl.TypeFloat, Default: 1.0, Check: floatIn(0, 1), Doc: "blend α of a flip base sampler"},
			}},
		sampler:  tempered,
		replicas: "temps",
	},

	// Learners.
	{
		entry: learnerEntry("cd", "contrastive divergence CD-k (learn.CD): negative chains start at the batch and run k sampler steps", paramK),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			return learn.NewCD(r.positive("k"), p.binary(r)), nil
		},
	},
	{
		entry: learnerEntry("pcd", "persistent contrastive divergence PCD-k (learn.PCD): persistent negative chains run k sampler steps per update", paramK, paramChains),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			return learn.NewPCD(r.positive("k"), r.nonNegative("chains"), p.binary(r)), nil
		},
	},
	{
		entry: learnerEntry("fpcd", "fast persistent contrastive divergence (learn.FPCD, Tieleman and Hinton 2009): persistent chains sample θ + θ_F, with fast weights θ_F ← decay·θ_F + ε_F·g",
			paramK, paramChains,
			dsl.Param{Name: "fast_rate", Type: dsl.TypeFloat, Default: 0.0, Check: nonNegativeFloat, Doc: "learning rate ε_F of the fast weights; 0: the initial learning rate"},
			dsl.Param{Name: "fast_decay", Type: dsl.TypeFloat, Default: 0.95, Check: floatLeftOpen(0, 1), Doc: "factor applied to the fast weights every update, in (0, 1]"}),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			k, n, fr, fd := r.positive("k"), r.nonNegative("chains"), r.float("fast_rate"), r.float("fast_decay")
			r.check(fr >= 0 && fr <= math.MaxFloat64, "parameter fast_rate = %v, want a finite rate ≥ 0", fr)
			r.check(fd > 0 && fd <= 1, "parameter fast_decay = %v, want a factor in (0, 1]", fd)
			l := learn.NewFPCD(k, n, fr, p.binary(r))
			l.Decay = fd
			return l, nil
		},
	},
	{
		entry: learnerEntry("pt", "learning with parallel tempering (learn.PT, Desjardins et al. 2010): persistent chains at t inverse temperatures β_i = 1 − (i−1)/(t−1), each run by its own copy of the sampler, with neighbour swaps; the β = 1 chains give the negative phase",
			dsl.Param{Name: "k", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "sampling steps per temperature and update, k ≥ 1"},
			dsl.Param{Name: "temps", Type: dsl.TypeInt, Default: 10, Check: atLeast(2), Doc: "number t ≥ 2 of temperatures"},
			dsl.Param{Name: "chains", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), Doc: "chains per temperature; 0: as many as the batch has rows"}),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			k, t := r.positive("k"), r.int("temps")
			r.check(t >= 2, "parameter temps = %d, want at least 2", t)
			n, s := r.nonNegative("chains"), p.binary(r)
			if err := r.Err(); err != nil {
				return nil, err
			}
			betas, err := mcmc.UniformBetas(t)
			if err != nil {
				return nil, err
			}
			return learn.NewPT(k, betas, n, p.seed, s)
		},
		replicas: "temps",
	},
	{
		entry: learnerEntry("centered", "centered gradient (learn.Centered, Melchior et al. 2016): CD-k on the energy −(v − μ)ᵀW(h − λ) − b̃ᵀv − c̃ᵀh with offsets μ, λ following the batch means", paramK, paramMu),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			l := learn.NewCentered(r.positive("k"), p.binary(r))
			l.Mu = p.muStart(r)
			return l, nil
		},
	},
	{
		entry: learnerEntry("sdcp", "stochastic difference of convex functions programming S-DCP (learn.SDCP, Upadhya and Sastry 2017, Algorithm 3): d inner gradient steps of k sampling steps each on f(θ) − θᵀ∇g(θ^(t)); d = 1 is CD-k, and d·k = K costs what CD-K does",
			paramD, paramInnerK),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			return learn.NewSDCP(r.positive("d"), r.positive("k"), p.binary(r)), nil
		},
	},
	{
		entry: learnerEntry("csdcp", "centered S-DCP, CS-DCP (learn.CSDCP, Upadhya and Sastry 2017, Algorithm 4): S-DCP on the centered energy with moving offsets",
			paramD, paramInnerK, paramMu),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			l := learn.NewCSDCP(r.positive("d"), r.positive("k"), p.binary(r))
			l.Mu = p.muStart(r)
			return l, nil
		},
	},
	{
		entry: learnerEntry("ssd", "stochastic spectral descent (learn.SSD, Carlson et al. 2015): the gradient estimate of a CD-k or PCD-k estimator mapped to the steepest-ascent direction of the Schatten-∞ norm (one SVD per update); takes a much smaller rate than SGD",
			paramK,
			dsl.Param{Name: "estimator", Type: dsl.TypeName, Default: "pcd", Values: []string{"pcd", "cd"}, Doc: "gradient estimator: pcd (persistent chains, as Carlson et al.) or cd"},
			dsl.Param{Name: "chains", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), Doc: "number of persistent chains of pcd; 0: as many as the batch has rows"}),
		learner: func(r *reader, p *runParts) (learn.Learner, error) {
			k, n, est, s := r.positive("k"), r.nonNegative("chains"), r.str("estimator"), p.binary(r)
			switch est {
			case "pcd":
				return learn.NewSSD(learn.NewPCD(k, n, s)), nil
			case "cd":
				return learn.NewSSD(learn.NewCD(k, s)), nil
			}
			return nil, fmt.Errorf("parameter estimator = %s, want pcd or cd%s", est, dsl.DidYouMean(est, []string{"pcd", "cd"})) // or a failed read
		},
	},

	// Measurements.
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "loglik", Better: "higher",
			Doc:    "exact mean log-likelihood of the training or test set (on), (1/N) Σ_n ln p(v_n), by enumerating the smaller layer (at most rbm.MaxExactUnits units; on a gaussian model, the hidden layer)",
			Params: []dsl.Param{paramOn}},
		measure: func(r *reader, p *runParts) (measureFunc, error) {
			set := p.scored(r)
			if err := r.Err(); err != nil {
				return nil, err
			}
			x := set.X
			return func(ctx context.Context, m rbm.Model) (float64, error) {
				switch m := m.(type) {
				case *rbm.Binary:
					return m.LogLikelihoodContext(ctx, x)
				case *rbm.Gaussian:
					return m.LogLikelihoodContext(ctx, x)
				}
				return 0, fmt.Errorf("loglik: model is %T, want *rbm.Binary or *rbm.Gaussian", m)
			}, nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "recon", Better: "lower", Models: binaryOnly,
			Doc:    "mean squared mean-field reconstruction error of the training or test set (on), (1/N) Σ_n Σ_i (v_ni − p(v_i=1 | ĥ_n))², ĥ_n = p(h=1 | v_n)",
			Params: []dsl.Param{paramOn}},
		measure: func(r *reader, p *runParts) (measureFunc, error) {
			set := p.scored(r)
			if err := r.Err(); err != nil {
				return nil, err
			}
			return learn.ReconstructionError(set).Func, nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "ais", Better: "higher", Models: binaryOnly,
			Doc: "mean log-likelihood with ln Z estimated by annealed importance sampling (learn.AISLogLikelihood) of the training or test set (on), from the base-rate model of the set scored along β_k = k/K; for models too large for loglik",
			Params: []dsl.Param{
				{Name: "chains", Type: dsl.TypeInt, Default: 100, Check: atLeast(1), Doc: "independent annealing runs M"},
				{Name: "steps", Type: dsl.TypeInt, Default: 1000, Check: atLeast(1), Doc: "intermediate distributions K"},
				paramOn,
			}},
		measure: func(r *reader, p *runParts) (measureFunc, error) {
			s := &rbm.AISSettings{Chains: r.positive("chains"), Steps: r.positive("steps"), Seed: p.seed}
			set := p.scored(r)
			if err := r.Err(); err != nil {
				return nil, err
			}
			return learn.AISLogLikelihood(set, s).Func, nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "isl", Better: "higher", Models: binaryOnly,
			Doc: "indirect sampling likelihood (mcmc.ISL): one chain of the run's sampler, started at a random training example, gives samples (one every thin steps after burn); the value is the mean log-likelihood of the training or test set (on) under the Parzen density of all samples, the kernel width chosen on the training set",
			Params: []dsl.Param{
				{Name: "samples", Type: dsl.TypeInt, Default: 1000, Check: atLeast(1), Doc: "number N of samples"},
				{Name: "burn", Type: dsl.TypeInt, Default: 100, Check: atLeast(0), Doc: "sampler steps before the first sample"},
				{Name: "thin", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "sampler steps between samples"},
				paramOn,
			}},
		measure: func(r *reader, p *runParts) (measureFunc, error) {
			n, burn, thin, set := r.positive("samples"), r.nonNegative("burn"), r.positive("thin"), p.scored(r)
			if err := r.Err(); err != nil {
				return nil, err
			}
			return islMeasure(p, set, n, burn, thin), nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "tau", Better: "lower", Models: binaryOnly,
			Doc: "integrated autocorrelation time of the energy along chains of the run's sampler or of the one named, on the current model (mcmc.WindowTau or mcmc.FitAR on the joint energies E(v, h) of mcmc.EnergyTrace): chains start at random training examples and run burn steps before their traces are recorded; τ is Sokal's windowed sum with c = 5 (mcmc.WindowTau; a lower bound τ(N/2) for a chain whose trace is too short for the window) or an autoregressive fit (mcmc.FitAR, the flip-the-state paper's estimator); the value is the mean of τ over the chains, in sampler steps. Two tau measurements of one run (measure tau(sampler = gibbs) as tau_g, measure tau(sampler = flip) as tau_t) start at the same examples and draw from the same seeds: a paired comparison of samplers on the same model",
			Params: []dsl.Param{
				{Name: "chains", Type: dsl.TypeInt, Default: 10, Check: atLeast(1), Doc: "number of independent chains"},
				{Name: "steps", Type: dsl.TypeInt, Default: 1000, Check: atLeast(4), Doc: "length of each chain's energy trace"},
				{Name: "burn", Type: dsl.TypeInt, Default: 0, Check: atLeast(0), OmitDefault: true, Doc: "sampler steps of each chain before its trace is recorded"},
				{Name: "estimator", Type: dsl.TypeName, Default: "window", Values: []string{"window", "ar"}, OmitDefault: true, Doc: "window: Sokal's windowed sum τ(M) = 1 + 2 Σ_{t≤M} R(t) (mcmc.WindowTau, c = 5); ar: τ = S(0)/γ(0) of an autoregressive fit, its order chosen by AIC (mcmc.FitAR)"},
				{Name: "sampler", Type: dsl.TypeName, Kind: dsl.KindSampler, Default: "", OmitDefault: true, Doc: "the sampler of binary models that runs the chains, with its defaults (e.g. gibbs or flip, to compare operators on a model trained with another); empty: the run's sampler, with its parameters"},
			}},
		measure: func(r *reader, p *runParts) (measureFunc, error) {
			c, n, burn, est := r.positive("chains"), r.positive("steps"), r.nonNegative("burn"), r.str("estimator")
			r.check(n >= 4, "parameter steps = %d, want at least 4 for an autocorrelation", n)
			r.check(r.Err() != nil || est == "window" || est == "ar", "parameter estimator = %s, want window or ar%s", est, dsl.DidYouMean(est, []string{"window", "ar"}))
			parts := *p
			if ns, _ := namedSampler(r, modelBinary, nil); ns != nil {
				parts.newSampler = ns
			}
			return tauMeasure(&parts, tauSpec{chains: c, steps: n, burn: burn, ar: est == "ar"}), nil
		},
	},
}, append(gaussianItems, qualityItems...)...)

// mnist builds the mnist data set: n digits after skip of the test or
// training file, binarised at a threshold or by sampling, or grey levels,
// standardised per pixel if asked. Without skip and standardisation it is
// data.MNIST's set itself (its name, its draws). The file must hold skip
// + n digits.
func mnist(r *reader) (*data.Set, error) {
	std := r.bool("standardize")
	bin := r.str("binarize")
	r.check(!std || bin == "grey", "parameter standardize = true needs binarize = grey (standardised binary pixels are not binary), not binarize = %s", bin)
	if err := r.Err(); err != nil {
		return nil, err
	}
	set, err := mnistDigits(r, bin)
	if err != nil || !std {
		return set, err
	}
	out, _, _, err := data.Standardize(set)
	return out, err
}

// mnistDigits builds the digits of the mnist data set, binarised as bin
// says.
func mnistDigits(r *reader, bin string) (*data.Set, error) {
	n, skip, train := r.nonNegative("n"), r.nonNegative("skip"), r.bool("train")
	th, seed := r.float("threshold"), r.int("seed")
	r.check(th > 0 && th < 1, "parameter threshold = %v, want a grey level in (0, 1)", th)
	r.check(seed >= 0, "parameter seed = %d, want a seed ≥ 0", seed)
	dir := r.str("dir")
	if err := r.Err(); err != nil {
		return nil, err // before reading the files
	}
	opts := data.MNISTOptions{Train: train, Limit: n, Binarize: data.Thresholded, Threshold: th, Seed: uint64(seed)}
	switch bin {
	case "threshold":
	case "sampled":
		opts.Binarize = data.Sampled
	case "grey":
		opts.Binarize = data.Grey
	default:
		return nil, fmt.Errorf("parameter binarize = %s, want threshold, sampled or grey%s", bin, dsl.DidYouMean(bin, []string{"threshold", "sampled", "grey"}))
	}
	file := data.MNISTTestImages
	if train {
		file = data.MNISTTrainImages
	}
	if skip == 0 {
		set, err := data.MNIST(dir, opts)
		if err == nil && n > set.Len() {
			return nil, fmt.Errorf("parameter n = %d: %s holds %d digits", n, file, set.Len())
		}
		return set, err
	}
	grey := opts
	grey.Binarize, grey.Limit = data.Grey, 0
	if n > 0 {
		grey.Limit = skip + n
	}
	set, err := data.MNIST(dir, grey)
	if err != nil {
		return nil, err
	}
	end := skip + n
	switch {
	case n == 0 && skip >= set.Len():
		return nil, fmt.Errorf("parameter skip = %d with n = 0 (all the rest): %s holds %d digits, none after the skipped ones", skip, file, set.Len())
	case n == 0:
		end = set.Len()
	case end > set.Len():
		return nil, fmt.Errorf("parameters skip = %d and n = %d: %s holds %d digits, fewer than skip + n = %d", skip, n, file, set.Len(), end)
	}
	sub := &data.Set{Name: fmt.Sprintf("%s-%d-%d", set.Name, skip, end), X: mat.DenseCopyOf(set.X.Slice(skip, end, 0, set.Dim())),
		Labels: append([]int(nil), set.Labels[skip:end]...), Rows: set.Rows, Cols: set.Cols}
	switch opts.Binarize {
	case data.Sampled:
		return data.Stochastic(sub, opts.Seed)
	case data.Grey:
		return sub, nil
	}
	return data.Threshold(sub, th)
}

// intParam reads an int parameter of a part for an entry's Width: an int,
// or a whole float64 as read back from JSON; 0 for anything else.
func intParam(p map[string]any, name string) int {
	switch v := p[name].(type) {
	case int:
		return v
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= 1<<30 {
			return int(v)
		}
	}
	return 0
}

// modelItem returns the item of a model: an RBM with paramHidden hidden
// units, weights drawn as paramInitSD says, and as many visible units as
// the data set has columns, made by newModel; start is a bool parameter
// that starts the visible biases or means at the data's (rbm.Init's
// BaseRate).
func modelItem[M rbm.Model](name, doc string, start dsl.Param, newModel func(visible, hidden int, ini *rbm.Init) (M, error)) item {
	return item{
		entry: &dsl.Entry{Kind: dsl.KindModel, Name: name, Doc: doc, Params: []dsl.Param{paramHidden, paramInitSD, start}},
		model: func(r *reader, set *data.Set, seed uint64) (rbm.Model, error) {
			h, ini := r.int("hidden"), &rbm.Init{WeightStd: r.float("init_sd"), Seed: seed}
			if r.bool(start.Name) {
				ini.BaseRate = set.X
			}
			m, err := newModel(set.Dim(), h, ini)
			if err != nil {
				return nil, err // not a non-nil rbm.Model holding a nil M
			}
			return m, nil
		},
	}
}

// withPrecision gives the binary model's item the parameter precision
// (rbm.Precision), so that a sweep chooses the arithmetic per run.
func withPrecision(it item) item {
	it.entry.Params = append(it.entry.Params, dsl.Param{Name: "precision", Type: dsl.TypeName, Default: "float64", Values: []string{"float64", "float32"},
		Doc: "arithmetic of sampling, training and AIS (rbm.Precision): float64, or float32 through single-precision BLAS; exact likelihoods stay float64"})
	build := it.model
	it.model = func(r *reader, set *data.Set, seed uint64) (rbm.Model, error) {
		prec, err := rbm.ParsePrecision(r.str("precision"))
		if err != nil {
			return nil, err
		}
		m, err := build(r, set, seed)
		if err != nil {
			return nil, err
		}
		if b, ok := m.(*rbm.Binary); ok {
			b.Precision = prec
		}
		return m, nil
	}
	return it
}

// seedOnly returns the item of a sampler without parameters, made from
// its seed by newSampler, for the models named.
func seedOnly(name, doc string, models []string, newSampler func(seed uint64) any) item {
	return item{
		entry:   &dsl.Entry{Kind: dsl.KindSampler, Name: name, Doc: doc, Models: models},
		sampler: func(r *reader, seed uint64) (any, error) { return newSampler(seed), nil },
	}
}

// tempered builds the tempered sampler: its base sampler, named by the
// parameter base and given the parameters of tempered that it has (alpha
// for flip), at uniform inverse temperatures.
func tempered(r *reader, seed uint64) (any, error) {
	t, k, name := r.int("temps"), r.positive("steps"), r.str("base")
	if err := r.Err(); err != nil {
		return nil, err
	}
	if name == "tempered" {
		return nil, errors.New("parameter base = tempered: the base of tempering cannot be tempered")
	}
	// The base takes the parameters of tempered it has, e.g. alpha for flip.
	it, br, err := lookup(dsl.KindSampler, defaultPart(dsl.KindSampler, name, r.p.m))
	if err != nil {
		return nil, err
	}
	b, err := it.sampler(br, streamSeed(seed, 1))
	if err = br.first(err); err != nil {
		return nil, fmt.Errorf("%s: %w", br.p, err)
	}
	base, ok := b.(mcmc.Sampler)
	if !ok {
		return nil, fmt.Errorf("parameter base = %s: the base of tempering must be a sampler of binary models", name)
	}
	betas, err := mcmc.UniformBetas(t)
	if err != nil {
		return nil, err
	}
	return mcmc.NewTempered(base, betas, k, streamSeed(seed, 2))
}

// defaultPart returns the part of the entry of kind called name with its
// parameters at their defaults, or at the values in given of those it
// has; an unknown name has none.
func defaultPart(kind dsl.Kind, name string, given map[string]any) *dsl.Part {
	p := &dsl.Part{Name: name, Params: map[string]any{}}
	if it, ok := index[kind][name]; ok {
		for _, q := range it.entry.Params {
			p.Params[q.Name] = q.Default
			if v, ok := given[q.Name]; ok {
				p.Params[q.Name] = v
			}
		}
	}
	return p
}

// index finds the items by kind and name. It is filled by init, not by an
// initializer, because items (tempered) look up others.
var index map[dsl.Kind]map[string]*item

func init() { indexItems() }

// indexItems fills index from items.
func indexItems() {
	index = map[dsl.Kind]map[string]*item{}
	for i := range items {
		it := &items[i]
		if index[it.entry.Kind] == nil {
			index[it.entry.Kind] = map[string]*item{}
		}
		index[it.entry.Kind][it.entry.Name] = it
	}
}

// lookup returns the item of a part of a configuration, and a reader of
// its parameters.
func lookup(kind dsl.Kind, p *dsl.Part) (*item, *reader, error) {
	if p == nil {
		return nil, nil, fmt.Errorf("no %s", kind)
	}
	it, ok := index[kind][p.Name]
	if !ok {
		return nil, nil, fmt.Errorf("unknown %s %q%s", kind, p.Name, dsl.DidYouMean(p.Name, names(kind)))
	}
	return it, read(params{kind: kind, name: p.Name, m: withOmitted(it.entry, p.Params)}), nil
}

// withOmitted returns the parameters m of a part of entry e with the
// defaults of those that a configuration leaves out at their default
// (dsl.Param.OmitDefault) filled in; m itself when none is missing.
func withOmitted(e *dsl.Entry, m map[string]any) map[string]any {
	out, copied := m, false
	for _, q := range e.Params {
		if _, ok := m[q.Name]; ok || !q.OmitDefault {
			continue
		}
		if !copied {
			copied = true
			out = make(map[string]any, len(m)+1)
			for k, v := range m {
				out[k] = v
			}
		}
		out[q.Name] = q.Default
	}
	return out
}

// names returns the names of the items of one kind, sorted.
func names(kind dsl.Kind) []string {
	var out []string
	for n := range index[kind] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Registry returns a new registry of the library's names: the data sets
// (bars_stripes, shifting_bar, artificial_modes, mnist, mixture), models (binary,
// gaussian), samplers (gibbs, flip, tempered for binary models;
// gauss_gibbs, langevin, gibbs_langevin for gaussian ones), learners (cd,
// pcd, fpcd, pt, centered, sdcp, csdcp, ssd for binary models; mcd for
// gaussian ones; every learner also takes the training settings rate,
// batch, momentum, decay, schedule and rate_end) and measurements (loglik,
// recon, ais, isl, tau; frechet and classes for gaussian ones), each with its parameters, their types, defaults
// and documentation, the models it works on (Entry.Models), and the bounds
// of their values that the checker verifies (Param.Check: sizes, counts,
// rates, probabilities, an existing folder). Describe lists them. Run runs
// the configurations that this registry resolves. The registry is the
// caller's: adding entries to it changes no other registry, but Run knows
// only the library's.
func Registry() *dsl.MapRegistry {
	r := &dsl.MapRegistry{}
	for _, it := range items {
		e := *it.entry
		e.Params = append([]dsl.Param(nil), it.entry.Params...)
		if err := r.Add(&e); err != nil {
			// The table is fixed at compile time and checked by the tests.
			panic("dsl/library: invalid table: " + err.Error())
		}
	}
	return r
}
