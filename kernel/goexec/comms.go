package goexec

import (
	"bytes"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
	"github.com/rbm-kernel/rbm-kernel/kernel/widgets"
)

// The session's comms are package comm's (its default Manager), which
// kernel/widgets opens its models on: the Executor is their kernel.Commer.

var _ kernel.Commer = (*Executor)(nil)

// SetComms sets where the session's comm messages go; see kernel.Commer.
func (e *Executor) SetComms(send func(comm.Message)) { comm.SetTransport(send) }

// Comm hands a comm message of the front end to the session's comms; the
// handlers run on package comm's goroutine, beside a running cell.
func (e *Executor) Comm(m comm.Message) { comm.Deliver(m) }

// Comms returns the session's open comms; see kernel.Commer.
func (e *Executor) Comms(target string) map[string]string { return comm.Info(target) }

// closeComms closes every comm of the session, telling the front end, as
// a restart of the session does.
func closeComms() {
	g := comm.Default()
	for _, id := range g.IDs() {
		if c := g.Comm(id); c != nil {
			_ = c.Close(nil)
		}
	}
}

// captures redirects what one goroutine writes to the cell's streams
// (widgets.Output.Capture): the router asks it, for each write while a
// capture is on, whether the writing goroutine is captured.
type captures struct {
	on atomic.Int32 // captures in progress; 0: no goroutine ID is read
	mu sync.Mutex
	to map[uint64][2]io.Writer // goroutine ID → stdout, stderr
}

// run runs f with the calling goroutine's output going to stdout and
// stderr; nested captures restore the outer one.
func (c *captures) run(stdout, stderr io.Writer, f func()) {
	id := goroutineID()
	c.mu.Lock()
	if c.to == nil {
		c.to = map[uint64][2]io.Writer{}
	}
	prev, had := c.to[id]
	c.to[id] = [2]io.Writer{stdout, stderr}
	c.mu.Unlock()
	c.on.Add(1)
	defer func() {
		c.on.Add(-1)
		c.mu.Lock()
		if had {
			c.to[id] = prev
		} else {
			delete(c.to, id)
		}
		c.mu.Unlock()
	}()
	f()
}

// writer returns where the calling goroutine's writes to stream (0
// stdout, 1 stderr) go, or nil when it is not captured.
func (c *captures) writer(stream int) io.Writer {
	if c.on.Load() == 0 {
		return nil
	}
	id := goroutineID()
	c.mu.Lock()
	defer c.mu.Unlock()
	if w, ok := c.to[id]; ok {
		return w[stream]
	}
	return nil
}

// goroutineID returns the ID of the calling goroutine, from the first
// line of its traceback ("goroutine 42 [running]:").
func goroutineID() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	id, _ := strconv.ParseUint(string(b), 10, 64)
	return id
}

// installCapturer makes widgets.Output.Capture redirect the writes of
// the router r.
func installCapturer(r *router) {
	widgets.SetCapturer(r.caps.run)
}
