package dsl

import (
	"testing"
)

// TestPlanTable1 checks the size and order of the Table-1 grid and keys
// hard-coded from a first run: keys must not change between runs, builds or
// platforms, or existing result folders would be recomputed.
func TestPlanTable1(t *testing.T) {
	p := mustPlan(t, table1)
	if got, want := len(p.Jobs), 3*2*3*25; got != want {
		t.Fatalf("got %d runs, want %d", got, want)
	}
	for _, c := range []struct {
		index int
		key   string
		seed  uint64
	}{
		{0, "af4218719eda361d", 9271429223020136043},
		{1, "9f98b471e8f98950", 14035260765520638756},
		{449, "0f3f81cb32a5398c", 18440764969387924779},
	} {
		j := p.Jobs[c.index]
		if j.Key != c.key || j.Seed != c.seed {
			t.Errorf("run %d: key %s seed %d, want %s %d", c.index, j.Key, j.Seed, c.key, c.seed)
		}
	}
	// Order: repeat slowest, then learner, sampler, rate (fastest).
	j := p.Jobs[1*18+1*6+1*3+2]
	if j.Repeat != 1 || fmtAxes(j) != "pcd flip 0.1" {
		t.Errorf("run 29 is repeat %d %s, want repeat 1 pcd flip 0.1", j.Repeat, fmtAxes(j))
	}
	// The conditional k: 5 for cd, 1 otherwise; pt has no k at all.
	for _, j := range p.Jobs[:18] {
		l := j.Config.Learner
		k, hasK := l.Params["k"]
		switch l.Name {
		case "cd":
			if k != 5 {
				t.Errorf("cd run %d has k=%v, want 5", j.Index, k)
			}
		case "pcd":
			if k != 1 {
				t.Errorf("pcd run %d has k=%v, want 1", j.Index, k)
			}
		case "pt":
			if hasK {
				t.Errorf("pt run %d got parameter k", j.Index)
			}
		}
	}
}

func fmtAxes(j *Job) string {
	s := ""
	for i, a := range j.Axes {
		if i > 0 {
			s += " "
		}
		s += formatValue(a.Value)
	}
	return s
}

// TestPlanSeeds checks that runs differing only in the compared axis share
// their seed, and that all other runs have distinct seeds and keys.
func TestPlanSeeds(t *testing.T) {
	p := mustPlan(t, table1)
	bySeed := map[uint64][]*Job{}
	keys := map[string]bool{}
	for _, j := range p.Jobs {
		bySeed[j.Seed] = append(bySeed[j.Seed], j)
		if keys[j.Key] {
			t.Fatalf("duplicate key %s", j.Key)
		}
		keys[j.Key] = true
	}
	if len(bySeed) != len(p.Jobs)/2 {
		t.Fatalf("%d distinct seeds for %d runs, want one per pair", len(bySeed), len(p.Jobs))
	}
	for seed, js := range bySeed {
		if len(js) != 2 {
			t.Fatalf("seed %d shared by %d runs, want 2", seed, len(js))
		}
		a, b := js[0], js[1]
		sa, _ := a.Value("sampler")
		sb, _ := b.Value("sampler")
		la, _ := a.Value("learner")
		lb, _ := b.Value("learner")
		ra, _ := a.Value("rate")
		rb, _ := b.Value("rate")
		if sa == sb || la != lb || ra != rb || a.Repeat != b.Repeat {
			t.Errorf("seed %d shared by %s/r%d and %s/r%d, which are not a pair", seed, fmtAxes(a), a.Repeat, fmtAxes(b), b.Repeat)
		}
	}
	// Without a compare statement no two runs share a seed.
	noCompare := mustPlan(t, "seed 2013\nrepeat 3\ndata bars_stripes\nmodel binary(hidden = 2)\naxis sampler = [gibbs, flip]\nsampler $sampler\n")
	seen := map[uint64]bool{}
	for _, j := range noCompare.Jobs {
		if seen[j.Seed] {
			t.Errorf("unpaired runs share seed %d", j.Seed)
		}
		seen[j.Seed] = true
	}
}

// TestPlanSkipAndZip checks expansion counts with zip groups and skips.
func TestPlanSkipAndZip(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"axis (a, b) = [(1, 2), (3, 4), (5, 6)]\naxis c = [1, 2]\n", 6},
		{"axis (a, b) = zip(range(1, 3), linspace(0, 1, 3))\naxis c = [1, 2]\nrepeat 4\n", 24},
		{"axis a = range(1, 10)\nskip if $a in [2, 4, 6] or $a > 8\n", 5},
		{"axis a = range(10, 1, -3)\n", 4}, // 10, 7, 4, 1
		{"axis a = logspace(1, 1000, 4)\nskip if $a == 100\n", 3},
		{"axis a = [1, 2]\nskip if $a >= 1\n", 0},
	} {
		p := mustPlan(t, "seed 1\ndata bars_stripes\nmodel binary(hidden = 3)\n"+c.src)
		if len(p.Jobs) != c.want {
			t.Errorf("%q: %d runs, want %d", c.src, len(p.Jobs), c.want)
		}
	}
}

// BenchmarkPlanTable1 measures compiling and expanding the Table-1 sweep
// (450 runs, two SHA-256 hashes each).
func BenchmarkPlanTable1(b *testing.B) {
	reg := testRegistry(b)
	for b.Loop() {
		spec, err := Compile("t.sweep", []byte(table1), reg)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := NewPlan(spec); err != nil {
			b.Fatal(err)
		}
	}
}
