package library_test

import (
	"context"
	"errors"
	"go/scanner"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// TestCheckReportsBounds: values that used to pass check and fail every
// run (negative or huge sizes, a probability above 1, an MNIST folder that
// does not exist, a plan over the cap) are reported by Compile with their
// file:line:col (issue 20).
func TestCheckReportsBounds(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder")
	empty := t.TempDir()
	head := "seed 1\nupdates 10\n"
	for _, c := range []struct{ body, want string }{
		{"data bars_stripes(size = -2)\nmodel binary(hidden = 4)\nlearner cd\n",
			"lib.sweep:3:26: parameter size = -2: want 1…12"},
		{"data shifting_bar(n = 65536, b = 1)\nmodel binary(hidden = 4)\nlearner cd\n",
			"lib.sweep:3:23: parameter n = 65536: want 2…11585"},
		{"data bars_stripes\nmodel binary(hidden = -5)\nlearner cd\n",
			"lib.sweep:4:23: parameter hidden = -5: want 1…134217727"},
		{"data bars_stripes\nmodel binary(hidden = 2000000000)\nlearner cd\n",
			"lib.sweep:4:23: parameter hidden = 2000000000: want 1…134217727"},
		{"data bars_stripes\naxis h = [4, -1]\nmodel binary(hidden = $h)\nlearner cd\n",
			"lib.sweep:5:23: parameter hidden: level -1 of axis h: want 1…134217727"},
		{"data bars_stripes\nmodel binary(hidden = 4)\nlearner cd(k = if 1 > 0 then 0 else 1)\n",
			"lib.sweep:5:30: parameter k = 0: want at least 1"},
		{"data artificial_modes(pmut = 1.5)\nmodel binary(hidden = 4)\nlearner cd\n",
			"lib.sweep:3:30: parameter pmut = 1.5: want a number in [0, 1]"},
		{"data mnist(dir = \"" + missing + "\")\nmodel binary(hidden = 4)\nlearner cd\n",
			"lib.sweep:3:18: parameter dir = \"" + missing + "\": folder " + missing + " does not exist"},
		{"data mnist(dir = \"" + empty + "\")\nmodel binary(hidden = 4)\nlearner cd\n",
			"lib.sweep:3:18: parameter dir = \"" + empty + "\": folder " + empty + " holds neither t10k-images-idx3-ubyte nor train-images-idx3-ubyte"},
		{"data bars_stripes\nmodel binary(hidden = 4)\nlearner cd(momentum = 1)\n",
			"lib.sweep:5:23: parameter momentum = 1: want a number in [0, 1)"},
		{"data bars_stripes\nmodel binary(hidden = 4)\nlearner cd\nmeasure tau(steps = 3)\n",
			"lib.sweep:6:21: parameter steps = 3: want at least 4"},
		{"data bars_stripes\nmodel binary(hidden = 4)\nlearner cd\naxis a = range(1, 5000)\naxis b = range(1, 5000)\n",
			"lib.sweep:7:6: axis b: with its 5000 levels the plan has 25000000 or more runs"},
		{"repeat 20000000\ndata bars_stripes\nmodel binary(hidden = 4)\nlearner cd\n",
			"lib.sweep:3:1: repeat 20000000: the plan would have more than 10000000 runs"},
	} {
		_, err := dsl.Compile("lib.sweep", []byte(head+c.body), library.Registry())
		var list scanner.ErrorList
		if !errors.As(err, &list) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want a positioned %q", c.body, err, c.want)
		}
	}
}

// TestCountRuns: CountRuns gives the plan's number of runs, with skips and
// zipped axes, without making it; counting 9 million runs allocates next to
// nothing (check of a 1M-run plan needed 2.18 GB and 12 s when it planned).
func TestCountRuns(t *testing.T) {
	reg := library.Registry()
	for _, src := range []string{
		"seed 1\nrepeat 3\ndata bars_stripes\nmodel binary(hidden = 4)\naxis a = [1, 2, 3]\naxis b = range(1, 7)\nskip if $a == 2 and $b > 3\nskip if $b == 7\n",
		"seed 1\ndata bars_stripes\nmodel binary(hidden = 4)\naxis (a, b) = zip([1, 2, 3], [4, 5, 6])\naxis c = [0.1, 0.2]\nskip if $a >= 2 and $c == 0.2\n",
		"seed 1\nrepeat 2\ndata bars_stripes\nmodel binary(hidden = 4)\n",
	} {
		spec, err := dsl.Compile("count.sweep", []byte(src), reg)
		if err != nil {
			t.Fatal(err)
		}
		p, err := dsl.NewPlan(spec)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := dsl.CountRuns(spec); err != nil || n != len(p.Jobs) {
			t.Errorf("CountRuns = %d, %v; the plan has %d runs\n%s", n, err, len(p.Jobs), src)
		}
	}
	big := "seed 1\nrepeat 9\ndata bars_stripes\nmodel binary(hidden = 4)\naxis a = range(1, 1000)\naxis b = range(1, 1000)\nskip if $a == 1 and $b == 1\n"
	spec, err := dsl.Compile("big.sweep", []byte(big), reg)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := dsl.CountRuns(spec)
	runtime.ReadMemStats(&after)
	if err != nil || n != 9*(1000*1000-1) {
		t.Errorf("CountRuns of the big plan = %d, %v; want %d", n, err, 9*(1000*1000-1))
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 64<<20 {
		t.Errorf("counting %d runs allocated %d bytes", n, a)
	}
}

// TestRunSizeBound: counts that pass their own bounds but would keep more
// than data.MaxSetValues values in a run (a billion persistent chains) fail
// the run with an error naming the parameter, before anything is built,
// instead of ending the process (or the kernel of a %%sweep cell).
func TestRunSizeBound(t *testing.T) {
	base := "seed 1\nupdates 2\ndata bars_stripes(size = 3)\nmodel binary(hidden = 4)\n"
	for _, c := range []struct{ lines, want string }{
		{"learner pcd(chains = 1000000000)\n", "learner pcd: 1000000000 chains × 1 temperatures × 1 tempered replicas of 13 visible + hidden units"},
		{"learner pt(chains = 1000000, temps = 100)\n", "learner pt: 1000000 chains × 100 temperatures"},
		{"learner cd(batch = 1000000)\nsampler tempered(temps = 1000)\n", "1000000 chains × 1 temperatures × 1000 tempered replicas"},
		{"learner cd\nmeasure ais(chains = 100000000)\n", "measure ais: chains = 100000000 of 13 units"},
		{"learner cd\nmeasure isl(samples = 100000000)\n", "measure isl: samples = 100000000 of 9 visible units"},
		{"learner cd\nmeasure tau(chains = 1000, steps = 1000000)\n", "measure tau: chains = 1000 × steps = 1000000"},
	} {
		p := libPlan(t, base+c.lines)
		var err error
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = library.Run(context.Background(), p.Jobs[0])
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "MaxSetValues") {
			t.Errorf("%q: %v, want an error containing %q", c.lines, err, c.want)
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 16<<20 {
			t.Errorf("%q: %d bytes allocated before the refusal", c.lines, a)
		}
	}
}

// TestCheckAcceptsMNISTFolder: a folder that holds the images (here only
// gzip'd training images; their content is read when a run starts) passes.
func TestCheckAcceptsMNISTFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "train-images-idx3-ubyte.gz"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	src := "seed 1\nupdates 10\ndata mnist(train = true, dir = \"" + dir + "\")\nmodel binary(hidden = 4)\nlearner cd\n"
	if _, err := dsl.Compile("lib.sweep", []byte(src), library.Registry()); err != nil {
		t.Errorf("a folder with training images: %v", err)
	}
}
