package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
	"github.com/rbm-kernel/rbm-kernel/kernel/goexec"
	"github.com/rbm-kernel/rbm-kernel/kernel/worker"
)

// workerEnv, set in a child of the test binary, makes it a worker process
// (TestMain), as `rbm-kernel worker` is for the real kernel.
const workerEnv = "RBM_KERNEL_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		err := worker.ServeFDs(func() (kernel.Executor, error) {
			return goexec.New(goexec.Options{WaitInterrupted: true, Interpreted: true})
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// wireMsg is one message read from a socket.
type wireMsg struct {
	typ     string
	parent  string
	content map[string]any
}

// session is a Jupyter client of a kernel command run by the test.
type session struct {
	t                     *testing.T
	key                   string
	shell, control, iopub chan wireMsg
	code                  chan int
	stderr                *lockedBuffer
}

// readAll moves the messages of s to out until s is closed.
func readAll(s zmq4.Socket, out chan<- wireMsg) {
	for {
		m, err := s.Recv()
		if err != nil {
			close(out)
			return
		}
		for i, f := range m.Frames {
			if string(f) != "<IDS|MSG>" || len(m.Frames) < i+6 {
				continue
			}
			var hdr, par map[string]any
			var w wireMsg
			if errors.Join(json.Unmarshal(m.Frames[i+2], &hdr), json.Unmarshal(m.Frames[i+3], &par),
				json.Unmarshal(m.Frames[i+5], &w.content)) == nil {
				w.typ, _ = hdr["msg_type"].(string)
				w.parent, _ = par["msg_type"].(string)
				out <- w
			}
			break
		}
	}
}

// next returns the next message of ch that match accepts, failing at the
// deadline or when the kernel ends.
func (s *session) next(ch <-chan wireMsg, what string, match func(wireMsg) bool) wireMsg {
	s.t.Helper()
	deadline := time.After(startDeadline)
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				s.t.Fatalf("%s: the socket closed; stderr:\n%s", what, s.stderr)
			}
			if match(m) {
				return m
			}
		case c := <-s.code:
			s.t.Fatalf("%s: the kernel ended with status %d; stderr:\n%s", what, c, s.stderr)
		case <-deadline:
			s.t.Fatalf("%s: nothing within %v; stderr:\n%s", what, startDeadline, s.stderr)
		}
	}
}

// dapSeq numbers the debug requests of the tests.
var dapSeq int

// debug sends a DAP request on control and returns its response.
func (s *session) debug(ctl zmq4.Socket, command string, args any) map[string]any {
	s.t.Helper()
	dapSeq++
	send(s.t, ctl, s.key, "debug_request", map[string]any{"seq": dapSeq, "type": "request", "command": command, "arguments": args})
	r := s.next(s.control, "debug_reply to "+command, func(m wireMsg) bool { return m.typ == "debug_reply" }).content
	if r["request_seq"] != float64(dapSeq) || r["command"] != command || r["type"] != "response" {
		s.t.Fatalf("debug_reply to %s #%d: %v", command, dapSeq, r)
	}
	return r
}

// ok is debug for a request that must succeed; it returns the body.
func (s *session) ok(ctl zmq4.Socket, command string, args any) map[string]any {
	s.t.Helper()
	r := s.debug(ctl, command, args)
	if r["success"] != true {
		s.t.Fatalf("%s(%v) failed: %v", command, args, r)
	}
	body, _ := r["body"].(map[string]any)
	return body
}

// event waits for the debug_event named name on iopub.
func (s *session) event(name string) map[string]any {
	s.t.Helper()
	m := s.next(s.iopub, name+" event", func(m wireMsg) bool { return m.typ == "debug_event" && m.content["event"] == name })
	body, _ := m.content["body"].(map[string]any)
	return body
}

// TestDebugSessionOverSockets drives a debug session as JupyterLab does,
// over the kernel's sockets, with the cells in a worker process: a
// breakpoint set in a cell's source file (named by the hash of its code)
// stops the cell there; the stack, the scopes and a variable are read;
// a step moves one line; continue lets the cell finish; an interrupt
// ends a cell stopped at a breakpoint, and pause stops a running one.
func TestDebugSessionOverSockets(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a worker process")
	}
	file, ci := connFile(t)
	e, _, _ := testEnv(nil)
	stderr := &lockedBuffer{}
	e.stderr = stderr
	e.newExecutor = func() (kernel.Executor, error) {
		return worker.NewClient(worker.Options{Command: func() *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), workerEnv+"=1")
			return cmd
		}, Log: stderr})
	}
	s := &session{t: t, key: ci.Key, shell: make(chan wireMsg, 64), control: make(chan wireMsg, 64),
		iopub: make(chan wireMsg, 256), code: make(chan int, 1), stderr: stderr}
	go func() { s.code <- run(e, []string{"kernel", "--connection-file", file}) }()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	retry := []zmq4.Option{zmq4.WithDialerRetry(10 * time.Millisecond),
		zmq4.WithDialerMaxRetries(int(startDeadline / (10 * time.Millisecond)))}
	shell, control, iopub := zmq4.NewDealer(ctx, retry...), zmq4.NewDealer(ctx, retry...), zmq4.NewSub(ctx, retry...)
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{shell, ci.ShellPort}, {control, ci.ControlPort}, {iopub, ci.IOPubPort}} {
		if err := d.s.Dial(endpoint(ci, d.port)); err != nil {
			t.Fatalf("dial: %v", err)
		}
		defer d.s.Close()
	}
	if err := iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	go readAll(shell, s.shell)
	go readAll(control, s.control)
	go readAll(iopub, s.iopub)

	// kernel_info until iopub is subscribed (its status messages arrive):
	// a subscription takes effect some time after the dial.
	var info map[string]any
	for subscribed := false; !subscribed; {
		send(t, shell, ci.Key, "kernel_info_request", map[string]any{})
		info = s.next(s.shell, "kernel_info_reply", func(m wireMsg) bool { return m.typ == "kernel_info_reply" }).content
		select {
		case <-s.iopub:
			subscribed = true
		case <-time.After(100 * time.Millisecond): // ask again: not a wait for an event
		}
	}
	if f, _ := info["supported_features"].([]any); len(f) != 1 || f[0] != "debugger" || info["debugger"] != true {
		t.Fatalf("kernel_info_reply: supported_features %v, debugger %v", info["supported_features"], info["debugger"])
	}

	s.ok(control, "initialize", map[string]any{"clientID": "test", "adapterID": "go", "pathFormat": "path", "linesStartAt1": true})
	s.event("initialized")
	s.ok(control, "attach", map[string]any{})
	dbgInfo := s.ok(control, "debugInfo", map[string]any{})
	if dbgInfo["hashMethod"] != "Murmur2" || dbgInfo["isStarted"] != true || dbgInfo["hashSeed"] != float64(dap.HashSeed) {
		t.Fatalf("debugInfo = %v", dbgInfo)
	}
	// The front end names a cell's source file from its code, as here.
	code := "x := 20\ny := x*2 + 2\nfmt.Println(y)"
	naming := dap.Naming{Prefix: dbgInfo["tmpFilePrefix"].(string), Suffix: dbgInfo["tmpFileSuffix"].(string)}
	path := naming.Path(code)
	if got := s.ok(control, "dumpCell", map[string]any{"code": code})["sourcePath"]; got != path {
		t.Fatalf("dumpCell: sourcePath %v, want %s", got, path)
	}
	bps := s.ok(control, "setBreakpoints", map[string]any{"source": map[string]any{"path": path},
		"breakpoints": []any{map[string]any{"line": 2}}, "sourceModified": false})
	if b, _ := bps["breakpoints"].([]any); len(b) != 1 || b[0].(map[string]any)["verified"] != true {
		t.Fatalf("setBreakpoints = %v", bps)
	}
	s.ok(control, "configurationDone", map[string]any{})
	// A bad request fails with a message, and the kernel goes on.
	if r := s.debug(control, "stackTrace", map[string]any{"threadId": 7}); r["success"] != false || r["message"] == "" {
		t.Fatalf("stackTrace while nothing is stopped: %v", r)
	}

	send(t, shell, ci.Key, "execute_request", map[string]any{"code": code, "silent": false})
	if ev := s.event("stopped"); ev["reason"] != "breakpoint" || ev["threadId"] != float64(1) {
		t.Fatalf("stopped = %v", ev)
	}
	top := func() map[string]any {
		st := s.ok(control, "stackTrace", map[string]any{"threadId": 1})
		frames, _ := st["stackFrames"].([]any)
		if len(frames) == 0 {
			t.Fatalf("stackTrace = %v", st)
		}
		return frames[0].(map[string]any)
	}
	f := top()
	if src, _ := f["source"].(map[string]any); f["line"] != float64(2) || src["path"] != path {
		t.Fatalf("top frame = %v, want line 2 of %s", f, path)
	}
	// The variables panel: x in the session's globals.
	scopes, _ := s.ok(control, "scopes", map[string]any{"frameId": f["id"]})["scopes"].([]any)
	var globals any
	for _, sc := range scopes {
		if sc := sc.(map[string]any); sc["name"] == "Globals" {
			globals = sc["variablesReference"]
		}
	}
	vars, _ := s.ok(control, "variables", map[string]any{"variablesReference": globals})["variables"].([]any)
	var x map[string]any
	for _, v := range vars {
		if v := v.(map[string]any); v["name"] == "x" {
			x = v
		}
	}
	if x == nil || x["value"] != "20" || x["type"] != "int" {
		t.Fatalf("variables: x = %v in %v", x, vars)
	}
	if r := s.ok(control, "evaluate", map[string]any{"expression": "x", "frameId": f["id"], "context": "hover"}); r["result"] != "20" {
		t.Fatalf("evaluate x = %v", r)
	}
	// The stopped threads are in debugInfo, for a front end that reloads.
	if st, _ := s.ok(control, "debugInfo", map[string]any{})["stoppedThreads"].([]any); len(st) != 1 {
		t.Fatalf("debugInfo stoppedThreads = %v", st)
	}

	s.ok(control, "next", map[string]any{"threadId": 1})
	s.event("stopped")
	if f := top(); f["line"] != float64(3) {
		t.Fatalf("after next, top frame = %v, want line 3", f)
	}
	s.ok(control, "continue", map[string]any{"threadId": 1})
	r := s.next(s.shell, "execute_reply", func(m wireMsg) bool { return m.typ == "execute_reply" }).content
	if r["status"] != "ok" {
		t.Fatalf("execute_reply = %v", r)
	}
	out := s.next(s.iopub, "the cell's output", func(m wireMsg) bool { return m.typ == "stream" })
	if text, _ := out.content["text"].(string); strings.TrimSpace(text) != "42" {
		t.Fatalf("stream = %v", out.content)
	}

	// An interrupt while a cell is stopped ends the cell as interrupted;
	// the front end hears that it no longer is stopped.
	loop := "n := 0\nfor n >= 0 {\n\tn++\n}"
	loopPath := s.ok(control, "dumpCell", map[string]any{"code": loop})["sourcePath"].(string)
	s.ok(control, "setBreakpoints", map[string]any{"source": map[string]any{"path": loopPath},
		"breakpoints": []any{map[string]any{"line": 3}}})
	send(t, shell, ci.Key, "execute_request", map[string]any{"code": loop, "silent": false})
	s.event("stopped")
	if f := top(); f["line"] != float64(3) {
		t.Fatalf("loop stopped at %v, want line 3", f)
	}
	send(t, control, ci.Key, "interrupt_request", map[string]any{})
	r = s.next(s.shell, "execute_reply of the interrupted cell", func(m wireMsg) bool { return m.typ == "execute_reply" }).content
	if r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Fatalf("execute_reply of the cell interrupted while stopped = %v", r)
	}
	s.event("continued")
	// Pause while a cell runs: no breakpoints, the loop runs until paused.
	s.ok(control, "setBreakpoints", map[string]any{"source": map[string]any{"path": loopPath}, "breakpoints": []any{}})
	send(t, shell, ci.Key, "execute_request", map[string]any{"code": loop, "silent": false})
	s.next(s.iopub, "the loop's execute_input", func(m wireMsg) bool { return m.typ == "execute_input" })
	for {
		// The loop may not run under the debugger yet: ask again until
		// the pause is taken (each answer comes at once).
		if r := s.debug(control, "pause", map[string]any{"threadId": 1}); r["success"] == true {
			break
		}
	}
	if ev := s.event("stopped"); ev["reason"] != "pause" {
		t.Fatalf("stopped after pause = %v", ev)
	}
	if f := top(); f["line"] != float64(2) && f["line"] != float64(3) {
		t.Fatalf("paused at %v, want the loop (lines 2-3)", f)
	}
	send(t, control, ci.Key, "interrupt_request", map[string]any{})
	if r := s.next(s.shell, "execute_reply of the paused cell", func(m wireMsg) bool { return m.typ == "execute_reply" }).content; r["ename"] != "Interrupted" {
		t.Fatalf("execute_reply of the cell interrupted while paused = %v", r)
	}

	s.ok(control, "disconnect", map[string]any{"restart": false, "terminateDebuggee": true})
	send(t, control, ci.Key, "shutdown_request", map[string]any{"restart": false})
	s.next(s.control, "shutdown_reply", func(m wireMsg) bool { return m.typ == "shutdown_reply" })
	select {
	case c := <-s.code:
		if c != 0 {
			t.Errorf("exit status %d; stderr:\n%s", c, stderr)
		}
	case <-time.After(startDeadline):
		t.Fatal("the kernel did not end after shutdown_request")
	}
}
