package library

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// runParts is what the builders of learners and measurements may use of
// the run being built.
type runParts struct {
	set *data.Set
	// test is the held-out data set of the test statement, nil without
	// one: what a measurement with on = test scores.
	test *data.Set
	// sampler is the run's sampler, seeded from the run's sampler stream:
	// an mcmc.Sampler or an mcmc.GaussianSampler.
	sampler any
	// newSampler makes another sampler of the run's kind and parameters
	// with the given seed (for learners that run several, such as pt).
	newSampler func(seed uint64) (any, error)
	// seed seeds the learner's or the measurement's own random numbers
	// (the run's stream streamLearner or streamMeasure).
	seed uint64
	// data names the training set by its part of the configuration
	// (dataKey): runs with equal data have equal training sets, and share
	// what is fitted to it once per process (the classifier of the
	// measures frechet and classes).
	data string
	// memo keeps the samples that the run's sample-quality measurements
	// drew last, shared by them (sampleMemo).
	memo *sampleMemo
}

// dataKey returns the name and parameters of a data part, the key of the
// training set it builds.
func dataKey(p *dsl.Part) string {
	return fmt.Sprintf("%s%v", p.Name, p.Params) // fmt sorts the map's keys
}

// inUnitsOf returns the test set in the units of the training set set:
// when set is standardised (data.Set.Mean and Std, as the mixture and
// mnist(standardize = true) make it), the test set's values in the data's
// own units (un-standardised first if it is standardised itself) are
// standardised with the training set's means and deviations, so that a
// model scores the test set in the units it was trained in; otherwise
// test itself.
func inUnitsOf(test, set *data.Set) *data.Set {
	if set.Mean == nil || set.Std == nil {
		return test
	}
	r, c := test.X.Dims()
	out := &data.Set{Name: test.Name, X: mat.NewDense(r, c, nil), Labels: test.Labels, Rows: test.Rows, Cols: test.Cols,
		Mean: set.Mean, Std: set.Std}
	for i := range r {
		src, dst := test.X.RawRowView(i), out.X.RawRowView(i)
		for j, x := range src {
			if test.Mean != nil && test.Std != nil {
				x = x*test.Std[j] + test.Mean[j]
			}
			dst[j] = (x - set.Mean[j]) / set.Std[j]
		}
	}
	return out
}

// muStart returns the start of a centred learner's visible offset μ by
// its parameter mu: nil (the learner's default, the first batch's mean)
// for batch, the training set's column means for data.
func (p *runParts) muStart(r *reader) []float64 {
	if r.str("mu") != "data" || p.set == nil {
		return nil
	}
	_, d := p.set.X.Dims()
	mu := make([]float64, d)
	for j := range mu {
		mu[j] = stat.Mean(mat.Col(nil, j, p.set.X), nil)
	}
	return mu
}

// binary returns the run's sampler as a sampler of binary models, or
// records on r that it is not one.
func (p *runParts) binary(r *reader) mcmc.Sampler {
	s, ok := p.sampler.(mcmc.Sampler)
	if !ok {
		r.fail(fmt.Errorf("the sampler (%T) does not sample binary models", p.sampler))
	}
	return s
}

// scored returns the data set that the parameter on of a measurement
// names (paramOn): the training set, or the test set; or records on r
// that the run has no test set.
func (p *runParts) scored(r *reader) *data.Set {
	switch on := r.str(dsl.OnParam); on {
	case "train":
		return p.set
	case "test":
		if p.test == nil {
			r.fail(errors.New("parameter on = test, but the run has no test set (a sweep file names it with a test statement)"))
		}
		return p.test
	default:
		if r.Err() == nil {
			r.fail(fmt.Errorf("parameter on = %s, want train or test%s", on, dsl.DidYouMean(on, []string{"train", "test"})))
		}
	}
	return nil
}

// gaussian returns the run's sampler as a sampler of Gaussian models, or
// records on r that it is not one.
func (p *runParts) gaussian(r *reader) mcmc.GaussianSampler {
	s, ok := p.sampler.(mcmc.GaussianSampler)
	if !ok {
		r.fail(fmt.Errorf("the sampler (%T) does not sample gaussian models", p.sampler))
	}
	return s
}

// measureFunc measures a model during training; ctx is the run's context.
type measureFunc func(ctx context.Context, m rbm.Model) (float64, error)

// defaultSampler names the sampler of a run of each model whose sweep
// names none.
var defaultSampler = map[string]string{modelBinary: "gibbs", modelGaussian: "gibbs_langevin"}

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

// Run is the dsl.RunFunc of the library: it builds the data set, the
// model, the sampler (the model's default sampler, block Gibbs for a
// binary RBM, when the sweep names none) and the
// learner of j.Config, trains the model with learn.Train for
// j.Config.Updates updates, interruptibly with ctx, and takes each
// measurement m every m.Every updates (at steps m.Every, 2·m.Every, …;
// with Every 0 once, after the last update), returning the points in the
// order taken. It hands each point to j.Observe, when set, and stops
// training without an error, after that observation, when it says so.
// Its random numbers come from streams derived from j.Seed: the initial weights, the order of the mini-batches and the
// sampler's draws; so the same job gives the same points, and runs that
// share a seed (those a comparison pairs) start from the same weights and
// see the same batches. On an error, including cancellation, it returns
// the points taken so far with an error naming the run.
func Run(ctx context.Context, j *dsl.Job) ([]dsl.Point, error) {
	if j == nil {
		return nil, errors.New("library: Run: nil job")
	}
	pts, err := run(ctx, j, nil)
	if err != nil {
		return pts, fmt.Errorf("library: run %d (key %s): %w", j.Index, j.Key, err)
	}
	return pts, nil
}

// Train is Run, returning also the model as the run left it: a notebook
// that shows the model of one run of a sweep (its filters, its samples)
// trains that run's job again, and gets the model of the sweep's run,
// bit for bit (Run's streams), when the job is the same; without its
// measurements (a copy of the job with Config.Measures nil) it trains the
// same model faster, for the measurements use their own random numbers.
func Train(ctx context.Context, j *dsl.Job) (rbm.Model, []dsl.Point, error) {
	if j == nil {
		return nil, nil, errors.New("library: Train: nil job")
	}
	var m rbm.Model
	pts, err := run(ctx, j, &m)
	if err != nil {
		return m, pts, fmt.Errorf("library: run %d (key %s): %w", j.Index, j.Key, err)
	}
	return m, pts, nil
}

// run is Run without the run's name on its errors; when trained is not
// nil, it receives the model as the run left it (for the tests).
func run(ctx context.Context, j *dsl.Job, trained *rbm.Model) ([]dsl.Point, error) {
	cfg := &j.Config
	if cfg.Learner == nil {
		return nil, errors.New("no learner: the library runs training sweeps only")
	}
	if cfg.Updates <= 0 {
		return nil, fmt.Errorf("updates = %d, want a positive number of updates", cfg.Updates)
	}

	it, p, err := lookup(dsl.KindDataset, &cfg.Data)
	if err != nil {
		return nil, err
	}
	set, err := it.dataset(p)
	if err = p.first(err); err != nil {
		return nil, fmt.Errorf("%s: %w", p.p, err)
	}
	if err := runSize(cfg, set); err != nil { // limits.go
		return nil, err
	}
	var test *data.Set
	if cfg.Test != nil {
		it, p, err := lookup(dsl.KindDataset, cfg.Test)
		if err != nil {
			return nil, fmt.Errorf("test: %w", err)
		}
		test, err = it.dataset(p)
		if err = p.first(err); err != nil {
			return nil, fmt.Errorf("test %s: %w", p.p, err)
		}
		if test.Dim() != set.Dim() {
			return nil, fmt.Errorf("test set %s has %d columns, but the training set %s has %d: a model of the one cannot score the other; give the test set the training set's width",
				cfg.Test.Name, test.Dim(), cfg.Data.Name, set.Dim())
		}
		test = inUnitsOf(test, set)
	}

	it, p, err = lookup(dsl.KindModel, &cfg.Model)
	if err != nil {
		return nil, err
	}
	model, err := it.model(p, set, streamSeed(j.Seed, streamInit))
	if err = p.first(err); err != nil {
		return nil, fmt.Errorf("%s: %w", p.p, err)
	}

	spart := cfg.Sampler
	if spart == nil {
		spart = defaultPart(dsl.KindSampler, defaultSampler[cfg.Model.Name], nil)
	}
	sit, sp, err := lookup(dsl.KindSampler, spart)
	if err != nil {
		return nil, err
	}
	parts := &runParts{set: set, test: test, data: dataKey(&cfg.Data), memo: &sampleMemo{}, seed: streamSeed(j.Seed, streamLearner)}
	parts.newSampler = func(seed uint64) (any, error) {
		sp := read(sp.p) // a fresh reader for each sampler
		s, err := sit.sampler(sp, seed)
		if err = sp.first(err); err != nil {
			return nil, fmt.Errorf("%s: %w", sp.p, err)
		}
		return s, nil
	}
	if parts.sampler, err = parts.newSampler(streamSeed(j.Seed, streamSampler)); err != nil {
		return nil, err
	}

	it, p, err = lookup(dsl.KindLearner, cfg.Learner)
	if err != nil {
		return nil, err
	}
	learner, err := it.learner(p, parts)
	if err = p.first(err); err != nil {
		return nil, fmt.Errorf("%s: %w", p.p, err)
	}
	settings, err := trainSettings(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.p, err)
	}
	settings.Updates = cfg.Updates
	settings.Seed = streamSeed(j.Seed, streamBatches)

	col := &collector{total: cfg.Updates, log: j.Log, report: j.Observe}
	for i := range cfg.Measures {
		mp := &cfg.Measures[i]
		it, p, err := lookup(dsl.KindMeasure, mp)
		if err != nil {
			return nil, err
		}
		if mp.Every < 0 {
			return nil, fmt.Errorf("%s: every %d is negative", p.p, mp.Every)
		}
		mparts := *parts
		mparts.seed = streamSeed(j.Seed, streamMeasure)
		f, err := it.measure(p, &mparts)
		if err = p.first(err); err != nil {
			return nil, fmt.Errorf("%s: %w", p.p, err)
		}
		col.measures = append(col.measures, scheduled{name: mp.Label(), every: mp.Every, f: f})
	}
	if len(col.measures) > 0 {
		settings.Every = col.period()
		settings.Observers = []learn.Observer{{Name: "measures", Func: col.observe}}
	}
	if j.Checkpoint != "" {
		settings.Checkpoint = learn.Checkpoint{Path: j.Checkpoint, Every: j.CheckpointEvery}
	}
	lr, err := learn.NewRun(model, set, learner, settings)
	if err != nil {
		return nil, err
	}
	col.run = lr
	if j.Checkpoint != "" {
		err := lr.Load(j.Checkpoint)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("resume from the run's checkpoint (delete it to start the run again): %w", err)
		}
		if err == nil && j.Log != nil {
			fmt.Fprintf(j.Log, "resumed from the checkpoint %s at update %d of %d\n", j.Checkpoint, lr.Done(), cfg.Updates)
		}
	}
	_, err = lr.Continue(ctx, 0)
	if trained != nil {
		*trained = lr.Model()
	}
	return col.points(), err
}

// trainSettings reads the training settings (trainParams) of a learner.
func trainSettings(r *reader) (*learn.Settings, error) {
	s := &learn.Settings{Rate: r.float("rate")}
	// Train reads a zero rate as its default; a sweep means what it says.
	r.check(s.Rate > 0, "parameter rate = %v, want a positive learning rate", s.Rate)
	s.BatchSize, s.Momentum, s.WeightDecay = r.int("batch"), r.float("momentum"), r.float("decay")
	sched, end := r.str("schedule"), r.float("rate_end")
	if err := r.Err(); err != nil {
		return nil, err
	}
	switch sched {
	case "constant":
		s.Schedule = learn.Constant{}
	case "cosine":
		s.Schedule = learn.Cosine{End: end}
	default:
		return nil, fmt.Errorf("unknown schedule %q%s (known: constant, cosine)", sched, dsl.DidYouMean(sched, []string{"constant", "cosine"}))
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
	// report is Job.Observe, or nil: it is handed each point once
	// stored, and may stop the run (learn.ErrStop) there.
	report func(dsl.Point) (bool, error)
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
	var idx []int
	var vals []float64
	for i, ms := range c.measures {
		due := ms.every > 0 && step%ms.every == 0 || ms.every == 0 && step == c.total
		if !due {
			continue
		}
		v, err := ms.f(ctx, m)
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
	stop := false
	for k, i := range idx {
		if c.report == nil {
			break
		}
		s, err := c.report(dsl.Point{Measure: c.measures[i].name, Step: step, Value: vals[k]})
		if err != nil {
			return 0, fmt.Errorf("update %d: %w", step, err)
		}
		stop = stop || s
	}
	if stop {
		return float64(len(idx)), learn.ErrStop
	}
	return float64(len(idx)), nil
}

// series names the History series of measure i.
func (c *collector) series(i int) string { return fmt.Sprintf("%d %s", i, c.measures[i].name) }

// points returns the points in the run's History, in the order taken: by
// step, and at each step in the order of the measures.
func (c *collector) points() []dsl.Point {
	if c.run == nil {
		return nil
	}
	h := c.run.History()
	var pts []dsl.Point
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
		pts = append(pts, dsl.Point{Measure: c.measures[best].name, Step: bestStep, Value: s.Y[pos[best]]})
		pos[best]++
	}
}
