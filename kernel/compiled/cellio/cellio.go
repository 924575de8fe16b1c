// Package cellio holds the writers that compiled cells print to, and the
// reader of their standard input: the kernel sets them to the running
// cell's output streams and input (Set, SetStdin), and the code of a
// compiled cell is rewritten to use them (kernel/compiled), so that what it
// prints with fmt.Print, fmt.Println or fmt.Printf, or writes to os.Stdout
// or os.Stderr passed as an io.Writer, reaches the notebook in order with
// the rest of the cell's output instead of the process's own stdout, and
// what it reads with fmt.Scan, Scanln or Scanf, or from os.Stdin passed as
// an io.Reader, is asked of the front end.
//
// The package is linked into the kernel and into every plugin of a
// compiled cell; Go gives the process one copy of its variables, shared by
// all of them. They are the process's, so one session per process sets
// them (the worker runs one).
package cellio

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
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

// runeScanner is what Stdin reads from: fmt's scanning functions put back
// the rune they looked at with UnreadRune.
type runeScanner interface {
	io.Reader
	io.RuneScanner
}

var (
	stdinMu sync.RWMutex
	stdin   runeScanner = bufio.NewReader(os.Stdin)
)

// SetStdin makes r the reader of Stdin; one that is not an
// io.RuneScanner is read through a bufio.Reader.
func SetStdin(r io.Reader) {
	rs, ok := r.(runeScanner)
	if !ok {
		rs = bufio.NewReader(r)
	}
	stdinMu.Lock()
	defer stdinMu.Unlock()
	stdin = rs
}

// Stdin is the reader of the running cell's standard input: a compiled
// cell's fmt.Scan, Scanln and Scanf read it (as fmt.Fscan…(Stdin, …)), and
// so does os.Stdin handed on as an io.Reader (bufio.NewReader(os.Stdin)
// becomes bufio.NewReader(StdinOf(os.Stdin))). It is an io.RuneScanner.
var Stdin io.Reader = reader{}

// reader reads from the reader that stdin holds when it is called.
type reader struct{}

func currentStdin() runeScanner {
	stdinMu.RLock()
	defer stdinMu.RUnlock()
	return stdin
}

func (reader) Read(p []byte) (int, error)   { return currentStdin().Read(p) }
func (reader) ReadRune() (rune, int, error) { return currentStdin().ReadRune() }
func (reader) UnreadRune() error            { return currentStdin().UnreadRune() }

// StdinOf returns Stdin if f is os.Stdin, else f: a compiled cell's
// os.Stdin passed as an io.Reader becomes StdinOf(os.Stdin).
func StdinOf(f *os.File) io.Reader {
	if f == os.Stdin {
		return Stdin
	}
	return f
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

// StdoutOf returns Stdout if f is os.Stdout, else f: a compiled cell's
// os.Stdout passed as an io.Writer becomes StdoutOf(os.Stdout). (The
// stream is chosen by the name the cell wrote, not by comparing f with
// both files: under go test -json, os.Stderr is os.Stdout.)
func StdoutOf(f *os.File) io.Writer {
	if f == os.Stdout {
		return Stdout
	}
	return f
}

// StderrOf returns Stderr if f is os.Stderr, else f: a compiled cell's
// os.Stderr passed as an io.Writer becomes StderrOf(os.Stderr).
func StderrOf(f *os.File) io.Writer {
	if f == os.Stderr {
		return Stderr
	}
	return f
}

// Args returns its arguments: a compiled cell's fmt.Println(f()), whose
// arguments are f's results, becomes fmt.Fprintln(Stdout, Args(f())...).
func Args(a ...any) []any { return a }

// Print writes its arguments to Stderr as the builtin print does, with no
// spaces between them: a compiled cell's print(…) becomes Print(…).
func Print(args ...any) { Stderr.Write(builtinText(args, false)) }

// Println writes its arguments to Stderr as the builtin println does,
// with a space between them and a newline after: a compiled cell's
// println(…) becomes Println(…).
func Println(args ...any) { Stderr.Write(builtinText(args, true)) }

// builtinText formats args as the runtime's print and println do (Go
// 1.26; TestPrintlnAsRuntime compares the two): integers in decimal,
// floating-point and complex numbers in the shortest form that reads back
// to the same value, as strconv's 'g' with precision -1 writes them
// (1.5, 1e+06, (1.5-2i)), pointers, channels, maps, functions and
// unsafe.Pointers as hexadecimal addresses, slices as [len/cap]address,
// and interface values as (type,data) address pairs.
func builtinText(args []any, ln bool) []byte {
	var b []byte
	for i, a := range args {
		if ln && i > 0 {
			b = append(b, ' ')
		}
		b = appendBuiltin(b, a)
	}
	if ln {
		b = append(b, '\n')
	}
	return b
}

func appendBuiltin(b []byte, a any) []byte {
	if a == nil {
		return append(b, "(0x0,0x0)"...)
	}
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.AppendFloat(b, v.Float(), 'g', -1, v.Type().Bits())
	case reflect.Complex64, reflect.Complex128:
		return append(b, strconv.FormatComplex(v.Complex(), 'g', -1, v.Type().Bits())...)
	case reflect.String:
		return append(b, v.String()...)
	case reflect.Pointer, reflect.Chan, reflect.Map, reflect.Func, reflect.UnsafePointer:
		return appendHex(b, uint64(v.Pointer()))
	case reflect.Slice:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(v.Len()), 10)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(v.Cap()), 10)
		b = append(b, ']')
		return appendHex(b, uint64(v.Pointer()))
	}
	// A struct or an array: the compiler refuses them as print's
	// arguments, so they do not reach here from a cell.
	return fmt.Appendf(b, "%v", a)
}

// appendHex appends 0x and x in lower-case hexadecimal.
func appendHex(b []byte, x uint64) []byte {
	return strconv.AppendUint(append(b, "0x"...), x, 16)
}
