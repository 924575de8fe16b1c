package library_test

import (
	"context"
	"encoding"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// qualitySweep is a tiny sweep of the sample-quality measures: gaussian
// models of the isotropic mixture (labelled by component), 2 samplers × 2
// repeats of 20 modified-CD updates, frechet on the held-out mixture on
// the values and in the classifier's features, and classes, at updates 10
// and 20, with a paired comparison.
const qualitySweep = `sweep "quality"
seed 6
repeat 2
updates 20
data mixture(n = 300)
test mixture(n = 300, seed = 2)
model gaussian(hidden = 4, init_sd = 0.1)
axis sampler = [gibbs_langevin, gauss_gibbs]
learner mcd(k = 5, rate = 0.05, batch = 50, step = 0.1)
sampler $sampler
measure frechet(samples = 200, steps = 10, step = 0.1) every 10
measure frechet(samples = 200, steps = 10, step = 0.1, space = features) every 10 as ffeat
measure classes(samples = 200, steps = 10, step = 0.1) every 10
summary median of final frechet by sampler
summary median of final ffeat by sampler
summary median of final classes by sampler
compare sampler gibbs_langevin vs gauss_gibbs on final frechet
`

// TestQualitySweep runs qualitySweep end to end twice: every run takes
// its six finite points (d² ≥ 0; 1 ≤ classes ≤ 3 for a mixture of three
// components), the report has the comparison, and the second sweep, in
// another folder, gives the same points bit for bit (fixed seeds, common
// random numbers); the classifier of the training set is trained once in
// all (8 runs, 2 measures each that use it).
func TestQualitySweep(t *testing.T) {
	var first [][]dsl.Point
	trained := library.ClassifierTrainings()
	for pass := range 2 {
		dir := filepath.Join(t.TempDir(), "quality.results")
		sw, err := dsl.RunSource(context.Background(), "quality.sweep", []byte(qualitySweep), library.Registry(), library.Run,
			&dsl.SourceOptions{Folder: func(*dsl.Spec) string { return dir }, Options: dsl.Options{Workers: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if sw.Summary.Done != 4 || sw.Summary.Failed != 0 {
			t.Fatalf("summary %v, want 4 runs done and none failed: %v", sw.Summary, sw.Summary.Errors)
		}
		var pts [][]dsl.Point
		for _, r := range sw.Results {
			if len(r.Points) != 6 {
				t.Errorf("run %s: %d points, want 6", r.Key, len(r.Points))
			}
			for _, p := range r.Points {
				bad := math.IsNaN(p.Value) || math.IsInf(p.Value, 0) || p.Value < 0 ||
					p.Measure == "classes" && (p.Value < 1 || p.Value > 3+1e-9)
				if bad {
					t.Errorf("run %s: point %+v", r.Key, p)
				}
			}
			pts = append(pts, r.Points)
		}
		if md := sw.Report.Markdown(); !strings.Contains(md, "gibbs_langevin vs gauss_gibbs") {
			t.Errorf("report lacks the comparison:\n%s", md)
		}
		if pass == 0 {
			first = pts
		} else if !reflect.DeepEqual(pts, first) {
			t.Errorf("a second sweep gave other points:\n%v\n%v", pts, first)
		}
	}
	if n := library.ClassifierTrainings() - trained; n != 1 {
		t.Errorf("%d classifiers trained, want 1", n)
	}
}

// TestQualityChecks checks what the checker says of the sample-quality
// measures: on a binary model, and frechet, which scores the test set by
// default, without a test statement.
func TestQualityChecks(t *testing.T) {
	base := "seed 1\nupdates 10\n"
	for _, c := range []struct{ src, want string }{
		{"data bars_stripes(size = 2)\nmodel binary(hidden = 2)\nlearner cd\nmeasure frechet(on = train)\n",
			"m.sweep:6:9: measure frechet does not work on model binary (it works on gaussian)"},
		{"data mixture\nmodel gaussian(hidden = 2)\nlearner mcd\nmeasure frechet\n",
			"m.sweep:6:9: measure frechet scores the test set by default (on = test), but the sweep has no test statement"},
		{"data mixture\nmodel gaussian(hidden = 2)\nlearner mcd\nmeasure frechet(on = train, sampler = gibs)\n",
			"parameter sampler: unknown sampler gibs"},
	} {
		_, err := dsl.Compile("m.sweep", []byte(base+c.src), library.Registry())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.src, err, c.want)
		}
	}
	src := base + "data mixture\nmodel gaussian(hidden = 2)\nlearner mcd\nmeasure frechet(on = train)\nmeasure classes\n"
	if _, err := dsl.Compile("m.sweep", []byte(src), library.Registry()); err != nil {
		t.Errorf("%s: %v", src, err)
	}
}

// TestMNISTStandardized checks mnist(binarize = grey, standardize = true)
// on 500 digits: every pixel has mean 0 (to round-off, 10⁻¹²) and
// standard deviation 1 or, constant, 0 over the digits, and the set's Mean
// and Std take it back to the grey levels of mnist(binarize = grey)
// (10⁻¹²); standardize with a binarisation is refused. It needs
// data/mnist.
func TestMNISTStandardized(t *testing.T) {
	dir, err := data.DefaultMNISTDir()
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, data.MNISTTestImages))
	}
	if err != nil {
		t.Skipf("no MNIST test digits (%v); run `make setup` (scripts/setup.sh) to create data/mnist", err)
	}
	std, err := library.Dataset("mnist", map[string]any{"n": 500, "skip": 100, "binarize": "grey", "standardize": true})
	if err != nil {
		t.Fatal(err)
	}
	grey, err := library.Dataset("mnist", map[string]any{"n": 500, "skip": 100, "binarize": "grey"})
	if err != nil {
		t.Fatal(err)
	}
	if grey.Mean != nil || std.Mean == nil || std.Labels == nil {
		t.Fatalf("grey set Mean %v, standardised set without Mean or labels", grey.Mean != nil)
	}
	for j := range 784 {
		col := mat.Col(nil, j, std.X)
		m, s := stat.PopMeanStdDev(col, nil)
		if math.Abs(m) > 1e-12 || math.Abs(s-1) > 1e-12 && s > 1e-12 {
			t.Fatalf("pixel %d: mean %v, sd %v", j, m, s)
		}
	}
	back := mat.DenseCopyOf(std.X)
	if err := data.Unstandardize(back, std.Mean, std.Std); err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(back, grey.X, 1e-12) {
		t.Error("the standardised digits do not map back to their grey levels")
	}
	_, err = library.Dataset("mnist", map[string]any{"n": 10, "standardize": true})
	if err == nil || !strings.Contains(err.Error(), "parameter standardize = true needs binarize = grey") {
		t.Errorf("standardize with threshold: %v", err)
	}
}

// TestPerRunAdjust checks the Langevin samplers' unadjusted and adapt:
// before a run of k transitions the sampler leaves ⌊k/2⌋ unadjusted for
// unadjusted = 0.5 and adapts toward 0.5 during ⌊k/4⌋ + 1 transitions, for
// k = 10 (a learner's update) and k = 100 (a measurement's sampling); they
// need adjust.
func TestPerRunAdjust(t *testing.T) {
	g, err := rbm.NewGaussian(3, 2, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"langevin", "gibbs_langevin"} {
		s, err := library.Sampler(name, map[string]any{"adjust": true, "unadjusted": 0.5, "adapt": 0.5}, 3)
		if err != nil {
			t.Fatal(err)
		}
		c, err := mcmc.NewGaussianChains(g, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{10, 100} {
			if err := s.(mcmc.GaussianSampler).SampleGaussian(g, c, k); err != nil {
				t.Fatal(err)
			}
			// The state names the settings of the last run.
			b, err := s.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var after, adapt int
			var target float64
			switch in := library.Inner(s).(type) {
			case *mcmc.Langevin:
				after, adapt, target = in.AdjustAfter, in.AdaptSteps, in.TargetAccept
			case *mcmc.GibbsLangevin:
				after, adapt, target = in.AdjustAfter, in.AdaptSteps, in.TargetAccept
			}
			if after != k/2 || adapt != k/4+1 || target != 0.5 || len(b) == 0 {
				t.Errorf("%s after a run of %d: AdjustAfter %d, AdaptSteps %d, TargetAccept %v, want %d, %d, 0.5", name, k, after, adapt, target, k/2, k/4+1)
			}
		}
		if _, err := library.Sampler(name, map[string]any{"unadjusted": 0.5}, 3); err == nil || !strings.Contains(err.Error(), "need adjust = true") {
			t.Errorf("%s: unadjusted without adjust: %v", name, err)
		}
	}
}

// TestTrain checks that library.Train gives the points of library.Run
// and, without the measurements, the same model: the loglik of the model
// it returns is the run's last point, bit for bit.
func TestTrain(t *testing.T) {
	p := libPlan(t, `seed 3
updates 20
data mixture(n = 200)
model gaussian(hidden = 3, init_sd = 0.1)
learner mcd(k = 3, rate = 0.05, batch = 50, step = 0.1)
measure loglik every 10
measure frechet(on = train, samples = 50, steps = 3) every 10
`)
	j := p.Jobs[0]
	pts, err := library.Run(context.Background(), j)
	if err != nil {
		t.Fatal(err)
	}
	_, tpts, err := library.Train(context.Background(), j)
	if err != nil || !reflect.DeepEqual(pts, tpts) {
		t.Fatalf("Train: %v, points %v, want Run's %v", err, tpts, pts)
	}
	bare := *j
	bare.Config.Measures = nil
	m, _, err := library.Train(context.Background(), &bare)
	if err != nil {
		t.Fatal(err)
	}
	set, err := library.Dataset("mixture", map[string]any{"n": 200})
	if err != nil {
		t.Fatal(err)
	}
	ll, err := m.(*rbm.Gaussian).LogLikelihood(set.X)
	if err != nil {
		t.Fatal(err)
	}
	if want := pts[len(pts)-2]; want.Measure != "loglik" || ll != want.Value {
		t.Errorf("loglik of the model trained without measurements: %v, want the run's %+v", ll, want)
	}
}
