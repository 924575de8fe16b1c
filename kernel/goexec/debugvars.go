package goexec

import (
	"fmt"
	"github.com/traefik/yaegi/interp"
	"reflect"
	"sort"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// varRef is what a DAP variablesReference stands for while a goroutine is
// stopped: a frame's local variables, the session's globals, or the
// elements of one value (fields, elements, entries).
type varRef struct {
	frame   int // the frame id of the locals; 0 for none
	globals bool
	value   reflect.Value
}

// maxChildren bounds the elements of a slice, array or map shown.
const maxChildren = 100

// ref returns a new variablesReference for r; d.mu is held.
func (d *debugger) ref(r varRef) int {
	d.refs = append(d.refs, r)
	return len(d.refs)
}

// stackTrace lists the frames of a stopped goroutine, innermost first,
// with their lines mapped to the cells' own.
func (e *Executor) stackTrace(req dap.Request) (any, error) {
	var a struct {
		ThreadID   int `json:"threadId"`
		StartFrame int `json:"startFrame"`
		Levels     int `json:"levels"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	ev, ok := d.stopped[a.ThreadID]
	if !ok {
		return nil, fmt.Errorf("stackTrace: thread %d is not stopped", a.ThreadID)
	}
	n := ev.FrameDepth()
	frames := ev.Frames(0, n)
	if d.frames == nil {
		d.frames = map[int]*frameRef{}
	}
	out := []map[string]any{}
	for i, f := range frames {
		if i < a.StartFrame || (a.Levels > 0 && i >= a.StartFrame+a.Levels) {
			continue
		}
		id := a.ThreadID*1000 + i + 1
		d.frames[id] = &frameRef{f: f}
		path, line := frameSource(f.Position())
		name := f.Name()
		if name == "<init>" { // yaegi's name for top-level code
			name = "<cell>"
		}
		fr := map[string]any{"id": id, "name": name, "line": line, "column": max(f.Position().Column, 1)}
		if path != "" {
			fr["source"] = dapSource{Path: path}
		}
		out = append(out, fr)
	}
	total := len(frames)
	if cell, ok := e.callingCell(a.ThreadID, frames); ok {
		// Stopped inside a function: the cell's top-level statement
		// that called it, which yaegi's frames leave out.
		i := total
		total++
		if i >= a.StartFrame && (a.Levels <= 0 || i < a.StartFrame+a.Levels) {
			id := a.ThreadID*1000 + i + 1
			d.frames[id] = &frameRef{}
			cell["id"] = id
			out = append(out, cell)
		}
	}
	return map[string]any{"stackFrames": out, "totalFrames": total}, nil
}

// callingCell returns the frame of the running cell's top-level code,
// when goroutine g (the cell's own is 1) is stopped inside a function:
// yaegi walks the frames up to, not including, the chunk's root frame,
// so the cell's statement that made the call was missing from the call
// stack. Its line is the top-level statement running (the helper At). d.mu
// is held.
func (e *Executor) callingCell(g int, frames []*interp.DebugFrame) (map[string]any, bool) {
	if g != 1 || len(frames) == 0 || frames[len(frames)-1].Name() == "<init>" {
		return nil, false
	}
	e.run.mu.Lock()
	at, code := e.run.at, e.run.code
	e.run.mu.Unlock()
	if at.line == 0 || !e.dbg.attached {
		return nil, false
	}
	return map[string]any{"name": "<cell>", "line": at.line, "column": max(at.col, 1),
		"source": dapSource{Path: cellNaming.Path(code)}}, true
}

// scopes returns a frame's scopes: its locals and the session's globals,
// the globals first when the frame has no locals.
func (e *Executor) scopes(req dap.Request) (any, error) {
	var a struct {
		FrameID int `json:"frameId"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.frames[a.FrameID]; !ok {
		return nil, fmt.Errorf("scopes: no frame %d (ask for the stack trace first)", a.FrameID)
	}
	locals := map[string]any{"name": "Locals", "variablesReference": d.ref(varRef{frame: a.FrameID}), "expensive": false}
	globals := map[string]any{"name": "Globals", "variablesReference": d.ref(varRef{globals: true}), "expensive": false}
	if len(d.locals(a.FrameID)) == 0 {
		// A cell's top-level code has no locals (its variables are the
		// session's globals), and JupyterLab shows the first scope.
		return map[string]any{"scopes": []map[string]any{globals, locals}}, nil
	}
	return map[string]any{"scopes": []map[string]any{locals, globals}}, nil
}

// variables lists the variables of a scope or the parts of a value.
func (e *Executor) variables(req dap.Request) (any, error) {
	var a struct {
		Ref int `json:"variablesReference"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	if a.Ref < 1 || a.Ref > len(d.refs) {
		return nil, fmt.Errorf("variables: no variablesReference %d (it is valid only while stopped where it was given)", a.Ref)
	}
	r := d.refs[a.Ref-1]
	var named []namedValue
	switch {
	case r.frame != 0:
		named = d.locals(r.frame)
	case r.globals:
		named = e.globalValues()
	default:
		named = children(r.value)
	}
	vars := []map[string]any{}
	for _, nv := range named {
		vars = append(vars, d.variable(nv.name, nv.v))
	}
	return map[string]any{"variables": vars}, nil
}

// namedValue is one variable, field or element.
type namedValue struct {
	name string
	v    reflect.Value
}

// locals returns the variables of a frame's scopes; d.mu is held.
func (d *debugger) locals(id int) []namedValue {
	fr, ok := d.frames[id]
	if !ok {
		return nil
	}
	if fr.f == nil {
		return nil // the cell's top-level frame: its variables are globals
	}
	var out []namedValue
	seen := map[string]bool{}
	for _, s := range fr.f.Scopes() {
		for _, v := range s.Variables() {
			if seen[v.Name] || strings.HasPrefix(v.Name, "__") || v.Name == "_" {
				continue
			}
			seen[v.Name] = true
			out = append(out, namedValue{v.Name, v.Value})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// globalValues returns the session's variables, without the kernel's own.
func (e *Executor) globalValues() []namedValue {
	var out []namedValue
	for name, v := range e.globals() {
		if strings.HasPrefix(name, "__") || name == "_" || name == "ctx" {
			continue
		}
		out = append(out, namedValue{name, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// variable is the DAP Variable of v; d.mu is held.
func (d *debugger) variable(name string, v reflect.Value) map[string]any {
	value, typ := describeValue(v)
	ref := 0
	if hasChildren(v) {
		ref = d.ref(varRef{value: v})
	}
	return map[string]any{"name": name, "value": value, "type": typ, "variablesReference": ref, "evaluateName": name}
}

// describeValue returns how the variables panel shows v: its value in
// short, and its type. A matrix shows its shape.
func describeValue(v reflect.Value) (value, typ string) {
	if !v.IsValid() {
		return "nil", ""
	}
	typ = v.Type().String()
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
		typ = v.Type().String()
	}
	if v.CanInterface() {
		if m, ok := v.Interface().(interface{ Dims() (int, int) }); ok && !(v.Kind() == reflect.Pointer && v.IsNil()) {
			r, c := m.Dims()
			return fmt.Sprintf("%s %d×%d", typ, r, c), typ
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return "nil", typ
		}
		if v.Elem().Kind() == reflect.Struct {
			return "&" + typ[1:] + "{…}", typ
		}
	case reflect.Struct:
		return typ + "{…}", typ
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			return "nil", typ
		}
		return fmt.Sprintf("%s len %d", typ, v.Len()), typ
	case reflect.Array:
		return fmt.Sprintf("%s len %d", typ, v.Len()), typ
	case reflect.String:
		return fmt.Sprintf("%q", truncate(v.String(), 200)), typ
	}
	return truncate(fmt.Sprint(v), 200), typ
}

// truncate cuts s to n bytes or so, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// hasChildren reports whether v has parts to list.
func hasChildren(v reflect.Value) bool {
	for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) {
		if v.IsNil() {
			return false
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.Struct:
		return v.NumField() > 0
	case reflect.Slice, reflect.Array, reflect.Map:
		return v.Len() > 0
	}
	return false
}

// children lists v's fields, elements or entries (at most maxChildren).
func children(v reflect.Value) []namedValue {
	for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	var out []namedValue
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			out = append(out, namedValue{v.Type().Field(i).Name, v.Field(i)})
		}
	case reflect.Slice, reflect.Array:
		for i := range min(v.Len(), maxChildren) {
			out = append(out, namedValue{fmt.Sprintf("[%d]", i), v.Index(i)})
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys[:min(len(keys), maxChildren)] {
			out = append(out, namedValue{fmt.Sprintf("[%v]", k), v.MapIndex(k)})
		}
	}
	return out
}

// lookup finds a variable by name, with selectors ("m.W"), in a frame's
// locals, then in the globals; frame 0 looks in the globals only.
func (e *Executor) lookup(frame int, expr string) (reflect.Value, bool) {
	parts := strings.Split(strings.TrimSpace(expr), ".")
	var v reflect.Value
	found := false
	e.dbg.mu.Lock()
	if frame != 0 {
		for _, nv := range e.dbg.locals(frame) {
			if nv.name == parts[0] {
				v, found = nv.v, true
			}
		}
	}
	e.dbg.mu.Unlock()
	if !found {
		g, ok := e.globals()[parts[0]]
		if !ok {
			return reflect.Value{}, false
		}
		v = g
	}
	for _, sel := range parts[1:] {
		for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) && !v.IsNil() {
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, false
		}
		if v = v.FieldByName(sel); !v.IsValid() {
			return reflect.Value{}, false
		}
	}
	return v, true
}

// evaluate answers the value of an expression over the stopped frame's
// variables and the session's (debugeval.go).
func (e *Executor) evaluate(req dap.Request) (any, error) {
	var a struct {
		Expression string `json:"expression"`
		FrameID    int    `json:"frameId"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	v, err := evalExpression(a.Expression, func(name string) (reflect.Value, bool) { return e.lookup(a.FrameID, name) }, e.packageSymbols)
	if err != nil {
		return nil, fmt.Errorf("evaluate: %w", err)
	}
	e.dbg.mu.Lock()
	defer e.dbg.mu.Unlock()
	value, typ := describeValue(v)
	ref := 0
	if hasChildren(v) {
		ref = e.dbg.ref(varRef{value: v})
	}
	return map[string]any{"result": value, "type": typ, "variablesReference": ref}, nil
}

// packageSymbols returns the symbol table of the package that the
// session's cells call name: a pre-imported package, or one a cell
// imported.
func (e *Executor) packageSymbols(name string) (map[string]reflect.Value, bool) {
	path, ok := e.available[name]
	if !ok {
		e.dbg.mu.Lock()
		for _, imports := range e.dbg.fileImports {
			if p, found := imports[name]; found {
				path, ok = p, true
			}
		}
		e.dbg.mu.Unlock()
	}
	if !ok {
		return nil, false
	}
	pkg, ok := symbolName(path)
	if !ok {
		return nil, false
	}
	table, ok := allSymbols[path+"/"+pkg]
	return table, ok
}

// inspectVariables lists the session's globals for JupyterLab's variable
// explorer. While a cell runs without being stopped it lists none: its
// globals are being written.
func (e *Executor) inspectVariables() (any, error) {
	d := &e.dbg
	d.mu.Lock()
	busy := d.cur != nil && len(d.stopped) == 0
	d.mu.Unlock()
	vars := []map[string]any{}
	if !busy {
		for _, nv := range e.globalValues() {
			value, typ := describeValue(nv.v)
			vars = append(vars, map[string]any{"name": nv.name, "value": value, "type": typ, "variablesReference": 0})
		}
	}
	return map[string]any{"variables": vars}, nil
}

// richInspect shows one variable as a cell's result of it would show
// (display.Render: a model's summary with its filters, a data set's
// examples, a history's curves, a plot), or as text when it has no rich
// form. The name may be an expression (debugeval.go).
func (e *Executor) richInspect(req dap.Request) (any, error) {
	var a struct {
		Name    string `json:"variableName"`
		FrameID int    `json:"frameId"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	v, err := evalExpression(a.Name, func(name string) (reflect.Value, bool) { return e.lookup(a.FrameID, name) }, e.packageSymbols)
	if err != nil {
		return nil, fmt.Errorf("richInspectVariables: %w", err)
	}
	if v.IsValid() && v.CanInterface() {
		if b, ok := render(v.Interface()); ok && len(b.Data) > 0 {
			md := b.Metadata
			if md == nil {
				md = map[string]any{}
			}
			return map[string]any{"data": b.Data, "metadata": md}, nil
		}
	}
	text := truncate(fmt.Sprint(v), 10000)
	if v.IsValid() && v.CanInterface() {
		text = truncate(fmt.Sprintf("%+v", v.Interface()), 10000)
	}
	return map[string]any{"data": map[string]any{"text/plain": text}, "metadata": map[string]any{}}, nil
}
