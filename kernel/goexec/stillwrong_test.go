package goexec

import (
	"context"
	"testing"
)

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
