package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// lateExecutor is the kernel's Executor while the real one starts. The
// kernel command binds its sockets first and starts the real executor (a
// worker process, or the interpreter in process) only then, because a
// kernel that does not listen yet answers nothing: spawning the worker
// took up to a second on a loaded machine, and a jupyter_client without a
// KernelManager waits 1 s for the first heartbeat (HBChannel.time_to_dead)
// before it reports "Kernel died before replying to kernel_info" for a
// live kernel; the ports in the connection file also stay free for that
// long for another kernel to take. Requests that need the executor wait
// until it has started; heartbeats, kernel_info and the other requests
// the protocol layer answers itself do not.
//
// It forwards the optional interfaces that the kernel and the command
// assert on the executor (kernel.HardInterrupter, kernel.Debugger,
// kernel.Commer, io.Closer): one added
// there must be forwarded here too.
type lateExecutor struct {
	started chan struct{} // closed once ex and err are set
	ex      kernel.Executor
	err     error

	mu     sync.Mutex
	events func(json.RawMessage) // the kernel's debug events; see SetDebugEvents
	comms  func(comm.Message)    // the kernel's way out for comms; see SetComms
}

var (
	_ kernel.Executor        = (*lateExecutor)(nil)
	_ kernel.HardInterrupter = (*lateExecutor)(nil)
	_ kernel.Debugger        = (*lateExecutor)(nil)
	_ kernel.Commer          = (*lateExecutor)(nil)
	_ io.Closer              = (*lateExecutor)(nil)
)

func newLateExecutor() *lateExecutor {
	return &lateExecutor{started: make(chan struct{})}
}

// start starts the real executor with newExecutor and lets the requests
// that wait for it go on. It must be called exactly once.
func (l *lateExecutor) start(newExecutor func() (kernel.Executor, error)) error {
	l.ex, l.err = newExecutor()
	if l.err == nil && l.ex == nil {
		l.err = errNoExecutor
	}
	if d, ok := l.ex.(kernel.Debugger); ok && l.err == nil {
		l.mu.Lock()
		d.SetDebugEvents(l.events)
		l.mu.Unlock()
	}
	if c, ok := l.ex.(kernel.Commer); ok && l.err == nil {
		l.mu.Lock()
		c.SetComms(l.comms)
		l.mu.Unlock()
	}
	close(l.started)
	return l.err
}

var errNoExecutor = errors.New("no executor")

// executor waits until start has returned.
func (l *lateExecutor) executor() (kernel.Executor, error) {
	<-l.started
	return l.ex, l.err
}

// Execute runs code once the executor has started; an interrupt while it
// starts ends the cell as interrupted.
func (l *lateExecutor) Execute(ctx context.Context, code string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	select {
	case <-l.started:
	case <-ctx.Done():
		return nil, &kernel.ExecError{Name: "Interrupted", Value: "the cell was interrupted while the Go interpreter was starting"}
	}
	if l.err != nil {
		return nil, &kernel.ExecError{Name: "StartError", Value: "the Go interpreter did not start: " + l.err.Error()}
	}
	return l.ex.Execute(ctx, code, pub)
}

func (l *lateExecutor) Complete(code string, cursor int) kernel.Completion {
	ex, err := l.executor()
	if err != nil {
		return kernel.Completion{CursorStart: cursor, CursorEnd: cursor}
	}
	return ex.Complete(code, cursor)
}

func (l *lateExecutor) Inspect(code string, cursor, detail int) (map[string]any, bool) {
	ex, err := l.executor()
	if err != nil {
		return nil, false
	}
	return ex.Inspect(code, cursor, detail)
}

func (l *lateExecutor) IsComplete(code string) (string, string) {
	ex, err := l.executor()
	if err != nil {
		return "unknown", ""
	}
	return ex.IsComplete(code)
}

func (l *lateExecutor) Reset() error {
	ex, err := l.executor()
	if err != nil {
		return err
	}
	return ex.Reset()
}

// HardInterrupt forwards to the executor if it has started and can; it
// never waits, since nothing runs before the executor has started.
func (l *lateExecutor) HardInterrupt() {
	select {
	case <-l.started:
	default:
		return
	}
	if h, ok := l.ex.(kernel.HardInterrupter); ok {
		h.HardInterrupt()
	}
}

// Close closes the executor once it has started, if it is an io.Closer.
func (l *lateExecutor) Close() error {
	ex, err := l.executor()
	if err != nil {
		return nil
	}
	if c, ok := ex.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// SetDebugEvents passes the kernel's way out for debug events to the
// executor, now or once it has started.
func (l *lateExecutor) SetDebugEvents(send func(json.RawMessage)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = send
	select {
	case <-l.started:
		if d, ok := l.ex.(kernel.Debugger); ok && l.err == nil {
			d.SetDebugEvents(send)
		}
	default:
	}
}

// Debug answers a debug request once the executor has started; an
// executor that cannot be debugged, or did not start, fails it.
func (l *lateExecutor) Debug(request json.RawMessage) json.RawMessage {
	ex, err := l.executor()
	if d, ok := ex.(kernel.Debugger); ok && err == nil {
		return d.Debug(request)
	}
	req, _ := dap.ParseRequest(request)
	if err != nil {
		return dap.Marshal(dap.Fail(req, "the Go interpreter did not start: "+err.Error()))
	}
	return dap.Marshal(dap.Fail(req, "this kernel's executor cannot be debugged"))
}

// SetComms passes the kernel's way out for comm messages to the executor,
// now or once it has started.
func (l *lateExecutor) SetComms(send func(comm.Message)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.comms = send
	select {
	case <-l.started:
		if c, ok := l.ex.(kernel.Commer); ok && l.err == nil {
			c.SetComms(send)
		}
	default:
	}
}

// commer returns the executor as a kernel.Commer once it has started, or
// nil: comm messages do not wait for the start (they are handled beside
// the cells, and the front end's comms of a session not yet started are
// none).
func (l *lateExecutor) commer() kernel.Commer {
	select {
	case <-l.started:
		if c, ok := l.ex.(kernel.Commer); ok && l.err == nil {
			return c
		}
	default:
	}
	return nil
}

// Comm hands a comm message to the executor; before it has started (or
// when it has none) a comm_open is answered with comm_close, as for an
// unknown target, and other messages are dropped.
func (l *lateExecutor) Comm(m comm.Message) {
	if c := l.commer(); c != nil {
		c.Comm(m)
		return
	}
	l.mu.Lock()
	send := l.comms
	l.mu.Unlock()
	if m.Type == comm.Open && send != nil {
		send(comm.Message{Type: comm.Close, CommID: m.CommID, Data: json.RawMessage("{}")})
	}
}

// Comms returns the executor's open comms; none before it has started.
func (l *lateExecutor) Comms(target string) map[string]string {
	if c := l.commer(); c != nil {
		return c.Comms(target)
	}
	return map[string]string{}
}
