package goexec

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/internal/goview"
)

// The display's functions that format an argument of type any
// (display.PlainText, Inline, Render, RenderForms, Show) got yaegi's value
// of a type of the session: no type name, no methods, unexported fields
// exported as "X"+name (display.PlainText(Pv{1, 2}) was {Xa:1 Xb:2}, go
// run's {…}; display.Inline(Tm{2}) of a Tm with String() was {Xa:2}).
// The front end lowers such an argument to
//
//	Prefix.DisplayValue(x, "desc", "errors", candidates, stringers…)
//
// (DisplayDynamic([]I{x}, …) for an argument of an interface type I), a
// goview.Value that the display's printer reads with the names of the
// static type's types and fields (the description, front.Describe) and
// its String and Error methods (GoValue's pairs; "errors" names, by
// spaces, the keys whose method is Error).

// viewValue is a value of the interpreter with the view of its type.
type viewValue struct {
	v reflect.Value
	t goview.Type
}

// GoView implements goview.Value.
func (g viewValue) GoView() (reflect.Value, goview.Type) { return g.v, g.t }

// viewCtx is what the views of one value share.
type viewCtx struct {
	methods map[string]func(any) string
	errs    map[string]bool
	cands   []candidate
}

// viewType is a goview.Type of a description.
type viewType struct {
	d   *typeDesc
	ctx *viewCtx
}

// view returns the goview.Type of d. A type that the description does
// not open (O: a compiled or predeclared type, or an interface) has no
// fields, elements or methods in the view: the display reads its reflect
// type, but for the value an interface holds (Dynamic).
func (c *viewCtx) view(d *typeDesc) goview.Type {
	if d == nil {
		return nil
	}
	return viewType{d, c}
}

func (t viewType) under() *typeDesc {
	d := t.d
	for d != nil && d.kind == 'N' {
		d = d.elem
	}
	return d
}

func (t viewType) String() string { return t.d.String() }

func (t viewType) Field(i int) (string, goview.Type) {
	u := t.under()
	if u == nil || u.kind != 'S' || i >= len(u.fields) {
		return "", nil
	}
	return u.fields[i].name, t.ctx.view(u.fields[i].t)
}

func (t viewType) Elem() goview.Type {
	if u := t.under(); u != nil && strings.IndexByte("PLAM", u.kind) >= 0 {
		return t.ctx.view(u.elem)
	}
	return nil
}

func (t viewType) Key() goview.Type {
	if u := t.under(); u != nil && u.kind == 'M' {
		return t.ctx.view(u.key)
	}
	return nil
}

// textKey returns the key of v's String or Error method in the methods,
// or "" when its type has neither.
func (t viewType) textKey(v reflect.Value) string {
	if t.ctx.methods == nil || !v.IsValid() || !v.CanInterface() {
		return ""
	}
	key := ""
	switch {
	case t.d.kind == 'N':
		key = t.d.name
	case t.d.kind == 'P' && t.d.elem != nil && t.d.elem.kind == 'N' && v.Kind() == reflect.Pointer && !v.IsNil():
		key = "*" + t.d.elem.name
	}
	if t.ctx.methods[key] == nil {
		return ""
	}
	return key
}

// Text calls the String or Error method of v's type, or of the pointer
// type for a non-nil pointer, as fmt does: a panic in it is written as
// fmt writes it.
func (t viewType) Text(v reflect.Value) (text string, isError, ok bool) {
	key := t.textKey(v)
	if key == "" {
		return "", false, false
	}
	f := t.ctx.methods[key]
	isError = t.ctx.errs[key]
	defer func() {
		if r := recover(); r != nil {
			method := "String"
			if isError {
				method = "Error"
			}
			ok = true
			if v.Kind() == reflect.Pointer && v.IsNil() {
				text = "<nil>"
				return
			}
			text = fmt.Sprintf("%%!v(PANIC=%s method: %v)", method, r)
		}
	}()
	return f(v.Interface()), isError, true
}

// Dynamic takes the value out of the interface value v: out of yaegi's
// wrapper, with its type's description, or held bare, described by the
// candidates of its reflect type.
func (t viewType) Dynamic(v reflect.Value) (reflect.Value, goview.Type) {
	return t.ctx.dynamic(v)
}

func (c *viewCtx) dynamic(v reflect.Value) (reflect.Value, goview.Type) {
	h := holding(v)
	switch {
	case !h.v.IsValid():
		return reflect.Value{}, nil
	case h.inWrapper && h.d != nil:
		return h.v, c.view(h.d)
	case h.inWrapper && !h.v.CanInterface():
		return h.wrapper, nil
	case h.methodWrapped && !h.inWrapper && h.methods.CanInterface():
		// yaegi's wrapper of a compiled interface's methods (an error):
		// the display calls them.
		return h.methods, nil
	}
	if h.v.Type().Name() == "" && c.cands != nil {
		if d := composedDesc(h.v.Type(), c.cands, 0); d != nil {
			return h.v, c.view(d)
		}
	}
	return h.v, nil
}

// newViewCtx reads the helpers' arguments.
func newViewCtx(errs string, candidates []any, methods []any) *viewCtx {
	c := &viewCtx{methods: methodTable(methods), cands: candidateList(candidates)}
	for _, k := range strings.Fields(errs) {
		if c.errs == nil {
			c.errs = map[string]bool{}
		}
		c.errs[k] = true
	}
	return c
}

// displayValueOf is the helper DisplayValue: x, of the type desc
// describes, as a goview.Value; x itself when desc does not parse.
func displayValueOf(x any, desc, errs string, candidates []any, methods ...any) any {
	d, ok := parseDesc(desc)
	if !ok {
		return x
	}
	c := newViewCtx(errs, candidates, methods)
	return viewValue{v: reflect.ValueOf(x), t: c.view(d)}
}

// displayDynamic is the helper DisplayDynamic, for an argument x of an
// interface type I, given as []I{x} (in which yaegi keeps x's wrapper):
// the value x holds as a goview.Value, or nil for a nil x.
func displayDynamic(xs any, errs string, candidates []any, methods ...any) any {
	e, ok := oneElem(xs)
	if !ok {
		return xs
	}
	v, t := newViewCtx(errs, candidates, methods).dynamic(e)
	if !v.IsValid() {
		return nil
	}
	if t == nil && v.CanInterface() {
		return v.Interface()
	}
	return viewValue{v: v, t: t}
}
