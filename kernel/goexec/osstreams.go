package goexec

import "io"

// The helpers of a cell's os.Stdout, os.Stderr and os.Stdin, which are
// the cell's streams to the interpreter, not *os.File (front/osstreams.go).

// streamWriteString is the helper WriteString: os.Stdout.WriteString(s)
// as io.WriteString on the stream.
func streamWriteString(w io.Writer, s string) (int, error) { return io.WriteString(w, s) }

// fileName is the helper FileName: os.Stdout.Name(), the name Go gives
// the file ("/dev/stdout"), which the front end passes.
func fileName(name string) string { return name }
