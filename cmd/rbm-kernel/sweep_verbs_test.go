package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

// The tests of this file drive the sweep verbs with a registry and a run
// function of their own (those of package dsl's tests), so that they test
// the command line and not the library.

// testRegistry is a fake of the library's registry with the names the
// papers use.
func testRegistry(t testing.TB) *dsl.MapRegistry {
	t.Helper()
	r, err := dsl.NewMapRegistry(
		&dsl.Entry{Kind: dsl.KindDataset, Name: "bars_stripes", Doc: "Bars and Stripes", Params: []dsl.Param{{Name: "size", Type: dsl.TypeInt, Default: 4}}},
		&dsl.Entry{Kind: dsl.KindModel, Name: "binary", Params: []dsl.Param{{Name: "hidden", Type: dsl.TypeInt}, {Name: "init_sd", Type: dsl.TypeFloat, Default: 0.01}}},
		&dsl.Entry{Kind: dsl.KindLearner, Name: "cd", Params: []dsl.Param{{Name: "k", Type: dsl.TypeInt, Default: 1}, {Name: "rate", Type: dsl.TypeFloat, Default: 0.1}}},
		&dsl.Entry{Kind: dsl.KindLearner, Name: "pcd", Params: []dsl.Param{{Name: "k", Type: dsl.TypeInt, Default: 1}, {Name: "rate", Type: dsl.TypeFloat, Default: 0.1}}},
		&dsl.Entry{Kind: dsl.KindSampler, Name: "gibbs"},
		&dsl.Entry{Kind: dsl.KindSampler, Name: "flip", Params: []dsl.Param{{Name: "alpha", Type: dsl.TypeFloat, Default: 1.0}}},
		&dsl.Entry{Kind: dsl.KindMeasure, Name: "loglik", Doc: "exact average log-likelihood", Better: "higher"},
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fakeRun is a deterministic stand-in for training: a learning curve
// loglik(step) = -10 + 5·(1 − e^(−step/500)) + noise, with the noise drawn
// from the run's seed, and a small advantage for the flip sampler; runs at
// rate 0.5 fail.
func fakeRun(ctx context.Context, j *dsl.Job) ([]dsl.Point, error) {
	rng := rand.New(rand.NewPCG(j.Seed, 0))
	bonus := 0.0
	if j.Config.Sampler != nil && j.Config.Sampler.Name == "flip" {
		bonus = 0.2
	}
	var pts []dsl.Point
	for step := 100; step <= 1000; step += 100 {
		if err := ctx.Err(); err != nil {
			return pts, err
		}
		v := -10 + 5*(1-math.Exp(-float64(step)/500)) + bonus + 0.1*rng.NormFloat64()
		pts = append(pts, dsl.Point{Measure: "loglik", Step: step, Value: v})
	}
	if rate, ok := j.Value("rate"); ok && rate == 0.5 {
		return pts[:2], fmt.Errorf("diverged at step 300")
	}
	return pts, nil
}

// resumeSweep is a small sweep: 2 samplers × 3 rates × 4 repeats = 24
// runs; fakeRun fails for rate 0.5.
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

// folderSweep is a sweep of 8 runs whose rates the tests change.
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

// TestCommand drives the command line: check, plan, run, status, collect
// and the cluster files, on a sweep file in a temporary folder.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	if err := os.WriteFile(file, []byte(resumeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	reg := testRegistry(t)
	var errb bytes.Buffer
	cmd := func(args ...string) (string, error) {
		var out bytes.Buffer
		errb.Reset()
		err := (&sweeper{reg: reg, run: fakeRun, stdout: &out, stderr: &errb}).command(context.Background(), args)
		return out.String(), err
	}
	if out, err := cmd("check", file); err != nil || !strings.Contains(out, "24 runs") {
		t.Errorf("check: %q %v", out, err)
	}
	if out, err := cmd("plan", file); err != nil || strings.Count(out, "\n") != 24 {
		t.Errorf("plan: %d lines, %v", strings.Count(out, "\n"), err)
	}
	if out, err := cmd("status", file); err != nil || !strings.Contains(out, "24 runs: 0 done (0 failed), 24 missing") {
		t.Errorf("status before: %q %v", out, err)
	}
	if _, err := cmd("run", "-shard", "0/2", "-workers", "2", file); err == nil || !strings.Contains(err.Error(), "4 runs failed") {
		t.Errorf("run shard 0/2: err = %v, want 4 runs failed", err)
	}
	if out, err := cmd("status", file); err != nil || !strings.Contains(out, "12 done (4 failed), 12 missing") {
		t.Errorf("status after one shard: %q %v", out, err)
	}
	cmd("run", "-shard", "1/2", file)
	out, err := cmd("collect", "-md", file)
	if err != nil || !strings.Contains(out, "24 results, 8 failed, 0 missing") || !strings.Contains(out, "| rate |") {
		t.Errorf("collect: %q %v", out, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "s.results", "results.csv")); err != nil || !strings.HasPrefix(string(b), "key,index,repeat,seed,sampler,rate,") {
		t.Errorf("csv: %v %.80q", err, b)
	}
	if out, err := cmd("sbatch", "-shards", "3", file); err != nil || !strings.Contains(out, "--array=0-2") {
		t.Errorf("sbatch: %q %v", out, err)
	}
	if out, err := cmd("emit", "slurm", "-shards", "3", file); err != nil || !strings.Contains(out, "--array=0-2") {
		t.Errorf("emit slurm: %q %v", out, err)
	}
	// The sweep file is named relative to the volume's root, as it is in
	// the folder the volume holds.
	t.Chdir(dir)
	if out, err := cmd("emit", "k8s", "-shards", "2", "-image", "img", "-claim", "pvc", "s.sweep"); err != nil ||
		!strings.Contains(out, "completionMode: Indexed") || !strings.Contains(out, `"-out", "/sweep/s.results", "/sweep/s.sweep"]`) {
		t.Errorf("emit k8s: %q %v", out, err)
	}
	var ue *dsl.UsageError
	if _, err := cmd("emit", "slurn", file); !errors.As(err, &ue) || !strings.Contains(err.Error(), `want slurm or k8s, found "slurn" (did you mean slurm?)`) {
		t.Errorf("emit slurn: %v", err)
	}
	if _, err := cmd("emit"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "found nothing") {
		t.Errorf("emit alone: %v", err)
	}
	if _, err := cmd("k8s", file); err == nil {
		t.Error("k8s without image accepted")
	}
	if _, err := cmd("frobnicate", file); err == nil {
		t.Error("unknown command accepted")
	}
	os.WriteFile(file, []byte("seed 1\nmodel binary(hidden = 3)\nsampler gibs\n"), 0o644)
	if _, err := cmd("check", file); err == nil || !strings.Contains(err.Error(), "has 2 errors") {
		t.Errorf("check of a bad file: %v", err)
	}
	if want := file + ":1:1: missing data statement (e.g. data bars_stripes(size = 4))\n" +
		file + ":3:9: unknown sampler gibs (did you mean gibbs?)\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}

// TestCommandCountsOnlyThePlan is the reliability review's case: after the
// sweep file changed, status and collect count and summarise only the
// results of the file's plan and say that the folder holds another's.
func TestCommandCountsOnlyThePlan(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	write := func(src string) {
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := testRegistry(t)
	cmd := func(args ...string) (string, string, error) {
		var out, errb bytes.Buffer
		err := (&sweeper{reg: reg, run: fakeRun, stdout: &out, stderr: &errb}).command(context.Background(), args)
		return out.String(), errb.String(), err
	}
	write(folderSweep)
	if _, _, err := cmd("run", file); err != nil {
		t.Fatal(err)
	}
	write(strings.Replace(folderSweep, "[0.01, 0.1]", "[0.01, 0.2]", 1))
	_, _, err := cmd("run", file)
	if !errors.As(err, new(*dsl.UsageError)) || !strings.Contains(err.Error(), "belongs to another plan") {
		t.Errorf("run of the changed file: %v, want a usage error", err)
	}
	out, _, err := cmd("status", file)
	if err != nil || !strings.Contains(out, "8 runs: 4 done (0 failed), 4 missing") ||
		!strings.Contains(out, "4 results in") || !strings.Contains(out, "records another plan (axis rate") {
		t.Errorf("status: %q %v", out, err)
	}
	out, stderr, err := cmd("collect", file)
	if err != nil || !strings.Contains(out, "4 results, 0 failed, 4 missing") || !strings.Contains(stderr, "not counted") {
		t.Errorf("collect: %q %q %v", out, stderr, err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "s.results", "results.csv"))
	if strings.Contains(string(b), ",0.1,") || !strings.Contains(string(b), ",0.01,") {
		t.Errorf("the CSV holds results of the other plan (rate 0.1) or misses the plan's:\n%s", b)
	}
	if _, _, err := cmd("run", "-replace", file); err != nil {
		t.Errorf("run -replace: %v", err)
	}
	if out, _, err := cmd("status", file); err != nil || !strings.Contains(out, "8 runs: 8 done (0 failed), 0 missing") || strings.Contains(out, "note:") {
		t.Errorf("status after -replace: %q %v", out, err)
	}
}

// TestCommandSet drives -set from the command line: check sees the
// override, run and status use the overridden plan in its own folder,
// and emit refuses -set rather than emit tasks that would run without it.
func TestCommandSet(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	if err := os.WriteFile(file, []byte(resumeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	reg := testRegistry(t)
	cmd := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := (&sweeper{reg: reg, run: fakeRun, stdout: &out, stderr: &errb}).command(context.Background(), args)
		return out.String(), err
	}
	if out, err := cmd("check", "-set", "rate=0.1", "-set", "repeat=2", file); err != nil || !strings.Contains(out, "axis rate: 0.1\n") || !strings.Contains(out, "4 runs (2 repeats)") {
		t.Errorf("check -set: %q %v", out, err)
	}
	out := filepath.Join(dir, "seed12")
	if _, err := cmd("run", "-set", "seed=12", "-set", "rate=0.1", "-out", out, file); err != nil {
		t.Errorf("run -set: %v", err)
	}
	if s, err := cmd("status", "-set", "seed=12", "-set", "rate=0.1", "-out", out, file); err != nil || !strings.HasPrefix(s, "8 runs: 8 done (0 failed), 0 missing") {
		t.Errorf("status -set: %q %v", s, err)
	}
	// Without the override the folder holds another plan (another seed).
	if _, err := cmd("run", "-out", out, file); err == nil || !strings.Contains(err.Error(), "belongs to another plan") {
		t.Errorf("run without -set on its folder: %v", err)
	}
	var ue *dsl.UsageError
	if _, err := cmd("emit", "slurm", "-set", "rate=0.1", file); !errors.As(err, &ue) || !strings.Contains(err.Error(), "-set is not passed on") {
		t.Errorf("emit -set: %v", err)
	}
	if _, err := cmd("check", "-set", "rat=0.1", file); !errors.As(err, &ue) {
		t.Errorf("check -set rat: %v", err)
	}
}

// TestSbatchPartialResubmission runs the emitted Slurm script with bash as
// Slurm would run task 3 of a resubmission `sbatch --array=3,5` of a
// 6-task array (SLURM_ARRAY_TASK_COUNT=2, SLURM_ARRAY_TASK_MIN=3), with
// echo in place of rbm-kernel, and runs the command it printed: before,
// the shard came from the environment (shard 0/2, half the sweep); now
// the script names the count, and exactly the runs of shard 3/6 run.
func TestSbatchPartialResubmission(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("no bash to run the emitted script: %v", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	os.WriteFile(file, []byte(resumeSweep), 0o644)
	script, err := dsl.Sbatch(dsl.ClusterOptions{Name: "s", SweepFile: file, OutDir: filepath.Join(dir, "out"), Shards: 6, Binary: "echo"})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "-c", script)
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_MIN=3")
	printed, err := cmd.Output()
	if err != nil {
		t.Fatalf("emitted script: %v", err)
	}
	args := strings.Fields(string(printed))
	if len(args) < 3 || args[0] != "sweep" || args[1] != "run" {
		t.Fatalf("the script ran %q", printed)
	}
	var mu sync.Mutex
	var ran []int
	var out, errb bytes.Buffer
	s := &sweeper{reg: testRegistry(t), stdout: &out, stderr: &errb, run: func(ctx context.Context, j *dsl.Job) ([]dsl.Point, error) {
		mu.Lock()
		ran = append(ran, j.Index)
		mu.Unlock()
		return []dsl.Point{{Measure: "loglik", Step: 100, Value: -1}}, nil
	}}
	err = s.command(context.Background(), args[1:])
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, errb.String())
	}
	sort.Ints(ran)
	if fmt.Sprint(ran) != "[3 9 15 21]" {
		t.Errorf("task 3 of the resubmission ran runs %v, want shard 3/6: [3 9 15 21]", ran)
	}
}

// TestSweepVerbFlags checks that each verb has its own flags: a flag of
// another verb is an error naming it and the verb, `sweep help VERB` and
// `sweep VERB -h` print the verb's usage line and only its flags, and
// `sweep help` an unknown verb is an error with a suggestion.
func TestSweepVerbFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.sweep")
	if err := os.WriteFile(file, []byte(resumeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := (&sweeper{reg: testRegistry(t), run: fakeRun, stdout: &out, stderr: &errb}).command(context.Background(), args)
		return out.String(), err
	}
	var ue *dsl.UsageError
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "-image", "x", file}, "sweep check: flag provided but not defined: -image"},
		{[]string{"plan", "-workers", "2", file}, "sweep plan: flag provided but not defined: -workers"},
		{[]string{"status", "-md", file}, "sweep status: flag provided but not defined: -md"},
		{[]string{"emit", "slurm", "-image", "x", file}, "sweep emit slurm: flag provided but not defined: -image"},
		{[]string{"emit", "k8s", "-time", "1:00", file}, "sweep emit k8s: flag provided but not defined: -time"},
		{[]string{"help", "chek"}, `unknown command "chek" (did you mean check?)`},
		{[]string{"chek", file}, `unknown command "chek" (did you mean check?)`},
	} {
		if _, err := cmd(c.args...); !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want a usage error with %q", c.args, err, c.want)
		}
	}
	for _, args := range [][]string{{"help", "run"}, {"run", "-h"}} {
		out, err := cmd(args...)
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			t.Errorf("%q: %v", args, err)
		}
		for _, want := range []string{"usage: rbm-kernel sweep run [flags] FILE.sweep", "-workers", "-checkpoint", "-set"} {
			if !strings.Contains(out, want) {
				t.Errorf("%q lacks %q:\n%s", args, want, out)
			}
		}
		if strings.Contains(out, "-image") || strings.Contains(out, "-md") {
			t.Errorf("%q lists another verb's flags:\n%s", args, out)
		}
	}
	for _, args := range [][]string{{"help", "emit", "k8s"}, {"help", "k8s"}, {"k8s", "-h"}} {
		if out, _ := cmd(args...); !strings.Contains(out, "usage: rbm-kernel sweep emit k8s") || !strings.Contains(out, "-claim") || strings.Contains(out, "-time") {
			t.Errorf("%q:\n%s", args, out)
		}
	}
	for _, args := range [][]string{nil, {"help"}, {"-h"}} {
		if out, err := cmd(args...); err != nil || !strings.Contains(out, "commands:\n  describe") || !strings.Contains(out, "Exit status:") {
			t.Errorf("%q: %v\n%s", args, err, out)
		}
	}
}
