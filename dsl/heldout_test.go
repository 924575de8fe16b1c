package dsl

import (
	"encoding/json"
	"strings"
	"testing"
)

// heldOutRegistry is testRegistry with data set widths and a measure that
// takes on, as the library's.
func heldOutRegistry(t testing.TB) *MapRegistry {
	t.Helper()
	on := Param{Name: OnParam, Type: TypeName, Default: "train", Values: []string{"train", "test"}, OmitDefault: true}
	r, err := NewMapRegistry(
		&Entry{Kind: KindDataset, Name: "bars_stripes", Params: []Param{{Name: "size", Type: TypeInt, Default: 4}},
			Width: func(p map[string]any) int { d, _ := p["size"].(int); return d * d }},
		&Entry{Kind: KindDataset, Name: "digits", Params: []Param{{Name: "skip", Type: TypeInt, Default: 0, OmitDefault: true}, {Name: "n", Type: TypeInt, Default: 100}},
			Width: func(map[string]any) int { return 784 }},
		&Entry{Kind: KindDataset, Name: "unknown_width"},
		&Entry{Kind: KindModel, Name: "binary", Params: []Param{{Name: "hidden", Type: TypeInt}}},
		&Entry{Kind: KindLearner, Name: "cd", Params: []Param{{Name: "k", Type: TypeInt, Default: 1}}},
		&Entry{Kind: KindMeasure, Name: "loglik", Better: "higher", Params: []Param{on}},
		&Entry{Kind: KindMeasure, Name: "recon", Better: "lower", Params: []Param{on}},
		&Entry{Kind: KindMeasure, Name: "tau"},
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const heldOutSweep = `seed 1
updates 100
data digits(n = 8000)
test digits(skip = 9000, n = 1000)
model binary(hidden = 10)
learner cd
measure loglik(on = test) every 50
measure recon
`

// TestParseTestStatement: test is a component statement of a data set,
// with arguments, a head from an axis, and the word it was written with.
func TestParseTestStatement(t *testing.T) {
	f, err := ParseFile("t.sweep", []byte("test $set(n = if $set == digits then 5 else 6)\ndata digits\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, ok := f.Stmts[0].(*ComponentStmt)
	if !ok || s.Kind != KindDataset || !s.Test || s.Word() != "test" || len(s.Args) != 1 {
		t.Fatalf("test statement parsed as %#v", f.Stmts[0])
	}
	if h, ok := s.Head.(*AxisRef); !ok || h.Name != "set" || h.At.Column != 6 {
		t.Errorf("head %#v", s.Head)
	}
	if d := f.Stmts[1].(*ComponentStmt); d.Test || d.Word() != "data" {
		t.Errorf("data statement: Test %v, word %s", d.Test, d.Word())
	}
	for src, want := range map[string]string{
		"test\n":             "t.sweep:1:5: expected dataset name or $axis, found newline",
		"test digits(n 5)\n": "t.sweep:1:15: expected '=', found integer 5",
		"tset digits\n":      "t.sweep:1:1: unknown statement tset",
	} {
		if _, err := ParseFile("t.sweep", []byte(src)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", src, err, want)
		}
	}
}

// TestHeldOutPlan checks the plan of a sweep with a test statement: the
// configuration carries the test set with its parameters (skip 0 left
// out at its default, a measure's on = train too), and the JSON of a
// configuration without one has no test field.
func TestHeldOutPlan(t *testing.T) {
	spec, err := Compile("t.sweep", []byte(heldOutSweep), heldOutRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	if spec.Test == nil || !spec.Test.Test || spec.Data.Test {
		t.Fatalf("Spec.Test %+v, Spec.Data %+v", spec.Test, spec.Data)
	}
	p, err := NewPlan(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(p.Jobs[0].Config)
	want := `{"data":{"name":"digits","params":{"n":8000}},"test":{"name":"digits","params":{"n":1000,"skip":9000}},"model":{"name":"binary","params":{"hidden":10}},"learner":{"name":"cd","params":{"k":1}},"updates":100,"measures":[{"name":"loglik","params":{"on":"test"},"every":50},{"name":"recon","params":{}}]}`
	if string(b) != want {
		t.Errorf("config\n got %s\nwant %s", b, want)
	}
	noTest := strings.Replace(strings.Replace(heldOutSweep, "test digits(skip = 9000, n = 1000)\n", "", 1), "on = test", "on = train", 1)
	b, _ = json.Marshal(mustPlanWith(t, noTest, heldOutRegistry(t)).Jobs[0].Config)
	if strings.Contains(string(b), "test") || strings.Contains(string(b), `"on"`) {
		t.Errorf("config without a test statement: %s", b)
	}
}

// TestHeldOutKeysAndRecord: the test set's arguments are part of the run
// keys and of the plan record, whose Changes name the test statement; a
// sweep without one has no "test" component in its record.
func TestHeldOutKeysAndRecord(t *testing.T) {
	reg := heldOutRegistry(t)
	a := mustPlanWith(t, heldOutSweep, reg)
	b := mustPlanWith(t, strings.Replace(heldOutSweep, "n = 1000", "n = 500", 1), reg)
	if a.Jobs[0].Key == b.Jobs[0].Key || a.Jobs[0].Seed != b.Jobs[0].Seed {
		t.Errorf("test n 1000: key %s seed %d; n 500: key %s seed %d; want other keys, the same seed", a.Jobs[0].Key, a.Jobs[0].Seed, b.Jobs[0].Key, b.Jobs[0].Seed)
	}
	ra, rb := a.Record(), b.Record()
	if got := ra.Components["test"]; got != "digits(n = 1000, skip = 9000)" {
		t.Errorf("record: test %q", got)
	}
	if ch := ra.Changes(rb); len(ch) != 1 || ch[0] != "test digits(n = 1000, skip = 9000) → digits(n = 500, skip = 9000)" {
		t.Errorf("changes %q", ch)
	}
	if ra.Grows(rb) {
		t.Error("a plan with another test set grows the first")
	}
	noTest := mustPlanWith(t, strings.Replace(heldOutSweep, "on = test", "on = train", 1), reg)
	noTest.Spec.Test = nil
	if _, ok := noTest.Record().Components["test"]; ok {
		t.Error("a record without a test statement has a test component")
	}
}

// TestHeldOutCheckErrors checks the errors of the test statement and of
// on, with their positions.
func TestHeldOutCheckErrors(t *testing.T) {
	head := "seed 1\nupdates 10\ndata bars_stripes(size = 2)\nmodel binary(hidden = 2)\nlearner cd\n"
	noTest := "but the sweep has no test statement: add a line test DATASET(…) naming the held-out data, e.g. test mnist(skip = 9000, n = 1000)"
	for _, c := range []struct{ src, want string }{
		{"measure loglik(on = test)", "t.sweep:6:21: measure loglik scores the test set (on = test), " + noTest},
		{"measure loglik(on = train)\nmeasure recon(on = test)", "t.sweep:7:20: measure recon scores the test set (on = test), " + noTest},
		{"axis on = [train, test]\nmeasure loglik(on = $on)", "t.sweep:7:21: measure loglik scores the test set (on = $on, whose axis has the level test), " + noTest},
		{"measure tau(on = test)", "t.sweep:6:13: unknown parameter on of measure tau"},
		{"test bars_stripes(size = 3)", "t.sweep:6:6: test set bars_stripes(size = 3) has 9 columns, but the training set bars_stripes(size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"},
		{"test digits", "t.sweep:6:6: test set digits(n = 100) has 784 columns, but the training set bars_stripes(size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"},
		{"test bars_stripes(size = 2)\ntest bars_stripes(size = 2)", "t.sweep:7:1: duplicate test statement (first at 6:1)"},
		{"test bars_stripe(size = 2)", "t.sweep:6:6: unknown dataset bars_stripe (did you mean bars_stripes?)"},
		{"test bars_stripes(sise = 2)", "t.sweep:6:19: unknown parameter sise of test dataset bars_stripes (did you mean size?)"},
		{"test binary", "t.sweep:6:6: unknown dataset binary"},
	} {
		_, err := Compile("t.sweep", []byte(head+c.src+"\n"), heldOutRegistry(t))
		if err == nil {
			t.Errorf("%s: no error, want %s", c.src, c.want)
		} else if got := errorLines(err); got != c.want+"\n" {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	// Accepted: a test set whose width the registry does not know, one of
	// the training set's width, on from an axis with a test statement.
	for _, src := range []string{
		"test unknown_width",
		"test bars_stripes(size = 2)\naxis on = [train, test]\nmeasure loglik(on = $on)",
	} {
		if _, err := Compile("t.sweep", []byte(head+src+"\n"), heldOutRegistry(t)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
	// Widths from an axis: NewPlan checks each run's.
	spec, err := Compile("t.sweep", []byte(head+"axis size = [2, 3]\ntest bars_stripes(size = $size)\n"), heldOutRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	want := "dsl: t.sweep:7:6: run 1: test set bars_stripes(size = 3) has 9 columns, but the training set bars_stripes(size = 2) (data, line 3) has 4: a model of the one cannot score the other; give the test set the training set's width"
	if _, err := NewPlan(spec); err == nil || err.Error() != want {
		t.Errorf("NewPlan: %v\nwant %s", err, want)
	}
}

// TestHeldOutOverrideTargets: -set test.P sets the test statement's
// parameter, and a bare parameter of both data sets asks which.
func TestHeldOutOverrideTargets(t *testing.T) {
	reg := heldOutRegistry(t)
	spec, err := CompileWith("t.sweep", []byte(heldOutSweep), reg, []string{"test.n=200", "data.skip=5"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(spec)
	if err != nil {
		t.Fatal(err)
	}
	if c := p.Jobs[0].Config; c.Test.Params["n"] != 200 || c.Data.Params["skip"] != 5 || c.Test.Params["skip"] != 9000 {
		t.Errorf("data %v, test %v", c.Data.Params, c.Test.Params)
	}
	for set, want := range map[string]string{
		"n=5":           "-set n=5: n is a parameter of several parts of this sweep; say which: data.n or test.n",
		"test.size=5":   "-set test.size=5: unknown parameter size of test digits",
		"tset.n=5":      "-set tset.n=5: tset is not a component or measurement of this sweep (have: data, test, model, learner, loglik, recon)",
		"loglik.on=tst": "-set loglik.on:1:1: parameter on: tst is not one of train, test (did you mean test?)",
	} {
		_, err := CompileWith("t.sweep", []byte(heldOutSweep), reg, []string{set})
		if err == nil || errorLines(err) != want+"\n" {
			t.Errorf("-set %s: %v\nwant %s", set, err, want)
		}
	}
}

// TestRegistryHeldOutFields: Width belongs to data sets, OmitDefault
// needs a default.
func TestRegistryHeldOutFields(t *testing.T) {
	for _, c := range []struct {
		e    *Entry
		want string
	}{
		{&Entry{Kind: KindModel, Name: "m", Width: func(map[string]any) int { return 1 }}, `dsl: model "m": only a data set has a width`},
		{&Entry{Kind: KindMeasure, Name: "x", Params: []Param{{Name: "on", Type: TypeName, OmitDefault: true}}}, `dsl: measure "x": parameter "on" is left out at its default but has none`},
	} {
		if _, err := NewMapRegistry(c.e); err == nil || err.Error() != c.want {
			t.Errorf("%v, want %s", err, c.want)
		}
	}
}
