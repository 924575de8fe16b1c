package goexec

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Values of the session's types that have methods reach an empty
// interface, in yaegi v0.16.1, as yaegi's own wrapper: a struct
// interp.valueInterface{node *node; value reflect.Value} that keeps the
// type's methods for the interpreter (type switches and assertions need
// them). Compiled code handed such an interface saw the wrapper: fmt
// printed "{0xc000… {0xc000… 0xc000… 409}}" for
//
//	var l any = r      // r of a type with an Area method
//	fmt.Println(l)
//
// and %T said interp.valueInterface. A value of an interface type the
// session declares (a Shape) is that wrapper to reflect, and reached fmt
// bare, without its String method. The front end passes the arguments of
// fmt's and log's printing functions whose static type is an interface
// through the helper DynamicOne (a slice, array or map of interfaces
// through Dynamic, a "xs..." argument through Dynamics), with the String
// and Error methods of the session's types that the interface can hold;
// the helper takes the value out of the wrapper and formats it as GoValue
// does, with the names of its type and fields read from the
// interpreter's description of its type (the node's itype: name, path,
// fields, element types) and its method.

// valueInterfacePath and valueInterfaceName identify yaegi's wrapper.
const (
	valueInterfacePath = "github.com/traefik/yaegi/interp"
	valueInterfaceName = "valueInterface"
)

// isValueInterface reports whether t is yaegi's wrapper.
func isValueInterface(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.Name() == valueInterfaceName && t.PkgPath() == valueInterfacePath && t.NumField() == 2
}

// unwrapInterface returns the value inside yaegi's wrapper v, and the
// description of its type (nil when it cannot be read).
func unwrapInterface(v reflect.Value) (reflect.Value, *typeDesc) {
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	f := c.Field(1)
	if f.Type() != reflect.TypeOf(reflect.Value{}) {
		return v, nil
	}
	inner := *(*reflect.Value)(unsafe.Pointer(f.UnsafeAddr()))
	var d *typeDesc
	if n := c.Field(0); n.Kind() == reflect.Pointer && !n.IsNil() {
		if t := n.Elem().FieldByName("typ"); t.IsValid() && inner.IsValid() {
			d = cachedItypeDesc(t, inner.Type())
		}
	}
	return inner, d
}

// itypeDescs keeps the descriptions itypeDesc made, by yaegi's type (its
// address) and reflect type: a helper of interface values called in a
// loop (InterfaceEqual, DynamicOne, …) described the same type at each
// iteration, by reflection, which cost more than the rest of the call.
// A type of the interpreter is not changed once values of it exist; the
// cache holds it (it), so that its address is not another's.
var itypeDescs struct {
	mu sync.Mutex
	m  map[itypeKey]itypeEntry
}

type itypeEntry struct {
	it reflect.Value
	d  *typeDesc
}

type itypeKey struct {
	it uintptr
	rt reflect.Type
}

// cachedItypeDesc is itypeDesc(it, rt), kept (itypeDescs).
func cachedItypeDesc(it reflect.Value, rt reflect.Type) *typeDesc {
	if it.Kind() != reflect.Pointer || it.IsNil() {
		return itypeDesc(it, rt, map[uintptr]bool{})
	}
	k := itypeKey{it.Pointer(), rt}
	itypeDescs.mu.Lock()
	e, ok := itypeDescs.m[k]
	itypeDescs.mu.Unlock()
	if ok {
		return e.d
	}
	d := itypeDesc(it, rt, map[uintptr]bool{})
	itypeDescs.mu.Lock()
	if itypeDescs.m == nil || len(itypeDescs.m) >= candidateCacheMax {
		itypeDescs.m = map[itypeKey]itypeEntry{}
	}
	itypeDescs.m[k] = itypeEntry{it, d}
	itypeDescs.mu.Unlock()
	return d
}

// itypeDesc describes the type of values of reflect type rt from yaegi's
// itype it (a *itype, read with reflect): a type of the session ("main"
// path, or none) is named, and its fields keep their names; anything the
// itype does not make clear is described by rt's name, as fmt writes it.
func itypeDesc(it reflect.Value, rt reflect.Type, open map[uintptr]bool) *typeDesc {
	other := &typeDesc{kind: 'O', name: rt.String()}
	if it.Kind() != reflect.Pointer || it.IsNil() || open[it.Pointer()] {
		return other
	}
	open[it.Pointer()] = true
	defer delete(open, it.Pointer())
	e := it.Elem()
	str := func(name string) string {
		if f := e.FieldByName(name); f.IsValid() && f.Kind() == reflect.String {
			return f.String()
		}
		return ""
	}
	sub := func(name string, rt reflect.Type) *typeDesc {
		f := e.FieldByName(name)
		if !f.IsValid() {
			return &typeDesc{kind: 'O', name: rt.String()}
		}
		return itypeDesc(f, rt, open)
	}
	var u *typeDesc
	switch rt.Kind() {
	case reflect.Struct:
		fs := e.FieldByName("field")
		if !fs.IsValid() || fs.Kind() != reflect.Slice || fs.Len() != rt.NumField() {
			return other
		}
		u = &typeDesc{kind: 'S'}
		for i := 0; i < fs.Len(); i++ {
			sf := fs.Index(i)
			name := sf.FieldByName("name")
			if !name.IsValid() || name.Kind() != reflect.String {
				return other
			}
			u.fields = append(u.fields, fieldDesc{name: name.String(), t: itypeDesc(sf.FieldByName("typ"), rt.Field(i).Type, open)})
		}
	case reflect.Pointer:
		u = &typeDesc{kind: 'P', elem: sub("val", rt.Elem())}
	case reflect.Slice:
		u = &typeDesc{kind: 'L', elem: sub("val", rt.Elem())}
	case reflect.Array:
		u = &typeDesc{kind: 'A', n: rt.Len(), elem: sub("val", rt.Elem())}
	case reflect.Map:
		u = &typeDesc{kind: 'M', key: sub("key", rt.Key()), elem: sub("val", rt.Elem())}
	default:
		u = other
	}
	name, path := str("name"), str("path")
	if path == "" && name == rt.Name() && predeclared(rt) {
		// A predeclared type (string, int), which yaegi's itype
		// names without a path: not the session's main.string.
		return other
	}
	if name == "" || path != "" && path != "main" {
		if name != "" { // a compiled type: fmt knows its name
			return other
		}
		return u
	}
	return &typeDesc{kind: 'N', name: "main." + name, elem: u}
}

// methodTable reads the pairs of a type's name and a func(any) string
// that the front end passes (front.Lowering.stringers), as goValueOf does.
func methodTable(methods []any) map[string]func(any) string {
	var m map[string]func(any) string
	for i := 0; i+1 < len(methods); i += 2 {
		name, ok1 := methods[i].(string)
		f, ok2 := methods[i+1].(func(any) string)
		if ok1 && ok2 {
			if m == nil {
				m = map[string]func(any) string{}
			}
			m[name] = f
		}
	}
	return m
}

// dynamicOne is the helper DynamicOne, for an argument x of an interface
// type I: the front end passes []I{x}, in which yaegi keeps x's wrapper
// (passed on its own, a value of an interface the session declared
// reaches compiled code as a bare value, without its type). It returns
// the value inside as a GoValue that knows its type's name, its fields'
// names and, from methods, its String or Error method; x itself when
// there is no wrapper.
func dynamicOne(xs any, candidates []any, methods ...any) any {
	e, ok := oneElem(xs)
	if !ok {
		return xs
	}
	if v := bareSessionValue(e, candidateList(candidates), methodTable(methods)); v != nil {
		return v
	}
	return dynamicElem(e, methodTable(methods))
}

// bareSessionValue returns, for a value of a struct type of the session
// that yaegi holds bare (without its wrapper, so without its type), a
// GoValue with the Go names of its fields, from the first candidate of
// its reflect type (two types of one underlying struct type have the
// same field names); nil for any other value. fmt printed yaegi's
// X-prefixed names for %+v.
func bareSessionValue(e reflect.Value, cands []candidate, methods map[string]func(any) string) any {
	h := holding(e)
	if !h.v.IsValid() || h.inWrapper || h.methodWrapped || !h.v.CanInterface() {
		return nil
	}
	t := h.v.Type()
	if d, ok := methodShapedDesc(e, t, cands); ok {
		// Of (or made of) the reflect type of a type with String on a
		// type that is not a struct: as recorded (typetags.go).
		if d == nil {
			return nil
		}
		return goValue{v: h.v, d: d, methods: methods}
	}
	if t.Name() != "" {
		return nil
	}
	if name, ok := taggedCandidate(e, t, cands); ok {
		// Recorded where it went into the interface (TagType).
		if c := candidateNamed(cands, name); c != nil && c.desc != nil {
			return goValue{v: h.v, d: c.desc, methods: methods}
		}
	}
	if _, d, ok := contestedComposite(e, t, cands, false); ok {
		// A pointer or list of such a type (*L, []L), recorded.
		return goValue{v: h.v, d: d, methods: methods}
	}
	if d := composedDesc(t, cands, 0); d != nil {
		return goValue{v: h.v, d: d, methods: methods}
	}
	// Candidates of its reflect type with different methods (a session
	// type with String, a local type of the same fields), and no record
	// of the value: which method fmt would call cannot be told.
	candidateName(t, cands)
	return nil
}

// composedDesc returns the description of the reflect type t: the first
// candidate's of that type, or, for a slice, array, pointer or map whose
// elements (or keys) are of a candidate's type, one made of theirs
// ([]T, map[string]T, [2]*T held by an any: fmt printed yaegi's X-prefixed
// fields, and no String method of the elements); nil when no part of t
// is a candidate's. t itself, and an element, must be of one candidate's
// type, or of several with the same methods (the first's description):
// two types of one underlying struct type (two of the session's, or a
// local type or unnamed struct type listed with them, front/shadows.go)
// are one reflect type, and which String method the value has cannot be
// told.
func composedDesc(t reflect.Type, cands []candidate, depth int) *typeDesc {
	var found *candidate
	for i, c := range cands {
		if c.t != t || c.desc == nil || sharesReflectType(c) && printsByMethod(c) {
			// A type with String on a type that is not a struct
			// shares its reflect type with Go's own (int, []int): a
			// value of it is told by its record (methodShapedDesc),
			// not guessed.
			continue
		}
		if found != nil && !slices.Equal(found.methods, c.methods) {
			return nil
		}
		if found == nil {
			found = &cands[i]
		}
	}
	if found != nil {
		return found.desc
	}
	if depth > 8 || t.Name() != "" {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Pointer, reflect.Array:
		elem := composedDesc(t.Elem(), cands, depth+1)
		if elem == nil {
			return nil
		}
		d := &typeDesc{kind: 'L', elem: elem}
		switch t.Kind() {
		case reflect.Pointer:
			d.kind = 'P'
		case reflect.Array:
			d.kind, d.n = 'A', t.Len()
		}
		return d
	case reflect.Map:
		key, elem := composedDesc(t.Key(), cands, depth+1), composedDesc(t.Elem(), cands, depth+1)
		if key == nil && elem == nil {
			return nil
		}
		if key == nil {
			key = &typeDesc{kind: 'O', name: t.Key().String()}
		}
		if elem == nil {
			elem = &typeDesc{kind: 'O', name: t.Elem().String()}
		}
		return &typeDesc{kind: 'M', key: key, elem: elem}
	}
	return nil
}

// dynamicPlain is the helper DynamicPlain, for an argument x of an
// interface type I that fmt formats without its methods (%d, %#v): as
// DynamicOne, except that a value in yaegi's wrapper of a compiled
// interface's method set is taken out of it, which fmt would print as a
// struct; when the wrapper kept only the last field of a struct (see
// methodWrappedTypeName), the cell ends with an InterpreterLimit.
func dynamicPlain(xs any, candidates []any, methods ...any) any {
	e, ok := oneElem(xs)
	if !ok {
		return xs
	}
	cands := candidateList(candidates)
	h := holding(e)
	if !h.methodWrapped && !h.inWrapper && h.v.IsValid() && h.v.CanInterface() {
		switch h.v.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer, reflect.Chan:
			// %#v writes the type of a list, map or pointer: one of
			// the reflect type of a session type on a type that is not
			// a struct is named as recorded (typetags.go), or refused.
			if name, ok := sharedName(e, h.v.Type(), cands); ok && name == h.v.Type().String() {
				return h.v.Interface()
			}
		}
	}
	if !h.methodWrapped || h.inWrapper || !h.v.IsValid() || !h.v.CanInterface() {
		if v := bareSessionValue(e, cands, methodTable(methods)); v != nil {
			// %#v names the type: it must be the only candidate, or
			// the one recorded for the value.
			if _, _, ok := contestedComposite(e, h.v.Type(), cands, true); !ok {
				candidateFor(e, h.v.Type(), cands)
			}
			return v
		}
		return dynamicElem(e, methodTable(methods))
	}
	if h.v.Kind() == reflect.Pointer {
		return h.v.Interface()
	}
	name, whole := methodWrappedType(h, cands)
	if !whole.IsValid() {
		panic(limitOf("the interpreter holds this " + name + " in its wrapper of an interface's methods, which keeps only its last field: it cannot be printed without its methods (%d, %#v). Print it with %v, use a pointer receiver (&T{…}), or run this code compiled (a cell with func main, or %%compile)"))
	}
	for _, c := range cands {
		if c.name == name && c.desc != nil && c.t == whole.Type() && c.t != h.v.Type() {
			// A struct rebuilt from its one field: Go's field names.
			return goValue{v: whole, d: c.desc, methods: methodTable(methods)}
		}
	}
	return whole.Interface()
}

// dynamicElem returns the value e (an element of a slice, array or map)
// as fmt should get it: unwrapped from yaegi's wrapper, as a GoValue.
func dynamicElem(e reflect.Value, methods map[string]func(any) string) any {
	h := holding(e)
	switch {
	case !h.v.IsValid():
		return nil // a nil interface, of the session's or not
	case h.inWrapper && !h.v.CanInterface():
		return h.wrapper.Interface()
	case h.inWrapper && h.d != nil:
		return goValue{v: h.v, d: h.d, methods: methods}
	case h.methodWrapped && !h.inWrapper && h.methods.CanInterface():
		// The wrapper, whose Error or String method fmt calls: what it
		// holds may be only part of the value.
		return h.methods.Interface()
	case !h.v.CanInterface():
		return nil
	}
	return h.v.Interface()
}

// methodWrapped returns the value inside one of yaegi's wrappers that give
// an interpreted value a compiled method set (interp._error,
// stdlib._fmt_Stringer: structs whose first field is IValue), or e.
func methodWrapped(e reflect.Value) reflect.Value {
	for e.Kind() == reflect.Struct && e.NumField() > 0 && e.Type().Field(0).Name == "IValue" && e.Field(0).Kind() == reflect.Interface {
		if e.Field(0).IsNil() {
			return e
		}
		e = e.Field(0).Elem()
	}
	return e
}

// heldValue is what the interpreter holds for a value of an interface type,
// taken apart: the value itself, the description of its type when yaegi's
// wrapper (interp.valueInterface) gives one, and how it came.
type heldValue struct {
	v reflect.Value // the value; invalid for a nil interface
	d *typeDesc     // its type, from yaegi's wrapper; nil when not known
	// inWrapper: v came out of yaegi's wrapper; its description d may
	// still be nil when the itype cannot be read.
	inWrapper bool
	// methodWrapped: v came out of one of yaegi's wrappers of a method
	// set (interp._error), which keep no type and, of a struct, not even
	// the value (see methodWrappedTypeName); methods is that wrapper,
	// which still has the value's methods.
	methodWrapped bool
	methods       reflect.Value
	wrapper       reflect.Value // yaegi's wrapper, when inWrapper
}

// holding takes apart e, an interface value or the value in one: it looks
// through an interface, then through yaegi's wrappers of a method set,
// then through yaegi's wrapper of a session value.
func holding(e reflect.Value) heldValue {
	if e.Kind() == reflect.Interface {
		if e.IsNil() {
			return heldValue{}
		}
		e = e.Elem()
	}
	if !e.IsValid() {
		return heldValue{}
	}
	var h heldValue
	if inner := methodWrapped(e); inner.Type() != e.Type() {
		h.methodWrapped, h.methods = true, e
		e = inner
	}
	if isValueInterface(e.Type()) {
		h.inWrapper, h.wrapper = true, e
		h.v, h.d = unwrapInterface(e)
		return h
	}
	h.v = e
	return h
}

// dynamicValue is the helper Dynamic, for an argument x of a slice, array
// or map type whose elements are interfaces: a copy whose elements are
// as dynamicElem makes them, of x's type when its elements are empty
// interfaces and a []any or map[K]any otherwise (an interface the session
// declared is, to reflect, yaegi's wrapper struct); x itself when no
// element is a wrapper.
func dynamicValue(x any, methods ...any) any {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return x
	}
	t := v.Type()
	if t.Name() != "" || !holdsWrapper(v) {
		return x
	}
	table := methodTable(methods)
	if c, ok := rebuilt(v, func(e reflect.Value) any { return dynamicElem(e, table) }); ok {
		return c
	}
	return x
}

// dynamicValues is the helper Dynamics: the elements of xs (the argument
// of "f(xs...)") as dynamicElem makes them, in a new slice when one is a
// wrapper.
func dynamicValues(xs []any, methods ...any) []any {
	if !holdsWrapper(reflect.ValueOf(xs)) {
		return xs
	}
	table := methodTable(methods)
	v := reflect.ValueOf(xs)
	out := make([]any, len(xs))
	for i := range xs {
		out[i] = dynamicElem(v.Index(i), table)
	}
	return out
}

// rebuilt returns a copy of v, a slice, array or map of interfaces, whose
// elements are elem's of v's: a []any for a slice or for an array of
// non-empty interfaces, an array of v's type for an array of empty
// interfaces, and a map[K]E with v's key type K and E v's element type if
// it is the empty interface, any otherwise. It returns false for another
// kind of value.
func rebuilt(v reflect.Value, elem func(reflect.Value) any) (any, bool) {
	t := v.Type()
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = elem(v.Index(i))
		}
		if t.Kind() == reflect.Array && emptyInterface(t.Elem()) {
			c := reflect.New(t).Elem()
			for i, e := range out {
				if e != nil {
					c.Index(i).Set(reflect.ValueOf(e))
				}
			}
			return c.Interface(), true
		}
		return out, true
	case reflect.Map:
		et := t.Elem()
		if !emptyInterface(et) {
			et = reflect.TypeFor[any]()
		}
		c := reflect.MakeMapWithSize(reflect.MapOf(t.Key(), et), v.Len())
		for it := v.MapRange(); it.Next(); {
			ev := reflect.Zero(et)
			if e := elem(it.Value()); e != nil {
				ev = reflect.ValueOf(e)
			}
			c.SetMapIndex(it.Key(), ev)
		}
		return c.Interface(), true
	}
	return nil, false
}

// emptyInterface reports whether t is an interface type without methods.
func emptyInterface(t reflect.Type) bool {
	return t.Kind() == reflect.Interface && t.NumMethod() == 0
}

// holdsWrapper reports whether the slice, array or map v has an element
// that is yaegi's wrapper, or an interface holding one.
func holdsWrapper(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
	default:
		return false
	}
	elem := v.Type().Elem()
	if isValueInterface(elem) {
		return v.Len() > 0
	}
	if elem.Kind() != reflect.Interface {
		return false
	}
	wrapped := func(e reflect.Value) bool { return !e.IsNil() && isValueInterface(e.Elem().Type()) }
	if v.Kind() == reflect.Map {
		it := v.MapRange()
		for it.Next() {
			if wrapped(it.Value()) {
				return true
			}
		}
		return false
	}
	for i := 0; i < v.Len(); i++ {
		if wrapped(v.Index(i)) {
			return true
		}
	}
	return false
}

// dynamicTypeName is the helper TypeName, for a %T of a value x of an
// interface type I, given as []I{x}: x's type's name as fmt writes it,
// or, for yaegi's wrapper, the name of the session type inside
// ("main.Rect"); "<nil>" for a nil interface. candidates are the pairs of
// Go's name and a zero value of the session's types that I can hold
// (front.Lowering.typeCandidates): a value that reaches the helper in
// yaegi's wrapper of a method set (a Code held by an error), or bare of
// an unnamed type (a struct type of the session held by an any), is
// named by the candidate of its reflect type; when two candidates have
// that type, the cell ends with an InterpreterLimit. A bare value of a
// named type (int) keeps its name: a session type without methods
// declared on int is, to the interpreter, an int.
func dynamicTypeName(xs any, candidates ...any) string {
	e, ok := oneElem(xs)
	if !ok {
		return reflect.TypeOf(xs).String()
	}
	h := holding(e)
	switch {
	case !h.v.IsValid():
		return "<nil>"
	case h.d != nil:
		return h.d.String()
	case h.inWrapper:
		return h.v.Type().String()
	}
	t := h.v.Type()
	if h.methodWrapped && t.Kind() != reflect.Pointer {
		name, _ := methodWrappedType(h, candidateList(candidates))
		return name
	}
	if !h.methodWrapped && len(candidates) > 0 {
		// A type of the session on a type that is not a struct, held
		// bare (typetags.go).
		if name, ok := sharedName(e, t, candidateList(candidates)); ok {
			return name
		}
	}
	if h.methodWrapped {
		if name, ok := candidateName(t, candidateList(candidates)); ok {
			return name
		}
	} else if t.Name() == "" {
		cands := candidateList(candidates)
		if name, _, ok := contestedComposite(e, t, cands, true); ok {
			return name
		}
		if name, ok := candidateFor(e, t, cands); ok {
			return name
		}
	}
	if !h.methodWrapped && t.Name() == "" || t.Kind() == reflect.Pointer && t.Elem().Name() == "" {
		// A value of an instance of a generic type of the session (or a
		// pointer to one), recorded where it went into the interface
		// (front/typetags.go, tagInstance): no candidate names it.
		if tag, ok := taggedRecord(e); ok && tag.name != "" {
			return tag.name
		}
		if name, ok := composedName(t, candidateList(candidates), 0); ok {
			return name
		}
	}
	return t.String()
}

// composedName writes the unnamed pointer, slice, array, map or channel
// type t as Go names it when a struct type it is made of is the reflect
// type of one candidate (a session type, a local type or an instance of
// a generic type, which yaegi holds as unnamed structs): a
// []Pair[int, int] that a generic function of the session put in an
// interface, which the front end does not see and so does not record,
// reached the helpers as []struct { First int; Second int } (go run:
// []main.Pair[int,int]). A part that several candidates share is not
// named here (contestedComposite ends the cell for it). ok is false when
// no part is named.
func composedName(t reflect.Type, cands []candidate, depth int) (string, bool) {
	if t.Name() != "" || depth > 8 {
		return t.String(), false
	}
	switch t.Kind() {
	case reflect.Struct:
		name := ""
		for _, c := range cands {
			if c.t != t || c.name == name {
				continue
			}
			if name != "" {
				return t.String(), false
			}
			name = c.name
		}
		return name, name != ""
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		elem, ok := composedName(t.Elem(), cands, depth+1)
		if !ok {
			return t.String(), false
		}
		switch t.Kind() {
		case reflect.Pointer:
			return "*" + elem, true
		case reflect.Slice:
			return "[]" + elem, true
		case reflect.Array:
			return "[" + strconv.Itoa(t.Len()) + "]" + elem, true
		}
		switch t.ChanDir() {
		case reflect.RecvDir:
			return "<-chan " + elem, true
		case reflect.SendDir:
			return "chan<- " + elem, true
		}
		return "chan " + elem, true
	case reflect.Map:
		k, kok := composedName(t.Key(), cands, depth+1)
		v, vok := composedName(t.Elem(), cands, depth+1)
		if !kok && !vok {
			return t.String(), false
		}
		return "map[" + k + "]" + v, true
	}
	return t.String(), false
}

// sessionType is the reflect.Type of a value of a type the session
// declares: reflect's type for it, which yaegi builds without a name, with
// Go's name and string (front.Lowering lowers reflect.TypeOf(x) of such a
// static type to the helper TypeOf). yaegi gave reflect.TypeOf(T(12))
// of "type T int" as int.
//
// methods are the exported methods of the type's method set, separated
// by spaces, which yaegi's reflect type does not have (NumMethod gave 0);
// fields, of a struct type, Go's names of its fields (yaegi's are X+name
// for an unexported one); strings, not slices, so that two reflect.Types
// compare as Go's do. known: both were read from the type's candidate
// (typeIn).
type sessionType struct {
	reflect.Type
	name, str string
	methods   string
	desc      *typeDesc // the struct's description, nil when not known
	// descText is the front end's description of the type, parsed for
	// desc when a field is asked (the helper TypeOf's, for a struct
	// with a field of a session type).
	descText string
	known    bool
}

// Name returns the type's name in its package ("T"; "" for *T).
func (t sessionType) Name() string { return t.name }

// String returns the type as Go writes it ("main.T", "*main.T").
func (t sessionType) String() string { return t.str }

// PkgPath returns "main" for a named type of the session, "" otherwise.
func (t sessionType) PkgPath() string {
	if t.name == "" {
		return ""
	}
	return "main"
}

// typeOf is the helper TypeOf: reflect.TypeOf(x), named str and name,
// with the names of the type's methods (the front end's, all of its
// method set; the exported ones are kept) and, for a struct with a field
// of a session type, the type's description (front.Describe), which
// names that field's Type.
func typeOf(x any, str, name, methods string, desc ...string) reflect.Type {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return nil
	}
	if h := holding(v); h.v.IsValid() {
		v = h.v
	}
	st := sessionType{Type: v.Type(), name: name, str: str, methods: exportedNames(strings.Fields(methods))}
	if len(desc) == 1 {
		st.descText = desc[0]
	}
	return st
}

// valueTypeDynamic is the helper ValueTypeDynamic:
// reflect.ValueOf(x).Type() of an x of an interface type, given as
// TypeOfDynamic's arguments; it panics as Value.Type does when x is nil.
func valueTypeDynamic(xs any, candidates ...any) reflect.Type {
	t := typeOfDynamic(xs, candidates...)
	if t == nil {
		panic(&reflect.ValueError{Method: "reflect.Value.Type", Kind: reflect.Invalid})
	}
	return t
}

// typeOfDynamic is the helper TypeOfDynamic, reflect.TypeOf(x) of an x
// of an interface type, given as []I{x} (in which yaegi keeps the
// dynamic type) with the candidates of the session's types it can hold
// (as TypeName's): a value of a session type gets a sessionType with
// Go's name (yaegi's reflect type of it has none: reflect.TypeOf(x) of
// an any holding a T{1} was struct { X int }, not main.T).
func typeOfDynamic(xs any, candidates ...any) reflect.Type {
	e, ok := oneElem(xs)
	if !ok {
		return reflect.TypeOf(xs)
	}
	h := holding(e)
	if !h.v.IsValid() {
		return nil
	}
	t := h.v.Type()
	str := dynamicTypeName(xs, candidates...)
	if str == t.String() {
		return t
	}
	return namedSessionType(t, str, candidateList(candidates))
}

// dynamicValueIn and dynamicValuesIn are the helpers DynamicIn and
// DynamicsIn: Dynamic and Dynamics given the candidates of the session's
// types that the elements can hold, which describe an element held bare
// (a struct without methods, a []T): []any{S{1, 2}} printed
// [{Xa:1 Xb:2}] for %+v, and no String method of a []T's elements.
func dynamicValueIn(x any, candidates []any, methods ...any) any {
	v := reflect.ValueOf(x)
	cands := candidateList(candidates)
	if !v.IsValid() || v.Type().Name() != "" || len(cands) == 0 || !holdsBare(v, cands) {
		return dynamicValue(x, methods...)
	}
	table := methodTable(methods)
	elem := func(e reflect.Value) any {
		if g := bareSessionValue(e, cands, table); g != nil {
			return g
		}
		return dynamicElem(e, table)
	}
	if c, ok := rebuilt(v, elem); ok {
		return c
	}
	return dynamicValue(x, methods...)
}

func dynamicValuesIn(xs []any, candidates []any, methods ...any) []any {
	cands := candidateList(candidates)
	v := reflect.ValueOf(xs)
	if len(cands) == 0 || !holdsBare(v, cands) {
		return dynamicValues(xs, methods...)
	}
	table := methodTable(methods)
	out := make([]any, len(xs))
	for i := range xs {
		if g := bareSessionValue(v.Index(i), cands, table); g != nil {
			out[i] = g
		} else {
			out[i] = dynamicElem(v.Index(i), table)
		}
	}
	return out
}

// holdsBare reports whether the slice, array or map v of interfaces has
// an element held bare whose reflect type a candidate describes.
func holdsBare(v reflect.Value, cands []candidate) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
	default:
		return false
	}
	if v.Type().Elem().Kind() != reflect.Interface {
		return false
	}
	bare := func(e reflect.Value) bool {
		h := holding(e)
		return h.v.IsValid() && !h.inWrapper && !h.methodWrapped &&
			(h.v.Type().Name() == "" && (composedDesc(h.v.Type(), cands, 0) != nil || len(contestedParts(h.v.Type(), cands, false, 0)) > 0) ||
				len(methodShapedNames(h.v.Type(), cands)) > 0)
	}
	if v.Kind() == reflect.Map {
		for it := v.MapRange(); it.Next(); {
			if bare(it.Value()) {
				return true
			}
		}
		return false
	}
	for i := range v.Len() {
		if bare(v.Index(i)) {
			return true
		}
	}
	return false
}
