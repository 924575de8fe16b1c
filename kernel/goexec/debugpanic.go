package goexec

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
	"github.com/traefik/yaegi/interp"
)

// Stopping at panics. yaegi's debugger has no exception events, and a
// panic unwinds the interpreter's frames before anything sees it; but
// every panic(x) of a cell goes through the helper PanicHook
// (front.Lowering.panicValue), which runs after x is evaluated and before
// the panic. When the front end asked to stop at panics
// (setExceptionBreakpoints with the filter "panic"), the hook asks
// yaegi's debugger to pause every goroutine of the chunk: the one that
// panics stops at the panic statement itself, with its frames and
// variables, and the stopped event says "exception" with the panic's
// text. Continuing lets the panic go on. Run-time errors of the
// interpreter (an index out of range, a nil dereference) do not stop: they
// are panics inside yaegi, with no statement of the cell to stop before.

// panicFilter is the exception breakpoint filter of panics.
const panicFilter = "panic"

// setExceptionBreakpoints turns stopping at panics on or off.
func (e *Executor) setExceptionBreakpoints(req dap.Request) (any, error) {
	var a struct {
		Filters []string `json:"filters"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	on := false
	bps := []any{}
	for _, f := range a.Filters {
		on = on || f == panicFilter
		bps = append(bps, map[string]any{"verified": f == panicFilter})
	}
	e.dbg.mu.Lock()
	e.dbg.onPanic = on
	e.dbg.mu.Unlock()
	return map[string]any{"breakpoints": bps}, nil
}

// exceptionInfo describes the panic the cell is stopped at.
func (e *Executor) exceptionInfo() (any, error) {
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.exception == "" || len(d.stopped) == 0 {
		return nil, fmt.Errorf("exceptionInfo: the cell is not stopped at a panic")
	}
	return map[string]any{"exceptionId": "panic", "description": "panic: " + d.exception, "breakMode": "always"}, nil
}

// panicHook is the helper PanicHook: the value of a panic of the cell,
// given back unchanged. While a chunk runs under the debugger, asked to
// stop at panics, it pauses the chunk's goroutines first.
func (e *Executor) panicHook(v any) any {
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.cur == nil || !d.onPanic {
		return v
	}
	text, ok := panicText(v)
	if !ok {
		text = goPanicText(fmt.Sprint(v))
	}
	d.panicking, d.exception = text, ""
	for _, g := range d.cur.GoRoutines() {
		d.cur.Interrupt(g.ID(), interp.DebugPause)
	}
	return v
}
