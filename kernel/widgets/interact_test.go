package widgets

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestInteract builds controls for a function of a float64, an int, a
// bool and a string, and checks that it runs once at once and again, with
// the new values, after the front end moves a control or Go sets one; its
// output and its results go to the Output, cleared before each run.
func TestInteract(t *testing.T) {
	record(t)
	var calls []string
	f := func(temp float64, k int, flip bool, name string) (string, error) {
		calls = append(calls, fmt.Sprintf("%g %d %t %s", temp, k, flip, name))
		if k == 0 {
			return "", errors.New("k must be positive")
		}
		return fmt.Sprintf("T=%g k=%d flip=%t %s", temp, k, flip, name), nil
	}
	temp := NewFloatSlider("T", 1, 0.1, 5)
	k := NewIntSlider("k", 3, 0, 10)
	flip := NewCheckbox("flip", false)
	name := NewDropdown("run", []string{"a", "b"}, 0)
	it, err := Interact(f, temp, k, flip, name)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0] != "1 3 false a" || it.Output().Text() != "" {
		t.Fatalf("first run: calls %q, output %q", calls, it.Output().Text())
	}
	shown := func() string {
		st, _ := it.Output().Model().Get("outputs")
		outs := st.([]any)
		if len(outs) != 1 {
			return fmt.Sprintf("%d outputs: %v", len(outs), outs)
		}
		o := outs[0].(map[string]any)
		if o["output_type"] == "stream" {
			return o["name"].(string) + ": " + o["text"].(string)
		}
		return o["data"].(map[string]any)["text/plain"].(string)
	}
	if got := shown(); !strings.Contains(got, "T=1 k=3 flip=false a") {
		t.Errorf("the Output shows %s", got)
	}
	deliver(update(k.Model().ID(), map[string]any{"value": 7}))
	deliver(update(name.Model().ID(), map[string]any{"index": 1}))
	flip.SetValue(true)
	if strings.Join(calls[1:], "|") != "1 7 false a|1 7 false b|1 7 true b" {
		t.Errorf("runs %q", calls)
	}
	if got := shown(); !strings.Contains(got, "T=1 k=7 flip=true b") {
		t.Errorf("the Output shows %s, want only the last run's result", got)
	}
	k.SetValue(0)
	if got := shown(); got != "stderr: error: k must be positive\n" {
		t.Errorf("an error result shows %q", got)
	}
	if cs := it.Controls(); len(cs) != 4 || cs[0] != Widget(temp) {
		t.Errorf("Controls() = %v", cs)
	}
	if kids := it.box.Children(); len(kids) != 5 || kids[4] != Widget(it.Output()) {
		t.Errorf("the box holds %v", kids)
	}
	if !strings.HasPrefix(it.String(), "Interact(func(float64, int, bool, string) (string, error), FloatSlider(") {
		t.Errorf("String() = %s", it.String())
	}
}

// TestInteractReentrant: a function that sets its own control does not
// deadlock; the change runs it once more, after the run that made it.
func TestInteractReentrant(t *testing.T) {
	record(t)
	s := NewIntSlider("n", 0, 0, 10)
	var seen []int
	_, err := Interact(func(n int) {
		seen = append(seen, n)
		if n < 3 {
			s.SetValue(n + 1)
		}
	}, s)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != "[0 1 2 3]" {
		t.Errorf("runs %v, want [0 1 2 3]", seen)
	}
}

func TestInteractErrors(t *testing.T) {
	record(t)
	s := NewIntSlider("n", 0, 0, 10)
	x := NewFloatSlider("x", 0, 0, 1)
	for _, c := range []struct {
		f        any
		controls []Widget
		want     string
	}{
		{42, []Widget{s}, "int is not a function"},
		{nil, nil, "<nil> is not a function"},
		{func(int, int) {}, []Widget{s}, "has 2 parameters, but 1 controls are given"},
		{func(float64) {}, []Widget{s}, "parameter 1 of func(float64) is a float64, but control 1 (IntSliderModel) gives a int"},
		{func(int, int) {}, []Widget{s, x}, "parameter 2 of func(int, int) is a int, but control 2 (FloatSliderModel) gives a float64"},
		{func(string) {}, []Widget{NewLabel("l")}, "control 1 is a *widgets.Label, which gives no parameter"},
		{func(int) {}, []Widget{nil}, "control 1 is nil"},
		{func(...int) {}, []Widget{s}, "is variadic"},
	} {
		_, err := Interact(c.f, c.controls...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Interact(%T): %v, want %q", c.f, err, c.want)
		}
	}
	type rate float64
	if _, err := Interact(func(r rate) {}, x); err != nil {
		t.Errorf("a named float64 parameter: %v", err)
	}
}
