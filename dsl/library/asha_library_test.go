package library_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// ashaLibSweep trains six tiny RBMs (9 visible, 4 hidden units, 40
// updates) at learning rates far apart; with from 10 eta 2 the rungs are
// updates 10 and 20.
const ashaLibSweep = `seed 3
updates 40
data bars_stripes(size = 3)
model binary(hidden = 4)
axis rate = [0.001, 0.3, 0.01, 0.1, 0.03, 0.2]
learner cd(rate = $rate)
measure loglik every 10
asha on loglik from 10 eta 2
`

// TestASHALibrary runs ashaLibSweep with RunLibrary one run at a time and
// checks that RunLibrary stops where the rule says: replaying the rule in
// plan order on the values the runs recorded at the rungs gives exactly
// the stored decisions; a stopped run's points are those of the same run
// without the rule, cut at the rung (training is the same up to there);
// and each run left its value at each rung it reached in
// rungs/loglik@<update>/<key>.
func TestASHALibrary(t *testing.T) {
	p := libPlan(t, ashaLibSweep)
	store, err := dsl.OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sum, err := dsl.Run(context.Background(), p, store, library.Run, &dsl.Options{Workers: 1})
	if err != nil || sum.Failed != 0 {
		t.Fatalf("run: %v, %s", err, sum)
	}
	// Without the rule: the same runs (same keys), trained to the end.
	full := libPlan(t, strings.Replace(ashaLibSweep, "asha on loglik from 10 eta 2\n", "", 1))
	if full.Fingerprint() != p.Fingerprint() {
		t.Fatal("the rule changed the runs' keys")
	}
	rule := p.Spec.ASHA
	seen := map[int][]float64{} // rung → values recorded so far, plan order
	stopped := 0
	for _, j := range p.Jobs {
		r, err := store.Read(j.Key)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := library.Run(context.Background(), full.Jobs[j.Index])
		if err != nil {
			t.Fatal(err)
		}
		var want *dsl.Stop
		for k, step := range rule.Rungs {
			var v float64
			for _, pt := range whole {
				if pt.Measure == "loglik" && pt.Step == step {
					v = pt.Value
				}
			}
			on, d := rule.Decide(v, seen[step])
			seen[step] = append(seen[step], v)
			if !on {
				d.Rule, d.Rung, d.Step = rule.String(), k, step
				want = &d
				break
			}
		}
		switch {
		case want == nil && r.Stopped != nil:
			t.Errorf("run %d (rate %v) stopped, the rule says it goes on: %v", j.Index, j.Axes[0].Value, r.Stopped)
		case want != nil && (r.Stopped == nil || *r.Stopped != *want):
			t.Errorf("run %d (rate %v): stopped %+v, want %+v", j.Index, j.Axes[0].Value, r.Stopped, want)
		}
		n := len(whole)
		if want != nil {
			stopped++
			n = want.Step / 10
		}
		if len(r.Points) != n {
			t.Fatalf("run %d has %d points, want %d", j.Index, len(r.Points), n)
		}
		for i := range r.Points {
			if r.Points[i] != whole[i] {
				t.Errorf("run %d point %d: %+v, without the rule %+v", j.Index, i, r.Points[i], whole[i])
			}
		}
		for _, step := range rule.Rungs {
			if want != nil && step > want.Step {
				break
			}
			path := filepath.Join(store.Dir, dsl.RungsDir, "loglik@"+strconv.Itoa(step), j.Key)
			if b, err := os.ReadFile(path); err != nil || strings.TrimSpace(string(b)) != strconv.FormatFloat(whole[step/10-1].Value, 'g', -1, 64) {
				t.Errorf("run %d: rung record %s: %q, %v; want its value %v", j.Index, path, b, err, whole[step/10-1].Value)
			}
		}
	}
	t.Logf("%d of %d runs stopped: %s", stopped, len(p.Jobs), sum)
	if stopped == 0 || stopped != sum.Stopped {
		t.Errorf("%d runs stopped (summary says %d); the rates 0.001 and 0.01 should be behind at update 10", stopped, sum.Stopped)
	}
}
