package library_test

import (
	"context"
	"fmt"
	"math"
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
)

// grbmSweep is a tiny sweep of a Gaussian-Bernoulli RBM: 2 samplers × 2
// repeats of 40 modified-CD updates on Bars and Stripes 2×2.
const grbmSweep = `sweep "grbm"
seed 4
repeat 2
updates 40
data bars_stripes(size = 2)
model gaussian(hidden = 3, init_sd = 0.1)
axis sampler = [gibbs_langevin, gauss_gibbs]
learner mcd(k = 2, rate = 0.01, batch = 4)
sampler $sampler
measure loglik every 20
summary median of max loglik by sampler
`

// TestGaussianSweep runs grbmSweep end to end with dsl.RunSource: every
// run takes its two finite log-likelihoods, and the report has a cell per
// sampler.
func TestGaussianSweep(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "grbm.results")
	sw, err := dsl.RunSource(context.Background(), "grbm.sweep", []byte(grbmSweep), library.Registry(), library.Run,
		&dsl.SourceOptions{Folder: func(*dsl.Spec) string { return dir }, Options: dsl.Options{Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if sw.Summary.Done != 4 || sw.Summary.Failed != 0 {
		t.Fatalf("summary %v, want 4 runs done and none failed: %v", sw.Summary, sw.Summary.Errors)
	}
	for _, r := range sw.Results {
		if len(r.Points) != 2 {
			t.Errorf("run %s: %d points, want 2", r.Key, len(r.Points))
		}
		for _, p := range r.Points {
			if p.Measure != "loglik" || math.IsNaN(p.Value) || math.IsInf(p.Value, 0) {
				t.Errorf("run %s: point %+v", r.Key, p)
			}
		}
	}
	if md := sw.Report.Markdown(); !strings.Contains(md, "gibbs_langevin") || !strings.Contains(md, "gauss_gibbs") {
		t.Errorf("report lacks a sampler:\n%s", md)
	}
}

// TestModelMismatch checks that the checker refuses a sampler, learner or
// measurement of binary models on a gaussian model and the other way
// round, at its position, naming what works, and accepts zipped axes that
// pair each model with its own sampler.
func TestModelMismatch(t *testing.T) {
	base := "seed 1\nupdates 10\ndata bars_stripes(size = 2)\n"
	// What works on a binary model, from the registry (the error lists it).
	binLearners := strings.Join(binaryNames(library.Registry(), dsl.KindLearner), ", ")
	binSamplers := strings.Join(binaryNames(library.Registry(), dsl.KindSampler), ", ")
	for _, c := range []struct{ src, want string }{
		{"model gaussian(hidden = 2)\nsampler gibbs\nlearner mcd\n",
			"m.sweep:5:9: sampler gibbs does not work on model gaussian (it works on binary); for gaussian: gauss_gibbs, gibbs_langevin, langevin"},
		{"model binary(hidden = 2)\nlearner mcd\nsampler langevin\n",
			"m.sweep:5:9: learner mcd does not work on model binary (it works on gaussian); for binary: " + binLearners + "\n" +
				"m.sweep:6:9: sampler langevin does not work on model binary (it works on gaussian); for binary: " + binSamplers},
		{"model gaussian(hidden = 2)\nlearner cd\nmeasure recon\n",
			"m.sweep:5:9: learner cd does not work on model gaussian (it works on binary); for gaussian: mcd\n" +
				"m.sweep:6:9: measure recon does not work on model gaussian (it works on binary); for gaussian: classes, frechet, loglik, logvar"},
		{"axis model = [binary, gaussian]\nmodel $model(hidden = 2)\nlearner mcd\n",
			"m.sweep:6:9: learner mcd does not work on model binary (it works on gaussian); for binary: " + binLearners},
	} {
		_, err := dsl.Compile("m.sweep", []byte(base+c.src), library.Registry())
		if err == nil {
			t.Errorf("%s: no error, want %s", c.src, c.want)
		} else if got := strings.TrimSuffix(errorLines(err), "\n"); got != c.want {
			t.Errorf("%s:\ngot  %v\nwant %s", c.src, got, c.want)
		}
	}
	zipped := base + "axis (model, sampler, learner) = [(binary, gibbs, cd), (gaussian, langevin, mcd)]\n" +
		"model $model(hidden = 2)\nsampler $sampler\nlearner $learner\nmeasure loglik\n"
	if _, err := dsl.Compile("z.sweep", []byte(zipped), library.Registry()); err != nil {
		t.Errorf("zipped models and samplers: %v", err)
	}
}

// TestMixtureData: the data set mixture is the standardised draw of the
// library's mixture with the seed given, the same draw as
// data.AnisotropicMixture().Sample then data.Standardize.
func TestMixtureData(t *testing.T) {
	got, err := library.Dataset("mixture", map[string]any{"shape": "anisotropic", "n": 300, "seed": 2022})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := data.AnisotropicMixture().Sample("anisotropic", 300, 2022)
	if err != nil {
		t.Fatal(err)
	}
	want, _, _, err := data.Standardize(raw)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(got.X, want.X) {
		t.Error("mixture(shape = anisotropic, n = 300, seed = 2022) is not the standardised draw")
	}
	iso, err := library.Dataset("mixture", nil)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := iso.X.Dims(); r != 1000 || c != 2 {
		t.Errorf("mixture at its defaults is %d×%d, want 1000×2", r, c)
	}
	for j := 0; j < 2; j++ {
		col := mat.Col(nil, j, iso.X)
		if m := stat.Mean(col, nil); math.Abs(m) > 1e-12 {
			t.Errorf("column %d has mean %v, want 0 (standardised)", j, m)
		}
	}
	if _, err := dsl.Compile("m.sweep", []byte("seed 1\ndata mixture(shape = round)\nmodel gaussian(hidden = 2)\n"), library.Registry()); err == nil {
		t.Error("mixture(shape = round) passes the checker")
	}
}

// TestMCDSamplePositive: the parameter sample_positive reaches the learner:
// with the same seeds, runs with and without it train different models
// (sampled h⁺ against p(h = 1 | v⁺)), each with finite log-likelihoods.
func TestMCDSamplePositive(t *testing.T) {
	p := libPlan(t, `seed 4
updates 20
data mixture(n = 200)
model gaussian(hidden = 3)
axis sp = [false, true]
learner mcd(k = 2, sample_positive = $sp, batch = 50, rate = 0.1)
measure loglik every 10
compare sp true vs false on final loglik
`) // compare pairs the two runs: they share their seed
	if p.Jobs[0].Seed != p.Jobs[1].Seed {
		t.Fatal("the two runs have different seeds")
	}
	var got [][]dsl.Point
	for _, j := range p.Jobs {
		pts, err := library.Run(context.Background(), j)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range pts {
			if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
				t.Errorf("run %d: loglik %v at %d", j.Index, q.Value, q.Step)
			}
		}
		got = append(got, pts)
	}
	if len(got) != 2 || reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("runs with and without sample_positive: %v", got)
	}
}

// TestLangevinTemperature checks the Langevin samplers' temperature: the
// sampler a run builds carries it, the default (1) stays out of the run's
// configuration (so earlier sweeps keep their keys), and a sweep with the
// temperature on an axis runs to the end (its checkpoints record T).
func TestLangevinTemperature(t *testing.T) {
	for _, name := range []string{"langevin", "gibbs_langevin"} {
		s, err := library.Sampler(name, map[string]any{"temperature": 4.0}, 1)
		if err != nil {
			t.Fatal(err)
		}
		var temp float64
		switch s := s.(type) {
		case *mcmc.Langevin:
			temp = s.Temperature
		case *mcmc.GibbsLangevin:
			temp = s.Temperature
		}
		if temp != 4 {
			t.Errorf("%s(temperature = 4): Temperature %v", name, temp)
		}
	}
	head := "seed 4\nupdates 20\ndata mixture(n = 50)\nmodel gaussian(hidden = 3)\nlearner mcd(k = 2, rate = 0.01, batch = 10)\n"
	p := libPlan(t, head+"sampler gibbs_langevin(k = 2)\n")
	if _, ok := p.Jobs[0].Config.Sampler.Params["temperature"]; ok {
		t.Error("the default temperature is in the run's configuration (and so in its key)")
	}
	p = libPlan(t, head+"axis temperature = [1, 10]\nsampler gibbs_langevin(k = 2, temperature = $temperature)\nmeasure loglik\n")
	dir := t.TempDir()
	for i, j := range p.Jobs {
		j.Checkpoint, j.CheckpointEvery = filepath.Join(dir, fmt.Sprint(i)), 5
		pts, err := library.Run(context.Background(), j)
		if err != nil || len(pts) != 1 || math.IsNaN(pts[0].Value) {
			t.Errorf("run %d (temperature %v): %v, %v", i, j.Config.Sampler.Params["temperature"], pts, err)
		}
	}
}
