package kernel

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// signedParts returns the frames of a message signed with sig whose four
// JSON parts are given as text.
func signedParts(sig signer, hdr, parent, meta, content string) [][]byte {
	parts := [][]byte{[]byte(hdr), []byte(parent), []byte(meta), []byte(content)}
	return append([][]byte{delimiter, sig.sign(parts...)}, parts...)
}

// TestDeepMessageAnswered sends requests whose content is JSON nested
// 100,000 deep: each gets its reply with status error naming the problem,
// wrapped in busy and idle; one whose header is that deep is logged and
// dropped, and the kernel goes on.
func TestDeepMessageAnswered(t *testing.T) {
	log := &countingHandler{counts: map[string]int{}}
	_, c, _ := startKernel(t, newFakeExec(), Options{Logger: slog.New(log)})
	c.waitIOPub()
	c.execute("echo 1", nil) // execution_count 1

	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	const wantValue = "content: JSON nested 100001 levels deep; the kernel reads at most 10000"
	for _, tc := range []struct {
		ch      string
		msgType string
	}{{"shell", "execute_request"}, {"shell", "complete_request"}, {"control", "kernel_info_request"}} {
		h := c.header(tc.msgType)
		hb, _ := json.Marshal(h)
		frames := signedParts(c.sig, string(hb), "{}", "{}", `{"code":`+deep+`}`)
		sock, replies := c.shell, c.shellC
		if tc.ch == "control" {
			sock, replies = c.control, c.controlC
		}
		c.sendFrames(sock, frames)
		r := c.reply(replies, h.MsgID)
		want := strings.TrimSuffix(tc.msgType, "_request") + "_reply"
		if r.Header.MsgType != want {
			t.Errorf("%s: reply %s, want %s", tc.msgType, r.Header.MsgType, want)
		}
		ct := contentOf(t, r)
		if ct["status"] != "error" || ct["ename"] != "MalformedMessage" || ct["evalue"] != wantValue {
			t.Errorf("%s: reply content %v", tc.msgType, ct)
		}
		if tc.msgType == "execute_request" && ct["execution_count"] != 1.0 {
			t.Errorf("execute_reply's execution_count = %v, want 1 (unchanged)", ct["execution_count"])
		}
		wantTypes(t, c.iopubUntilIdle(h.MsgID), "status(busy) status(idle)")
	}
	if n := log.count("malformed message"); n != 3 {
		t.Errorf("logged %d malformed messages, want 3", n)
	}

	// A header nested that deep cannot be read: no reply, a log line.
	c.sendFrames(c.shell, signedParts(c.sig, `{"msg_type":"execute_request","x":`+deep+`}`, "{}", "{}", `{"code":"echo no"}`))
	// A message that is not a request gets no reply either.
	h := c.header("comm_msg")
	hb, _ := json.Marshal(h)
	c.sendFrames(c.shell, signedParts(c.sig, string(hb), "{}", "{}", `{"data":`+deep+`}`))
	wantTypes(t, c.iopubUntilIdle(h.MsgID), "status(busy) status(idle)")
	reply, _ := c.execute("echo 2", nil)
	if reply["status"] != "ok" || reply["execution_count"] != 2.0 {
		t.Errorf("next cell: %v, want ok with execution_count 2", reply)
	}
	if n := log.count("dropped invalid message"); n != 1 {
		t.Errorf("logged %d dropped messages, want 1 (the deep header)", n)
	}
	if n := log.count("malformed message"); n != 4 {
		t.Errorf("logged %d malformed messages, want 4", n)
	}
}

// TestDeepInputReplyEndsInput answers an input_request with an
// input_reply nested 100,000 deep: the waiting cell fails with that
// reason instead of waiting for ever.
func TestDeepInputReplyEndsInput(t *testing.T) {
	_, c, _ := startKernel(t, newFakeExec(), Options{})
	id := c.send(c.shell, "execute_request", map[string]any{"code": "input name?", "allow_stdin": true})
	var req *message
	select {
	case req = <-c.stdinC:
	case <-time.After(waitTimeout):
		t.Fatal("no input_request")
	}
	h := c.header("input_reply")
	hb, _ := json.Marshal(h)
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	c.sendFrames(c.stdin, signedParts(c.sig, string(hb), string(req.RawHeader), "{}", `{"value":`+deep+`}`))
	r := contentOf(t, c.reply(c.shellC, id))
	if r["status"] != "error" || r["ename"] != "InputError" ||
		r["evalue"] != "input: malformed input_reply: content: JSON nested 100001 levels deep; the kernel reads at most 10000" {
		t.Errorf("reply = %v", r)
	}
}
