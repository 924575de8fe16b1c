package library_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// libPlan compiles src against the library's registry and plans it.
func libPlan(t testing.TB, src string) *dsl.Plan {
	t.Helper()
	return planWith(t, src, library.Registry())
}

// uncheckedPlan is libPlan against the library without its parameter
// bounds (Param.Check): a plan whose jobs carry values that the checker
// refuses, as a job read back from an old result file may, to test that
// RunLibrary refuses them too.
func uncheckedPlan(t testing.TB, src string) *dsl.Plan {
	t.Helper()
	reg := library.Registry()
	for _, k := range []dsl.Kind{dsl.KindDataset, dsl.KindModel, dsl.KindSampler, dsl.KindLearner, dsl.KindMeasure} {
		for _, name := range reg.Names(k) {
			e, _ := reg.Lookup(k, name)
			for i := range e.Params {
				e.Params[i].Check = nil
			}
		}
	}
	return planWith(t, src, reg)
}

func planWith(t testing.TB, src string, reg dsl.Registry) *dsl.Plan {
	t.Helper()
	spec, err := dsl.Compile("lib.sweep", []byte(src), reg)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	p, err := dsl.NewPlan(spec)
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return p
}

// TestLibraryRegistry checks the registry: the names a sweep file can use
// exist with their parameters, every entry and parameter is documented,
// each call returns an independent registry, and Describe lists all.
func TestLibraryRegistry(t *testing.T) {
	r := library.Registry()
	// The names that the docs, the notebooks and the default sampler
	// (gibbs, gibbs_langevin) rely on; every entry of the registry is checked
	// below, so a new one needs no line here.
	want := map[dsl.Kind][]string{
		dsl.KindDataset: {"bars_stripes", "mnist"},
		dsl.KindModel:   {"binary", "gaussian"},
		dsl.KindSampler: {"gibbs", "gibbs_langevin"},
		dsl.KindLearner: {"cd", "pcd", "mcd"},
		dsl.KindMeasure: {"loglik"},
	}
	desc := r.Describe()
	for _, k := range []dsl.Kind{dsl.KindDataset, dsl.KindModel, dsl.KindSampler, dsl.KindLearner, dsl.KindMeasure} {
		names := r.Names(k)
		for _, n := range want[k] {
			if _, ok := r.Lookup(k, n); !ok {
				t.Errorf("no %s %s; have %v", k, n, names)
			}
		}
		for _, n := range names {
			e, _ := r.Lookup(k, n)
			if e.Doc == "" {
				t.Errorf("%s %s has no doc", k, n)
			}
			for _, p := range e.Params {
				if p.Doc == "" {
					t.Errorf("%s %s: parameter %s has no doc", k, n, p.Name)
				}
				// A number's bounds are checked before anything runs
				// (Param.Check); mcd's clip takes any value (< 0: off).
				if (p.Type == dsl.TypeInt || p.Type == dsl.TypeFloat) && p.Check == nil && n+"."+p.Name != "mcd.clip" {
					t.Errorf("%s %s: parameter %s has no bounds (Param.Check)", k, n, p.Name)
				}
			}
			if !strings.Contains(desc, string(k)+" "+n+": ") {
				t.Errorf("Describe does not list %s %s", k, n)
			}
		}
	}
	for _, l := range r.Names(dsl.KindLearner) {
		e, _ := r.Lookup(dsl.KindLearner, l)
		for _, p := range []string{"k", "rate", "batch", "momentum", "decay", "schedule", "rate_end"} {
			if e.Param(p) == nil {
				t.Errorf("learner %s has no parameter %s", l, p)
			}
		}
	}
	if e, _ := r.Lookup(dsl.KindModel, "binary"); e.Param("hidden") == nil || e.Param("hidden").Default != nil {
		t.Error("model binary: hidden should be a required parameter")
	}
	if !regexpLine(desc, "hidden", "required") {
		t.Errorf("Describe does not mark hidden as required:\n%s", desc)
	}
	// A registry is the caller's: adding to one leaves the next alone.
	if err := r.Add(&dsl.Entry{Kind: dsl.KindSampler, Name: "mine"}); err != nil {
		t.Fatal(err)
	}
	if _, ok := library.Registry().Lookup(dsl.KindSampler, "mine"); ok {
		t.Error("Library returns a shared registry")
	}
}

// regexpLine reports whether a line of text holds both words.
func regexpLine(text, a, b string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, a) && strings.Contains(l, b) {
			return true
		}
	}
	return false
}

const detSweep = `seed 7
repeat 2
updates 60
data bars_stripes(size = 3)
model binary(hidden = 4)
axis learner = [cd, pcd]
learner $learner(k = 2, rate = 0.1, batch = 5, momentum = 0.5)
measure loglik every 20
measure recon
`

// TestRunLibraryDeterministic runs every job of a plan twice: the same job
// gives the same points, bit for bit; runs with another seed give other
// points.
func TestRunLibraryDeterministic(t *testing.T) {
	p := libPlan(t, detSweep)
	first := map[uint64][]dsl.Point{}
	for _, j := range p.Jobs {
		a, err := library.Run(context.Background(), j)
		if err != nil {
			t.Fatalf("run %d: %v", j.Index, err)
		}
		b, err := library.Run(context.Background(), j)
		if err != nil {
			t.Fatalf("run %d again: %v", j.Index, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("run %d: two executions differ:\n%v\n%v", j.Index, a, b)
		}
		if len(a) != 4 {
			t.Fatalf("run %d: %d points, want 4 (loglik at 20, 40, 60, recon at 60): %v", j.Index, len(a), a)
		}
		for _, q := range first {
			if reflect.DeepEqual(q, a) {
				t.Errorf("run %d repeats the points of another run", j.Index)
			}
		}
		first[j.Seed] = a
	}
}

// TestRunLibrarySchedule checks when each measurement is taken: loglik at
// every multiple of 50, recon at every multiple of 30 (not at 200), and a
// measurement without every once, after the last update.
func TestRunLibrarySchedule(t *testing.T) {
	p := libPlan(t, `seed 1
updates 200
data shifting_bar(n = 6, b = 2)
model binary(hidden = 3, base_rate = true)
learner pcd(chains = 7, schedule = cosine, rate_end = 0.01)
sampler gibbs
measure loglik every 50
measure recon every 30
`)
	pts, err := library.Run(context.Background(), p.Jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	steps := map[string][]int{}
	for _, q := range pts {
		steps[q.Measure] = append(steps[q.Measure], q.Step)
		if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
			t.Errorf("%s at %d = %v", q.Measure, q.Step, q.Value)
		}
	}
	want := map[string][]int{
		"loglik": {50, 100, 150, 200},
		"recon":  {30, 60, 90, 120, 150, 180},
	}
	if !reflect.DeepEqual(steps, want) {
		t.Errorf("steps %v, want %v", steps, want)
	}

	p = libPlan(t, strings.Replace(detSweep, "measure loglik every 20\n", "", 1))
	pts, err = library.Run(context.Background(), p.Jobs[0])
	if err != nil || len(pts) != 1 || pts[0].Measure != "recon" || pts[0].Step != 60 {
		t.Errorf("measure without every: %v, %v; want recon at 60 only", pts, err)
	}
}

// TestRunLibraryErrors checks that bad configurations fail with an error
// naming the run, the part and the parameter, and that cancellation stops
// a run with an error wrapping context.Canceled.
func TestRunLibraryErrors(t *testing.T) {
	cases := []struct{ learner, want string }{
		{"cd(k = 0)", "parameter k = 0"},
		{"cd(rate = 0)", "parameter rate = 0"},
		{"pcd(chains = -1)", "chains = -1"},
		{"cd(momentum = 1)", "momentum 1 is not in [0, 1)"},
		{"pt(temps = 1)", "parameter temps = 1"},
		{"sdcp(d = 0)", "parameter d = 0"},
		{"fpcd(fast_decay = 0)", "parameter fast_decay = 0"},
	}
	for _, c := range cases {
		src := strings.Replace(detSweep, "axis learner = [cd, pcd]\nlearner $learner(k = 2, rate = 0.1, batch = 5, momentum = 0.5)", "learner "+c.learner, 1)
		p := uncheckedPlan(t, src)
		_, err := library.Run(context.Background(), p.Jobs[0])
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "run 0 (key "+p.Jobs[0].Key+")") {
			t.Errorf("learner %s: err = %v, want it to name the run and %q", c.learner, err, c.want)
		}
	}
	for _, c := range []struct{ sampler, want string }{
		{"flip(alpha = 2)", "alpha must be in [0, 1]"},
		{"tempered(base = tempered)", "cannot be tempered"},
		{"tempered(temps = 1)", "need at least 2 temperatures"},
		{"tempered(base = flip, alpha = -1)", "sampler flip: mcmc: NewFlip: alpha must be in [0, 1]"},
	} {
		p := uncheckedPlan(t, detSweep+"sampler "+c.sampler+"\n")
		if _, err := library.Run(context.Background(), p.Jobs[0]); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sampler %s: err = %v, want %q", c.sampler, err, c.want)
		}
	}
	// A data set too large for the exact log-likelihood.
	p := libPlan(t, `seed 1
updates 5
data shifting_bar(n = 40, b = 3)
model binary(hidden = 40)
learner cd
measure loglik every 5
`)
	if _, err := library.Run(context.Background(), p.Jobs[0]); err == nil || !strings.Contains(err.Error(), "measure loglik at update 5") {
		t.Errorf("loglik of a 40×40 model: err = %v", err)
	}

	p = libPlan(t, detSweep)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := library.Run(ctx, p.Jobs[0]); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: err = %v, want context.Canceled", err)
	}
	if _, err := library.Run(context.Background(), nil); err == nil {
		t.Error("nil job accepted")
	}
	j := *p.Jobs[0]
	j.Config.Learner = nil
	if _, err := library.Run(context.Background(), &j); err == nil || !strings.Contains(err.Error(), "no learner") {
		t.Errorf("job without learner: %v", err)
	}
	j = *p.Jobs[0]
	j.Config.Data.Name = "bars_stripe"
	if _, err := library.Run(context.Background(), &j); err == nil || !strings.Contains(err.Error(), "did you mean bars_stripes?") {
		t.Errorf("job with an unknown data set: %v", err)
	}
}

// TestEveryLearnerAndSampler trains with every learner and every sampler
// of the library (7 × 3 short runs, paired by their seed): each run gives
// finite log-likelihoods at or below the best possible −ln 14, and is
// deterministic. With d = 1, S-DCP is CD-k and CS-DCP is the centered
// gradient (the same numbers), so those runs of one sampler must agree
// exactly, and no other two runs may.
func TestEveryLearnerAndSampler(t *testing.T) {
	r := library.Registry()
	src := fmt.Sprintf(`seed 3
updates 30
data bars_stripes(size = 3)
model binary(hidden = 4, init_sd = 0.3)
axis learner = [%s]
axis sampler = [%s]
learner $learner(k = 2, rate = 0.3, temps = 3)
sampler $sampler(temps = 3, alpha = 0.5)
measure loglik every 10
compare learner cd vs sdcp on final loglik by sampler
`, strings.Join(binaryNames(r, dsl.KindLearner), ", "), strings.Join(binaryNames(r, dsl.KindSampler), ", "))
	p := libPlan(t, src)
	best := -math.Log(14)
	got := map[string][]dsl.Point{}
	for _, j := range p.Jobs {
		l, _ := j.Value("learner")
		s, _ := j.Value("sampler")
		name := fmt.Sprintf("%v/%v", l, s)
		pts, err := library.Run(context.Background(), j)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		again, _ := library.Run(context.Background(), j)
		if !reflect.DeepEqual(pts, again) {
			t.Errorf("%s: not deterministic", name)
		}
		if len(pts) != 3 {
			t.Errorf("%s: %d points, want 3", name, len(pts))
		}
		for _, q := range pts {
			if !(q.Value <= best) || math.IsInf(q.Value, 0) {
				t.Errorf("%s: loglik %v at %d, want finite and ≤ %v", name, q.Value, q.Step, best)
			}
		}
		got[name] = pts
	}
	same := map[string]string{"sdcp": "cd", "csdcp": "centered"} // at d = 1
	class := func(name string) string {
		l, s, _ := strings.Cut(name, "/")
		if c, ok := same[l]; ok {
			l = c
		}
		return l + "/" + s
	}
	for a, pa := range got {
		for b, pb := range got {
			if a >= b {
				continue
			}
			if eq, want := reflect.DeepEqual(pa, pb), class(a) == class(b); eq != want {
				t.Errorf("%s and %s: same points %v, want %v", a, b, eq, want)
			}
		}
	}
}

// TestAISMeasure compares the AIS estimate with the exact log-likelihood
// on a model small enough for both (Bars and Stripes 3×3, 4 hidden units).
// With M = 100 chains and K = 1000 distributions the AIS estimate of ln Z
// of so small a model is off by a few thousandths (observed here: below
// 0.005 at both steps; its standard error is the spread of the log
// importance weights over √M); a tolerance of 0.05, ten times that, fails
// when the measure is wired wrongly (another data set, model or sign),
// which moves the value by tenths or more.
func TestAISMeasure(t *testing.T) {
	p := libPlan(t, `seed 4
updates 200
data bars_stripes(size = 3)
model binary(hidden = 4, init_sd = 0.3)
learner cd(k = 1, rate = 0.5)
measure loglik every 100
measure ais(chains = 100, steps = 1000) every 100
`)
	checkAgainstExact(t, p.Jobs[0], "ais", 2, 0.05)
}

// cdSweep is the sweep of the brief: Bars and Stripes 3×3 (9 visible
// units), 4 hidden units, CD-1 against CD-5, 3 repeats of 200 updates.
// Weights start at sd 0.3 and the rate is 0.5 so that 200 batch updates
// get off the plateau near the uniform model (at sd 0.01 and rate 0.1 the
// log-likelihood moves by less than 0.01 nats in 200 updates).
const cdSweep = `sweep "cd-k on bars and stripes"
seed 2017
repeat 3
updates 200
data bars_stripes(size = 3)
model binary(hidden = 4, init_sd = 0.3)
axis k = [1, 5]
learner cd(k = $k, rate = 0.5)
measure loglik every 50
measure recon every 100
summary median, n of max loglik by k
compare k 5 vs 1 on max loglik
`

// TestLibrarySweep plans and runs a small real sweep on 2 workers into a
// temporary folder and makes its report and paired comparison.
func TestLibrarySweep(t *testing.T) {
	p := libPlan(t, cdSweep)
	if len(p.Jobs) != 6 {
		t.Fatalf("%d runs, want 6", len(p.Jobs))
	}
	dir := t.TempDir()
	st, err := dsl.OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := dsl.Run(context.Background(), p, st, library.Run, &dsl.Options{Workers: 2, Version: "test"})
	if err != nil || sum.Done != 6 || sum.Failed != 0 {
		t.Fatalf("run: %v, %v", sum, err)
	}
	res, err := dsl.LoadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Bounds on the mean log-likelihood of the 14 distinct patterns:
	// no model exceeds the empirical distribution's −ln 14 ≈ −2.64, and
	// the training must get well above the uniform model's −9 ln 2 ≈ −6.24
	// (it reaches about −5.6; the runs are deterministic, so the margin of
	// 0.3 nats is not statistical) and rise from update 50 to 200.
	best, uniform := -math.Log(14), -9*math.Ln2
	for _, r := range res {
		_, ll := r.Series("loglik")
		_, rec := r.Series("recon")
		if len(ll) != 4 || len(rec) != 2 {
			t.Fatalf("run %d: %d loglik and %d recon points, want 4 and 2", r.Index, len(ll), len(rec))
		}
		for _, v := range ll {
			if v > best+1e-12 {
				t.Errorf("run %d: loglik %v above the best possible %v", r.Index, v, best)
			}
		}
		if m, _ := dsl.Reduce(r, "loglik", "max"); m < uniform+0.3 {
			t.Errorf("run %d: max loglik %v, want above %v", r.Index, m, uniform+0.3)
		}
		if ll[3] <= ll[0] {
			t.Errorf("run %d: loglik fell from %v at update 50 to %v at 200", r.Index, ll[0], ll[3])
		}
	}
	rep, err := dsl.NewReport(p, res)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Results != 6 || rep.Failed != 0 || rep.Missing != 0 {
		t.Errorf("report counts %d results, %d failed, %d missing", rep.Results, rep.Failed, rep.Missing)
	}
	if len(rep.Summaries) != 1 || len(rep.Summaries[0].Cells) != 2 || rep.Summaries[0].Cells[0].N != 3 {
		t.Errorf("summary: %+v", rep.Summaries)
	}
	if len(rep.Comparisons) != 1 || len(rep.Comparisons[0].Cells) != 1 {
		t.Fatalf("comparisons: %+v", rep.Comparisons)
	}
	c := rep.Comparisons[0].Cells[0]
	if c.Pairs != 3 || c.Err != "" || !(c.Test.P > 0 && c.Test.P <= 1) {
		t.Errorf("comparison k 5 vs 1: %+v", c)
	}
	if txt := rep.Text(); !strings.Contains(txt, "6 results, 0 failed, 0 missing") {
		t.Errorf("report:\n%s", txt)
	}
	t.Logf("\n%s", rep.Text())
}

// TestExampleSweeps compiles and plans every sweep file of
// examples/sweeps against the library's registry.
func TestExampleSweeps(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "sweeps", "*.sweep"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no sweep files in examples/sweeps")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := dsl.Compile(f, src, library.Registry())
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		p, err := dsl.NewPlan(spec)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if len(p.Jobs) == 0 || len(spec.Measures) == 0 {
			t.Errorf("%s: %d runs, %d measures", f, len(p.Jobs), len(spec.Measures))
		}
	}
}

// Library lists what a sweep file can name.
func ExampleRegistry() {
	r := library.Registry()
	_, ok := r.Lookup(dsl.KindSampler, "gibbs")
	fmt.Println("sampler gibbs:", ok)
	e, _ := r.Lookup(dsl.KindLearner, "cd")
	fmt.Println(e.Name, e.Models, e.Param("k").Default, e.Param("rate").Default)
	fmt.Println("k = 0:", e.Param("k").Check(0))
	// Output:
	// sampler gibbs: true
	// cd [binary] 1 0.1
	// k = 0: want at least 1
}

// RunLibrary trains what a run of a sweep describes.
func ExampleRun() {
	src := `seed 3
updates 100
data bars_stripes(size = 2)
model binary(hidden = 3)
learner cd(k = 1, rate = 0.5)
measure loglik every 50
`
	spec, err := dsl.Compile("tiny.sweep", []byte(src), library.Registry())
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := dsl.NewPlan(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	pts, err := library.Run(context.Background(), plan.Jobs[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range pts {
		fmt.Println(p.Measure, p.Step, p.Value < 0)
	}
	// Output:
	// loglik 50 true
	// loglik 100 true
}

// BenchmarkRunLibrary times one run of the S-DCP paper's small setting:
// Bars and Stripes 3×3, 4 hidden units, full-batch CD-12, 1000 updates,
// the exact log-likelihood every 100 updates (10 measurements).
func BenchmarkRunLibrary(b *testing.B) {
	p := libPlan(b, `seed 1
updates 1000
data bars_stripes(size = 3)
model binary(hidden = 4, base_rate = true)
learner cd(k = 12, rate = 0.3)
measure loglik every 100
`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := library.Run(context.Background(), p.Jobs[0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/update")
}

// BenchmarkSweepThroughput runs a sweep of 200 short real runs, each the
// S-DCP paper's small setting cut to 1000 updates (Bars and Stripes 3×3,
// 4 hidden units, full-batch CD-12, the exact log-likelihood every 100
// updates; about 0.1 s a run), three ways: "direct" calls RunLibrary on every
// job in a loop with no runner and no result files, the lower bound of the
// work; "workers=1" and "workers=2" go through dsl.Run with a result store.
// The speed-up is workers=1 over workers=2 (compare them in one `go test
// -bench` run); the runner's overhead is reported as overhead-%, measured
// inside each sweep (workers=1 over direct minus one gives the same figure,
// but as the difference of two noisy timings taken minutes apart).
func BenchmarkSweepThroughput(b *testing.B) {
	p := libPlan(b, `seed 1
repeat 200
updates 1000
data bars_stripes(size = 3)
model binary(hidden = 4, base_rate = true)
learner cd(k = 12, rate = 0.3)
measure loglik every 100
`)
	if len(p.Jobs) != 200 {
		b.Fatalf("plan has %d runs, want 200", len(p.Jobs))
	}
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			for _, j := range p.Jobs {
				if _, err := library.Run(context.Background(), j); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			var wall, work time.Duration
			for b.Loop() {
				b.StopTimer()
				st, err := dsl.OpenStore(b.TempDir())
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				t0 := time.Now()
				if _, err := dsl.Run(context.Background(), p, st, library.Run, &dsl.Options{Workers: w, Version: "bench"}); err != nil {
					b.Fatal(err)
				}
				wall += time.Since(t0)
				b.StopTimer()
				res, err := st.Load()
				if err != nil || len(res) != len(p.Jobs) {
					b.Fatalf("%d results, %v; want %d", len(res), err, len(p.Jobs))
				}
				for _, r := range res {
					work += time.Duration(r.Seconds * float64(time.Second))
				}
				b.StartTimer()
			}
			// overhead-%: the worker time not spent inside the runs
			// (w·wall − Σ run seconds) over Σ run seconds, measured within
			// the same sweep, so machine load slows both sides alike. On 2
			// workers it includes the idle tail while the last run ends.
			b.ReportMetric(100*(float64(w)*wall.Seconds()-work.Seconds())/work.Seconds(), "overhead-%")
			b.ReportMetric(work.Seconds()/float64(b.N*len(p.Jobs))*1000, "ms/run")
		})
	}
}

// checkAgainstExact runs job, which measures loglik and measure at the
// same steps, and checks that measure gave points values, each negative
// and within tol of the exact log-likelihood at its step.
func checkAgainstExact(t *testing.T, job *dsl.Job, measure string, points int, tol float64) {
	t.Helper()
	pts, err := library.Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	exact := map[int]float64{}
	for _, q := range pts {
		if q.Measure == "loglik" {
			exact[q.Step] = q.Value
		}
	}
	n := 0
	for _, q := range pts {
		if q.Measure != measure {
			continue
		}
		n++
		t.Logf("step %d: %s %v, exact %v", q.Step, measure, q.Value, exact[q.Step])
		if d := math.Abs(q.Value - exact[q.Step]); !(q.Value < 0) || d > tol {
			t.Errorf("step %d: %s %v, exact %v: want negative and within %v", q.Step, measure, q.Value, exact[q.Step], tol)
		}
	}
	if n != points {
		t.Errorf("%d %s points, want %d", n, measure, points)
	}
}

// binaryNames returns the names of the entries of a kind that work on
// binary models.
func binaryNames(r dsl.Registry, kind dsl.Kind) []string {
	var out []string
	for _, n := range r.Names(kind) {
		if e, _ := r.Lookup(kind, n); e.Models == nil || slices.Contains(e.Models, "binary") {
			out = append(out, n)
		}
	}
	return out
}

// TestRunLibraryPrecision checks the binary model's precision parameter:
// a float32 run trains to finite log-likelihoods
// and differs from the float64 run of the same seeds, so the precision
// reached the model.
func TestRunLibraryPrecision(t *testing.T) {
	last := map[string]float64{}
	for _, prec := range []string{"float64", "float32"} {
		p := libPlan(t, `seed 1
updates 200
data shifting_bar(n = 6, b = 2)
model binary(hidden = 3, precision = `+prec+`)
learner cd(rate = 0.1)
sampler gibbs
measure loglik every 100
`)
		pts, err := dsl.RunLibrary(context.Background(), p.Jobs[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(pts) != 2 {
			t.Fatalf("%s: %d measurements, want 2", prec, len(pts))
		}
		for _, q := range pts {
			if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) {
				t.Fatalf("%s: %s at %d = %v", prec, q.Measure, q.Step, q.Value)
			}
		}
		last[prec] = pts[1].Value
		t.Logf("%s: log-likelihood %.4f after 100, %.4f after 200 updates", prec, pts[0].Value, pts[1].Value)
	}
	if last["float64"] == last["float32"] {
		t.Error("float32 run gave the float64 result bit for bit")
	}
}
