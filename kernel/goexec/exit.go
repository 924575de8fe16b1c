package goexec

import (
	"fmt"
	"io"
	"log"
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
// a logger of the session writing to the cell's stderr (the process's
// standard logger wrote to the process's stderr, which no cell showed):
// Print…, Panic… and Fatal… (the message, then exitCell(1)), and the
// logger's settings. Default returns that logger.
func cellLog(stderr io.Writer) map[string]reflect.Value {
	l := log.New(stderr, "", log.LstdFlags)
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
		"Default":   reflect.ValueOf(func() *log.Logger { return l }),
	}
}

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
	case exitRequest:
		panic(x)
	case runtimeError, assertionError:
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
