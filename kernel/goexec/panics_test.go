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
