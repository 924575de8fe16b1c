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
	run(t, e, "import \"fmt\"")
	// A cell of declarations alone that the front end refuses is
	// compiled, as a package named compiled: %T of a local type of its
	// functions names that package (a local type L of g of the same name
	// and fields as f's of an earlier cell is refused:
	// TestLocalTypeOtherFunctionLaterCell).
	run(t, e, "func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}")
	run(t, e, "func g() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}")
	if _, rec := run(t, e, "fmt.Printf(\"%T\\n\", g())"); rec.stream("stdout") != "compiled.L\n" {
		t.Errorf("%%T of g() printed %q; docs/goexec.md says \"compiled.L\\n\" (go run: \"main.L\\n\"): update them", rec.stream("stdout"))
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
