package goexec

import (
	"fmt"
	"reflect"
)

// The value of panic(x), for x of a type the session declares. yaegi
// panics with a reflect.Value of the bare value, without its type: a
// recover in the cell gave {7} for panic(E{7}), where Go gives E{7}
// (fmt prints "E7" through its Error method, %T says main.E), and the
// uncaught panic read "panic: {7}" where Go's runtime prints "panic: E7".
// The front end lowers panic(x) to panic(PanicValue([]any{x},
// stringers…)); the helper keeps yaegi's wrapper of x, which knows its
// type and methods, and what Go's runtime would print for it. Recovered
// gives the cell the wrapper back, and the executor's panic error the
// text.

// sessionPanic is the panic value of a value of the session's types.
type sessionPanic struct {
	value any    // yaegi's wrapper of the value
	text  string // the value's Error or String method's text, or ""
}

// panicValue is the helper PanicValue: xs is []any{x}, desc the
// description of x's static type when it is a type of the session (as
// GoValue's; "" for an interface), methods the pairs of GoValue's String
// and Error methods of the types x can be.
func panicValue(xs any, desc string, methods ...any) any {
	e, ok := oneElem(xs)
	if !ok {
		return xs
	}
	h := holding(e)
	switch {
	case !h.v.IsValid():
		return nil
	case h.methodWrapped && !h.inWrapper:
		// Held by a compiled interface (error, fmt.Stringer) through
		// yaegi's wrapper of its method set: recover must give the
		// wrapper, which is still an error, not what it keeps (of an
		// E{8, 1}, the 1).
		if !h.methods.CanInterface() {
			return nil
		}
		w := h.methods.Interface()
		sp := sessionPanic{value: w}
		switch m := w.(type) {
		case error:
			sp.text = m.Error()
		case fmt.Stringer:
			sp.text = m.String()
		}
		return sp
	case !h.inWrapper:
		if !h.v.CanInterface() {
			return nil
		}
		// Held bare: the static type, when the cell says it, gives
		// the text; recover gets the bare value, as before.
		d, ok := parseDesc(desc)
		if !ok {
			return h.v.Interface()
		}
		sp := sessionPanic{value: h.v.Interface()}
		if text, ok := (goValue{v: h.v, d: d, methods: methodTable(methods)}).methodText(); ok {
			sp.text = text
		}
		return sp
	}
	sp := sessionPanic{value: h.wrapper.Interface()}
	if h.d != nil {
		if text, ok := (goValue{v: h.v, d: h.d, methods: methodTable(methods)}).methodText(); ok {
			sp.text = text
		}
	}
	return sp
}

// panicText returns what Go's runtime prints for the panic value v of a
// session type: its Error or String method's text, or the value as fmt
// prints it; false when v is not one.
func panicText(v any) (string, bool) {
	sp, ok := v.(sessionPanic)
	if !ok {
		return "", false
	}
	if sp.text != "" {
		return sp.text, true
	}
	return fmt.Sprint(dynamicElem(reflect.ValueOf(sp.value), nil)), true
}
