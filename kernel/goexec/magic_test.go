package goexec

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// tinySweep is 2 levels of k × 2 repeats = 4 runs of 50 CD updates of a
// 9×4 RBM on 3×3 Bars and Stripes: well under a second each.
const tinySweep = `sweep "tiny cd"
seed 1
repeat 2
updates 50
data bars_stripes(size = 3)
model binary(hidden = 4)
axis k = [1, 2]
learner cd(k = $k, rate = 0.1, batch = 7)
measure loglik every 10
summary median, n of max loglik by k
`

// displays returns the text/plain and text/markdown of every display the
// recorder saw.
func (r *recorder) displays() (plain, md []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.events {
		if e.kind != "display" {
			continue
		}
		if s, ok := e.bundle.Data["text/markdown"].(string); ok {
			md = append(md, s)
		}
		if s, ok := e.bundle.Data["text/plain"].(string); ok {
			plain = append(plain, s)
		}
	}
	return plain, md
}

// countResults counts the result files in dir (not the plan record).
func countResults(t *testing.T, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if filepath.Base(f) != dsl.PlanFile {
			n++
		}
	}
	return n
}

func TestSweepMagic(t *testing.T) {
	e := newExec(t)
	dir := filepath.Join(t.TempDir(), "tiny")
	_, rec := run(t, e, "%%sweep -out "+dir+" -workers 2\n"+tinySweep)
	if n := countResults(t, dir); n != 4 {
		t.Errorf("%d result files, want 4", n)
	}
	plain, md := rec.displays()
	var bar bool
	for _, p := range plain {
		if strings.Contains(p, "tiny cd") && strings.Contains(p, "4/4") {
			bar = true
		}
	}
	if !bar {
		t.Errorf("no progress bar reaching 4/4 among the displays %q", plain)
	}
	if len(md) != 1 || !strings.Contains(md[0], "| k |") || !strings.Contains(md[0], "median") {
		t.Errorf("markdown displays %q, want one report with a table by k", md)
	}
	if out := rec.stream("stdout"); !strings.Contains(out, "4 runs: 0 skipped (already done), 4 run, 0 failed") {
		t.Errorf("stdout %q does not give the run summary", out)
	}
	// The variable sweep holds the results and the report.
	got, _ := run(t, e, "fmt.Sprint(len(sweep.Results), sweep.Report.Results, sweep.Plan.Spec.Repeats, len(sweep.Report.Summaries[0].Cells))")
	if !strings.Contains(got, "4 4 2 2") {
		t.Errorf("sweep variable: got %q, want 4, 4, 2, 2", got)
	}
	// A plot of its curves builds in a later cell.
	got, _ = run(t, e, "p, err := sweep.Curves(\"loglik\", []string{\"k\"}, 0.25)\nerr == nil && p != nil")
	if got != "true" {
		t.Errorf("sweep.Curves in a cell: %q", got)
	}
	// Running again runs nothing and sets the variable (of the same type)
	// again, here under another name too.
	_, rec = run(t, e, "%%sweep -out "+dir+" -var again\n"+tinySweep)
	if out := rec.stream("stdout"); !strings.Contains(out, "4 skipped") {
		t.Errorf("rerun: stdout %q, want 4 skipped", out)
	}
	if got, _ := run(t, e, "len(again.Results) + len(sweep.Results)"); got != "8" {
		t.Errorf("after the rerun: %q, want 8", got)
	}
}

// TestSweepMagicOtherPlan: a %%sweep cell whose sweep changed a level is
// refused in the folder of the old plan, running nothing; with -replace it
// runs, and the variable and the report hold only the new plan's results
// (the review found 12 results for a 6-run plan).
func TestSweepMagicOtherPlan(t *testing.T) {
	e := newExec(t)
	dir := filepath.Join(t.TempDir(), "tiny")
	run(t, e, "%%sweep -out "+dir+" -workers 2\n"+tinySweep)
	changed := strings.Replace(tinySweep, "axis k = [1, 2]", "axis k = [1, 3]", 1)
	ee, _ := fail(t, e, context.Background(), "%%sweep -out "+dir+" -workers 2\n"+changed)
	if ee.Name != "SweepError" || !strings.Contains(ee.Value, "axis k: levels 2 removed, 3 added") || !strings.Contains(ee.Value, "-replace") {
		t.Errorf("changed plan: %s: %s", ee.Name, ee.Value)
	}
	if n := countResults(t, dir); n != 4 {
		t.Errorf("%d results after the refusal, want the 4 of the first plan", n)
	}
	_, rec := run(t, e, "%%sweep -replace -out "+dir+" -workers 2\n"+changed)
	if out := rec.stream("stdout"); !strings.Contains(out, "moved 2 results") || !strings.Contains(out, "2 skipped (already done), 2 run") {
		t.Errorf("-replace: stdout %q", out)
	}
	if got, _ := run(t, e, "fmt.Sprint(len(sweep.Results), sweep.Report.Results, sweep.Report.Other)"); got != `"4 4 0"` {
		t.Errorf("after -replace: %q, want 4 results of the new plan", got)
	}
}

func TestSweepMagicDefaultDir(t *testing.T) {
	if got := sweepDir("flip-the-state table 1"); got != filepath.Join("sweeps", "flip-the-state-table-1") {
		t.Errorf("sweepDir = %q", got)
	}
	if got := sweepDir(" /../ "); got != filepath.Join("sweeps", "sweep") {
		t.Errorf("sweepDir of only punctuation = %q, want sweeps/sweep", got)
	}
}

func TestSweepMagicErrors(t *testing.T) {
	e := newExec(t)
	// Line 1 is the magic, so the sweep file's line 4 is the cell's line 5.
	code := "%%sweep -out " + t.TempDir() + "\nseed 1\nupdates 10\ndata bars_stripes(size = 3)\nmodel binary(hiden = 4)\n"
	ee, _ := fail(t, e, context.Background(), code)
	if ee.Name != "SweepError" {
		t.Errorf("Name = %q, want SweepError", ee.Name)
	}
	tb := strings.Join(ee.Traceback, "\n")
	if !strings.Contains(tb, "5:14: unknown parameter hiden of model binary") || !strings.Contains(tb, "5:1: missing parameter hidden") {
		t.Errorf("traceback %q lacks the errors at 5:1 and 5:14", tb)
	}
	ee, _ = fail(t, e, context.Background(), "%%sweep -bogus\nseed 1\n")
	if ee.Name != "SweepError" || !strings.Contains(ee.Value, "bogus") {
		t.Errorf("bad flag: %s: %s", ee.Name, ee.Value)
	}
	ee, _ = fail(t, e, context.Background(), "%%sweep -var 1x\nseed 1\n")
	if !strings.Contains(ee.Value, "not a Go identifier") {
		t.Errorf("bad -var: %s", ee.Value)
	}
	ee, _ = fail(t, e, context.Background(), "%%timeit\n1+1\n")
	if ee.Name != "UsageError" {
		t.Errorf("unknown magic: %s: %s", ee.Name, ee.Value)
	}
	// The session still works.
	if got, _ := run(t, e, "1 + 1"); got != "2" {
		t.Errorf("after the errors: %q", got)
	}
}

// cancelOnDisplay is a Publisher that cancels a context at its first
// display whose text contains want (the first update of the progress bar,
// published after the first run is written).
type cancelOnDisplay struct {
	recorder
	want   string
	once   sync.Once
	cancel context.CancelFunc
}

func (c *cancelOnDisplay) Publish(b display.Bundle) {
	c.recorder.Publish(b)
	if s, _ := b.Data["text/plain"].(string); strings.Contains(s, c.want) {
		c.once.Do(c.cancel)
	}
}

func TestSweepMagicInterruptAndResume(t *testing.T) {
	e := newExec(t)
	dir := filepath.Join(t.TempDir(), "tiny")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pub := &cancelOnDisplay{want: "tiny cd", cancel: cancel}
	// One worker. The progress display that cancels comes after the first
	// result is stored; by then the worker has started the second run,
	// which is either cancelled (not stored) or had already finished
	// (stored): one or two of the four results exist, never all.
	_, err := e.Execute(ctx, "%%sweep -workers 1 -out "+dir+"\n"+tinySweep, pub)
	ee, ok := err.(*kernel.ExecError)
	if !ok || ee.Name != "Interrupted" {
		t.Fatalf("interrupted sweep: %v, want an Interrupted ExecError", err)
	}
	n := countResults(t, dir)
	if n < 1 || n > 2 {
		t.Fatalf("%d results after the interrupt, want 1 or 2", n)
	}
	if got, _ := run(t, e, "fmt.Sprint(len(sweep.Results), sweep.Report.Missing)"); !strings.Contains(got, fmt.Sprintf("%d %d", n, 4-n)) {
		t.Errorf("after the interrupt: %q, want %d, %d", got, n, 4-n)
	}
	_, rec := run(t, e, "%%sweep -out "+dir+"\n"+tinySweep)
	if out, want := rec.stream("stdout"), fmt.Sprintf("%d skipped (already done), %d run, 0 failed", n, 4-n); !strings.Contains(out, want) {
		t.Errorf("resumed: stdout %q, want %q", out, want)
	}
	if n := countResults(t, dir); n != 4 {
		t.Errorf("%d results after resuming, want 4", n)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

func TestSweepMagicIsComplete(t *testing.T) {
	e := newExec(t)
	// A sweep file is not Go: "data bars_stripes(size = 3" would be an
	// incomplete Go expression, but a %%sweep cell is always complete.
	for _, code := range []string{"%%sweep\nseed 1\ndata bars_stripes(size = 3", "%%sweep -workers 2\n" + tinySweep} {
		if status, _ := e.IsComplete(code); status != "complete" {
			t.Errorf("IsComplete(%q) = %q, want complete", code, status)
		}
	}
}

// TestSweepMagicSet: -set overrides in the magic line change the plan as
// the command line's do (dsl.CompileWith), repeatable, with a quoted value
// holding spaces.
func TestSweepMagicSet(t *testing.T) {
	e := newExec(t)
	dir := filepath.Join(t.TempDir(), "set")
	run(t, e, "%%sweep -out "+dir+` -set "k=[2, 3]" -set repeat=1 -set learner.rate=0.05 -workers 1`+"\n"+tinySweep)
	if n := countResults(t, dir); n != 2 {
		t.Errorf("%d results, want 2 (k = 2, 3; one repeat)", n)
	}
	got, _ := run(t, e, "fmt.Sprint(len(sweep.Results), sweep.Plan.Spec.Axes[0].Values, sweep.Plan.Jobs[1].Config.Learner.Params[\"rate\"])")
	if got != `"2 [2 3] 0.05"` {
		t.Errorf("plan after the overrides: %s, want \"2 [2 3] 0.05\"", got)
	}
	// The results record the magic line as their command, the quoted
	// value as one argument.
	got, _ = run(t, e, "fmt.Sprintf(\"%q\", sweep.Results[0].Command[3:5])")
	if got != `"[\"-set\" \"k=[2, 3]\"]"` {
		t.Errorf("recorded command %s", got)
	}
}

// TestSweepMagicSetErrors: a bad override fails the cell with a SweepError
// that names the override, before anything runs.
func TestSweepMagicSetErrors(t *testing.T) {
	e := newExec(t)
	dir := filepath.Join(t.TempDir(), "bad")
	for _, c := range []struct{ flags, want string }{
		{"-set hiden=3", "-set hiden=3: unknown parameter hiden: no setting, axis, component or measurement of this sweep has it (did you mean hidden?)"},
		{"-set learner.rat=1", "-set learner.rat=1: unknown parameter rat of learner cd (did you mean rate?)"},
		{`-set "k=[1,"`, "-set k:1:4: expected ']', found end of file"},
		{"-set learner.rate=fast", "-set learner.rate:1:1: parameter rate wants float, found name fast"},
		{"-set rate", `%%sweep: invalid value "rate" for flag -set: want NAME=VALUE, e.g. -set rate=0.1, found "rate"`},
		{`-set "k=[1, 2]`, `%%sweep: unclosed " in the flags "-out ` + dir + ` -set \"k=[1, 2]"`},
	} {
		ee, _ := fail(t, e, context.Background(), "%%sweep -out "+dir+" "+c.flags+"\n"+tinySweep)
		if ee.Name != "SweepError" || !strings.HasPrefix(ee.Value, c.want) {
			t.Errorf("%s:\n got %s: %s\nwant SweepError: %s", c.flags, ee.Name, ee.Value, c.want)
		}
	}
	if n := countResults(t, dir); n != 0 {
		t.Errorf("%d runs ran after bad overrides", n)
	}
}

// TestSweepMagicASHA: a %%sweep cell with an asha rule, run on one worker,
// stops runs without failing the cell, and its summary line, report and
// variable say how many.
func TestSweepMagicASHA(t *testing.T) {
	e := newExec(t)
	dir := filepath.Join(t.TempDir(), "asha")
	_, rec := run(t, e, "%%sweep -workers 1 -out "+dir+" -set \"k=[1, 2, 3, 4]\"\n"+tinySweep+"asha on loglik from 10 eta 2\n")
	got, _ := run(t, e, "n := 0\nfor _, r := range sweep.Results { if r.Stopped != nil { n++ } }\nfmt.Sprint(len(sweep.Results), n, sweep.Summary.Stopped, sweep.Report.Stopped)")
	var total, n, sumN, repN int
	if _, err := fmt.Sscanf(strings.Trim(got, `"`), "%d %d %d %d", &total, &n, &sumN, &repN); err != nil {
		t.Fatalf("variable: %q: %v", got, err)
	}
	// The runs are deterministic (fixed seeds) and go in plan order: none
	// would stop only if each were ahead of every earlier run at every
	// rung, and the first never stops at rung 10, where it is alone.
	if total != 8 || n == 0 || n >= 8 || sumN != n || repN != n {
		t.Errorf("results %d, stopped %d (summary %d, report %d); want 8 results, some but not all stopped", total, n, sumN, repN)
	}
	if out := rec.stream("stdout"); !strings.Contains(out, fmt.Sprintf("(%d of them stopped early by asha)", n)) {
		t.Errorf("stdout %q does not count the stopped runs", out)
	}
	if _, md := rec.displays(); len(md) != 1 || !strings.Contains(md[0], fmt.Sprintf("%d stopped early by asha", n)) {
		t.Errorf("report %q does not count the stopped runs", md)
	}
}

// TestSweepLibraryInCells checks that a cell's dsl.Library() and
// dsl.RunLibrary, which notebooks call, are the library's (dsl/library
// binds itself to dsl when the executor's package imports it): the
// registry has the gaussian model, and a run trains.
func TestSweepLibraryInCells(t *testing.T) {
	e := newExec(t)
	run(t, e, `import "github.com/rbm-kernel/rbm-kernel/dsl"`)
	if got, _ := run(t, e, `dsl.Library().Names(dsl.KindModel)`); got != "[binary gaussian]" {
		t.Errorf("dsl.Library() models = %s, want [binary gaussian]", got)
	}
	src := "seed 1\nupdates 10\ndata bars_stripes(size = 2)\nmodel gaussian(hidden = 2)\nlearner mcd\nmeasure loglik\n"
	code := "spec, _ := dsl.Compile(\"c.sweep\", []byte(" + strconv.Quote(src) + "), dsl.Library())\n" +
		"plan, _ := dsl.NewPlan(spec)\npts, err := dsl.RunLibrary(context.Background(), plan.Jobs[0])\n"
	run(t, e, `import "context"`)
	run(t, e, code)
	if got, _ := run(t, e, `fmt.Sprint(len(pts), err)`); got != `"1 <nil>"` {
		t.Errorf("dsl.RunLibrary in a cell: %s, want 1 point and no error", got)
	}
}
