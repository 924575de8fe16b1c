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
