package goexec

import "testing"

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
