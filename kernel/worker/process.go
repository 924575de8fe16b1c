package worker

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// process is one running worker as the Client sees it.
type process struct {
	cmd    *exec.Cmd
	out    *frameWriter  // requests
	events chan Message  // events; closed when the worker has exited
	stderr *tail         // the end of the worker's stderr and stdout
	ready  chan struct{} // closed when the worker said ready or failed
	exited chan struct{} // closed when the worker has exited
	err    error         // why it failed to start; set before ready closes

	// debug receives the worker's debug_reply and debug_event frames,
	// and comm the comm frames, which never go to events (see debug.go
	// and comms.go); set before start returns.
	debug func(Message)
	comm  func(*process, comm.Message)

	// What the worker writes to its descriptors 1 and 2 (fdoutput.go):
	// diagMu serializes the writes to the tail and the log, dying is set
	// once a line names a cause of death, and sink takes the running
	// cell's chunks.
	diagMu sync.Mutex
	dying  bool
	sinkMu sync.Mutex
	sink   *fdSink

	mu       sync.Mutex
	exit     error  // cmd.Wait's result, once events is closed
	stopName string // the error name of why the Client stopped it, if it did
	stopWhy  string // and the message
}

// start starts a worker with cmd (its ExtraFiles are set here) and copies
// its stderr and stdout to log as well as to a tail kept for diagnosis, and
// to the running cell (fdoutput.go).
func start(cmd *exec.Cmd, log io.Writer, debug func(Message), onComm func(*process, comm.Message)) (*process, error) {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("worker: pipe: %w", err)
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("worker: pipe: %w", err)
	}
	p := &process{
		cmd:    cmd,
		out:    &frameWriter{w: reqW},
		events: make(chan Message, 256),
		stderr: newTail(64 << 10),
		ready:  make(chan struct{}),
		exited: make(chan struct{}),
		debug:  debug,
		comm:   onComm,
	}
	sink := io.Writer(p.stderr)
	if log != nil {
		sink = io.MultiWriter(p.stderr, &boundedLog{w: log, left: logLimit})
	}
	cmd.ExtraFiles = []*os.File{reqR, evW} // fds 3 and 4
	// Read apart, so that a cell's output to them reaches it (fdoutput.go).
	cmd.Stdout = &fdStream{p: p, stream: "stdout", diag: sink}
	cmd.Stderr = &fdStream{p: p, stream: "stderr", diag: sink}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	// The worker ends with this process, however this process ends.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{reqR, reqW, evR, evW} {
			f.Close()
		}
		return nil, fmt.Errorf("worker: start %s: %w", cmd.Path, err)
	}
	reqR.Close()
	evW.Close()
	// Should the system run out of memory before the Client's limit
	// stops the worker, its OOM killer is to pick the worker, not the
	// kernel (raising one's child's score needs no privilege).
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/oom_score_adj", cmd.Process.Pid), []byte("1000"), 0)
	go p.read(evR, reqW)
	return p, nil
}

// read moves event frames to p.events until the worker's end of the pipe
// closes, then waits for the process and closes p.events.
func (p *process) read(evR, reqW *os.File) {
	in := newFrameReader(evR)
	first := true
	for {
		m, err := in.read()
		if err != nil {
			break
		}
		if first {
			first = false
			if m.Op == "failed" {
				p.err = errors.New(m.Err)
			}
			close(p.ready)
			continue
		}
		if m.Op == "comm" {
			if p.comm != nil && m.Comm != nil {
				p.comm(p, *m.Comm)
			}
			continue
		}
		if m.Op == "debug_reply" || m.Op == "debug_event" {
			if p.debug != nil {
				p.debug(m)
			}
			continue
		}
		p.events <- m
	}
	evR.Close()
	reqW.Close()
	err := p.cmd.Wait()
	p.mu.Lock()
	p.exit = err
	p.mu.Unlock()
	close(p.exited)
	if first {
		p.err = fmt.Errorf("worker exited before it was ready: %s", describeExit(err))
		close(p.ready)
	}
	close(p.events)
}

// send writes a request.
func (p *process) send(m Message) error { return p.out.write(m) }

// stop ends the worker; name and why (the first given, if stop is called
// more than once) become the error the Client reports.
func (p *process) stop(name, why string) {
	p.mu.Lock()
	if p.stopName == "" {
		p.stopName, p.stopWhy = name, why
	}
	p.mu.Unlock()
	if p.cmd.Process != nil {
		_ = p.cmd.Process.Kill()
	}
}

// wait waits until the worker has exited and returns the name and message
// of why the Client stopped it (empty if it did not) and cmd.Wait's error.
func (p *process) wait() (name, why string, exit error) {
	for range p.events {
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stopName, p.stopWhy, p.exit
}

// tail keeps what the Go runtime prints when a process dies: the first
// line of each kind that names the cause (fatal error, panic, out of memory,
// stack limit, a signal), which a long goroutine dump follows, and the last
// n bytes. Safe for concurrent use.
type tail struct {
	mu      sync.Mutex
	n       int
	buf     []byte   // the last n bytes
	partial []byte   // a line not yet ended
	causes  []string // first line of each kind seen, in order
	kinds   map[string]bool
	// overflow is where a stack overflow's traceback is: 1 after the
	// "fatal error: stack overflow" line, 2 after the header of the
	// overflowing goroutine, whose first frame outside package runtime is
	// the innermost frame of the code that overflowed.
	overflow int
}

// innermostPrefix starts the cause that holds the innermost frame of the
// goroutine whose stack overflowed (a function and its arguments).
const innermostPrefix = "innermost frame: "

// causePrefixes are the line beginnings that name why a Go program died.
var causePrefixes = []string{
	"fatal error: ",
	"panic: ",
	"runtime: out of memory",
	"runtime: goroutine stack exceeds",
	"SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGTRAP",
	"unexpected signal",
}

func newTail(n int) *tail { return &tail{n: n, kinds: map[string]bool{}} }

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.n; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.partial = append(t.partial, b...)
	for {
		i := bytes.IndexByte(t.partial, '\n')
		if i < 0 {
			break
		}
		t.line(string(t.partial[:i]))
		t.partial = t.partial[i+1:]
	}
	if len(t.partial) > 4096 { // no cause line is this long
		t.partial = t.partial[:0]
	}
	return len(b), nil
}

func (t *tail) line(l string) {
	switch {
	case t.overflow == 1 && strings.HasPrefix(l, "goroutine ") && strings.HasSuffix(l, "[running]:"):
		t.overflow = 2
	case t.overflow == 2 && !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, "runtime."):
		t.overflow = 3
		t.causes = append(t.causes, innermostPrefix+l)
	case strings.HasPrefix(l, "fatal error: stack overflow"):
		t.overflow = 1
	}
	for _, p := range causePrefixes {
		if strings.HasPrefix(l, p) && !t.kinds[p] {
			t.kinds[p] = true
			t.causes = append(t.causes, l)
		}
	}
}

// Causes returns the cause lines seen, in order.
func (t *tail) Causes() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.causes...)
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// dead reports whether the worker has exited.
func (p *process) dead() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// logLimit is how much of one worker's stderr reaches Options.Log: a stack
// overflow's goroutine dump runs to megabytes, and the causes are in its
// first lines.
const logLimit = 64 << 10

// boundedLog passes on the first left bytes written to it and drops the
// rest, with one line saying so. It never fails: a log that cannot be
// written (Jupyter's end of the kernel's stderr gone) must not stop the
// copying of the worker's stderr, which would block the worker.
type boundedLog struct {
	w       io.Writer
	left    int
	dropped bool
}

func (b *boundedLog) Write(p []byte) (int, error) {
	switch {
	case b.left >= len(p):
		b.left -= len(p)
		_, _ = b.w.Write(p)
	case !b.dropped:
		_, _ = b.w.Write(p[:b.left])
		b.left = 0
		b.dropped = true
		_, _ = io.WriteString(b.w, "\n[rbm-kernel: the rest of this worker's stderr is not logged]\n")
	}
	return len(p), nil
}
