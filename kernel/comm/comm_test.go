package comm

import (
	"encoding/json"
	"sync"
	"testing"
)

func TestOpenSendCloseAndInfo(t *testing.T) {
	g := NewManager()
	var mu sync.Mutex
	var sent []Message
	g.SetTransport(func(m Message) { mu.Lock(); sent = append(sent, m); mu.Unlock() })

	a, err := g.Open("a", map[string]any{"x": 1}, map[string]any{"version": "1"}, [][]byte{[]byte("buf")})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g.Open("b", nil, nil, nil)
	if info := g.Info(""); len(info) != 2 || info[a.ID()] != "a" || info[b.ID()] != "b" {
		t.Errorf("Info(\"\") = %v", info)
	}
	if info := g.Info("b"); len(info) != 1 || info[b.ID()] != "b" {
		t.Errorf("Info(b) = %v", info)
	}
	if err := a.Send("hello", nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(nil); err != nil || !a.Closed() {
		t.Fatalf("Close: %v, closed %v", err, a.Closed())
	}
	if err := a.Send("late", nil, nil); err == nil {
		t.Errorf("Send on a closed comm did not fail")
	}
	if _, err := g.Open("", nil, nil, nil); err == nil {
		t.Errorf("Open with no target did not fail")
	}
	want := []string{Open + " a {\"x\":1}", Open + " b {}", Msg + " a \"hello\"", Close + " a {}"}
	if len(sent) != len(want) {
		t.Fatalf("sent %d messages, want %d: %+v", len(sent), len(want), sent)
	}
	for i, m := range sent {
		target := map[string]string{a.ID(): "a", b.ID(): "b"}[m.CommID]
		if got := m.Type + " " + target + " " + string(m.Data); got != want[i] {
			t.Errorf("message %d: %s, want %s", i, got, want[i])
		}
	}
	if string(sent[0].Metadata) != `{"version":"1"}` || len(sent[0].Buffers) != 1 {
		t.Errorf("comm_open metadata %s, buffers %d", sent[0].Metadata, len(sent[0].Buffers))
	}
}

func TestFrontEndOpensMessagesAndCloses(t *testing.T) {
	g := NewManager()
	var sent []Message
	var smu sync.Mutex
	g.SetTransport(func(m Message) { smu.Lock(); sent = append(sent, m); smu.Unlock() })
	var got []string // written by handlers, read after Wait
	g.Register("t", func(c *Comm, m Message) {
		got = append(got, "open "+string(m.Data))
		c.OnMsg(func(m Message) { got = append(got, "msg "+string(m.Data)+" "+string(m.Buffers[0])) })
		c.OnClose(func(Message) { got = append(got, "close") })
	})
	g.Deliver(Message{Type: Open, CommID: "1", TargetName: "t", Data: json.RawMessage(`{"a":1}`)})
	for i := range 3 {
		g.Deliver(Message{Type: Msg, CommID: "1", Data: json.RawMessage([]byte{'0' + byte(i)}), Buffers: [][]byte{[]byte("b")}})
	}
	g.Deliver(Message{Type: Close, CommID: "1"})
	g.Deliver(Message{Type: Msg, CommID: "1", Data: json.RawMessage(`9`)}) // closed: dropped
	g.Wait()
	want := []string{`open {"a":1}`, "msg 0 b", "msg 1 b", "msg 2 b", "close"}
	if len(got) != len(want) {
		t.Fatalf("handlers saw %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("handler call %d: %q, want %q", i, got[i], want[i])
		}
	}
	// An unknown target: comm_close at once, and no comm.
	g.Deliver(Message{Type: Open, CommID: "2", TargetName: "nope"})
	smu.Lock()
	defer smu.Unlock()
	if len(sent) != 1 || sent[0].Type != Close || sent[0].CommID != "2" {
		t.Errorf("after a comm_open to an unknown target, sent %+v", sent)
	}
	if len(g.Info("")) != 0 {
		t.Errorf("comms open: %v", g.Info(""))
	}
}

func TestHandlerPanicDoesNotStopTheQueue(t *testing.T) {
	g := NewManager()
	var panics []any
	g.SetPanicHandler(func(r any) { panics = append(panics, r) })
	ran := false
	g.Register("t", func(c *Comm, m Message) {
		c.OnMsg(func(m Message) {
			if string(m.Data) == `"boom"` {
				panic("boom")
			}
			ran = true
		})
	})
	g.Deliver(Message{Type: Open, CommID: "1", TargetName: "t"})
	g.Deliver(Message{Type: Msg, CommID: "1", Data: json.RawMessage(`"boom"`)})
	g.Deliver(Message{Type: Msg, CommID: "1", Data: json.RawMessage(`"ok"`)})
	g.Wait()
	if len(panics) != 1 || panics[0] != "boom" || !ran {
		t.Errorf("panics %v, later handler ran %v", panics, ran)
	}
}
