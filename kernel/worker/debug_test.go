package worker

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// debugDo sends a DAP request through c and returns the response.
func debugDo(t *testing.T, c *Client, seq int, command string, args any) map[string]any {
	t.Helper()
	a, _ := json.Marshal(args)
	req, _ := json.Marshal(dap.Request{Seq: seq, Type: "request", Command: command, Arguments: a})
	var r map[string]any
	if err := json.Unmarshal(c.Debug(req), &r); err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	return r
}

// debugSession starts a client with a debug session attached and a
// breakpoint at line 2 of the cell it returns; events receives the
// session's DAP events.
func debugSession(t *testing.T) (*Client, chan map[string]any, string) {
	t.Helper()
	c := newTestClient(t, 0)
	events := make(chan map[string]any, 64)
	c.SetDebugEvents(func(b json.RawMessage) {
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		events <- m
	})
	for i, cmd := range []string{"initialize", "attach"} {
		if r := debugDo(t, c, i+1, cmd, map[string]any{}); r["success"] != true {
			t.Fatalf("%s: %v", cmd, r)
		}
	}
	code := "v := 7\nw := v + 1\n_ = w"
	path := debugDo(t, c, 3, "dumpCell", map[string]any{"code": code})["body"].(map[string]any)["sourcePath"]
	if r := debugDo(t, c, 4, "setBreakpoints", map[string]any{"source": map[string]any{"path": path},
		"breakpoints": []any{map[string]any{"line": 2}}}); r["success"] != true {
		t.Fatalf("setBreakpoints: %v", r)
	}
	return c, events, code
}

// A worker that dies takes its debug session with it; the next worker
// gets it replayed (attach, the breakpoints), so the front end's debugger
// goes on: a breakpoint set before the death stops the cell after it.
func TestDebugSessionSurvivesWorkerDeath(t *testing.T) {
	c, events, code := debugSession(t)
	execError(t, c, deadlyCells[0].code)

	done := make(chan error, 1)
	go func() {
		_, err := c.Execute(context.Background(), code, &recorder{})
		done <- err
	}()
	deadline := time.After(30 * time.Second)
	for stopped := false; !stopped; {
		select {
		case ev := <-events:
			stopped = ev["event"] == "stopped"
		case err := <-done:
			t.Fatalf("the cell ended without stopping at its breakpoint: %v", err)
		case <-deadline:
			t.Fatal("no stopped event after the worker's death")
		}
	}
	if r := debugDo(t, c, 5, "continue", map[string]any{"threadId": 1}); r["success"] != true {
		t.Fatalf("continue: %v", r)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Disconnected, a fresh worker gets no session.
	debugDo(t, c, 6, "disconnect", map[string]any{})
	execError(t, c, deadlyCells[0].code)
	if out := result(t, c, "1 + 1"); out != "2" {
		t.Fatalf("1 + 1 = %q", out)
	}
	if info := debugDo(t, c, 7, "debugInfo", map[string]any{})["body"].(map[string]any); info["isStarted"] != false {
		t.Fatalf("debugInfo after disconnect and a death: %v", info)
	}
}

// A worker that dies while its cell is stopped at a breakpoint: the front
// end gets a continued event for the stopped thread (JupyterLab's
// debugger would otherwise go on showing a stopped cell that is gone),
// and the cell ends with the worker's death.
func TestStoppedWorkerDeathContinuesThread(t *testing.T) {
	c, events, code := debugSession(t)
	done := make(chan error, 1)
	go func() {
		_, err := c.Execute(context.Background(), code, &recorder{})
		done <- err
	}()
	deadline := time.After(30 * time.Second)
	var thread any
	for thread == nil {
		select {
		case ev := <-events:
			if ev["event"] == "stopped" {
				thread = ev["body"].(map[string]any)["threadId"]
			}
		case err := <-done:
			t.Fatalf("the cell ended without stopping at its breakpoint: %v", err)
		case <-deadline:
			t.Fatal("no stopped event")
		}
	}
	c.HardInterrupt()
	if err := <-done; err == nil {
		t.Fatal("the cell whose worker was stopped reported success")
	}
	for {
		select {
		case ev := <-events:
			if ev["event"] != "continued" {
				continue
			}
			body := ev["body"].(map[string]any)
			if body["threadId"] != thread || body["allThreadsContinued"] != true {
				t.Fatalf("continued event %v, want thread %v, all threads", body, thread)
			}
			return
		case <-time.After(30 * time.Second):
			t.Fatal("no continued event after the stopped worker's death")
		}
	}
}
