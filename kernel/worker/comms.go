package worker

import (
	"encoding/json"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// commRelay passes comm messages between the kernel and the worker, beside
// a running cell as debug requests are: the process's reader takes the
// worker's comm frames off the event stream (process.read) and they go to
// the kernel at once. It also keeps which comms are open, and in which
// worker, so that comm_info is answered without the worker and so that
// when a worker ends (a death, a restart) the front end is told, with a
// comm_close for each of its comms, that they are gone.
type commRelay struct {
	mu   sync.Mutex
	send func(comm.Message)
	open map[string]openComm
}

// openComm is an open comm: its target and its worker.
type openComm struct {
	target string
	p      *process
}

// track records what m does to the open comms of p.
func (r *commRelay) track(p *process, m comm.Message) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch m.Type {
	case comm.Open:
		if r.open == nil {
			r.open = map[string]openComm{}
		}
		r.open[m.CommID] = openComm{target: m.TargetName, p: p}
	case comm.Close:
		delete(r.open, m.CommID)
	}
}

// fromWorker receives a comm frame of worker p and passes it to the kernel.
func (r *commRelay) fromWorker(p *process, m comm.Message) {
	r.track(p, m)
	r.mu.Lock()
	send := r.send
	r.mu.Unlock()
	if send != nil {
		send(m)
	}
}

// closeAll forgets the comms of p, which has ended, and sends the kernel a
// comm_close for each. Calling it again for p sends nothing more.
func (r *commRelay) closeAll(p *process) {
	r.mu.Lock()
	var gone []string
	for id, c := range r.open {
		if c.p == p {
			gone = append(gone, id)
			delete(r.open, id)
		}
	}
	send := r.send
	r.mu.Unlock()
	if send == nil {
		return
	}
	for _, id := range gone {
		send(comm.Message{Type: comm.Close, CommID: id, Data: json.RawMessage("{}")})
	}
}

// SetComms sets where the workers' comm messages go (the kernel's iopub);
// see kernel.Commer.
func (c *Client) SetComms(send func(comm.Message)) {
	c.comms.mu.Lock()
	c.comms.send = send
	c.comms.mu.Unlock()
}

// Comm passes a comm message of the front end to the current worker. It
// does not wait for a worker to start: with none ready (before the first
// start, after a death) a comm_open is answered with comm_close at once
// and other messages are dropped, since their comms ended with the worker.
func (c *Client) Comm(m comm.Message) {
	c.mu.Lock()
	p := c.cur
	c.mu.Unlock()
	ready := false
	if p != nil {
		select {
		case <-p.ready:
			ready = p.err == nil && !p.dead()
		default:
		}
	}
	if ready {
		// Tracked first: the worker's answer (a comm_close for a target
		// it does not have) may come before send returns.
		c.comms.track(p, m)
		if p.send(Message{Op: "comm", Comm: &m}) == nil {
			return
		}
	}
	if m.Type == comm.Open {
		c.comms.fromWorker(p, comm.Message{Type: comm.Close, CommID: m.CommID, Data: json.RawMessage("{}")})
	}
}

// Comms returns the open comms of the current worker, ID → target, only
// those of target when it is not empty; see kernel.Commer.
func (c *Client) Comms(target string) map[string]string {
	c.comms.mu.Lock()
	defer c.comms.mu.Unlock()
	out := map[string]string{}
	for id, oc := range c.comms.open {
		if target == "" || oc.target == target {
			out[id] = oc.target
		}
	}
	return out
}

var _ kernel.Commer = (*Client)(nil)
