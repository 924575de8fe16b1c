// Package cellio holds the writers that compiled cells print to: the
// kernel sets them to the running cell's output streams, and the code of a
// compiled cell is rewritten to use them (kernel/compiled), so that what it
// prints with fmt.Print, fmt.Println or fmt.Printf, or writes to os.Stdout
// or os.Stderr passed as an io.Writer, reaches the notebook in order with
// the rest of the cell's output instead of the process's own stdout.
//
// The package is linked into the kernel and into every plugin of a
// compiled cell; Go gives the process one copy of its variables, shared by
// all of them. They are the process's, so one session per process sets
// them (the worker runs one).
package cellio

import (
	"io"
	"os"
	"sync"
)

var (
	mu             sync.RWMutex
	stdout, stderr io.Writer = os.Stdout, os.Stderr
)

// Set makes out and errw the writers of Stdout and Stderr.
func Set(out, errw io.Writer) {
	mu.Lock()
	defer mu.Unlock()
	stdout, stderr = out, errw
}

// Stdout is the writer of the running cell's standard output.
var Stdout io.Writer = writer{&stdout}

// Stderr is the writer of the running cell's standard error.
var Stderr io.Writer = writer{&stderr}

// writer writes to the writer that *w holds when Write is called.
type writer struct{ w *io.Writer }

func (w writer) Write(p []byte) (int, error) {
	mu.RLock()
	dst := *w.w
	mu.RUnlock()
	return dst.Write(p)
}

// Writer returns Stdout for os.Stdout, Stderr for os.Stderr, and f for
// another file: a compiled cell's os.Stdout passed as an io.Writer becomes
// Writer(os.Stdout).
func Writer(f *os.File) io.Writer {
	switch f {
	case os.Stdout:
		return Stdout
	case os.Stderr:
		return Stderr
	}
	return f
}
