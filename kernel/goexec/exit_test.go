package goexec

import (
	"context"
	"testing"
)

// os.Exit and log.Fatal end the cell with "exit status N", and a recover
// in the cell does not stop them (yaegi's restricted os.Exit panicked with
// a string that recover caught, and the cell went on); the session goes
// on. Go's program prints nothing after the exit.
func TestExitEndsTheCell(t *testing.T) {
	e := newExec(t)
	run(t, e, `func f() {
	defer func() { r := recover(); fmt.Println("recover:", r) }()
	os.Exit(3)
	fmt.Println("not printed")
}`)
	ee, rec := fail(t, e, context.Background(), `f()`)
	if ee.Name != "Exit" || ee.Value != "exit status 3" {
		t.Errorf("os.Exit(3): %s: %s, want Exit: exit status 3", ee.Name, ee.Value)
	}
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("os.Exit(3) printed %q, want nothing", out)
	}
	ee, rec = fail(t, e, context.Background(), `log.SetFlags(0)
log.Println("last words")
log.Fatalf("bye %d", 2)`)
	if ee.Name != "Exit" || ee.Value != "exit status 1" {
		t.Errorf("log.Fatalf: %s: %s, want Exit: exit status 1", ee.Name, ee.Value)
	}
	// log writes to the cell's stderr, as Go's program's log does to its.
	if got, want := rec.stream("stderr"), "last words\nbye 2\n"; got != want {
		t.Errorf("log wrote %q to the cell's stderr, want %q", got, want)
	}
	if got, _ := run(t, e, `1 + 1`); got != "2" {
		t.Errorf("after the exits, 1 + 1 = %q", got)
	}
}

// What recover gives for yaegi's run-time panics is a runtime.Error with
// Go's text (the index and length from the front end's bounds checks), and a
// failed assertion's text has no cell position before it.
func TestRecoveredRuntimeErrors(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `import "runtime"

func catch(f func()) (msg string, isRuntime bool) {
	defer func() {
		r := recover()
		_, isRuntime = r.(runtime.Error)
		msg = fmt.Sprint(r)
	}()
	f()
	return
}

var s []int
var p *struct{ X int }
var x any = "s"
fmt.Println(catch(func() { _ = s[5] }))
fmt.Println(catch(func() { _ = p.X }))
fmt.Println(catch(func() { _ = x.(int) }))
fmt.Println(catch(func() { panic("mine") }))`)
	want := "runtime error: index out of range [5] with length 0 true\n" +
		"runtime error: invalid memory address or nil pointer dereference true\n" +
		"interface conversion: interface {} is string, not int true\n" +
		"mine false\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}

// A log.Logger's Fatal ends the cell as log.Fatal does (yaegi's
// restricted Logger panicked, and a recover in the cell caught it); its
// other methods write where the logger was told to.
func TestLoggerFatalEndsTheCell(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `var buf bytes.Buffer
logger := log.New(&buf, "logger: ", 0)
logger.Printf("n=%d", 1)
fmt.Print(buf.String())`)
	if got, want := rec.stream("stdout"), "logger: n=1\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	ee, rec := fail(t, e, context.Background(), `func() {
	defer func() { r := recover(); fmt.Println("recover:", r) }()
	logger.Fatal("test log")
}()
fmt.Println("after")`)
	if ee.Name != "Exit" || ee.Value != "exit status 1" {
		t.Errorf("logger.Fatal: %s: %s, want Exit: exit status 1", ee.Name, ee.Value)
	}
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("logger.Fatal printed %q, want nothing", out)
	}
	if got := buf(t, e); got != "logger: n=1\nlogger: test log\n" {
		t.Errorf("the logger's buffer holds %q", got)
	}
}

// buf returns the text of the session's variable buf.
func buf(t *testing.T, e *Executor) string {
	t.Helper()
	_, rec := run(t, e, `fmt.Print(buf.String())`)
	return rec.stream("stdout")
}
