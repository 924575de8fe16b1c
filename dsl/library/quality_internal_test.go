package library

import (
	"context"
	"math"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// pointModel returns a gaussian model of set's width without weights,
// means 0 and variances e^{−60} ≈ 10⁻²⁶: one Gibbs transition from any
// state draws v ~ N(0, e^{−60}·I), so that its samples are the origin of
// the standardised units, the training set's mean in the data's units, to
// within about 10⁻¹³ standard deviations.
func pointModel(t *testing.T, set *data.Set) *rbm.Gaussian {
	t.Helper()
	g, err := rbm.NewGaussian(set.Dim(), 3, &rbm.Init{WeightStd: 0, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.W.Zero()
	for i := range g.LogVar {
		g.LogVar[i], g.Mu[i] = -60, 0
	}
	return g
}

// qualityParts returns the runParts of a run on the standardised mixture
// whose test set is the mixture shifted by delta in the data's units (not
// standardised: run puts it in the training set's units, as here), with
// Gibbs sampling.
func qualityParts(t *testing.T, key string, delta []float64) (*runParts, *mat.Dense) {
	t.Helper()
	raw, err := data.IsotropicMixture().Sample("mixture", 400, 3)
	if err != nil {
		t.Fatal(err)
	}
	set, _, _, err := data.Standardize(raw)
	if err != nil {
		t.Fatal(err)
	}
	shifted := mat.DenseCopyOf(raw.X)
	r, _ := shifted.Dims()
	for i := range r {
		floats.Add(shifted.RawRowView(i), delta)
	}
	test := inUnitsOf(&data.Set{Name: "shifted", X: shifted, Labels: raw.Labels}, set)
	p := &runParts{set: set, test: test, data: key, seed: 7,
		newSampler: func(seed uint64) (any, error) { return mcmc.NewGaussGibbs(seed), nil }}
	return p, raw.X
}

// measureOf builds the measurement called name with the parameters given
// (the others at their defaults) on the run's parts p.
func measureOf(t *testing.T, name string, given map[string]any, p *runParts) measureFunc {
	t.Helper()
	it, r, err := lookup(dsl.KindMeasure, defaultPart(dsl.KindMeasure, name, given))
	if err != nil {
		t.Fatal(err)
	}
	f, err := it.measure(r, p)
	if err = r.first(err); err != nil {
		t.Fatal(err)
	}
	return f
}

// traceCov returns tr Σ of the rows of x, Σ with divisor n − 1 as
// data.Frechet fits it.
func traceCov(x *mat.Dense) float64 {
	_, c := x.Dims()
	s := 0.0
	for j := range c {
		s += stat.Variance(mat.Col(nil, j, x), nil)
	}
	return s
}

// TestFrechetExact checks frechet on a model whose samples are one point,
// the training set's mean m in the data's units (pointModel). Then Σ₂ ≈ 0
// and d² = ‖m − m_ref‖² + tr Σ_ref exactly but for the samples' spread:
// their covariance is of order e^{−60} ≈ 10⁻²⁶ times the squared scale of
// the space (a feature's gradient included), and the cross term 2 tr
// (Σ₁^{1/2} Σ₂ Σ₁^{1/2})^{1/2} is at most 2√(d·tr Σ₁Σ₂), below 10⁻¹⁰
// here; what is left is the round-off of sums of about 10³ terms of size
// up to 40, near 10⁻¹¹, so a tolerance of 10⁻⁸ holds with room. Against the training set (on = train)
// d² = tr Σ_train; against the set shifted by δ (on = test, which run puts
// in the training set's units and the measure takes back to the data's)
// d² = ‖δ‖² + tr Σ_train: the squared shift. In features, with the
// classifier's features f of the one point and F of the set, d² = ‖f −
// m_F‖² + tr Σ_F; and classes of one point is 1 but for the round-off of
// a share summed from N terms 1/N (at most N·2⁻⁵² ≈ 2·10⁻¹³).
func TestFrechetExact(t *testing.T) {
	delta := []float64{0.3, -0.4} // ‖δ‖² = 0.25
	p, raw := qualityParts(t, t.Name(), delta)
	g := pointModel(t, p.set)
	ctx := context.Background()
	tr := traceCov(raw)
	for _, c := range []struct {
		on   string
		want float64
	}{{"train", tr}, {"test", tr + 0.25}} {
		f := measureOf(t, "frechet", map[string]any{"on": c.on, "steps": 1, "clamp": false}, p)
		got, err := f(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-c.want) > 1e-8 {
			t.Errorf("frechet(on = %s) of a point at the mean: %v, want tr Σ + ‖δ‖² = %v", c.on, got, c.want)
		}
	}

	f := measureOf(t, "frechet", map[string]any{"on": "train", "steps": 1, "clamp": false, "space": "features"}, p)
	got, err := f(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	clf, err := classifierFor(ctx, p.data, p.set)
	if err != nil {
		t.Fatal(err)
	}
	feats := clf.Features(raw)
	_, h := feats.Dims()
	mean := mat.NewDense(1, 2, nil)
	for j := range 2 {
		mean.Set(0, j, stat.Mean(mat.Col(nil, j, raw), nil))
	}
	fm := clf.Features(mean).RawRowView(0)
	want := traceCov(feats)
	for j := range h {
		d := fm[j] - stat.Mean(mat.Col(nil, j, feats), nil)
		want += d * d
	}
	if math.Abs(got-want) > 1e-8 {
		t.Errorf("frechet(space = features) of a point at the mean: %v, want ‖f − m_F‖² + tr Σ_F = %v", got, want)
	}

	c := measureOf(t, "classes", map[string]any{"steps": 1}, p)
	if got, err := c(ctx, g); err != nil || math.Abs(got-1) > 1e-12 {
		t.Errorf("classes of one point: %v, %v, want 1", got, err)
	}
}

// TestFrechetClamp checks clamp: the samples of a model whose points lie
// far outside the data (μ = 100 standard deviations) are clamped to the
// training set's range [lo, hi], so that against the training set d² =
// ‖(hi, hi) − m‖² + tr Σ (the clamped point is the corner), to the
// tolerance of TestFrechetExact.
func TestFrechetClamp(t *testing.T) {
	p, raw := qualityParts(t, t.Name(), []float64{0, 0})
	g := pointModel(t, p.set)
	for i := range g.Mu {
		g.Mu[i] = 100
	}
	f := measureOf(t, "frechet", map[string]any{"on": "train", "steps": 1}, p)
	got, err := f(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	_, hi := valueRange(raw)
	want := traceCov(raw)
	for j := range 2 {
		d := hi - stat.Mean(mat.Col(nil, j, raw), nil)
		want += d * d
	}
	if math.Abs(got-want) > 1e-8 {
		t.Errorf("frechet of a clamped point: %v, want %v", got, want)
	}
}

// TestClassifierCache checks that the classifier of a training set is
// trained once per process however many measurements and goroutines ask
// for it, that they all get the same one, and that another training set
// gets its own.
func TestClassifierCache(t *testing.T) {
	p, _ := qualityParts(t, t.Name(), []float64{0, 0})
	before := classifierTrainings.Load()
	got := make([]*data.Classifier, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := classifierFor(context.Background(), p.data, p.set)
			if err != nil {
				t.Error(err)
			}
			got[i] = c
		}()
	}
	wg.Wait()
	for _, c := range got[1:] {
		if c != got[0] {
			t.Fatal("the goroutines got different classifiers")
		}
	}
	if n := classifierTrainings.Load() - before; n != 1 {
		t.Errorf("%d classifiers trained for one training set, want 1", n)
	}
	if _, err := classifierFor(context.Background(), t.Name()+" other", p.set); err != nil {
		t.Fatal(err)
	}
	if n := classifierTrainings.Load() - before; n != 2 {
		t.Errorf("%d classifiers trained for two training sets, want 2", n)
	}
}

// TestQualityErrors checks the errors of the sample-quality measurements
// that the checker cannot see: a training set without labels for the
// classifier, a sampler of binary models, a binary model.
func TestQualityErrors(t *testing.T) {
	p, _ := qualityParts(t, t.Name(), []float64{0, 0})
	p.set = &data.Set{Name: "unlabelled", X: p.set.X}
	for _, c := range []struct {
		name  string
		given map[string]any
		want  string
	}{
		{"frechet", map[string]any{"space": "features"}, "parameter space = features needs a classifier trained on the labels of the training set, and unlabelled has none"},
		{"classes", nil, "measure classes needs a classifier trained on the labels of the training set, and unlabelled has none"},
		{"frechet", map[string]any{"sampler": "gibbs"}, "parameter sampler = gibbs: not a sampler of gaussian models"},
		{"tau", map[string]any{"estimator": "arr"}, "parameter estimator = arr, want window or ar (did you mean ar?)"},
		{"tau", map[string]any{"sampler": "langevin"}, "parameter sampler = langevin: not a sampler of binary models"},
	} {
		it, r, err := lookup(dsl.KindMeasure, defaultPart(dsl.KindMeasure, c.name, c.given))
		if err != nil {
			t.Fatal(err)
		}
		_, err = it.measure(r, p)
		if err = r.first(err); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: error %v, want one containing %q", c.name, c.given, err, c.want)
		}
	}
	f := measureOf(t, "frechet", map[string]any{"on": "train"}, p)
	b, err := rbm.NewBinary(2, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f(context.Background(), b); err == nil || !strings.Contains(err.Error(), "frechet: model is *rbm.Binary, want *rbm.Gaussian") {
		t.Errorf("frechet of a binary model: %v", err)
	}
}

// TestSampleMemo checks that the measurements of one run draw their
// samples once per model: a second draw with the same settings of the
// same model returns the same samples (the same matrix), one of a changed
// model or with other settings draws again.
func TestSampleMemo(t *testing.T) {
	p, _ := qualityParts(t, t.Name(), []float64{0, 0})
	g, err := rbm.NewGaussian(2, 3, &rbm.Init{WeightStd: 0.1, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	memo := &sampleMemo{}
	s := &sampleSpec{n: 50, steps: 2, newSampler: p.newSampler}
	ctx := context.Background()
	a, err := s.memoDraw(ctx, memo, g, p.set, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.memoDraw(ctx, memo, g, p.set, 1)
	if a != b {
		t.Error("a second draw of the same model drew again")
	}
	g.W.Set(0, 0, g.W.At(0, 0)+1e-9)
	if c, _ := s.memoDraw(ctx, memo, g, p.set, 1); c == a {
		t.Error("a changed model got the samples of the old one")
	}
	s2 := &sampleSpec{n: 50, steps: 3, newSampler: p.newSampler}
	if c, _ := s2.memoDraw(ctx, memo, g, p.set, 1); c == a {
		t.Error("other settings got the samples of the old ones")
	}
}
