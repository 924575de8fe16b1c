package goexec

import (
	"context"
	"testing"
)

// TestStillWrongMeasured runs the silent wrong values that
// docs/goexec.md still lists ("Still wrong") and asserts the kernel's
// answer is exactly what the docs say, with go run's answer beside it.
// When a change fixes one, this test fails: move the case to a test of
// Go's answer and update the docs.
func TestStillWrongMeasured(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"sync\"\n)\n\n"+
		"type Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }")
	for _, c := range []struct{ what, code, kernel, gorun string }{
		{"a pointer to a local type kept by another package (sync.Map) and read back through an interface, in a session with a type of the same fields",
			"func gp() any {\n\ttype L struct{ a int }\n\tvar m sync.Map\n\tm.Store(\"k\", &L{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\n" +
				"xp := gp()\nfmt.Printf(\"%T %+v %v\\n\", xp, xp, xp)",
			"*main.Tm tm1 tm1\n", "*main.L &{a:1} &{1}\n"},
		{"a list of a local type kept by another package (sync.Map) and read back through an interface",
			"func gl() any {\n\ttype L struct{ a int }\n\tvar m sync.Map\n\tm.Store(\"k\", []L{{1}})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\n" +
				"xl := gl()\nfmt.Printf(\"%T %+v %v\\n\", xl, xl, xl)",
			"[]struct { Xa int } [{Xa:1}] [{1}]\n", "[]main.L [{a:1}] [{1}]\n"},
	} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.kernel {
			t.Errorf("%s: printed %q; docs/goexec.md says %q (go run: %q): update them", c.what, got, c.kernel, c.gorun)
		}
	}
}

// TestValueUnwrapNotLastRefused: errors.Is through an error type whose
// Unwrap has a value receiver and whose wrapped error is not its last
// field (yaegi keeps such a value, held by error, as its last field: the
// code) ends the cell with an InterpreterLimit, directly, through
// fmt.Errorf's %w and through errors.Join. go run prints true for each.
func TestValueUnwrapNotLastRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n)\n\ntype WE struct {\n\terr  error\n\tcode int\n}\n\n"+
		"func (w WE) Error() string { return fmt.Sprintf(\"we%d\", w.code) }\n\nfunc (w WE) Unwrap() error { return w.err }\n\n"+
		"var base = errors.New(\"base\")")
	msg := "errors.Is cannot compare this main.WE in the interpreter: held by error, yaegi keeps only its last field. " +
		"Give WE's methods pointer receivers and use a *WE, or run this code compiled (a cell with func main, or %%compile)"
	for _, code := range []string{
		"var e1 error = WE{base, 2}\nfmt.Println(errors.Is(e1, base))",
		"e2 := fmt.Errorf(\"ctx: %w\", WE{base, 3})\nfmt.Println(errors.Is(e2, base))",
		"fmt.Println(errors.Is(errors.Join(WE{base, 5}, errors.New(\"x\")), base))",
	} {
		ee, rec := fail(t, e, context.Background(), code)
		if ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "" {
			t.Errorf("%q: %s %q, printed %q; want the InterpreterLimit %q (go run: true)", code, ee.Name, ee.Value, rec.stream("stdout"), msg)
		}
	}
}
