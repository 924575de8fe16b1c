package widgets

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// The comm targets and versions of the widget protocol.
const (
	// Target is the comm target of widget models.
	Target = "jupyter.widget"
	// ControlTarget is the comm target on which the front end asks for the
	// state of every widget at once (request_states).
	ControlTarget = "jupyter.widget.control"
	// ProtocolVersion is the widget messaging protocol that comm_open's
	// metadata declares.
	ProtocolVersion = "2.1.0"
	// ViewMIME is the MIME type of a widget's view in a display bundle.
	ViewMIME = "application/vnd.jupyter.widget-view+json"

	baseModule     = "@jupyter-widgets/base"
	controlsModule = "@jupyter-widgets/controls"
	outputModule   = "@jupyter-widgets/output"
	baseVersion    = "2.0.0"
	controlsVer    = "2.0.0"
	outputVersion  = "1.0.0"
)

// Widget is what every widget of the package is: something with a model.
type Widget interface {
	// Model returns the widget's model, whose state is synchronised
	// with the front end.
	Model() *Model
}

// Change is one change of a model's state attribute.
type Change struct {
	// Name is the attribute ("value", "description", …).
	Name string
	// Old and New are its values before and after: what the front end
	// sent (JSON numbers are float64, lists []any, objects
	// map[string]any, buffers []byte) or what Go code set.
	Old, New any
	// FromFrontEnd says that the front end made the change (a user moved
	// the control), not Go code.
	FromFrontEnd bool
}

// Model is the kernel's side of one widget model: its state, which it
// keeps in sync with the front end's copy over a comm (target
// jupyter.widget), the observers of its attributes and the handlers of the
// front end's custom messages. It is safe for concurrent use: cells, their
// goroutines and the callbacks of the front end's messages (which run one
// at a time, on a goroutine of package comm) may use it at once.
type Model struct {
	c    *comm.Comm
	name string // _model_name

	mu        sync.Mutex
	state     map[string]any
	observers map[string][]func(Change)
	custom    []func(content map[string]any, buffers [][]byte)
	// validate, if set, corrects a value that the front end sent (a
	// slider's value clamped to its range); it is called with mu held.
	validate func(name string, v any) any
}

// registry holds the open models, for request_states.
var registry = struct {
	sync.Mutex
	models map[string]*Model
}{models: map[string]*Model{}}

func init() {
	comm.Register(ControlTarget, func(c *comm.Comm, _ comm.Message) {
		c.OnMsg(func(m comm.Message) { handleControl(c, m) })
	})
}

// newModel opens a model of the given model and view (module, name) with
// state; the keys that name them are added to state.
func newModel(module, version, model, viewModule, viewVersion, view string, state map[string]any) *Model {
	state["_model_module"] = module
	state["_model_module_version"] = version
	state["_model_name"] = model
	state["_view_module"] = viewModule
	state["_view_module_version"] = viewVersion
	if view == "" {
		state["_view_name"] = nil
	} else {
		state["_view_name"] = view
	}
	m := &Model{name: model, state: state, observers: map[string][]func(Change){}}
	st, paths, bufs := splitBuffers(state)
	c, err := comm.New(Target, map[string]any{"state": st, "buffer_paths": paths},
		map[string]any{"version": ProtocolVersion}, bufs)
	if err != nil {
		// The state is the package's own and always marshals; a model
		// without a comm still works in Go.
		return m
	}
	m.c = c
	c.OnMsg(m.handle)
	c.OnClose(func(comm.Message) { forget(m) })
	registry.Lock()
	registry.models[c.ID()] = m
	registry.Unlock()
	return m
}

// domModel opens a model of @jupyter-widgets/controls whose view is a DOM
// element: with a layout model and, when style is not empty, a style model
// of that name.
func domModel(model, view, style string, state map[string]any) *Model {
	return domModelOf(controlsModule, controlsVer, model, view, style, state)
}

func domModelOf(module, version, model, view, style string, state map[string]any) *Model {
	layout := newModel(baseModule, baseVersion, "LayoutModel", baseModule, baseVersion, "LayoutView", map[string]any{})
	state["layout"] = layout.Ref()
	if style != "" {
		s := newModel(controlsModule, controlsVer, style, baseModule, baseVersion, "StyleView", map[string]any{})
		state["style"] = s.Ref()
	}
	for k, v := range map[string]any{"_dom_classes": []string{}, "tabbable": nil, "tooltip": nil} {
		if _, ok := state[k]; !ok {
			state[k] = v
		}
	}
	return newModel(module, version, model, module, version, view, state)
}

func forget(m *Model) {
	registry.Lock()
	delete(registry.models, m.ID())
	registry.Unlock()
}

// valueOfType returns a validator that keeps m's value when the front end
// sends one that is not a T (a Text's string, a Checkbox's bool).
func valueOfType[T any](m *Model) func(name string, v any) any {
	return func(name string, v any) any {
		if _, ok := v.(T); name == "value" && !ok {
			return m.state["value"]
		}
		return v
	}
}

// clampedValue returns a validator that clamps a value the front end
// sends into m's [min, max] (all read with to), and keeps m's value when
// the one sent is not a number (an IntSlider's or a FloatSlider's).
func clampedValue[T int | float64](m *Model, to func(any) (T, bool), clamp func(v, lo, hi T) T) func(name string, v any) any {
	return func(name string, v any) any {
		if name != "value" {
			return v
		}
		x, ok := to(v)
		if !ok {
			return m.state["value"]
		}
		lo, _ := to(m.state["min"])
		hi, _ := to(m.state["max"])
		return clamp(x, lo, hi)
	}
}

// setValidate sets m.validate.
func (m *Model) setValidate(f func(name string, v any) any) {
	m.mu.Lock()
	m.validate = f
	m.mu.Unlock()
}

// Model returns m itself, so that a *Model is a Widget.
func (m *Model) Model() *Model { return m }

// ID returns the model's ID, the ID of its comm; empty for a model that
// could not open one.
func (m *Model) ID() string {
	if m.c == nil {
		return ""
	}
	return m.c.ID()
}

// Ref returns the reference to m that another model's state holds
// ("IPY_MODEL_" and its ID), as a box's children.
func (m *Model) Ref() string { return "IPY_MODEL_" + m.ID() }

// Name returns the model's name, e.g. "IntSliderModel".
func (m *Model) Name() string { return m.name }

// Get returns the value of a state attribute and whether it is set.
func (m *Model) Get(name string) (any, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.state[name]
	return v, ok
}

// State returns a copy of the whole state (its top level).
func (m *Model) State() map[string]any {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]any, len(m.state))
	for k, v := range m.state {
		out[k] = v
	}
	return out
}

// Set sets state attributes (name, value, name, value, …), sends them to
// the front end in one update, and then calls the observers of those that
// changed, on the calling goroutine. Values must marshal to JSON; a
// []byte travels as a binary buffer. It fails for an odd number of
// arguments or a name that is not a string.
func (m *Model) Set(kv ...any) error {
	if len(kv)%2 != 0 {
		return fmt.Errorf("widgets: %s.Set: %d arguments, want name, value pairs", m.name, len(kv))
	}
	upd := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		name, ok := kv[i].(string)
		if !ok {
			return fmt.Errorf("widgets: %s.Set: argument %d is a %T, want an attribute name", m.name, i+1, kv[i])
		}
		if _, isBuf := kv[i+1].([]byte); !isBuf {
			if _, err := json.Marshal(kv[i+1]); err != nil {
				return fmt.Errorf("widgets: %s.Set: attribute %q: %w", m.name, name, err)
			}
		}
		upd[name] = kv[i+1]
	}
	changes := m.apply(upd, false)
	if err := m.send(upd); err != nil {
		return err
	}
	m.notify(changes)
	return nil
}

// set is Set for the package's widgets, whose arguments are right.
func (m *Model) set(kv ...any) { _ = m.Set(kv...) }

// apply writes upd into the state and returns the changes, in name order.
func (m *Model) apply(upd map[string]any, front bool) []Change {
	m.mu.Lock()
	defer m.mu.Unlock()
	names := make([]string, 0, len(upd))
	for k := range upd {
		names = append(names, k)
	}
	sort.Strings(names)
	var changes []Change
	for _, k := range names {
		v := upd[k]
		if front && m.validate != nil {
			v = m.validate(k, v)
			upd[k] = v
		}
		old, had := m.state[k]
		m.state[k] = v
		if !had || !equal(old, v) {
			changes = append(changes, Change{Name: k, Old: old, New: v, FromFrontEnd: front})
		}
	}
	return changes
}

// equal compares two state values by their JSON.
func equal(a, b any) bool {
	if ab, ok := a.([]byte); ok {
		bb, ok := b.([]byte)
		return ok && string(ab) == string(bb)
	}
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// Observe calls f after each change of the attribute name, with the
// change; f runs on the goroutine that made it (a cell's for Set, the
// comm goroutine for the front end's changes).
func (m *Model) Observe(name string, f func(Change)) {
	if f == nil {
		return
	}
	m.mu.Lock()
	m.observers[name] = append(m.observers[name], f)
	m.mu.Unlock()
}

// OnCustom calls f with the content and buffers of each custom message
// (method "custom") that the front end sends (a button's click).
func (m *Model) OnCustom(f func(content map[string]any, buffers [][]byte)) {
	if f == nil {
		return
	}
	m.mu.Lock()
	m.custom = append(m.custom, f)
	m.mu.Unlock()
}

// notify calls the observers of each change.
func (m *Model) notify(changes []Change) {
	for _, ch := range changes {
		m.mu.Lock()
		obs := slices.Clone(m.observers[ch.Name])
		m.mu.Unlock()
		for _, f := range obs {
			f(ch)
		}
	}
}

// send sends an update of the attributes in upd.
func (m *Model) send(upd map[string]any) error {
	return m.sendMethod("update", upd)
}

func (m *Model) sendMethod(method string, upd map[string]any) error {
	if m.c == nil || m.c.Closed() {
		return nil
	}
	st, paths, bufs := splitBuffers(upd)
	if err := m.c.Send(map[string]any{"method": method, "state": st, "buffer_paths": paths}, nil, bufs); err != nil {
		return fmt.Errorf("widgets: %s: %w", m.name, err)
	}
	return nil
}

// Send sends a custom message (method "custom") with content and buffers
// to the model in the front end.
func (m *Model) Send(content any, buffers [][]byte) error {
	if m.c == nil {
		return nil
	}
	if err := m.c.Send(map[string]any{"method": "custom", "content": content}, nil, buffers); err != nil {
		return fmt.Errorf("widgets: %s: %w", m.name, err)
	}
	return nil
}

// Close closes the model's comm: the front end removes its views.
func (m *Model) Close() error {
	if m.c == nil {
		return nil
	}
	forget(m)
	return m.c.Close(nil)
}

// handle handles a comm_msg of the front end (on the comm goroutine).
func (m *Model) handle(msg comm.Message) {
	var data struct {
		Method      string          `json:"method"`
		State       map[string]any  `json:"state"`
		BufferPaths [][]any         `json:"buffer_paths"`
		Content     json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(msg.Data, &data); err != nil {
		return
	}
	switch data.Method {
	case "update":
		if data.State == nil {
			return
		}
		putBuffers(data.State, data.BufferPaths, msg.Buffers)
		// The echo tells every front end what the kernel took (protocol
		// 2.1); then the observers see the change.
		echo := make(map[string]any, len(data.State))
		for k, v := range data.State {
			echo[k] = v
		}
		changes := m.apply(data.State, true)
		_ = m.sendMethod("echo_update", echo)
		fixed := map[string]any{}
		for k, v := range data.State {
			if !equal(v, echo[k]) {
				fixed[k] = v
			}
		}
		if len(fixed) > 0 {
			_ = m.send(fixed)
		}
		m.notify(changes)
	case "request_state":
		_ = m.send(m.State())
	case "custom":
		var content map[string]any
		_ = json.Unmarshal(data.Content, &content)
		m.mu.Lock()
		fs := slices.Clone(m.custom)
		m.mu.Unlock()
		for _, f := range fs {
			f(content, msg.Buffers)
		}
	}
}

// handleControl answers the front end's request_states on the control
// comm with the state of every open model.
func handleControl(c *comm.Comm, msg comm.Message) {
	var data struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(msg.Data, &data) != nil || data.Method != "request_states" {
		return
	}
	registry.Lock()
	models := make([]*Model, 0, len(registry.models))
	for _, m := range registry.models {
		models = append(models, m)
	}
	registry.Unlock()
	states := map[string]any{}
	for _, m := range models {
		st := m.State()
		states[m.ID()] = map[string]any{
			"model_name":           st["_model_name"],
			"model_module":         st["_model_module"],
			"model_module_version": st["_model_module_version"],
			"state":                st,
		}
	}
	st, paths, bufs := splitBuffers(states)
	_ = c.Send(map[string]any{"method": "update_states", "states": st, "buffer_paths": paths}, nil, bufs)
}

// Bundle returns the display bundle of a widget's view: the widget-view
// MIME type with the model's ID, and text for front ends without widgets.
func Bundle(w Widget, text string) map[string]any {
	return map[string]any{
		ViewMIME: map[string]any{
			"model_id":      w.Model().ID(),
			"version_major": 2,
			"version_minor": 0,
		},
		"text/plain": text,
	}
}
