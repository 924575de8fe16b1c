// An Unwrap method of a session error type: errors.Is, As and Unwrap
// follow it (yaegi's wrapper of the value has only Error).
package main

import (
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

func (n *NotFound) Error() string { return n.name + " not found" }

func main() {
	var e error = &W{"read", base}
	fmt.Println(errors.Is(e, base), errors.Unwrap(e))
	wrapped := fmt.Errorf("outer: %w", e)
	fmt.Println(errors.Is(wrapped, base), errors.Unwrap(errors.Unwrap(wrapped)))
	var nf *NotFound
	deep := fmt.Errorf("top: %w", &W{"open", &NotFound{"x"}})
	fmt.Println(errors.As(deep, &nf), nf)
	var m error = &M{[]error{errors.New("a"), &W{"b", base}}}
	fmt.Println(errors.Is(m, base), errors.Unwrap(m) == nil)
	fmt.Println(errors.Is(errors.New("other"), base))
}

// Output:
// true base
// true base
// true x not found
// true true
// false
