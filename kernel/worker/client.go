package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/bytesize"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// DefaultGrace is how long a cell may go on after an interrupt before its
// worker is stopped.
const DefaultGrace = 3 * time.Second

// RerunMagic is the cell that executes again the cells that had succeeded
// in a session that a worker's death ended.
const RerunMagic = "%rerun"

// Options configures a Client.
type Options struct {
	// Command returns the command that starts one worker: a process that
	// calls Serve on file descriptors 3 and 4. It is called for each new
	// worker.
	Command func() *exec.Cmd
	// Grace is how long a cell may run on after an interrupt before the
	// worker is stopped (a harder interrupt); zero means DefaultGrace.
	Grace time.Duration
	// Log receives the worker's own stderr and stdout (the Go runtime's
	// messages); nil drops them.
	Log io.Writer
	// MemoryLimit is the worker's memory limit as MemoryLimitEnv takes it;
	// empty means that variable's value, or DefaultMemoryFraction of the
	// machine's memory when it is not set.
	MemoryLimit string
}

// Client is the kernel.Executor of the kernel process: it runs each request
// in the current worker and starts a fresh worker when one has died.
type Client struct {
	opts Options

	mu        sync.Mutex
	cur       *process // the current worker; nil before the first start
	running   *process // the worker running a cell; nil between cells
	succeeded []string // cells that succeeded in the current worker's session
	lost      []string // those of the last session that a death ended
	limit     Limit    // the memory limit of every worker
	total     uint64   // the machine's memory (machineMemory), 0 if unknown

	dbg   debugRelay // debug requests to the worker, replies and events back
	comms commRelay  // comm messages both ways, and which comms are open
}

var _ kernel.Executor = (*Client)(nil)

// NewClient returns a Client and starts its first worker, without waiting
// for it to be ready.
func NewClient(opts Options) (*Client, error) {
	if opts.Command == nil {
		return nil, errors.New("worker: Options.Command is nil")
	}
	if opts.Grace <= 0 {
		opts.Grace = DefaultGrace
	}
	c := &Client{opts: opts, total: machineMemory()}
	var err error
	if opts.MemoryLimit != "" {
		n, err := ParseLimit(opts.MemoryLimit, c.total)
		if err != nil {
			return nil, fmt.Errorf("worker: %w", err)
		}
		c.limit = Limit{Bytes: n, Source: "Options.MemoryLimit", Spec: opts.MemoryLimit}
	} else if c.limit, err = defaultLimit(os.Getenv, c.total); err != nil {
		return nil, fmt.Errorf("worker: %w", err)
	}
	p, err := c.start()
	if err != nil {
		return nil, err
	}
	c.cur = p
	return c, nil
}

// start starts a worker under the memory limit: the Go runtime of the
// worker gets a soft limit below it (GOMEMLIMIT, unless the environment
// sets one), and a watcher stops the worker when its resident memory
// passes it. c.mu may be held.
func (c *Client) start() (*process, error) {
	cmd := c.opts.Command()
	// The cells' file names, for the debugger, are this process's: the
	// same in every worker.
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	if !slices.ContainsFunc(cmd.Env, func(kv string) bool { return strings.HasPrefix(kv, dap.PrefixEnv+"=") }) {
		cmd.Env = append(cmd.Env[:len(cmd.Env):len(cmd.Env)], dap.PrefixEnv+"="+dap.ProcessNaming().Prefix)
	}
	if c.limit.Bytes > 0 {
		env := cmd.Env
		if env == nil {
			env = os.Environ()
		}
		if !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GOMEMLIMIT=") }) {
			cmd.Env = append(env[:len(env):len(env)], fmt.Sprintf("GOMEMLIMIT=%d", softLimitOf(c.limit)))
		}
	}
	p, err := start(cmd, c.opts.Log, c.dbg.fromWorker, c.comms.fromWorker)
	if err != nil {
		return nil, err
	}
	go p.watchMemory(c.memoryLimit, c.total)
	go func() {
		<-p.exited
		c.comms.closeAll(p)
	}()
	return p, nil
}

// memoryLimit returns the current memory limit.
func (c *Client) memoryLimit() Limit {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.limit
}

// errDied is what worker returns while the current worker's death has not
// yet been reported to a cell.
var errDied = errors.New("worker: the session's worker has died")

// worker returns the current worker once it is ready, starting one if there
// is none. It does not replace a dead worker: Execute reports the death to
// a cell first.
func (c *Client) worker() (*process, error) {
	c.mu.Lock()
	p := c.cur
	if p == nil {
		var err error
		if p, err = c.start(); err != nil {
			c.mu.Unlock()
			return nil, err
		}
		c.cur = p
	}
	c.mu.Unlock()
	<-p.ready
	if p.err != nil {
		c.mu.Lock()
		if c.cur == p {
			c.cur = nil
		}
		c.mu.Unlock()
		return nil, fmt.Errorf("worker: %w", p.err)
	}
	if p.dead() {
		return nil, errDied
	}
	return p, nil
}

// died records that p ended: the cells that had succeeded in its session
// become the ones %rerun executes, and a fresh worker starts. It returns
// the error for the cell that was running.
func (c *Client) died(p *process) *kernel.ExecError {
	name, value, exit := p.wait()
	c.dbg.workerDied()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur == p {
		c.lost, c.succeeded = c.succeeded, nil
		c.cur = nil
		if next, err := c.start(); err == nil {
			c.cur = next // ready by the time the next cell comes, usually
		}
	}
	n := len(c.lost)
	if name == "" {
		name, value = cause(exit, p.stderr.Causes())
		if name == "OutOfMemory" && c.limit.Bytes > 0 {
			value += fmt.Sprintf(" (the memory limit is %s)", c.limit)
		}
	}
	return deathError(name, value, n)
}

// Execute runs code in the worker and passes what it publishes to pub.
// When ctx ends, the worker is asked to interrupt the cell; if the cell
// has not ended Grace later, the worker is stopped.
func (c *Client) Execute(ctx context.Context, code string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	switch line := strings.TrimSpace(code); {
	case line == RerunMagic:
		return c.rerun(ctx, pub)
	case line == MemoryMagic || strings.HasPrefix(line, MemoryMagic+" "):
		return c.memoryMagic(strings.TrimSpace(strings.TrimPrefix(line, MemoryMagic)), pub)
	}
	p, err := c.worker()
	if errors.Is(err, errDied) {
		// The worker died between cells (a callback that panicked after its
		// cell ended, say): this cell is told, and does not run.
		c.mu.Lock()
		dead := c.cur
		c.mu.Unlock()
		xe := c.died(dead)
		xe.Value += " (after the previous cell had ended)"
		xe.Traceback = append(xe.Traceback, "This cell did not run: run it again.")
		return nil, xe
	}
	if err != nil {
		return nil, err
	}
	c.prime(p) // a fresh worker gets the debug session, if there is one
	c.mu.Lock()
	c.running = p
	c.mu.Unlock()
	res, err := c.run(ctx, p, code, pub)
	c.mu.Lock()
	c.running = nil
	c.mu.Unlock()
	if err == nil {
		c.mu.Lock()
		if c.cur == p {
			c.succeeded = append(c.succeeded, code)
		}
		c.mu.Unlock()
	}
	return res, err
}

// run executes one cell in p.
func (c *Client) run(ctx context.Context, p *process, code string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	// What the worker writes to its descriptors 1 and 2 meanwhile, and
	// the markers that say all of it before done was read (fdoutput.go);
	// taken before the cell can write.
	fds := &fdSink{ch: make(chan fdChunk, 64), stop: make(chan struct{})}
	p.setSink(fds)
	defer func() {
		p.setSink(nil)
		close(fds.stop)
	}()
	if err := p.send(Message{Op: "execute", Code: code}); err != nil {
		return nil, c.died(p)
	}
	ex := &execution{p: p}
	defer ex.end()
	flushed := map[string]string{}
	var final *Message // a done waiting for its markers
	finish := func(m *Message) (*kernel.ExecResult, error) {
		switch {
		case m.ExecError != nil:
			return nil, m.ExecError
		case m.Err != "":
			return nil, errors.New(m.Err)
		}
		return m.Result, nil
	}
	done := ctx.Done()
	var hard <-chan time.Time
	for {
		select {
		case f := <-fds.ch:
			if !f.marker {
				pub.Stream(f.stream, f.text)
				continue
			}
			flushed[f.stream] = f.token
			if final != nil && flushed["stdout"] == final.Flush && flushed["stderr"] == final.Flush {
				return finish(final)
			}
		case m, ok := <-p.events:
			if !ok {
				return nil, c.died(p)
			}
			switch m.Op {
			case "stream":
				pub.Stream(m.Name, m.Text)
			case "display":
				if m.Bundle != nil {
					pub.Publish(*m.Bundle)
				}
			case "clear":
				pub.Clear(m.Wait)
			case "input_request":
				go c.input(ctx, ex, pub, m)
			case "done":
				if m.Flush != "" && (flushed["stdout"] != m.Flush || flushed["stderr"] != m.Flush) {
					final = &m
					continue
				}
				return finish(&m)
			}
		case <-done:
			done = nil
			ex.interrupt()
			t := time.NewTimer(c.opts.Grace)
			defer t.Stop()
			hard = t.C
		case <-hard:
			hard = nil
			p.stop("Interrupted", fmt.Sprintf("the cell did not stop within %v of the interrupt (a loop or a native call that does not watch ctx), so its worker was stopped", c.opts.Grace))
		}
	}
}

// HardInterrupt stops the worker of the running cell at once, as when a
// cell does not end Grace after an interrupt. The kernel calls it for a
// second interrupt_request while the same cell runs.
func (c *Client) HardInterrupt() {
	c.mu.Lock()
	p := c.running
	c.mu.Unlock()
	if p != nil {
		p.stop("Interrupted", "a second interrupt stopped the cell's worker")
	}
}

// memoryMagic shows the memory limit and the worker's use (args empty) or
// sets the limit.
func (c *Client) memoryMagic(args string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	if args != "" {
		n, err := ParseLimit(args, c.total)
		if err != nil {
			msg := MemoryMagic + ": " + err.Error()
			return nil, &kernel.ExecError{Name: "UsageError", Value: msg, Traceback: []string{msg,
				"usage: %memory [LIMIT], LIMIT bytes with a unit (512MiB, 12GiB, 8G), a percentage of the machine's memory (60%), or off"}}
		}
		c.mu.Lock()
		c.limit = Limit{Bytes: n, Source: MemoryMagic, Spec: args}
		p := c.cur
		c.mu.Unlock()
		if p != nil && !p.dead() {
			_ = p.send(Message{Op: "memory_limit", Bytes: softLimitOf(Limit{Bytes: n})})
		}
	}
	c.mu.Lock()
	l, p := c.limit, c.cur
	c.mu.Unlock()
	text := fmt.Sprintf("memory limit: %s, set by %s", l, l.Source)
	if p != nil && p.cmd.Process != nil {
		if rss, err := residentBytes(p.cmd.Process.Pid); err == nil {
			text += fmt.Sprintf("; the worker uses %s", bytesize.Format(rss))
		}
	}
	if c.total > 0 {
		text += fmt.Sprintf("; the machine has %s", bytesize.Format(c.total))
	}
	pub.Stream("stdout", text+"\n")
	return &kernel.ExecResult{}, nil
}

// execution is one execute request running in a worker. What is sent
// for it from other goroutines (its interrupt, at most once, and answers
// to its input requests) is sent only while it runs, so that nothing late
// reaches the next cell: run sends the next execute after end.
type execution struct {
	p           *process
	mu          sync.Mutex
	over        bool // run has returned: the worker may run another cell
	interrupted bool
}

// interrupt sends the worker an interrupt for this execution, unless it
// was sent already or the execution is over.
func (x *execution) interrupt() {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.over || x.interrupted {
		return
	}
	x.interrupted = true
	_ = x.p.send(Message{Op: "interrupt"})
}

// send sends m to the worker unless the execution is over.
func (x *execution) send(m Message) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.over {
		_ = x.p.send(m)
	}
}

// end marks the execution over; run calls it before it returns, so before
// the next execute is sent.
func (x *execution) end() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.over = true
}

// input answers one input_request of the worker through pub.
func (c *Client) input(ctx context.Context, x *execution, pub kernel.Publisher, m Message) {
	reply := Message{Op: "input_reply"}
	pr, ok := pub.(kernel.Prompter)
	if !ok {
		reply.Err = "input: this kernel cannot ask for input"
	} else if text, err := pr.Input(ctx, m.Text, m.Password); err != nil {
		reply.Err, reply.NoStdin = err.Error(), errors.Is(err, kernel.ErrNoStdin)
	} else {
		reply.Text = text
	}
	if ctx.Err() != nil {
		// An interrupt ended the wait: the worker must know of it before
		// the read fails, or the cell could end as if it had succeeded.
		// (run sends it too, maybe later; it is sent once.)
		x.interrupt()
	}
	x.send(reply) // a late answer, after the cell ended, is dropped
}

// rerun executes again, in a fresh session, the cells that had succeeded
// in the session that the last death ended, stopping at the first error.
func (c *Client) rerun(ctx context.Context, pub kernel.Publisher) (*kernel.ExecResult, error) {
	c.mu.Lock()
	cells := append([]string(nil), c.lost...)
	c.mu.Unlock()
	if len(cells) == 0 {
		pub.Stream("stdout", RerunMagic+": no lost session to re-execute\n")
		return &kernel.ExecResult{}, nil
	}
	pub.Stream("stdout", fmt.Sprintf("%s: executing again the %d cells that had succeeded in the lost session\n", RerunMagic, len(cells)))
	for i, code := range cells {
		res, err := c.Execute(ctx, code, pub)
		if err != nil {
			var xe *kernel.ExecError
			if errors.As(err, &xe) {
				xe = &kernel.ExecError{Name: xe.Name, Value: xe.Value,
					Traceback: append([]string{fmt.Sprintf("%s: cell %d of %d failed", RerunMagic, i+1, len(cells))}, xe.Traceback...)}
				return nil, xe
			}
			return nil, err
		}
		if i == len(cells)-1 {
			return res, nil
		}
		if res != nil && res.Data != nil {
			pub.Publish(*res.Data)
		}
	}
	return &kernel.ExecResult{}, nil
}

// request sends a request that has one reply and returns the reply; ok is
// false when the worker died meanwhile (it is restarted on the next call).
func (c *Client) request(m Message) (Message, bool) {
	p, err := c.worker()
	if err != nil {
		return Message{}, false
	}
	if err := p.send(m); err != nil {
		return Message{}, false
	}
	for r := range p.events {
		if r.Op == "reply" {
			return r, true
		}
	}
	return Message{}, false
}

// Complete answers a completion request from the worker's session.
func (c *Client) Complete(code string, cursor int) kernel.Completion {
	r, ok := c.request(Message{Op: "complete", Code: code, Cursor: cursor})
	if !ok || r.Completion == nil {
		return kernel.Completion{CursorStart: cursor, CursorEnd: cursor}
	}
	return *r.Completion
}

// Inspect returns the documentation of the name at cursor.
func (c *Client) Inspect(code string, cursor, detail int) (map[string]any, bool) {
	r, ok := c.request(Message{Op: "inspect", Code: code, Cursor: cursor, Detail: detail})
	if !ok {
		return nil, false
	}
	return r.Data, r.Found
}

// IsComplete says whether code is a complete cell.
func (c *Client) IsComplete(code string) (string, string) {
	r, ok := c.request(Message{Op: "is_complete", Code: code})
	if !ok {
		return "unknown", ""
	}
	return r.Status, r.Indent
}

// Reset ends the current worker and starts a fresh one: the state of the
// session, and what %rerun would re-execute, are gone.
func (c *Client) Reset() error {
	c.mu.Lock()
	old := c.cur
	c.cur, c.succeeded, c.lost = nil, nil, nil
	c.mu.Unlock()
	if old != nil {
		old.stop("Interrupted", "the kernel was restarted")
		old.wait()
		c.comms.closeAll(old) // before the restart's reply, not after
	}
	_, err := c.worker()
	return err
}

// Close ends the current worker.
func (c *Client) Close() error {
	c.mu.Lock()
	p := c.cur
	c.cur = nil
	c.mu.Unlock()
	if p != nil {
		p.stop("Interrupted", "the kernel shut down")
		p.wait()
	}
	return nil
}
