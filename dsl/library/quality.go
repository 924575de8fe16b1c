package library

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// This file holds the sample-quality measurements of Gaussian-Bernoulli
// RBMs (frechet, classes), the stand-ins for FID of notebook 04 (Liao et
// al. 2022, Table 1): samples drawn from noise by a sampler, compared
// with a data set in its own units (grey levels for mnist), on the pixels
// or in the features of a small classifier trained once per training set
// and process. As isl and tau, every call uses the same random numbers
// (common random numbers): the same noise and the same sampler draws.

// classifierOptions are the settings of the classifier of the measures
// (data.TrainClassifier): 64 tanh features, 10 epochs of batches of 50 at
// rate 0.1 from a fixed seed, notebook 04's, so that the same training
// set gives the same classifier in every process.
var classifierOptions = data.ClassifierOptions{Hidden: 64, Epochs: 10, Batch: 50, Rate: 0.1, Seed: 2022}

// classifiers holds the classifier of each training set (by runParts.data)
// trained in this process, so that the runs of a sweep, and the sweeps of
// one notebook, train it once: a classifier of the 8,000 digits of
// notebook 04 takes seconds, more than a measurement.
var classifiers = struct {
	sync.Mutex
	m map[string]*cachedClassifier
}{m: map[string]*cachedClassifier{}}

// cachedClassifier is one training set's classifier; its mutex is held
// while it is trained, so that runs that need it at once wait for one
// training instead of each doing its own. A failed training (a cancelled
// run) leaves c nil, for the next run to try again.
type cachedClassifier struct {
	sync.Mutex
	c *data.Classifier
}

// classifierTrainings counts the classifiers trained, for the tests.
var classifierTrainings atomic.Int64

// classifierFor returns the classifier of the training set set, whose key
// is key, trained on set's rows in the data's own units (dataUnits) and
// its labels, and cached for the process.
func classifierFor(ctx context.Context, key string, set *data.Set) (*data.Classifier, error) {
	classifiers.Lock()
	e := classifiers.m[key]
	if e == nil {
		e = &cachedClassifier{}
		classifiers.m[key] = e
	}
	classifiers.Unlock()
	e.Lock()
	defer e.Unlock()
	if e.c != nil {
		return e.c, nil
	}
	classes := 2
	for _, l := range set.Labels {
		classes = max(classes, l+1)
	}
	c, err := data.TrainClassifier(ctx, dataUnits(set), set.Labels, classes, classifierOptions)
	if err != nil {
		return nil, fmt.Errorf("training the classifier of %s: %w", set.Name, err)
	}
	classifierTrainings.Add(1)
	e.c = c
	return c, nil
}

// dataUnits returns the rows of set in the data's own units: a copy of X
// un-standardised with set's Mean and Std if it has them, X itself
// otherwise (not to be changed).
func dataUnits(set *data.Set) *mat.Dense {
	if set.Mean == nil || set.Std == nil {
		return set.X
	}
	x := mat.DenseCopyOf(set.X)
	if err := data.Unstandardize(x, set.Mean, set.Std); err != nil {
		panic("dsl/library: " + err.Error()) // Validate checked the lengths
	}
	return x
}

// paramSamples, paramSteps, paramStep, paramSampleWith and paramClamp are
// the parameters of the sample-quality measurements, which draw samples
// from noise (sampleSpec).
var (
	paramSamples    = dsl.Param{Name: "samples", Type: dsl.TypeInt, Default: 1000, Check: intIn(2, data.MaxSetValues/2), Doc: "number N ≥ 2 of samples (chains), drawn from noise N(0, I) in the model's units"}
	paramSteps      = dsl.Param{Name: "steps", Type: dsl.TypeInt, Default: 100, Check: atLeast(1), Doc: "sampler transitions K from the noise to the samples"}
	paramStep       = dsl.Param{Name: "step", Type: dsl.TypeFloat, Default: 0.01, Check: nonNegativeFloat, Doc: "initial Langevin step α0, scaled by the model's mean variance as mcd scales its own (give mcd's step); 0 leaves the sampler's step"}
	paramSampleWith = dsl.Param{Name: "sampler", Type: dsl.TypeName, Kind: dsl.KindSampler, Default: "", Doc: "the sampler of gaussian models that draws the samples, with its defaults and the measurement's step; empty: the run's sampler, with its parameters"}
	paramClamp      = dsl.Param{Name: "clamp", Type: dsl.TypeBool, Default: true, Doc: "clamp the samples, in the data's units, to the range [min, max] of the training set's values ([0, 1] for grey levels), as notebook 04 clamps its samples to grey levels"}
)

// sampleSpec is how a sample-quality measurement draws its samples.
type sampleSpec struct {
	n, steps int
	step     float64
	clamp    bool
	// newSampler makes the sampler, the run's or the named one (name;
	// empty for the run's).
	newSampler func(seed uint64) (any, error)
	name       string
	// lo and hi are the range of the training set's values, found once.
	once   sync.Once
	lo, hi float64
}

// readSampleSpec reads the parameters of sampleSpec from r.
func readSampleSpec(r *reader, p *runParts) *sampleSpec {
	s := &sampleSpec{n: r.positive("samples"), steps: r.positive("steps"), step: r.float("step"), clamp: r.bool("clamp"), newSampler: p.newSampler}
	r.check(s.n >= 2, "parameter samples = %d, want at least 2 (a covariance needs two rows)", s.n)
	if ns, name := namedSampler(r, modelGaussian, r.p.m); ns != nil {
		s.newSampler, s.name = ns, name
	}
	return s
}

// namedSampler reads the parameter sampler of a measurement: the name of
// a sampler of model, which the measurement runs instead of the run's
// own, with the sampler's defaults except for the parameters that given
// (the measurement's own, or nil) holds under the same names. It returns
// the maker of the named sampler and its name, or nil and "" when the
// parameter is empty (the run's sampler); a name that is not a sampler of
// model is reported on r.
func namedSampler(r *reader, model string, given map[string]any) (newSampler func(seed uint64) (any, error), name string) {
	name = r.str("sampler")
	if r.Err() != nil || name == "" {
		return nil, ""
	}
	it, sr, err := lookup(dsl.KindSampler, defaultPart(dsl.KindSampler, name, given))
	if err != nil {
		r.fail(fmt.Errorf("parameter sampler: %w", err))
		return nil, ""
	}
	if !samples(it, model) {
		r.fail(fmt.Errorf("parameter sampler = %s: not a sampler of %s models%s", name, model, dsl.DidYouMean(name, namesFor(dsl.KindSampler, model))))
		return nil, ""
	}
	return func(seed uint64) (any, error) {
		sr := read(sr.p)
		a, err := it.sampler(sr, seed)
		if err = sr.first(err); err != nil {
			return nil, fmt.Errorf("sampler %s: %w", name, err)
		}
		return a, nil
	}, name
}

// samples reports whether the sampler item works on models of the kind
// model (an item that names no models works on all).
func samples(it *item, model string) bool {
	for _, m := range it.entry.Models {
		if m == model {
			return true
		}
	}
	return len(it.entry.Models) == 0
}

// namesFor returns the names of the items of one kind that work on model.
func namesFor(kind dsl.Kind, model string) []string {
	var out []string
	for _, n := range names(kind) {
		it := index[kind][n]
		for _, m := range it.entry.Models {
			if m == model {
				out = append(out, n)
			}
		}
	}
	return out
}

// sampleMemo keeps the last samples that a run's sample-quality
// measurements drew, so that frechet on the pixels, frechet in features
// and classes, taken at one step with the same settings, draw them once
// (they would draw the same samples: the same seeds). A hit needs the same
// settings and a model with the same parameters, bit for bit. The
// measurements of a run are taken one after the other.
type sampleMemo struct {
	mu    sync.Mutex
	key   string
	model []float64
	x     *mat.Dense
}

// modelParams returns the parameters of g, in one slice.
func modelParams(g *rbm.Gaussian) []float64 {
	out := append([]float64(nil), g.C...)
	out = append(out, g.Mu...)
	out = append(out, g.LogVar...)
	r, _ := g.W.Dims()
	for i := range r {
		out = append(out, g.W.RawRowView(i)...)
	}
	return out
}

// sameParams reports whether a and b are equal, bit for bit.
func sameParams(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// memoDraw is draw through the run's memo, if it has one; the samples
// returned must not be changed.
func (s *sampleSpec) memoDraw(ctx context.Context, memo *sampleMemo, g *rbm.Gaussian, set *data.Set, seed uint64) (*mat.Dense, error) {
	if memo == nil {
		return s.draw(ctx, g, set, seed)
	}
	memo.mu.Lock()
	defer memo.mu.Unlock()
	key := fmt.Sprintf("%d %d %v %v %s %d", s.n, s.steps, s.step, s.clamp, s.name, seed)
	params := modelParams(g)
	if memo.x != nil && memo.key == key && sameParams(memo.model, params) {
		return memo.x, nil
	}
	x, err := s.draw(ctx, g, set, seed)
	if err != nil {
		return nil, err
	}
	memo.key, memo.model, memo.x = key, params, x
	return x, nil
}

// draw returns the samples of g: N chains started at noise N(0, I) run K
// transitions of a fresh sampler, the step set to α0·σ̄² if the sampler
// has one and α0 > 0, all from the measurement's seeds, so that every call
// uses the same random numbers. The samples are in the data's units of
// the training set set (un-standardised with its Mean and Std) and, with
// clamp, clamped to the range of its values.
func (s *sampleSpec) draw(ctx context.Context, g *rbm.Gaussian, set *data.Set, seed uint64) (*mat.Dense, error) {
	a, err := s.newSampler(streamSeed(seed, 1))
	if err != nil {
		return nil, err
	}
	smp, ok := a.(mcmc.GaussianSampler)
	if !ok {
		return nil, fmt.Errorf("the sampler (%T) does not sample gaussian models", a)
	}
	if st, ok := smp.(interface{ SetStep(float64) }); ok && s.step > 0 {
		st.SetStep(s.step * g.MeanVar())
	}
	c, err := mcmc.NewGaussianChains(g, s.n, rand.New(rand.NewPCG(streamSeed(seed, 2), 0)))
	if err != nil {
		return nil, err
	}
	if err := mcmc.RunGaussian(ctx, smp, g, c, s.steps, 0, nil); err != nil {
		return nil, err
	}
	x := mat.DenseCopyOf(c.V)
	if set.Mean != nil && set.Std != nil {
		if err := data.Unstandardize(x, set.Mean, set.Std); err != nil {
			return nil, err
		}
	}
	_, cols := x.Dims()
	raw := x.RawMatrix().Data
	for i, v := range raw {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("sample %d, unit %d is %v: the chains diverged (step too large?)", i/cols+1, i%cols+1, v)
		}
	}
	if s.clamp {
		s.once.Do(func() { s.lo, s.hi = valueRange(dataUnits(set)) })
		lo, hi := s.lo, s.hi
		for i, v := range raw {
			raw[i] = math.Min(hi, math.Max(lo, v))
		}
	}
	return x, nil
}

// valueRange returns the least and the greatest entry of x.
func valueRange(x *mat.Dense) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	r, _ := x.Dims()
	for i := range r {
		for _, v := range x.RawRowView(i) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return lo, hi
}

// gaussianMeasure makes a measurement of gaussian models one of any
// model, refusing another with an error that names the measurement.
func gaussianMeasure(name string, f func(ctx context.Context, m *rbm.Gaussian) (float64, error)) measureFunc {
	return func(ctx context.Context, m rbm.Model) (float64, error) {
		g, ok := m.(*rbm.Gaussian)
		if !ok {
			return 0, fmt.Errorf("%s: model is %T, want *rbm.Gaussian (a gaussian model: %s measures samples of real-valued units)", name, m, name)
		}
		v, err := f(ctx, g)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		return v, nil
	}
}

// needLabels records on r that the measurement needs a labelled training
// set for its classifier, when p's has no labels; why names the
// parameter or use that needs it.
func needLabels(r *reader, p *runParts, why string) {
	if p.set != nil && p.set.Labels == nil {
		r.fail(fmt.Errorf("%s needs a classifier trained on the labels of the training set, and %s has none (mnist has labels)", why, p.set.Name))
	}
}

// frechetMeasure returns the frechet measurement: the squared Fréchet
// distance between the Gaussians fitted to the samples and to the scored
// set, in the data's units, on the pixels or in the classifier's
// features. The reference (the scored set's mean, covariance and its
// square root) is fitted once, at the first call.
func frechetMeasure(r *reader, p *runParts) (measureFunc, error) {
	s, space, scored := readSampleSpec(r, p), r.str("space"), p.scored(r)
	switch space {
	case "pixels":
	case "features":
		needLabels(r, p, "parameter space = features")
	default:
		r.check(r.Err() != nil, "parameter space = %s, want pixels or features%s", space, dsl.DidYouMean(space, []string{"pixels", "features"}))
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	set, key, seed, memo := p.set, p.data, p.seed, p.memo
	var (
		mu  sync.Mutex
		ref *data.FrechetRef
		clf *data.Classifier
	)
	return gaussianMeasure("frechet", func(ctx context.Context, g *rbm.Gaussian) (float64, error) {
		mu.Lock()
		defer mu.Unlock()
		if ref == nil {
			var err error
			if space == "features" {
				if clf, err = classifierFor(ctx, key, set); err != nil {
					return 0, err
				}
				ref, err = clf.FeatureFrechet(dataUnits(scored))
			} else {
				ref, err = data.NewFrechetRef(dataUnits(scored))
			}
			if err != nil {
				return 0, err
			}
		}
		x, err := s.memoDraw(ctx, memo, g, set, seed)
		if err != nil {
			return 0, err
		}
		if clf != nil {
			return ref.Distance(clf.Features(x))
		}
		return ref.Distance(x)
	}), nil
}

// classesMeasure returns the classes measurement: e^H, H the entropy of
// the shares of the samples in the classifier's predicted classes.
func classesMeasure(r *reader, p *runParts) (measureFunc, error) {
	s := readSampleSpec(r, p)
	needLabels(r, p, "measure classes")
	if err := r.Err(); err != nil {
		return nil, err
	}
	set, key, seed, memo := p.set, p.data, p.seed, p.memo
	return gaussianMeasure("classes", func(ctx context.Context, g *rbm.Gaussian) (float64, error) {
		clf, err := classifierFor(ctx, key, set)
		if err != nil {
			return 0, err
		}
		x, err := s.memoDraw(ctx, memo, g, set, seed)
		if err != nil {
			return 0, err
		}
		return effectiveClasses(clf.ClassHistogram(x)), nil
	}), nil
}

// effectiveClasses returns e^H, H = −Σ_c q_c ln q_c, of the shares q: the
// number of equally common classes with the same entropy (1 for one
// class, C for an even spread over C).
func effectiveClasses(q []float64) float64 {
	h := 0.0
	for _, v := range q {
		if v > 0 {
			h -= v * math.Log(v)
		}
	}
	return math.Exp(h)
}

// qualityItems are the sample-quality measurements of gaussian models,
// and logvar.
var qualityItems = []item{
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "logvar", Models: gaussianOnly,
			Doc: "mean log-variance of a gaussian model (rbm.Gaussian.LogVar), (1/m) Σ_i ln σ_i², the quantity of Liao et al.'s Fig. 3(a)"},
		measure: func(r *reader, p *runParts) (measureFunc, error) {
			return gaussianMeasure("logvar", func(_ context.Context, g *rbm.Gaussian) (float64, error) {
				s := 0.0
				for _, v := range g.LogVar {
					s += v
				}
				return s / float64(len(g.LogVar)), nil
			}), nil
		},
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "frechet", Better: "lower", Models: gaussianOnly,
			Doc: "squared Fréchet distance between Gaussians fitted to N samples of the model and to the set scored (data.Frechet; on), d² = ‖m₁ − m₂‖² + tr Σ₁ + tr Σ₂ − 2 tr (Σ₁^{1/2} Σ₂ Σ₁^{1/2})^{1/2}, a stand-in for FID (notebook 04): the samples start at noise N(0, I) in the model's units and run K transitions of the run's sampler (or the one named); both sets are compared in the data's own units (a standardised data set is un-standardised: grey levels for mnist), on the values (space = pixels) or on the 64 tanh features of a classifier (data.Classifier; space = features) trained once per training set and process on its labels (mnist's digits, the mixture's components)",
			Params: []dsl.Param{
				paramSamples, paramSteps, paramStep, paramSampleWith, paramClamp,
				{Name: "space", Type: dsl.TypeName, Default: "pixels", Values: []string{"pixels", "features"}, Doc: "pixels: d² on the values themselves; features: d² on the classifier's features (Classifier.FeatureFrechet), which needs a labelled training set"},
				{Name: dsl.OnParam, Type: dsl.TypeName, Default: "test", Values: []string{"train", "test"}, Doc: "the data set the samples are compared with: test (the test statement's held-out set) or train"},
			}},
		measure: frechetMeasure,
	},
	{
		entry: &dsl.Entry{Kind: dsl.KindMeasure, Name: "classes", Better: "higher", Models: gaussianOnly,
			Doc: "effective number of classes of N samples of the model (data.Classifier), e^H with H the entropy of the shares of the samples (drawn as frechet draws them) in the predicted classes of the classifier that frechet's space = features uses: 10 for samples spread evenly over the ten digits, 1 for one class only",
			Params: []dsl.Param{
				paramSamples, paramSteps, paramStep, paramSampleWith, paramClamp,
			}},
		measure: classesMeasure,
	},
}
