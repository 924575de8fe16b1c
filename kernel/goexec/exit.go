package goexec

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"reflect"
	"regexp"
	"strconv"
)

// os.Exit and log.Fatal in a cell. yaegi's restricted tables make them
// panic with a string, which the cell's recover caught (Go's program ends
// at once). The kernel gives the interpreter its own os.Exit, and log functions
// (cellLog) whose Fatal, Fatalf and Fatalln panic with an exitRequest; every
// recover() of a cell is lowered to Recovered(recover()) (front.Lowering),
// which panics again with it, so that nothing in the cell stops it: the
// cell ends with the error "exit status N". Deferred functions still run
// (the session goes on; ipykernel's SystemExit runs finally blocks too).

// exitRequest is the panic value of os.Exit(code) in a cell.
type exitRequest struct{ code int }

func (e exitRequest) String() string { return "exit status " + strconv.Itoa(e.code) }

// exitCell is the interpreter's os.Exit.
func exitCell(code int) { panic(exitRequest{code}) }

// cellLog returns the interpreter's functions of package log, which use
// the process's standard logger, writing to the cell's stderr (stdLogger):
// Print…, Panic… and Fatal… (the message, then exitCell(1)), and the
// logger's settings. Default returns that logger.
func cellLog(stderr io.Writer) map[string]reflect.Value {
	l := stdLogger(stderr)
	fatal := func(s string) {
		l.Output(3, s)
		exitCell(1)
	}
	panicking := func(s string) {
		l.Output(3, s)
		panic(s)
	}
	return map[string]reflect.Value{
		"Print":     reflect.ValueOf(func(v ...any) { l.Output(2, fmt.Sprint(v...)) }),
		"Printf":    reflect.ValueOf(func(format string, v ...any) { l.Output(2, fmt.Sprintf(format, v...)) }),
		"Println":   reflect.ValueOf(func(v ...any) { l.Output(2, fmt.Sprintln(v...)) }),
		"Fatal":     reflect.ValueOf(func(v ...any) { fatal(fmt.Sprint(v...)) }),
		"Fatalf":    reflect.ValueOf(func(format string, v ...any) { fatal(fmt.Sprintf(format, v...)) }),
		"Fatalln":   reflect.ValueOf(func(v ...any) { fatal(fmt.Sprintln(v...)) }),
		"Panic":     reflect.ValueOf(func(v ...any) { panicking(fmt.Sprint(v...)) }),
		"Panicf":    reflect.ValueOf(func(format string, v ...any) { panicking(fmt.Sprintf(format, v...)) }),
		"Panicln":   reflect.ValueOf(func(v ...any) { panicking(fmt.Sprintln(v...)) }),
		"Output":    reflect.ValueOf(func(calldepth int, s string) error { return l.Output(calldepth+1, s) }),
		"Flags":     reflect.ValueOf(l.Flags),
		"SetFlags":  reflect.ValueOf(l.SetFlags),
		"Prefix":    reflect.ValueOf(l.Prefix),
		"SetPrefix": reflect.ValueOf(l.SetPrefix),
		"Writer":    reflect.ValueOf(l.Writer),
		"SetOutput": reflect.ValueOf(l.SetOutput),
		"Default":   reflect.ValueOf(func() *cellLogger { return &cellLogger{l} }),
		"New": reflect.ValueOf(func(out io.Writer, prefix string, flag int) *cellLogger {
			return &cellLogger{log.New(out, prefix, flag)}
		}),
		"Logger": reflect.ValueOf((*cellLogger)(nil)),
	}
}

// processSlog is slog's default logger as the process began.
var processSlog = slog.Default()

// stdLogger points the process's standard logger (log.Default()) at the
// cell's stderr, with Go's flags and no prefix, and gives slog its first
// default logger back (a session starts as a program does), and returns
// the logger. Compiled code that logs through it, slog's default handler
// included (slog.Info), wrote to the worker's stderr, which no cell
// showed; a cell's log.Print writes through it too, so that
// slog.SetDefault redirects it as in Go. The process has one standard
// logger: the last session made has it, as with cellio's streams.
func stdLogger(stderr io.Writer) *log.Logger {
	slog.SetDefault(processSlog)
	slog.SetLogLoggerLevel(slog.LevelInfo)
	l := log.Default()
	l.SetOutput(stderr)
	l.SetFlags(log.LstdFlags)
	l.SetPrefix("")
	return l
}

// cellLogger is the interpreter's log.Logger: a *log.Logger whose Fatal
// methods end the cell as os.Exit does (yaegi's restricted Logger made
// them panic, which a recover in the cell caught).
type cellLogger struct{ l *log.Logger }

// Fatal is Print followed by os.Exit(1).
func (c *cellLogger) Fatal(v ...any) { c.l.Output(2, fmt.Sprint(v...)); exitCell(1) }

// Fatalf is Printf followed by os.Exit(1).
func (c *cellLogger) Fatalf(format string, v ...any) {
	c.l.Output(2, fmt.Sprintf(format, v...))
	exitCell(1)
}

// Fatalln is Println followed by os.Exit(1).
func (c *cellLogger) Fatalln(v ...any) { c.l.Output(2, fmt.Sprintln(v...)); exitCell(1) }

// Panic is Print followed by panic.
func (c *cellLogger) Panic(v ...any) { c.l.Panic(v...) }

// Panicf is Printf followed by panic.
func (c *cellLogger) Panicf(format string, v ...any) { c.l.Panicf(format, v...) }

// Panicln is Println followed by panic.
func (c *cellLogger) Panicln(v ...any) { c.l.Panicln(v...) }

// Print writes the operands as fmt.Print does, as one log entry.
func (c *cellLogger) Print(v ...any) { c.l.Output(2, fmt.Sprint(v...)) }

// Printf writes the formatted operands as one log entry.
func (c *cellLogger) Printf(format string, v ...any) { c.l.Output(2, fmt.Sprintf(format, v...)) }

// Println writes the operands as fmt.Println does, as one log entry.
func (c *cellLogger) Println(v ...any) { c.l.Output(2, fmt.Sprintln(v...)) }

// Output writes a log entry; calldepth counts the frames to skip.
func (c *cellLogger) Output(calldepth int, s string) error { return c.l.Output(calldepth+1, s) }

// Flags returns the logger's flags.
func (c *cellLogger) Flags() int { return c.l.Flags() }

// SetFlags sets the logger's flags.
func (c *cellLogger) SetFlags(flag int) { c.l.SetFlags(flag) }

// Prefix returns the logger's prefix.
func (c *cellLogger) Prefix() string { return c.l.Prefix() }

// SetPrefix sets the logger's prefix.
func (c *cellLogger) SetPrefix(prefix string) { c.l.SetPrefix(prefix) }

// Writer returns the logger's destination.
func (c *cellLogger) Writer() io.Writer { return c.l.Writer() }

// SetOutput sets the logger's destination.
func (c *cellLogger) SetOutput(w io.Writer) { c.l.SetOutput(w) }

// runtimeError is a run-time panic of yaegi's, as Go's runtime.Error.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return e.msg }

// RuntimeError marks the error as a run-time error.
func (runtimeError) RuntimeError() {}

// interfaceConversionRE is the text of a failed type assertion.
var interfaceConversionRE = regexp.MustCompile(`^interface conversion: `)

// recovered is the helper Recovered: what recover() gives in a cell. An
// os.Exit goes on (see above); a value yaegi holds in a reflect.Value is
// taken out of it; yaegi's texts for Go's run-time panics
// (reflect's messages for an index out of range or a nil dereference, a
// failed type assertion with the cell's position before it) become
// runtime.Error values with Go's text (goMessages: without the index and
// length, which yaegi does not give).
func recovered(v any) any {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() && !isValueInterface(rv.Type()) {
		// yaegi hands a compiled panic value over in a reflect.Value,
		// which assertions (r.(error)) did not see through.
		v = rv.Interface()
	}
	switch x := v.(type) {
	case exitRequest, interpreterLimit:
		panic(x)
	case sessionPanic:
		return x.value
	case runtimeError, assertionError, boundsError:
		return v
	case error:
		if r, ok := goRuntimeError(x.Error()); ok {
			return r
		}
	case string:
		if r, ok := goRuntimeError(x); ok {
			return r
		}
	}
	return v
}

// goRuntimeError returns Go's run-time error for yaegi's text of one.
func goRuntimeError(s string) (error, bool) {
	s = positionPrefix.ReplaceAllString(s, "")
	if interfaceConversionRE.MatchString(s) {
		return assertionError{s}, true
	}
	if msg, ok := goMessage(s); ok {
		return runtimeError{msg}, true
	}
	return nil, false
}
