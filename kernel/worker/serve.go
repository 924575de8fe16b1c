package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// ErrNoPipes is ServeFDs's error when this process was not started by a
// Client: file descriptors 3 and 4 are not pipes.
var ErrNoPipes = errors.New("worker: file descriptors 3 and 4 are not the kernel's pipes; the kernel starts workers itself")

// ServeFDs is Serve on the pipes a Client gives the worker process, its
// file descriptors 3 (requests) and 4 (events).
func ServeFDs(newExecutor func() (kernel.Executor, error)) error {
	req, ev := os.NewFile(3, "requests"), os.NewFile(4, "events")
	for _, f := range []*os.File{req, ev} {
		// Pipes, not whatever else those numbers hold (the Go runtime
		// takes free descriptors for itself).
		if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			return ErrNoPipes
		}
	}
	return serve(req, ev, newExecutor, newFDFlusher().flush)
}

// Serve is the worker's loop: it reads requests from r, runs them on the
// executor that newExecutor makes, and writes events to w, until r ends.
// It first sends "ready", or "failed" when newExecutor fails.
func Serve(r io.Reader, w io.Writer, newExecutor func() (kernel.Executor, error)) error {
	return serve(r, w, newExecutor, nil)
}

// serve is Serve; flush, when not nil, is called after each execute, before
// its done, and gives the token of the marker it wrote to the process's
// standard files (fdoutput.go).
func serve(r io.Reader, w io.Writer, newExecutor func() (kernel.Executor, error), flush func() string) error {
	out := &frameWriter{w: w}
	ex, err := newExecutor()
	if err != nil {
		_ = out.write(Message{Op: "failed", Err: err.Error()})
		return err
	}
	if d, ok := ex.(kernel.Debugger); ok {
		d.SetDebugEvents(func(ev json.RawMessage) {
			_ = out.write(Message{Op: "debug_event", Debug: ev})
		})
	}
	commer, _ := ex.(kernel.Commer)
	if commer != nil {
		commer.SetComms(func(m comm.Message) {
			_ = out.write(Message{Op: "comm", Comm: &m})
		})
	}
	if err := out.write(Message{Op: "ready"}); err != nil {
		return err
	}
	in := newFrameReader(r)
	var (
		cancel context.CancelFunc // of the running execute; nil when none
		pub    *framePublisher
		done   = make(chan struct{}, 1)
	)
	for {
		m, err := in.read()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		// An execute that has finished since the last request.
		select {
		case <-done:
			cancel, pub = nil, nil
		default:
		}
		switch m.Op {
		case "execute":
			if cancel != nil {
				return fmt.Errorf("worker: execute while a cell runs")
			}
			var ctx context.Context
			ctx, cancel = context.WithCancel(context.Background())
			pub = &framePublisher{out: out, replies: make(chan Message, 1)}
			go func(ctx context.Context, cancel context.CancelFunc, code string, p *framePublisher) {
				defer cancel()
				res, err := ex.Execute(ctx, code, p)
				reply := Message{Op: "done", Result: res}
				var xe *kernel.ExecError
				switch {
				case errors.As(err, &xe):
					reply.Result, reply.ExecError = nil, xe
				case err != nil:
					reply.Result, reply.Err = nil, err.Error()
				}
				if flush != nil {
					reply.Flush = flush()
				}
				done <- struct{}{}
				_ = out.write(reply)
			}(ctx, cancel, m.Code, pub)
		case "interrupt":
			if cancel != nil {
				cancel()
			}
		case "debug":
			// Answered at once, even while a cell runs: a cell stopped at
			// a breakpoint waits for these.
			if err := serveDebug(ex, out, m); err != nil {
				return err
			}
		case "comm":
			// Beside a running cell: the session's comm handlers run on
			// a goroutine of their own (package comm).
			switch {
			case m.Comm == nil:
			case commer != nil:
				commer.Comm(*m.Comm)
			case m.Comm.Type == comm.Open:
				// No comms here: close it at once, as the spec says.
				_ = out.write(Message{Op: "comm", Comm: &comm.Message{Type: comm.Close, CommID: m.Comm.CommID}})
			}
		case "memory_limit":
			softMemoryLimit(m.Bytes)
		case "input_reply":
			if pub != nil {
				select {
				case pub.replies <- m:
				default: // nobody asked
				}
			}
		case "complete":
			c := ex.Complete(m.Code, m.Cursor)
			if err := out.write(Message{Op: "reply", Completion: &c}); err != nil {
				return err
			}
		case "inspect":
			data, found := ex.Inspect(m.Code, m.Cursor, m.Detail)
			if err := out.write(Message{Op: "reply", Data: data, Found: found}); err != nil {
				return err
			}
		case "is_complete":
			status, indent := ex.IsComplete(m.Code)
			if err := out.write(Message{Op: "reply", Status: status, Indent: indent}); err != nil {
				return err
			}
		default:
			return fmt.Errorf("worker: unknown request %q", m.Op)
		}
	}
}

// framePublisher is the kernel.Publisher (and kernel.Prompter) of one
// execute in the worker: each call becomes an event frame.
type framePublisher struct {
	out     *frameWriter
	mu      sync.Mutex // one input request at a time
	replies chan Message
}

func (p *framePublisher) Stream(name, text string) {
	_ = p.out.write(Message{Op: "stream", Name: name, Text: text})
}

func (p *framePublisher) Publish(b display.Bundle) {
	_ = p.out.write(Message{Op: "display", Bundle: &b})
}

func (p *framePublisher) Clear(wait bool) {
	_ = p.out.write(Message{Op: "clear", Wait: wait})
}

// Input asks the kernel process for a line of input and waits for it.
func (p *framePublisher) Input(ctx context.Context, prompt string, password bool) (string, error) {
	if err := ctx.Err(); err != nil { // interrupted: do not ask
		return "", fmt.Errorf("input: %w", err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.out.write(Message{Op: "input_request", Text: prompt, Password: password}); err != nil {
		return "", err
	}
	select {
	case m := <-p.replies:
		if m.NoStdin {
			return "", fmt.Errorf("input: %w", kernel.ErrNoStdin)
		}
		if m.Err != "" {
			return "", errors.New(m.Err)
		}
		return m.Text, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

var _ kernel.Prompter = (*framePublisher)(nil)
