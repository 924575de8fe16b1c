package goexec

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"
	"weak"

	"github.com/rbm-kernel/rbm-kernel/kernel/compiled"
)

// Values of the session's types on a type that is not a struct, without
// methods (type N int, type Sl []int), are held by an interface as bare
// values of their underlying types: nothing in an any holding N(3) or
// Sl{1} tells it from one holding 3 or []int{1}. The front end records
// where such a value (or one of the same reflect type) goes into an empty
// interface (front/typetags.go): the helper TagType keeps the interface's
// data word, the address of the copy of the value the interface holds,
// which a copy of the interface shares, with the name of the value's
// static type. TypeName (%T) and TypeOfDynamic (reflect.TypeOf) name a
// value held bare by that name, and end the cell with an InterpreterLimit
// for a value of such a reflect type that was not recorded.

// typeTags holds the recorded values, by their data word. A value that
// the interface holds in a box (not a pointer, map, channel or func) is
// copied into a box of TagType's own (never one another value shares,
// such as Go's static boxes of small numbers), kept by a weak pointer
// when it holds pointers (a slice would keep its array alive): a box that
// was freed is not taken for the value now at its address; a box of
// numbers, and a pointer-shaped value (its own data word, which may not
// point into the heap), is kept by the entry.
// The table has two generations: past typeTagsMax entries the newer
// becomes the older and the older is dropped; a value looked up in the
// older moves to the newer. A value neither recorded nor looked up while
// 2×typeTagsMax others were recorded is refused, not misnamed.
var typeTags struct {
	mu       sync.Mutex
	m, older map[unsafe.Pointer]typeTag
}

type typeTag struct {
	box  weak.Pointer[byte] // the box, for a value in one
	keep any                // the value, for a pointer-shaped one
	t    reflect.Type
	name string // "" when recorded under two names
	// desc is the description of the static type (GoValue's), given for
	// a pointer, list, map or channel made of a struct type whose reflect
	// type two candidates share; "" otherwise.
	desc string
}

// live reports whether the entry's value is still the one at its address.
func (g typeTag) live() bool { return g.keep != nil || g.box.Value() != nil }

const typeTagsMax = 1 << 16

// eface is the layout of an empty interface.
type eface struct {
	typ, data unsafe.Pointer
}

// tagType is the helper TagType: x, recorded under name and, if given,
// the description of its type.
func tagType(x any, name string, desc ...string) any {
	if x == nil {
		return x
	}
	t := reflect.TypeOf(x)
	if t.Size() == 0 {
		return x
	}
	tag := typeTag{t: t, name: name}
	if len(desc) == 1 {
		tag.desc = desc[0]
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		if (*eface)(unsafe.Pointer(&x)).data == nil {
			return x
		}
		tag.keep = x
	default:
		c := reflect.New(t)
		c.Elem().Set(reflect.ValueOf(x))
		e := eface{typ: (*eface)(unsafe.Pointer(&x)).typ, data: c.UnsafePointer()}
		x = *(*any)(unsafe.Pointer(&e))
		if noPointers(t, 0) {
			// A number or an array of them keeps nothing else alive:
			// held by the entry (a weak pointer cost 1.9 µs a value).
			tag.keep = x
		} else {
			tag.box = weak.Make((*byte)(e.data))
		}
	}
	data := (*eface)(unsafe.Pointer(&x)).data
	typeTags.mu.Lock()
	if old, ok := lookupTag(data); ok && old.live() && old.t == t && old.name != name {
		tag.name, tag.desc = "", ""
	}
	storeTag(data, tag)
	typeTags.mu.Unlock()
	return x
}

// lookupTag finds the entry of data, moving it from the older
// generation to the newer; typeTags.mu is held.
func lookupTag(data unsafe.Pointer) (typeTag, bool) {
	if tag, ok := typeTags.m[data]; ok {
		return tag, true
	}
	tag, ok := typeTags.older[data]
	if ok {
		delete(typeTags.older, data)
		storeTag(data, tag)
	}
	return tag, ok
}

// storeTag records tag under data, starting a generation when the newer
// is full; typeTags.mu is held.
func storeTag(data unsafe.Pointer, tag typeTag) {
	if typeTags.m == nil || len(typeTags.m) >= typeTagsMax {
		typeTags.older, typeTags.m = typeTags.m, map[unsafe.Pointer]typeTag{}
	}
	typeTags.m[data] = tag
}

// taggedName returns the name recorded for the value that e, an element
// of type any of a slice (addressable), holds; false when none was.
func taggedName(e reflect.Value) (string, bool) {
	tag, ok := taggedRecord(e)
	return tag.name, ok
}

// taggedRecord returns the record of the value that e, an element of
// type any of a slice, or of a map (copied), holds; false when none was.
func taggedRecord(e reflect.Value) (typeTag, bool) {
	if e.Kind() != reflect.Interface || e.NumMethod() != 0 || e.IsNil() {
		return typeTag{}, false
	}
	if !e.CanAddr() {
		// A map's value: a copy of the interface holds the same data
		// word.
		if !e.CanInterface() {
			return typeTag{}, false
		}
		c := reflect.New(e.Type()).Elem()
		c.Set(e)
		e = c
	}
	data := (*eface)(e.Addr().UnsafePointer()).data
	typeTags.mu.Lock()
	tag, ok := lookupTag(data)
	typeTags.mu.Unlock()
	if !ok || tag.t != e.Elem().Type() || !tag.live() {
		return typeTag{}, false
	}
	return tag, true
}

// sharedName names the value e (an element of []I{x}, I an empty
// interface) holds bare, of the reflect type t, when a candidate without
// methods on a type that is not a struct has t: the name recorded for it,
// or an InterpreterLimit when none was (or two were). ok is false when no
// such candidate has t.
func sharedName(e reflect.Value, t reflect.Type, cands []candidate) (name string, ok bool) {
	var names []string
	withMethods := true
	for _, c := range cands {
		if c.t == t && sharesReflectType(c) {
			names = append(names, c.name)
			withMethods = withMethods && len(c.methods) > 0
		}
	}
	if len(names) > 0 && withMethods && predeclared(t) {
		// Only types with methods (type Color int with String) have
		// this number's or string's type: one the cell handed to
		// compiled code was recorded there (front/typetags.go,
		// tagForCompiled), so one not recorded is of its own type
		// (json's float64 in a session with type Celsius float64).
		if name, ok := taggedName(e); ok && name != "" {
			return name, true
		}
		return t.String(), true
	}
	what := ""
	if len(names) == 0 {
		// A list, map, pointer or channel made of such a type's reflect
		// type ([]int for []main.N).
		names = sharedParts(t, cands)
		if len(names) == 0 {
			return "", false
		}
		what = " made of"
	}
	if name, ok := taggedName(e); ok && name != "" {
		return name, true
	}
	panic(limitOf("the interpreter cannot tell whether this value of type " + t.String() + " held by an interface is" + what + " a " +
		strings.Join(names, " or a ") + " or not: it keeps " + strings.Join(names, ", ") + " as its underlying type" +
		" and did not see where the value went into the interface. Print or reflect on a variable of the value's own type, " +
		"or run this code compiled (a cell with func main, or %%compile)"))
}

// sharesReflectType reports whether c is a candidate on a type that is
// not a struct, whose reflect type (int for type N int) a value of
// another type may have. One with methods is too: yaegi holds it in its
// wrapper where the cell puts it in an interface, but bare where compiled
// code held it (a sync.Map's value). A type of a compiled cell is not:
// its reflect type is its own (compiled.T), which no other type has (a
// value of it in an any was refused as perhaps not a compiled.T).
func sharesReflectType(c candidate) bool {
	base := c.t
	for base.Kind() == reflect.Pointer && base.Name() == "" {
		base = base.Elem()
	}
	return !namedByCandidates(c.t) && c.t.Kind() != reflect.Interface &&
		!strings.HasPrefix(base.PkgPath(), compiled.PathPrefix)
}

// predeclared reports whether t is a predeclared type of Go (int,
// string, float64): named, of no package.
func predeclared(t reflect.Type) bool {
	return t.Name() != "" && t.PkgPath() == ""
}

// printsByMethod reports whether fmt prints a value of c's type with one
// of its methods.
func printsByMethod(c candidate) bool {
	for _, m := range c.methods {
		switch m {
		case "String", "Error", "Format", "GoString":
			return true
		}
	}
	return false
}

// methodShapedNames returns the names of the candidates on a type that is
// not a struct that fmt prints with a method (type Color int with
// String) whose reflect type is t or, at any depth, a part of t (int,
// []int, map[string]int for Color).
func methodShapedNames(t reflect.Type, cands []candidate) []string {
	return candidatesIn(t, cands, true, func(c candidate) bool { return sharesReflectType(c) && printsByMethod(c) })
}

// candidatesIn returns the names of the candidates for which keep is true
// whose reflect type is, at any depth, a part (an element, a key) of t, an
// unnamed pointer, slice, array, map or channel type; or t itself, with
// self.
func candidatesIn(t reflect.Type, cands []candidate, self bool, keep func(candidate) bool) []string {
	var names []string
	var walk func(t reflect.Type, self bool, depth int)
	walk = func(t reflect.Type, self bool, depth int) {
		if self {
			for _, c := range cands {
				if c.t == t && keep(c) && !slices.Contains(names, c.name) {
					names = append(names, c.name)
				}
			}
		}
		if t.Name() != "" || depth > 8 {
			return
		}
		for _, p := range reflectParts(t) {
			walk(p, true, depth+1)
		}
	}
	walk(t, self, 0)
	return names
}

// methodShapedDesc is for the value that e (an element of []I{x}, I an
// empty interface) holds bare, of the reflect type t, when t is or is
// made of the reflect type of a candidate that fmt prints with a method,
// on a type that is not a struct (methodShapedNames): a []Color is a
// []int to the interpreter, in an interface and out of it, and a Color
// that compiled code held is an int. The record made where the value
// went into the interface (front/typetags.go) says which it is: the
// description of its type (a []main.Color, whose elements fmt prints
// with String), or none (plain: a []int, printed as it is). A value not
// recorded ends the cell with an InterpreterLimit. ok is false when no
// such candidate has t or a part of it.
func methodShapedDesc(e reflect.Value, t reflect.Type, cands []candidate) (d *typeDesc, ok bool) {
	names := methodShapedNames(t, cands)
	if len(names) == 0 {
		return nil, false
	}
	tag, recorded := taggedRecord(e)
	if (!recorded || tag.name == "") && t.Name() != "" {
		// A number or string that the cell did not put in the
		// interface: compiled code's own (json's, a map's), since a
		// Color handed to compiled code is recorded where it goes
		// (front/typetags.go, tagForCompiled). Printed as it is.
		return nil, true
	}
	if !recorded || tag.name == "" {
		var whole, parts []string
		for _, n := range names {
			if slices.ContainsFunc(cands, func(c candidate) bool { return c.name == n && c.t == t }) {
				whole = append(whole, "a "+n)
			} else {
				parts = append(parts, n)
			}
		}
		what := whole
		if len(parts) > 0 {
			what = append(what, "made of a "+strings.Join(parts, " or a "))
		}
		panic(limitOf("the interpreter cannot tell whether this value of type " + t.String() + " held by an interface is " +
			strings.Join(what, " or ") + " or not: it keeps " + strings.Join(names, ", ") + " as its underlying type" +
			" and did not see where the value went into the interface (compiled code may have held it), so it cannot tell whether fmt would call a method." +
			" Print a variable of the value's own type, or run this code compiled (a cell with func main, or %%compile)"))
	}
	if tag.desc != "" {
		if d, ok := parseDesc(tag.desc); ok {
			return d, true
		}
	}
	return nil, true
}

// recordedShapeDesc is methodShapedDesc for the value that the empty
// interface iface (a field's or an element's, which need not be
// addressable) holds: the recorded description, or nil (plain, or not
// recorded: fmt's call is printing, and cannot end the cell).
func recordedShapeDesc(iface reflect.Value, t reflect.Type, cands []candidate) *typeDesc {
	if len(methodShapedNames(t, cands)) == 0 {
		return nil
	}
	return ifaceRecordDesc(iface)
}

// ifaceRecordDesc returns the description recorded for the value that the
// empty interface iface (which need not be addressable) holds; nil when
// it has none.
func ifaceRecordDesc(iface reflect.Value) *typeDesc {
	tag, ok := taggedRecord(iface)
	if !ok || tag.name == "" || tag.desc == "" {
		return nil
	}
	d, _ := parseDesc(tag.desc)
	return d
}

// sharedParts returns the names of the candidates on a type that is not a
// struct whose reflect type is an element (or key) of t, an unnamed
// pointer, slice, array, map or channel type, at any depth.
func sharedParts(t reflect.Type, cands []candidate) []string {
	return candidatesIn(t, cands, false, sharesReflectType)
}

// valueInterface is the helper ValueInterface, v.Interface() in a session
// with a type on a type that is not a struct: recorded under the name of
// the static type that ValueOfStatic kept for v, if any.
func valueInterface(v reflect.Value) any {
	x := v.Interface()
	if str, ok := staticValueName(v); ok && str != "" {
		return tagType(x, str)
	}
	return x
}

// noPointers reports whether a value of type t holds no pointer: a
// boolean, a number, or an array or struct of them.
func noPointers(t reflect.Type, depth int) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return depth < 8 && noPointers(t.Elem(), depth+1)
	case reflect.Struct:
		if depth >= 8 {
			return false
		}
		for i := range t.NumField() {
			if !noPointers(t.Field(i).Type, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// reflectParts returns the element type of a pointer, slice, array or
// channel type t, the key and element types of a map type, and nil for
// any other kind.
func reflectParts(t reflect.Type) []reflect.Type {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
		return []reflect.Type{t.Elem()}
	case reflect.Map:
		return []reflect.Type{t.Key(), t.Elem()}
	}
	return nil
}
