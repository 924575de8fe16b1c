package worker

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// debugTimeout bounds the wait for the worker's answer to a debug request;
// the worker answers them at once, even while a cell runs or is stopped
// at a breakpoint.
const debugTimeout = 30 * time.Second

// debugRelay passes debug requests to the worker and its replies and
// events back. Debug requests travel beside a running cell: the worker
// reads them while the cell runs (stopped at a breakpoint, say), and its
// debug_reply and debug_event frames are taken off the event stream by the
// process's reader (fromWorker), never seen by the cell's loop.
type debugRelay struct {
	mu      sync.Mutex
	next    int64
	pending map[int64]chan json.RawMessage
	events  func(json.RawMessage)
}

// fromWorker receives a debug_reply or debug_event frame of any worker.
func (r *debugRelay) fromWorker(m Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m.Op == "debug_event" {
		if r.events != nil {
			r.events(m.Debug)
		}
		return
	}
	if ch, ok := r.pending[m.ID]; ok {
		delete(r.pending, m.ID)
		ch <- m.Debug
	}
}

// SetDebugEvents sets where the worker's debug events go (the kernel's
// iopub); see kernel.Debugger.
func (c *Client) SetDebugEvents(send func(json.RawMessage)) {
	c.dbg.mu.Lock()
	c.dbg.events = send
	c.dbg.mu.Unlock()
}

// Debug passes one DAP request to the worker and returns its response; see
// kernel.Debugger. A worker that dies or does not answer gives a failed
// response.
func (c *Client) Debug(request json.RawMessage) json.RawMessage {
	req, err := dap.ParseRequest(request)
	if err != nil {
		return dap.Marshal(dap.Fail(req, err.Error()))
	}
	p, err := c.worker()
	if err != nil {
		return dap.Marshal(dap.Fail(req, fmt.Sprintf("the session's worker is not available: %v", err)))
	}
	ch := make(chan json.RawMessage, 1)
	c.dbg.mu.Lock()
	if c.dbg.pending == nil {
		c.dbg.pending = map[int64]chan json.RawMessage{}
	}
	c.dbg.next++
	id := c.dbg.next
	c.dbg.pending[id] = ch
	c.dbg.mu.Unlock()
	forget := func() {
		c.dbg.mu.Lock()
		delete(c.dbg.pending, id)
		c.dbg.mu.Unlock()
	}
	if err := p.send(Message{Op: "debug", ID: id, Debug: request}); err != nil {
		forget()
		return dap.Marshal(dap.Fail(req, fmt.Sprintf("sending to the worker: %v", err)))
	}
	t := time.NewTimer(debugTimeout)
	defer t.Stop()
	select {
	case r := <-ch:
		return r
	case <-p.exited:
		forget()
		return dap.Marshal(dap.Fail(req, "the session's worker died; the debugger's state (breakpoints) is lost: attach again"))
	case <-t.C:
		forget()
		return dap.Marshal(dap.Fail(req, fmt.Sprintf("the worker did not answer within %v", debugTimeout)))
	}
}

var _ kernel.Debugger = (*Client)(nil)

// serveDebug answers one debug request in the worker with ex, if ex can
// be debugged.
func serveDebug(ex kernel.Executor, out *frameWriter, m Message) error {
	var reply json.RawMessage
	if d, ok := ex.(kernel.Debugger); ok {
		reply = d.Debug(m.Debug)
	} else {
		req, _ := dap.ParseRequest(m.Debug)
		reply = dap.Marshal(dap.Fail(req, "this worker's executor cannot be debugged"))
	}
	return out.write(Message{Op: "debug_reply", ID: m.ID, Debug: reply})
}
