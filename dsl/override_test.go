package dsl

import (
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
