package goexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/traefik/yaegi/interp"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// debugger is the Executor's side of the Jupyter debugger: the state of a
// debug session (attached or not, the breakpoints, the cells' code) and,
// while a chunk runs under yaegi's debugger, that debugger and the
// goroutines stopped in it. DAP requests (Executor.Debug) come on another
// goroutine than the running cell, so none of this is guarded by
// Executor.mu, which the running cell holds.
type debugger struct {
	mu   sync.Mutex
	send func(json.RawMessage) // the events' way out; nil drops them
	seq  int                   // of the last event sent
	// started: an initialize request was answered (and no disconnect
	// since), which debugInfo reports as isStarted, as ipykernel and xeus
	// do; attached: the attach request that follows it was too, and cells
	// run under the debugger.
	started  bool
	attached bool
	// aliases are the aliases of other packages' types that cells run
	// under the debugger have declared (front.AliasPackageTypes).
	aliases  map[string]bool
	bps      map[string][]int             // source path → breakpoint lines (the cell's own)
	code     map[string]string            // source path → the cell's code
	progs    map[string][]*interp.Program // source path → the chunks compiled from it
	cur      *interp.Debugger             // the debugger of the running chunk; nil between chunks
	stopped  map[int]*interp.DebugEvent   // goroutine → the event it is stopped at
	refs     []varRef                     // variablesReference n is refs[n-1]; valid while stopped
	frames   map[int]*frameRef            // frame id → frame; valid while stopped
	done     chan struct{}                // closed when cur's program has ended
	stopOnce func()                       // closes done once
	// fileImports lists, per file name, the imports made in it
	// (debugimports.go).
	fileImports map[string]map[string]string
	steps       map[int]stepFrom // goroutine → where its step started
	pausing     map[int]bool     // goroutines paused, stepping to a line
	// onPanic: setExceptionBreakpoints asked to stop at panics;
	// panicking is the text of the panic the cell stops at next, and
	// exception the one it stopped at (debugpanic.go).
	onPanic              bool
	panicking, exception string
	// stepOn: the cell's goroutine was stepping when a chunk of the
	// cell ended; the next chunk of the same cell starts with a step, so
	// that stepping goes on across the chunks of a cell (its
	// declarations, then its statements). Execute clears it.
	stepOn bool
}

// SetDebugEvents sets where debug events go; see kernel.Debugger.
func (e *Executor) SetDebugEvents(send func(json.RawMessage)) {
	e.dbg.mu.Lock()
	e.dbg.send = send
	e.dbg.mu.Unlock()
}

// event sends a DAP event; d.mu is held.
func (d *debugger) event(name string, body any) {
	if d.send == nil {
		return
	}
	d.seq++
	d.send(dap.Marshal(dap.Event{Seq: d.seq, Type: "event", Event: name, Body: body}))
}

// path returns the source file name under which a cell is compiled: the
// front end's name for it while a debugger is attached, else cellFile.
func (d *debugger) path(code string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.attached {
		return cellFile
	}
	p := cellNaming.Path(code)
	if d.code == nil {
		d.code = map[string]string{}
	}
	d.code[p] = code
	return p
}

// active reports whether chunks run under yaegi's debugger.
func (d *debugger) active() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.attached
}

// addProgram records that prog was compiled from the cell named path.
func (d *debugger) addProgram(path string, prog *interp.Program) {
	if !strings.HasPrefix(path, cellNaming.Prefix) {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.progs == nil {
		d.progs = map[string][]*interp.Program{}
	}
	d.progs[path] = append(d.progs[path], prog)
}

// reset forgets the compiled chunks (the session's state is gone); the
// breakpoints stay.
func (d *debugger) reset() {
	d.mu.Lock()
	d.progs, d.fileImports = nil, nil
	d.mu.Unlock()
}

// applyBreakpoints sets the breakpoints of path in the running chunk's
// debugger and returns, for each of lines, whether it was set; d.mu is
// held. A cell's line L is line L+1 of its chunks (the front end's
// prefix line).
func (d *debugger) applyBreakpoints(path string, lines []int) []bool {
	ok := make([]bool, len(lines))
	if d.cur == nil {
		return ok
	}
	reqs := []interp.BreakpointRequest{interp.LineBreakpoint(0)} // clears the others
	for _, l := range lines {
		reqs = append(reqs, interp.LineBreakpoint(l+1))
	}
	for _, p := range d.progs[path] {
		for i, b := range setBreakpoints(d.cur, p, reqs)[1:] {
			ok[i] = ok[i] || b.Valid
		}
	}
	return ok
}

// setBreakpoints sets reqs in prog. yaegi's SetBreakpoints builds the
// code of every node it passes, and crashed on nodes that have none (the
// front end now aliases the package types that were such nodes,
// front.AliasPackageTypes); should another kind crash it, the
// breakpoints of that program stay unverified, and the session lives.
func setBreakpoints(dbg *interp.Debugger, prog *interp.Program, reqs []interp.BreakpointRequest) (out []interp.Breakpoint) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "goexec: the interpreter's debugger could not set breakpoints in a chunk (%v); they are not verified\n", r)
			out = make([]interp.Breakpoint, len(reqs))
		}
	}()
	return dbg.SetBreakpoints(interp.ProgramBreakpointTarget(prog), reqs...)
}

// debugExecute runs prog under yaegi's debugger: it stops at the
// breakpoints and answers DAP requests from another goroutine until the
// chunk ends. An interrupt (ctx) ends it, stopped or not.
func (e *Executor) debugExecute(ctx context.Context, prog *interp.Program) error {
	d := &e.dbg
	done := make(chan struct{})
	var once sync.Once
	stop := func() { once.Do(func() { close(done) }) }
	events := func(ev *interp.DebugEvent) {
		switch ev.Reason() {
		case interp.DebugTerminate:
			stop()
		case interp.DebugBreak, interp.DebugPause, interp.DebugStepInto, interp.DebugStepOver, interp.DebugStepOut:
			d.stoppedAt(ev)
		}
	}
	dbg := e.in.Debug(ctx, prog, events, &interp.DebugOptions{GoRoutineStartAt1: true})
	d.mu.Lock()
	d.cur, d.done, d.stopOnce = dbg, done, stop
	d.stopped = map[int]*interp.DebugEvent{}
	d.pausing = map[int]bool{}
	for path, lines := range d.bps {
		d.applyBreakpoints(path, lines)
	}
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		wasStopped := len(d.stopped) > 0
		_, d.stepOn = d.steps[1]
		d.cur, d.stopped, d.refs, d.frames, d.steps, d.pausing = nil, nil, nil, nil, nil, nil
		if wasStopped {
			d.event("continued", map[string]any{"threadId": 1, "allThreadsContinued": true})
		}
		d.mu.Unlock()
	}()
	d.mu.Lock()
	stepOn := d.stepOn
	d.stepOn = false
	if stepOn {
		if d.steps == nil {
			d.steps = map[int]stepFrom{}
		}
		d.steps[1] = stepFrom{}
	}
	d.mu.Unlock()
	start := dbg.Continue
	if stepOn {
		// The step that ended the last chunk goes on into this one.
		start = func(g int) error { return dbg.Step(g, interp.DebugStepInto) }
	}
	if err := start(1); err != nil {
		return fmt.Errorf("debugger: start: %w", err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		dbg.Terminate()
		t := time.NewTimer(interruptGrace)
		defer t.Stop()
		select {
		case <-done:
		case <-t.C:
			return ctx.Err()
		}
	}
	_, err := dbg.Wait()
	return err
}

// stoppedAt records that a goroutine stopped (a breakpoint, a step, a
// pause) and tells the front end.
func (d *debugger) stoppedAt(ev *interp.DebugEvent) {
	reason := map[interp.DebugEventReason]string{
		interp.DebugBreak: "breakpoint", interp.DebugPause: "pause",
		interp.DebugStepInto: "step", interp.DebugStepOver: "step", interp.DebugStepOut: "step",
	}[ev.Reason()]
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopped == nil {
		return
	}
	g := ev.GoRoutine()
	at := stepPoint(ev)
	if ev.Reason() == interp.DebugPause {
		d.pausing[g] = true
	}
	if at.line == 0 {
		// A node without a line (one yaegi or the lowering added): go on
		// to the next one that has one.
		go restep(d.cur, g, interp.DebugStepInto)
		return
	}
	if at.line == 1 && strings.HasPrefix(at.file, cellNaming.Prefix) && ev.Reason() != interp.DebugBreak && ev.Reason() != interp.DebugPause && !d.pausing[g] {
		// The line that the kernel puts before a cell's code ("package
		// main; func main() {", front.StmtPrefix): yaegi's last step of a
		// chunk is its block, placed at that brace, which the front end
		// showed as the cell's line 1, column 27. The chunk is done: step
		// on, out of it (into the next chunk of the cell, if any).
		go restep(d.cur, g, ev.Reason())
		return
	}
	if from, ok := d.steps[g]; ok && ev.Reason() != interp.DebugBreak && ev.Reason() != interp.DebugPause && !d.pausing[g] {
		// yaegi steps node by node; the front end, line by line: step on
		// while on the same line of the same frame.
		if at.line == from.line && at.file == from.file && at.depth == from.depth {
			go restep(d.cur, g, ev.Reason())
			return
		}
	}
	if d.pausing[g] {
		reason = "pause"
	}
	body := map[string]any{"reason": reason, "threadId": g, "allThreadsStopped": false}
	if d.panicking != "" && ev.Reason() == interp.DebugPause {
		// Stopped at the panic that PanicHook announced.
		d.exception, d.panicking = d.panicking, ""
		body["reason"], body["description"], body["text"] = "exception", "panic: "+d.exception, d.exception
	}
	delete(d.steps, g)
	delete(d.pausing, g)
	d.stopped[g] = ev
	d.refs, d.frames = nil, nil
	d.event("stopped", body)
}

// resume lets goroutine g go on with how (continue or a step); the
// stopped state is dropped first, since the goroutine may stop again at
// once.
func (d *debugger) resume(g int, how interp.DebugEventReason) error {
	d.mu.Lock()
	dbg := d.cur
	ev, ok := d.stopped[g]
	if ok {
		delete(d.stopped, g)
		d.refs, d.frames = nil, nil
		d.exception = ""
	}
	d.mu.Unlock()
	if dbg == nil || !ok {
		return fmt.Errorf("thread %d is not stopped", g)
	}
	if how == 0 {
		return dbg.Continue(g)
	}
	d.mu.Lock()
	if d.steps == nil {
		d.steps = map[int]stepFrom{}
	}
	d.steps[g] = stepPoint(ev)
	d.mu.Unlock()
	return dbg.Step(g, how)
}

// stepFrom is where a step started: the line of the innermost frame and
// the depth of the stack.
type stepFrom struct {
	file        string
	line, depth int
}

// stepPoint returns where ev stopped.
func stepPoint(ev *interp.DebugEvent) stepFrom {
	fs := ev.Frames(0, 1)
	if len(fs) == 0 {
		return stepFrom{}
	}
	p := fs[0].Position()
	return stepFrom{file: p.Filename, line: p.Line, depth: ev.FrameDepth()}
}

// restep steps goroutine g again. It runs beside the goroutine's event
// callback, which returns before the goroutine waits to be resumed: Step
// fails with ErrRunning until then.
func restep(dbg *interp.Debugger, g int, how interp.DebugEventReason) {
	for dbg != nil && errors.Is(dbg.Step(g, how), interp.ErrRunning) {
		runtime.Gosched()
	}
}

// frameSource maps a yaegi position to the source path and the cell's
// line; path is empty for code that was not compiled for the debugger.
func frameSource(p token.Position) (path string, line int) {
	if !strings.HasPrefix(p.Filename, cellNaming.Prefix) {
		return "", max(p.Line-1, 0)
	}
	return p.Filename, max(p.Line-1, 1)
}

// sortedPaths returns the keys of m in order.
func sortedPaths[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// frameRef is a frame given to the front end in a stack trace.
type frameRef struct {
	f *interp.DebugFrame
}

// notDebugged tells, when a debugger is attached and the cell has
// breakpoints, that the cell was not run by the interpreter (what is a
// compiled cell or a magic), so its breakpoints are not hit.
func (d *debugger) notDebugged(code string, pub kernel.Publisher, what string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.attached || len(d.bps[cellNaming.Path(code)]) == 0 {
		return
	}
	msg := "debugger: this cell ran as " + what + ", not in the interpreter: its breakpoints are not hit (only interpreted cells can be debugged)\n"
	pub.Stream("stderr", msg)
	d.event("output", map[string]any{"category": "console", "output": msg})
}
