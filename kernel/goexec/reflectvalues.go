package goexec

import (
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Reflection on values of the session's types that the front end cannot
// follow statically: a reflect.Value or reflect.Type kept in a variable,
// or taken from an interface (front/reflectvalues.go). yaegi's reflect
// type of a session struct has no name and no methods, and
// reflect.ValueOf(x) of an interface x holding one gave a Value of
// yaegi's wrapper (interp.valueInterface, two fields). The helpers
// below are given the candidates of every type of the session (as
// TypeName's) and answer as Go does, or end the cell with an
// InterpreterLimit where they cannot.
//
// Only a struct type, or a pointer to one, is named from the candidates
// (namedByCandidates): yaegi builds those with reflect.StructOf, so no
// compiled type has their reflect type. A session type on another
// underlying type ([]int, int) is, to reflect, that type, and is left:
// naming every []int main.S would be wrong for the []ints that are not.

// plainType is the helper PlainType: reflect's own type of t, for an
// argument of reflect's functions and methods, which assert that a
// reflect.Type is theirs (reflect.New of a sessionType panicked with
// "interface conversion").
func plainType(t reflect.Type) reflect.Type {
	if st, ok := t.(sessionType); ok {
		return st.Type
	}
	return t
}

// valueOfDynamic is the helper ValueOfDynamic, reflect.ValueOf(x) of an x
// of an interface type given as []I{x}: the Value of the value x holds,
// taken out of yaegi's wrapper (Go's reflect.ValueOf(x) has the dynamic
// value; yaegi's had the wrapper, so NumField was 2 and Type
// interp.valueInterface), and a pointer out of yaegi's wrapper of a
// method set (an error holding a *E: Elem panicked, "call of
// reflect.Value.Elem on struct Value"). A struct in such a wrapper, which
// keeps only a part of it, is given as before.
func valueOfDynamic(xs any) reflect.Value {
	e, ok := oneElem(xs)
	if !ok {
		return reflect.ValueOf(xs)
	}
	if e.Kind() == reflect.Interface {
		if e.IsNil() {
			return reflect.Value{}
		}
		e = e.Elem()
	}
	h := holding(e)
	if !h.v.IsValid() || h.methodWrapped && h.v.Kind() != reflect.Pointer {
		return e
	}
	return h.v
}

// valueTypeIn is the helper ValueTypeIn, v.Type() of any reflect.Value
// v, given the candidates of the session's types: for a value of a
// session struct type (or pointer to one) a reflect.Type with Go's name
// and methods (typeIn), for one ValueOfStatic made the name it kept. It
// panics as Value.Type does for the zero Value.
func valueTypeIn(v reflect.Value, candidates ...any) reflect.Type {
	return valueType(v, false, candidates)
}

// valueTypeInShared is the helper ValueTypeInShared, ValueTypeIn in a
// session with a type on a type that is not a struct (front's
// sharedSuffix): a Value of a reflect type that such a type shares, not
// made by ValueOfStatic, ends the cell with an InterpreterLimit. Another
// session does not read its candidates for it.
func valueTypeInShared(v reflect.Value, candidates ...any) reflect.Type {
	return valueType(v, true, candidates)
}

// valueType is valueTypeIn, with the check of shared reflect types when
// shared is set.
func valueType(v reflect.Value, shared bool, candidates []any) reflect.Type {
	t := v.Type()
	if str, ok := staticValueName(v); ok {
		switch str {
		case "":
			panic(limitOf("the interpreter cannot tell the type of this reflect.Value of type " + t.String() +
				": reflect.ValueOf was given values of two types that it keeps as one at the same address. " +
				"Ask reflect.TypeOf of a variable of the type, or run this code compiled (a cell with func main, or %%compile)"))
		case t.String():
			return t
		default:
			return namedSessionType(t, str, candidateList(candidates))
		}
	}
	if shared && !namedByCandidates(t) {
		// A Value of a type that a session type on a type that is not
		// a struct shares, which ValueOfStatic did not make: the
		// interpreter cannot tell which it is.
		if names := sharingCandidates(t, candidateList(candidates)); len(names) > 0 {
			panic(sharedTypeLimit(t, names))
		}
	}
	if isValueInterface(t) {
		if h := holding(v); h.v.IsValid() {
			if h.d != nil {
				return namedSessionType(h.v.Type(), h.d.String(), candidateList(candidates))
			}
			t = h.v.Type()
		}
	}
	return typeIn(t, candidates...)
}

// typeIn is the helper TypeIn, given a reflect.Type about to be asked for
// its name, string, path or methods, or just made by Elem, Key, In, Out
// or a reflect function: a type of the session gets Go's name and
// methods (sessionType); any other type is returned as it is.
func typeIn(t reflect.Type, candidates ...any) reflect.Type {
	switch st := t.(type) {
	case nil:
		return nil
	case sessionType:
		// The helper TypeOf's type knows its methods, not its fields: it
		// is given its candidate's.
		if !st.known {
			if c := candidateNamed(candidateList(candidates), st.str); c != nil {
				st = fromCandidate(st, c)
			}
		}
		return st
	}
	if !namedByCandidates(t) {
		return t
	}
	// Two candidates of type t end the cell here, not when the name is
	// asked: fmt would print the panic of a String method in its output
	// (%!v(PANIC=String method: …)).
	cands := candidateList(candidates)
	name, ok := candidateName(t, cands)
	if !ok {
		return t
	}
	return namedSessionType(t, name, cands)
}

// namedByCandidates reports whether t is a type that only a session type
// can have: an unnamed struct type, or a pointer to one (see above).
func namedByCandidates(t reflect.Type) bool {
	if t.Name() != "" {
		return false
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name() == "" && t.Kind() == reflect.Struct
}

// namedSessionType returns t named str ("main.T", "*main.T"), with the
// methods of the candidate of that name.
func namedSessionType(t reflect.Type, str string, cands []candidate) reflect.Type {
	name := ""
	if rest, ok := strings.CutPrefix(str, "main."); ok {
		name = rest
	}
	st := sessionType{Type: t, name: name, str: str}
	if c := candidateNamed(cands, str); c != nil {
		st = fromCandidate(st, c)
	}
	return st
}

// fromCandidate gives st the exported methods of c and, for a struct, c's
// description of it (its fields' names and embedding).
func fromCandidate(st sessionType, c *candidate) sessionType {
	st.methods, st.known = exportedNames(c.methods), true
	d := c.desc
	if d != nil && d.kind == 'N' {
		d = d.elem
	}
	if d != nil && d.kind == 'S' && st.Kind() == reflect.Struct && len(d.fields) == st.Type.NumField() {
		st.desc = d
	}
	return st
}

// Field returns the struct field i with Go's name (yaegi's is X+name for
// an unexported field, whose PkgPath is then "main") and, for an embedded
// field, Anonymous (yaegi's is not).
func (t sessionType) Field(i int) reflect.StructField {
	f := t.Type.Field(i)
	if d := t.structDesc(); d != nil && i < len(d.fields) {
		return describedField(f, d.fields[i], []int{i})
	}
	return f
}

// structDesc returns the description of the struct t, from its candidate
// (desc) or the helper TypeOf (descText); nil when neither gives one that
// fits yaegi's type.
func (t sessionType) structDesc() *typeDesc {
	if t.desc != nil || t.descText == "" {
		return t.desc
	}
	d, ok := parseDesc(t.descText)
	if ok && d.kind == 'N' {
		d = d.elem
	}
	if !ok || d == nil || d.kind != 'S' || t.Kind() != reflect.Struct || len(d.fields) != t.Type.NumField() {
		return nil
	}
	return d
}

// describedField returns f, yaegi's field, with the name, package path,
// embedding and index of d, its description, and a Type with Go's name
// where the field's type is written with a session type (fieldType).
func describedField(f reflect.StructField, d fieldDesc, index []int) reflect.StructField {
	f.Name, f.Anonymous, f.Index, f.PkgPath = d.name, d.embedded, index, ""
	if !token.IsExported(d.name) {
		f.PkgPath = "main"
	}
	f.Type = fieldType(f.Type, d.t)
	return f
}

// fieldType returns t, yaegi's type of a field described by d, named as
// Go names it when d is written with a session type (main.T, []main.T,
// *main.T): yaegi's StructField.Type had no name (struct { X int } for
// main.In, []int for main.Sl). Its methods are its candidate's, given by
// TypeIn when they are asked.
func fieldType(t reflect.Type, d *typeDesc) reflect.Type {
	if d == nil || t == nil {
		return t
	}
	str := d.String()
	if str == t.String() || strings.Contains(str, "?") {
		return t
	}
	st := sessionType{Type: t, str: str}
	if d.kind == 'N' {
		st.name = strings.TrimPrefix(str, "main.")
		if d.elem != nil && d.elem.kind == 'S' && t.Kind() == reflect.Struct && len(d.elem.fields) == t.NumField() {
			st.desc = d.elem
		}
	}
	return st
}

// FieldByName finds a field by Go's name, promoted ones too, as Go does:
// the shallowest field of that name, through embedded structs (and
// pointers to them), not found when two are at that depth. yaegi's names
// (X+name of an unexported field) are not Go's, and its embedded fields
// are not Anonymous, so reflect found no promoted field.
func (t sessionType) FieldByName(name string) (reflect.StructField, bool) {
	desc := t.structDesc()
	if desc == nil {
		return t.Type.FieldByName(name)
	}
	type level struct {
		d     *typeDesc
		rt    reflect.Type
		index []int
	}
	seen := map[*typeDesc]bool{}
	for cur := []level{{desc, t.Type, nil}}; len(cur) > 0; {
		var found []reflect.StructField
		var next []level
		for _, l := range cur {
			if seen[l.d] {
				continue
			}
			seen[l.d] = true
			for i, f := range l.d.fields {
				if i >= l.rt.NumField() {
					break
				}
				index := append(slices.Clone(l.index), i)
				if f.name == name {
					found = append(found, describedField(l.rt.Field(i), f, index))
					continue
				}
				if d, rt, ok := embeddedStruct(f, l.rt.Field(i).Type); ok {
					next = append(next, level{d, rt, index})
				}
			}
		}
		switch len(found) {
		case 0:
		case 1:
			return found[0], true
		default:
			return reflect.StructField{}, false
		}
		cur = next
	}
	return reflect.StructField{}, false
}

// embeddedStruct returns the description and yaegi's reflect type of the
// struct that f, a field of type rt, embeds (itself or through a
// pointer); false when f is not embedded or not a struct.
func embeddedStruct(f fieldDesc, rt reflect.Type) (*typeDesc, reflect.Type, bool) {
	d := f.t
	if !f.embedded || d == nil {
		return nil, nil, false
	}
	if d.kind == 'P' && rt.Kind() == reflect.Pointer {
		d, rt = d.elem, rt.Elem()
	}
	if d != nil && d.kind == 'N' {
		d = d.elem
	}
	if d == nil || d.kind != 'S' || rt.Kind() != reflect.Struct || len(d.fields) != rt.NumField() {
		return nil, nil, false
	}
	return d, rt, true
}

// candidateNamed returns the candidate called name, nil when none is.
func candidateNamed(cands []candidate, name string) *candidate {
	for i := range cands {
		if cands[i].name == name {
			return &cands[i]
		}
	}
	return nil
}

// exportedNames joins the exported names of names with spaces.
func exportedNames(names []string) string {
	var out []string
	for _, n := range names {
		if n != "" && n[0] >= 'A' && n[0] <= 'Z' {
			out = append(out, n)
		}
	}
	return strings.Join(out, " ")
}

// NumMethod returns the number of exported methods in the method set of
// the session's type (yaegi's reflect type has none).
func (t sessionType) NumMethod() int {
	if t.Kind() == reflect.Interface {
		return t.Type.NumMethod()
	}
	return len(strings.Fields(t.methods))
}

// Method panics as reflect's does for a type without methods, and ends the
// cell with an InterpreterLimit for one with methods: the interpreter's
// reflect type has no method to give.
func (t sessionType) Method(i int) reflect.Method {
	if t.methods == "" {
		return t.Type.Method(i)
	}
	panic(methodsLimit("reflect.Type.Method", t.str))
}

// MethodByName answers as Go does for a name that is not an exported
// method of the type, and ends the cell with an InterpreterLimit for one
// that is.
func (t sessionType) MethodByName(name string) (reflect.Method, bool) {
	if !hasName(t.methods, name) {
		return reflect.Method{}, false
	}
	panic(methodsLimit("reflect.Type.MethodByName", t.str))
}

// hasName reports whether name is one of the space-separated names.
func hasName(names, name string) bool {
	for _, n := range strings.Fields(names) {
		if n == name {
			return true
		}
	}
	return false
}

// methodsLimit is the InterpreterLimit of a method of a session type
// asked of reflect: what, of the type named str.
func methodsLimit(what, str string) interpreterLimit {
	return interpreterLimit{what + " of " + str + ", a type declared in a cell, cannot run in the interpreter: its reflect type has none of " +
		str + "'s methods. Call the method directly (or through an interface), or run this code compiled (a cell with func main, or %%compile)"}
}

// sessionTypeOfValue returns the session type of v's value as typeIn
// finds it; false when v's type is not one of the session's.
func sessionTypeOfValue(v reflect.Value, shared bool, candidates []any) (sessionType, bool) {
	if !v.IsValid() || v.Kind() == reflect.Interface {
		return sessionType{}, false
	}
	st, ok := valueType(v, shared, candidates).(sessionType)
	return st, ok
}

// valueNumMethod is the helper ValueNumMethod, v.NumMethod() given the
// candidates of the session's types: the number of exported methods of a
// value of a session type (yaegi's reflect type has none).
// ValueNumMethodShared, and the Shared helpers below, check shared
// reflect types as ValueTypeInShared does.
func valueNumMethod(v reflect.Value, candidates ...any) int {
	return valueNumMethodWith(v, false, candidates)
}

func valueNumMethodShared(v reflect.Value, candidates ...any) int {
	return valueNumMethodWith(v, true, candidates)
}

func valueNumMethodWith(v reflect.Value, shared bool, candidates []any) int {
	if st, ok := sessionTypeOfValue(v, shared, candidates); ok {
		return st.NumMethod()
	}
	return v.NumMethod()
}

// valueMethod is the helper ValueMethod, v.Method(i): an InterpreterLimit
// for a value of a session type with methods, which yaegi's reflect value
// does not have.
func valueMethod(v reflect.Value, i int, candidates ...any) reflect.Value {
	return valueMethodWith(v, i, false, candidates)
}

func valueMethodShared(v reflect.Value, i int, candidates ...any) reflect.Value {
	return valueMethodWith(v, i, true, candidates)
}

func valueMethodWith(v reflect.Value, i int, shared bool, candidates []any) reflect.Value {
	if st, ok := sessionTypeOfValue(v, shared, candidates); ok && st.NumMethod() > 0 {
		panic(methodsLimit("reflect.Value.Method", st.str))
	}
	return v.Method(i)
}

// valueMethodByName is the helper ValueMethodByName, v.MethodByName(name):
// the zero Value, as Go gives, for a name that is not an exported method
// of a value's session type, and an InterpreterLimit for one that is.
func valueMethodByName(v reflect.Value, name string, candidates ...any) reflect.Value {
	return valueMethodByNameWith(v, name, false, candidates)
}

func valueMethodByNameShared(v reflect.Value, name string, candidates ...any) reflect.Value {
	return valueMethodByNameWith(v, name, true, candidates)
}

func valueMethodByNameWith(v reflect.Value, name string, shared bool, candidates []any) reflect.Value {
	if st, ok := sessionTypeOfValue(v, shared, candidates); ok {
		if hasName(st.methods, name) {
			panic(methodsLimit("reflect.Value.MethodByName", st.str))
		}
		return reflect.Value{}
	}
	return v.MethodByName(name)
}

// spreadTypeFormat is the helper SpreadTypeFormat, the format of a
// printf-style call f(format, xs...) with %T verbs (front's
// spreadTypeVerbs): the verb at each offset of pairs (argument index,
// offset) becomes %s where the argument is one of the n elements of xs,
// which SpreadTypeNames makes the type's name; a %T without its argument
// stays, for fmt's %!T(MISSING).
func spreadTypeFormat(format string, n int, pairs []int) string {
	b := []byte(format)
	for k := 0; k+1 < len(pairs); k += 2 {
		if i, off := pairs[k], pairs[k+1]; i < n && off < len(b) && b[off] == 'T' {
			b[off] = 's'
		}
	}
	return string(b)
}

// spreadTypeNames is the helper SpreadTypeNames: a copy of xs whose
// element at each of the indexes is the name of its dynamic type, as
// TypeName writes it from the candidates of the session's types
// ("main.Hv" for a value fmt printed as struct { Xx int }).
func spreadTypeNames(xs []any, indexes []int, candidates ...any) []any {
	out := make([]any, len(xs))
	copy(out, xs)
	for _, i := range indexes {
		if i < len(xs) {
			out[i] = dynamicTypeName(xs[i:i+1], candidates...)
		}
	}
	return out
}

// valueOfStatic is the helper ValueOfStatic, reflect.ValueOf(x) of an x
// whose static type the interpreter keeps as another's (front's
// valueOfStatic): a session type on a type that is not a struct (main.Sl,
// to yaegi []int), or an unnamed struct type with the fields of a
// session struct type (yaegi builds both as one reflect type). The Value
// is Go's, copied to memory of its own so that no other Value is the
// same, and its type's Go string str is kept (valueNames) for the helper
// ValueTypeIn: v.Type() of it kept in a variable gave []int for main.Sl,
// and main.Pa for struct { A int; B int }.
func valueOfStatic(x any, str string) reflect.Value {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return v
	}
	if h := holding(v); h.v.IsValid() {
		v = h.v
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		// The Value holds the pointer itself.
	default:
		if v.Type().Size() == 0 {
			return v // one address for every value of its size: not kept
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		v = reflect.ValueOf(c.Interface())
	}
	valueNames.mu.Lock()
	if valueNames.m == nil || len(valueNames.m) >= valueNamesMax {
		valueNames.m = map[reflect.Value]string{}
	}
	if old, ok := valueNames.m[v]; ok && old != str {
		str = "" // the same pointer under two types: neither is told
	}
	valueNames.m[v] = str
	valueNames.mu.Unlock()
	return v
}

// valueNames holds the Go strings of the static types of the Values
// valueOfStatic made, by the Value ("" for one given under two types).
// Past valueNamesMax it starts anew: a Value no longer kept is, to
// ValueTypeIn, one it was not given.
var valueNames struct {
	mu sync.Mutex
	m  map[reflect.Value]string
}

const valueNamesMax = 4096

// staticValueName returns the Go string of the static type of v, a Value
// valueOfStatic made; false when it did not make it.
func staticValueName(v reflect.Value) (string, bool) {
	valueNames.mu.Lock()
	defer valueNames.mu.Unlock()
	str, ok := valueNames.m[v]
	return str, ok
}

// sharedTypeLimit is the InterpreterLimit of v.Type() of a Value of the
// reflect type t, which is also that of the session types names (on a
// type that is not a struct), when valueOfStatic did not make it: the
// interpreter keeps the session types as t, so nothing tells them apart.
func sharedTypeLimit(t reflect.Type, names []string) interpreterLimit {
	return interpreterLimit{"the interpreter cannot tell whether this reflect.Value of type " + t.String() + " is a " +
		strings.Join(names, " or a ") + " or not: it keeps " + strings.Join(names, ", ") + " as " + t.String() +
		". Ask reflect.TypeOf of a variable of the type, or run this code compiled (a cell with func main, or %%compile)"}
}

// sharingCandidates returns the names of the candidates on a type that
// is not a struct (nor a pointer to one) whose reflect type is t.
func sharingCandidates(t reflect.Type, cands []candidate) []string {
	var names []string
	for _, c := range cands {
		if c.t == t && !namedByCandidates(c.t) && c.t.Kind() != reflect.Interface {
			names = append(names, c.name)
		}
	}
	return names
}
