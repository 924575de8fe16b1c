package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestPanicLineAndMessage: a panic of top-level code names the statement
// that failed, and a runtime error reads as Go's.
func TestPanicLineAndMessage(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ code, value, where string }{
		{"x := 1\ny := 0\nz := x / y\n_ = z", "runtime error: integer divide by zero", "cell line 3, column 1, in the cell"},
		{"xs := []int{1}\ni := 5\nxs[i]", "runtime error: index out of range", "cell line 3, column 1, in the cell"},
		{"var p *struct{ A int }\n\np.A", "runtime error: invalid memory address or nil pointer dereference", "cell line 3, column 1, in the cell"},
		{"var x any = 3\n_ = x.(string)", "interface conversion: interface {} is int, not string", "cell line 2, column 1, in the cell"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee == nil {
			continue
		}
		if !strings.HasPrefix(ee.Value, c.value) {
			t.Errorf("%q: value %q, want it to start with %q", c.code, ee.Value, c.value)
		}
		if len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], c.where) {
			t.Errorf("%q: traceback %q, want it to start with %q", c.code, ee.Traceback, c.where)
		}
	}
}

// TestDeferEvaluatesAtTheStatement: a deferred call's function and
// arguments are evaluated at the defer statement, as Go does (yaegi did
// it when the call ran).
func TestDeferEvaluatesAtTheStatement(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ code, want string }{
		{"func f6() (s string) {\n\tx := 10\n\tdefer func(v int) { s = fmt.Sprint(v) }(x)\n\tx = 20\n\treturn\n}\nf6()", `"10"`},
		{"func k() (s string) {\n\tvar sb strings.Builder\n\tfunc() {\n\t\tfor i := range 3 {\n\t\t\tdefer fmt.Fprint(&sb, i)\n\t\t}\n\t}()\n\treturn sb.String()\n}\nk()", `"210"`},
		{"func gf(f float64) float64 { return f }\nfunc hh() (r float64) {\n\tdefer func(f float64) { r = gf(f) }(3 * 2)\n\treturn\n}\nhh()", "6"},
		{"func g() (out []int) {\n\tfor i := 0; i < 3; i++ {\n\t\tdefer func() { out = append(out, i) }()\n\t}\n\treturn\n}\ng()", "[2 1 0]"},
		{"func g2() (s string) {\n\tfor _, w := range []string{\"a\", \"b\"} {\n\t\tdefer func() { s += w }()\n\t}\n\treturn\n}\ng2()", `"ba"`},
		{"func w() string {\n\tvar sb strings.Builder\n\tfunc() {\n\t\tx := \"a\"\n\t\tdefer sb.WriteString(x)\n\t\tx = \"b\"\n\t}()\n\treturn sb.String()\n}\nw()", `"a"`},
		// A method's receiver in a loop: a pointer, a value whose method
		// has a pointer receiver (&p), and a value receiver.
		{"type res struct {\n\tname string\n\tlog  *[]string\n}\n\nfunc (r *res) Close() { *r.log = append(*r.log, \"close \"+r.name) }\n\ntype vres struct {\n\tname string\n\tlog  *[]string\n}\n\nfunc (r vres) Close() { *r.log = append(*r.log, \"vclose \"+r.name) }\n\nfunc openAll(names []string) (log []string) {\n\tfor _, n := range names {\n\t\tr := &res{n, &log}\n\t\tdefer r.Close()\n\t\tv := vres{n, &log}\n\t\tdefer v.Close()\n\t\tp := res{n + \"p\", &log}\n\t\tdefer p.Close()\n\t}\n\tlog = append(log, \"opened\")\n\treturn log\n}\n\nvar closed []string\n\nfunc closeAll() { closed = openAll([]string{\"x\", \"y\"}) }\ncloseAll()\nclosed",
			"[opened close yp vclose y close y close xp vclose x close x]"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestBoundsMessages: an index or slice out of range reads as Go's
// runtime error, with the index and the length or capacity (yaegi's
// reflect gave neither), and the traceback names the expression that
// failed: in a loop, and in a function of an earlier cell, with that
// cell's line. Go's messages are go run's; so are nil dereferences
// through an interface's method and a nil function.
func TestBoundsMessages(t *testing.T) {
	e := newExec(t)
	run(t, e, "func get(xs []int, i int) int {\n\treturn xs[i]\n}")
	for _, c := range []struct{ code, value, where, line string }{
		{"xs := []int{1}\ni := 5\nxs[i]", "runtime error: index out of range [5] with length 1", "cell line 3, column 1, in the cell", "    xs[i]"},
		{"ws := []int{1}\nfor k := 0; k < 10; k++ {\n\t_ = ws[k]\n}", "runtime error: index out of range [1] with length 1", "cell line 3, column 6, in the cell", "     _ = ws[k]"},
		{"get([]int{1}, 5)", "runtime error: index out of range [5] with length 1", "cell line 2, column 9 of an earlier cell, in get", "     return xs[i]"},
		{"var a [3]int\nn := -1\na[n] = 2", "runtime error: index out of range [-1]", "cell line 3, column 1, in the cell", "    a[n] = 2"},
		{"s := \"héllo\"\nfor k := range 9 {\n\t_ = s[k]\n}", "runtime error: index out of range [6] with length 6", "cell line 3, column 6, in the cell", "     _ = s[k]"},
		{"ys := make([]int, 2, 3)\nj := 7\nys[1:j]", "runtime error: slice bounds out of range [:7] with capacity 3", "cell line 3, column 1, in the cell", "    ys[1:j]"},
		{"str := \"a\"\nhi := 7\nstr[1:hi]", "runtime error: slice bounds out of range [:7] with length 1", "cell line 3, column 1, in the cell", "    str[1:hi]"},
		{"zs := make([]int, 2, 4)\nlo := 3\nzs[lo:]", "runtime error: slice bounds out of range [3:2]", "cell line 3, column 1, in the cell", "    zs[lo:]"},
		{"vs := make([]int, 2, 4)\nm := 9\nvs[0:1:m]", "runtime error: slice bounds out of range [::9] with capacity 4", "cell line 3, column 1, in the cell", "    vs[0:1:m]"},
		{"var err error\nerr.Error()", "runtime error: invalid memory address or nil pointer dereference", "cell line 2, column 1, in the cell", ""},
		{"var f func()\nf()", "runtime error: invalid memory address or nil pointer dereference", "cell line 2, column 1, in the cell", ""},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee == nil {
			continue
		}
		if ee.Value != c.value {
			t.Errorf("%q: value %q, want %q", c.code, ee.Value, c.value)
		}
		if want := c.where + ": panic: " + c.value; len(ee.Traceback) == 0 || ee.Traceback[0] != want {
			t.Errorf("%q: traceback %q, want it to start with %q", c.code, ee.Traceback, want)
		} else if c.line != "" && (len(ee.Traceback) < 2 || ee.Traceback[1] != c.line) {
			t.Errorf("%q: traceback %q, want the source line %q", c.code, ee.Traceback, c.line)
		}
	}
}

// TestBoundsInPlace: an index that cannot be checked before its
// statement (in a loop's header, an "else if" condition, an if or switch
// with an init statement, on the right of &&, after a call of the
// statement) is checked where it is evaluated, with Go's message and
// the index expression's position (go run of the same code gives the
// same messages). yaegi's reflect message was given before, at the
// statement's start.
func TestBoundsInPlace(t *testing.T) {
	e := newExec(t)
	run(t, e, "func one() int { return 1 }")
	run(t, e, "func first(xs []int, k int) int {\n\tfor i := 0; i < xs[k]; i++ {\n\t\treturn i\n\t}\n\treturn -1\n}")
	for _, c := range []struct{ code, value, where, line string }{
		{"xs := []int{1}\nk := 5\nfor i := 0; i < xs[k]; i++ {\n}", "index out of range [5] with length 1", "cell line 3, column 17, in the cell", "    for i := 0; i < xs[k]; i++ {"},
		{"xs := [][]int{{1}}\nk := 5\nfor _, v := range xs[k] {\n\t_ = v\n}", "index out of range [5] with length 1", "cell line 3, column 19, in the cell", "    for _, v := range xs[k] {"},
		{"xs := []int{1}\nk := 5\nfor i := 0; i < 3; i += xs[k] {\n}", "index out of range [5] with length 1", "cell line 3, column 25, in the cell", "    for i := 0; i < 3; i += xs[k] {"},
		{"xs := []int{1}\nk := 5\ny := one() + xs[k]\n_ = y", "index out of range [5] with length 1", "cell line 3, column 14, in the cell", "    y := one() + xs[k]"},
		{"xs := []int{1}\nk := 5\nif k == 0 {\n} else if xs[k] == 2 {\n}", "index out of range [5] with length 1", "cell line 4, column 11, in the cell", "    } else if xs[k] == 2 {"},
		{"xs := []int{1}\nk := 5\nif k > 0 && xs[k] == 1 {\n}", "index out of range [5] with length 1", "cell line 3, column 13, in the cell", "    if k > 0 && xs[k] == 1 {"},
		{"xs := []int{1}\nk := 5\nif y := 1; xs[k] == y {\n}", "index out of range [5] with length 1", "cell line 3, column 12, in the cell", "    if y := 1; xs[k] == y {"},
		{"xs := []int{1}\nk := 5\nswitch y := 1; xs[k] {\ncase y:\n}", "index out of range [5] with length 1", "cell line 3, column 16, in the cell", "    switch y := 1; xs[k] {"},
		{"s := \"ab\"\nvar u uint8 = 9\nfor i := 0; i < int(s[u]); i++ {\n}", "index out of range [9] with length 2", "cell line 3, column 21, in the cell", "    for i := 0; i < int(s[u]); i++ {"},
		{"xs := []int{1}\nk := -1\nfunc() {\n\tfor i := 0; i < xs[k]; i++ {\n\t}\n}()", "index out of range [-1]", "cell line 4, column 18, in func", "     for i := 0; i < xs[k]; i++ {"},
		{"ys := make([]int, 2, 3)\nj := 7\nfor _, v := range ys[1:j] {\n\t_ = v\n}", "slice bounds out of range [:7] with capacity 3", "cell line 3, column 19, in the cell", "    for _, v := range ys[1:j] {"},
		{"ys := make([]int, 2, 3)\nj := 7\nfor i := 0; i < len(ys[j:]); i++ {\n}", "slice bounds out of range [7:2]", "cell line 3, column 21, in the cell", "    for i := 0; i < len(ys[j:]); i++ {"},
		{"str := \"ab\"\nj := 7\nn := one() + len(str[:j])\n_ = n", "slice bounds out of range [:7] with length 2", "cell line 3, column 18, in the cell", "    n := one() + len(str[:j])"},
		{"ys := make([]int, 2, 3)\nj := 2\nif len(ys) > 0 && len(ys[0:j+1:j]) > 0 {\n}", "slice bounds out of range [:3:2]", "cell line 3, column 23, in the cell", "    if len(ys) > 0 && len(ys[0:j+1:j]) > 0 {"},
		{"first([]int{1}, 3)", "index out of range [3] with length 1", "cell line 2, column 18 of an earlier cell, in first", "     for i := 0; i < xs[k]; i++ {"},
		// A cell that declares a variable again with another type (the
		// session's package is rebuilt): checked before the statement.
		{"xs := []string{\"a\"}\nk := 5\n_ = xs[k]", "index out of range [5] with length 1", "cell line 3, column 5, in the cell", "    _ = xs[k]"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee == nil {
			continue
		}
		value := "runtime error: " + c.value
		if ee.Value != value {
			t.Errorf("%q: value %q, want %q", c.code, ee.Value, value)
		}
		if want := c.where + ": panic: " + value; len(ee.Traceback) < 2 || ee.Traceback[0] != want || ee.Traceback[1] != c.line {
			t.Errorf("%q: traceback %q, want it to start with %q, %q", c.code, ee.Traceback, want, c.line)
		}
	}
}

// TestBoundsCallOperands: an index whose operands are not simple (a
// call's result indexed, f()[i]; an index that calls, xs[g()]), and an
// index on the left of an assignment whose right-hand side calls, fail
// with Go's message at the index expression, and each call runs once,
// in Go's order: the output before the panic is go run's for the same
// statements (in /tmp/gosem2-like programs: a main that calls each in a
// function with recover, printing what recover gives). yaegi's reflect
// message was given before; xs[k] = h(), where h set k out of range,
// wrote xs[0] silently, and xs[5] = grow(), where grow made xs longer,
// panicked without calling grow. The element of a call's result stays
// addressable (get()[1] = 9, &get()[0]), also where it is checked in
// place (after a call of the statement).
func TestBoundsCallOperands(t *testing.T) {
	e := newExec(t)
	run(t, e, `import "fmt"
var xs = []int{1}
var k = 0
func f() []int   { fmt.Println("f"); return []int{1} }
func g() int     { fmt.Println("g"); return 5 }
func h() int     { fmt.Println("h"); k = 5; return 7 }
func grow() int  { fmt.Println("grow"); xs = make([]int, 10); return 1 }
func arr() [2]int { return [2]int{} }
func str() string { return "ab" }
type M struct{ r []int }
func (m M) rows() []int { return m.r }`)
	run(t, e, "func at(i int) int {\n\treturn f()[i]\n}")
	checkPanics(t, e, []panicCase{
		{"i := 5\n_ = f()[i]", "f\n", "index out of range [5] with length 1", "cell line 2, column 5, in the cell", "    _ = f()[i]"},
		{"_ = xs[g()]", "g\n", "index out of range [5] with length 1", "cell line 1, column 5, in the cell", "    _ = xs[g()]"},
		{"m := M{[]int{1}}\nj := 5\n_ = m.rows()[j]", "", "index out of range [5] with length 1", "cell line 3, column 5, in the cell", "    _ = m.rows()[j]"},
		{"k = 0\nxs = []int{1}\nxs[k] = h()", "h\n", "index out of range [5] with length 1", "cell line 3, column 1, in the cell", "    xs[k] = h()"},
		{"k = 0\nxs = []int{1}\nxs[k] += h()", "h\n", "index out of range [5] with length 1", "cell line 3, column 1, in the cell", "    xs[k] += h()"},
		{"xs = []int{1}\nxs[g()] = h()", "g\nh\n", "index out of range [5] with length 1", "cell line 2, column 1, in the cell", "    xs[g()] = h()"},
		{"k = 0\nxs = []int{1}\nvar ys []int\nxs[k], ys[0] = h(), g()", "h\ng\n", "index out of range [5] with length 1", "cell line 4, column 1, in the cell", "    xs[k], ys[0] = h(), g()"},
		{"_ = f()[g()]", "f\ng\n", "index out of range [5] with length 1", "cell line 1, column 5, in the cell", "    _ = f()[g()]"},
		{"k = 3\ny := g() + f()[k]\n_ = y", "g\nf\n", "index out of range [3] with length 1", "cell line 2, column 12, in the cell", "    y := g() + f()[k]"},
		{"k = 2\nf()[k]", "f\n", "index out of range [2] with length 1", "cell line 2, column 1, in the cell", "    f()[k]"},
		{"k = 2\nfor i := 0; i < f()[k]; i++ {\n}", "f\n", "index out of range [2] with length 1", "cell line 2, column 17, in the cell", "    for i := 0; i < f()[k]; i++ {"},
		{"k = 2\n_ = g() + arr()[k]", "g\n", "index out of range [2] with length 2", "cell line 2, column 11, in the cell", "    _ = g() + arr()[k]"},
		{"k = 2\n_ = g() + int(str()[k])", "g\n", "index out of range [2] with length 2", "cell line 2, column 15, in the cell", "    _ = g() + int(str()[k])"},
		{"at(4)", "f\n", "index out of range [4] with length 1", "cell line 2, column 9 of an earlier cell, in at", "     return f()[i]"},
		{"k = 2\na3, b3 := f()[k], 2\n_, _ = a3, b3", "f\n", "index out of range [2] with length 1", "cell line 2, column 11, in the cell", "    a3, b3 := f()[k], 2"},
		// Slice expressions: of a call's result after a call, with a
		// bound that calls.
		{"j := 5\n_ = g() + len(f()[1:j])", "g\nf\n", "slice bounds out of range [:5] with capacity 1", "cell line 2, column 15, in the cell", "    _ = g() + len(f()[1:j])"},
		{"xs = []int{1}\n_ = xs[g():]", "g\n", "slice bounds out of range [5:1]", "cell line 2, column 5, in the cell", "    _ = xs[g():]"},
		{"_ = str()[g():]", "g\n", "slice bounds out of range [5:2]", "cell line 1, column 5, in the cell", "    _ = str()[g():]"},
		{"k = 5\nfor _, v := range f()[k:] {\n\t_ = v\n}", "f\n", "slice bounds out of range [5:1]", "cell line 2, column 19, in the cell", "    for _, v := range f()[k:] {"},
	})
	checkOutputs(t, e, []outputCase{
		{"xs = []int{1}\nxs[5] = grow()\nfmt.Println(\"ok\", len(xs), xs[5])", "grow\nok 10 1\n"},
		{"vals := [][]int{{1, 2}}\nget := func() []int { return vals[0] }\nget()[1] = 9\np := &get()[0]\n*p = 8\n_, p2 := g(), &get()[1]\n*p2 = 7\nfmt.Println(vals)", "g\n[[8 7]]\n"},
		// Declarations of several variables keep their scope.
		{"func pair() (int, int) {\n\ta, b := f()[0], 2\n\tvar c, d = f()[0], 3\n\treturn a + b, c + d\n}\nfmt.Println(pair())", "f\nf\n3 4\n"},
		{"a2, b2 := f()[0], 2\nfmt.Println(a2, b2)", "f\n1 2\n"},
		{"xs = []int{1}\nj := 2\nfmt.Println(g(), string(str()[1:j]), len(xs[:g()-4]))", "g\ng\n5 b 1\n"},
	})
}

// TestSwitchInitTag: yaegi ignored the tag of a switch with an init
// statement (f was not called, the default clause ran); the front end
// moves the tag into a switch of its own (front.initTag). Go prints
// "called", "one" and "1 two".
func TestSwitchInitTag(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\nfunc f() int { fmt.Println(\"called\"); return 1 }")
	for _, c := range []struct{ code, want string }{
		{"switch y := 1; f() {\ncase y:\n\tfmt.Println(\"one\")\ndefault:\n\tfmt.Println(\"other\")\n}", "called\none\n"},
		{"xs := []int{0, 2}\nL:\n\tswitch y := 2; xs[1] {\n\tcase y:\n\t\tfmt.Println(y, \"two\")\n\t\tbreak L\n\tdefault:\n\t\tfmt.Println(\"other\")\n\t}", "2 two\n"},
		{"func g(xs []int) string {\n\tswitch n := len(xs); xs[0] + n {\n\tcase 3:\n\t\treturn \"three\"\n\t}\n\treturn \"other\"\n}\ng([]int{1, 1})", "\"three\""},
	} {
		out, rec := run(t, e, c.code)
		if got := rec.stream("stdout") + out; got != c.want {
			t.Errorf("%q: %q, want %q", c.code, got, c.want)
		}
	}
}

// outputCase is a cell and what go run prints for the same program.
type outputCase struct{ code, out string }

// checkOutputs runs each case's cell in e, in order, and compares what it
// printed with out.
func checkOutputs(t *testing.T, e *Executor, cases []outputCase) {
	t.Helper()
	for _, c := range cases {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.out {
			t.Errorf("%q: printed %q, want go run's %q", c.code, rec.stream("stdout"), c.out)
		}
	}
}

// panicCase is a cell that panics with a runtime error: what it prints
// before, the error after "runtime error: ", the traceback's first line
// before ": panic: " and its second line (the cell's line).
type panicCase struct{ code, out, value, where, line string }

// checkPanics runs each case's cell in e, in order, and compares what it
// printed, the error's value and the start of its traceback.
func checkPanics(t *testing.T, e *Executor, cases []panicCase) {
	t.Helper()
	for _, c := range cases {
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee == nil {
			continue
		}
		if got := rec.stream("stdout"); got != c.out {
			t.Errorf("%q: printed %q, want %q", c.code, got, c.out)
		}
		value := "runtime error: " + c.value
		if ee.Value != value {
			t.Errorf("%q: value %q, want %q", c.code, ee.Value, value)
		}
		if want := c.where + ": panic: " + value; len(ee.Traceback) < 2 || ee.Traceback[0] != want || ee.Traceback[1] != c.line {
			t.Errorf("%q: traceback %q, want it to start with %q, %q", c.code, ee.Traceback, want, c.line)
		}
	}
}
