package library_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestMeasureLabels runs a sweep that takes the exact log-likelihood twice
// under two labels, one along the run (every 10 updates, on the training
// set) and one at the end (on the test set), and checks that each series
// goes by its label with the values of its own measurement: the training
// set's log-likelihood at updates 10, 20, 30 and the test set's at 30,
// both equal to the library's for the trained model. Summaries, compare's
// measure and asha refer to the labels.
func TestMeasureLabels(t *testing.T) {
	src := heldOutHead + `test bars_stripes(size = 2, duplicates = true)
axis rate = [0.3, 0.5]
learner cd(rate = $rate)
measure loglik every 10 as train_ll
measure loglik(on = test) as test_ll
summary median of final test_ll
summary median of max train_ll by rate
asha on train_ll from 10
`
	src = strings.Replace(src, "learner cd(rate = 0.5)\n", "", 1)
	p := libPlan(t, src)
	if got := p.Jobs[0].Config.Measures; len(got) != 2 || got[0].Name != "loglik" || got[0].As != "train_ll" || got[1].Label() != "test_ll" {
		t.Fatalf("measures of the run: %+v", got)
	}
	pts, m, err := library.RunTrained(context.Background(), p.Jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	train, _ := data.BarsAndStripes(2, false)
	test, _ := data.BarsAndStripes(2, true)
	finalTrain, err := m.(*rbm.Binary).LogLikelihood(train.X)
	if err != nil {
		t.Fatal(err)
	}
	finalTest, _ := m.(*rbm.Binary).LogLikelihood(test.X)
	var steps []int
	for _, pt := range pts {
		switch pt.Measure {
		case "train_ll":
			steps = append(steps, pt.Step)
			if pt.Step == 30 && pt.Value != finalTrain {
				t.Errorf("train_ll at 30 = %v, want the training set's %v", pt.Value, finalTrain)
			}
		case "test_ll":
			if pt.Step != 30 || pt.Value != finalTest {
				t.Errorf("test_ll = %v at %d, want the test set's %v at 30", pt.Value, pt.Step, finalTest)
			}
		default:
			t.Errorf("a point of measure %q: want the labels train_ll and test_ll", pt.Measure)
		}
	}
	if len(steps) != 3 || steps[2] != 30 {
		t.Errorf("train_ll taken at %v, want 10, 20, 30", steps)
	}
	if finalTrain == finalTest {
		t.Fatal("the test set scores as the training set: the case cannot tell the labels apart")
	}
}

// TestMeasureLabelErrors checks the checker's errors for labels: a
// measurement taken twice without one, two measurements with one label, a
// label that is another measurement's library name, a summary of the
// library name when the sweep calls it something else, and `as` without a
// name; and that -set addresses a labelled measurement by its label.
func TestMeasureLabelErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"measure loglik every 10\nmeasure loglik\n", "duplicate measure loglik: give each a name of its own"},
		{"measure loglik as ll\nmeasure recon as ll\n", "duplicate measure ll"},
		{"measure recon as loglik\n", "measure recon as loglik: loglik is the name of another measurement"},
		{"measure loglik as ll\nsummary median of final loglik\n", "measure loglik is not taken by this sweep"},
		{"measure loglik as\n", "a name for the measurement after as"},
	} {
		_, err := dsl.Compile("t.sweep", []byte(heldOutHead+c.src), library.Registry())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
	spec, err := dsl.CompileWith("t.sweep", []byte(heldOutHead+"measure ais(chains = 10) as ais_a\nmeasure ais(chains = 20) as ais_b\n"), library.Registry(), []string{"ais_b.chains=30"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewPlan(spec)
	if err != nil {
		t.Fatal(err)
	}
	ms := p.Jobs[0].Config.Measures
	if ms[0].Params["chains"] != 10 || ms[1].Params["chains"] != 30 {
		t.Errorf("-set ais_b.chains=30 gave chains %v and %v, want 10 and 30", ms[0].Params["chains"], ms[1].Params["chains"])
	}
}

// TestCenteredMuStart checks the centred learners' parameter mu: data
// starts μ at the training set's column means (computed here by hand),
// batch (the default) leaves Mu nil, the learner's own rule (the first
// batch's mean); and the default stays out of the run's configuration,
// so that sweeps written before it keep their keys.
func TestCenteredMuStart(t *testing.T) {
	set, err := library.Dataset("bars_stripes", map[string]any{"size": 3})
	if err != nil {
		t.Fatal(err)
	}
	n, d := set.X.Dims()
	for _, name := range []string{"centered", "csdcp"} {
		l, err := library.Learner(name, map[string]any{"mu": "data"}, set)
		if err != nil {
			t.Fatal(err)
		}
		var mu []float64
		switch l := l.(type) {
		case *learn.Centered:
			mu = l.Mu
		case *learn.CSDCP:
			mu = l.Mu
		}
		if len(mu) != d {
			t.Fatalf("%s(mu = data): Mu has %d values, want %d", name, len(mu), d)
		}
		for j := 0; j < d; j++ {
			var s float64
			for i := 0; i < n; i++ {
				s += set.X.At(i, j)
			}
			if math.Abs(mu[j]-s/float64(n)) > 1e-15 {
				t.Errorf("%s: μ_%d = %v, want the column mean %v", name, j, mu[j], s/float64(n))
			}
		}
		l, _ = library.Learner(name, nil, set)
		if c, ok := l.(*learn.Centered); ok && c.Mu != nil {
			t.Errorf("%s with mu = batch: Mu = %v, want nil", name, c.Mu)
		}
		p := libPlan(t, "seed 1\nupdates 1\ndata bars_stripes(size = 2)\nmodel binary(hidden = 2)\nlearner "+name+"\n")
		if _, ok := p.Jobs[0].Config.Learner.Params["mu"]; ok {
			t.Errorf("%s: the default mu is in the run's configuration (and so in its key)", name)
		}
	}
}
