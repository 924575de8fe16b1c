package widgets

import (
	"encoding/json"
	"image"
	"image/color"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// recorder is a comm transport that keeps what the session sends.
type recorder struct {
	mu   sync.Mutex
	msgs []comm.Message
}

func (r *recorder) send(m comm.Message) {
	r.mu.Lock()
	r.msgs = append(r.msgs, m)
	r.mu.Unlock()
}

// take returns the messages sent since the last take.
func (r *recorder) take() []comm.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.msgs
	r.msgs = nil
	return out
}

// record installs a recorder as the session's transport for one test.
func record(t *testing.T) *recorder {
	t.Helper()
	r := &recorder{}
	old := comm.SetTransport(r.send)
	t.Cleanup(func() { comm.SetTransport(old) })
	return r
}

// data decodes a message's data.
func data(t *testing.T, m comm.Message) map[string]any {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(m.Data, &d); err != nil {
		t.Fatalf("%s data %s: %v", m.Type, m.Data, err)
	}
	return d
}

// deliver hands the front end's message to the session and waits for its
// handlers.
func deliver(m comm.Message) {
	comm.Deliver(m)
	comm.Default().Wait()
}

func update(id string, state map[string]any) comm.Message {
	b, _ := json.Marshal(map[string]any{"method": "update", "state": state, "buffer_paths": []any{}})
	return comm.Message{Type: comm.Msg, CommID: id, Data: b}
}

func TestIntSliderOpens(t *testing.T) {
	r := record(t)
	s := NewIntSlider("k", 50, 0, 10)
	msgs := r.take()
	if len(msgs) != 3 {
		t.Fatalf("%d messages, want comm_open of the layout, the style and the slider: %+v", len(msgs), msgs)
	}
	for i, want := range []string{"LayoutModel", "SliderStyleModel", "IntSliderModel"} {
		m := msgs[i]
		if m.Type != comm.Open || m.TargetName != Target || string(m.Metadata) != `{"version":"2.1.0"}` {
			t.Errorf("message %d: %s to %q, metadata %s", i, m.Type, m.TargetName, m.Metadata)
		}
		st := data(t, m)["state"].(map[string]any)
		if st["_model_name"] != want {
			t.Errorf("message %d opens %v, want %s", i, st["_model_name"], want)
		}
	}
	st := data(t, msgs[2])["state"].(map[string]any)
	if st["_model_module"] != "@jupyter-widgets/controls" || st["_model_module_version"] != "2.0.0" ||
		st["_view_name"] != "IntSliderView" || st["value"] != 10.0 || st["max"] != 10.0 || st["description"] != "k" {
		t.Errorf("slider state %v", st)
	}
	if st["layout"] != "IPY_MODEL_"+msgs[0].CommID || st["style"] != "IPY_MODEL_"+msgs[1].CommID {
		t.Errorf("layout %v, style %v; comms %s, %s", st["layout"], st["style"], msgs[0].CommID, msgs[1].CommID)
	}
	if s.Model().ID() != msgs[2].CommID || s.Value() != 10 {
		t.Errorf("model ID %s, value %d", s.Model().ID(), s.Value())
	}
	b := s.MIMEBundle()
	if v := b[ViewMIME].(map[string]any); v["model_id"] != s.Model().ID() || v["version_major"] != 2 || b["text/plain"] == "" {
		t.Errorf("bundle %v", b)
	}
}

// TestSliderValidation checks both sliders' validator: a value from the
// front end outside [min, max] is clamped to the nearer end, and one that
// is not a number leaves the value as it was.
func TestSliderValidation(t *testing.T) {
	record(t)
	f := NewFloatSlider("rate", 0.5, 0, 1)
	i := NewIntSlider("k", 5, 0, 10)
	for _, c := range []struct {
		sent    any
		float   float64
		integer int
	}{{12.0, 1, 10}, {-3.0, 0, 0}, {0.25, 0.25, 0}, {"x", 0.25, 0}, {7.0, 1, 7}} {
		deliver(update(f.Model().ID(), map[string]any{"value": c.sent}))
		deliver(update(i.Model().ID(), map[string]any{"value": c.sent}))
		if f.Value() != c.float || i.Value() != c.integer {
			t.Errorf("after %v: FloatSlider %v, IntSlider %d, want %v and %d", c.sent, f.Value(), i.Value(), c.float, c.integer)
		}
	}
}

func TestSliderFromFrontEnd(t *testing.T) {
	r := record(t)
	s := NewIntSlider("k", 5, 0, 10)
	var seen []int
	s.OnChange(func(v int) { seen = append(seen, v) }) // read after Wait: the handler has run
	r.take()

	deliver(update(s.Model().ID(), map[string]any{"value": 7}))
	if s.Value() != 7 || len(seen) != 1 || seen[0] != 7 {
		t.Fatalf("value %d, observer saw %v", s.Value(), seen)
	}
	msgs := r.take()
	if len(msgs) != 1 || data(t, msgs[0])["method"] != "echo_update" {
		t.Fatalf("after an update, %+v, want one echo_update", msgs)
	}
	// Out of range: clamped, and the front end told.
	deliver(update(s.Model().ID(), map[string]any{"value": 99}))
	msgs = r.take()
	if s.Value() != 10 || len(msgs) != 2 || data(t, msgs[1])["method"] != "update" ||
		data(t, msgs[1])["state"].(map[string]any)["value"] != 10.0 {
		t.Fatalf("value %d, messages %+v", s.Value(), msgs)
	}
	// The same value again: no observer call.
	deliver(update(s.Model().ID(), map[string]any{"value": 10}))
	if len(seen) != 2 {
		t.Errorf("observer saw %v, want [7 10]", seen)
	}
	// Go sets it: an update, and the observer.
	r.take()
	s.SetValue(3)
	msgs = r.take()
	if len(msgs) != 1 || data(t, msgs[0])["method"] != "update" || seen[len(seen)-1] != 3 {
		t.Errorf("SetValue: %+v, observer %v", msgs, seen)
	}
	// request_state: the whole state.
	b, _ := json.Marshal(map[string]any{"method": "request_state"})
	deliver(comm.Message{Type: comm.Msg, CommID: s.Model().ID(), Data: b})
	msgs = r.take()
	if len(msgs) != 1 || data(t, msgs[0])["state"].(map[string]any)["_model_name"] != "IntSliderModel" {
		t.Errorf("request_state: %+v", msgs)
	}
}

func TestButtonClickCapturedInOutput(t *testing.T) {
	record(t)
	out := NewOutput()
	b := NewButton("go")
	n := 0
	b.OnClick(func() {
		n++
		out.Capture(func() { _, _ = out.Write([]byte("clicked\n")) })
	})
	click, _ := json.Marshal(map[string]any{"method": "custom", "content": map[string]any{"event": "click"}})
	deliver(comm.Message{Type: comm.Msg, CommID: b.Model().ID(), Data: click})
	deliver(comm.Message{Type: comm.Msg, CommID: b.Model().ID(), Data: click})
	if n != 2 || out.Text() != "clicked\nclicked\n" || out.Len() != 1 {
		t.Errorf("%d clicks, output %q in %d outputs", n, out.Text(), out.Len())
	}
}

func TestImageTravelsAsBuffer(t *testing.T) {
	r := record(t)
	img := image.NewGray(image.Rect(0, 0, 2, 2))
	img.Set(1, 1, color.White)
	w := NewImage(img)
	msgs := r.take()
	last := msgs[len(msgs)-1]
	d := data(t, last)
	if d["method"] != "update" || len(last.Buffers) != 1 || string(last.Buffers[0][1:4]) != "PNG" {
		t.Fatalf("image update %v with %d buffers", d, len(last.Buffers))
	}
	if paths := d["buffer_paths"].([]any); len(paths) != 1 || paths[0].([]any)[0] != "value" {
		t.Errorf("buffer_paths %v", paths)
	}
	if _, ok := d["state"].(map[string]any)["value"]; ok {
		t.Errorf("the buffer's value is also in the JSON state")
	}
	if f, b := w.Data(); f != "png" || len(b) == 0 {
		t.Errorf("Data() = %s, %d bytes", f, len(b))
	}
}

func TestControlRequestStates(t *testing.T) {
	r := record(t)
	s := NewFloatSlider("t", 1, 0, 2)
	img := NewImage(nil)
	img.SetPNG([]byte("\x89PNG fake"))
	r.take()
	deliver(comm.Message{Type: comm.Open, CommID: "control-1", TargetName: ControlTarget, Data: json.RawMessage(`{}`)})
	b, _ := json.Marshal(map[string]any{"method": "request_states"})
	deliver(comm.Message{Type: comm.Msg, CommID: "control-1", Data: b})
	msgs := r.take()
	if len(msgs) != 1 {
		t.Fatalf("%d answers to request_states", len(msgs))
	}
	d := data(t, msgs[0])
	states := d["states"].(map[string]any)
	st := states[s.Model().ID()].(map[string]any)
	if d["method"] != "update_states" || st["model_name"] != "FloatSliderModel" || st["state"].(map[string]any)["value"] != 1.0 {
		t.Errorf("update_states: %v", d)
	}
	paths := d["buffer_paths"].([]any)
	found := false
	for i, p := range paths {
		p := p.([]any)
		if p[0] == img.Model().ID() && p[1] == "state" && p[2] == "value" {
			found = string(msgs[0].Buffers[i]) == "\x89PNG fake"
		}
	}
	if !found {
		t.Errorf("the image's buffer is not at [id state value]: %v", paths)
	}
}

func TestBuffersRoundTrip(t *testing.T) {
	state := map[string]any{"a": []byte("x"), "b": []any{1.0, []byte("y")}, "c": map[string]any{"d": []byte("z"), "e": "f"}}
	st, paths, bufs := splitBuffers(state)
	if len(paths) != 3 || len(bufs) != 3 {
		t.Fatalf("paths %v", paths)
	}
	if _, ok := st["a"]; ok || st["b"].([]any)[1] != nil {
		t.Errorf("state without buffers %v", st)
	}
	js, _ := json.Marshal(map[string]any{"state": st, "paths": paths})
	var back struct {
		State map[string]any
		Paths [][]any
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	putBuffers(back.State, back.Paths, bufs)
	if string(back.State["a"].([]byte)) != "x" || string(back.State["b"].([]any)[1].([]byte)) != "y" ||
		string(back.State["c"].(map[string]any)["d"].([]byte)) != "z" {
		t.Errorf("after the round trip %v", back.State)
	}
	// Paths that lead nowhere are ignored.
	putBuffers(back.State, [][]any{{"nope", "x"}, {"b", 7.0}}, [][]byte{[]byte("1"), []byte("2")})
}

func TestCloseFromFrontEnd(t *testing.T) {
	record(t)
	l := NewLabel("hi")
	id := l.Model().ID()
	if _, ok := comm.Info(Target)[id]; !ok {
		t.Fatalf("the label's comm is not open")
	}
	deliver(comm.Message{Type: comm.Close, CommID: id})
	if _, ok := comm.Info(Target)[id]; ok {
		t.Errorf("the label's comm is still open after comm_close")
	}
	l.SetValue("still works in Go")
	if l.Value() != "still works in Go" {
		t.Errorf("value %q", l.Value())
	}
}

func TestSetRefusesBadArguments(t *testing.T) {
	record(t)
	l := NewLabel("x")
	for _, args := range [][]any{{"value"}, {1, "v"}, {"value", make(chan int)}} {
		if err := l.Model().Set(args...); err == nil {
			t.Errorf("Set%v did not fail", args)
		}
	}
	if l.Value() != "x" {
		t.Errorf("a refused Set changed the value to %q", l.Value())
	}
	if err := l.Model().Set("value", "y", "disabled", true); err != nil || l.Value() != "y" {
		t.Errorf("Set: %v, value %q", err, l.Value())
	}
}
