// errors.As and errors.Is with error types declared in the program.
package main

import (
	"errors"
	"fmt"
	"io/fs"
)

type notFound struct{ key string }

func (e notFound) Error() string { return "not found: " + e.key }

type timeout struct{}

func (*timeout) Error() string   { return "timeout" }
func (*timeout) Temporary() bool { return true }

var errClosed = errors.New("closed")

func main() {
	err := fmt.Errorf("lookup: %w", notFound{"k"})
	var nf notFound
	fmt.Println(errors.As(err, &nf), nf.key)

	var tmp interface{ Temporary() bool }
	fmt.Println(errors.As(fmt.Errorf("op: %w", &timeout{}), &tmp), tmp != nil && tmp.Temporary())

	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe))
	fmt.Println(errors.Is(fmt.Errorf("x: %w", errClosed), errClosed), errors.Is(err, errClosed))
}

// Output:
// true k
// true true
// false
// true false
