// Package goexec runs notebook cells written in Go with the yaegi
// interpreter. It implements kernel.Executor.
package goexec

import (
	"context"
	"errors"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// Options configures an Executor. The zero value is ready to use.
type Options struct {
	// GoPath is the GOPATH the interpreter searches for source packages
	// that a cell imports and that have no symbol table; empty means none.
	GoPath string
	// Env is the environment a cell sees through os.Getenv, as "key=value"
	// entries; nil means an empty environment.
	Env []string
}

// Executor interprets Go cells, keeping state from one cell to the next.
type Executor struct {
	opts Options
}

var _ kernel.Executor = (*Executor)(nil)

// New returns an Executor with a fresh interpreter.
func New(opts Options) (*Executor, error) {
	return &Executor{opts: opts}, nil
}

// Execute runs code; see kernel.Executor.
func (e *Executor) Execute(ctx context.Context, code string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	return nil, &kernel.ExecError{Name: "NotImplemented", Value: "executor not ready yet"}
}

// Complete answers a completion request; see kernel.Executor.
func (e *Executor) Complete(code string, cursor int) kernel.Completion {
	return kernel.Completion{CursorStart: cursor, CursorEnd: cursor}
}

// Inspect returns the documentation of the name at cursor; see kernel.Executor.
func (e *Executor) Inspect(code string, cursor, detail int) (map[string]any, bool) {
	return nil, false
}

// IsComplete reports whether code is ready to run; see kernel.Executor.
func (e *Executor) IsComplete(code string) (status, indent string) {
	return "complete", ""
}

// Reset drops all state; see kernel.Executor.
func (e *Executor) Reset() error {
	return errors.New("goexec: reset not implemented yet")
}
