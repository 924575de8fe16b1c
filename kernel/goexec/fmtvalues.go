package goexec

import (
	"go/types"
	"io"
	"reflect"
	"strings"
)

// fmt's printing functions used as function values. A call of fmt.Printf
// gets the kernel's lowering of its arguments (front/describe.go); a call
// through p := fmt.Printf does not, and the front end cannot tell where
// p's calls are. In a session that declares types, taking such a value is
// refused (front/refuse_static.go). Taken before the session declared any,
// the value becomes the helper FmtValue… of the function (front end's
// refuseFmtValue), which calls it as it is while the session has no types
// and, once it has, ends the cell with an InterpreterLimit when an
// argument may be a value of a type of the session, or the format has
// %T: yaegi's value would print without its name and with X+name fields
// (sp := fmt.Sprintf, then type Hs struct{ x int } and sp("%T", Hs{1})
// printed struct { Xx int } for main.Hs).
//
// An int given to such a value in a session that declares type St int
// is refused too: the interpreter holds a St as an int, and the helper
// cannot tell them apart (sessionShapes).
//
// Making the value print as a direct call would need the session's types
// when it is called, which the value, taken before they existed, does not
// have; a user who wrote p := fmt.Printf as a shorthand gets the same
// output by calling fmt.Printf, which the error says.

// fmtValueHelpers returns the helpers, by name, bound to e.
func (e *Executor) fmtValueHelpers() map[string]reflect.Value {
	return map[string]reflect.Value{
		"FmtValuePrint": reflect.ValueOf(func(f func(...any) (int, error), name string) func(...any) (int, error) {
			return func(a ...any) (int, error) { e.fmtValueCheck(name, "", a); return f(a...) }
		}),
		"FmtValuePrintf": reflect.ValueOf(func(f func(string, ...any) (int, error), name string) func(string, ...any) (int, error) {
			return func(format string, a ...any) (int, error) { e.fmtValueCheck(name, format, a); return f(format, a...) }
		}),
		"FmtValueSprint": reflect.ValueOf(func(f func(...any) string, name string) func(...any) string {
			return func(a ...any) string { e.fmtValueCheck(name, "", a); return f(a...) }
		}),
		"FmtValueSprintf": reflect.ValueOf(func(f func(string, ...any) string, name string) func(string, ...any) string {
			return func(format string, a ...any) string { e.fmtValueCheck(name, format, a); return f(format, a...) }
		}),
		"FmtValueFprint": reflect.ValueOf(func(f func(io.Writer, ...any) (int, error), name string) func(io.Writer, ...any) (int, error) {
			return func(w io.Writer, a ...any) (int, error) { e.fmtValueCheck(name, "", a); return f(w, a...) }
		}),
		"FmtValueFprintf": reflect.ValueOf(func(f func(io.Writer, string, ...any) (int, error), name string) func(io.Writer, string, ...any) (int, error) {
			return func(w io.Writer, format string, a ...any) (int, error) {
				e.fmtValueCheck(name, format, a)
				return f(w, format, a...)
			}
		}),
		"FmtValueAppend": reflect.ValueOf(func(f func([]byte, ...any) []byte, name string) func([]byte, ...any) []byte {
			return func(b []byte, a ...any) []byte { e.fmtValueCheck(name, "", a); return f(b, a...) }
		}),
		"FmtValueAppendf": reflect.ValueOf(func(f func([]byte, string, ...any) []byte, name string) func([]byte, string, ...any) []byte {
			return func(b []byte, format string, a ...any) []byte {
				e.fmtValueCheck(name, format, a)
				return f(b, format, a...)
			}
		}),
		"FmtValueErrorf": reflect.ValueOf(func(f func(string, ...any) error, name string) func(string, ...any) error {
			return func(format string, a ...any) error { e.fmtValueCheck(name, format, a); return f(format, a...) }
		}),
	}
}

// fmtValueCheck ends the cell when the session declares types and the
// format has %T or an argument may be a value of one of them (see above).
func (e *Executor) fmtValueCheck(name, format string, args []any) {
	shapes := e.sessionShapes.Load()
	if shapes == nil {
		return
	}
	found := hasTypeVerb(format)
	for _, a := range args {
		if found {
			break
		}
		found = maySessionValue(reflect.ValueOf(a), *shapes, 0)
	}
	if !found {
		return
	}
	panic(limitOf(name + " used as a function value, taken before the session declared types, cannot print %T, or a value that " +
		"may be of a type declared in a cell, in the interpreter: it would print it as the interpreter holds it (without its type's name " +
		"and methods, with X+name fields), as the kernel rewrites fmt's arguments only in a direct call; call " + name +
		" directly, or run this code compiled (a cell with func main, or %%compile)"))
}

// hasTypeVerb reports whether the format has a %T verb.
func hasTypeVerb(format string) bool {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[j]) >= 0 {
			j++
		}
		if j < len(format) && format[j] == 'T' {
			return true
		}
		i = j
	}
	return false
}

// maySessionValue reports whether v may be, or hold, a value of a type of
// the session: one in yaegi's wrappers, of a struct type without a name
// (yaegi builds each session struct so; a struct literal's type of the
// cell looks the same and is taken for one), of a type not of a compiled
// package whose string is the underlying type of a session type (yaegi
// holds a value of type St int as an int; shapes), or a pointer, slice,
// array or map of them, looking into the elements of interfaces.
func maySessionValue(v reflect.Value, shapes map[string]bool, depth int) bool {
	if !v.IsValid() || depth > 8 {
		return false
	}
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return false
		}
		v = v.Elem()
	}
	h := holding(v)
	if h.inWrapper || h.methodWrapped {
		return true
	}
	if !h.v.IsValid() {
		return false
	}
	v = h.v
	if t := v.Type(); unnamedStructIn(t, 0) || t.PkgPath() == "" && shapes[t.String()] {
		return true
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Interface {
			for i := range v.Len() {
				if maySessionValue(v.Index(i), shapes, depth+1) {
					return true
				}
			}
		}
	case reflect.Map:
		if v.Type().Elem().Kind() == reflect.Interface || v.Type().Key().Kind() == reflect.Interface {
			for it := v.MapRange(); it.Next(); {
				if maySessionValue(it.Key(), shapes, depth+1) || maySessionValue(it.Value(), shapes, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// unnamedStructIn reports whether t is, or is an unnamed pointer, slice,
// array, map or channel type of, a struct type without a name.
func unnamedStructIn(t reflect.Type, depth int) bool {
	if t.Name() != "" || depth > 8 {
		return false
	}
	switch t.Kind() {
	case reflect.Struct:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		return unnamedStructIn(t.Elem(), depth+1)
	case reflect.Map:
		return unnamedStructIn(t.Key(), depth+1) || unnamedStructIn(t.Elem(), depth+1)
	}
	return false
}

// sessionShapes returns, for a scope that declares types (not aliases),
// the strings, as reflect writes them, of the underlying types of those
// that are not structs (int for type St int); nil for one that declares
// none.
func sessionShapes(s *types.Scope) *map[string]bool {
	var shapes map[string]bool
	for _, name := range s.Names() {
		tn, ok := s.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if shapes == nil {
			shapes = map[string]bool{}
		}
		if u := tn.Type().Underlying(); !isStruct(u) {
			shapes[types.TypeString(u, func(p *types.Package) string { return p.Name() })] = true
		}
	}
	if shapes == nil {
		return nil
	}
	return &shapes
}

// withLocalTypes returns shapes, or an empty set of them when shapes is
// nil and a committed cell declares a type inside a function (a local
// type, among shadows): its values, which a cell may put in an
// interface, are held as unnamed structs too (fmt printed struct { Xa
// int } {Xa:1} for main.L {a:1}).
func withLocalTypes(shapes *map[string]bool, shadows []types.Type) *map[string]bool {
	if shapes != nil {
		return shapes
	}
	for _, t := range shadows {
		if _, ok := t.(*types.Named); ok {
			return &map[string]bool{}
		}
	}
	return nil
}

// isStruct reports whether t is a struct type.
func isStruct(t types.Type) bool {
	_, ok := t.(*types.Struct)
	return ok
}
