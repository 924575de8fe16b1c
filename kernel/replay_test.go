package kernel

import (
	"bytes"
	"crypto/sha256"
	"log/slog"
	"testing"
)

func digest(s string) []byte {
	d := sha256.Sum256([]byte(s))
	return d[:]
}

func TestReplayWindowForgetsOldestFirst(t *testing.T) {
	w := newReplayWindow(3)
	step := func(name string, want bool) {
		t.Helper()
		if got := w.seen(digest(name)); got != want {
			t.Fatalf("seen(%s) = %v, want %v", name, got, want)
		}
	}
	step("a", false)
	step("b", false)
	step("c", false)
	step("a", true)  // remembered; seeing it again changes nothing
	step("d", false) // the window is full: a, the oldest, is forgotten
	step("b", true)
	step("c", true)
	step("a", false) // forgotten, so new again; b goes
	step("b", false) // c goes
	step("d", true)
	step("a", true)
	step("c", false)
	if len(w.set) != 3 || len(w.ring) != 3 {
		t.Errorf("window holds %d signatures in a ring of %d, want 3 and 3", len(w.set), len(w.ring))
	}
	// An unsigned message has no digest: never a replay, never remembered.
	for range 2 {
		if w.seen(nil) {
			t.Error("seen(nil) = true")
		}
	}
	if len(w.set) != 3 {
		t.Errorf("nil digest was remembered")
	}
}

// TestReplayedExecuteRefused sends the same correctly signed
// execute_request three times (the third time with its signature in upper
// case, which decodes to the same digest): it runs once.
func TestReplayedExecuteRefused(t *testing.T) {
	ex := newFakeExec()
	log := &countingHandler{counts: map[string]int{}}
	_, c, _ := startKernel(t, ex, Options{Logger: slog.New(log)})
	c.waitIOPub()

	h := c.header("execute_request")
	frames, err := encode(c.sig, nil, h, nil, nil, map[string]any{"code": "print once\nset runs x"})
	if err != nil {
		t.Fatal(err)
	}
	c.sendFrames(c.shell, frames)
	r := contentOf(t, c.reply(c.shellC, h.MsgID))
	if r["status"] != "ok" || r["execution_count"] != 1.0 {
		t.Fatalf("first execution: %v", r)
	}
	if io := c.iopubUntilIdle(h.MsgID); len(io) < 3 || text(t, io[2]) != "once\n" {
		t.Fatalf("first execution's iopub: %s", types(io))
	}
	c.sendFrames(c.shell, frames)
	upper := append([][]byte(nil), frames...)
	upper[1] = bytes.ToUpper(frames[1])
	c.sendFrames(c.shell, upper)

	// Shell is read and answered in order: the next reply is this one's,
	// and its count says that nothing ran in between.
	reply, io := c.execute("echo after", nil)
	if reply["status"] != "ok" || reply["execution_count"] != 2.0 {
		t.Errorf("after the replays: %v, want ok with execution_count 2", reply)
	}
	wantTypes(t, io, "status(busy) execute_input execute_result status(idle)")
	if n := log.count("refused replayed message"); n != 2 {
		t.Errorf("logged %d refused replays, want 2", n)
	}
	select {
	case m := <-c.shellC:
		t.Errorf("unexpected shell message %s to %s", m.Header.MsgType, parentID(m))
	default:
	}

	// A replay on control is refused too: the window is the kernel's.
	h = c.header("kernel_info_request")
	frames, _ = encode(c.sig, nil, h, nil, nil, map[string]any{})
	c.sendFrames(c.control, frames)
	c.reply(c.controlC, h.MsgID)
	c.sendFrames(c.control, frames)
	if info := c.request(c.control, c.controlC, "kernel_info_request", map[string]any{}); info["status"] != "ok" {
		t.Errorf("kernel_info after a replay on control: %v", info)
	}
	if n := log.count("refused replayed message"); n != 3 {
		t.Errorf("logged %d refused replays, want 3", n)
	}
}
