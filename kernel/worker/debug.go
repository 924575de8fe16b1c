package worker

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
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

	// The session to replay to a fresh worker (a death, a restart), so
	// that the front end's debugger goes on without attaching again: the
	// initialize and attach requests, the last setBreakpoints of each
	// source; and the worker that has them.
	session []json.RawMessage
	bps     map[string]json.RawMessage
	primed  *process

	// stopped are the threads the worker's last events left stopped;
	// when the worker dies, the front end is told that they go on
	// (lost), so that its debugger does not show a stopped cell that is
	// gone.
	stopped map[int]bool
}

// record notes a request that changes the debug session.
func (r *debugRelay) record(req dap.Request, raw json.RawMessage, p *process) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch req.Command {
	case "initialize":
		r.session, r.bps, r.primed = []json.RawMessage{raw}, nil, p
	case "attach":
		r.session = append(r.session, raw)
	case "disconnect":
		r.session, r.bps = nil, nil
	case "setBreakpoints":
		var a struct {
			Source struct {
				Path string `json:"path"`
			} `json:"source"`
		}
		if json.Unmarshal(req.Arguments, &a) == nil && a.Source.Path != "" {
			if r.bps == nil {
				r.bps = map[string]json.RawMessage{}
			}
			r.bps[a.Source.Path] = raw
		}
	}
}

// prime replays the debug session to p, once, if p is not the worker that
// has it.
func (c *Client) prime(p *process) {
	r := &c.dbg
	r.mu.Lock()
	if r.primed == p || len(r.session) == 0 {
		r.primed = p
		r.mu.Unlock()
		return
	}
	r.primed = p
	replay := append([]json.RawMessage(nil), r.session...)
	for _, path := range slices.Sorted(maps.Keys(r.bps)) {
		replay = append(replay, r.bps[path])
	}
	r.mu.Unlock()
	for _, req := range replay {
		c.send(p, req) // the answers were given to the front end already
	}
}

// fromWorker receives a debug_reply or debug_event frame of any worker.
func (r *debugRelay) fromWorker(m Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m.Op == "debug_event" {
		r.track(m.Debug)
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

// track notes the threads that a stopped or continued event stops or
// lets go on. r.mu is held.
func (r *debugRelay) track(event json.RawMessage) {
	var ev struct {
		Event string `json:"event"`
		Body  struct {
			ThreadID            int  `json:"threadId"`
			AllThreadsContinued bool `json:"allThreadsContinued"`
		} `json:"body"`
	}
	if json.Unmarshal(event, &ev) != nil {
		return
	}
	switch ev.Event {
	case "stopped":
		if r.stopped == nil {
			r.stopped = map[int]bool{}
		}
		r.stopped[ev.Body.ThreadID] = true
	case "continued":
		if ev.Body.AllThreadsContinued {
			r.stopped = nil
		} else {
			delete(r.stopped, ev.Body.ThreadID)
		}
	}
}

// workerDied tells the front end, with a continued event for each thread
// that was stopped, that the cell it showed stopped is gone with its
// worker (JupyterLab's debugger then clears its call stack and variables).
func (r *debugRelay) workerDied() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range slices.Sorted(maps.Keys(r.stopped)) {
		if r.events != nil {
			r.events(dap.Marshal(dap.Event{Type: "event", Event: "continued",
				Body: map[string]any{"threadId": id, "allThreadsContinued": true}}))
		}
	}
	r.stopped = nil
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
	c.prime(p)
	reply := c.send(p, request)
	var resp dap.Response
	if json.Unmarshal(reply, &resp) == nil && resp.Success {
		c.dbg.record(req, request, p)
	}
	return reply
}

// send passes one debug request to p and waits for its answer.
func (c *Client) send(p *process, request json.RawMessage) json.RawMessage {
	req, _ := dap.ParseRequest(request)
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
		return dap.Marshal(dap.Fail(req, "the session's worker died while answering"))
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
