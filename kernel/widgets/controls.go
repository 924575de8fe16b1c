package widgets

import (
	"fmt"
	"math"
)

// IntSlider is a slider of integers (IntSliderModel).
type IntSlider struct{ m *Model }

// NewIntSlider returns a slider labelled description, from min to max in
// steps of 1, at value (clamped to the range).
func NewIntSlider(description string, value, min, max int) *IntSlider {
	if max < min {
		min, max = max, min
	}
	value = clampInt(value, min, max)
	s := &IntSlider{domModel("IntSliderModel", "IntSliderView", "SliderStyleModel", map[string]any{
		"value": value, "min": min, "max": max, "step": 1, "description": description,
		"description_allow_html": false, "disabled": false, "continuous_update": true,
		"orientation": "horizontal", "readout": true, "readout_format": "d", "behavior": "drag-tap",
	})}
	s.m.setValidate(clampedValue(s.m, toInt, clampInt))
	return s
}

func clampInt(v, lo, hi int) int { return max(lo, min(v, hi)) }

// Model returns the slider's model.
func (s *IntSlider) Model() *Model { return s.m }

// Value returns the slider's value.
func (s *IntSlider) Value() int { return s.m.getInt("value") }

// SetValue moves the slider to v, clamped to its range.
func (s *IntSlider) SetValue(v int) {
	s.m.set("value", clampInt(v, s.m.getInt("min"), s.m.getInt("max")))
}

// SetRange sets the slider's range and step (a step ≤ 0 is 1); the value
// is clamped to it.
func (s *IntSlider) SetRange(min, max, step int) {
	if max < min {
		min, max = max, min
	}
	if step <= 0 {
		step = 1
	}
	s.m.set("min", min, "max", max, "step", step, "value", clampInt(s.Value(), min, max))
}

// OnChange calls f with the new value after each change of the value (by
// the front end or by SetValue).
func (s *IntSlider) OnChange(f func(v int)) {
	s.m.Observe("value", func(c Change) {
		i, _ := toInt(c.New)
		f(i)
	})
}

// String describes the slider.
func (s *IntSlider) String() string {
	return fmt.Sprintf("IntSlider(%q, value=%d, min=%d, max=%d)", s.m.getString("description"), s.Value(), s.m.getInt("min"), s.m.getInt("max"))
}

// MIMEBundle shows the slider in a notebook.
func (s *IntSlider) MIMEBundle() map[string]any { return Bundle(s, s.String()) }

// FloatSlider is a slider of float64 values (FloatSliderModel).
type FloatSlider struct{ m *Model }

// NewFloatSlider returns a slider labelled description, from min to max
// in steps of a hundredth of the range, at value (clamped to the range).
func NewFloatSlider(description string, value, min, max float64) *FloatSlider {
	if max < min {
		min, max = max, min
	}
	step := (max - min) / 100
	if step <= 0 || math.IsNaN(step) || math.IsInf(step, 0) {
		step = 0.1
	}
	value = clampFloat(value, min, max)
	s := &FloatSlider{domModel("FloatSliderModel", "FloatSliderView", "SliderStyleModel", map[string]any{
		"value": value, "min": min, "max": max, "step": step, "description": description,
		"description_allow_html": false, "disabled": false, "continuous_update": true,
		"orientation": "horizontal", "readout": true, "readout_format": ".3g", "behavior": "drag-tap",
	})}
	s.m.setValidate(clampedValue(s.m, toFloat, clampFloat))
	return s
}

func clampFloat(v, lo, hi float64) float64 {
	if math.IsNaN(v) {
		return lo
	}
	return math.Max(lo, math.Min(v, hi))
}

// Model returns the slider's model.
func (s *FloatSlider) Model() *Model { return s.m }

// Value returns the slider's value.
func (s *FloatSlider) Value() float64 { return s.m.getFloat("value") }

// SetValue moves the slider to v, clamped to its range.
func (s *FloatSlider) SetValue(v float64) {
	s.m.set("value", clampFloat(v, s.m.getFloat("min"), s.m.getFloat("max")))
}

// SetRange sets the slider's range and step (a step ≤ 0 is a hundredth
// of the range); the value is clamped to it.
func (s *FloatSlider) SetRange(min, max, step float64) {
	if max < min {
		min, max = max, min
	}
	if !(step > 0) {
		step = (max - min) / 100
	}
	s.m.set("min", min, "max", max, "step", step, "value", clampFloat(s.Value(), min, max))
}

// SetFormat sets the format of the readout beside the slider (d3-format,
// as ipywidgets: ".2f", ".3g", ".1e").
func (s *FloatSlider) SetFormat(format string) { s.m.set("readout_format", format) }

// OnChange calls f with the new value after each change of the value.
func (s *FloatSlider) OnChange(f func(v float64)) {
	s.m.Observe("value", func(c Change) {
		v, _ := toFloat(c.New)
		f(v)
	})
}

// String describes the slider.
func (s *FloatSlider) String() string {
	return fmt.Sprintf("FloatSlider(%q, value=%g, min=%g, max=%g)", s.m.getString("description"), s.Value(), s.m.getFloat("min"), s.m.getFloat("max"))
}

// MIMEBundle shows the slider in a notebook.
func (s *FloatSlider) MIMEBundle() map[string]any { return Bundle(s, s.String()) }

// Checkbox is a box to tick (CheckboxModel).
type Checkbox struct{ m *Model }

// NewCheckbox returns a checkbox labelled description, ticked when value.
func NewCheckbox(description string, value bool) *Checkbox {
	c := &Checkbox{domModel("CheckboxModel", "CheckboxView", "CheckboxStyleModel", map[string]any{
		"value": value, "description": description, "description_allow_html": false,
		"disabled": false, "indent": true,
	})}
	c.m.setValidate(valueOfType[bool](c.m))
	return c
}

// Model returns the checkbox's model.
func (c *Checkbox) Model() *Model { return c.m }

// Value reports whether the box is ticked.
func (c *Checkbox) Value() bool { return c.m.getBool("value") }

// SetValue ticks or clears the box.
func (c *Checkbox) SetValue(v bool) { c.m.set("value", v) }

// OnChange calls f with the new value after each change.
func (c *Checkbox) OnChange(f func(v bool)) {
	c.m.Observe("value", func(ch Change) {
		b, _ := ch.New.(bool)
		f(b)
	})
}

// String describes the checkbox.
func (c *Checkbox) String() string {
	return fmt.Sprintf("Checkbox(%q, value=%t)", c.m.getString("description"), c.Value())
}

// MIMEBundle shows the checkbox in a notebook.
func (c *Checkbox) MIMEBundle() map[string]any { return Bundle(c, c.String()) }

// Button is a button to click (ButtonModel).
type Button struct{ m *Model }

// NewButton returns a button labelled description.
func NewButton(description string) *Button {
	return &Button{domModel("ButtonModel", "ButtonView", "ButtonStyleModel", map[string]any{
		"description": description, "disabled": false, "icon": "", "button_style": "",
	})}
}

// Model returns the button's model.
func (b *Button) Model() *Model { return b.m }

// OnClick calls f after each click in the front end.
func (b *Button) OnClick(f func()) {
	b.m.OnCustom(func(content map[string]any, _ [][]byte) {
		if content["event"] == "click" {
			f()
		}
	})
}

// SetDescription changes the button's label.
func (b *Button) SetDescription(s string) { b.m.set("description", s) }

// SetDisabled greys the button out (true) or enables it.
func (b *Button) SetDisabled(d bool) { b.m.set("disabled", d) }

// String describes the button.
func (b *Button) String() string { return fmt.Sprintf("Button(%q)", b.m.getString("description")) }

// MIMEBundle shows the button in a notebook.
func (b *Button) MIMEBundle() map[string]any { return Bundle(b, b.String()) }

// Label is a line of text (LabelModel).
type Label struct{ m *Model }

// NewLabel returns a label showing text.
func NewLabel(text string) *Label {
	return &Label{domModel("LabelModel", "LabelView", "LabelStyleModel", map[string]any{
		"value": text, "description": "", "description_allow_html": false, "placeholder": "\u200b",
	})}
}

// Model returns the label's model.
func (l *Label) Model() *Model { return l.m }

// Value returns the label's text.
func (l *Label) Value() string { return l.m.getString("value") }

// SetValue changes the label's text.
func (l *Label) SetValue(text string) { l.m.set("value", text) }

// String returns the label's text, quoted.
func (l *Label) String() string { return fmt.Sprintf("Label(%q)", l.Value()) }

// MIMEBundle shows the label in a notebook.
func (l *Label) MIMEBundle() map[string]any { return Bundle(l, l.String()) }
