package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

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

// dapSeq numbers the debug requests of the tests.
var dapSeq int

// debug sends a DAP request on control and returns its response.
func (s *socketSession) debug(command string, args any) map[string]any {
	s.t.Helper()
	dapSeq++
	id := s.send(s.control, "debug_request", map[string]any{"seq": dapSeq, "type": "request", "command": command, "arguments": args})
	r := s.next(s.controlC, "debug_reply to "+command, func(m frameMsg) bool { return m.parent == id }).content
	if r["request_seq"] != float64(dapSeq) || r["command"] != command || r["type"] != "response" {
		s.t.Fatalf("debug_reply to %s #%d: %v", command, dapSeq, r)
	}
	return r
}

// ok is debug for a request that must succeed; it returns the body.
func (s *socketSession) ok(command string, args any) map[string]any {
	s.t.Helper()
	r := s.debug(command, args)
	if r["success"] != true {
		s.t.Fatalf("%s(%v) failed: %v", command, args, r)
	}
	body, _ := r["body"].(map[string]any)
	return body
}

// event waits for the debug_event named name on iopub.
func (s *socketSession) event(name string) map[string]any {
	s.t.Helper()
	m := s.next(s.iopubC, name+" event", func(m frameMsg) bool { return m.typ == "debug_event" && m.content["event"] == name })
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
	s := startSocketSession(t)
	id := s.send(s.shell, "kernel_info_request", map[string]any{})
	info := s.next(s.shellC, "kernel_info_reply", func(m frameMsg) bool { return m.parent == id }).content
	if f, _ := info["supported_features"].([]any); len(f) != 1 || f[0] != "debugger" || info["debugger"] != true {
		t.Fatalf("kernel_info_reply: supported_features %v, debugger %v", info["supported_features"], info["debugger"])
	}

	s.ok("initialize", map[string]any{"clientID": "test", "adapterID": "go", "pathFormat": "path", "linesStartAt1": true})
	s.event("initialized")
	s.ok("attach", map[string]any{})
	dbgInfo := s.ok("debugInfo", map[string]any{})
	if dbgInfo["hashMethod"] != "Murmur2" || dbgInfo["isStarted"] != true || dbgInfo["hashSeed"] != float64(dap.HashSeed) {
		t.Fatalf("debugInfo = %v", dbgInfo)
	}
	// The front end names a cell's source file from its code, as here.
	code := "x := 20\ny := x*2 + 2\nfmt.Println(y)"
	naming := dap.Naming{Prefix: dbgInfo["tmpFilePrefix"].(string), Suffix: dbgInfo["tmpFileSuffix"].(string)}
	path := naming.Path(code)
	if got := s.ok("dumpCell", map[string]any{"code": code})["sourcePath"]; got != path {
		t.Fatalf("dumpCell: sourcePath %v, want %s", got, path)
	}
	bps := s.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": path},
		"breakpoints": []any{map[string]any{"line": 2}}, "sourceModified": false})
	if b, _ := bps["breakpoints"].([]any); len(b) != 1 || b[0].(map[string]any)["verified"] != true {
		t.Fatalf("setBreakpoints = %v", bps)
	}
	s.ok("configurationDone", map[string]any{})
	// A bad request fails with a message, and the kernel goes on.
	if r := s.debug("stackTrace", map[string]any{"threadId": 7}); r["success"] != false || r["message"] == "" {
		t.Fatalf("stackTrace while nothing is stopped: %v", r)
	}

	s.send(s.shell, "execute_request", map[string]any{"code": code, "silent": false})
	if ev := s.event("stopped"); ev["reason"] != "breakpoint" || ev["threadId"] != float64(1) {
		t.Fatalf("stopped = %v", ev)
	}
	top := func() map[string]any {
		st := s.ok("stackTrace", map[string]any{"threadId": 1})
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
	scopes, _ := s.ok("scopes", map[string]any{"frameId": f["id"]})["scopes"].([]any)
	var globals any
	for _, sc := range scopes {
		if sc := sc.(map[string]any); sc["name"] == "Globals" {
			globals = sc["variablesReference"]
		}
	}
	vars, _ := s.ok("variables", map[string]any{"variablesReference": globals})["variables"].([]any)
	var x map[string]any
	for _, v := range vars {
		if v := v.(map[string]any); v["name"] == "x" {
			x = v
		}
	}
	if x == nil || x["value"] != "20" || x["type"] != "int" {
		t.Fatalf("variables: x = %v in %v", x, vars)
	}
	if r := s.ok("evaluate", map[string]any{"expression": "x", "frameId": f["id"], "context": "hover"}); r["result"] != "20" {
		t.Fatalf("evaluate x = %v", r)
	}
	// The stopped threads are in debugInfo, for a front end that reloads.
	if st, _ := s.ok("debugInfo", map[string]any{})["stoppedThreads"].([]any); len(st) != 1 {
		t.Fatalf("debugInfo stoppedThreads = %v", st)
	}

	s.ok("next", map[string]any{"threadId": 1})
	s.event("stopped")
	if f := top(); f["line"] != float64(3) {
		t.Fatalf("after next, top frame = %v, want line 3", f)
	}
	s.ok("continue", map[string]any{"threadId": 1})
	r := s.next(s.shellC, "execute_reply", func(m frameMsg) bool { return m.typ == "execute_reply" }).content
	if r["status"] != "ok" {
		t.Fatalf("execute_reply = %v", r)
	}
	out := s.next(s.iopubC, "the cell's output", func(m frameMsg) bool { return m.typ == "stream" })
	if text, _ := out.content["text"].(string); strings.TrimSpace(text) != "42" {
		t.Fatalf("stream = %v", out.content)
	}

	// An interrupt while a cell is stopped ends the cell as interrupted;
	// the front end hears that it no longer is stopped.
	loop := "n := 0\nfor n >= 0 {\n\tn++\n}"
	loopPath := s.ok("dumpCell", map[string]any{"code": loop})["sourcePath"].(string)
	s.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": loopPath},
		"breakpoints": []any{map[string]any{"line": 3}}})
	s.send(s.shell, "execute_request", map[string]any{"code": loop, "silent": false})
	s.event("stopped")
	if f := top(); f["line"] != float64(3) {
		t.Fatalf("loop stopped at %v, want line 3", f)
	}
	s.send(s.control, "interrupt_request", map[string]any{})
	r = s.next(s.shellC, "execute_reply of the interrupted cell", func(m frameMsg) bool { return m.typ == "execute_reply" }).content
	if r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Fatalf("execute_reply of the cell interrupted while stopped = %v", r)
	}
	s.event("continued")
	// Pause while a cell runs: no breakpoints, the loop runs until paused.
	s.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": loopPath}, "breakpoints": []any{}})
	s.send(s.shell, "execute_request", map[string]any{"code": loop, "silent": false})
	s.next(s.iopubC, "the loop's execute_input", func(m frameMsg) bool { return m.typ == "execute_input" })
	for {
		// The loop may not run under the debugger yet: ask again until
		// the pause is taken (each answer comes at once).
		if r := s.debug("pause", map[string]any{"threadId": 1}); r["success"] == true {
			break
		}
	}
	if ev := s.event("stopped"); ev["reason"] != "pause" {
		t.Fatalf("stopped after pause = %v", ev)
	}
	// The pause is taken at the next statement the cell runs, which may
	// still be line 1 (n := 0) when the request comes early: any line of
	// the cell is right, a line elsewhere is not.
	if f := top(); f["line"] != float64(1) && f["line"] != float64(2) && f["line"] != float64(3) ||
		f["source"].(map[string]any)["path"] != loopPath {
		t.Fatalf("paused at %v, want a line (1-3) of %s", f, loopPath)
	}
	s.send(s.control, "interrupt_request", map[string]any{})
	if r := s.next(s.shellC, "execute_reply of the paused cell", func(m frameMsg) bool { return m.typ == "execute_reply" }).content; r["ename"] != "Interrupted" {
		t.Fatalf("execute_reply of the cell interrupted while paused = %v", r)
	}

	s.ok("disconnect", map[string]any{"restart": false, "terminateDebuggee": true})
	s.send(s.control, "shutdown_request", map[string]any{"restart": false})
	s.next(s.controlC, "shutdown_reply", func(m frameMsg) bool { return m.typ == "shutdown_reply" })
	if c := s.wait(); c != 0 {
		t.Errorf("exit status %d after shutdown_request; stderr:\n%s", c, s.stderr)
	}
}
