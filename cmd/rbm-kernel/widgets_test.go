package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// execute runs code, which must succeed, and returns the iopub messages
// of the request up to its idle status.
func (s *socketSession) execute(code string) []frameMsg {
	s.t.Helper()
	msgs, reply := s.executeAny(code)
	if reply["status"] != "ok" {
		s.t.Fatalf("cell %q: %v", code, reply)
	}
	return msgs
}

// executeAny runs code and returns the iopub messages of the request up
// to its idle status, and the execute_reply's content.
func (s *socketSession) executeAny(code string) ([]frameMsg, map[string]any) {
	s.t.Helper()
	id := s.send(s.shell, "execute_request", map[string]any{"code": code, "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
	var got []frameMsg
	s.next(s.iopubC, "idle after "+code, func(m frameMsg) bool {
		if m.parent != id {
			return false
		}
		got = append(got, m)
		return m.typ == "status" && m.content["execution_state"] == "idle"
	})
	r := s.next(s.shellC, "execute_reply", func(m frameMsg) bool { return m.parent == id })
	return got, r.content
}

// result returns the text/plain of a cell's execute_result.
func result(t testing.TB, msgs []frameMsg) string {
	t.Helper()
	for _, m := range msgs {
		if m.typ == "execute_result" {
			s, _ := m.content["data"].(map[string]any)["text/plain"].(string)
			return s
		}
	}
	t.Fatalf("no execute_result in %s", typesOf(msgs))
	return ""
}

func typesOf(msgs []frameMsg) string {
	var b []string
	for _, m := range msgs {
		b = append(b, m.typ)
	}
	return strings.Join(b, " ")
}

// opened returns the comm IDs of the comm_open messages in msgs, by the
// model they open.
func opened(msgs []frameMsg) map[string]string {
	ids := map[string]string{}
	for _, m := range msgs {
		if m.typ != "comm_open" {
			continue
		}
		st, _ := m.content["data"].(map[string]any)["state"].(map[string]any)
		name, _ := st["_model_name"].(string)
		ids[name], _ = m.content["comm_id"].(string)
	}
	return ids
}

// commMsg waits for a comm_msg on iopub to comm id whose data's method is
// method.
func (s *socketSession) commMsg(id, method string) frameMsg {
	s.t.Helper()
	return s.next(s.iopubC, method+" on "+id, func(m frameMsg) bool {
		d, _ := m.content["data"].(map[string]any)
		return m.typ == "comm_msg" && m.content["comm_id"] == id && d["method"] == method
	})
}

// commInfo returns comm_info_reply's comms for target.
func (s *socketSession) commInfo(target string) map[string]any {
	s.t.Helper()
	content := map[string]any{}
	if target != "" {
		content["target_name"] = target
	}
	id := s.send(s.shell, "comm_info_request", content)
	r := s.next(s.shellC, "comm_info_reply", func(m frameMsg) bool { return m.parent == id })
	comms, ok := r.content["comms"].(map[string]any)
	if r.content["status"] != "ok" || !ok {
		s.t.Fatalf("comm_info_reply %v", r.content)
	}
	return comms
}

// TestWidgetsOverSockets drives widgets as JupyterLab's widget manager
// does, over the kernel's sockets with the cells in a worker process:
// comm_info with and without a target; a slider opened by a cell (its
// layout and style first, with the execute_request as parent) and shown
// with the widget-view MIME type; the front end moving it (comm_msg
// update): echo_update, the Go side's value, its observer; a button's
// click whose callback prints into an Output; an image's bytes as a
// binary buffer both ways; request_states on the control comm; a
// comm_open to an unknown target refused with comm_close; comm_close in
// both directions; a callback's panic reported to the next cell; and every
// comm closed when the kernel restarts and when the worker dies.
func TestWidgetsOverSockets(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a worker process")
	}
	s := startSocketSession(t)
	if c := s.commInfo(""); len(c) != 0 {
		t.Fatalf("comms open at start: %v", c)
	}

	// A slider and a label that its observer writes.
	msgs := s.execute(`s := widgets.NewIntSlider("k", 5, 0, 10)
l := widgets.NewLabel("")
s.OnChange(func(v int) { l.SetValue(fmt.Sprint("k=", v)) })
s`)
	ids := opened(msgs)
	slider, label := ids["IntSliderModel"], ids["LabelModel"]
	if slider == "" || label == "" || ids["LayoutModel"] == "" || ids["SliderStyleModel"] == "" {
		t.Fatalf("comms opened by the cell: %v (%s)", ids, typesOf(msgs))
	}
	var openSlider frameMsg
	for _, m := range msgs {
		if m.typ == "comm_open" && m.content["comm_id"] == slider {
			openSlider = m
		}
	}
	if openSlider.content["target_name"] != "jupyter.widget" || openSlider.meta["version"] != "2.1.0" {
		t.Errorf("slider's comm_open: %v, metadata %v", openSlider.content, openSlider.meta)
	}
	var view map[string]any
	for _, m := range msgs {
		if m.typ == "execute_result" {
			view, _ = m.content["data"].(map[string]any)["application/vnd.jupyter.widget-view+json"].(map[string]any)
		}
	}
	if view["model_id"] != slider || view["version_major"] != 2.0 {
		t.Errorf("the result's widget view %v, want model_id %s", view, slider)
	}

	// comm_info, with and without a target.
	if c := s.commInfo("jupyter.widget"); c[slider] == nil || c[label] == nil ||
		c[slider].(map[string]any)["target_name"] != "jupyter.widget" {
		t.Errorf("comm_info jupyter.widget: %v", c)
	}
	if c := s.commInfo("no.such.target"); len(c) != 0 {
		t.Errorf("comm_info of another target: %v", c)
	}

	// The front end moves the slider.
	s.send(s.shell, "comm_msg", map[string]any{"comm_id": slider,
		"data": map[string]any{"method": "update", "state": map[string]any{"value": 7}, "buffer_paths": []any{}}})
	echo := s.commMsg(slider, "echo_update")
	if v := echo.content["data"].(map[string]any)["state"].(map[string]any)["value"]; v != 7.0 {
		t.Errorf("echo_update value %v", v)
	}
	upd := s.commMsg(label, "update")
	if v := upd.content["data"].(map[string]any)["state"].(map[string]any)["value"]; v != "k=7" {
		t.Errorf("the observer set the label to %v, want k=7", v)
	}
	if got := result(t, s.execute("s.Value()")); got != "7" {
		t.Errorf("s.Value() = %s after the front end's update, want 7", got)
	}

	// The front end's messages reach a callback while a cell runs (they
	// are not queued behind it): this cell waits for the slider to move.
	s.execute(`moved := make(chan int, 1)
s.OnChange(func(v int) { select { case moved <- v: default: } })`)
	id := s.send(s.shell, "execute_request", map[string]any{"code": `fmt.Println("moved to", <-moved)`,
		"silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false})
	s.next(s.iopubC, "execute_input", func(m frameMsg) bool { return m.typ == "execute_input" && m.parent == id })
	s.send(s.shell, "comm_msg", map[string]any{"comm_id": slider,
		"data": map[string]any{"method": "update", "state": map[string]any{"value": 3}, "buffer_paths": []any{}}})
	out := s.next(s.iopubC, "the waiting cell's output", func(m frameMsg) bool { return m.typ == "stream" && m.parent == id })
	if out.content["text"] != "moved to 3\n" {
		t.Errorf("the waiting cell printed %v", out.content)
	}
	s.next(s.shellC, "execute_reply of the waiting cell", func(m frameMsg) bool { return m.parent == id })
	s.send(s.shell, "comm_msg", map[string]any{"comm_id": slider,
		"data": map[string]any{"method": "update", "state": map[string]any{"value": 7}, "buffer_paths": []any{}}})
	s.commMsg(label, "update")

	// A click whose callback prints into an Output.
	msgs = s.execute(`out := widgets.NewOutput()
b := widgets.NewButton("go")
b.OnClick(func() { out.Capture(func() { fmt.Println("clicked at", s.Value()) }) })
widgets.NewVBox(b, out)`)
	ids = opened(msgs)
	button, output := ids["ButtonModel"], ids["OutputModel"]
	if button == "" || output == "" || ids["VBoxModel"] == "" {
		t.Fatalf("comms opened: %v", ids)
	}
	s.send(s.shell, "comm_msg", map[string]any{"comm_id": button,
		"data": map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}})
	upd = s.commMsg(output, "update")
	outs, _ := upd.content["data"].(map[string]any)["state"].(map[string]any)["outputs"].([]any)
	if len(outs) != 1 || outs[0].(map[string]any)["text"] != "clicked at 7\n" || outs[0].(map[string]any)["name"] != "stdout" {
		t.Errorf("the Output's outputs after a click: %v", outs)
	}
	for _, m := range s.execute("1") {
		if m.typ == "stream" {
			t.Errorf("a captured print reached a cell: %v", m.content)
		}
	}

	// A callback that panics is reported to the next cell; the session
	// and the later callbacks go on (they run in order: the Output's
	// update says that the panicking one has run).
	msgs = s.execute(`bad := widgets.NewButton("bad")
bad.OnClick(func() { panic("boom in a callback") })
bad`)
	bad := opened(msgs)["ButtonModel"]
	for _, b := range []string{bad, button} {
		s.send(s.shell, "comm_msg", map[string]any{"comm_id": b,
			"data": map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}})
	}
	s.commMsg(output, "update")
	reported := false
	for _, m := range s.execute("s.Value()") {
		text, _ := m.content["text"].(string)
		reported = reported || m.typ == "stream" && m.content["name"] == "stderr" && strings.Contains(text, "boom in a callback")
	}
	if !reported {
		t.Errorf("the callback's panic was not reported to the next cell")
	}

	// An image's bytes travel as a buffer, both ways.
	msgs = s.execute(`img := widgets.NewImage(nil)
img.SetPNG([]byte("png from Go"))`)
	var image string
	for _, m := range msgs {
		if m.typ == "comm_msg" {
			d := m.content["data"].(map[string]any)
			if p, _ := d["buffer_paths"].([]any); len(p) == 1 && len(m.buffers) == 1 {
				image, _ = m.content["comm_id"].(string)
				if string(m.buffers[0]) != "png from Go" || fmt.Sprint(p[0]) != "[value]" {
					t.Errorf("image update: paths %v, buffer %q", p, m.buffers[0])
				}
			}
		}
	}
	if image == "" {
		t.Fatalf("no update with a buffer in %s", typesOf(msgs))
	}
	s.send(s.shell, "comm_msg", map[string]any{"comm_id": image,
		"data": map[string]any{"method": "update", "state": map[string]any{}, "buffer_paths": [][]any{{"value"}}}},
		[]byte("bytes from the front end"))
	echo = s.commMsg(image, "echo_update")
	if len(echo.buffers) != 1 || string(echo.buffers[0]) != "bytes from the front end" {
		t.Errorf("echo_update buffers %q", echo.buffers)
	}
	if got := result(t, s.execute("_, data := img.Data()\nstring(data)")); got != `"bytes from the front end"` {
		t.Errorf("the image's bytes in Go: %s", got)
	}

	// The control comm: the state of every widget at once.
	s.send(s.shell, "comm_open", map[string]any{"comm_id": "control-1", "target_name": "jupyter.widget.control", "data": map[string]any{}})
	s.send(s.shell, "comm_msg", map[string]any{"comm_id": "control-1", "data": map[string]any{"method": "request_states"}})
	states := s.commMsg("control-1", "update_states").content["data"].(map[string]any)["states"].(map[string]any)
	if st, _ := states[slider].(map[string]any); st["model_name"] != "IntSliderModel" || st["state"].(map[string]any)["value"] != 7.0 {
		t.Errorf("update_states of the slider: %v", states[slider])
	}

	// A comm_open to a target the kernel does not have is closed at once.
	s.send(s.shell, "comm_open", map[string]any{"comm_id": "nope-1", "target_name": "no.such.target", "data": map[string]any{}})
	s.next(s.iopubC, "comm_close of an unknown target", func(m frameMsg) bool {
		return m.typ == "comm_close" && m.content["comm_id"] == "nope-1"
	})

	// comm_close both ways.
	s.send(s.shell, "comm_close", map[string]any{"comm_id": label, "data": map[string]any{}})
	if c := s.commInfo(""); c[label] != nil || c[slider] == nil {
		t.Errorf("after the front end closed the label, comm_info: %v", c)
	}
	closedButton := false
	for _, m := range s.execute("b.Model().Close()") {
		closedButton = closedButton || m.typ == "comm_close" && m.content["comm_id"] == button
	}
	if !closedButton {
		t.Errorf("no comm_close of the button after its Close")
	}
	if c := s.commInfo(""); c[button] != nil {
		t.Errorf("the button is open after its Close: %v", c)
	}

	// A restart ends the worker: the front end is told that its comms
	// are gone.
	open := s.commInfo("")
	if len(open) == 0 {
		t.Fatal("no comms open before the restart")
	}
	id = s.send(s.control, "shutdown_request", map[string]any{"restart": true})
	closed := map[string]bool{}
	s.next(s.iopubC, "comm_close of every comm on restart", func(m frameMsg) bool {
		if m.typ == "comm_close" {
			closed[m.content["comm_id"].(string)] = true
		}
		for c := range open {
			if !closed[c] {
				return false
			}
		}
		return true
	})
	s.next(s.iopubC, "shutdown_reply", func(m frameMsg) bool { return m.typ == "shutdown_reply" && m.parent == id })
	if c := s.commInfo(""); len(c) != 0 {
		t.Errorf("comms open after the restart: %v", c)
	}
	msgs = s.execute(`again := widgets.NewLabel("again")
again.Value()`)
	if got := result(t, msgs); got != `"again"` {
		t.Errorf("a widget after the restart: %s", got)
	}

	// A worker that dies between cells (a panic on a goroutine of compiled
	// code) takes its comms with it: the front end is told at once.
	again := opened(msgs)["LabelModel"]
	// The worker may die while the cell runs, or after it: the comm_close
	// then has the cell's request as parent, or the front end's last comm
	// message (even before the cell's idle status, when the death comes
	// between the cell's end and its idle), so it is awaited whatever its
	// parent.
	s.send(s.shell, "execute_request", map[string]any{"code": `die := func() { panic("the worker dies") }
time.AfterFunc(time.Millisecond, die)`, "silent": false, "store_history": true,
		"user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
	s.next(s.iopubC, "comm_close of the label after the worker died", func(m frameMsg) bool {
		return m.typ == "comm_close" && m.content["comm_id"] == again
	})
	if c := s.commInfo(""); len(c) != 0 {
		t.Errorf("comms open after the worker died: %v", c)
	}
}

// BenchmarkWidgetRoundTrip measures a widget round trip as a user sees
// it: the front end moves a slider (comm_msg update) and waits for what
// the slider's Go callback changes (the label's update on iopub), through
// the kernel process, the worker and back. It reports the p50, p90 and
// p99 of the round trips in ms (bench/widgets.sh runs it).
func BenchmarkWidgetRoundTrip(b *testing.B) {
	s := startSocketSession(b)
	msgs := s.execute(`s := widgets.NewIntSlider("k", 0, 0, 1000000)
l := widgets.NewLabel("")
s.OnChange(func(v int) { l.SetValue(fmt.Sprint(v)) })
s`)
	ids := opened(msgs)
	slider, label := ids["IntSliderModel"], ids["LabelModel"]
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		want := fmt.Sprint(i + 1)
		start := time.Now()
		s.send(s.shell, "comm_msg", map[string]any{"comm_id": slider,
			"data": map[string]any{"method": "update", "state": map[string]any{"value": i + 1}, "buffer_paths": []any{}}})
		s.next(s.iopubC, "the label's update", func(m frameMsg) bool {
			d, _ := m.content["data"].(map[string]any)
			st, _ := d["state"].(map[string]any)
			return m.typ == "comm_msg" && m.content["comm_id"] == label && st["value"] == want
		})
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*9/10].Microseconds())/1000, "p90-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}
