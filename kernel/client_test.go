package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// waitTimeout bounds every wait for a message in the tests. It is a
// deadline for failure, never a delay: tests proceed as soon as the
// awaited message arrives.
const waitTimeout = 20 * time.Second

// testClient is a minimal Jupyter client over real ZeroMQ sockets.
type testClient struct {
	t       testing.TB
	sig     signer
	session string

	shell, control, stdin, iopub, hb zmq4.Socket

	shellC, controlC, iopubC, stdinC chan *message
	ctx                              context.Context
	cancel                           context.CancelFunc
	wg                               sync.WaitGroup
}

func newTestClient(t testing.TB, ci ConnectionInfo) *testClient {
	t.Helper()
	c := dialTestClient(t, ci)
	c.subscribe(ci)
	c.waitIOPub()
	return c
}

// dialRetry dials every 10 ms for up to 30 s: a kernel process (in the
// benchmarks) may take seconds to listen on a loaded machine.
var dialRetry = []zmq4.Option{zmq4.WithDialerRetry(10 * time.Millisecond), zmq4.WithDialerMaxRetries(3000)}

// dialTestClient connects every socket but iopub, which subscribe
// connects.
func dialTestClient(t testing.TB, ci ConnectionInfo) *testClient {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c := &testClient{
		t:        t,
		sig:      signer{key: []byte(ci.Key)},
		session:  newID(),
		shellC:   make(chan *message, 20000),
		controlC: make(chan *message, 1000),
		iopubC:   make(chan *message, 20000),
		stdinC:   make(chan *message, 100),
		ctx:      ctx,
		cancel:   cancel,
	}
	id := append([]zmq4.Option{zmq4.WithID(zmq4.SocketIdentity(c.session))}, dialRetry...)
	c.shell = zmq4.NewDealer(ctx, id...)
	c.control = zmq4.NewDealer(ctx, id...)
	c.stdin = zmq4.NewDealer(ctx, id...)
	c.hb = zmq4.NewReq(ctx, dialRetry...)
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{c.shell, ci.ShellPort}, {c.control, ci.ControlPort}, {c.stdin, ci.StdinPort}, {c.hb, ci.HBPort}} {
		if err := d.s.Dial(ci.endpoint(d.port)); err != nil {
			t.Fatalf("dial %s: %v", ci.endpoint(d.port), err)
		}
	}
	c.wg.Add(3)
	go c.read(c.stdin, c.stdinC)
	go c.read(c.shell, c.shellC)
	go c.read(c.control, c.controlC)
	t.Cleanup(c.close)
	return c
}

// subscribe connects c's iopub socket and subscribes to every message. It
// returns at once: the subscription reaches the kernel later.
func (c *testClient) subscribe(ci ConnectionInfo) {
	c.t.Helper()
	c.iopub = zmq4.NewSub(c.ctx, dialRetry...)
	if err := c.iopub.Dial(ci.endpoint(ci.IOPubPort)); err != nil {
		c.t.Fatalf("dial %s: %v", ci.endpoint(ci.IOPubPort), err)
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		c.t.Fatalf("subscribe: %v", err)
	}
	c.wg.Add(1)
	go c.read(c.iopub, c.iopubC)
}

func (c *testClient) read(s zmq4.Socket, out chan<- *message) {
	defer c.wg.Done()
	for {
		zm, err := s.Recv()
		if err != nil {
			return
		}
		m, err := decode(zm.Frames, c.sig)
		if err != nil {
			c.t.Errorf("client got an invalid message: %v", err)
			continue
		}
		out <- m
	}
}

func (c *testClient) close() {
	c.cancel()
	for _, s := range []zmq4.Socket{c.shell, c.control, c.stdin, c.iopub, c.hb} {
		if s != nil {
			_ = s.Close()
		}
	}
	c.wg.Wait()
}

// waitIOPub sends kernel_info requests until one of them is seen on iopub,
// which proves the subscription is live (PUB drops messages for
// subscribers that have not finished connecting), as jupyter_client does.
func (c *testClient) waitIOPub() {
	c.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		id := c.send(c.shell, "kernel_info_request", map[string]any{})
		c.reply(c.shellC, id)
		tick := time.NewTimer(100 * time.Millisecond)
		for got := false; !got; {
			select {
			case m := <-c.iopubC:
				if parentID(m) == id && statusOf(m) == "idle" {
					tick.Stop()
					return
				}
			case <-tick.C:
				got = true
			case <-deadline:
				c.t.Fatal("iopub never delivered a message")
			}
		}
	}
}

func (c *testClient) header(msgType string) header {
	return header{MsgID: newID(), Session: c.session, Username: "test", Date: timestamp(), MsgType: msgType, Version: ProtocolVersion}
}

// send sends a signed request and returns its msg_id.
func (c *testClient) send(s zmq4.Socket, msgType string, content any) string {
	c.t.Helper()
	h := c.header(msgType)
	frames, err := encode(c.sig, nil, h, nil, nil, content)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendFrames(s, frames)
	return h.MsgID
}

func (c *testClient) sendFrames(s zmq4.Socket, frames [][]byte) {
	c.t.Helper()
	if err := s.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// reply waits for the reply to msgID on ch; other replies are an error.
func (c *testClient) reply(ch <-chan *message, msgID string) *message {
	c.t.Helper()
	select {
	case m := <-ch:
		if parentID(m) != msgID {
			c.t.Fatalf("got reply %s to %s, want a reply to %s", m.Header.MsgType, parentID(m), msgID)
		}
		return m
	case <-time.After(waitTimeout):
		c.t.Fatalf("no reply to %s within %v", msgID, waitTimeout)
	}
	return nil
}

// iopubUntilIdle returns the iopub messages whose parent is msgID, up to
// and including its status idle. Messages of other parents are skipped.
func (c *testClient) iopubUntilIdle(msgID string) []*message {
	c.t.Helper()
	var out []*message
	deadline := time.After(waitTimeout)
	for {
		select {
		case m := <-c.iopubC:
			if parentID(m) != msgID {
				continue
			}
			out = append(out, m)
			if statusOf(m) == "idle" {
				return out
			}
		case <-deadline:
			c.t.Fatalf("no idle for %s within %v; got %s", msgID, waitTimeout, types(out))
		}
	}
}

// execute runs code and returns the reply content and the iopub messages.
func (c *testClient) execute(code string, extra map[string]any) (map[string]any, []*message) {
	c.t.Helper()
	content := map[string]any{"code": code, "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
	for k, v := range extra {
		content[k] = v
	}
	id := c.send(c.shell, "execute_request", content)
	r := c.reply(c.shellC, id)
	return contentOf(c.t, r), c.iopubUntilIdle(id)
}

// request sends a request on s and returns the content of its reply.
func (c *testClient) request(s zmq4.Socket, ch <-chan *message, msgType string, content any) map[string]any {
	c.t.Helper()
	id := c.send(s, msgType, content)
	r := c.reply(ch, id)
	if want := strings.TrimSuffix(msgType, "_request") + "_reply"; r.Header.MsgType != want {
		c.t.Fatalf("reply type %s, want %s", r.Header.MsgType, want)
	}
	c.iopubUntilIdle(id)
	return contentOf(c.t, r)
}

func parentID(m *message) string {
	var p header
	_ = json.Unmarshal(m.Parent, &p)
	return p.MsgID
}

func statusOf(m *message) string {
	if m.Header.MsgType != "status" {
		return ""
	}
	var s struct {
		State string `json:"execution_state"`
	}
	_ = json.Unmarshal(m.Content, &s)
	return s.State
}

func contentOf(t testing.TB, m *message) map[string]any {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal(m.Content, &c); err != nil {
		t.Fatalf("content of %s: %v", m.Header.MsgType, err)
	}
	return c
}

func types(ms []*message) string {
	var s []string
	for _, m := range ms {
		t := m.Header.MsgType
		if st := statusOf(m); st != "" {
			t += "(" + st + ")"
		}
		s = append(s, t)
	}
	return strings.Join(s, " ")
}

// fakeExec is an Executor for tests that runs a tiny line language:
//
//	print TEXT    stream TEXT+"\n" to stdout
//	set K V       store V under K
//	get K         result: the value of K
//	echo X        result: X
//	fail          fail with ExecError{Name: "Boom"}
//	block         wait until the context is cancelled, then fail
//	gate          wait until the test closes the gate channel
//	display ID    display_data with display ID
//	update ID     update_display_data of ID
//	clear         clear_output (wait)
//	panic         panic
//	input PROMPT  result: a line read with Prompter.Input
type fakeExec struct {
	mu      sync.Mutex
	vars    map[string]string
	resets  int
	started chan string   // receives "block", "gate" or "stubborn" when one starts
	gate    chan struct{} // closed by the test to let "gate" go on
	hard    chan struct{} // closed by HardInterrupt: ends "stubborn"
}

func newFakeExec() *fakeExec {
	return &fakeExec{vars: map[string]string{}, started: make(chan string, 16), gate: make(chan struct{}), hard: make(chan struct{})}
}

// HardInterrupt ends a "stubborn" cell, which ignores ctx.
func (f *fakeExec) HardInterrupt() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.hard:
	default:
		close(f.hard)
	}
}

var _ Executor = (*fakeExec)(nil)

func (f *fakeExec) Execute(ctx context.Context, code string, pub Publisher) (*ExecResult, error) {
	var res *ExecResult
	for _, line := range strings.Split(code, "\n") {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch cmd {
		case "":
		case "print":
			pub.Stream("stdout", arg+"\n")
		case "set":
			k, v, _ := strings.Cut(arg, " ")
			f.mu.Lock()
			f.vars[k] = v
			f.mu.Unlock()
		case "get":
			f.mu.Lock()
			v := f.vars[arg]
			f.mu.Unlock()
			res = &ExecResult{Data: &display.Bundle{Data: map[string]any{"text/plain": v}}}
		case "echo":
			res = &ExecResult{Data: &display.Bundle{Data: map[string]any{"text/plain": arg}}}
		case "fail":
			return nil, &ExecError{Name: "Boom", Value: "failed on purpose", Traceback: []string{"cell:1:1: fail"}}
		case "block":
			f.started <- "block"
			<-ctx.Done()
			return nil, &ExecError{Name: "Interrupted", Value: ctx.Err().Error()}
		case "stubborn":
			f.started <- "stubborn"
			<-f.hard
			return nil, &ExecError{Name: "Interrupted", Value: "hard"}
		case "gate":
			f.started <- "gate"
			f.mu.Lock()
			gate := f.gate
			f.mu.Unlock()
			select {
			case <-gate:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		case "display":
			pub.Publish(display.Bundle{Data: map[string]any{"text/plain": "shown"}, ID: arg})
		case "update":
			pub.Publish(display.Bundle{Data: map[string]any{"text/plain": "updated"}, ID: arg, Update: true})
		case "clear":
			pub.Clear(true)
		case "panic":
			panic("fake executor panic")
		case "input":
			v, err := pub.(Prompter).Input(ctx, arg, false)
			if err != nil {
				return nil, &ExecError{Name: "InputError", Value: err.Error()}
			}
			res = &ExecResult{Data: &display.Bundle{Data: map[string]any{"text/plain": v}}}
		default:
			return nil, &ExecError{Name: "Unknown", Value: fmt.Sprintf("unknown command %q", cmd)}
		}
	}
	return res, nil
}

func (f *fakeExec) Complete(code string, cursor int) Completion {
	return Completion{Matches: []string{"Println", "Printf"}, CursorStart: cursor - 2, CursorEnd: cursor, Types: []string{"function", "function"}}
}

func (f *fakeExec) Inspect(code string, cursor, detail int) (map[string]any, bool) {
	if strings.Contains(code, "Println") {
		return map[string]any{"text/plain": "func Println(a ...any)"}, true
	}
	return nil, false
}

func (f *fakeExec) IsComplete(code string) (string, string) {
	if strings.HasSuffix(code, "{") {
		return "incomplete", "\t"
	}
	return "complete", ""
}

func (f *fakeExec) Reset() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.vars = map[string]string{}
	f.resets++
	return nil
}

// startKernel runs a kernel with ex on random free ports of 127.0.0.1 and
// returns it with a connected client. The kernel is stopped, and Run's
// return awaited, at the end of the test.
func startKernel(t testing.TB, ex Executor, opts Options) (*Kernel, *testClient, <-chan error) {
	t.Helper()
	k, done := runKernel(t, ex, opts)
	return k, newTestClient(t, k.Connection()), done
}

// runKernel is startKernel without the client.
func runKernel(t testing.TB, ex Executor, opts Options) (*Kernel, <-chan error) {
	t.Helper()
	return runKernelSetUp(t, ex, opts, nil)
}

// runKernelSetUp is runKernel with setUp (when not nil) called on the
// kernel before it runs, to set its test hooks.
func runKernelSetUp(t testing.TB, ex Executor, opts Options, setUp func(*Kernel)) (*Kernel, <-chan error) {
	t.Helper()
	opts.Executor = ex
	if opts.Logger == nil {
		opts.Logger = discardLogger()
	}
	ci := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: "secret-" + newID(), SignatureScheme: "hmac-sha256"}
	k, err := New(ci, opts)
	if err != nil {
		t.Fatal(err)
	}
	if setUp != nil {
		setUp(k)
	}
	done := make(chan error, 1)
	finished := make(chan struct{})
	go func() { done <- k.Run(context.Background()); close(finished) }()
	select {
	case <-k.Ready():
	case err := <-done:
		t.Fatalf("Run: %v", err)
	}
	t.Cleanup(func() {
		k.Stop()
		select {
		case <-finished:
		case <-time.After(waitTimeout):
			t.Error("Run did not return after Stop")
		}
	})
	return k, done
}

func zmqMsg(s string) zmq4.Msg { return zmq4.NewMsgString(s) }
