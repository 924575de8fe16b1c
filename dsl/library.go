package dsl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"sort"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// This file connects the sweep language to the library: Library is the
// registry of the names a sweep file can use, RunLibrary the RunFunc that
// builds and trains what a run's Config describes. Both read one table,
// library below, in which every data set, model, sampler, learner and
// measurement is one item: its registry entry and the function that builds
// it. A new sampler or learner is one more item.

// libItem is one name of the library: its registry entry and its builder,
// of which exactly the one matching the entry's kind is set.
type libItem struct {
	entry *Entry

	dataset func(p params) (*data.Set, error)
	model   func(p params, set *data.Set, seed uint64) (*rbm.Binary, error)
	sampler func(p params, seed uint64) (mcmc.Sampler, error)
	learner func(p params, r *runParts) (learn.Learner, error)
	measure func(p params, r *runParts) (measureFunc, error)
}

// runParts is what the builders of learners and measurements may use of
// the run being built.
type runParts struct {
	set *data.Set
	// sampler is the run's sampler, seeded from the run's sampler stream.
	sampler mcmc.Sampler
	// newSampler makes another sampler of the run's kind and parameters
	// with the given seed (for learners that run several, such as pt).
	newSampler func(seed uint64) (mcmc.Sampler, error)
	// seed seeds the learner's or the measurement's own random numbers
	// (the run's stream streamLearner or streamMeasure).
	seed uint64
}

// measureFunc measures a model during training; ctx is the run's context.
type measureFunc func(ctx context.Context, m *rbm.Binary) (float64, error)

// trainParams are the training settings, parameters of every learner so
// that a sweep file writes them where they belong,
// `learner cd(k = 1, rate = $rate, batch = 10)`, and an axis can vary them.
var trainParams = []Param{
	{Name: "rate", Type: TypeFloat, Default: 0.1, Doc: "learning rate ε (the base rate of the schedule)"},
	{Name: "batch", Type: TypeInt, Default: 0, Doc: "examples per mini-batch; 0: the whole data set (batch learning)"},
	{Name: "momentum", Type: TypeFloat, Default: 0.0, Doc: "SGD momentum in [0, 1): Δ ← momentum·Δ + ε·(g − decay·θ)"},
	{Name: "decay", Type: TypeFloat, Default: 0.0, Doc: "L2 weight decay λ on the weights (not the biases)"},
	{Name: "schedule", Type: TypeName, Default: "constant", Values: []string{"constant", "cosine"}, Doc: "learning-rate schedule: constant (ε_t = ε) or cosine (ε_t = ε_end + ½(ε − ε_end)(1 + cos(πt/T)))"},
	{Name: "rate_end", Type: TypeFloat, Default: 0.0, Doc: "final rate ε_end of the cosine schedule"},
}

// learnerEntry returns the entry of a learner with its own parameters
// followed by trainParams.
func learnerEntry(name, doc string, own ...Param) *Entry {
	return &Entry{Kind: KindLearner, Name: name, Doc: doc, Params: append(own, trainParams...)}
}

// library is the table of the library's names.
var library = []libItem{
	// Data sets.
	{
		entry: &Entry{Kind: KindDataset, Name: "bars_stripes",
			Doc: "Bars and Stripes (data.BarsAndStripes): size×size binary images with a subset of the columns (bars) or of the rows (stripes) on; 2^(size+1) patterns, 2^(size+1)−2 distinct",
			Params: []Param{
				{Name: "size", Type: TypeInt, Default: 4, Doc: "side d of the images, 1…12 (d² visible units)"},
				{Name: "duplicates", Type: TypeBool, Default: false, Doc: "keep the second copies of the all-0 and all-1 images"},
			}},
		dataset: func(p params) (*data.Set, error) {
			d, err := p.int("size")
			if err != nil {
				return nil, err
			}
			dup, err := p.bool("duplicates")
			if err != nil {
				return nil, err
			}
			return data.BarsAndStripes(d, dup)
		},
	},
	{
		entry: &Entry{Kind: KindDataset, Name: "shifting_bar",
			Doc: "Shifting bar (data.ShiftingBar): the n cyclic shifts of a bar of b ones in a row of n pixels; the best mean log-likelihood is −ln n",
			Params: []Param{
				{Name: "n", Type: TypeInt, Doc: "length n of the row (visible units), 2…11585 (data.MaxShiftingBar)"},
				{Name: "b", Type: TypeInt, Doc: "width b of the bar, 1 ≤ b < n"},
			}},
		dataset: func(p params) (*data.Set, error) {
			n, err := p.int("n")
			if err != nil {
				return nil, err
			}
			b, err := p.int("b")
			if err != nil {
				return nil, err
			}
			return data.ShiftingBar(n, b)
		},
	},
	{
		entry: &Entry{Kind: KindDataset, Name: "artificial_modes",
			Doc: "Artificial Modes (data.ArtificialModes, Desjardins et al. 2010): 4×4 binary images, example k a copy of basic mode k mod 4 (all off, all on, lower half on, upper half on) with every pixel flipped independently with probability p_mut",
			Params: []Param{
				{Name: "pmut", Type: TypeFloat, Doc: "flip probability p_mut in [0, 1] of each pixel (the paper's 0.01: modes far apart; 0.1: closer)"},
				{Name: "n", Type: TypeInt, Default: 10000, Doc: "number n of examples, 1…data.MaxArtificialModes"},
				{Name: "seed", Type: TypeInt, Default: 1, Doc: "seed of the pixel flips; the data set is the same in every run of a sweep"},
			}},
		dataset: func(p params) (*data.Set, error) {
			pm, err := p.float("pmut")
			if err != nil {
				return nil, err
			}
			n, err := p.int("n")
			if err != nil {
				return nil, err
			}
			s, err := p.int("seed")
			if err != nil {
				return nil, err
			}
			if s < 0 {
				return nil, fmt.Errorf("parameter seed = %d, want a seed ≥ 0", s)
			}
			return data.ArtificialModes(pm, n, uint64(s))
		},
	},

	// Models.
	{
		entry: &Entry{Kind: KindDataset, Name: "mnist",
			Doc: "MNIST digits (data.MNIST) binarised at a threshold: 28×28 = 784 visible units, read from the IDX files that `make setup` converts (data/mnist, or $RBM_DATA/mnist)",
			Params: []Param{
				{Name: "n", Type: TypeInt, Default: 10000, Doc: "number of digits, the first n of the file (0: all)"},
				{Name: "train", Type: TypeBool, Default: false, Doc: "read the 60,000 training digits (train-*) instead of the 10,000 test digits (t10k-*)"},
				{Name: "threshold", Type: TypeFloat, Default: 0.5, Doc: "grey level g in (0, 1) above which a pixel is 1"},
				{Name: "dir", Type: TypeString, Default: "", Doc: "folder of the IDX files; empty: data.DefaultMNISTDir()"},
			}},
		dataset: func(p params) (*data.Set, error) {
			n, err := p.nonNegative("n")
			if err != nil {
				return nil, err
			}
			train, err := p.bool("train")
			if err != nil {
				return nil, err
			}
			th, err := p.float("threshold")
			if err != nil {
				return nil, err
			}
			if !(th > 0 && th < 1) {
				return nil, fmt.Errorf("parameter threshold = %v, want a grey level in (0, 1)", th)
			}
			dir, err := p.str("dir")
			if err != nil {
				return nil, err
			}
			return data.MNIST(dir, data.MNISTOptions{Train: train, Limit: n, Binarize: data.Thresholded, Threshold: th})
		},
	},

	{
		entry: &Entry{Kind: KindModel, Name: "binary",
			Doc: "binary RBM (rbm.Binary) with energy E(v, h) = −vᵀWh − bᵀv − cᵀh; as many visible units as the data set has columns",
			Params: []Param{
				{Name: "hidden", Type: TypeInt, Doc: "number of hidden units n"},
				{Name: "init_sd", Type: TypeFloat, Default: 0.01, Doc: "standard deviation σ of the initial weights, W_ij ~ N(0, σ²)"},
				{Name: "base_rate", Type: TypeBool, Default: false, Doc: "start the visible biases at the data's base rates, b_i = ln(p_i/(1−p_i)); false: b = 0"},
				{Name: "precision", Type: TypeName, Default: "float64", Values: []string{"float64", "float32"}, Doc: "arithmetic of sampling, training and AIS (rbm.Precision): float64, or float32 through single-precision BLAS; exact likelihoods stay float64"},
			}},
		model: func(p params, set *data.Set, seed uint64) (*rbm.Binary, error) {
			h, err := p.int("hidden")
			if err != nil {
				return nil, err
			}
			sd, err := p.float("init_sd")
			if err != nil {
				return nil, err
			}
			br, err := p.bool("base_rate")
			if err != nil {
				return nil, err
			}
			ps, err := p.str("precision")
			if err != nil {
				return nil, err
			}
			prec, err := rbm.ParsePrecision(ps)
			if err != nil {
				return nil, err
			}
			ini := &rbm.Init{WeightStd: sd, Seed: seed}
			if br {
				ini.BaseRate = set.X
			}
			m, err := rbm.NewBinary(set.Dim(), h, ini)
			if err != nil {
				return nil, err
			}
			m.Precision = prec
			return m, nil
		},
	},

	// Samplers.
	{
		entry: &Entry{Kind: KindSampler, Name: "gibbs",
			Doc: "block Gibbs sampling (mcmc.Gibbs): h ~ p(h | v), then v ~ p(v | h)"},
		sampler: func(p params, seed uint64) (mcmc.Sampler, error) { return mcmc.NewGibbs(seed), nil },
	},
	{
		entry: &Entry{Kind: KindSampler, Name: "flip",
			Doc: "flip-the-state blended with Gibbs (mcmc.Flip, Brügge et al. 2013): each unit takes state 1 with probability α·P_T + (1 − α)·σ(x), P_T the Metropolis flip of its state",
			Params: []Param{
				{Name: "alpha", Type: TypeFloat, Default: 1.0, Doc: "blend α in [0, 1]: 1 is flip-the-state, 0 is block Gibbs"},
			}},
		sampler: func(p params, seed uint64) (mcmc.Sampler, error) {
			a, err := p.float("alpha")
			if err != nil {
				return nil, err
			}
			return mcmc.NewFlip(a, seed)
		},
	},
	{
		entry: &Entry{Kind: KindSampler, Name: "tempered",
			Doc: "parallel tempering (mcmc.Tempered) over a base sampler at inverse temperatures β_i = 1 − (i−1)/(t−1), i = 1…t, with swaps of neighbouring replicas accepted with probability min(1, exp((β_i − β_{i+1})(E_i − E_{i+1})))",
			Params: []Param{
				{Name: "temps", Type: TypeInt, Default: 10, Doc: "number t ≥ 2 of temperatures"},
				{Name: "steps", Type: TypeInt, Default: 1, Doc: "base steps per transition, before the swaps"},
				{Name: "base", Type: TypeName, Kind: KindSampler, Default: "gibbs", Doc: "the base sampler (gibbs or flip), with its defaults"},
				{Name: "alpha", Type: TypeFloat, Default: 1.0, Doc: "blend α of a flip base sampler"},
			}},
		sampler: func(p params, seed uint64) (mcmc.Sampler, error) {
			t, err := p.int("temps")
			if err != nil {
				return nil, err
			}
			k, err := p.positive("steps")
			if err != nil {
				return nil, err
			}
			name, err := p.str("base")
			if err != nil {
				return nil, err
			}
			if name == "tempered" {
				return nil, errors.New("parameter base = tempered: the base of tempering cannot be tempered")
			}
			bp := &Part{Name: name, Params: map[string]any{}}
			if it, ok := libIndex[KindSampler][name]; ok {
				for _, q := range it.entry.Params {
					bp.Params[q.Name] = q.Default
					if v, ok := p.m[q.Name]; ok {
						bp.Params[q.Name] = v // e.g. alpha, passed on to flip
					}
				}
			}
			it, bpp, err := item(KindSampler, bp)
			if err != nil {
				return nil, err
			}
			base, err := it.sampler(bpp, streamSeed(seed, 1))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", bpp, err)
			}
			betas, err := mcmc.UniformBetas(t)
			if err != nil {
				return nil, err
			}
			return mcmc.NewTempered(base, betas, k, streamSeed(seed, 2))
		},
	},

	// Learners.
	{
		entry: learnerEntry("cd", "contrastive divergence CD-k (learn.CD): negative chains start at the batch and run k sampler steps",
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per update, k ≥ 1"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			k, err := p.positive("k")
			if err != nil {
				return nil, err
			}
			return learn.NewCD(k, r.sampler), nil
		},
	},
	{
		entry: learnerEntry("pcd", "persistent contrastive divergence PCD-k (learn.PCD): persistent negative chains run k sampler steps per update",
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per update, k ≥ 1"},
			Param{Name: "chains", Type: TypeInt, Default: 0, Doc: "number of persistent chains; 0: as many as the batch has rows"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			k, err := p.positive("k")
			if err != nil {
				return nil, err
			}
			n, err := p.nonNegative("chains")
			if err != nil {
				return nil, err
			}
			return learn.NewPCD(k, n, r.sampler), nil
		},
	},
	{
		entry: learnerEntry("fpcd", "fast persistent contrastive divergence (learn.FPCD, Tieleman and Hinton 2009): persistent chains sample θ + θ_F, with fast weights θ_F ← decay·θ_F + ε_F·g",
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per update, k ≥ 1"},
			Param{Name: "chains", Type: TypeInt, Default: 0, Doc: "number of persistent chains; 0: as many as the batch has rows"},
			Param{Name: "fast_rate", Type: TypeFloat, Default: 0.0, Doc: "learning rate ε_F of the fast weights; 0: the initial learning rate"},
			Param{Name: "fast_decay", Type: TypeFloat, Default: 0.95, Doc: "factor applied to the fast weights every update, in (0, 1]"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			k, err := p.positive("k")
			if err != nil {
				return nil, err
			}
			n, err := p.nonNegative("chains")
			if err != nil {
				return nil, err
			}
			fr, err := p.float("fast_rate")
			if err != nil {
				return nil, err
			}
			fd, err := p.float("fast_decay")
			if err != nil {
				return nil, err
			}
			if !(fr >= 0) || math.IsInf(fr, 0) {
				return nil, fmt.Errorf("parameter fast_rate = %v, want a finite rate ≥ 0", fr)
			}
			if !(fd > 0 && fd <= 1) {
				return nil, fmt.Errorf("parameter fast_decay = %v, want a factor in (0, 1]", fd)
			}
			l := learn.NewFPCD(k, n, fr, r.sampler)
			l.Decay = fd
			return l, nil
		},
	},
	{
		entry: learnerEntry("pt", "learning with parallel tempering (learn.PT, Desjardins et al. 2010): persistent chains at t inverse temperatures β_i = 1 − (i−1)/(t−1), each run by its own copy of the sampler, with neighbour swaps; the β = 1 chains give the negative phase",
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per temperature and update, k ≥ 1"},
			Param{Name: "temps", Type: TypeInt, Default: 10, Doc: "number t ≥ 2 of temperatures"},
			Param{Name: "chains", Type: TypeInt, Default: 0, Doc: "chains per temperature; 0: as many as the batch has rows"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			k, err := p.positive("k")
			if err != nil {
				return nil, err
			}
			t, err := p.int("temps")
			if err != nil {
				return nil, err
			}
			if t < 2 {
				return nil, fmt.Errorf("parameter temps = %d, want at least 2", t)
			}
			n, err := p.nonNegative("chains")
			if err != nil {
				return nil, err
			}
			betas, err := mcmc.UniformBetas(t)
			if err != nil {
				return nil, err
			}
			l, err := learn.NewPT(k, betas, n, r.seed, r.sampler)
			return l, err
		},
	},
	{
		entry: learnerEntry("centered", "centered gradient (learn.Centered, Melchior et al. 2016): CD-k on the energy −(v − μ)ᵀW(h − λ) − b̃ᵀv − c̃ᵀh with offsets μ, λ following the batch means",
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per update, k ≥ 1"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			k, err := p.positive("k")
			if err != nil {
				return nil, err
			}
			return learn.NewCentered(k, r.sampler), nil
		},
	},
	{
		entry: learnerEntry("sdcp", "stochastic difference of convex functions programming S-DCP (learn.SDCP, Upadhya and Sastry 2017, Algorithm 3): d inner gradient steps of k sampling steps each on f(θ) − θᵀ∇g(θ^(t)); d = 1 is CD-k, and d·k = K costs what CD-K does",
			Param{Name: "d", Type: TypeInt, Default: 1, Doc: "inner gradient steps per update, d ≥ 1"},
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per inner step (K' in the paper), k ≥ 1"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			d, k, err := dk(p)
			if err != nil {
				return nil, err
			}
			return learn.NewSDCP(d, k, r.sampler), nil
		},
	},
	{
		entry: learnerEntry("csdcp", "centered S-DCP, CS-DCP (learn.CSDCP, Upadhya and Sastry 2017, Algorithm 4): S-DCP on the centered energy with moving offsets",
			Param{Name: "d", Type: TypeInt, Default: 1, Doc: "inner gradient steps per update, d ≥ 1"},
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per inner step (K' in the paper), k ≥ 1"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			d, k, err := dk(p)
			if err != nil {
				return nil, err
			}
			return learn.NewCSDCP(d, k, r.sampler), nil
		},
	},

	{
		entry: learnerEntry("ssd", "stochastic spectral descent (learn.SSD, Carlson et al. 2015): the gradient estimate of a CD-k or PCD-k estimator mapped to the steepest-ascent direction of the Schatten-∞ norm (one SVD per update); takes a much smaller rate than SGD",
			Param{Name: "k", Type: TypeInt, Default: 1, Doc: "sampling steps per update, k ≥ 1"},
			Param{Name: "estimator", Type: TypeName, Default: "pcd", Values: []string{"pcd", "cd"}, Doc: "gradient estimator: pcd (persistent chains, as Carlson et al.) or cd"},
			Param{Name: "chains", Type: TypeInt, Default: 0, Doc: "number of persistent chains of pcd; 0: as many as the batch has rows"}),
		learner: func(p params, r *runParts) (learn.Learner, error) {
			k, err := p.positive("k")
			if err != nil {
				return nil, err
			}
			n, err := p.nonNegative("chains")
			if err != nil {
				return nil, err
			}
			est, err := p.str("estimator")
			if err != nil {
				return nil, err
			}
			switch est {
			case "pcd":
				return learn.NewSSD(learn.NewPCD(k, n, r.sampler)), nil
			case "cd":
				return learn.NewSSD(learn.NewCD(k, r.sampler)), nil
			}
			return nil, fmt.Errorf("parameter estimator = %s, want pcd or cd%s", est, didYouMean(est, []string{"pcd", "cd"}))
		},
	},

	// Measurements.
	{
		entry: &Entry{Kind: KindMeasure, Name: "loglik", Better: "higher",
			Doc: "exact mean log-likelihood of the training set, (1/N) Σ_n ln p(v_n), by enumerating the smaller layer (at most rbm.MaxExactUnits units)"},
		measure: func(p params, r *runParts) (measureFunc, error) {
			x := r.set.X
			return func(ctx context.Context, m *rbm.Binary) (float64, error) {
				return m.LogLikelihoodContext(ctx, x)
			}, nil
		},
	},
	{
		entry: &Entry{Kind: KindMeasure, Name: "recon", Better: "lower",
			Doc: "mean squared mean-field reconstruction error of the training set, (1/N) Σ_n Σ_i (v_ni − p(v_i=1 | ĥ_n))², ĥ_n = p(h=1 | v_n)"},
		measure: func(p params, r *runParts) (measureFunc, error) {
			o := learn.ReconstructionError(r.set)
			return func(ctx context.Context, m *rbm.Binary) (float64, error) { return o.Func(ctx, m) }, nil
		},
	},
	{
		entry: &Entry{Kind: KindMeasure, Name: "ais", Better: "higher",
			Doc: "mean log-likelihood of the training set with ln Z estimated by annealed importance sampling (learn.AISLogLikelihood) from the base-rate model along β_k = k/K; for models too large for loglik",
			Params: []Param{
				{Name: "chains", Type: TypeInt, Default: 100, Doc: "independent annealing runs M"},
				{Name: "steps", Type: TypeInt, Default: 1000, Doc: "intermediate distributions K"},
			}},
		measure: func(p params, r *runParts) (measureFunc, error) {
			c, err := p.positive("chains")
			if err != nil {
				return nil, err
			}
			k, err := p.positive("steps")
			if err != nil {
				return nil, err
			}
			o := learn.AISLogLikelihood(r.set, &rbm.AISSettings{Chains: c, Steps: k, Seed: r.seed})
			return func(ctx context.Context, m *rbm.Binary) (float64, error) { return o.Func(ctx, m) }, nil
		},
	},
	{
		entry: &Entry{Kind: KindMeasure, Name: "isl", Better: "higher",
			Doc: "indirect sampling likelihood (mcmc.ISL): one chain of the run's sampler, started at a random training example, gives samples (one every thin steps after burn); the value is the mean log-likelihood of the training set under the Parzen density of all samples, the kernel width chosen on the training set too (a sweep has no held-out set)",
			Params: []Param{
				{Name: "samples", Type: TypeInt, Default: 1000, Doc: "number N of samples"},
				{Name: "burn", Type: TypeInt, Default: 100, Doc: "sampler steps before the first sample"},
				{Name: "thin", Type: TypeInt, Default: 1, Doc: "sampler steps between samples"},
			}},
		measure: func(p params, r *runParts) (measureFunc, error) {
			n, err := p.positive("samples")
			if err != nil {
				return nil, err
			}
			burn, err := p.nonNegative("burn")
			if err != nil {
				return nil, err
			}
			thin, err := p.positive("thin")
			if err != nil {
				return nil, err
			}
			return islMeasure(r, n, burn, thin), nil
		},
	},
	{
		entry: &Entry{Kind: KindMeasure, Name: "tau", Better: "lower",
			Doc: "integrated autocorrelation time of the run's sampler on the current model (mcmc.WindowTau with Sokal's window c = 5 on mcmc.EnergyTrace): chains start at random training examples; the value is the mean of τ over the chains, in sampler steps (a lower bound τ(N/2) for a chain whose trace is too short for the window)",
			Params: []Param{
				{Name: "chains", Type: TypeInt, Default: 10, Doc: "number of independent chains"},
				{Name: "steps", Type: TypeInt, Default: 1000, Doc: "length of each chain's energy trace"},
			}},
		measure: func(p params, r *runParts) (measureFunc, error) {
			c, err := p.positive("chains")
			if err != nil {
				return nil, err
			}
			n, err := p.positive("steps")
			if err != nil {
				return nil, err
			}
			if n < 4 {
				return nil, fmt.Errorf("parameter steps = %d, want at least 4 for an autocorrelation", n)
			}
			return tauMeasure(r, c, n), nil
		},
	},
}

// libIndex finds the items of library by kind and name. It is filled by
// init, not by an initializer, because items (tempered) look up others.
var libIndex map[Kind]map[string]*libItem

func init() {
	libIndex = map[Kind]map[string]*libItem{}
	for i := range library {
		it := &library[i]
		if libIndex[it.entry.Kind] == nil {
			libIndex[it.entry.Kind] = map[string]*libItem{}
		}
		libIndex[it.entry.Kind][it.entry.Name] = it
	}
}

// Library returns a new registry of the library's names: the data sets
// (bars_stripes, shifting_bar, artificial_modes, mnist), models (binary),
// samplers (gibbs, flip, tempered), learners (cd, pcd, fpcd, pt, centered,
// sdcp, csdcp, ssd; every learner also takes the training settings rate,
// batch, momentum, decay, schedule and rate_end) and measurements (loglik,
// recon, ais, isl, tau), each with its parameters, their types, defaults and
// documentation, and the bounds of their values that the checker verifies
// (Param.Check: sizes, counts, rates, probabilities, an existing folder).
// Describe lists them. RunLibrary runs the configurations that this
// registry resolves. The registry is the caller's: adding entries to it
// changes no other registry, but RunLibrary knows only the library's.
func Library() *MapRegistry {
	r := &MapRegistry{}
	for _, it := range library {
		e := *it.entry
		e.Params = append([]Param(nil), it.entry.Params...)
		for i := range e.Params {
			e.Params[i].Check = limitOf(e.Kind, e.Name, e.Params[i].Name) // limits.go
		}
		if err := r.Add(&e); err != nil {
			// The table is fixed at compile time and checked by the tests.
			panic("dsl: invalid library table: " + err.Error())
		}
	}
	return r
}

// Seed streams of a run, derived from Job.Seed by streamSeed.
const (
	streamInit    = 1 // initial weights
	streamBatches = 2 // mini-batch order
	streamSampler = 3 // the sampler's uniform draws
	streamLearner = 4 // a learner's own draws (pt's swaps and samplers)
	streamMeasure = 5 // stochastic measurements (ais), the same at every step
)

// streamSeed derives the seed of random stream k of a run from the run's
// seed s by the SplitMix64 finaliser of s + k·φ (φ = 0x9e3779b97f4a7c15,
// the golden-ratio increment), so that the streams of one run differ from
// each other and from those of every other seed.
func streamSeed(s uint64, k uint64) uint64 {
	z := s + k*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// RunLibrary is the RunFunc of the library: it builds the data set, the
// binary RBM, the sampler (block Gibbs when the sweep names none) and the
// learner of j.Config, trains the model with learn.Train for
// j.Config.Updates updates, interruptibly with ctx, and takes each
// measurement m every m.Every updates (at steps m.Every, 2·m.Every, …;
// with Every 0 once, after the last update), returning the points in the
// order taken. Its random numbers come from three streams derived from
// j.Seed: the initial weights, the order of the mini-batches and the
// sampler's draws; so the same job gives the same points, and runs that
// share a seed (those a comparison pairs) start from the same weights and
// see the same batches. On an error, including cancellation, it returns
// the points taken so far with an error naming the run.
func RunLibrary(ctx context.Context, j *Job) ([]Point, error) {
	if j == nil {
		return nil, errors.New("dsl: RunLibrary: nil job")
	}
	pts, err := runLibrary(ctx, j)
	if err != nil {
		return pts, fmt.Errorf("dsl: run %d (key %s): %w", j.Index, j.Key, err)
	}
	return pts, nil
}

// item returns the library item of a part of a configuration.
func item(kind Kind, p *Part) (*libItem, params, error) {
	if p == nil {
		return nil, params{}, fmt.Errorf("no %s", kind)
	}
	it, ok := libIndex[kind][p.Name]
	if !ok {
		return nil, params{}, fmt.Errorf("unknown %s %q%s", kind, p.Name, didYouMean(p.Name, libraryNames(kind)))
	}
	return it, params{kind: kind, name: p.Name, m: p.Params}, nil
}

func runLibrary(ctx context.Context, j *Job) ([]Point, error) {
	cfg := &j.Config
	if cfg.Learner == nil {
		return nil, errors.New("no learner: the library runs training sweeps only")
	}
	if cfg.Updates <= 0 {
		return nil, fmt.Errorf("updates = %d, want a positive number of updates", cfg.Updates)
	}

	it, p, err := item(KindDataset, &cfg.Data)
	if err != nil {
		return nil, err
	}
	set, err := it.dataset(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if err := runSize(cfg, set); err != nil { // limits.go
		return nil, err
	}

	it, p, err = item(KindModel, &cfg.Model)
	if err != nil {
		return nil, err
	}
	model, err := it.model(p, set, streamSeed(j.Seed, streamInit))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}

	spart := cfg.Sampler
	if spart == nil {
		spart = &Part{Name: "gibbs", Params: map[string]any{}}
	}
	sit, sp, err := item(KindSampler, spart)
	if err != nil {
		return nil, err
	}
	parts := &runParts{set: set, seed: streamSeed(j.Seed, streamLearner)}
	parts.newSampler = func(seed uint64) (mcmc.Sampler, error) {
		s, err := sit.sampler(sp, seed)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sp, err)
		}
		return s, nil
	}
	if parts.sampler, err = parts.newSampler(streamSeed(j.Seed, streamSampler)); err != nil {
		return nil, err
	}

	it, p, err = item(KindLearner, cfg.Learner)
	if err != nil {
		return nil, err
	}
	learner, err := it.learner(p, parts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	settings, err := trainSettings(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	settings.Updates = cfg.Updates
	settings.Seed = streamSeed(j.Seed, streamBatches)

	col := &collector{total: cfg.Updates, log: j.Log}
	for i := range cfg.Measures {
		mp := &cfg.Measures[i]
		it, p, err := item(KindMeasure, mp)
		if err != nil {
			return nil, err
		}
		if mp.Every < 0 {
			return nil, fmt.Errorf("%s: every %d is negative", p, mp.Every)
		}
		mparts := *parts
		mparts.seed = streamSeed(j.Seed, streamMeasure)
		f, err := it.measure(p, &mparts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		col.measures = append(col.measures, scheduled{name: mp.Name, every: mp.Every, f: f})
	}
	if len(col.measures) > 0 {
		settings.Every = col.period()
		settings.Observers = []learn.Observer{{Name: "measures", Func: col.observe}}
	}
	if j.Checkpoint != "" {
		settings.Checkpoint = learn.Checkpoint{Path: j.Checkpoint, Every: j.CheckpointEvery}
	}
	run, err := learn.NewRun(model, set, learner, settings)
	if err != nil {
		return nil, err
	}
	col.run = run
	if j.Checkpoint != "" {
		err := run.Load(j.Checkpoint)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("resume from the run's checkpoint (delete it to start the run again): %w", err)
		}
		if err == nil && j.Log != nil {
			fmt.Fprintf(j.Log, "resumed from the checkpoint %s at update %d of %d\n", j.Checkpoint, run.Done(), cfg.Updates)
		}
	}
	_, err = run.Continue(ctx, 0)
	return col.points(), err
}

// trainSettings reads the training settings (trainParams) of a learner.
func trainSettings(p params) (*learn.Settings, error) {
	s := &learn.Settings{}
	var err error
	if s.Rate, err = p.float("rate"); err != nil {
		return nil, err
	}
	if s.Rate <= 0 {
		// Train reads a zero rate as its default; a sweep means what it says.
		return nil, fmt.Errorf("parameter rate = %v, want a positive learning rate", s.Rate)
	}
	if s.BatchSize, err = p.int("batch"); err != nil {
		return nil, err
	}
	if s.Momentum, err = p.float("momentum"); err != nil {
		return nil, err
	}
	if s.WeightDecay, err = p.float("decay"); err != nil {
		return nil, err
	}
	sched, err := p.str("schedule")
	if err != nil {
		return nil, err
	}
	end, err := p.float("rate_end")
	if err != nil {
		return nil, err
	}
	switch sched {
	case "constant":
		s.Schedule = learn.Constant{}
	case "cosine":
		s.Schedule = learn.Cosine{End: end}
	default:
		return nil, fmt.Errorf("unknown schedule %q%s (known: constant, cosine)", sched, didYouMean(sched, []string{"constant", "cosine"}))
	}
	return s, nil
}

// scheduled is a measurement with its period (0: at the end only).
type scheduled struct {
	name  string
	every int
	f     measureFunc
}

// collector is the one observer of a run: at each observation of the
// learn.Run it takes the measurements that are due and keeps the points
// in the run's History, as one series per measure (named "i name", i the
// measure's index in the configuration), so that a checkpoint of the run
// holds them and a resumed run goes on with them. An observation's points
// are added together once every measure has returned, so that an
// observation interrupted and taken again is not counted twice.
type collector struct {
	measures []scheduled
	total    int
	run      *learn.Run
	log      io.Writer // the run's log (Job.Log), or nil
}

// period returns the greatest common divisor of the measurements' periods
// (the total number of updates when all are 0), the Every that observes
// the model at every step where some measurement is due.
func (c *collector) period() int {
	g := 0
	for _, m := range c.measures {
		if m.every > 0 {
			g = gcd(g, m.every)
		}
	}
	if g == 0 {
		g = c.total
	}
	return g
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// observe is the Func of the run's observer; it returns the number of
// measurements taken at this step, the run's number of updates done.
func (c *collector) observe(ctx context.Context, m rbm.Model) (float64, error) {
	step := c.run.Done()
	if step == 0 {
		return 0, nil
	}
	b, ok := m.(*rbm.Binary)
	if !ok {
		return 0, fmt.Errorf("model is %T, want *rbm.Binary", m)
	}
	var idx []int
	var vals []float64
	for i, ms := range c.measures {
		due := ms.every > 0 && step%ms.every == 0 || ms.every == 0 && step == c.total
		if !due {
			continue
		}
		v, err := ms.f(ctx, b)
		if err != nil {
			return 0, fmt.Errorf("measure %s at update %d: %w", ms.name, step, err)
		}
		idx, vals = append(idx, i), append(vals, v)
	}
	h := c.run.History()
	for k, i := range idx {
		h.Add(c.series(i), step, 0, vals[k])
		if c.log != nil {
			fmt.Fprintf(c.log, "update %d: %s = %v\n", step, c.measures[i].name, vals[k])
		}
	}
	return float64(len(idx)), nil
}

// series names the History series of measure i.
func (c *collector) series(i int) string { return fmt.Sprintf("%d %s", i, c.measures[i].name) }

// points returns the points in the run's History, in the order taken: by
// step, and at each step in the order of the measures.
func (c *collector) points() []Point {
	if c.run == nil {
		return nil
	}
	h := c.run.History()
	var pts []Point
	pos := make([]int, len(c.measures))
	for {
		best, bestStep := -1, 0
		for i := range c.measures {
			s := h.Series(c.series(i))
			if pos[i] < len(s.X) && (best < 0 || int(s.X[pos[i]]) < bestStep) {
				best, bestStep = i, int(s.X[pos[i]])
			}
		}
		if best < 0 {
			return pts
		}
		s := h.Series(c.series(best))
		pts = append(pts, Point{Measure: c.measures[best].name, Step: bestStep, Value: s.Y[pos[best]]})
		pos[best]++
	}
}

// params are the resolved parameters of one part of a configuration, read
// with a check of their types.
type params struct {
	kind Kind
	name string
	m    map[string]any
}

// String names the part, e.g. "learner cd".
func (p params) String() string { return fmt.Sprintf("%s %s", p.kind, p.name) }

func (p params) get(name string) (any, error) {
	v, ok := p.m[name]
	if !ok || v == nil {
		return nil, fmt.Errorf("%s: missing parameter %s", p, name)
	}
	return v, nil
}

// int reads an integer parameter; a whole float64 (as read back from JSON)
// is accepted.
func (p params) int(name string) (int, error) {
	v, err := p.get(name)
	if err != nil {
		return 0, err
	}
	switch x := v.(type) {
	case int:
		return x, nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
			return int(x), nil
		}
	}
	return 0, fmt.Errorf("%s: parameter %s = %v (%T), want an int", p, name, v, v)
}

// positive reads an integer parameter that must be at least 1.
func (p params) positive(name string) (int, error) {
	n, err := p.int(name)
	if err == nil && n < 1 {
		err = fmt.Errorf("%s: parameter %s = %d, want at least 1", p, name, n)
	}
	return n, err
}

// nonNegative reads an integer parameter that must be at least 0.
func (p params) nonNegative(name string) (int, error) {
	n, err := p.int(name)
	if err == nil && n < 0 {
		err = fmt.Errorf("%s: parameter %s = %d is negative", p, name, n)
	}
	return n, err
}

// dk reads the parameters d and k (both at least 1) of the S-DCP learners.
func dk(p params) (d, k int, err error) {
	if d, err = p.positive("d"); err != nil {
		return 0, 0, err
	}
	k, err = p.positive("k")
	return d, k, err
}

func (p params) float(name string) (float64, error) {
	v, err := p.get(name)
	if err != nil {
		return 0, err
	}
	switch x := v.(type) {
	case int:
		return float64(x), nil
	case float64:
		return x, nil
	}
	return 0, fmt.Errorf("%s: parameter %s = %v (%T), want a float", p, name, v, v)
}

func (p params) bool(name string) (bool, error) {
	v, err := p.get(name)
	if err != nil {
		return false, err
	}
	if x, ok := v.(bool); ok {
		return x, nil
	}
	return false, fmt.Errorf("%s: parameter %s = %v (%T), want a bool", p, name, v, v)
}

func (p params) str(name string) (string, error) {
	v, err := p.get(name)
	if err != nil {
		return "", err
	}
	if x, ok := v.(string); ok {
		return x, nil
	}
	return "", fmt.Errorf("%s: parameter %s = %v (%T), want a name", p, name, v, v)
}

// libraryNames returns the names of the library of one kind, sorted.
func libraryNames(kind Kind) []string {
	var names []string
	for n := range libIndex[kind] {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
