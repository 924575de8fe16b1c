package kernel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// countingHandler counts log records by message.
type countingHandler struct {
	mu     sync.Mutex
	counts map[string]int
}

func (h *countingHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *countingHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	h.counts[r.Message]++
	h.mu.Unlock()
	return nil
}
func (h *countingHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *countingHandler) WithGroup(string) slog.Handler      { return h }
func (h *countingHandler) count(msg string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.counts[msg]
}

func text(t *testing.T, m *message) string {
	t.Helper()
	c := contentOf(t, m)
	if d, ok := c["data"].(map[string]any); ok {
		s, _ := d["text/plain"].(string)
		return s
	}
	s, _ := c["text"].(string)
	return s
}

func wantTypes(t *testing.T, ms []*message, want string) {
	t.Helper()
	if got := types(ms); got != want {
		t.Fatalf("iopub messages:\n got  %s\n want %s", got, want)
	}
}

func TestExecuteRoundTrip(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	reply, io := c.execute("print hello\necho 42", nil)
	wantTypes(t, io, "status(busy) execute_input stream execute_result status(idle)")
	if reply["status"] != "ok" || reply["execution_count"] != 1.0 {
		t.Errorf("reply = %v, want status ok and execution_count 1", reply)
	}
	if _, ok := reply["user_expressions"].(map[string]any); !ok {
		t.Errorf("reply has no user_expressions object: %v", reply)
	}
	in := contentOf(t, io[1])
	if in["code"] != "print hello\necho 42" || in["execution_count"] != 1.0 {
		t.Errorf("execute_input = %v", in)
	}
	st := contentOf(t, io[2])
	if st["name"] != "stdout" || st["text"] != "hello\n" {
		t.Errorf("stream = %v", st)
	}
	res := contentOf(t, io[3])
	if res["execution_count"] != 1.0 || text(t, io[3]) != "42" {
		t.Errorf("execute_result = %v", res)
	}
	for _, m := range io {
		if m.Header.Version != ProtocolVersion || m.Header.Session == "" || m.Header.MsgID == "" {
			t.Errorf("bad header %+v", m.Header)
		}
	}
	// The count goes on.
	reply, _ = c.execute("echo 2", nil)
	if reply["execution_count"] != 2.0 {
		t.Errorf("second execution_count = %v, want 2", reply["execution_count"])
	}
}

// TestIOPubHeldUntilFirstSubscription runs a cell before the client's
// iopub socket is even connected, as happens on a loaded machine when
// jupyter console sends its first cell (it then waits for the cell's idle
// without a deadline). The kernel holds iopub until the first
// subscription, so the client still gets the kernel's starting status and
// the cell's messages, in order. Without the hold a PUB socket drops them
// all: nobody is subscribed when they are sent.
func TestIOPubHeldUntilFirstSubscription(t *testing.T) {
	k, _ := runKernel(t, newFakeExec(), Options{})
	c := dialTestClient(t, k.Connection())
	content := map[string]any{"code": "print early", "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
	id := c.send(c.shell, "execute_request", content)
	if r := contentOf(t, c.reply(c.shellC, id)); r["status"] != "ok" {
		t.Fatalf("execute_reply = %v", r)
	}
	c.subscribe(k.Connection())
	select {
	case m := <-c.iopubC:
		if statusOf(m) != "starting" {
			t.Errorf("first iopub message %s (%s), want status starting", m.Header.MsgType, statusOf(m))
		}
	case <-time.After(waitTimeout):
		t.Fatalf("no iopub message within %v of subscribing", waitTimeout)
	}
	io := c.iopubUntilIdle(id)
	wantTypes(t, io, "status(busy) execute_input stream status(idle)")
	if st := contentOf(t, io[2]); st["text"] != "early\n" {
		t.Errorf("stream = %v, want early", st)
	}
	// After the first subscription iopub is live: the next cell's messages
	// arrive as it runs.
	_, io = c.execute("print later", nil)
	wantTypes(t, io, "status(busy) execute_input stream status(idle)")
}

func TestExecuteErrorAndPanic(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	reply, io := c.execute("fail", nil)
	wantTypes(t, io, "status(busy) execute_input error status(idle)")
	if reply["status"] != "error" || reply["ename"] != "Boom" || reply["evalue"] != "failed on purpose" {
		t.Errorf("reply = %v", reply)
	}
	if tb, _ := reply["traceback"].([]any); len(tb) != 1 {
		t.Errorf("traceback = %v, want one line", reply["traceback"])
	}
	reply, _ = c.execute("panic", nil)
	if reply["status"] != "error" || reply["ename"] != "panic" {
		t.Errorf("panicking executor: reply = %v, want error named panic", reply)
	}
	reply, _ = c.execute("echo alive", nil)
	if reply["status"] != "ok" {
		t.Errorf("kernel not usable after a panic: %v", reply)
	}
}

func TestSilentAndNoHistory(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	reply, io := c.execute("print s\necho hidden", map[string]any{"silent": true})
	wantTypes(t, io, "status(busy) stream status(idle)")
	if reply["execution_count"] != 0.0 {
		t.Errorf("silent execution_count = %v, want 0", reply["execution_count"])
	}
	reply, io = c.execute("echo nh", map[string]any{"store_history": false})
	wantTypes(t, io, "status(busy) execute_input execute_result status(idle)")
	if reply["execution_count"] != 0.0 {
		t.Errorf("store_history=false execution_count = %v, want 0", reply["execution_count"])
	}
	reply, _ = c.execute("echo x", nil)
	if reply["execution_count"] != 1.0 {
		t.Errorf("execution_count after silent cells = %v, want 1", reply["execution_count"])
	}
	h := c.request(c.shell, c.shellC, "history_request", map[string]any{"hist_access_type": "tail", "n": 10, "output": false, "raw": true})
	if got := h["history"].([]any); len(got) != 1 {
		t.Errorf("history = %v, want only the stored cell", got)
	}
}

func TestDisplayMessages(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	_, io := c.execute("display d1\nupdate d1\nclear", nil)
	wantTypes(t, io, "status(busy) execute_input display_data update_display_data clear_output status(idle)")
	for i, want := range []string{"shown", "updated"} {
		m := io[2+i]
		cont := contentOf(t, m)
		tr, _ := cont["transient"].(map[string]any)
		if text(t, m) != want || tr["display_id"] != "d1" {
			t.Errorf("%s = %v", m.Header.MsgType, cont)
		}
	}
	if w := contentOf(t, io[4])["wait"]; w != true {
		t.Errorf("clear_output wait = %v", w)
	}
}

func TestForgedMessageNotExecuted(t *testing.T) {
	ex := newFakeExec()
	log := &countingHandler{counts: map[string]int{}}
	_, c, _ := startKernel(t, ex, Options{Logger: slog.New(log)})
	content := map[string]any{"code": "set forged yes", "silent": false}

	forger := signer{key: []byte("not-the-key")}
	frames, err := encode(forger, nil, c.header("execute_request"), nil, nil, content)
	if err != nil {
		t.Fatal(err)
	}
	c.sendFrames(c.shell, frames)
	// The same message with no signature at all.
	frames, _ = encode(signer{}, nil, c.header("execute_request"), nil, nil, content)
	c.sendFrames(c.shell, frames)
	// A correctly signed message whose content was changed afterwards.
	frames, _ = encode(c.sig, nil, c.header("execute_request"), nil, nil, map[string]any{"code": "echo fine"})
	frames[len(frames)-1] = []byte(`{"code":"set forged yes"}`)
	c.sendFrames(c.shell, frames)

	// Replies on shell come in order: the first reply must be this one.
	reply, _ := c.execute("get forged", nil)
	if reply["status"] != "ok" || reply["execution_count"] != 1.0 {
		t.Errorf("reply = %v, want ok with execution_count 1 (nothing else ran)", reply)
	}
	ex.mu.Lock()
	v := ex.vars["forged"]
	ex.mu.Unlock()
	if v != "" {
		t.Fatalf("a forged message was executed")
	}
	if n := log.count("dropped invalid message"); n != 3 {
		t.Errorf("logged %d dropped messages, want 3", n)
	}
}

// malformed returns the i-th of a deterministic mix of invalid frame sets.
func malformed(r *rand.Rand, sig signer, i int) [][]byte {
	junk := func() []byte {
		b := make([]byte, r.IntN(64))
		for j := range b {
			b[j] = byte(r.UintN(256))
		}
		return b
	}
	h := []byte(`{"msg_id":"x","msg_type":"execute_request","session":"s","username":"u","date":"","version":"5.3"}`)
	switch i % 6 {
	case 0: // random frames, no delimiter
		n := 1 + r.IntN(8)
		f := make([][]byte, n)
		for j := range f {
			f[j] = append([]byte("j"), junk()...)
		}
		return f
	case 1: // delimiter and too few frames
		return [][]byte{delimiter, junk(), junk()}
	case 2: // bad hex signature
		return [][]byte{delimiter, []byte("zz"), h, []byte("{}"), []byte("{}"), []byte("{}")}
	case 3: // signed garbage JSON
		parts := [][]byte{junk(), []byte("{}"), []byte("{}"), []byte("{")}
		return append([][]byte{delimiter, sig.sign(parts...)}, parts...)
	case 4: // signed, header without msg_type
		parts := [][]byte{[]byte(`{"msg_id":"x"}`), []byte("{}"), []byte("{}"), []byte("{}")}
		return append([][]byte{delimiter, sig.sign(parts...)}, parts...)
	default: // signed, content not an object
		parts := [][]byte{h, []byte("{}"), []byte("{}"), []byte(`[1,2`)}
		return append([][]byte{delimiter, sig.sign(parts...)}, parts...)
	}
}

func TestMalformedFramesSurvived(t *testing.T) {
	log := &countingHandler{counts: map[string]int{}}
	_, c, _ := startKernel(t, newFakeExec(), Options{Logger: slog.New(log)})
	const n = 10000
	r := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		c.sendFrames(c.shell, malformed(r, c.sig, i))
	}
	// The signed execute_request whose content is not an object (case 5)
	// is answered with an error; its copies (the same frames: the same
	// signature) and those of case 4 are refused as replays.
	var first *message
	select {
	case first = <-c.shellC:
	case <-time.After(waitTimeout):
		t.Fatal("no reply to the malformed execute_request")
	}
	if ct := contentOf(t, first); first.Header.MsgType != "execute_reply" || ct["status"] != "error" ||
		ct["ename"] != "MalformedMessage" || ct["evalue"] != "content: not valid JSON: unexpected end of JSON input" {
		t.Errorf("reply to the malformed execute_request: %s %v", first.Header.MsgType, ct)
	}
	// Shell is read in order, so once this is answered all n were read.
	info := c.request(c.shell, c.shellC, "kernel_info_request", map[string]any{})
	if info["status"] != "ok" {
		t.Fatalf("kernel_info after malformed frames: %v", info)
	}
	dropped, replays, answered := log.count("dropped invalid message"), log.count("refused replayed message"), log.count("malformed message")
	if dropped+replays+answered != n || answered != 1 || replays < 2*(n/6-1) {
		t.Errorf("dropped %d, refused %d replays, answered %d malformed: want %d in all, 1 answered and at least %d replays",
			dropped, replays, answered, n, 2*(n/6-1))
	}
	reply, _ := c.execute("echo still here", nil)
	if reply["status"] != "ok" {
		t.Errorf("execute after malformed frames: %v", reply)
	}
}

func TestInterruptKeepsState(t *testing.T) {
	ex := newFakeExec()
	_, c, _ := startKernel(t, ex, Options{})
	c.execute("set x 1", nil)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "block", "stop_on_error": false})
	if s := <-ex.started; s != "block" {
		t.Fatalf("started %q", s)
	}
	ir := c.request(c.control, c.controlC, "interrupt_request", map[string]any{})
	if ir["status"] != "ok" {
		t.Errorf("interrupt_reply = %v", ir)
	}
	reply := contentOf(t, c.reply(c.shellC, id))
	if reply["status"] != "error" || reply["ename"] != "Interrupted" {
		t.Errorf("interrupted reply = %v", reply)
	}
	reply, io := c.execute("get x", nil)
	if reply["status"] != "ok" || text(t, io[2]) != "1" {
		t.Errorf("state lost after interrupt: %v %s %q", reply, types(io), text(t, io[2]))
	}
}

// A second interrupt_request for the same cell calls the Executor's
// HardInterrupt: the cell that ignored the first one ends.
func TestSecondInterruptIsHard(t *testing.T) {
	ex := newFakeExec()
	_, c, _ := startKernel(t, ex, Options{})
	id := c.send(c.shell, "execute_request", map[string]any{"code": "stubborn"})
	<-ex.started
	c.request(c.control, c.controlC, "interrupt_request", map[string]any{})
	select {
	case <-ex.hard:
		t.Fatal("the first interrupt was hard")
	default:
	}
	c.request(c.control, c.controlC, "interrupt_request", map[string]any{})
	if r := contentOf(t, c.reply(c.shellC, id)); r["evalue"] != "hard" {
		t.Errorf("reply = %v, want the cell ended by the hard interrupt", r)
	}
}

func TestInterruptMethod(t *testing.T) {
	ex := newFakeExec()
	k, c, _ := startKernel(t, ex, Options{})
	id := c.send(c.shell, "execute_request", map[string]any{"code": "block"})
	<-ex.started
	k.Interrupt() // what the SIGINT handler calls
	if r := contentOf(t, c.reply(c.shellC, id)); r["ename"] != "Interrupted" {
		t.Errorf("reply = %v", r)
	}
}

func TestSIGINTInterrupts(t *testing.T) {
	ex := newFakeExec()
	k, c, _ := startKernel(t, ex, Options{})
	stop := k.InterruptOn(os.Interrupt)
	defer stop()
	c.execute("set x 1", nil)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "block"})
	<-ex.started
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if r := contentOf(t, c.reply(c.shellC, id)); r["ename"] != "Interrupted" {
		t.Errorf("reply after SIGINT = %v", r)
	}
	// The process (this test) is alive and the state is kept.
	if _, io := c.execute("get x", nil); text(t, io[2]) != "1" {
		t.Errorf("state lost after SIGINT")
	}
}

func TestKernelInfoOnControlDuringExecution(t *testing.T) {
	ex := newFakeExec()
	_, c, _ := startKernel(t, ex, Options{Version: "1.2.3"})
	id := c.send(c.shell, "execute_request", map[string]any{"code": "gate"})
	<-ex.started
	// The shell is busy; control still answers.
	info := c.request(c.control, c.controlC, "kernel_info_request", map[string]any{})
	close(ex.gate)
	c.reply(c.shellC, id)

	if info["status"] != "ok" || info["protocol_version"] != ProtocolVersion ||
		info["implementation"] != "rbm-kernel" || info["implementation_version"] != "1.2.3" {
		t.Errorf("kernel_info = %v", info)
	}
	li, _ := info["language_info"].(map[string]any)
	want := map[string]any{"name": "go", "version": runtime.Version()[2:], "mimetype": "text/x-go",
		"file_extension": ".go", "pygments_lexer": "go", "codemirror_mode": "go"}
	for k, v := range want {
		if li[k] != v {
			t.Errorf("language_info[%q] = %v, want %v", k, li[k], v)
		}
	}
	if b, _ := info["banner"].(string); b == "" {
		t.Error("empty banner")
	}
	links, _ := info["help_links"].([]any)
	if len(links) == 0 {
		t.Fatal("no help_links")
	}
	library := false
	for _, l := range links {
		m := l.(map[string]any)
		if m["text"] == "" || m["url"] == "" {
			t.Errorf("help link %v", m)
		}
		if u, _ := m["url"].(string); strings.Contains(u, "/rbm-kernel/lib/rbm") {
			library = true
		}
	}
	if !library {
		t.Errorf("help_links %v has no link to the library's documentation", links)
	}
}

func TestShutdownRestart(t *testing.T) {
	ex := newFakeExec()
	_, c, _ := startKernel(t, ex, Options{})
	c.execute("set x 1", nil)
	c.execute("echo a", nil)
	r := c.request(c.control, c.controlC, "shutdown_request", map[string]any{"restart": true})
	if r["status"] != "ok" || r["restart"] != true {
		t.Errorf("shutdown_reply = %v", r)
	}
	ex.mu.Lock()
	resets := ex.resets
	ex.mu.Unlock()
	if resets != 1 {
		t.Errorf("Reset called %d times, want 1", resets)
	}
	reply, io := c.execute("get x", nil)
	if reply["execution_count"] != 1.0 || io[2].Header.MsgType != "execute_result" || text(t, io[2]) != "" {
		t.Errorf("after restart: reply %v, value %q; want count 1 and no x", reply, text(t, io[2]))
	}
	h := c.request(c.shell, c.shellC, "history_request", map[string]any{"hist_access_type": "tail", "n": 1})
	last := h["history"].([]any)[0].([]any)
	if last[0] != 2.0 || last[1] != 1.0 {
		t.Errorf("history after restart %v, want session 2 line 1", last)
	}
}

func TestShutdownStops(t *testing.T) {
	_, c, done := startKernel(t, newFakeExec(), Options{})
	// Only the reply is awaited: iopub messages sent while the sockets
	// close may be lost, as with any kernel.
	id := c.send(c.control, "shutdown_request", map[string]any{"restart": false})
	r := contentOf(t, c.reply(c.controlC, id))
	if r["status"] != "ok" || r["restart"] != false {
		t.Errorf("shutdown_reply = %v", r)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run returned %v", err)
		}
	case <-time.After(waitTimeout):
		t.Fatal("Run did not return after shutdown")
	}
}

func TestStopOnErrorAbortsQueued(t *testing.T) {
	ex := newFakeExec()
	k, c, _ := startKernel(t, ex, Options{})
	first := c.send(c.shell, "execute_request", map[string]any{"code": "gate\nfail"})
	<-ex.started
	second := c.send(c.shell, "execute_request", map[string]any{"code": "set ran yes"})
	third := c.send(c.shell, "execute_request", map[string]any{"code": "set ran yes"})
	// Wait until both are queued behind the running cell, then let it fail.
	if !waitQueued(k, 2) {
		t.Fatal("requests never queued")
	}
	close(ex.gate)
	if r := contentOf(t, c.reply(c.shellC, first)); r["status"] != "error" {
		t.Errorf("first = %v", r)
	}
	for _, id := range []string{second, third} {
		if r := contentOf(t, c.reply(c.shellC, id)); r["status"] != "aborted" {
			t.Errorf("queued reply = %v, want aborted", r)
		}
		wantTypes(t, c.iopubUntilIdle(id), "status(busy) status(idle)")
	}
	ex.mu.Lock()
	ran := ex.vars["ran"]
	ex.mu.Unlock()
	if ran != "" {
		t.Error("an aborted cell ran")
	}
	// Later requests run again.
	if r, _ := c.execute("echo ok", nil); r["status"] != "ok" {
		t.Errorf("after abort: %v", r)
	}
	// stop_on_error=false: the queued cell runs.
	ex.mu.Lock()
	ex.gate = make(chan struct{})
	ex.mu.Unlock()
	first = c.send(c.shell, "execute_request", map[string]any{"code": "gate\nfail", "stop_on_error": false})
	<-ex.started
	second = c.send(c.shell, "execute_request", map[string]any{"code": "echo runs"})
	if !waitQueued(k, 1) {
		t.Fatal("request never queued")
	}
	close(ex.gate)
	c.reply(c.shellC, first)
	if r := contentOf(t, c.reply(c.shellC, second)); r["status"] != "ok" {
		t.Errorf("with stop_on_error=false the queued cell got %v", r)
	}
}

// A request the client sends on seeing a failed cell's reply runs: only
// what was queued before the reply is aborted. The hook holds the worker
// right after the error reply until that request has arrived, so that a
// line drawn after the reply would always take it in
// (TestExecuteErrorAndPanic failed so in CI, once).
func TestStopOnErrorRunsLaterRequests(t *testing.T) {
	k, _ := runKernelSetUp(t, newFakeExec(), Options{}, func(k *Kernel) {
		k.errorReplied = func() {
			if !waitQueued(k, 1) {
				t.Error("the request sent after the error reply never arrived")
			}
		}
	})
	c := newTestClient(t, k.Connection())
	first := c.send(c.shell, "execute_request", map[string]any{"code": "fail"})
	if r := contentOf(t, c.reply(c.shellC, first)); r["status"] != "error" {
		t.Fatalf("first = %v, want error", r)
	}
	second := c.send(c.shell, "execute_request", map[string]any{"code": "echo runs"})
	if r := contentOf(t, c.reply(c.shellC, second)); r["status"] != "ok" {
		t.Errorf("a request sent after the error reply got %v, want ok", r)
	}
}

// A silent cell's error aborts nothing (as in ipykernel): a front end's
// own silent requests must not drop the user's queued cells.
func TestSilentErrorAbortsNothing(t *testing.T) {
	ex := newFakeExec()
	k, c, _ := startKernel(t, ex, Options{})
	first := c.send(c.shell, "execute_request", map[string]any{"code": "gate\nfail", "silent": true})
	<-ex.started
	second := c.send(c.shell, "execute_request", map[string]any{"code": "echo runs"})
	if !waitQueued(k, 1) {
		t.Fatal("request never queued")
	}
	close(ex.gate)
	if r := contentOf(t, c.reply(c.shellC, first)); r["status"] != "error" {
		t.Errorf("first = %v, want error", r)
	}
	if r := contentOf(t, c.reply(c.shellC, second)); r["status"] != "ok" {
		t.Errorf("the cell queued behind a silent error got %v, want ok", r)
	}
}

// waitQueued waits (with a deadline, not a delay) until n shell requests
// are queued for the shell worker; false if they never are.
func waitQueued(k *Kernel, n int) bool {
	deadline := time.Now().Add(waitTimeout)
	for len(k.shellQ) < n {
		if time.Now().After(deadline) {
			return false
		}
		runtime.Gosched()
	}
	return true
}

func TestInputRequest(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	id := c.send(c.shell, "execute_request", map[string]any{"code": "input name?", "allow_stdin": true})
	var req *message
	select {
	case req = <-c.stdinC:
	case <-time.After(waitTimeout):
		t.Fatal("no input_request")
	}
	if req.Header.MsgType != "input_request" || parentID(req) != id {
		t.Fatalf("got %s with parent %s", req.Header.MsgType, parentID(req))
	}
	if ct := contentOf(t, req); ct["prompt"] != "name?" || ct["password"] != false {
		t.Errorf("input_request = %v", ct)
	}
	// The reply's parent is the input_request.
	h := c.header("input_reply")
	frames, err := encode(c.sig, nil, h, req.RawHeader, nil, map[string]any{"value": "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	c.sendFrames(c.stdin, frames)
	if r := contentOf(t, c.reply(c.shellC, id)); r["status"] != "ok" {
		t.Fatalf("reply = %v", r)
	}
	io := c.iopubUntilIdle(id)
	if text(t, io[2]) != "Ada" {
		t.Errorf("input returned %q, want Ada", text(t, io[2]))
	}
	// Without allow_stdin the cell gets an error, not a hang.
	reply, _ := c.execute("input x", map[string]any{"allow_stdin": false})
	if reply["status"] != "error" || reply["ename"] != "InputError" {
		t.Errorf("input without allow_stdin: %v", reply)
	}
}

func TestHistory(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	for _, code := range []string{"echo a", "echo b", "echo a", "set y 2"} {
		c.execute(code, nil)
	}
	hist := func(req map[string]any) [][]any {
		t.Helper()
		r := c.request(c.shell, c.shellC, "history_request", req)
		if r["status"] != "ok" {
			t.Fatalf("history %v: %v", req, r)
		}
		var out [][]any
		for _, e := range r["history"].([]any) {
			out = append(out, e.([]any))
		}
		return out
	}
	tail := hist(map[string]any{"hist_access_type": "tail", "n": 2, "output": false, "raw": true})
	if len(tail) != 2 || tail[0][1] != 3.0 || tail[0][2] != "echo a" || tail[1][2] != "set y 2" {
		t.Errorf("tail 2 = %v", tail)
	}
	rng := hist(map[string]any{"hist_access_type": "range", "session": 0, "start": 1, "stop": 3})
	if len(rng) != 2 || rng[0][0] != 1.0 || rng[0][1] != 1.0 || rng[1][2] != "echo b" {
		t.Errorf("range 1..3 = %v", rng)
	}
	abs := hist(map[string]any{"hist_access_type": "range", "session": 1, "start": 4, "stop": 5})
	if len(abs) != 1 || abs[0][2] != "set y 2" {
		t.Errorf("range session 1 line 4 = %v", abs)
	}
	s := hist(map[string]any{"hist_access_type": "search", "pattern": "echo *"})
	if len(s) != 3 {
		t.Errorf("search echo * = %v", s)
	}
	s = hist(map[string]any{"hist_access_type": "search", "pattern": "echo ?", "unique": true})
	if len(s) != 2 || s[0][2] != "echo b" || s[1][1] != 3.0 {
		t.Errorf("unique search = %v", s)
	}
	s = hist(map[string]any{"hist_access_type": "search", "pattern": "*", "n": 1})
	if len(s) != 1 || s[0][2] != "set y 2" {
		t.Errorf("search n=1 = %v", s)
	}
	out := hist(map[string]any{"hist_access_type": "tail", "n": 1, "output": true})
	pair, _ := out[0][2].([]any)
	if len(pair) != 2 || pair[0] != "set y 2" || pair[1] != nil {
		t.Errorf("output=true entry = %v", out[0])
	}
	out = hist(map[string]any{"hist_access_type": "range", "session": 0, "start": 1, "stop": 2, "output": true})
	if pair, _ := out[0][2].([]any); len(pair) != 2 || pair[1] != "a" {
		t.Errorf("output of line 1 = %v", out[0])
	}
}

func TestOtherRequests(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	cr := c.request(c.shell, c.shellC, "complete_request", map[string]any{"code": "fmt.Pr", "cursor_pos": 6})
	if m := cr["matches"].([]any); len(m) != 2 || cr["cursor_start"] != 4.0 || cr["cursor_end"] != 6.0 {
		t.Errorf("complete_reply = %v", cr)
	}
	if md, _ := cr["metadata"].(map[string]any); md["_jupyter_types_experimental"] == nil {
		t.Errorf("complete_reply metadata = %v", cr["metadata"])
	}
	ins := c.request(c.shell, c.shellC, "inspect_request", map[string]any{"code": "fmt.Println", "cursor_pos": 5, "detail_level": 0})
	if ins["found"] != true || ins["data"].(map[string]any)["text/plain"] == nil {
		t.Errorf("inspect_reply = %v", ins)
	}
	ins = c.request(c.shell, c.shellC, "inspect_request", map[string]any{"code": "x", "cursor_pos": 1})
	if ins["found"] != false || ins["status"] != "ok" {
		t.Errorf("inspect_reply not found = %v", ins)
	}
	ic := c.request(c.shell, c.shellC, "is_complete_request", map[string]any{"code": "for {"})
	if ic["status"] != "incomplete" || ic["indent"] != "\t" {
		t.Errorf("is_complete_reply = %v", ic)
	}
	ci := c.request(c.shell, c.shellC, "comm_info_request", map[string]any{})
	if comms, ok := ci["comms"].(map[string]any); !ok || len(comms) != 0 || ci["status"] != "ok" {
		t.Errorf("comm_info_reply = %v", ci)
	}
	// comm messages and unknown types: busy/idle, no reply, no harm.
	for _, typ := range []string{"comm_open", "comm_msg", "comm_close", "no_such_request"} {
		id := c.send(c.shell, typ, map[string]any{"comm_id": "1", "data": map[string]any{}})
		wantTypes(t, c.iopubUntilIdle(id), "status(busy) status(idle)")
	}
	// A request with ill-typed content gets an error reply.
	bad := c.request(c.shell, c.shellC, "history_request", map[string]any{"hist_access_type": 3})
	if bad["status"] != "error" {
		t.Errorf("bad history_request = %v", bad)
	}
	// Only replies to our requests arrived on shell.
	select {
	case m := <-c.shellC:
		t.Errorf("unexpected shell message %s", m.Header.MsgType)
	default:
	}
	// Heartbeat echoes.
	if err := c.hb.Send(zmqMsg("ping")); err != nil {
		t.Fatal(err)
	}
	got, err := c.hb.Recv()
	if err != nil || string(got.Frames[0]) != "ping" {
		t.Errorf("heartbeat echo = %v, %v", got, err)
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	if _, err := New(ConnectionInfo{IP: "127.0.0.1"}, Options{}); err == nil {
		t.Error("New without an executor succeeded")
	}
	if _, err := New(ConnectionInfo{IP: "127.0.0.1", Transport: "udp"}, Options{Executor: newFakeExec()}); err == nil {
		t.Error("New with transport udp succeeded")
	}
}

func TestBindErrorNamesSocket(t *testing.T) {
	k1, _, _ := startKernel(t, newFakeExec(), Options{})
	ci := k1.Connection()
	ci.ControlPort, ci.StdinPort, ci.IOPubPort, ci.HBPort = 0, 0, 0, 0
	k2, err := New(ci, Options{Executor: newFakeExec(), Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	err = k2.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "shell") {
		t.Errorf("Run on a used port: %v, want an error naming the shell socket", err)
	}
}

// TestHeartbeatManyClients checks that the REP socket answers each of
// several front ends (e.g. a notebook and a console) with its own ping.
func TestHeartbeatManyClients(t *testing.T) {
	k, _, _ := startKernel(t, newFakeExec(), Options{})
	ci := k.Connection()
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := zmq4.NewReq(context.Background())
			defer r.Close()
			if err := r.Dial(ci.endpoint(ci.HBPort)); err != nil {
				t.Error(err)
				return
			}
			for j := range 50 {
				p := fmt.Sprintf("ping-%d-%d", i, j)
				if err := r.Send(zmq4.NewMsgString(p)); err != nil {
					t.Error(err)
					return
				}
				m, err := r.Recv()
				if err != nil || string(m.Frames[0]) != p {
					t.Errorf("client %d: got %v %v want %s", i, m, err, p)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestIPCTransport(t *testing.T) {
	ci := ConnectionInfo{Transport: "ipc", IP: filepath.Join(t.TempDir(), "k"), ShellPort: 1, ControlPort: 2,
		StdinPort: 3, IOPubPort: 4, HBPort: 5, Key: "k", SignatureScheme: "hmac-sha256"}
	k, err := New(ci, Options{Executor: newFakeExec(), Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- k.Run(context.Background()) }()
	<-k.Ready()
	c := newTestClient(t, k.Connection())
	if r, _ := c.execute("echo ipc", nil); r["status"] != "ok" {
		t.Errorf("execute over ipc: %v", r)
	}
	c.close()
	k.Stop()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// TestInputAfterInterruptAsksNothing: Input with a cancelled context (a
// cell that reads on after its interrupt) fails without an input_request.
func TestInputAfterInterruptAsksNothing(t *testing.T) {
	k, c, _ := startKernel(t, newFakeExec(), Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &publisher{k: k, req: &message{RawHeader: []byte(`{}`)}, allowStdin: true}
	if _, err := p.Input(ctx, "name? ", false); !errors.Is(err, context.Canceled) {
		t.Errorf("Input after the interrupt: %v, want context.Canceled", err)
	}
	// The stdin channel is written by one goroutine, in order: an
	// input_request of a cell that runs now is the first message there.
	id := c.send(c.shell, "execute_request", map[string]any{"code": "input now?", "allow_stdin": true})
	select {
	case m := <-c.stdinC:
		if parentID(m) != id {
			t.Errorf("first stdin message is for %s, want the running cell %s", parentID(m), id)
		}
	case <-time.After(waitTimeout):
		t.Fatal("no input_request")
	}
}

// TestStaleInputReplyDropped: an answer to an input_request abandoned by
// an interrupt, arriving while a later one waits, is not taken for the
// later one's answer.
func TestStaleInputReplyDropped(t *testing.T) {
	log := &countingHandler{counts: map[string]int{}}
	_, c, _ := startKernel(t, newFakeExec(), Options{Logger: slog.New(log)})
	nextRequest := func(cell string) *message {
		t.Helper()
		select {
		case m := <-c.stdinC:
			if parentID(m) != cell {
				t.Fatalf("input_request for %s, want %s", parentID(m), cell)
			}
			return m
		case <-time.After(waitTimeout):
			t.Fatal("no input_request")
		}
		return nil
	}
	answer := func(req *message, value string) {
		t.Helper()
		frames, err := encode(c.sig, nil, c.header("input_reply"), req.RawHeader, nil, map[string]any{"value": value})
		if err != nil {
			t.Fatal(err)
		}
		c.sendFrames(c.stdin, frames)
	}
	// The interrupted cell ends in an error: with stop_on_error the kernel
	// would abort the second request should it arrive before the queue
	// is cleared, which is not what this test is about.
	first := c.send(c.shell, "execute_request", map[string]any{"code": "input first?", "allow_stdin": true, "stop_on_error": false})
	abandoned := nextRequest(first)
	c.request(c.control, c.controlC, "interrupt_request", map[string]any{})
	if r := contentOf(t, c.reply(c.shellC, first)); r["ename"] != "InputError" {
		t.Fatalf("interrupted cell: %v", r)
	}
	second := c.send(c.shell, "execute_request", map[string]any{"code": "input second?", "allow_stdin": true})
	req := nextRequest(second)
	answer(abandoned, "stale")
	answer(req, "fresh")
	c.reply(c.shellC, second)
	io := c.iopubUntilIdle(second)
	if got := text(t, io[len(io)-2]); got != "fresh" {
		t.Errorf("second cell read %q, want fresh", got)
	}
	if n := log.count("input_reply to another input_request dropped") + log.count("input_reply with no pending input_request dropped"); n != 1 {
		t.Errorf("logged %d dropped replies, want 1", n)
	}
}
