package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestCellStreamsAsFiles: a cell's os.Stdout, os.Stderr and os.Stdin are
// the kernel's streams (io.Writer and io.Reader values), not *os.File.
// WriteString and Name, valid Go, failed with yaegi's "CompileError:
// undefined method: WriteString", and %T printed goexec.streamWriter;
// now they print go run's output, in order with the rest. A real file
// keeps its methods.
func TestCellStreamsAsFiles(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, "f := os.Stdout\nf.WriteString(\"via var\\n\")\nn, err := os.Stdout.WriteString(\"y\\n\")\nfmt.Println(n, err)\n"+
		"os.Stderr.WriteString(\"e\\n\")\nfmt.Println(os.Stdout.Name(), os.Stderr.Name(), os.Stdin.Name())\n"+
		"fmt.Printf(\"%T %T %T %T\\n\", os.Stdout, os.Stderr, os.Stdin, f)\n"+
		"tf, _ := os.CreateTemp(\"\", \"x\")\nk, err := tf.WriteString(\"abc\")\nfmt.Println(k, err, tf.Name() != \"\", tf.Close(), os.Remove(tf.Name()))")
	want := "via var\ny\n2 <nil>\n/dev/stdout /dev/stderr /dev/stdin\n*os.File *os.File *os.File *os.File\n3 <nil> true <nil> <nil>\n"
	if got := rec.stream("stdout"); got != want || rec.stream("stderr") != "e\n" {
		t.Errorf("printed %q and %q to stderr, want go run's %q and %q", got, rec.stream("stderr"), want, "e\n")
	}
	// Deferred, the stream and the text evaluated at the defer statement.
	_, rec = run(t, e, "func f() {\n\tdefer os.Stdout.WriteString(\"bye\\n\")\n\tfor i := 0; i < 2; i++ {\n\t\tdefer os.Stderr.WriteString(fmt.Sprint(i, \"\\n\"))\n\t}\n\tfmt.Println(\"hi\")\n}\nf()")
	if got := rec.stream("stdout"); got != "hi\nbye\n" || rec.stream("stderr") != "1\n0\n" {
		t.Errorf("deferred: printed %q and %q to stderr, want go run's %q and %q", got, rec.stream("stderr"), "hi\nbye\n", "1\n0\n")
	}
}

// TestCellStreamsAsFilesRefused: what a stream cannot do as a *os.File
// is refused before the cell runs, with the reason (yaegi said
// "undefined method: Fd", "too many arguments" for a method value, and
// "reflect.Value.Convert: value of type io.Writer cannot be converted to
// type *os.File" for a *os.File parameter).
func TestCellStreamsAsFilesRefused(t *testing.T) {
	e := newExec(t)
	out := "a cell's os.Stdout is not a *os.File in the kernel but an io.Writer that writes to the cell's output " +
		"(the kernel's stream, so that output keeps its order and reaches the cell); " +
		"write to it with Write, WriteString, fmt.Fprint or io.WriteString, or pass it on as an io.Writer"
	in := "a cell's os.Stdin is not a *os.File in the kernel but an io.Reader that asks for the cell's input " +
		"(the kernel's stream, so that output keeps its order and reaches the cell); " +
		"read it with Read, fmt.Scan or bufio, or pass it on as an io.Reader"
	for _, c := range []struct{ code, where, msg string }{
		{"fmt.Println(\"before\")\nos.Stdout.Sync()", "line 2, column 1", "os.Stdout.Sync cannot run in the interpreter: " + out},
		{"fmt.Println(os.Stdout.Fd())", "line 1, column 13", "os.Stdout.Fd cannot run in the interpreter: " + out},
		{"os.Stdin.Write(nil)", "line 1, column 1", "os.Stdin.Write cannot run in the interpreter: " + in},
		{"g := os.Stderr\ng.Close()", "line 2, column 1", "g.Close cannot run in the interpreter: " + strings.ReplaceAll(out, "os.Stdout", "os.Stderr")},
		{"g := os.Stdout\nfmt.Println(g.Name())", "line 2, column 13", "g.Name cannot run in the interpreter: " + out},
		{"w := os.Stdout.WriteString", "line 1, column 6", "the method value os.Stdout.WriteString cannot run in the interpreter: " + out},
		{"func wf(f *os.File) {}\nwf(os.Stdout)", "line 2, column 4", "os.Stdout passed as a *os.File cannot run in the interpreter: " + out},
		{"type hf struct{ out *os.File }\nfmt.Println(\"before\")\n_ = []hf{{os.Stdout}, {out: os.Stderr}}", "line 3, column 11",
			"os.Stdout given as a *os.File cannot run in the interpreter: " + out},
		{"fmt.Println(\"before\")\nvar h *os.File = os.Stdout", "line 2, column 18", "os.Stdout declared as *os.File cannot run in the interpreter: " + out},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee.Name != "CompileError" || ee.Value != c.msg || len(ee.Traceback) == 0 || ee.Traceback[0] != "cell "+c.where+": "+c.msg || rec.stream("stdout") != "" {
			t.Errorf("%q: %s %q %q, printed %q; want a CompileError at %s: %s", c.code, ee.Name, ee.Value, ee.Traceback, rec.stream("stdout"), c.where, c.msg)
		}
	}
}
