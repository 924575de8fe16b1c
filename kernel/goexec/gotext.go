package goexec

import (
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// A struct type declared in a cell is, to compiled code, a struct that
// yaegi built with reflect, whose unexported fields are exported under
// the name "X"+name (reflect cannot build unexported fields), and whose
// type has no name. fmt then shows S{1, 2} of "type S struct{ a, b int }"
// as {Xa:1 Xb:2}. The result of a cell is shown from its static type
// instead (the front end's check), with the fields' own names, as Go's
// %+v would: {a:1 b:2}.

// goText returns the text of v as fmt's %+v shows a value of static type t,
// and whether it could: false when t holds no struct type of the session
// (front.HasSessionStruct: fmt's own text is then right), or when v's
// shape does not follow t.
func goText(v any, t types.Type) (string, bool) {
	if t == nil || !front.HasSessionStruct(t) {
		return "", false
	}
	var b strings.Builder
	p := textPrinter{b: &b}
	p.value(reflect.ValueOf(v), t, true)
	return b.String(), !p.failed
}

// textPrinter writes values as fmt's %+v does, walking the reflect value
// and its static type together.
type textPrinter struct {
	b      *strings.Builder
	failed bool
}

func (p *textPrinter) value(v reflect.Value, t types.Type, top bool) {
	if p.failed {
		return
	}
	if !v.IsValid() {
		p.b.WriteString("<nil>")
		return
	}
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			p.b.WriteString("<nil>")
			return
		}
		v = v.Elem()
	}
	if !front.HasSessionStruct(t) {
		// Nothing renamed below: fmt's text is Go's.
		if v.CanInterface() {
			fmt.Fprintf(p.b, "%+v", v.Interface())
		} else {
			p.failed = true
		}
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if v.Kind() != reflect.Struct || v.NumField() != u.NumFields() {
			p.failed = true
			return
		}
		p.b.WriteByte('{')
		for i := 0; i < u.NumFields(); i++ {
			if i > 0 {
				p.b.WriteByte(' ')
			}
			p.b.WriteString(u.Field(i).Name())
			p.b.WriteByte(':')
			p.value(v.Field(i), u.Field(i).Type(), false)
		}
		p.b.WriteByte('}')
	case *types.Pointer:
		if v.Kind() != reflect.Pointer {
			p.failed = true
			return
		}
		if v.IsNil() {
			p.b.WriteString("<nil>")
			return
		}
		if !top {
			// fmt shows the address of a pointer below the top level.
			fmt.Fprintf(p.b, "%p", v.Interface())
			return
		}
		p.b.WriteByte('&')
		p.value(v.Elem(), u.Elem(), false)
	case *types.Slice, *types.Array:
		if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			p.failed = true
			return
		}
		var elem types.Type
		if s, ok := u.(*types.Slice); ok {
			elem = s.Elem()
		} else {
			elem = u.(*types.Array).Elem()
		}
		p.b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				p.b.WriteByte(' ')
			}
			p.value(v.Index(i), elem, false)
		}
		p.b.WriteByte(']')
	case *types.Map:
		if v.Kind() != reflect.Map {
			p.failed = true
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return lessKey(keys[i], keys[j]) })
		p.b.WriteString("map[")
		for i, k := range keys {
			if i > 0 {
				p.b.WriteByte(' ')
			}
			p.value(k, u.Key(), false)
			p.b.WriteByte(':')
			p.value(v.MapIndex(k), u.Elem(), false)
		}
		p.b.WriteByte(']')
	default:
		p.failed = true
	}
}

// lessKey orders map keys as fmt does for the kinds it orders by value:
// numbers numerically, strings lexically, booleans false first; others
// by their text.
func lessKey(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() < b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() < b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() < b.Float()
	case reflect.String:
		return a.String() < b.String()
	case reflect.Bool:
		return !a.Bool() && b.Bool()
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}
