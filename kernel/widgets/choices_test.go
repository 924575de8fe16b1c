package widgets

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// opened returns the state of the last comm_open among msgs (the widget's
// own model, after its layout and style).
func opened(t *testing.T, msgs []comm.Message) map[string]any {
	t.Helper()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Type == comm.Open {
			return data(t, msgs[i])["state"].(map[string]any)
		}
	}
	t.Fatalf("no comm_open among %+v", msgs)
	return nil
}

// sentState returns the state of the single update message in msgs.
func sentState(t *testing.T, msgs []comm.Message) map[string]any {
	t.Helper()
	if len(msgs) != 1 || data(t, msgs[0])["method"] != "update" {
		t.Fatalf("%+v, want one update", msgs)
	}
	return data(t, msgs[0])["state"].(map[string]any)
}

func TestFloatLogSlider(t *testing.T) {
	r := record(t)
	s := NewFloatLogSlider("rate", 0.01, -4, 0)
	st := opened(t, r.take())
	if st["_model_name"] != "FloatLogSliderModel" || st["_view_name"] != "FloatLogSliderView" ||
		st["value"] != 0.01 || st["min"] != -4.0 || st["max"] != 0.0 || st["base"] != 10.0 || st["step"] != 0.1 {
		t.Errorf("state %v", st)
	}
	var seen []float64
	s.OnChange(func(v float64) { seen = append(seen, v) })
	deliver(update(s.Model().ID(), map[string]any{"value": 0.5}))
	if s.Value() != 0.5 || len(seen) != 1 || seen[0] != 0.5 {
		t.Errorf("value %v, observer %v", s.Value(), seen)
	}
	r.take()
	// Outside 10^-4 … 10^0: clamped, and the front end corrected.
	deliver(update(s.Model().ID(), map[string]any{"value": 50}))
	msgs := r.take()
	if s.Value() != 1 || len(msgs) != 2 || data(t, msgs[1])["state"].(map[string]any)["value"] != 1.0 {
		t.Errorf("value %v after 50; messages %+v", s.Value(), msgs)
	}
	s.SetValue(-3) // not positive: the lowest value
	if s.Value() != 1e-4 {
		t.Errorf("SetValue(-3) gives %v, want 1e-4", s.Value())
	}
	r.take()
	s.SetRange(-2, 2, 0, 0)
	up := sentState(t, r.take())
	if up["min"] != -2.0 || up["max"] != 2.0 || up["step"] != 0.1 || up["base"] != 10.0 || up["value"] != 0.01 {
		t.Errorf("SetRange sent %v", up)
	}
	if got := s.String(); got != `FloatLogSlider("rate", value=0.01, min=0.01, max=100)` {
		t.Errorf("String() = %s", got)
	}
}

func TestDropdown(t *testing.T) {
	r := record(t)
	d := NewDropdown("sampler", []string{"gibbs", "flip", "pt"}, 1)
	st := opened(t, r.take())
	if st["_model_name"] != "DropdownModel" || st["_view_name"] != "DropdownView" || st["index"] != 1.0 ||
		strings.Join(toStrings(st["_options_labels"]), ",") != "gibbs,flip,pt" {
		t.Errorf("state %v", st)
	}
	if d.Index() != 1 || d.Value() != "flip" {
		t.Errorf("Index %d, Value %q", d.Index(), d.Value())
	}
	type choice struct {
		i int
		l string
	}
	var seen []choice
	d.OnChange(func(i int, l string) { seen = append(seen, choice{i, l}) })
	deliver(update(d.Model().ID(), map[string]any{"index": 2}))
	if d.Value() != "pt" || len(seen) != 1 || seen[0] != (choice{2, "pt"}) {
		t.Errorf("value %q, observer %v", d.Value(), seen)
	}
	r.take()
	// An index outside the options is refused: the kernel keeps 2.
	deliver(update(d.Model().ID(), map[string]any{"index": 7}))
	msgs := r.take()
	if d.Index() != 2 || len(msgs) != 2 || data(t, msgs[1])["state"].(map[string]any)["index"] != 2.0 || len(seen) != 1 {
		t.Errorf("index %d, messages %+v, observer %v", d.Index(), msgs, seen)
	}
	// Null: none chosen.
	deliver(update(d.Model().ID(), map[string]any{"index": nil}))
	if d.Index() != -1 || d.Value() != "" || seen[len(seen)-1] != (choice{-1, ""}) {
		t.Errorf("after null: index %d, value %q, observer %v", d.Index(), d.Value(), seen)
	}
	r.take()
	if err := d.SetValue("gibbs"); err != nil || sentState(t, r.take())["index"] != 0.0 || d.Index() != 0 {
		t.Errorf("SetValue(gibbs): %v, index %d", err, d.Index())
	}
	if err := d.SetValue("nuts"); err == nil || !strings.Contains(err.Error(), `no option "nuts"`) || !strings.Contains(err.Error(), `"sampler"`) {
		t.Errorf("SetValue(nuts): %v", err)
	}
	if err := d.SetIndex(3); err == nil || !strings.Contains(err.Error(), "index 3 outside the 3 options") {
		t.Errorf("SetIndex(3): %v", err)
	}
	r.take()
	d.SetOptions([]string{"pt", "gibbs"}) // gibbs kept, now at 1
	up := sentState(t, r.take())
	if up["index"] != 1.0 || d.Value() != "gibbs" || strings.Join(toStrings(up["_options_labels"]), ",") != "pt,gibbs" {
		t.Errorf("SetOptions sent %v; value %q", up, d.Value())
	}
	d.SetOptions(nil)
	if d.Index() != -1 || len(d.Options()) != 0 {
		t.Errorf("no options: index %d, options %v", d.Index(), d.Options())
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestText(t *testing.T) {
	r := record(t)
	x := NewText("name", "run-1")
	st := opened(t, r.take())
	if st["_model_name"] != "TextModel" || st["_view_name"] != "TextView" || st["value"] != "run-1" {
		t.Errorf("state %v", st)
	}
	var changed, submitted []string
	x.OnChange(func(s string) { changed = append(changed, s) })
	x.OnSubmit(func(s string) { submitted = append(submitted, s) })
	deliver(update(x.Model().ID(), map[string]any{"value": "run-2"}))
	deliver(update(x.Model().ID(), map[string]any{"value": 3.0})) // not a string: refused
	submit, _ := json.Marshal(map[string]any{"method": "custom", "content": map[string]any{"event": "submit"}})
	deliver(comm.Message{Type: comm.Msg, CommID: x.Model().ID(), Data: submit})
	if x.Value() != "run-2" || strings.Join(changed, ",") != "run-2" || strings.Join(submitted, ",") != "run-2" {
		t.Errorf("value %q, changes %q, submits %q", x.Value(), changed, submitted)
	}
}

func TestPlayLinkedToSlider(t *testing.T) {
	r := record(t)
	p := NewPlay(0, 0, 20, 2, 50)
	st := opened(t, r.take())
	if st["_model_name"] != "PlayModel" || st["_view_name"] != "PlayView" || st["interval"] != 50.0 ||
		st["step"] != 2.0 || st["max"] != 20.0 || st["playing"] != false {
		t.Errorf("state %v", st)
	}
	s := NewIntSlider("frame", 0, 0, 20)
	r.take()
	l, err := JSLink(p, "value", s, "value")
	if err != nil {
		t.Fatal(err)
	}
	msgs := r.take()
	if len(msgs) != 1 {
		t.Fatalf("JSLink sent %+v, want one comm_open", msgs)
	}
	ls := opened(t, msgs)
	src, tgt := ls["source"].([]any), ls["target"].([]any)
	if ls["_model_name"] != "LinkModel" || ls["_view_name"] != nil || ls["_model_module"] != "@jupyter-widgets/controls" ||
		src[0] != p.Model().Ref() || src[1] != "value" || tgt[0] != s.Model().Ref() || tgt[1] != "value" {
		t.Errorf("link state %v", ls)
	}
	// Playing, the front end steps the counter and (through the link) the
	// slider, and sends both to the kernel.
	var frames []int
	p.OnChange(func(v int) { frames = append(frames, v) })
	for v := 2; v <= 6; v += 2 {
		deliver(update(p.Model().ID(), map[string]any{"value": v}))
		deliver(update(s.Model().ID(), map[string]any{"value": v}))
	}
	if s.Value() != 6 || p.Value() != 6 || len(frames) != 3 {
		t.Errorf("slider %d, play %d, frames %v", s.Value(), p.Value(), frames)
	}
	r.take()
	p.SetPlaying(true)
	if up := sentState(t, r.take()); up["playing"] != true || !p.Playing() {
		t.Errorf("SetPlaying sent %v", up)
	}
	if _, err := JSLink(p, "value", s, "no_such"); err == nil || !strings.Contains(err.Error(), `IntSliderModel has no attribute "no_such"`) {
		t.Errorf("JSLink to a missing attribute: %v", err)
	}
	if _, err := JSLink(nil, "value", s, "value"); err == nil {
		t.Error("JSLink of nil accepted")
	}
	if err := l.Unlink(); err != nil {
		t.Fatal(err)
	}
	if msgs := r.take(); len(msgs) != 1 || msgs[0].Type != comm.Close {
		t.Errorf("Unlink sent %+v, want comm_close", msgs)
	}
}
