package dsl

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
)

// ashaSweep has 7 runs, each a level of the zipped axis (a, b): the fake
// run ashaRun measures loglik = a at update 100 and loglik = b at updates
// 200 and 300. With eta 2 the rungs are 100 and 200 (400 is past the
// last update).
const ashaSweep = `seed 1
updates 300
data bars_stripes
model binary(hidden = 4)
learner cd
axis (a, b) = [(3, 2), (1, 10), (4, 1), (0, 11), (5, 6), (2, 12), (3, 7)]
measure loglik every 100
asha on loglik from 100 eta 2
`

// ashaRun is a RunFunc whose values are the axes a and b of its job (see
// ashaSweep); it hands each point to j.Observe and stops when told to.
func ashaRun(ctx context.Context, j *Job) ([]Point, error) {
	a, _ := j.Value("a")
	b, _ := j.Value("b")
	var pts []Point
	for step := 100; step <= j.Config.Updates; step += 100 {
		v := b.(int)
		if step == 100 {
			v = a.(int)
		}
		p := Point{Measure: "loglik", Step: step, Value: float64(v)}
		pts = append(pts, p)
		if j.Observe != nil {
			stop, err := j.Observe(p)
			if err != nil {
				return pts, err
			}
			if stop {
				return pts, nil
			}
		}
	}
	return pts, nil
}

// TestASHARule runs ashaSweep one run at a time in plan order and checks
// each decision against the rule worked out by hand (higher is better,
// m = max(1, ⌊n/2⌋) go on, ties go on):
//
//	rung 0 (update 100), values a in plan order 3, 1, 4, 0, 5, 2, 3:
//	  run 0: {3}                 m=1, threshold 3: goes on
//	  run 1: {3,1}               m=1, threshold 3: 1 stops, rank 2 of 2
//	  run 2: {3,1,4}             m=1, threshold 4: goes on
//	  run 3: {3,1,4,0}           m=2, threshold 3: 0 stops, rank 4 of 4
//	  run 4: {…,5}               m=2, threshold 4: goes on
//	  run 5: {…,2}               m=3, threshold 3: 2 stops, rank 4 of 6
//	  run 6: {…,3}               m=3, threshold 3: a tie, goes on
//	rung 1 (update 200), values b of runs 0, 2, 4, 6: 2, 1, 6, 7:
//	  run 0: {2}                 goes on
//	  run 2: {2,1}               m=1, threshold 2: 1 stops, rank 2 of 2
//	  run 4: {2,1,6}             m=1, threshold 6: goes on
//	  run 6: {2,1,6,7}           m=2, threshold 6: goes on
func TestASHARule(t *testing.T) {
	p := mustPlan(t, ashaSweep)
	if got := p.Spec.ASHA.String(); got != "asha on loglik higher from 100 eta 2" {
		t.Fatalf("rule %q", got)
	}
	if got := p.Spec.ASHA.Rungs; len(got) != 2 || got[0] != 100 || got[1] != 200 {
		t.Fatalf("rungs %v, want [100 200]", got)
	}
	store, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), p, store, ashaRun, &Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Done != 7 || sum.Stopped != 4 || sum.Failed != 0 {
		t.Fatalf("summary %+v, want 7 done, 4 of them stopped, none failed", sum)
	}
	rule := p.Spec.ASHA.String()
	want := map[int]Stop{
		1: {Rule: rule, Measure: "loglik", Better: "higher", Rung: 0, Step: 100, Value: 1, Threshold: 3, Rank: 2, Ranked: 2, Kept: 1},
		3: {Rule: rule, Measure: "loglik", Better: "higher", Rung: 0, Step: 100, Value: 0, Threshold: 3, Rank: 4, Ranked: 4, Kept: 2},
		5: {Rule: rule, Measure: "loglik", Better: "higher", Rung: 0, Step: 100, Value: 2, Threshold: 3, Rank: 4, Ranked: 6, Kept: 3},
		2: {Rule: rule, Measure: "loglik", Better: "higher", Rung: 1, Step: 200, Value: 1, Threshold: 2, Rank: 2, Ranked: 2, Kept: 1},
	}
	for _, j := range p.Jobs {
		r, err := store.Read(j.Key)
		if err != nil {
			t.Fatal(err)
		}
		w, stops := want[j.Index]
		switch {
		case !stops && r.Stopped != nil:
			t.Errorf("run %d stopped: %v", j.Index, r.Stopped)
		case !stops && len(r.Points) != 3:
			t.Errorf("run %d went on but has %d points, want 3", j.Index, len(r.Points))
		case stops && r.Stopped == nil:
			t.Errorf("run %d went on, want it stopped at update %d", j.Index, w.Step)
		case stops && *r.Stopped != w:
			t.Errorf("run %d stopped with\n%+v, want\n%+v", j.Index, *r.Stopped, w)
		case stops && (len(r.Points) != w.Step/100 || r.Points[len(r.Points)-1].Step != w.Step):
			t.Errorf("run %d stopped at %d but its points are %v", j.Index, w.Step, r.Points)
		}
		if stops && (r.Status() != "stopped" || r.Error != "") {
			t.Errorf("run %d: status %q, error %q", j.Index, r.Status(), r.Error)
		}
	}
}

// TestASHAStoppedStays checks that a stopped run is a decision: a plain Run
// does not run it again, status, the CSV and the report show it, and the
// tables leave it out; a changed rule keeps the run keys (the fingerprint)
// but runs the stopped runs again under the new rule, whose decisions now
// see every run's value at the rung.
func TestASHAStoppedStays(t *testing.T) {
	p := mustPlan(t, ashaSweep)
	store, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), p, store, ashaRun, &Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	calls := 0
	count := func(ctx context.Context, j *Job) ([]Point, error) { calls++; return ashaRun(ctx, j) }
	sum, err := Run(context.Background(), p, store, count, &Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 0 || sum.Skipped != 7 || sum.KeptStopped != 4 {
		t.Fatalf("second run: %d runs ran, summary %+v; want none, 7 skipped, 4 of them stopped", calls, sum)
	}
	if s := sum.String(); !strings.Contains(s, "4 runs stopped early by asha before (kept)") {
		t.Errorf("summary line %q does not say that stopped runs were kept", s)
	}

	results, err := store.Load()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := NewReport(p, results)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Stopped != 4 || rep.Failed != 0 || rep.Results != 7 {
		t.Errorf("report counts %d results, %d failed, %d stopped; want 7, 0, 4", rep.Results, rep.Failed, rep.Stopped)
	}
	if txt := rep.Text(); !strings.Contains(txt, "4 stopped early by asha, left out of the tables") {
		t.Errorf("report text does not count stopped runs:\n%s", txt)
	}
	sumTab, err := Summarize(results, SummarySpec{Stats: []string{"n"}, Reduce: "max", Measure: "loglik"})
	if err != nil {
		t.Fatal(err)
	}
	if c := sumTab.Cells[0]; c.N != 3 || c.Missing != 4 {
		t.Errorf("summary cell uses %d runs and leaves out %d; want 3 and 4 (the stopped ones)", c.N, c.Missing)
	}
	var csv bytes.Buffer
	if err := WriteCSV(&csv, results); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(csv.String(), ",stopped,"); n != 1+1+1+2 { // runs 1, 3, 5: one point; run 2: two
		t.Errorf("CSV has %d rows with status stopped, want 5:\n%s", n, csv.String())
	}
	var status bytes.Buffer
	if err := WriteStatus(&status, mustPlan(t, ashaSweep), store.Dir); err != nil {
		t.Fatal(err)
	}
	st := status.String()
	for _, w := range []string{
		"7 runs: 7 done (0 failed, 4 stopped early by asha), 0 missing",
		"stopped 1 " + p.Jobs[1].Key + ": stopped at update 100 (rung 0 of asha on loglik higher from 100 eta 2): loglik 1, rank 2 of 2, the best 1 went on (threshold 3)",
		"stopped 2 " + p.Jobs[2].Key + ": stopped at update 200 (rung 1 of",
	} {
		if !strings.Contains(st, w) {
			t.Errorf("status lacks %q:\n%s", w, st)
		}
	}

	// The rule changes: eta 3, one rung (100). Same runs, same keys.
	p3 := mustPlan(t, strings.Replace(ashaSweep, "eta 2", "eta 3", 1))
	if p3.Fingerprint() != p.Fingerprint() {
		t.Fatal("a changed rule changed the run keys")
	}
	if ch := strings.Join(p.Record().Changes(p3.Record()), "; "); ch != "asha on loglik higher from 100 eta 2 → asha on loglik higher from 100 eta 3" {
		t.Errorf("the plan records' changes: %q", ch)
	}
	status.Reset()
	src3 := strings.Replace(ashaSweep, "eta 2", "eta 3", 1)
	if err := WriteStatus(&status, mustPlan(t, src3), store.Dir); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(status.String(), "(another rule: the next run runs it again)"); n != 4 {
		t.Errorf("status under the new rule marks %d stopped runs as to run again, want 4:\n%s", n, status.String())
	}
	calls = 0
	sum, err = Run(context.Background(), p3, store, count, &Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 4 || sum.Restarted != 4 || sum.Skipped != 3 {
		t.Fatalf("after the rule changed: %d runs ran, summary %+v; want the 4 stopped ones to run again", calls, sum)
	}
	if !strings.Contains(sum.Note, "the early-stopping rule changed (asha on loglik higher from 100 eta 2 → asha on loglik higher from 100 eta 3)") {
		t.Errorf("note %q does not say the rule changed", sum.Note)
	}
	// At update 100 all 7 values 3, 1, 4, 0, 5, 2, 3 are recorded: m = 2,
	// threshold 4. Runs 1, 3 and 5 stop again (rank 6, 7, 5 of 7); run 2
	// (a = 4) reaches the threshold and now runs to the end.
	for i, rank := range map[int]int{1: 6, 3: 7, 5: 5} {
		r, err := store.Read(p3.Jobs[i].Key)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stopped == nil || r.Stopped.Rule != p3.Spec.ASHA.String() || r.Stopped.Rank != rank || r.Stopped.Ranked != 7 || r.Stopped.Threshold != 4 {
			t.Errorf("run %d: stopped %+v, want rank %d of 7 under eta 3, threshold 4", i, r.Stopped, rank)
		}
	}
	if r, err := store.Read(p3.Jobs[2].Key); err != nil || r.Stopped != nil || len(r.Points) != 3 {
		t.Errorf("run 2 under eta 3: %v, %+v; want it run to the end", err, r)
	}

	// Without the rule, the 3 runs still stopped run to the end.
	none := mustPlan(t, strings.Replace(ashaSweep, "asha on loglik from 100 eta 2\n", "", 1))
	calls = 0
	sum, err = Run(context.Background(), none, store, count, &Options{Workers: 1})
	if err != nil || calls != 3 || sum.Restarted != 3 || sum.Stopped != 0 {
		t.Fatalf("without the rule: %v, %d runs ran, %s; want the 3 stopped ones run to the end", err, calls, sum)
	}
	results, err = store.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Stopped != nil || len(r.Points) != 3 {
			t.Errorf("run %s without the rule: stopped %v, %d points", r.Key, r.Stopped, len(r.Points))
		}
	}
}

// TestASHADecide checks the rule's edge cases: lower is better, NaN is
// behind every number, a run alone at a rung goes on.
func TestASHADecide(t *testing.T) {
	low := &ASHA{Measure: "recon", Better: "lower", Eta: 3}
	if on, d := low.Decide(5, nil); !on || d.Ranked != 1 || d.Kept != 1 {
		t.Errorf("alone at the rung: goes on %v, %+v", on, d)
	}
	// {1, 2, 3, 4, 5, 6, 7}: m = 2, threshold 2 (lower is better).
	others := []float64{1, 3, 4, 5, 6, 7}
	if on, d := low.Decide(2, others); !on || d.Threshold != 2 || d.Rank != 2 {
		t.Errorf("value 2 of 1..7, lower better: goes on %v, %+v", on, d)
	}
	if on, d := low.Decide(3, []float64{1, 2, 4, 5, 6, 7}); on || d.Threshold != 2 || d.Rank != 3 {
		t.Errorf("value 3 of 1..7: goes on %v, %+v; want it stopped", on, d)
	}
	if on, d := low.Decide(math.NaN(), nil); on || d.Rank != 1 {
		t.Errorf("NaN alone: goes on %v, %+v; want it stopped", on, d)
	}
	high := &ASHA{Measure: "loglik", Better: "higher", Eta: 2}
	if on, d := high.Decide(-20, []float64{math.NaN(), -10}); on || d.Threshold != -10 || d.Rank != 2 {
		t.Errorf("-20 among NaN and -10, m = 1: goes on %v, %+v; want it stopped", on, d)
	}
	if on, _ := high.Decide(-20, []float64{math.NaN(), math.NaN(), -10, -30}); !on {
		t.Errorf("-20 among NaN, NaN, -10, -30 (m = 2, threshold -20): goes on %v, want it to go on", on)
	}
}

// TestASHAErrors checks the errors of bad asha statements: each names the
// statement's line and the column of the bad part.
func TestASHAErrors(t *testing.T) {
	const head = `seed 1
updates 300
data bars_stripes
model binary(hidden = 4)
learner cd
measure loglik every 100
measure ais(chains = 10) every 100
`
	for _, c := range []struct{ src, want string }{
		{"asha on loglk from 100", "test.sweep:8:9: asha: measure loglk is not taken by this sweep (did you mean loglik?) (add: measure loglk every N)"},
		{"asha on autocorr from 100", "test.sweep:8:9: asha: measure autocorr is not taken by this sweep (add: measure autocorr every N)"},
		{"asha on loglik from 0", "test.sweep:8:21: asha: from wants a positive integer number of updates (the first rung), found 0"},
		{"asha on loglik from 1.5", "test.sweep:8:21: asha: from wants a positive integer number of updates (the first rung), found 1.5"},
		{"asha on loglik from 100 eta 1", "test.sweep:8:29: asha: eta wants an integer of at least 2 (the reduction factor), found 1"},
		{"asha on loglik from 100 eta 2.5", "test.sweep:8:29: asha: eta wants an integer of at least 2 (the reduction factor), found 2.5"},
		{"asha on loglik from 300", "test.sweep:8:21: asha: from 300 is not before the last update (updates 300): a run that reaches the first rung has ended"},
		{"asha on loglik from 150", "test.sweep:8:21: asha: from 150 is not a step at which loglik is measured (every 100): make it a multiple of 100"},
		{"asha on loglik lower from 100", "test.sweep:8:16: asha: higher is better for measure loglik, not lower (asha would keep the worst runs); write asha on loglik higher or leave the direction out"},
		{"asha on ais from 100", "test.sweep:8:9: asha: measure ais has no known direction: write asha on ais higher (or lower) from N"},
		{"asha loglik from 100", "test.sweep:8:6: expected 'on', found identifier loglik"},
		{"asha on loglik 100", "test.sweep:8:16: expected 'from' and the first rung in updates (or higher, lower), found integer 100"},
		{"asha on loglik from 100 eta 2\nasha on loglik from 100", "test.sweep:9:1: duplicate asha statement (first at 8:1)"},
	} {
		_, err := Compile("test.sweep", []byte(head+c.src+"\n"), testRegistry(t))
		if err == nil {
			t.Errorf("%q: no error, want %s", c.src, c.want)
			continue
		}
		if got := err.Error(); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	// A measure taken at the end only, and a sweep without a learner.
	end := strings.Replace(head, "measure loglik every 100", "measure loglik", 1)
	_, err := Compile("test.sweep", []byte(end+"asha on loglik from 100\n"), testRegistry(t))
	if want := "test.sweep:8:9: asha: measure loglik is taken at the end of the run only, so no run can be ranked before it ends (add every N to its measure statement)"; err == nil || err.Error() != want {
		t.Errorf("end-only measure: %v, want %s", err, want)
	}
	noLearner := strings.Replace(strings.Replace(head, "learner cd\n", "", 1), "updates 300\n", "", 1)
	_, err = Compile("test.sweep", []byte(noLearner+"asha on loglik from 100\n"), testRegistry(t))
	if want := "test.sweep:6:1: asha stops training runs early, but this sweep has no learner statement"; err == nil || err.Error() != want {
		t.Errorf("no learner: %v, want %s", err, want)
	}
}

// TestASHAConcurrent runs ashaSweep on 4 workers, where the order in which
// runs reach a rung is not fixed: every decision must still be one the rule
// allows (the run ranked below the kept ones, its value behind the
// threshold), and run 4, whose value 5 at rung 0 is the best of all, never
// stops there. Run it with -race to check the board's locking.
func TestASHAConcurrent(t *testing.T) {
	p := mustPlan(t, ashaSweep)
	store, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), p, store, ashaRun, &Options{Workers: 4})
	if err != nil || sum.Done != 7 {
		t.Fatalf("run: %v, %s", err, sum)
	}
	stopped := 0
	for _, j := range p.Jobs {
		r, err := store.Read(j.Key)
		if err != nil {
			t.Fatal(err)
		}
		s := r.Stopped
		if s == nil {
			continue
		}
		stopped++
		if s.Rank <= s.Kept || s.Kept != max(1, s.Ranked/2) || s.Ranked > 7 || !(s.Value < s.Threshold) {
			t.Errorf("run %d: decision %+v breaks the rule", j.Index, *s)
		}
		if j.Index == 4 && s.Rung == 0 {
			t.Errorf("run 4, the best at rung 0, stopped there: %+v", *s)
		}
	}
	if stopped != sum.Stopped {
		t.Errorf("%d results stopped, the summary says %d", stopped, sum.Stopped)
	}
}

// TestASHACheckCommand: `sweep check` (WriteCheck) prints the rule and
// its rungs.
func TestASHACheckCommand(t *testing.T) {
	var out bytes.Buffer
	spec, err := Compile("a.sweep", []byte(ashaSweep), testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteCheck(&out, "a.sweep", spec); err != nil {
		t.Fatal(err)
	}
	if want := "asha on loglik higher from 100 eta 2: rungs at updates 100 200\n"; !strings.Contains(out.String(), want) {
		t.Errorf("check printed\n%s\nwithout %q", out.String(), want)
	}
}
