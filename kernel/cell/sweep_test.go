package cell_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/kernel/cell"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestSweep runs a sweep of 2 × 2 tiny runs: the results come back in the
// plan's order with their report, a second call runs nothing again, and a
// sweep with an error is the compile stage's error at its position.
func TestSweep(t *testing.T) {
	src := `seed 1
repeat 2
updates 20
data bars_stripes(size = 2)
model binary(hidden = 2)
axis learner = [pcd, cd]
learner $learner(rate = 0.1)
measure loglik
`
	dir := t.TempDir()
	sw, err := cell.Sweep(context.Background(), "tiny", src, dir)
	if err != nil {
		t.Fatal(err)
	}
	if sw.Dir != dir || len(sw.Plan.Jobs) != 4 || len(sw.Results) != 4 || sw.Summary.Done != 4 || sw.Report == nil {
		t.Fatalf("sweep: dir %s, %d runs, %d results, summary %v, report %v", sw.Dir, len(sw.Plan.Jobs), len(sw.Results), sw.Summary, sw.Report != nil)
	}
	for i, r := range sw.Results {
		if r.Index != i {
			t.Errorf("result %d is run %d's, want the plan's order", i, r.Index)
		}
	}
	again, err := cell.Sweep(context.Background(), "tiny", src, dir)
	if err != nil || again.Summary.Done != 0 || len(again.Results) != 4 {
		t.Errorf("second call: %v, summary %v", err, again.Summary)
	}
	_, err = cell.Sweep(context.Background(), "bad", strings.Replace(src, "pcd", "pdc", 1), t.TempDir())
	var stage *dsl.StageError
	if !errors.As(err, &stage) || stage.Stage != dsl.StageCompile || !strings.Contains(err.Error(), "bad.sweep:6:") {
		t.Errorf("a sweep with an unknown learner: %v", err)
	}
}

// TestModel checks that Model trains a run of a sweep again into the
// model the run left: its exact log-likelihood is the run's final loglik,
// bit for bit.
func TestModel(t *testing.T) {
	src := "seed 2\nupdates 10\ndata mixture(n = 100)\nmodel gaussian(hidden = 2, init_sd = 0.1)\nlearner mcd(k = 2, rate = 0.05, batch = 50)\nmeasure loglik\n"
	sw, err := cell.Sweep(context.Background(), "model", src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m, err := cell.Model(context.Background(), sw.Plan.Jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	set, _, _, err := data.Standardize(mustMixture(t))
	if err != nil {
		t.Fatal(err)
	}
	ll, err := m.(*rbm.Gaussian).LogLikelihood(set.X)
	if err != nil {
		t.Fatal(err)
	}
	if _, v := sw.Results[0].Series("loglik"); len(v) != 1 || v[0] != ll {
		t.Errorf("loglik of the model: %v, want the run's %v", ll, v)
	}
	if _, err := cell.Model(context.Background(), nil); err == nil {
		t.Error("Model(nil): no error")
	}
}

// mustMixture returns the points of the data set mixture(n = 100).
func mustMixture(t *testing.T) *data.Set {
	t.Helper()
	s, err := data.IsotropicMixture().Sample("isotropic", 100, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
