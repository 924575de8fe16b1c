package widgets

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
)

// Interactive is a function shown with controls for its parameters: a VBox
// of the controls and an Output, where the function's output goes. Make it
// with Interact.
type Interactive struct {
	box      *Box
	out      *Output
	controls []Widget
	f        reflect.Value
	name     string

	mu      sync.Mutex  // held while f runs
	pending atomic.Bool // a run is due
}

// Interact shows the function f with the controls that give its
// parameters, one control per parameter in order, and runs f once now and
// again after each change of a control, with the controls' values. What f
// prints (fmt.Print…, log) goes to the Interactive's Output, cleared
// before each run; what it returns is shown there too (a plot, a model's
// filters, a number), except a nil error, and a non-nil error is printed
// on the Output's stderr (alone: with a non-nil error last, the other
// results are not shown).
//
// The controls and the parameter types they give are: IntSlider and Play,
// int; FloatSlider and FloatLogSlider, float64; Checkbox, bool; Text and
// Dropdown (its label), string. A parameter may be any type of that kind
// (a named float64 type takes a FloatSlider). f may be compiled or a
// function of a cell:
//
//	widgets.Interact(func(t float64, k int) { fmt.Println(t, k) },
//		widgets.NewFloatSlider("T", 1, 0.1, 5), widgets.NewIntSlider("k", 3, 1, 10))
//
// It returns an error, and shows nothing, when f is not a function, the
// number of controls is not its number of parameters, a control is not one
// of those above, or a parameter's kind does not match its control's.
//
// Runs never overlap: a change that comes while f runs (from the front end,
// a cell, or f itself setting a control) makes f run once more after it,
// with the values of then.
func Interact(f any, controls ...Widget) (*Interactive, error) {
	fv := reflect.ValueOf(f)
	if !fv.IsValid() || fv.Kind() != reflect.Func || fv.IsNil() {
		return nil, fmt.Errorf("widgets: Interact: %T is not a function", f)
	}
	ft := fv.Type()
	if ft.IsVariadic() {
		return nil, fmt.Errorf("widgets: Interact: %v is variadic; give it one parameter per control", ft)
	}
	if ft.NumIn() != len(controls) {
		return nil, fmt.Errorf("widgets: Interact: %v has %d parameters, but %d controls are given", ft, ft.NumIn(), len(controls))
	}
	for i, c := range controls {
		if c == nil {
			return nil, fmt.Errorf("widgets: Interact: control %d is nil", i+1)
		}
		want, ok := valueKind(c)
		if !ok {
			return nil, fmt.Errorf("widgets: Interact: control %d is a %T, which gives no parameter (use an IntSlider, FloatSlider, FloatLogSlider, Play, Checkbox, Text or Dropdown)", i+1, c)
		}
		if got := ft.In(i).Kind(); got != want {
			return nil, fmt.Errorf("widgets: Interact: parameter %d of %v is a %v, but control %d (%s) gives a %v", i+1, ft, ft.In(i), i+1, c.Model().Name(), want)
		}
	}
	it := &Interactive{out: NewOutput(), controls: append([]Widget(nil), controls...), f: fv, name: ft.String()}
	it.box = NewVBox(append(append([]Widget(nil), controls...), it.out)...)
	for _, c := range controls {
		c.Model().Observe(valueAttr(c), func(Change) { it.Update() })
	}
	it.Update()
	return it, nil
}

// valueKind returns the kind of the value a control gives.
func valueKind(w Widget) (reflect.Kind, bool) {
	switch w.(type) {
	case *IntSlider, *Play:
		return reflect.Int, true
	case *FloatSlider, *FloatLogSlider:
		return reflect.Float64, true
	case *Checkbox:
		return reflect.Bool, true
	case *Text, *Dropdown:
		return reflect.String, true
	}
	return reflect.Invalid, false
}

// valueAttr returns the state attribute whose changes change the value.
func valueAttr(w Widget) string {
	if _, ok := w.(*Dropdown); ok {
		return "index"
	}
	return "value"
}

// valueOf returns a control's value.
func valueOf(w Widget) any {
	switch c := w.(type) {
	case *IntSlider:
		return c.Value()
	case *Play:
		return c.Value()
	case *FloatSlider:
		return c.Value()
	case *FloatLogSlider:
		return c.Value()
	case *Checkbox:
		return c.Value()
	case *Text:
		return c.Value()
	case *Dropdown:
		return c.Value()
	}
	return nil
}

// Update runs f with the controls' values now, or, if a run is under way
// (on another goroutine, or f itself set a control), has that run followed
// by one more. The controls' observers call it.
func (it *Interactive) Update() {
	it.pending.Store(true)
	for {
		if !it.mu.TryLock() {
			return // the run under way sees pending and runs again
		}
		for it.pending.Swap(false) {
			it.run()
		}
		it.mu.Unlock()
		if !it.pending.Load() {
			return
		}
	}
}

// run calls f once, with its output into the Output.
func (it *Interactive) run() {
	args := make([]reflect.Value, len(it.controls))
	for i, c := range it.controls {
		args[i] = reflect.ValueOf(valueOf(c)).Convert(it.f.Type().In(i))
	}
	it.out.Clear()
	it.out.Capture(func() {
		res := it.f.Call(args)
		if n := len(res); n > 0 && res[n-1].Type() == errorType && !res[n-1].IsNil() {
			res = res[n-1:] // an error: the other results mean nothing
		}
		for _, r := range res {
			it.show(r)
		}
	})
}

var errorType = reflect.TypeFor[error]()

// show shows one result of f: a non-nil error (a result of type error)
// on stderr, nothing for a nil one or a nil pointer, interface, map,
// slice or func, any other value in the Output.
func (it *Interactive) show(r reflect.Value) {
	switch r.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		if r.IsNil() {
			return
		}
	}
	if r.Type() == errorType {
		fmt.Fprintf(it.out.Stderr(), "error: %v\n", r.Interface())
		return
	}
	it.out.Show(r.Interface())
}

// Model returns the model of the box of the controls and the Output.
func (it *Interactive) Model() *Model { return it.box.Model() }

// Output returns the Output where f's output goes.
func (it *Interactive) Output() *Output { return it.out }

// Controls returns the controls, in the order of f's parameters.
func (it *Interactive) Controls() []Widget { return append([]Widget(nil), it.controls...) }

// String describes the Interactive: its function and controls.
func (it *Interactive) String() string {
	parts := make([]string, len(it.controls))
	for i, c := range it.controls {
		parts[i] = fmt.Sprint(c)
	}
	return fmt.Sprintf("Interact(%s, %s)", it.name, strings.Join(parts, ", "))
}

// MIMEBundle shows the controls and the Output in a notebook.
func (it *Interactive) MIMEBundle() map[string]any { return Bundle(it, it.String()) }
