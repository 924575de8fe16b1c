package kernel

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// commExec is a fake Executor with comms: it records the front end's
// comm messages and answers each with a comm_msg on the same comm that
// carries the same data and buffers back.
type commExec struct {
	*fakeExec
	mu   sync.Mutex
	send func(comm.Message)
	got  []comm.Message
}

func (e *commExec) SetComms(send func(comm.Message)) {
	e.mu.Lock()
	e.send = send
	e.mu.Unlock()
}

func (e *commExec) Comm(m comm.Message) {
	e.mu.Lock()
	e.got = append(e.got, m)
	send := e.send
	e.mu.Unlock()
	send(comm.Message{Type: comm.Msg, CommID: m.CommID, Data: m.Data, Metadata: json.RawMessage(`{"echo":true}`), Buffers: m.Buffers})
}

func (e *commExec) Comms(target string) map[string]string {
	out := map[string]string{}
	for id, t := range map[string]string{"a": "t1", "b": "t2"} {
		if target == "" || t == target {
			out[id] = t
		}
	}
	return out
}

func (e *commExec) received() []comm.Message {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]comm.Message(nil), e.got...)
}

// TestCommsReachTheExecutor checks the protocol layer's comms with a fake
// executor: a comm_msg with buffers reaches it, and what it sends back is
// published between the request's busy and idle, with the request as
// parent, its metadata and its buffers as frames after the content;
// comm messages without a comm_id (or a comm_open without a target) are
// dropped; comm_info filters by target.
func TestCommsReachTheExecutor(t *testing.T) {
	ex := &commExec{fakeExec: newFakeExec()}
	_, c, _ := startKernel(t, ex, Options{})
	c.waitIOPub()

	h := c.header("comm_msg")
	frames, err := encode(c.sig, nil, h, nil, nil, map[string]any{"comm_id": "a", "data": map[string]any{"x": 1}})
	if err != nil {
		t.Fatal(err)
	}
	c.sendFrames(c.shell, append(frames, []byte("one"), []byte{0, 1, 2}))
	io := c.iopubUntilIdle(h.MsgID)
	wantTypes(t, io, "status(busy) comm_msg status(idle)")
	back := io[1]
	if string(back.Content) != `{"comm_id":"a","data":{"x":1}}` || string(back.Metadata) != `{"echo":true}` ||
		len(back.Buffers) != 2 || string(back.Buffers[0]) != "one" || string(back.Buffers[1]) != "\x00\x01\x02" {
		t.Errorf("published comm_msg: content %s, metadata %s, buffers %q", back.Content, back.Metadata, back.Buffers)
	}
	got := ex.received()
	if len(got) != 1 || got[0].Type != comm.Msg || got[0].CommID != "a" || string(got[0].Data) != `{"x":1}` || len(got[0].Buffers) != 2 {
		t.Fatalf("the executor received %+v", got)
	}

	for _, bad := range []struct {
		typ     string
		content map[string]any
	}{
		{"comm_msg", map[string]any{"data": map[string]any{}}},
		{"comm_close", map[string]any{"comm_id": ""}},
		{"comm_open", map[string]any{"comm_id": "c", "data": map[string]any{}}},
	} {
		id := c.send(c.shell, bad.typ, bad.content)
		wantTypes(t, c.iopubUntilIdle(id), "status(busy) status(idle)")
	}
	if n := len(ex.received()); n != 1 {
		t.Errorf("the executor received %d messages, want the one good one", n)
	}

	info := c.request(c.shell, c.shellC, "comm_info_request", map[string]any{"target_name": "t1"})
	if comms, _ := info["comms"].(map[string]any); len(comms) != 1 || comms["a"].(map[string]any)["target_name"] != "t1" {
		t.Errorf("comm_info t1: %v", info)
	}
	info = c.request(c.shell, c.shellC, "comm_info_request", map[string]any{})
	if comms, _ := info["comms"].(map[string]any); len(comms) != 2 {
		t.Errorf("comm_info: %v", info)
	}
}
