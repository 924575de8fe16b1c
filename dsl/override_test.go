package dsl

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const overrideBase = `seed 1
updates 100
data bars_stripes(size = 3)
model binary(hidden = 4)
axis learner = [cd, pcd]
axis rate = [0.01, 0.1]
learner $learner(rate = $rate)
measure loglik every 50
measure ais(chains = 10)
`

// TestOverrideIsTheEditedFile checks that each form of override gives
// the plan of the file edited by hand: the same runs, keys, seeds and
// fingerprint (an override is a plan like any other).
func TestOverrideIsTheEditedFile(t *testing.T) {
	reg := testRegistry(t)
	for _, c := range []struct {
		sets   []string
		edited string
	}{
		{[]string{"seed=7", "repeat=3"}, strings.Replace(overrideBase, "seed 1", "seed 7\nrepeat 3", 1)},
		{[]string{"rate=0.05"}, strings.Replace(overrideBase, "[0.01, 0.1]", "[0.05]", 1)},
		{[]string{"rate=[0.2, 0.3]"}, strings.Replace(overrideBase, "[0.01, 0.1]", "[0.2, 0.3]", 1)},
		{[]string{"hidden=6"}, strings.Replace(overrideBase, "hidden = 4", "hidden = 6", 1)},
		{[]string{"model.init_sd=0.1"}, strings.Replace(overrideBase, "hidden = 4", "hidden = 4, init_sd = 0.1", 1)},
		{[]string{"learner.k=3"}, strings.Replace(overrideBase, "rate = $rate)", "rate = $rate, k = 3)", 1)},
		{[]string{"ais.chains=20", "size=4"}, strings.Replace(strings.Replace(overrideBase, "chains = 10", "chains = 20", 1), "size = 3", "size = 4", 1)},
	} {
		got, err := CompileWith("o.sweep", []byte(overrideBase), reg, c.sets)
		if err != nil {
			t.Fatalf("%v: %v", c.sets, err)
		}
		want, err := Compile("o.sweep", []byte(c.edited), reg)
		if err != nil {
			t.Fatalf("%v edited: %v", c.sets, err)
		}
		pg, _ := NewPlan(got)
		pw, _ := NewPlan(want)
		if pg.Record().Fingerprint != pw.Record().Fingerprint || len(pg.Jobs) != len(pw.Jobs) {
			t.Errorf("%v: fingerprint %s (%d runs), edited file %s (%d runs)", c.sets, pg.Record().Fingerprint, len(pg.Jobs), pw.Record().Fingerprint, len(pw.Jobs))
			continue
		}
		for i := range pg.Jobs {
			if pg.Jobs[i].Key != pw.Jobs[i].Key || pg.Jobs[i].Seed != pw.Jobs[i].Seed {
				t.Errorf("%v: run %d key %s seed %d, edited %s %d", c.sets, i, pg.Jobs[i].Key, pg.Jobs[i].Seed, pw.Jobs[i].Key, pw.Jobs[i].Seed)
			}
		}
		base, _ := NewPlan(mustCompile(t, overrideBase))
		if pg.Record().Fingerprint == base.Record().Fingerprint {
			t.Errorf("%v: the override did not change the plan", c.sets)
		}
	}
}

func mustCompile(t *testing.T, src string) *Spec {
	t.Helper()
	s, err := Compile("o.sweep", []byte(src), testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	return s
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
		err := Command(context.Background(), args, reg, fakeRun, &out, &errb)
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
	var ue *UsageError
	if _, err := cmd("emit", "slurm", "-set", "rate=0.1", file); !errors.As(err, &ue) || !strings.Contains(err.Error(), "-set is not passed on") {
		t.Errorf("emit -set: %v", err)
	}
	if _, err := cmd("check", "-set", "rat=0.1", file); !errors.As(err, &ue) {
		t.Errorf("check -set rat: %v", err)
	}
}
