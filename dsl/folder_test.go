package dsl

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// folderSweep is a sweep of 2 samplers × 2 rates × 2 repeats = 8 runs; the
// tests below change it.
const folderSweep = `seed 5
repeat 2
updates 1000
data bars_stripes
model binary(hidden = 4)
axis sampler = [gibbs, flip]
axis rate = [0.01, 0.1]
learner cd(rate = $rate)
sampler $sampler
measure loglik every 100
summary median, n of max loglik by sampler, rate
`

// runCounting runs p in st and returns Run's summary, the keys of the runs
// executed and Run's error.
func runCounting(t *testing.T, p *Plan, st *Store, replace bool) (*Summary, []string, error) {
	t.Helper()
	var n atomic.Int64
	keys := make(chan string, len(p.Jobs))
	sum, err := Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		n.Add(1)
		keys <- j.Key
		return fakeRun(ctx, j)
	}, &Options{Workers: 2, Version: "test", Replace: replace})
	close(keys)
	var ran []string
	for k := range keys {
		ran = append(ran, k)
	}
	return sum, ran, err
}

func resultCount(t *testing.T, dir string) int {
	t.Helper()
	rs, err := LoadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	return len(rs)
}

// TestFolderRefusesOtherPlan: a folder whose sweep file changed a level is
// refused before anything runs, with a message that names the axis and its
// levels and says what to do; the results stay where they are.
func TestFolderRefusesOtherPlan(t *testing.T) {
	st, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, ran, err := runCounting(t, mustPlan(t, folderSweep), st, false); err != nil || len(ran) != 8 {
		t.Fatalf("first run: %v, %d runs", err, len(ran))
	}
	changed := mustPlan(t, strings.Replace(folderSweep, "[0.01, 0.1]", "[0.01, 0.2]", 1))
	_, ran, err := runCounting(t, changed, st, false)
	var pc *PlanChangedError
	if !errors.As(err, &pc) {
		t.Fatalf("run of a changed plan: err = %v, want a *PlanChangedError", err)
	}
	if len(ran) != 0 {
		t.Errorf("%d runs ran in a folder of another plan", len(ran))
	}
	for _, want := range []string{"axis rate: levels 0.1 removed, 0.2 added", "-out", "-replace"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if pc.Other != 4 {
		t.Errorf("Other = %d, want the 4 results at rate 0.1", pc.Other)
	}
	if n := resultCount(t, st.Dir); n != 8 {
		t.Errorf("%d results after the refusal, want the 8 untouched", n)
	}
}

// TestFolderSamePlan: comments, layout, the title, the report statements
// and the spelling of numbers do not change the plan, so the folder
// resumes and runs nothing.
func TestFolderSamePlan(t *testing.T) {
	st, _ := OpenStore(t.TempDir())
	p := mustPlan(t, folderSweep)
	if _, _, err := runCounting(t, p, st, false); err != nil {
		t.Fatal(err)
	}
	edited := "# a comment\nsweep \"renamed\"\n" + strings.NewReplacer(
		"[0.01, 0.1]", "[ 1e-2 ,0.10 ]",
		"summary median, n of max loglik by sampler, rate", "summary mean of final loglik",
		"model binary(hidden = 4)", "model binary(init_sd = 0.01, hidden = 4)   // default spelled out",
	).Replace(folderSweep)
	q := mustPlan(t, edited)
	if q.Fingerprint() != p.Fingerprint() {
		t.Fatalf("fingerprint changed by an edit that changes no run: %s → %s", p.Fingerprint(), q.Fingerprint())
	}
	sum, ran, err := runCounting(t, q, st, false)
	if err != nil || len(ran) != 0 || sum.Skipped != 8 || sum.Note != "" {
		t.Errorf("resume of the same plan: %v, %d runs, %+v", err, len(ran), sum)
	}
	// The record now spells the plan as the edited file does, so growing
	// it from there is growth.
	if rec, _ := ReadPlanRecord(st.Dir); rec == nil || rec.Components["model"] != "binary(hidden = 4, init_sd = 0.01)" {
		t.Errorf("record not rewritten in the file's spelling: %+v", rec)
	}
	grown := mustPlan(t, strings.Replace(edited, "repeat 2", "repeat 3", 1))
	if sum, ran, err := runCounting(t, grown, st, false); err != nil || len(ran) != 4 || !strings.Contains(sum.Note, "grew from 8 to 12") {
		t.Errorf("growing the respelled plan: %v, %d runs, %+v", err, len(ran), sum)
	}
}

// TestFolderGrows: adding a level and a repeat runs exactly the new runs,
// keeps the old results and their seeds, and records the larger plan.
func TestFolderGrows(t *testing.T) {
	st, _ := OpenStore(t.TempDir())
	p := mustPlan(t, folderSweep)
	if _, _, err := runCounting(t, p, st, false); err != nil {
		t.Fatal(err)
	}
	grown := mustPlan(t, strings.NewReplacer("[0.01, 0.1]", "[0.01, 0.1, 0.3]", "repeat 2", "repeat 3").Replace(folderSweep))
	old := map[string]uint64{}
	for _, j := range p.Jobs {
		old[j.Key] = j.Seed
	}
	var want []string
	for _, j := range grown.Jobs {
		if s, ok := old[j.Key]; ok && s != j.Seed {
			t.Errorf("run %s changed its seed when the plan grew", j.Key)
		} else if !ok {
			want = append(want, j.Key)
		}
	}
	sum, ran, err := runCounting(t, grown, st, false)
	if err != nil {
		t.Fatalf("run of a grown plan: %v", err)
	}
	if len(ran) != len(want) || len(want) != 18-8 {
		t.Errorf("ran %d runs, want the %d new ones (of 18)", len(ran), len(want))
	}
	if !strings.Contains(sum.Note, "grew from 8 to 18 runs") || !strings.Contains(sum.Note, "0.3 added") {
		t.Errorf("note %q does not say how the plan grew", sum.Note)
	}
	rec, err := ReadPlanRecord(st.Dir)
	if err != nil || rec == nil || rec.Fingerprint != grown.Fingerprint() || rec.Runs != 18 {
		t.Errorf("record after growth: %+v, %v; want the grown plan's", rec, err)
	}
	// The smaller plan no longer grows the recorded one: it is refused.
	if _, _, err := runCounting(t, p, st, false); !errors.As(err, new(*PlanChangedError)) {
		t.Errorf("run of the smaller plan after growth: err = %v, want a *PlanChangedError", err)
	}
}

// TestFolderReplace: -replace moves the results of runs not in the new plan
// to a subfolder (nothing is deleted), keeps those of its runs, runs the
// rest, and the report counts only the new plan's results.
func TestFolderReplace(t *testing.T) {
	st, _ := OpenStore(t.TempDir())
	if _, _, err := runCounting(t, mustPlan(t, folderSweep), st, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(st.Dir, "results.csv"), []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := mustPlan(t, strings.Replace(folderSweep, "[0.01, 0.1]", "[0.01, 0.2]", 1))
	sum, ran, err := runCounting(t, changed, st, true)
	if err != nil {
		t.Fatalf("run -replace: %v", err)
	}
	if len(ran) != 4 {
		t.Errorf("ran %d runs, want the 4 at rate 0.2 (those at 0.01 are kept)", len(ran))
	}
	moved, _ := filepath.Glob(filepath.Join(st.Dir, "replaced-*"))
	if len(moved) != 1 || !strings.Contains(sum.Note, moved[0]) {
		t.Fatalf("replaced folders %v, note %q", moved, sum.Note)
	}
	if n := resultCount(t, moved[0]); n != 4 {
		t.Errorf("%d results moved aside, want the 4 at rate 0.1", n)
	}
	if logs, _ := filepath.Glob(filepath.Join(moved[0], "*.log")); len(logs) != 4 {
		t.Errorf("%d run logs moved aside with their results, want 4", len(logs))
	}
	if logs, _ := filepath.Glob(filepath.Join(st.Dir, "*.log")); len(logs) != 8 {
		t.Errorf("%d run logs in the folder, want the 8 of the new plan's runs", len(logs))
	}
	if rec, err := ReadPlanRecord(moved[0]); err != nil || rec == nil || rec.Runs != 8 {
		t.Errorf("old record not kept with the moved results: %+v %v", rec, err)
	}
	if _, err := os.Stat(filepath.Join(moved[0], "results.csv")); err != nil {
		t.Errorf("results.csv of the old plan not moved: %v", err)
	}
	all, _ := LoadResults(st.Dir)
	rep, err := NewReport(changed, all)
	if err != nil || rep.Results != 8 || rep.Missing != 0 || rep.Other != 0 {
		t.Errorf("report after replace: %+v %v", rep, err)
	}
}

// TestFolderCompareChangesSeeds: adding a compare statement changes the
// runs' seeds (not their keys), so the old results are not results of the
// new plan: the folder is refused and the report leaves them out.
func TestFolderCompareChangesSeeds(t *testing.T) {
	st, _ := OpenStore(t.TempDir())
	p := mustPlan(t, folderSweep)
	if _, _, err := runCounting(t, p, st, false); err != nil {
		t.Fatal(err)
	}
	q := mustPlan(t, folderSweep+"compare sampler flip vs gibbs on max loglik by rate\n")
	_, ran, err := runCounting(t, q, st, false)
	if err == nil || len(ran) != 0 || !strings.Contains(err.Error(), "compared axes none → sampler") {
		t.Errorf("run with a new compare: %v, %d runs; want a refusal naming the compared axes", err, len(ran))
	}
	all, _ := LoadResults(st.Dir)
	rep, err := NewReport(q, all)
	if err != nil || rep.Results != 0 || rep.Other != 8 || rep.Missing != 8 {
		t.Errorf("report of the new plan over the old results: %+v %v", rep, err)
	}
}

// TestFolderWithoutRecord: a folder from before plan records is adopted if
// all its results are of the plan's runs and refused otherwise.
func TestFolderWithoutRecord(t *testing.T) {
	st, _ := OpenStore(t.TempDir())
	p := mustPlan(t, folderSweep)
	if _, _, err := runCounting(t, p, st, false); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(st.Dir, PlanFile)); err != nil {
		t.Fatal(err)
	}
	q := mustPlan(t, strings.Replace(folderSweep, "[0.01, 0.1]", "[0.01, 0.2]", 1))
	_, _, err := runCounting(t, q, st, false)
	var pc *PlanChangedError
	if !errors.As(err, &pc) || !pc.NoRecord || !strings.Contains(err.Error(), "records no plan and holds 4 results") {
		t.Errorf("unrecorded folder with other results: %v", err)
	}
	if _, ran, err := runCounting(t, p, st, false); err != nil || len(ran) != 0 {
		t.Errorf("unrecorded folder of the same plan: %v, %d runs", err, len(ran))
	}
	if rec, _ := ReadPlanRecord(st.Dir); rec == nil || rec.Fingerprint != p.Fingerprint() {
		t.Errorf("the folder was not adopted: record %+v", rec)
	}
}

// TestPlanChanges: each kind of change is named, briefly, and only more
// repeats or levels count as growth.
func TestPlanChanges(t *testing.T) {
	// The old record as read back from its file: JSON numbers are floats.
	b, err := json.Marshal(mustPlan(t, folderSweep).Record())
	if err != nil {
		t.Fatal(err)
	}
	var base *PlanRecord
	if err := json.Unmarshal(b, &base); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		old, new string
		want     string
		grows    bool
	}{
		{"seed 5", "seed 6", "seed 5 → 6", false},
		{"repeat 2", "repeat 4", "repeat 2 → 4", true},
		{"repeat 2", "repeat 1", "repeat 2 → 1", false},
		{"updates 1000", "updates 500", "updates 1000 → 500", false},
		{"data bars_stripes", "data bars_stripes(size = 3)", "data bars_stripes → bars_stripes(size = 3)", false},
		{"learner cd(rate = $rate)", "learner cd(rate = $rate, k = 2)", "learner cd(rate = $rate) → cd(k = 2, rate = $rate)", false},
		{"measure loglik every 100", "measure loglik every 50", "measures loglik every 100 → loglik every 50", false},
		{"model binary(hidden = 4)", "model binary(hidden = 4)\naxis h = [1, 2]", "axis h added", false},
		{"[0.01, 0.1]", "[0.1, 0.01, 0.5]", "axis rate: levels 0.5 added", true},
		{"[0.01, 0.1]", "[0.1, 0.01]", "axis rate: levels reordered", false},
		{"axis rate = [0.01, 0.1]\n", "axis rate = [0.01, 0.1]\nskip if $rate > 0.05\n", "skip if none → $rate > 0.05", false},
	} {
		src := strings.Replace(folderSweep, c.old, c.new, 1)
		if src == folderSweep {
			t.Fatalf("%q not in the sweep", c.old)
		}
		next := mustPlan(t, src).Record()
		got := strings.Join(base.Changes(next), "; ")
		if got != c.want || base.Grows(next) != c.grows {
			t.Errorf("%q → %q: changes %q, grows %v; want %q, %v", c.old, c.new, got, base.Grows(next), c.want, c.grows)
		}
	}
}

// TestReportComparesOnlyThePlan: a comparison over a folder that also
// holds another plan's results pairs only the plan's runs (the review saw a
// Wilcoxon p move from 0.0625 to 0.1875 when old results were mixed in).
func TestReportComparesOnlyThePlan(t *testing.T) {
	src := folderSweep + "compare sampler flip vs gibbs on max loglik by rate\n"
	st, _ := OpenStore(t.TempDir())
	if _, _, err := runCounting(t, mustPlan(t, src), st, false); err != nil {
		t.Fatal(err)
	}
	// The same comparison at rates 0.1 and 0.3 with 4 repeats: its runs at
	// rate 0.1, repeats 0 and 1, are the old ones (same keys and seeds).
	grown := mustPlan(t, strings.NewReplacer("repeat 2", "repeat 4", "[0.01, 0.1]", "[0.1, 0.3]").Replace(src))
	if _, _, err := runCounting(t, grown, st, true); err != nil {
		t.Fatal(err)
	}
	// Put the results moved aside back, as an older program would have
	// left them: the folder mixes two plans.
	moved, _ := filepath.Glob(filepath.Join(st.Dir, "replaced-*", "*.json"))
	for _, f := range moved {
		if filepath.Base(f) != PlanFile {
			if err := os.Rename(f, filepath.Join(st.Dir, filepath.Base(f))); err != nil {
				t.Fatal(err)
			}
		}
	}
	all, _ := LoadResults(st.Dir)
	mine, other := grown.Select(all)
	if len(mine) != 16 || other != 4 {
		t.Fatalf("Select: %d of the plan's results and %d others in the folder, want 16 and the 4 at rate 0.01", len(mine), other)
	}
	rep, err := NewReport(grown, all)
	if err != nil {
		t.Fatal(err)
	}
	cells := rep.Comparisons[0].Cells
	if len(cells) != 2 {
		t.Fatalf("%d comparison cells, want rates 0.1 and 0.3 only", len(cells))
	}
	for _, c := range cells {
		if c.Pairs != 4 || c.Levels[0] == 0.01 {
			t.Errorf("cell %v: %d pairs, want 4 of this plan", c.Levels, c.Pairs)
		}
	}
}
