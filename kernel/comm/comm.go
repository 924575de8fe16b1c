// Package comm is the session's side of Jupyter comms: the comm_open,
// comm_msg and comm_close messages of the messaging spec, through which
// code in the kernel and code in the front end (ipywidgets' models, for
// one) talk to each other over a channel with an ID, in both directions,
// with binary buffers.
//
// The package knows nothing of sockets or of the worker process. The
// executor installs a transport (SetTransport) that carries what Open,
// Send and Close produce to the front end, and hands what the front end
// sends to Deliver. Handlers (of a target, of a comm's messages, of its
// close) run one at a time, in the order the messages came, on one
// goroutine of the package: never on the goroutine that delivered the
// message, and while cells may run. Code that a handler shares with cells
// must guard it as it would for a goroutine of its own.
//
// Outside a kernel (a Go program, a test that installs no transport)
// comms open and send into nothing: what they send is dropped.
package comm

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
)

// The message types of the spec, Message.Type.
const (
	Open  = "comm_open"
	Msg   = "comm_msg"
	Close = "comm_close"
)

// Message is one comm message, in either direction: its type (Open, Msg or
// Close), the comm's ID, for comm_open its target, and the data, metadata
// and binary buffers that the message carries.
type Message struct {
	Type         string          `json:"type"`
	CommID       string          `json:"comm_id"`
	TargetName   string          `json:"target_name,omitempty"`
	TargetModule string          `json:"target_module,omitempty"`
	Data         json.RawMessage `json:"data,omitempty"`
	Metadata     json.RawMessage `json:"metadata,omitempty"`
	Buffers      [][]byte        `json:"buffers,omitempty"`
}

// OpenHandler is called when the front end opens a comm to a target
// registered with Register: c is the new comm (its handlers are set in
// the call), m the comm_open message.
type OpenHandler func(c *Comm, m Message)

// Comm is one open comm.
type Comm struct {
	mgr    *Manager
	id     string
	target string

	mu      sync.Mutex
	onMsg   func(Message)
	onClose func(Message)
	closed  bool
}

// ID returns the comm's ID (for a widget, its model ID).
func (c *Comm) ID() string { return c.id }

// Target returns the name of the comm's target.
func (c *Comm) Target() string { return c.target }

// OnMsg sets the function called with each comm_msg the front end sends on
// c; nil drops them.
func (c *Comm) OnMsg(f func(Message)) {
	c.mu.Lock()
	c.onMsg = f
	c.mu.Unlock()
}

// OnClose sets the function called when the front end closes c.
func (c *Comm) OnClose(f func(Message)) {
	c.mu.Lock()
	c.onClose = f
	c.mu.Unlock()
}

// Closed reports whether c has been closed, by either side.
func (c *Comm) Closed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// Send sends a comm_msg on c with data (marshalled to JSON), metadata (nil
// for none) and buffers. It fails when c is closed or data cannot be
// marshalled.
func (c *Comm) Send(data, metadata any, buffers [][]byte) error {
	if c.Closed() {
		return fmt.Errorf("comm %s (%s): send on a closed comm", c.id, c.target)
	}
	m, err := message(Msg, c.id, "", data, metadata, buffers)
	if err != nil {
		return fmt.Errorf("comm %s (%s): %w", c.id, c.target, err)
	}
	c.mgr.send(m)
	return nil
}

// Close closes c, sending comm_close with data (nil for none); closing a
// closed comm does nothing.
func (c *Comm) Close(data any) error {
	c.mu.Lock()
	was := c.closed
	c.closed = true
	c.mu.Unlock()
	if was {
		return nil
	}
	c.mgr.forget(c.id)
	m, err := message(Close, c.id, "", data, nil, nil)
	if err != nil {
		return fmt.Errorf("comm %s (%s): %w", c.id, c.target, err)
	}
	c.mgr.send(m)
	return nil
}

// message builds a Message, marshalling data and metadata.
func message(typ, id, target string, data, metadata any, buffers [][]byte) (Message, error) {
	m := Message{Type: typ, CommID: id, TargetName: target, Buffers: buffers}
	var err error
	if data == nil {
		data = map[string]any{}
	}
	if m.Data, err = json.Marshal(data); err != nil {
		return Message{}, fmt.Errorf("%s data: %w", typ, err)
	}
	if metadata != nil {
		if m.Metadata, err = json.Marshal(metadata); err != nil {
			return Message{}, fmt.Errorf("%s metadata: %w", typ, err)
		}
	}
	return m, nil
}

// Manager keeps a session's comms and targets. The package's functions
// use one Manager, the session's; tests may make their own with
// NewManager.
type Manager struct {
	mu        sync.Mutex
	transport func(Message)
	targets   map[string]OpenHandler
	comms     map[string]*Comm
	onPanic   func(any)

	// The handlers' queue and its one goroutine.
	qmu     sync.Mutex
	queue   []func()
	running bool
	idle    *sync.Cond // signalled when the queue is empty and nothing runs
}

// NewManager returns a Manager with no transport and no targets.
func NewManager() *Manager {
	m := &Manager{targets: map[string]OpenHandler{}, comms: map[string]*Comm{}}
	m.idle = sync.NewCond(&m.qmu)
	return m
}

var std = NewManager()

// Default returns the session's Manager, the one the package's functions
// use.
func Default() *Manager { return std }

// SetTransport installs send as the way the session's comm messages reach
// the front end and returns the one it replaced; nil drops them. The
// executor calls it once per session.
func SetTransport(send func(Message)) func(Message) { return std.SetTransport(send) }

// Register makes target a comm target of the session: a comm_open from
// the front end to it calls h. A second Register of the same target
// replaces h; a nil h removes the target.
func Register(target string, h OpenHandler) { std.Register(target, h) }

// New opens a comm to target in the front end, sending comm_open with
// data and metadata (nil for none) and buffers.
func New(target string, data, metadata any, buffers [][]byte) (*Comm, error) {
	return std.Open(target, data, metadata, buffers)
}

// Deliver hands a message of the front end to the session's comms.
func Deliver(m Message) { std.Deliver(m) }

// Info returns the session's open comms, ID → target name, only those of
// target when it is not empty.
func Info(target string) map[string]string { return std.Info(target) }

// SetTransport installs send (see the package's SetTransport).
func (g *Manager) SetTransport(send func(Message)) func(Message) {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.transport
	g.transport = send
	return old
}

// Register registers a target (see the package's Register).
func (g *Manager) Register(target string, h OpenHandler) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if h == nil {
		delete(g.targets, target)
		return
	}
	g.targets[target] = h
}

// Open opens a comm to target in the front end (see the package's New).
func (g *Manager) Open(target string, data, metadata any, buffers [][]byte) (*Comm, error) {
	if target == "" {
		return nil, errors.New("comm: open: empty target name")
	}
	c := &Comm{mgr: g, id: newID(), target: target}
	m, err := message(Open, c.id, target, data, metadata, buffers)
	if err != nil {
		return nil, fmt.Errorf("comm: open %s: %w", target, err)
	}
	g.mu.Lock()
	g.comms[c.id] = c
	g.mu.Unlock()
	g.send(m)
	return c, nil
}

// Comm returns the open comm with the given ID, or nil.
func (g *Manager) Comm(id string) *Comm {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.comms[id]
}

// Info returns the open comms (see the package's Info).
func (g *Manager) Info(target string) map[string]string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string]string{}
	for id, c := range g.comms {
		if target == "" || c.target == target {
			out[id] = c.target
		}
	}
	return out
}

// IDs returns the IDs of the open comms, sorted.
func (g *Manager) IDs() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	ids := make([]string, 0, len(g.comms))
	for id := range g.comms {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Deliver hands a message of the front end to the comms: a comm_open to
// a registered target makes a comm and calls the target's handler; one to
// an unknown target is answered at once with comm_close, as the spec
// says; a comm_msg goes to its comm's OnMsg, a comm_close to its OnClose.
// Messages for comms that are not open are dropped. Deliver does not wait
// for the handlers.
func (g *Manager) Deliver(m Message) {
	switch m.Type {
	case Open:
		g.mu.Lock()
		h, ok := g.targets[m.TargetName]
		_, dup := g.comms[m.CommID]
		var c *Comm
		if ok && !dup && m.CommID != "" {
			c = &Comm{mgr: g, id: m.CommID, target: m.TargetName}
			g.comms[c.id] = c
		}
		g.mu.Unlock()
		if c == nil {
			if !dup {
				g.send(Message{Type: Close, CommID: m.CommID, Data: json.RawMessage("{}")})
			}
			return
		}
		g.enqueue(func() { h(c, m) })
	case Msg:
		c := g.Comm(m.CommID)
		if c == nil {
			return
		}
		g.enqueue(func() {
			c.mu.Lock()
			f := c.onMsg
			c.mu.Unlock()
			if f != nil {
				f(m)
			}
		})
	case Close:
		c := g.Comm(m.CommID)
		if c == nil {
			return
		}
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		g.forget(c.id)
		g.enqueue(func() {
			c.mu.Lock()
			f := c.onClose
			c.mu.Unlock()
			if f != nil {
				f(m)
			}
		})
	}
}

// Reset forgets every comm without telling the front end (the session is
// gone; whoever restarts it tells the front end). Targets stay registered.
func (g *Manager) Reset() {
	g.mu.Lock()
	comms := g.comms
	g.comms = map[string]*Comm{}
	g.mu.Unlock()
	for _, c := range comms {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
	}
}

// Wait returns once every handler queued so far has run (and the queue is
// empty). Tests use it; a handler must not call it.
func (g *Manager) Wait() {
	g.qmu.Lock()
	defer g.qmu.Unlock()
	for g.running || len(g.queue) > 0 {
		g.idle.Wait()
	}
}

func (g *Manager) forget(id string) {
	g.mu.Lock()
	delete(g.comms, id)
	g.mu.Unlock()
}

func (g *Manager) send(m Message) {
	g.mu.Lock()
	t := g.transport
	g.mu.Unlock()
	if t != nil {
		t(m)
	}
}

// enqueue runs f on the handlers' goroutine after what is queued before
// it. The queue has no bound: the front end's messages are few (one per
// change of a control) and each is small.
func (g *Manager) enqueue(f func()) {
	g.qmu.Lock()
	g.queue = append(g.queue, f)
	start := !g.running
	g.running = true
	g.qmu.Unlock()
	if start {
		go g.drain()
	}
}

// drain runs queued handlers until the queue is empty.
func (g *Manager) drain() {
	for {
		g.qmu.Lock()
		if len(g.queue) == 0 {
			g.running = false
			g.idle.Broadcast()
			g.qmu.Unlock()
			return
		}
		f := g.queue[0]
		g.queue[0] = nil
		g.queue = g.queue[1:]
		g.qmu.Unlock()
		g.run(f)
	}
}

// run calls one handler. A panic in it (the kernel's executor guards the
// functions that cells pass, so this is one of compiled code) is reported
// to the panic handler, or to the process's stderr, and the queue goes on.
func (g *Manager) run(f func()) {
	defer func() {
		if r := recover(); r != nil {
			g.mu.Lock()
			h := g.onPanic
			g.mu.Unlock()
			if h != nil {
				h(r)
				return
			}
			fmt.Fprintf(os.Stderr, "comm: a handler panicked: %v\n", r)
		}
	}()
	f()
}

// SetPanicHandler sets the function that a panic of a handler is reported
// to; nil reports it on the process's stderr.
func (g *Manager) SetPanicHandler(h func(r any)) {
	g.mu.Lock()
	g.onPanic = h
	g.mu.Unlock()
}

// newID returns a random 128-bit ID in UUID form, as Jupyter's comm IDs
// are.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
