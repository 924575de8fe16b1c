package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// The tests of this file drive the sweep verbs with the library
// (dsl/library).

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

// TestCommandLibrary runs the sweep command with the library: a real run
// succeeds, and the caller's mistakes come back as *dsl.UsageError while a
// failed run does not.
func TestCommandLibrary(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "cd.sweep")
	if err := os.WriteFile(file, []byte(cdSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := func(args ...string) (string, error) {
		var out, errb strings.Builder
		err := (&sweeper{reg: library.Registry(), run: library.Run, stdout: &out, stderr: &errb}).command(context.Background(), args)
		return out.String() + errb.String(), err
	}
	if out, err := cmd("run", "-workers", "2", file); err != nil || !strings.Contains(out, "6 runs: 0 skipped (already done), 6 run, 0 failed") {
		t.Errorf("run: %v\n%s", err, out)
	}
	if out, err := cmd("collect", file); err != nil || !strings.Contains(out, "k 5 vs 1 on max loglik") {
		t.Errorf("collect: %v\n%s", err, out)
	}
	var ue *dsl.UsageError
	for _, args := range [][]string{
		{"run", "-bogus", file},
		{"run"},
		{"frobnicate", file},
		{"check", filepath.Join(dir, "missing.sweep")},
		{"k8s", file},
	} {
		if _, err := cmd(args...); !errors.As(err, &ue) {
			t.Errorf("%v: err = %v (%T), want a *dsl.UsageError", args, err, err)
		}
	}
	bad := filepath.Join(dir, "bad.sweep")
	os.WriteFile(bad, []byte(strings.Replace(cdSweep, "hidden = 4", "hiden = 4", 1)), 0o644)
	if out, err := cmd("check", bad); !errors.As(err, &ue) || !strings.Contains(out, "did you mean hidden?") {
		t.Errorf("check with a typo: %v\n%s", err, out)
	}
	// A bad rate is the caller's mistake, reported by check with its
	// position, before anything runs (issue 20).
	badRate := filepath.Join(dir, "rate.sweep")
	os.WriteFile(badRate, []byte(strings.Replace(cdSweep, "rate = 0.5", "rate = 0", 1)), 0o644)
	if out, err := cmd("check", badRate); !errors.As(err, &ue) || !strings.Contains(out, "rate.sweep:8:27: parameter rate = 0: want a finite number > 0") {
		t.Errorf("check with a bad rate: err = %v (%T)\n%s", err, err, out)
	}
	// Runs that fail when they run: 36 visible and 40 hidden units are
	// too many for the exact log-likelihood.
	failing := filepath.Join(dir, "fail.sweep")
	os.WriteFile(failing, []byte(strings.NewReplacer("size = 3", "size = 6", "hidden = 4", "hidden = 40").Replace(cdSweep)), 0o644)
	if out, err := cmd("run", "-workers", "2", failing); err == nil || errors.As(err, &ue) || !strings.Contains(err.Error(), "6 runs failed") {
		t.Errorf("run with too large a model for loglik: err = %v (%T), want 6 runs failed\n%s", err, err, out)
	}
}

// TestDescribeCommand checks `sweep describe` with and without a name,
// and the error for an unknown name.
func TestDescribeCommand(t *testing.T) {
	reg := library.Registry()
	cmd := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := (&sweeper{reg: reg, stdout: &out, stderr: &errb}).command(context.Background(), append([]string{"describe"}, args...))
		return out.String(), err
	}
	out, err := cmd()
	learners, measures := strings.Join(reg.Names(dsl.KindLearner), ", "), strings.Join(reg.Names(dsl.KindMeasure), ", ")
	if err != nil || !strings.Contains(out, "learner  "+learners+"\n") || !strings.Contains(out, "measure  "+measures+"\n") || !strings.Contains(out, "cd, ") {
		t.Errorf("describe: %q %v", out, err)
	}
	out, err = cmd("tempered")
	if err != nil || !strings.HasPrefix(out, "sampler tempered: parallel tempering") || !regexpLineIn(out, "temps", "int", "default 10") ||
		!regexpLineIn(out, "base", "name (sampler)", "default gibbs") {
		t.Errorf("describe tempered:\n%s%v", out, err)
	}
	out, err = cmd("binary")
	if err != nil || !regexpLineIn(out, "hidden", "int", "required") {
		t.Errorf("describe binary:\n%s%v", out, err)
	}
	out, err = cmd("loglik")
	if err != nil || !strings.Contains(out, "(higher is better)") {
		t.Errorf("describe loglik:\n%s%v", out, err)
	}
	var ue *dsl.UsageError
	if _, err := cmd("gibs"); !errors.As(err, &ue) || !strings.Contains(err.Error(), `unknown name "gibs" (did you mean gibbs?)`) {
		t.Errorf("describe gibs: %v", err)
	}
	if _, err := cmd("a", "b"); !errors.As(err, &ue) {
		t.Errorf("describe a b: %v", err)
	}
}

// regexpLineIn reports whether a line of text holds all the words, in
// order.
func regexpLineIn(text string, words ...string) bool {
	for _, line := range strings.Split(text, "\n") {
		rest, ok := line, true
		for _, w := range words {
			k := strings.Index(rest, w)
			if k < 0 {
				ok = false
				break
			}
			rest = rest[k+len(w):]
		}
		if ok {
			return true
		}
	}
	return false
}

// TestSweepGaussian runs a sweep of a Gaussian-Bernoulli RBM from the
// command line: check, run and collect, and check refuses a sampler of
// binary models on it with the line and column.
func TestSweepGaussian(t *testing.T) {
	src := strings.NewReplacer("model binary(hidden = 2)", "model gaussian(hidden = 2)",
		"learner cd(k = $k, rate = 0.2)", "learner mcd(k = $k, rate = 0.01)").Replace(tinySweep)
	file := writeSweep(t, src)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", file}, "4 runs (2 repeats)"},
		{[]string{"run", file}, "4 runs: 0 skipped (already done), 4 run, 0 failed"},
		{[]string{"collect", "-md", file}, "k 3 vs 1 on max loglik"},
	} {
		e, out, errb := testEnv(nil)
		if code := run(e, append([]string{"sweep"}, c.args...)); code != 0 || !strings.Contains(out.String(), c.want) {
			t.Errorf("sweep %v: exit %d, want 0 and %q in\n%s%s", c.args, code, c.want, out, errb)
		}
	}
	bad := writeSweep(t, strings.Replace(src, "learner mcd(", "sampler flip\nlearner mcd(", 1))
	e, _, errb := testEnv(nil)
	if code := run(e, []string{"sweep", "check", bad}); code != 2 || !strings.Contains(errb.String(), "tiny.sweep:8:9: sampler flip does not work on model gaussian") {
		t.Errorf("check of flip on a gaussian model: exit %d\n%s", code, errb)
	}
}
