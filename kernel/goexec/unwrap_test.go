package goexec

import (
	"context"
	"testing"
)

// TestSessionUnwrap: an Unwrap method of a session error type is found by
// errors.Is, errors.As and errors.Unwrap (yaegi's wrapper of such a value
// has only Error, and the chain stopped there: false <nil>). A struct
// type with value receivers is left (see docs/goexec.md: held by error,
// yaegi keeps only its last field). The expected
// output is go run's of the same program with the statements in main.
func TestSessionUnwrap(t *testing.T) {
	e := newExec(t)
	run(t, e, `import (
	"errors"
	"fmt"
)

var base = errors.New("base")

type W struct {
	op  string
	err error
}

func (w *W) Error() string { return w.op + ": " + w.err.Error() }
func (w *W) Unwrap() error { return w.err }

type M struct{ errs []error }

func (m *M) Error() string   { return "multi" }
func (m *M) Unwrap() []error { return m.errs }

type NotFound struct{ name string }

func (n *NotFound) Error() string { return n.name + " not found" }`)
	_, rec := run(t, e, `var e error = &W{"read", base}
fmt.Println(errors.Is(e, base), errors.Unwrap(e))
wrapped := fmt.Errorf("outer: %w", e)
fmt.Println(errors.Is(wrapped, base), errors.Unwrap(errors.Unwrap(wrapped)))
var nf *NotFound
deep := fmt.Errorf("top: %w", &W{"open", &NotFound{"x"}})
fmt.Println(errors.As(deep, &nf), nf)
var m error = &M{[]error{errors.New("a"), &W{"b", base}}}
fmt.Println(errors.Is(m, base), errors.Unwrap(m) == nil)
fmt.Println(errors.Is(errors.New("other"), base))`)
	want := "true base\ntrue base\ntrue x not found\ntrue true\nfalse\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
	// A function of an earlier cell calls the helpers too.
	run(t, e, "func isBase(err error) bool { return errors.Is(err, base) }")
	if _, rec := run(t, e, `fmt.Println(isBase(fmt.Errorf("x: %w", &W{"y", base})))`); rec.stream("stdout") != "true\n" {
		t.Errorf("isBase printed %q, want true", rec.stream("stdout"))
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
