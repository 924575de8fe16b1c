package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestOrderedAssignForms: the assignments that yaegi ran in its own
// order (the left-hand side's index read before the right-hand side's
// call) and that front.orderedAssign left as they were: a comma-ok form
// on the right whose operands call (xs[k], ok = m[f()], f().(int)), a
// comma-ok map read into an element whose index calls (a[g()], ok =
// m[9] kept the element's old value for the missing key), a left-hand
// side whose calls come before an index ((*pa())[k] = h(), s().g[k] =
// h()), an if's, an else if's and a switch's init statement, and a for
// loop's post statement. The outputs are go run's for the same
// statements (in a main with the same declarations); each gave yaegi's
// answer before, silently (the first, a compile error).
func TestOrderedAssignForms(t *testing.T) {
	e := newExec(t)
	run(t, e, `import "fmt"
var xs = []int{0, 0}
var k = 0
var m = map[int]int{1: 10}
type S struct{ f int; g []int }
var sv = S{g: []int{0, 0}}
func f() int { k = 1; return 1 }
func fx() any { k = 1; return 5 }
func g() int { fmt.Println("g"); return 1 }
func h() int { fmt.Println("h"); k = 1; return 7 }
func s() *S { fmt.Println("s"); return &sv }`)
	checkOutputs(t, e, []outputCase{
		{"k = 0\nxs = []int{0, 0}\nvar ok bool\nxs[k], ok = m[f()]\nfmt.Println(xs, ok, k)", "[0 10] true 1\n"},
		{"k = 0\nxs = []int{0, 0}\nxs[k], ok = fx().(int)\nfmt.Println(xs, ok, k)", "[0 5] true 1\n"},
		{"k = 0\nxs = []int{0, 0}\nxs[k], ok = m[h()]\nfmt.Println(xs, ok)", "h\n[0 0] false\n"},
		{"xs = []int{5, 5}\nxs[g()], ok = m[9]\nfmt.Println(xs, ok)", "g\n[5 0] false\n"},
		{"mp := map[int]int{1: 5}\nmp[g()], ok = m[9]\nfmt.Println(mp, ok)", "g\nmap[1:0] false\n"},
		{"k = 0\narr := [2]int{}\npa := func() *[2]int { fmt.Println(\"pa\"); return &arr }\n(*pa())[k] = h()\nfmt.Println(arr)", "pa\nh\n[0 7]\n"},
		{"k = 0\ns().g[k] = h()\nfmt.Println(sv)", "s\nh\n{0 [0 7]}\n"},
		{"k = 0\nxs = []int{0, 0}\nif xs[k] = h(); k > 0 {\n\tfmt.Println(xs)\n}", "h\n[0 7]\n"},
		{"k = 0\nxs = []int{0, 0}\nif k > 3 {\n} else if xs[k] = h(); k > 0 {\n\tfmt.Println(xs)\n}", "h\n[0 7]\n"},
		{"func sw() {\n\tk = 0\n\txs = []int{0, 0}\nL:\n\tswitch xs[k] = h(); k {\n\tcase 1:\n\t\tfmt.Println(xs)\n\t\tbreak L\n\t}\n}\nsw()", "h\n[0 7]\n"},
		{"k = 0\nxs = []int{0, 0, 0}\nfor i := 0; i < 2; xs[k] = h() {\n\ti++\n\tk = 0\n}\nfmt.Println(xs)", "h\nh\n[0 7 0]\n"},
		// Common forms are unchanged.
		{"grid := [][]float64{{0, 0}}\ngrid[0][1] = float64(g())\nv, ok2 := m[1]\nfmt.Println(grid, v, ok2)", "g\n[[0 1]] 10 true\n"},
	})
	// The index is checked where Go checks it, after the call: the
	// traceback names the statement.
	run(t, e, "func h5() int { k = 5; return 7 }")
	for _, c := range []struct{ code, where, line string }{
		{"k = 0\nxs = []int{0, 0}\nfor i := 0; i < 2; xs[k] = h5() {\n\ti++\n}", "cell line 3, column 20, in the cell", "    for i := 0; i < 2; xs[k] = h5() {"},
		{"k = 0\nif xs[k] = h5(); k > 0 {\n}", "cell line 2, column 4, in the cell", "    if xs[k] = h5(); k > 0 {"},
		{"k = 0\nvar ok3 bool\nxs[k], ok3 = m[h5()]", "cell line 3, column 1, in the cell", "    xs[k], ok3 = m[h5()]"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		value := "runtime error: index out of range [5] with length 2"
		if ee.Value != value {
			t.Errorf("%q: value %q, want %q", c.code, ee.Value, value)
		}
		if want := c.where + ": panic: " + value; len(ee.Traceback) < 2 || ee.Traceback[0] != want || ee.Traceback[1] != c.line {
			t.Errorf("%q: traceback %q, want it to start with %q, %q", c.code, ee.Traceback, want, c.line)
		}
	}
}

// TestTopLevelDeferRefused: a defer directly in a cell's statements is
// refused before anything runs (yaegi kept the call in the session's
// frame and ran it again at the end of every later cell; with an
// argument that is not a constant, it ran at once). So is one in a
// top-level compound statement that other statements follow: it ran when
// the statement ended, before them (`for … { defer fmt.Print("d", i) };
// fmt.Println()` printed "d2 d1 d0 " first; go run prints it last). In a
// function, and in a compound statement that ends the cell, defer runs.
func TestTopLevelDeferRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, `import "fmt"`)
	for _, c := range []struct{ code, where string }{
		{"defer fmt.Println(\"deferred\")\nfmt.Println(\"a\")", "cell line 1, column 1"},
		{"x := 1\nfmt.Println(x)\ndefer fmt.Println(x)", "cell line 3, column 1"},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		msg := "defer at the top level of a cell cannot run as Go runs it: a cell is not a function, and the interpreter would run the call again after every later cell; put the statements in a function and call it (func run() { …; defer f.Close(); … }; run()), or make the call at the end of the cell"
		if ee.Name != "CompileError" || ee.Value != msg || len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], c.where+": ") {
			t.Errorf("%q: %s %q %q, want a CompileError at %s: %s", c.code, ee.Name, ee.Value, ee.Traceback, c.where, msg)
		}
		if got := rec.stream("stdout"); got != "" {
			t.Errorf("%q printed %q before the refusal", c.code, got)
		}
	}
	for _, c := range []struct{ code, where string }{
		{"for i := 0; i < 3; i++ {\n\tdefer fmt.Print(\"d\", i, \" \")\n}\nfmt.Println()", "cell line 2, column 2"},
		{"if true {\n\tdefer fmt.Println(\"in if\")\n}\nfmt.Println(\"after\")", "cell line 2, column 2"},
		{"{\n\tfor range 2 {\n\t\tdefer fmt.Println(\"nested\")\n\t}\n}\nx := 1\nx", "cell line 3, column 3"},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee.Name != "CompileError" || !strings.HasPrefix(ee.Value, "defer in a statement at the top level of a cell runs when that statement ends") ||
			len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], c.where+": ") {
			t.Errorf("%q: %s %q %q, want the refusal at %s", c.code, ee.Name, ee.Value, ee.Traceback, c.where)
		}
		if got := rec.stream("stdout"); got != "" {
			t.Errorf("%q printed %q before the refusal", c.code, got)
		}
	}
	// A compound statement that ends the cell runs its deferred calls at
	// the end of the cell, as Go: go run's b0 b1 a1 a0.
	if _, rec := run(t, e, "for i := range 2 {\n\t{\n\t\tdefer fmt.Print(\"a\", i, \" \")\n\t}\n\tfmt.Print(\"b\", i, \" \")\n}"); rec.stream("stdout") != "b0 b1 a1 a0 " {
		t.Errorf("printed %q, want \"b0 b1 a1 a0 \"", rec.stream("stdout"))
	}
	_, rec := run(t, e, "func closeAll() {\n\tdefer fmt.Println(\"closed\")\n\tfmt.Println(\"open\")\n}\ncloseAll()\nfor i := 0; i < 1; i++ {\n\tdefer fmt.Println(\"loop\")\n}")
	if got, want := rec.stream("stdout"), "open\nclosed\nloop\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	if _, rec := run(t, e, "fmt.Println(\"next\")"); rec.stream("stdout") != "next\n" {
		t.Errorf("a later cell printed %q", rec.stream("stdout"))
	}
}

// TestDeferredFunctionAndReceiver: a deferred call's function value and
// a method's receiver are evaluated at the defer statement, as Go does:
// yaegi read them when the call ran, so a variable, a field or an
// element holding the function, or the receiver, assigned after the
// defer statement gave the later value (value b, show 2, add 11 twice,
// pshow 2 for a pointer reassigned, builtin map[1:1] for delete(m, k)
// with k changed), silently. The outputs are go run's for the same
// functions; a function value of an interface's method, a closure that
// sets a named result, and a method with a pointer receiver of a
// variable that is assigned again (Go's &t is the same) were right and
// stay so.
func TestDeferredFunctionAndReceiver(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\n"+"type T struct{ v int }\n\nfunc (t T) Show()     { fmt.Println(\"show\", t.v) }\nfunc (t *T) PShow()   { fmt.Println(\"pshow\", t.v) }\nfunc (t T) Add(x int) { fmt.Println(\"add\", t.v+x) }\n\ntype Shower interface{ Show() }\ntype C struct{ inner T }\ntype H struct{ f func() }\n\nfunc valueReassigned() {\n\tf := func() { fmt.Println(\"value a\") }\n\tdefer f()\n\tf = func() { fmt.Println(\"value b\") }\n}\n\nfunc receiverReassigned() {\n\tr := T{1}\n\tdefer r.Show()\n\tr = T{2}\n}\n\nfunc receiverMutated() {\n\tt := T{1}\n\tdefer t.Show()\n\tdefer t.PShow()\n\tt.v = 2\n}\n\nfunc receiverWithArgsInLoop() {\n\tfor i := 0; i < 2; i++ {\n\t\tr := T{i}\n\t\tdefer r.Add(10)\n\t}\n}\n\nfunc pointerReassigned() {\n\tp := &T{1}\n\tdefer p.PShow()\n\tp = &T{2}\n}\n\nfunc fieldReceiver() {\n\tc := C{T{1}}\n\tdefer c.inner.Show()\n\tc.inner = T{2}\n}\n\nfunc addressTaken() {\n\tt := T{1}\n\tdefer t.PShow()\n\tt = T{2}\n}\n\nfunc elementValue() {\n\tfs := []func(){func() { fmt.Println(\"element a\") }}\n\tdefer fs[0]()\n\tfs[0] = func() { fmt.Println(\"element b\") }\n}\n\nfunc fieldValue() {\n\th := H{func() { fmt.Println(\"field a\") }}\n\tdefer h.f()\n\th.f = func() { fmt.Println(\"field b\") }\n}\n\nfunc builtinArgs() {\n\tm := map[int]int{1: 1, 2: 2}\n\tk := 1\n\tdefer func() { fmt.Println(\"builtin\", m) }()\n\tdefer delete(m, k)\n\tk = 2\n}\n\nfunc elementReceiverInLoop() {\n\tts := []T{{1}, {2}}\n\tfor i := range ts {\n\t\tdefer ts[i].Show()\n\t}\n}\n\nfunc methodValueReassigned() {\n\tt := T{1}\n\tshow := t.Show\n\tdefer show()\n\tt = T{2}\n\tshow = t.Show\n}\n\nfunc interfaceInLoop() {\n\tshs := []Shower{T{1}, T{2}}\n\tfor _, s := range shs {\n\t\tdefer s.Show()\n\t}\n}\n\nfunc namedResult() (r int) {\n\tfor i := 0; i < 2; i++ {\n\t\tset := func() { r += 10 + i }\n\t\tdefer set()\n\t}\n\treturn 1\n}\n")
	checkOutputs(t, e, []outputCase{
		{"valueReassigned()", "value a\n"},
		{"receiverReassigned()", "show 1\n"},
		{"receiverMutated()", "pshow 2\nshow 1\n"},
		{"receiverWithArgsInLoop()", "add 11\nadd 10\n"},
		{"pointerReassigned()", "pshow 1\n"},
		{"fieldReceiver()", "show 1\n"},
		{"addressTaken()", "pshow 2\n"},
		{"elementValue()", "element a\n"},
		{"fieldValue()", "field a\n"},
		{"builtinArgs()", "builtin map[2:2]\n"},
		{"elementReceiverInLoop()", "show 2\nshow 1\n"},
		{"methodValueReassigned()", "show 1\n"},
		{"interfaceInLoop()", "show 2\nshow 1\n"},
		{"fmt.Println(\"named\", namedResult())", "named 22\n"},
	})
}

// TestStructAssignKeepsStorage: assigning a whole struct to a variable
// keeps the variable's storage, as in Go: yaegi gave it new storage when
// a struct literal, another variable or one of several values was
// assigned, so a pointer taken before and a closure that uses the
// variable kept the old value (1, 1, 2, 0 and 1 below), silently. The
// front end assigns through the address (front.structAssigns). Outputs
// are go run's.
func TestStructAssignKeepsStorage(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\ntype T struct{ v int; s string }\ntype O struct{ in T }\nfunc mk() T { return T{8, \"h\"} }")
	checkOutputs(t, e, []outputCase{
		{"func r1() {\n\tt := T{1, \"a\"}\n\tf := func() int { return t.v }\n\tp := &t\n\tt = T{2, \"b\"}\n\tfmt.Println(f(), p.v)\n\tu := T{3, \"c\"}\n\tt = u\n\tu.v = 4\n\tfmt.Println(f(), p.v)\n}\nr1()", "2 2\n3 3\n"},
		{"func r2() {\n\to := O{T{1, \"a\"}}\n\tpo := &o\n\to = O{T{3, \"c\"}}\n\tvar t2 T\n\tp2 := &t2\n\tt2, _ = T{5, \"e\"}, 1\n\tt3 := T{}\n\tp3 := &t3\n\tt3 = mk()\n\tfmt.Println(po.in.v, p2.v, p3.v)\n}\nr2()", "3 5 8\n"},
		{"g := T{1, \"a\"}\npg := &g\ng = T{2, \"b\"}\nfmt.Println(pg.v)", "2\n"},
		{"type A struct{ a [2]int }\nfunc r4() int {\n\tx := A{[2]int{1, 2}}\n\ts := x.a[:]\n\tx = A{[2]int{3, 4}}\n\treturn s[0]\n}\nfmt.Println(r4())", "3\n"},
		{"var m = map[int]T{1: {7, \"g\"}}\nvar ok bool\nfunc r3() (T, bool) {\n\tt := T{1, \"a\"}\n\tp := &t\n\tt, ok = m[2]\n\treturn *p, ok\n}\nfmt.Println(r3())", "{0 } false\n"},
	})
}

// TestAnyArgumentHoldsACopy: a value of a session type with methods
// passed to a parameter of type any is a copy, as Go passes it: yaegi
// kept a reference to the variable, so a function that keeps its
// argument kept the loop's last value ([{2} {2} {2}]; with the whole
// struct assigned, which structAssigns writes in place, as well as with
// a field assigned), silently. Outputs are go run's.
func TestAnyArgumentHoldsACopy(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\ntype R struct{ V int }\nfunc (r R) Area() float64 { return float64(r.V) }\nvar kept []any\nfunc keep(x any) { kept = append(kept, x) }\nfunc keepAll(xs ...any) { kept = append(kept, xs...) }\nvar r R")
	checkOutputs(t, e, []outputCase{
		{"kept = nil\nfor i := 0; i < 3; i++ {\n\tr = R{i}\n\tkeep(r)\n}\nfmt.Println(kept)", "[{0} {1} {2}]\n"},
		{"kept = nil\nfor i := 0; i < 3; i++ {\n\tr.V = i\n\tkeep(r)\n\tkeepAll(r)\n}\nfmt.Println(kept)", "[{0} {0} {1} {1} {2} {2}]\n"},
		{"func local() []any {\n\tvar out []any\n\tvar q R\n\tp := &q\n\tfor i := 0; i < 3; i++ {\n\t\tq = R{i}\n\t\tkeep(q)\n\t\tout = append(out, p.V)\n\t}\n\treturn out\n}\nkept = nil\nfmt.Println(local(), kept)", "[0 1 2] [{0} {1} {2}]\n"},
	})
}
