package library_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// heldOutHead is a tiny training sweep on the 2×2 Bars and Stripes; the
// cases add a test statement and measures.
const heldOutHead = "seed 5\nupdates 30\ndata bars_stripes(size = 2)\nmodel binary(hidden = 3)\nlearner cd(rate = 0.5)\n"

// TestHeldOutLoglikExact runs a sweep with a test statement end to end
// and checks that loglik(on = test) and recon(on = test) are exactly the
// library's log-likelihood and reconstruction error of the test set under
// the model the run trained; that on = train (the default) scores the
// training set; and that the test set changes neither the training (the
// run's seed) nor, without one, the measures' configuration.
func TestHeldOutLoglikExact(t *testing.T) {
	ctx := context.Background()
	for _, test := range []struct {
		line   string
		params map[string]any
	}{
		{"test bars_stripes(size = 2)", map[string]any{"size": 2}},
		{"test bars_stripes(size = 2, duplicates = true)", map[string]any{"size": 2, "duplicates": true}},
	} {
		p := libPlan(t, heldOutHead+test.line+"\nmeasure loglik(on = test)\nmeasure recon(on = test)\n")
		job := p.Jobs[0]
		if job.Config.Test == nil || job.Config.Test.Params["size"] != 2 {
			t.Fatalf("%s: Config.Test = %+v", test.line, job.Config.Test)
		}
		pts, m, err := library.RunTrained(ctx, job)
		if err != nil {
			t.Fatal(err)
		}
		set, err := library.Dataset("bars_stripes", test.params)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := m.(*rbm.Binary).LogLikelihood(set.X)
		if err != nil {
			t.Fatal(err)
		}
		recon, err := learn.ReconstructionError(set).Func(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		want := []dsl.Point{{Measure: "loglik", Step: 30, Value: exact}, {Measure: "recon", Step: 30, Value: recon}}
		if len(pts) != 2 || pts[0] != want[0] || pts[1] != want[1] {
			t.Errorf("%s: points %v, want %v (exact, on the test set)", test.line, pts, want)
		}

		// The same run scoring the training set: the same seed, so the
		// same model, and the training set's log-likelihood.
		q := libPlan(t, heldOutHead+test.line+"\nmeasure loglik\n").Jobs[0]
		if q.Seed != job.Seed || q.Key == job.Key {
			t.Errorf("%s: on = train: seed %d key %s, on = test: seed %d key %s; want the same seed, other keys", test.line, q.Seed, q.Key, job.Seed, job.Key)
		}
		pts, m2, err := library.RunTrained(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		train, _ := library.Dataset("bars_stripes", map[string]any{"size": 2})
		trainLL, _ := m.(*rbm.Binary).LogLikelihood(train.X)
		if ll, _ := m2.(*rbm.Binary).LogLikelihood(train.X); ll != trainLL || len(pts) != 1 || pts[0].Value != trainLL {
			t.Errorf("%s: on = train gave %v, want the training set's %v of the same model (%v)", test.line, pts, trainLL, ll)
		}
		if test.params["duplicates"] == true && exact == trainLL {
			t.Errorf("%s: the test set's log-likelihood %v equals the training set's", test.line, exact)
		}
	}
}

// TestHeldOutAISAndISL checks that ais and isl score the test set with on
// = test: AIS within 0.05 of the exact test log-likelihood (a 4-unit model
// anneals easily), and ISL differs from its value on the training set.
func TestHeldOutAISAndISL(t *testing.T) {
	src := heldOutHead + "test bars_stripes(size = 2, duplicates = true)\nmeasure ais(on = test, chains = 200, steps = 300)\nmeasure loglik(on = test)\n"
	checkAgainstExact(t, libPlan(t, src).Jobs[0], "ais", 1, 0.05)
	isl := func(on string) float64 {
		pts, err := library.Run(context.Background(), libPlan(t, heldOutHead+"test bars_stripes(size = 2, duplicates = true)\nmeasure isl(samples = 50, on = "+on+")\n").Jobs[0])
		if err != nil || len(pts) != 1 {
			t.Fatalf("isl on %s: %v, %v", on, pts, err)
		}
		return pts[0].Value
	}
	if a, b := isl("train"), isl("test"); !(a < 0 && b < 0) || a == b {
		t.Errorf("isl on train %v, on test %v: want two different negative values", a, b)
	}
}

// TestHeldOutErrors checks the errors of a test set: a width that differs
// from the training set's, found by the checker when neither statement
// depends on an axis, by NewPlan when one does, and by Run for a job made
// otherwise; and a measure on the test set of a run without one.
func TestHeldOutErrors(t *testing.T) {
	for _, c := range []struct{ test, want string }{
		{"test bars_stripes(size = 3)", "lib.sweep:6:6: test set bars_stripes(duplicates = false, size = 3) has 9 columns, but the training set bars_stripes(duplicates = false, size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"},
		{"test mnist(skip = 9000, n = 1000)", "lib.sweep:6:6: test set mnist(dir = \"\", n = 1000, skip = 9000, threshold = 0.5, train = false) has 784 columns, but the training set bars_stripes(duplicates = false, size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"},
		{"test shifting_bar(n = 5, b = 1)", "lib.sweep:6:6: test set shifting_bar(b = 1, n = 5) has 5 columns, but the training set bars_stripes(duplicates = false, size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"},
		{"test bars_stripes(size = 2)\nmeasure loglik(on = tset)", "lib.sweep:7:21: parameter on: tset is not one of train, test"},
		{"measure loglik(on = test)", "lib.sweep:6:21: measure loglik scores the test set (on = test), but the sweep has no test statement: add a line test DATASET(…) naming the held-out data, e.g. test mnist(skip = 9000, n = 1000)"},
		{"measure recon(on = if $k == 1 then train else test)\naxis k = [1, 2]", "lib.sweep:6:47: measure recon scores the test set (on = test), but the sweep has no test statement: add a line test DATASET(…) naming the held-out data, e.g. test mnist(skip = 9000, n = 1000)"},
		{"axis on = [train, test]\nmeasure ais(on = $on)", "lib.sweep:7:18: measure ais scores the test set (on = $on, whose axis has the level test), but the sweep has no test statement: add a line test DATASET(…) naming the held-out data, e.g. test mnist(skip = 9000, n = 1000)"},
		{"test bars_stripes(size = 2)\ntest bars_stripes(size = 2)", "lib.sweep:7:1: duplicate test statement (first at 6:1)"},
		{"test bars_stripe(size = 2)", "lib.sweep:6:6: unknown dataset bars_stripe (did you mean bars_stripes?)"},
		{"test bars_stripes(size = 2, sise = 2)", "lib.sweep:6:29: unknown parameter sise of test dataset bars_stripes (did you mean size?)"},
		{"test mnist(skip = -1)", "lib.sweep:6:19: parameter skip = -1: want at least 0"},
		{"test mnist(binarize = sample)", "lib.sweep:6:23: parameter binarize: sample is not one of threshold, sampled, grey (did you mean sampled?)"},
	} {
		src := heldOutHead + c.test + "\n"
		if strings.HasPrefix(c.test, "test mnist") && !strings.Contains(c.want, "columns") {
			src = strings.Replace(src, "bars_stripes(size = 2)", "mnist(n = 100)", 1)
		}
		_, err := dsl.Compile("lib.sweep", []byte(src), library.Registry())
		if err == nil {
			t.Errorf("%s: no error, want %s", c.test, c.want)
		} else if got := errorLines(err); got != c.want+"\n" {
			t.Errorf("%s:\n got %s\nwant %s", c.test, got, c.want)
		}
	}

	// An axis: every run's width is checked when the plan is made.
	spec, err := dsl.Compile("lib.sweep", []byte(heldOutHead+"axis size = [2, 3]\ntest bars_stripes(size = $size)\n"), library.Registry())
	if err != nil {
		t.Fatal(err)
	}
	want := "dsl: lib.sweep:7:6: run 1: test set bars_stripes(duplicates = false, size = 3) has 9 columns, but the training set bars_stripes(duplicates = false, size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"
	if _, err := dsl.NewPlan(spec); err == nil || err.Error() != want {
		t.Errorf("axis of test sizes: NewPlan: %v, want %s", err, want)
	}

	// A job that the plan did not make: Run checks the widths it builds.
	job := libPlan(t, heldOutHead+"test bars_stripes(size = 2)\nmeasure loglik(on = test)\n").Jobs[0]
	job.Config.Test.Params["size"] = 3
	if _, err := library.Run(context.Background(), job); err == nil || !strings.Contains(err.Error(), "test set bars_stripes has 9 columns, but the training set bars_stripes has 4: a model of the one cannot score the other") {
		t.Errorf("Run with a test set of 9 columns: %v", err)
	}
	job.Config.Test = nil
	if _, err := library.Run(context.Background(), job); err == nil || !strings.Contains(err.Error(), "measure loglik: parameter on = test, but the run has no test set") {
		t.Errorf("Run of loglik on = test without a test set: %v", err)
	}
}

// TestHeldOutKeys checks that a parameter left out at its default (on =
// train, mnist's skip, binarize and seed) keeps a run's key, that a test
// statement changes it, and that the test set's arguments do.
func TestHeldOutKeys(t *testing.T) {
	key := func(src string) string { return libPlan(t, heldOutHead+src).Jobs[0].Key }
	plain := key("measure loglik\n")
	if k := key("measure loglik(on = train)\n"); k != plain {
		t.Errorf("on = train: key %s, want %s as without it", k, plain)
	}
	mnist := "seed 5\nupdates 30\ndata mnist(n = 100)\nmodel binary(hidden = 3)\nlearner cd\n"
	if a, b := libPlan(t, mnist).Jobs[0].Key, libPlan(t, strings.Replace(mnist, "n = 100", "n = 100, skip = 0, binarize = threshold, seed = 1", 1)).Jobs[0].Key; a != b {
		t.Errorf("mnist with skip, binarize and seed at their defaults: key %s, want %s", b, a)
	}
	seen := map[string]string{plain: "no test"}
	for _, src := range []string{
		"test bars_stripes(size = 2)\nmeasure loglik\n",
		"test bars_stripes(size = 2, duplicates = true)\nmeasure loglik\n",
		"test bars_stripes(size = 2)\nmeasure loglik(on = test)\n",
	} {
		k := key(src)
		if prev, dup := seen[k]; dup {
			t.Errorf("%q has the key %s of %q", src, k, prev)
		}
		seen[k] = src
	}
}

// TestHeldOutOverride checks -set on the test statement: test.P sets its
// parameter; a bare parameter that both data sets have is ambiguous.
func TestHeldOutOverride(t *testing.T) {
	src := heldOutHead + "test bars_stripes(size = 2)\nmeasure loglik(on = test)\n"
	spec, err := dsl.CompileWith("lib.sweep", []byte(src), library.Registry(), []string{"test.duplicates=true"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewPlan(spec)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Jobs[0].Config.Test.Params["duplicates"]; got != true {
		t.Errorf("-set test.duplicates=true: test params %v", p.Jobs[0].Config.Test.Params)
	}
	_, err = dsl.CompileWith("lib.sweep", []byte(src), library.Registry(), []string{"size=3"})
	if want := "-set size=3: size is a parameter of several parts of this sweep; say which: data.size or test.size"; err == nil || err.Error() != want {
		t.Errorf("-set size=3: %v, want %s", err, want)
	}
	_, err = dsl.CompileWith("lib.sweep", []byte(src), library.Registry(), []string{"test.size=3"})
	if want := "lib.sweep:6:6: test set bars_stripes(duplicates = false, size = 3) has 9 columns"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("-set test.size=3: %v, want %s…", err, want)
	}
}

// writeIDX writes a tiny MNIST test file pair into dir: n images whose
// pixel i (i < 784) is 255, pixels 200…249 grey 128, the rest 0, and
// labels i mod 10.
func writeIDX(t *testing.T, dir string, n int) {
	t.Helper()
	img := binary.BigEndian.AppendUint32(nil, 0x803)
	img = binary.BigEndian.AppendUint32(img, uint32(n))
	img = binary.BigEndian.AppendUint32(img, 28)
	img = binary.BigEndian.AppendUint32(img, 28)
	lab := binary.BigEndian.AppendUint32(nil, 0x801)
	lab = binary.BigEndian.AppendUint32(lab, uint32(n))
	for i := range n {
		px := make([]byte, 784)
		for j := 200; j < 250; j++ {
			px[j] = 128
		}
		px[i] = 255
		img = append(img, px...)
		lab = append(lab, byte(i%10))
	}
	if err := os.WriteFile(filepath.Join(dir, data.MNISTTestImages), img, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, data.MNISTTestLabels), lab, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMNISTSkipAndBinarize checks mnist's skip, binarize and seed on a
// file of 20 digits written here: skip and n take digits skip…skip+n−1;
// threshold binarises at the grey level; sampled draws each pixel with
// its grey level as probability, the same for the same seed; skip + n
// beyond the file is an error naming both and the file's size.
func TestMNISTSkipAndBinarize(t *testing.T) {
	dir := t.TempDir()
	writeIDX(t, dir, 20)
	get := func(p map[string]any) (*data.Set, error) {
		p["dir"] = dir
		return library.Dataset("mnist", p)
	}
	s, err := get(map[string]any{"skip": 5, "n": 3})
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 3 || s.Dim() != 784 || s.Labels[0] != 5 || s.Labels[2] != 7 {
		t.Fatalf("skip 5, n 3: %d digits of %d pixels, labels %v; want digits 5, 6, 7", s.Len(), s.Dim(), s.Labels)
	}
	for i := range 3 {
		if s.X.At(i, 5+i) != 1 || s.X.At(i, 200) != 1 || s.X.At(i, 4) != 0 {
			t.Errorf("skip 5: row %d is not digit %d thresholded", i, 5+i)
		}
	}
	if s, err := get(map[string]any{"skip": 15, "n": 0}); err != nil || s.Len() != 5 || s.Labels[0] != 5 {
		t.Errorf("skip 15, n 0: %v, %v; want the last 5 digits", s, err)
	}
	whole, err := get(map[string]any{"n": 20})
	if err != nil || whole.Len() != 20 {
		t.Fatalf("n 20: %v", err)
	}
	a, err := get(map[string]any{"skip": 2, "n": 8, "binarize": "sampled", "seed": 3})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := get(map[string]any{"skip": 2, "n": 8, "binarize": "sampled", "seed": 3})
	c, _ := get(map[string]any{"skip": 2, "n": 8, "binarize": "sampled", "seed": 4})
	ones, differ := 0, false
	for i := range 8 {
		for j := 200; j < 250; j++ {
			v := a.X.At(i, j)
			if v != 0 && v != 1 || v != b.X.At(i, j) {
				t.Fatalf("sampled: pixel (%d, %d) = %v, the same seed %v", i, j, v, b.X.At(i, j))
			}
			ones += int(v)
			differ = differ || v != c.X.At(i, j)
		}
		if a.X.At(i, 2+i) != 1 {
			t.Errorf("sampled: the black pixel of digit %d is %v", 2+i, a.X.At(i, 2+i))
		}
	}
	if ones < 100 || ones > 300 || !differ {
		t.Errorf("sampled: %d of 400 grey pixels (p ≈ 0.5) are 1, seeds 3 and 4 differ: %v", ones, differ)
	}
	for _, c := range []struct {
		p    map[string]any
		want string
	}{
		{map[string]any{"skip": 15, "n": 10}, "parameters skip = 15 and n = 10: t10k-images-idx3-ubyte holds 20 digits, fewer than skip + n = 25"},
		{map[string]any{"skip": 20, "n": 0}, "parameter skip = 20 with n = 0 (all the rest): t10k-images-idx3-ubyte holds 20 digits, none after the skipped ones"},
		{map[string]any{"n": 30}, "parameter n = 30: t10k-images-idx3-ubyte holds 20 digits"},
	} {
		if _, err := get(c.p); err == nil || err.Error() != c.want {
			t.Errorf("%v: %v, want %s", c.p, err, c.want)
		}
	}
}

// TestMNISTHeldOutSplit checks the split of the brief on the machine's
// 10,000 test digits: data mnist(n = 8000) and test mnist(skip = 9000, n
// = 1000) are disjoint slices of the file. It needs data/mnist.
func TestMNISTHeldOutSplit(t *testing.T) {
	dir, err := data.DefaultMNISTDir()
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, data.MNISTTestImages))
	}
	if err != nil {
		t.Skipf("no MNIST test digits (%v); run `make setup` (scripts/setup.sh) to create data/mnist", err)
	}
	all, err := library.Dataset("mnist", map[string]any{"n": 0})
	if err != nil {
		t.Fatal(err)
	}
	train, err := library.Dataset("mnist", map[string]any{"n": 8000})
	if err != nil {
		t.Fatal(err)
	}
	test, err := library.Dataset("mnist", map[string]any{"skip": 9000, "n": 1000})
	if err != nil {
		t.Fatal(err)
	}
	if all.Len() != 10000 || train.Len() != 8000 || test.Len() != 1000 {
		t.Fatalf("%d, %d, %d digits", all.Len(), train.Len(), test.Len())
	}
	for i := range 1000 {
		for j := range 784 {
			if test.X.At(i, j) != all.X.At(9000+i, j) {
				t.Fatalf("test digit %d differs from digit %d of the file at pixel %d", i, 9000+i, j)
			}
		}
		if test.Labels[i] != all.Labels[9000+i] {
			t.Fatalf("test label %d", i)
		}
	}
	if _, err := library.Dataset("mnist", map[string]any{"skip": 9500, "n": 1000}); err == nil || !strings.Contains(err.Error(), "holds 10000 digits, fewer than skip + n = 10500") {
		t.Errorf("skip 9500, n 1000: %v", err)
	}
}

// TestHeldOutDocExample checks the section Held-out data of
// docs/sweep.md: its sweep compiles into 15 runs whose measure scores the
// test set, and its two error messages are what the checker says (the
// first for the sweep without its test line).
func TestHeldOutDocExample(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "sweep.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	_, sec, ok := strings.Cut(doc, "## Held-out data\n")
	if !ok {
		t.Fatal("docs/sweep.md has no section Held-out data")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	_, src, _ := strings.Cut(sec, "```\n")
	src, _, _ = strings.Cut(src, "```")
	p := libPlan(t, src)
	if len(p.Jobs) != 15 || p.Jobs[0].Config.Test == nil || p.Jobs[0].Config.Measures[0].Params["on"] != "test" {
		t.Errorf("the example: %d runs, test %v, measures %v", len(p.Jobs), p.Jobs[0].Config.Test, p.Jobs[0].Config.Measures)
	}
	var lines []string
	for _, l := range strings.Split(sec, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "mnist.sweep:") || strings.HasPrefix(l, "t.sweep:") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 {
		t.Fatalf("%d error lines in the section, want 2", len(lines))
	}
	var noTest []string
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(l, "test ") {
			noTest = append(noTest, l)
		}
	}
	_, err = dsl.Compile("mnist.sweep", []byte(strings.Join(noTest, "\n")), library.Registry())
	if err == nil || errorLines(err) != lines[0]+"\n" {
		t.Errorf("without the test line:\n got %v\nwant %s", err, lines[0])
	}
	_, err = dsl.Compile("t.sweep", []byte("seed 1\nupdates 10\ndata  bars_stripes(size = 2)\ntest  bars_stripes(size = 3)\nmodel binary(hidden = 2)\nlearner cd\n"), library.Registry())
	if err == nil || errorLines(err) != lines[1]+"\n" {
		t.Errorf("widths:\n got %v\nwant %s", err, lines[1])
	}
}

// TestHeldOutSweepFolder runs a sweep with a test statement as `sweep
// run` does (dsl.RunSource with the library): each result file's
// configuration holds the test set, the folder's plan record its
// statement, the report summarises the test measure; a second run with
// another test set is another plan, refused with the change named.
func TestHeldOutSweepFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "h.sweep")
	src := heldOutHead + "repeat 2\ntest bars_stripes(size = 2, duplicates = true)\nmeasure loglik(on = test) every 10\nsummary mean, n of final loglik\n"
	sw, err := dsl.RunSource(context.Background(), file, []byte(src), library.Registry(), library.Run, &dsl.SourceOptions{Options: dsl.Options{Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Results) != 2 {
		t.Fatalf("%d results", len(sw.Results))
	}
	for _, r := range sw.Results {
		b, err := os.ReadFile(filepath.Join(sw.Dir, r.Key+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Config struct {
				Test *dsl.Part `json:"test"`
			} `json:"config"`
		}
		if err := json.Unmarshal(b, &file); err != nil || file.Config.Test == nil || file.Config.Test.Name != "bars_stripes" || file.Config.Test.Params["duplicates"] != true {
			t.Errorf("result file %s: test %+v, %v", r.Key, file.Config.Test, err)
		}
		if r.Config.Test == nil || r.Config.Test.Name != "bars_stripes" || len(r.Points) != 3 {
			t.Errorf("result %s: test %+v, %d points", r.Key, r.Config.Test, len(r.Points))
		}
		for _, q := range r.Points {
			if !(q.Value < 0) || math.IsInf(q.Value, 0) {
				t.Errorf("result %s: loglik on the test set %v", r.Key, q.Value)
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(sw.Dir, dsl.PlanFile))
	var rec dsl.PlanRecord
	if err == nil {
		err = json.Unmarshal(b, &rec)
	}
	if err != nil || rec.Components["test"] != "bars_stripes(duplicates = true, size = 2)" {
		t.Errorf("plan record: %v, %v", rec.Components, err)
	}
	if txt := sw.Report.Text(); !strings.Contains(txt, "final loglik") {
		t.Errorf("report:\n%s", txt)
	}
	other := strings.Replace(src, "duplicates = true", "duplicates = false", 1)
	_, err = dsl.RunSource(context.Background(), file, []byte(other), library.Registry(), library.Run, &dsl.SourceOptions{Options: dsl.Options{Workers: 1}})
	if err == nil || !strings.Contains(err.Error(), "test bars_stripes(duplicates = true, size = 2) → bars_stripes(duplicates = false, size = 2)") {
		t.Errorf("another test set in the same folder: %v", err)
	}
}

// TestHeldOutOnAxis checks the docs' way of scoring both sets: on as a
// compared axis gives two runs of one seed, the same model, each
// scoring its set exactly.
func TestHeldOutOnAxis(t *testing.T) {
	p := libPlan(t, heldOutHead+"test bars_stripes(size = 2, duplicates = true)\naxis on = [train, test]\nmeasure loglik(on = $on)\ncompare on test vs train on final loglik\n")
	if len(p.Jobs) != 2 || p.Jobs[0].Seed != p.Jobs[1].Seed {
		t.Fatalf("%d runs, want 2 of one seed", len(p.Jobs))
	}
	train, _ := library.Dataset("bars_stripes", map[string]any{"size": 2})
	var same []float64
	for i, params := range []map[string]any{{"size": 2}, {"size": 2, "duplicates": true}} {
		pts, m, err := library.RunTrained(context.Background(), p.Jobs[i])
		if err != nil {
			t.Fatal(err)
		}
		set, _ := library.Dataset("bars_stripes", params)
		want, _ := m.(*rbm.Binary).LogLikelihood(set.X)
		if len(pts) != 1 || pts[0].Value != want {
			t.Errorf("run %d (%v): %v, want %v", i, p.Jobs[i].Axes, pts, want)
		}
		ll, _ := m.(*rbm.Binary).LogLikelihood(train.X)
		same = append(same, ll)
	}
	if same[0] != same[1] {
		t.Errorf("the two runs trained different models: training log-likelihoods %v", same)
	}
}
