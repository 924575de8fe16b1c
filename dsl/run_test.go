package dsl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// resumeSweep is a small sweep for the runner tests: 2 samplers × 3 rates
// × 4 repeats = 24 runs; the fake run fails for rate 0.5.
const resumeSweep = `seed 11
repeat 4
updates 1000
data bars_stripes
model binary(hidden = 4)
axis sampler = [gibbs, flip]
axis rate = [0.01, 0.1, 0.5]
learner cd(rate = $rate)
sampler $sampler
measure loglik every 100
summary median, n of max loglik by sampler
compare sampler flip vs gibbs on max loglik by rate
`

// comparable strips what differs between two executions of the same run:
// start time, duration and the program version.
func stripTiming(rs []*Result) []*Result {
	out := make([]*Result, len(rs))
	for i, r := range rs {
		c := *r
		c.Started, c.Seconds, c.Version, c.Command = time.Time{}, 0, "", nil
		out[i] = &c
	}
	return out
}

// TestRunAll runs a sweep on 2 workers and checks the store: one result per
// run, failures recorded with their error and partial points, and the
// summary counts.
func TestRunAll(t *testing.T) {
	p := mustPlan(t, resumeSweep)
	st, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	var last [3]int
	sum, err := Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		calls.Add(1)
		return fakeRun(ctx, j)
	}, &Options{Workers: 2, Version: "test", Progress: func(done, failed, total int, eta time.Duration) {
		last = [3]int{done, failed, total}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Total != 24 || sum.Done != 24 || sum.Failed != 8 || sum.Skipped != 0 || calls.Load() != 24 {
		t.Errorf("summary %+v after %d calls, want 24 done, 8 failed", sum, calls.Load())
	}
	if last != [3]int{24, 8, 24} {
		t.Errorf("last progress %v, want [24 8 24]", last)
	}
	if !strings.Contains(sum.String(), "FAILED") {
		t.Errorf("summary %q does not say that runs failed", sum)
	}
	all, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	res, _ := p.Select(all) // in plan order, with their index
	if len(res) != 24 {
		t.Fatalf("%d results, want 24", len(res))
	}
	for i, r := range res {
		if r.Index != i || r.Key != p.Jobs[i].Key || r.Seed != p.Jobs[i].Seed || r.Version != "test" {
			t.Errorf("result %d: index %d key %s seed %d version %q", i, r.Index, r.Key, r.Seed, r.Version)
		}
		rate, _ := r.Value("rate")
		if failed := r.Error != ""; failed != (rate == 0.5) {
			t.Errorf("result %d (rate %v) error %q", i, rate, r.Error)
		}
		if rate == 0.5 && len(r.Points) != 2 {
			t.Errorf("failed result %d kept %d points, want 2", i, len(r.Points))
		}
	}
	if m := st.Missing(p); len(m) != 0 {
		t.Errorf("%d missing after a full run", len(m))
	}
	// A second Run with NoRetry skips everything and says that failed runs
	// are kept.
	sum, err = Run(context.Background(), p, st, func(context.Context, *Job) ([]Point, error) {
		t.Error("a finished run was run again")
		return nil, nil
	}, &Options{NoRetry: true})
	if err != nil || sum.Skipped != 24 || sum.KeptFailed != 8 || sum.Done != 0 || !strings.Contains(sum.String(), "8 failed runs kept") {
		t.Errorf("rerun with NoRetry: %+v, %v", sum, err)
	}
	// A plain Run reruns only the failures, and says so.
	calls.Store(0)
	sum, err = Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		calls.Add(1)
		return fakeRun(ctx, j)
	}, &Options{Workers: 1})
	if err != nil || calls.Load() != 8 || sum.Skipped != 16 || sum.Retried != 8 || sum.Failed != 8 ||
		!strings.Contains(sum.String(), "8 run (8 of them failed before and ran again), 8 failed") {
		t.Errorf("retry: %d calls, %+v, %v; want 8 calls", calls.Load(), sum, err)
	}
	// Once fixed, a plain Run heals the folder.
	sum, err = Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		return []Point{{"loglik", 100, -1}}, nil
	}, &Options{Workers: 2})
	if err != nil || sum.Done != 8 || sum.Failed != 0 {
		t.Errorf("healing run: %+v, %v", sum, err)
	}
	if rs, _ := st.Load(); len(rs) != 24 || countFailed(rs) != 0 {
		t.Errorf("after healing: %d results, %d failed", len(rs), countFailed(rs))
	}
}

func countFailed(rs []*Result) int {
	n := 0
	for _, r := range rs {
		if r.Error != "" {
			n++
		}
	}
	return n
}

// TestRunPanicAndCancel checks that a panicking run is recorded as failed,
// and that after cancellation no new run starts and interrupted runs leave
// no result.
func TestRunPanicAndCancel(t *testing.T) {
	p := mustPlan(t, resumeSweep)
	st, _ := OpenStore(t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var started atomic.Int64
	sum, err := Run(ctx, p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		switch started.Add(1) {
		case 1:
			panic("boom")
		case 2:
			return []Point{{"loglik", 1, 1}}, nil
		}
		cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}, &Options{Workers: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	all, _ := st.Load()
	res, _ := p.Select(all)
	if len(res) != 2 || !strings.Contains(res[0].Error, "panic: boom") || res[1].Error != "" {
		t.Fatalf("results after cancel: %d, %+v", len(res), res)
	}
	if sum.Done != 2 || started.Load() != 3 {
		t.Errorf("done %d, started %d; want 2 and 3", sum.Done, started.Load())
	}
}

// TestShard checks that shards partition the plan and the environment
// defaults.
func TestShard(t *testing.T) {
	p := mustPlan(t, resumeSweep)
	seen := map[string]int{}
	for i := 0; i < 5; i++ {
		js, err := Shard{i, 5}.Jobs(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range js {
			if j.Index%5 != i {
				t.Errorf("shard %d/5 has run %d", i, j.Index)
			}
			seen[j.Key]++
		}
	}
	if len(seen) != len(p.Jobs) {
		t.Errorf("shards cover %d of %d runs", len(seen), len(p.Jobs))
	}
	if _, err := (Shard{5, 5}).Jobs(p); err == nil {
		t.Error("shard 5/5 accepted")
	}
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		env  func(string) string
		want Shard
		ok   bool
	}{
		{env(), Shard{}, true},
		{env("SWEEP_SHARD", "2/7", "SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "3"), Shard{2, 7}, true},
		{env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "3"), Shard{1, 3}, true},
		{env("SLURM_ARRAY_TASK_ID", "11", "SLURM_ARRAY_TASK_COUNT", "3", "SLURM_ARRAY_TASK_MIN", "10"), Shard{1, 3}, true},
		{env("JOB_COMPLETION_INDEX", "4", "SWEEP_SHARD_COUNT", "5"), Shard{4, 5}, true},
		{env("JOB_COMPLETION_INDEX", "4"), Shard{}, false},
		{env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "3"), Shard{}, false},
		{env("SWEEP_SHARD", "1-2"), Shard{}, false},
	} {
		got, err := ShardFromEnv(c.env)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ShardFromEnv: %v, %v; want %v ok=%v", got, err, c.want, c.ok)
		}
	}
}

const childEnv = "DSL_TEST_RESUME_CHILD"

// TestResumeChild is not a test: it is the sweep process that
// TestResumeAfterKill starts and kills. Runs 0–6 finish; later runs hang
// until the process is killed, as a long run would.
func TestResumeChild(t *testing.T) {
	dir := os.Getenv(childEnv)
	if dir == "" {
		t.Skip("helper process for TestResumeAfterKill")
	}
	p := mustPlan(t, resumeSweep)
	st, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		if j.Index >= 7 {
			select {} // hang until killed
		}
		return fakeRun(ctx, j)
	}, &Options{Workers: 2, Progress: func(done, failed, total int, eta time.Duration) {
		mu.Lock()
		fmt.Printf("done %d\n", done)
		mu.Unlock()
	}})
}

// TestResumeAfterKill starts a sweep in a child process, SIGKILLs it once
// it has written 7 results (it reports each on stdout; no sleeps), starts
// the sweep again and checks that only the missing and the failed runs
// ran, every run has exactly one result, and the results equal those of an
// uninterrupted sweep. The killed child held the runs it was running
// (<key>.lock): that they run again shows the operating system released
// its claims when it died.
func TestResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestResumeChild$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	reached := false
	for sc.Scan() {
		if sc.Text() == "done 7" {
			reached = true
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if !reached {
		t.Fatal("child ended before writing 7 results")
	}
	files, _ := resultFiles(dir) // every *.json but the plan record
	if len(files) != 7 {
		t.Fatalf("%d result files after the kill, want 7", len(files))
	}
	// A leftover temporary file of an interrupted write must be ignored.
	os.WriteFile(filepath.Join(dir, ".tmp-deadbeef-1"), []byte("{trunc"), 0o644)

	p := mustPlan(t, resumeSweep)
	st, _ := OpenStore(dir)
	var calls atomic.Int64
	sum, err := Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		calls.Add(1)
		return fakeRun(ctx, j)
	}, &Options{Workers: 2, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	// The 7 stored results of runs 0–6 include those of runs 2 and 5 (rate
	// 0.5), which failed: they run again.
	if calls.Load() != 19 || sum.Skipped != 5 || sum.Retried != 2 {
		t.Errorf("resume ran %d runs (%d retried) and skipped %d, want 19 (2) and 5", calls.Load(), sum.Retried, sum.Skipped)
	}
	resumed, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := OpenStore(t.TempDir())
	if _, err := Run(context.Background(), p, ref, fakeRun, &Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	want, _ := ref.Load()
	if len(resumed) != len(p.Jobs) {
		t.Fatalf("%d results, want %d", len(resumed), len(p.Jobs))
	}
	if !reflect.DeepEqual(stripTiming(resumed), stripTiming(want)) {
		t.Error("resumed results differ from an uninterrupted sweep")
	}
}

// BenchmarkRunner measures the runner's overhead per run: 200 trivial runs
// (no work, one point) with a result file each, on 1 and 2 workers.
func BenchmarkRunner(b *testing.B) {
	p := mustPlan(b, "seed 1\nrepeat 200\ndata bars_stripes\nmodel binary(hidden = 2)\nmeasure loglik\n")
	trivial := func(ctx context.Context, j *Job) ([]Point, error) {
		return []Point{{"loglik", 0, float64(j.Seed % 7)}}, nil
	}
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				st, _ := OpenStore(b.TempDir())
				b.StartTimer()
				if _, err := Run(context.Background(), p, st, trivial, &Options{Workers: w, Version: "bench"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*200), "µs/run")
		})
	}
}
