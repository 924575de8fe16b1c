package goexec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"reflect"
	"strings"
	"sync"
)

// Values of the session's types given to log/slog. yaegi hands slog a
// value of a struct type of the session as the struct it built with
// reflect (unexported fields exported as X+name, no type name, no
// methods), so slog's TextHandler, which formats an attribute's value
// with fmt's %+v, wrote s="{Xa:1 Xb:2}" and t={Xn:3} for go run's
// s="{a:1 b:2}" and t=T<3> (a String method), and the JSONHandler,
// which uses encoding/json, {"Xa":1,"Xb":2} for go run's {}. The front
// end (front/slog.go) gives each such argument of slog's functions and
// methods as SlogValue(GoValue(x, …), "errors"), or of
// DynamicOne(…) for an interface: a compiled value that slog's handlers
// format as Go would:
//
//   - fmt (TextHandler, the default handler, Value.String) calls its
//     Format, GoValue's: Go's names and String and Error methods;
//   - encoding/json (JSONHandler) calls its MarshalJSON: the text of the
//     Error method for a value of a type listed in errors (slog writes
//     an error's Error()), otherwise the value with its unexported
//     fields left out, as encoding/json writes it in Go (jsonShadow);
//   - a handler of the cell's own gets the value itself from
//     Value.Any(), which the front end lowers to SlogAny.

// slogValue is the helper SlogValue's value.
type slogValue struct {
	g      goValue
	errors string // the keys (goValue's) of the types whose values are errors, each followed by a space
}

// slogValue is the helper SlogValue: v (what GoValue or DynamicOne made
// of an argument) as a slogValue when it is a goValue, v otherwise.
func slogValueOf(v any, errors string) any {
	g, ok := v.(goValue)
	if !ok {
		return v
	}
	return slogValue{g: g, errors: errors}
}

// slogValues is the helper SlogValues: the elements of xs (a spread
// argument, through Dynamics) as slogValue makes them.
func slogValuesOf(xs []any, errors string) []any {
	var out []any
	for i, x := range xs {
		if _, ok := x.(goValue); ok {
			if out == nil {
				out = append([]any(nil), xs...)
			}
			out[i] = slogValueOf(x, errors)
		}
	}
	if out == nil {
		return xs
	}
	return out
}

// slogAny is the helper SlogAny: the value a slogValue holds, for the
// cell's own code (a handler's a.Value.Any()); v otherwise.
func slogAny(v any) any {
	if s, ok := v.(slogValue); ok && s.g.v.IsValid() && s.g.v.CanInterface() {
		return s.g.v.Interface()
	}
	return v
}

// Format formats the value as GoValue does.
func (s slogValue) Format(f fmt.State, verb rune) { s.g.Format(f, verb) }

// MarshalJSON writes the value as encoding/json writes it in Go, or the
// text of its Error method (see above). In place of what it cannot
// write it writes the reason, as slog writes a value's error
// ("!ERROR:…"), and the cell goes on, as Go's does after such an error:
// the handler recovers panics, and stopping the cell from here would
// stop it some statements later, not at once.
func (s slogValue) MarshalJSON() ([]byte, error) {
	if key := s.g.key(); key != "" && strings.Contains(s.errors, key+" ") {
		if text, ok := s.g.methodText(); ok {
			return encodeJSON(text)
		}
	}
	v, err := jsonShadow(s.g.v, s.g.d)
	if err == nil {
		var b []byte
		if b, err = encodeJSON(v.Interface()); err == nil {
			return b, nil
		}
	}
	return encodeJSON("!ERROR:slog's JSONHandler of a " + s.g.d.String() + " cannot run in the interpreter: " + err.Error() +
		"; log it with a TextHandler, or copy the value into a struct of exported fields")
}

// key returns the name of the value's type in methods' tables: its named
// type's, or "*" and it for a pointer to one; "" otherwise.
func (g goValue) key() string {
	switch {
	case g.d == nil:
	case g.d.kind == 'N':
		return g.d.name
	case g.d.kind == 'P' && g.d.elem != nil && g.d.elem.kind == 'N':
		return "*" + g.d.elem.name
	}
	return ""
}

// encodeJSON is json.Marshal without the escaping of <, > and &, as
// slog's JSONHandler encodes.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// shadowTypes caches jsonShadow's types, by the reflect type and the
// description.
var shadowTypes sync.Map // shadowKey → reflect.Type

type shadowKey struct {
	t reflect.Type
	d *typeDesc
}

// jsonShadow returns a copy of v (of the description d) that
// encoding/json writes as it writes the value in Go: the struct types
// of the session lose the fields whose Go names are unexported (yaegi
// exports them as X+name), but embedded structs, whose exported fields
// json promotes in Go as well. The other fields keep their names and
// tags. A part it cannot tell (a value of the session held by an
// interface, a recursive type) is an error.
func jsonShadow(v reflect.Value, d *typeDesc) (out reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	t, err := shadowType(v.Type(), d)
	if err != nil {
		return reflect.Value{}, err
	}
	return shadowValue(v, d, t)
}

func shadowType(t reflect.Type, d *typeDesc) (reflect.Type, error) {
	for d != nil && d.kind == 'N' {
		d = d.elem
	}
	if d == nil {
		return t, nil
	}
	k := shadowKey{t, d}
	if st, ok := shadowTypes.Load(k); ok {
		return st.(reflect.Type), nil
	}
	var st reflect.Type
	switch {
	case d.kind == 'S' && t.Kind() == reflect.Struct && t.NumField() == len(d.fields):
		var fields []reflect.StructField
		for i, fd := range d.fields {
			f := t.Field(i)
			if !token.IsExported(fd.name) && !(fd.embedded && isStructDesc(fd.t)) {
				continue
			}
			ft, err := shadowType(f.Type, fd.t)
			if err != nil {
				return nil, err
			}
			fields = append(fields, reflect.StructField{Name: f.Name, Type: ft, Tag: f.Tag, Anonymous: f.Anonymous || fd.embedded})
		}
		st = reflect.StructOf(fields)
	case d.kind == 'P' && t.Kind() == reflect.Pointer:
		et, err := shadowType(t.Elem(), d.elem)
		if err != nil {
			return nil, err
		}
		st = reflect.PointerTo(et)
	case d.kind == 'L' && t.Kind() == reflect.Slice:
		et, err := shadowType(t.Elem(), d.elem)
		if err != nil {
			return nil, err
		}
		st = reflect.SliceOf(et)
	case d.kind == 'A' && t.Kind() == reflect.Array:
		et, err := shadowType(t.Elem(), d.elem)
		if err != nil {
			return nil, err
		}
		st = reflect.ArrayOf(t.Len(), et)
	case d.kind == 'M' && t.Kind() == reflect.Map:
		kt, err := shadowType(t.Key(), d.key)
		if err != nil {
			return nil, err
		}
		et, err := shadowType(t.Elem(), d.elem)
		if err != nil {
			return nil, err
		}
		st = reflect.MapOf(kt, et)
	case d.kind == 'O' && strings.HasPrefix(d.name, "main."):
		return nil, fmt.Errorf("the interpreter cannot tell the fields of %s here", d.name)
	case d.kind == 'O':
		st = t
	default:
		return nil, fmt.Errorf("the interpreter's %s is not a %s", t, d)
	}
	shadowTypes.Store(k, st)
	return st, nil
}

func shadowValue(v reflect.Value, d *typeDesc, st reflect.Type) (reflect.Value, error) {
	for d != nil && d.kind == 'N' {
		d = d.elem
	}
	if d == nil || d.kind == 'O' {
		if err := opaque(v, 0); err != nil {
			return reflect.Value{}, err
		}
		return v, nil
	}
	out := reflect.New(st).Elem()
	switch d.kind {
	case 'S':
		j := 0
		for i, fd := range d.fields {
			if !token.IsExported(fd.name) && !(fd.embedded && isStructDesc(fd.t)) {
				continue
			}
			fv, err := shadowValue(v.Field(i), fd.t, st.Field(j).Type)
			if err != nil {
				return reflect.Value{}, err
			}
			out.Field(j).Set(fv)
			j++
		}
	case 'P':
		if v.IsNil() {
			return out, nil
		}
		ev, err := shadowValue(v.Elem(), d.elem, st.Elem())
		if err != nil {
			return reflect.Value{}, err
		}
		p := reflect.New(st.Elem())
		p.Elem().Set(ev)
		out.Set(p)
	case 'L', 'A':
		if d.kind == 'L' {
			if v.IsNil() {
				return out, nil
			}
			out.Set(reflect.MakeSlice(st, v.Len(), v.Len()))
		}
		for i := 0; i < v.Len(); i++ {
			ev, err := shadowValue(v.Index(i), d.elem, st.Elem())
			if err != nil {
				return reflect.Value{}, err
			}
			out.Index(i).Set(ev)
		}
	case 'M':
		if v.IsNil() {
			return out, nil
		}
		out.Set(reflect.MakeMapWithSize(st, v.Len()))
		it := v.MapRange()
		for it.Next() {
			kv, err := shadowValue(it.Key(), d.key, st.Key())
			if err != nil {
				return reflect.Value{}, err
			}
			ev, err := shadowValue(it.Value(), d.elem, st.Elem())
			if err != nil {
				return reflect.Value{}, err
			}
			out.SetMapIndex(kv, ev)
		}
	}
	return out, nil
}

// opaque returns an error when v, a value json writes as it is, holds in
// an interface a value that yaegi made (a struct type without a name, or
// its wrapper of a session value), whose Go fields it cannot tell.
func opaque(v reflect.Value, depth int) error {
	if depth > 16 || !v.IsValid() {
		return nil
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		e := v.Elem()
		if isValueInterface(e.Type()) || madeStruct(e.Type()) {
			return fmt.Errorf("a value of the session held by an interface (%s) is not known to it", v.Type())
		}
		return opaque(e, depth+1)
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return opaque(v.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len() && i < 1024; i++ {
			if err := opaque(v.Index(i), depth+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if err := opaque(it.Value(), depth+1); err != nil {
				return err
			}
		}
	case reflect.Struct:
		if v.Type().Name() == "" {
			for i := 0; i < v.NumField(); i++ {
				if err := opaque(v.Field(i), depth+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// madeStruct reports whether t is (a pointer to) a struct type without a
// name: one that yaegi built for a type of the session.
func madeStruct(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct && t.Name() == ""
}

// isStructDesc reports whether d describes a struct or a pointer to one.
func isStructDesc(d *typeDesc) bool {
	for d != nil && (d.kind == 'N' || d.kind == 'P') {
		d = d.elem
	}
	return d != nil && d.kind == 'S'
}
