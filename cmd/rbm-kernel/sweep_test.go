package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

// tinySweep is a sweep of 4 short runs: Bars and Stripes 2×2, CD-1 against
// CD-3, 2 repeats of 40 updates.
const tinySweep = `sweep "tiny"
seed 5
repeat 2
updates 40
data bars_stripes(size = 2)
model binary(hidden = 2)
axis k = [1, 3]
learner cd(k = $k, rate = 0.2)
measure loglik every 20
summary median of max loglik by k
compare k 3 vs 1 on max loglik
`

func writeSweep(t *testing.T, src string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "tiny.sweep")
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// resultFiles lists the result files of a result folder: every *.json but
// the plan record.
func resultFiles(t *testing.T, dir string) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range all {
		if filepath.Base(f) != dsl.PlanFile {
			out = append(out, f)
		}
	}
	return out
}

// TestSweepCommand runs `rbm-kernel sweep` in process: check, run (twice:
// the second run skips everything), status and collect exit 0 and say what
// they did; the result folder defaults to the file name plus .results.
func TestSweepCommand(t *testing.T) {
	file := writeSweep(t, tinySweep)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", file}, "4 runs (2 repeats)"},
		{[]string{"run", "-workers", "2", file}, "4 runs: 0 skipped (already done), 4 run, 0 failed"},
		{[]string{"run", file}, "4 runs: 4 skipped"},
		{[]string{"status", file}, "4 runs: 4 done (0 failed), 0 missing"},
		{[]string{"collect", "-md", file}, "k 3 vs 1 on max loglik"},
	} {
		e, out, errb := testEnv(nil)
		if code := run(e, append([]string{"sweep"}, c.args...)); code != 0 || !strings.Contains(out.String(), c.want) {
			t.Errorf("sweep %v: exit %d, want 0 and %q in\n%s%s", c.args, code, c.want, out, errb)
		}
	}
	n := resultFiles(t, strings.TrimSuffix(file, ".sweep")+".results")
	if len(n) != 4 {
		t.Errorf("%d result files, want 4", len(n))
	}
}

// TestSweepExitStatus checks the exit statuses: 0 for help, 2 for the
// caller's mistakes (bad flag, no file, a file with errors, an unknown
// subcommand), 3 when runs failed (also when they are kept with -no-retry
// by a second run, which before exited 0), 130 when interrupted.
func TestSweepExitStatus(t *testing.T) {
	good := writeSweep(t, tinySweep)
	bad := writeSweep(t, strings.Replace(tinySweep, "learner cd(", "learner cdd(", 1))
	badRate := writeSweep(t, strings.Replace(tinySweep, "rate = 0.2", "rate = 0", 1))
	// 36 visible and 40 hidden units: too many for the exact loglik, which
	// fails when the runs measure it.
	failing := writeSweep(t, strings.NewReplacer("size = 2", "size = 6", "hidden = 2", "hidden = 40").Replace(tinySweep))
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"help"}, 0, ""},
		{[]string{"run", "-h"}, 0, ""},
		{[]string{"run", "-bogus", good}, 2, "flag provided but not defined: -bogus"},
		{[]string{"run"}, 2, "want one sweep file"},
		{[]string{"nonsense", good}, 2, `unknown command "nonsense"`},
		{[]string{"check", bad}, 2, "unknown learner cdd (did you mean cd?)"},
		{[]string{"run", badRate}, 2, "tiny.sweep:8:27: parameter rate = 0: want a finite number > 0"},
		{[]string{"run", failing}, 3, "4 runs failed"},
		{[]string{"run", "-no-retry", failing}, 3, "0 runs failed, 4 failed runs kept from before"},
		{[]string{"run", failing}, 3, "4 runs failed"}, // retried, and failed again
	} {
		e, out, errb := testEnv(nil)
		code := run(e, append([]string{"sweep"}, c.args...))
		if code != c.code || !strings.Contains(errb.String(), c.stderr) {
			t.Errorf("sweep %v: exit %d, want %d with %q on stderr\nstdout: %s\nstderr: %s", c.args, code, c.code, c.stderr, out, errb)
		}
	}
}

// TestSweepInterrupted cancels the context before the runs: nothing is
// written, and the error says how to resume.
func TestSweepInterrupted(t *testing.T) {
	file := writeSweep(t, tinySweep)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, _, _ := testEnv(nil)
	err := sweep(ctx, e, []string{"run", file})
	if err == nil || !strings.Contains(err.Error(), "run the same command again to resume") {
		t.Errorf("interrupted sweep: err = %v", err)
	}
	if code := exitCode(err); code != 130 {
		t.Errorf("interrupted sweep: exit status %d, want 130 (a failed run gives %d)", code, dsl.ExitRunsFailed)
	}
	n := resultFiles(t, strings.TrimSuffix(file, ".sweep")+".results")
	if len(n) != 0 {
		t.Errorf("%d result files written by an interrupted sweep", len(n))
	}
}
