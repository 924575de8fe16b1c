package widgets

import (
	"fmt"
	"math"
	"slices"
)

// FloatLogSlider is a slider over a logarithmic scale (FloatLogSliderModel):
// its position is the exponent x from Min to Max, and its value is base^x,
// so that a learning rate from 1e-4 to 1 moves by factors, not by steps.
type FloatLogSlider struct{ m *Model }

// NewFloatLogSlider returns a slider labelled description over the
// values from 10^minExp to 10^maxExp (steps of a tenth of an exponent),
// at value (clamped to the range; a value ≤ 0 or NaN is the lowest).
func NewFloatLogSlider(description string, value, minExp, maxExp float64) *FloatLogSlider {
	if maxExp < minExp {
		minExp, maxExp = maxExp, minExp
	}
	s := &FloatLogSlider{domModel("FloatLogSliderModel", "FloatLogSliderView", "SliderStyleModel", map[string]any{
		"value": clampLog(value, minExp, maxExp, 10), "min": minExp, "max": maxExp, "step": 0.1, "base": 10.0, "description": description,
		"description_allow_html": false, "disabled": false, "continuous_update": true,
		"orientation": "horizontal", "readout": true, "readout_format": ".3g", "behavior": "drag-tap",
	})}
	s.m.setValidate(func(name string, v any) any {
		if name != "value" {
			return v
		}
		f, ok := toFloat(v)
		if !ok {
			return s.m.state["value"]
		}
		lo, _ := toFloat(s.m.state["min"])
		hi, _ := toFloat(s.m.state["max"])
		b, _ := toFloat(s.m.state["base"])
		return clampLog(f, lo, hi, b)
	})
	return s
}

// clampLog clamps v to [base^lo, base^hi].
func clampLog(v, lo, hi, base float64) float64 {
	a, b := math.Pow(base, lo), math.Pow(base, hi)
	if math.IsNaN(v) || v <= a {
		return a
	}
	return math.Min(v, b)
}

// Model returns the slider's model.
func (s *FloatLogSlider) Model() *Model { return s.m }

// Value returns the slider's value, base^x.
func (s *FloatLogSlider) Value() float64 { return s.m.getFloat("value") }

// SetValue moves the slider to v, clamped to its range.
func (s *FloatLogSlider) SetValue(v float64) {
	s.m.set("value", clampLog(v, s.m.getFloat("min"), s.m.getFloat("max"), s.m.getFloat("base")))
}

// SetRange sets the range of the exponent, its step (≤ 0: 0.1) and the
// base (≤ 1: 10); the value is clamped to the new range.
func (s *FloatLogSlider) SetRange(minExp, maxExp, step, base float64) {
	if maxExp < minExp {
		minExp, maxExp = maxExp, minExp
	}
	if !(step > 0) {
		step = 0.1
	}
	if !(base > 1) {
		base = 10
	}
	s.m.set("min", minExp, "max", maxExp, "step", step, "base", base, "value", clampLog(s.Value(), minExp, maxExp, base))
}

// SetFormat sets the format of the readout (d3-format: ".2e", ".3g").
func (s *FloatLogSlider) SetFormat(format string) { s.m.set("readout_format", format) }

// OnChange calls f with the new value after each change of the value.
func (s *FloatLogSlider) OnChange(f func(v float64)) {
	s.m.Observe("value", func(c Change) {
		v, _ := toFloat(c.New)
		f(v)
	})
}

// String describes the slider.
func (s *FloatLogSlider) String() string {
	b := s.m.getFloat("base")
	return fmt.Sprintf("FloatLogSlider(%q, value=%g, min=%g, max=%g)", s.m.getString("description"), s.Value(), math.Pow(b, s.m.getFloat("min")), math.Pow(b, s.m.getFloat("max")))
}

// MIMEBundle shows the slider in a notebook.
func (s *FloatLogSlider) MIMEBundle() map[string]any { return Bundle(s, s.String()) }

// Dropdown is a choice of one of several labels (DropdownModel). The
// front end knows the labels (_options_labels) and the index of the one
// chosen; its value is the chosen label, as in ipywidgets with options
// given as strings.
type Dropdown struct{ m *Model }

// NewDropdown returns a dropdown labelled description over options, with
// option index chosen (an index outside the options chooses none, -1).
func NewDropdown(description string, options []string, index int) *Dropdown {
	opts := slices.Clone(options)
	if opts == nil {
		opts = []string{}
	}
	d := &Dropdown{domModel("DropdownModel", "DropdownView", "DescriptionStyleModel", map[string]any{
		"_options_labels": opts, "index": indexState(index, len(opts)), "description": description,
		"description_allow_html": false, "disabled": false,
	})}
	d.m.setValidate(func(name string, v any) any {
		if name != "index" {
			return v
		}
		if v == nil {
			return nil
		}
		i, ok := toInt(v)
		if !ok || i < 0 || i >= len(d.optionsLocked()) {
			return d.m.state["index"]
		}
		return i
	})
	return d
}

// indexState is the state's index: i, or null (nil) outside [0, n).
func indexState(i, n int) any {
	if i < 0 || i >= n {
		return nil
	}
	return i
}

// optionsLocked returns the labels; d.m.mu is held.
func (d *Dropdown) optionsLocked() []string {
	switch o := d.m.state["_options_labels"].(type) {
	case []string:
		return o
	case []any: // (never sent by the front end, but read it if it were)
		out := make([]string, len(o))
		for i, x := range o {
			out[i] = fmt.Sprint(x)
		}
		return out
	}
	return nil
}

// Model returns the dropdown's model.
func (d *Dropdown) Model() *Model { return d.m }

// Options returns a copy of the labels.
func (d *Dropdown) Options() []string {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	return slices.Clone(d.optionsLocked())
}

// Index returns the index of the chosen option, or -1 if none is.
func (d *Dropdown) Index() int {
	v, _ := d.m.Get("index")
	if v == nil {
		return -1
	}
	i, _ := toInt(v)
	return i
}

// Value returns the chosen label, or "" if none is chosen.
func (d *Dropdown) Value() string {
	i, opts := d.Index(), d.Options()
	if i < 0 || i >= len(opts) {
		return ""
	}
	return opts[i]
}

// SetIndex chooses option i (-1: none). It returns an error naming the
// options for an index outside them.
func (d *Dropdown) SetIndex(i int) error {
	n := len(d.Options())
	if i < -1 || i >= n {
		return fmt.Errorf("widgets: Dropdown %q: index %d outside the %d options", d.m.getString("description"), i, n)
	}
	d.m.set("index", indexState(i, n))
	return nil
}

// SetValue chooses the option labelled label; an error lists the options
// when there is none of that label.
func (d *Dropdown) SetValue(label string) error {
	opts := d.Options()
	i := slices.Index(opts, label)
	if i < 0 {
		return fmt.Errorf("widgets: Dropdown %q: no option %q among %q", d.m.getString("description"), label, opts)
	}
	d.m.set("index", i)
	return nil
}

// SetOptions replaces the labels, keeping the chosen label if it is among
// them and choosing the first option otherwise (none if there are none).
func (d *Dropdown) SetOptions(options []string) {
	cur := d.Value()
	opts := slices.Clone(options)
	if opts == nil {
		opts = []string{}
	}
	i := slices.Index(opts, cur)
	if i < 0 && len(opts) > 0 {
		i = 0
	}
	d.m.set("_options_labels", opts, "index", indexState(i, len(opts)))
}

// OnChange calls f with the index and label of the option chosen after
// each change of the choice (-1 and "" when none is).
func (d *Dropdown) OnChange(f func(index int, label string)) {
	d.m.Observe("index", func(Change) { f(d.Index(), d.Value()) })
}

// String describes the dropdown.
func (d *Dropdown) String() string {
	return fmt.Sprintf("Dropdown(%q, value=%q, options=%q)", d.m.getString("description"), d.Value(), d.Options())
}

// MIMEBundle shows the dropdown in a notebook.
func (d *Dropdown) MIMEBundle() map[string]any { return Bundle(d, d.String()) }

// Text is a line of text to edit (TextModel).
type Text struct{ m *Model }

// NewText returns a text field labelled description holding value.
func NewText(description, value string) *Text {
	t := &Text{domModel("TextModel", "TextView", "TextStyleModel", map[string]any{
		"value": value, "placeholder": "\u200b", "description": description,
		"description_allow_html": false, "disabled": false, "continuous_update": true,
	})}
	t.m.setValidate(valueOfType[string](t.m))
	return t
}

// Model returns the text field's model.
func (t *Text) Model() *Model { return t.m }

// Value returns the text.
func (t *Text) Value() string { return t.m.getString("value") }

// SetValue replaces the text.
func (t *Text) SetValue(s string) { t.m.set("value", s) }

// SetPlaceholder sets the grey text shown while the field is empty.
func (t *Text) SetPlaceholder(s string) { t.m.set("placeholder", s) }

// SetContinuous chooses whether the front end sends the text at each key
// (true, the default) or only on Enter and when the field loses focus.
func (t *Text) SetContinuous(c bool) { t.m.set("continuous_update", c) }

// OnChange calls f with the new text after each change.
func (t *Text) OnChange(f func(s string)) {
	t.m.Observe("value", func(c Change) {
		s, _ := c.New.(string)
		f(s)
	})
}

// OnSubmit calls f with the text when the user presses Enter in the
// field (the front end's custom message {"event": "submit"}).
func (t *Text) OnSubmit(f func(s string)) {
	t.m.OnCustom(func(content map[string]any, _ [][]byte) {
		if content["event"] == "submit" {
			f(t.Value())
		}
	})
}

// String describes the text field.
func (t *Text) String() string {
	return fmt.Sprintf("Text(%q, value=%q)", t.m.getString("description"), t.Value())
}

// MIMEBundle shows the text field in a notebook.
func (t *Text) MIMEBundle() map[string]any { return Bundle(t, t.String()) }

// Play is a play button that counts (PlayModel): while playing, the front
// end steps its value from min to max by step every interval
// milliseconds, sending each value to the kernel (OnChange sees them).
// Link it to a slider (JSLink) to animate the slider.
type Play struct{ m *Model }

// NewPlay returns a counter at value from min to max in steps of step
// (≤ 0: 1), advancing every interval milliseconds (≤ 0: 100) while
// playing. It starts paused.
func NewPlay(value, min, max, step, interval int) *Play {
	if max < min {
		min, max = max, min
	}
	if step <= 0 {
		step = 1
	}
	if interval <= 0 {
		interval = 100
	}
	p := &Play{domModel("PlayModel", "PlayView", "DescriptionStyleModel", map[string]any{
		"value": clampInt(value, min, max), "min": min, "max": max, "step": step, "interval": interval,
		"playing": false, "repeat": false, "show_repeat": true, "description": "",
		"description_allow_html": false, "disabled": false,
	})}
	p.m.setValidate(func(name string, v any) any {
		if name != "value" {
			return v
		}
		i, ok := toInt(v)
		if !ok {
			return p.m.state["value"]
		}
		lo, _ := toInt(p.m.state["min"])
		hi, _ := toInt(p.m.state["max"])
		return clampInt(i, lo, hi)
	})
	return p
}

// Model returns the counter's model.
func (p *Play) Model() *Model { return p.m }

// Value returns the counter's value.
func (p *Play) Value() int { return p.m.getInt("value") }

// SetValue sets the value, clamped to the range.
func (p *Play) SetValue(v int) { p.m.set("value", clampInt(v, p.m.getInt("min"), p.m.getInt("max"))) }

// Playing reports whether the counter is playing.
func (p *Play) Playing() bool { return p.m.getBool("playing") }

// SetPlaying starts (true) or pauses the counter in the front end.
func (p *Play) SetPlaying(on bool) { p.m.set("playing", on) }

// SetRepeat makes the counter start again at min after max.
func (p *Play) SetRepeat(on bool) { p.m.set("repeat", on) }

// SetInterval sets the milliseconds between steps (≤ 0: 100).
func (p *Play) SetInterval(ms int) {
	if ms <= 0 {
		ms = 100
	}
	p.m.set("interval", ms)
}

// OnChange calls f with each new value.
func (p *Play) OnChange(f func(v int)) {
	p.m.Observe("value", func(c Change) {
		i, _ := toInt(c.New)
		f(i)
	})
}

// String describes the counter.
func (p *Play) String() string {
	return fmt.Sprintf("Play(value=%d, min=%d, max=%d, interval=%dms)", p.Value(), p.m.getInt("min"), p.m.getInt("max"), p.m.getInt("interval"))
}

// MIMEBundle shows the counter in a notebook.
func (p *Play) MIMEBundle() map[string]any { return Bundle(p, p.String()) }
