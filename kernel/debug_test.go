package kernel

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// debugExec is a fakeExec that answers DAP requests: it echoes the
// command, and sends an event for "ping".
type debugExec struct {
	*fakeExec
	mu   sync.Mutex
	send func(json.RawMessage)
}

func (d *debugExec) SetDebugEvents(send func(json.RawMessage)) {
	d.mu.Lock()
	d.send = send
	d.mu.Unlock()
}

func (d *debugExec) Debug(b json.RawMessage) json.RawMessage {
	req, err := dap.ParseRequest(b)
	if err != nil {
		return dap.Marshal(dap.Fail(req, err.Error()))
	}
	if req.Command == "ping" {
		d.mu.Lock()
		d.send(dap.Marshal(dap.Event{Seq: 1, Type: "event", Event: "pong"}))
		d.mu.Unlock()
	}
	return dap.Marshal(dap.OK(req, map[string]any{"echo": req.Command}))
}

// An executor that can be debugged: the feature is declared, requests on
// control are answered by it, and its events come on iopub as
// debug_event, with the request as parent.
func TestDebugRequestForwarded(t *testing.T) {
	ex := &debugExec{fakeExec: newFakeExec()}
	_, c, _ := startKernel(t, ex, Options{})
	info := c.request(c.control, c.controlC, "kernel_info_request", map[string]any{})
	if f, _ := info["supported_features"].([]any); len(f) != 1 || f[0] != "debugger" || info["debugger"] != true {
		t.Fatalf("kernel_info: supported_features %v, debugger %v", info["supported_features"], info["debugger"])
	}
	id := c.send(c.control, "debug_request", map[string]any{"seq": 3, "type": "request", "command": "ping"})
	r := c.reply(c.controlC, id)
	ct := contentOf(t, r)
	if r.Header.MsgType != "debug_reply" || ct["success"] != true || ct["request_seq"] != float64(3) ||
		ct["body"].(map[string]any)["echo"] != "ping" {
		t.Fatalf("debug_reply: %s %v", r.Header.MsgType, ct)
	}
	var ev *message
	for _, m := range c.iopubUntilIdle(id) {
		if m.Header.MsgType == "debug_event" {
			ev = m
		}
	}
	if ev == nil || contentOf(t, ev)["event"] != "pong" {
		t.Fatalf("no debug_event pong on iopub with the request as parent")
	}
	// Not a DAP request: a failed response, and the kernel goes on.
	bad := c.request(c.control, c.controlC, "debug_request", map[string]any{"seq": 4})
	if bad["success"] != false || bad["message"] == "" {
		t.Fatalf("debug_reply to a request without a command: %v", bad)
	}
}

// An executor that cannot be debugged: no feature, and every request
// fails with a message.
func TestDebugRequestNotSupported(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	info := c.request(c.shell, c.shellC, "kernel_info_request", map[string]any{})
	if _, ok := info["supported_features"]; ok || info["debugger"] != false {
		t.Fatalf("kernel_info: supported_features %v, debugger %v", info["supported_features"], info["debugger"])
	}
	r := c.request(c.control, c.controlC, "debug_request", map[string]any{"seq": 1, "type": "request", "command": "initialize"})
	if r["success"] != false || r["command"] != "initialize" || r["message"] == "" {
		t.Fatalf("debug_reply = %v", r)
	}
}
