package goexec

import "reflect"

// Comparison of interface values. Go's x == y of interfaces is true when
// both are nil, or the dynamic types are identical and the dynamic values
// equal. yaegi compared its own wrappers instead: a *MyErr held by error
// was unequal to the same pointer held by any (or even to the variable it
// came from), two Sq{1} held by a Shape of the cell's were unequal, and
// two error values of a struct type panicked ("comparing uncomparable
// type interp._error": the wrapper holds a func). The front end lowers
// such a comparison to InterfaceEqual([]I{x}, []J{y}, []any{candidates…}),
// in which yaegi keeps the wrappers, and this helper compares what they
// hold.

// dynamicOperand is an operand's dynamic value and, when known, the Go
// name of its type ("main.MyErr"; "" for a compiled type, whose reflect
// type names it).
type dynamicOperand struct {
	v    reflect.Value
	name string
	// lost: the operand is a struct that yaegi's method wrapper kept only
	// in part (methodWrappedType); v is what it kept, name its type.
	lost bool
}

// interfaceEqual is the helper InterfaceEqual. static, when given, are
// the Go names of the static types of the operands that are not of an
// interface type ("" for one that is): a bare value of a type on a type
// that is not a struct is named by them (typetags.go).
func interfaceEqual(xs, ys any, candidates []any, static ...string) bool {
	ex, ok1 := oneElem(xs)
	ey, ok2 := oneElem(ys)
	if !ok1 || !ok2 {
		return xs == ys
	}
	cands := candidateList(candidates)
	sx, sy := "", ""
	if len(static) == 2 {
		sx, sy = static[0], static[1]
	}
	a, b := operandOf(ex, cands, sx), operandOf(ey, cands, sy)
	if !a.v.IsValid() || !b.v.IsValid() {
		return !a.v.IsValid() && !b.v.IsValid()
	}
	if a.lost || b.lost {
		// The types may still differ, which decides without the values.
		if a.lost && b.lost && a.name != b.name {
			return false
		}
		known, lost := b, a.name
		if b.lost {
			known, lost = a, b.name
		}
		if !known.lost {
			if known.name == "" {
				// A compiled type, unless its reflect type is a session
				// type's that two types share (then refused).
				if _, ok := candidateName(known.v.Type(), cands); !ok {
					return false
				}
			} else if known.name != lost {
				return false
			}
		}
		panic(limitOf("the interpreter holds this " + lost + " in its wrapper of an interface's methods, which keeps only its last field: it cannot compare it. Use a pointer receiver (&T{…}), or run this code compiled (a cell with func main, or %%compile)"))
	}
	t := a.v.Type()
	if t != b.v.Type() || (a.name != "" && b.name != "" && a.name != b.name) {
		return false
	}
	if a.name == "" || b.name == "" {
		// One side's type is known only by its reflect type, which two
		// types of the session can share: candidateName refuses then.
		candidateName(t, cands)
	}
	if !t.Comparable() {
		name := a.name
		if name == "" {
			name = t.String()
		}
		panic(runtimeError{"runtime error: comparing uncomparable type " + name})
	}
	return a.v.Interface() == b.v.Interface()
}

// operandOf takes the operand e (an element of []I) apart; static is the
// name of its static type when it is not an interface's, or "".
func operandOf(e reflect.Value, cands []candidate, static string) dynamicOperand {
	h := holding(e)
	switch {
	case !h.v.IsValid():
		return dynamicOperand{}
	case !h.v.CanInterface():
		panic(limitOf("the interpreter holds an operand of this comparison in a form the kernel cannot read; compare in a compiled cell"))
	case h.inWrapper && h.d != nil:
		return dynamicOperand{v: h.v, name: h.d.String()}
	case h.methodWrapped && h.v.Kind() != reflect.Pointer:
		name, whole := methodWrappedType(h, cands)
		if !whole.IsValid() {
			return dynamicOperand{v: h.v, name: name, lost: true}
		}
		return dynamicOperand{v: whole, name: name}
	}
	if !h.methodWrapped && static != "" {
		return dynamicOperand{v: h.v, name: static}
	}
	if !h.methodWrapped {
		// A type on a type that is not a struct, held bare: named as
		// TagType recorded it, or refused (typetags.go).
		if name, ok := sharedName(e, h.v.Type(), cands); ok {
			return dynamicOperand{v: h.v, name: name}
		}
	}
	if !h.methodWrapped && h.v.Type().Name() == "" {
		if name, ok := taggedCandidate(e, h.v.Type(), cands); ok {
			return dynamicOperand{v: h.v, name: name}
		}
	}
	if h.methodWrapped || h.v.Type().Name() == "" {
		if name, ok := uniqueCandidate(h.v.Type(), cands); ok {
			return dynamicOperand{v: h.v, name: name}
		}
	}
	return dynamicOperand{v: h.v}
}

// uniqueCandidate is candidateName without the refusal: false when no
// candidate or several have the reflect type t.
func uniqueCandidate(t reflect.Type, cands []candidate) (string, bool) {
	name, n := "", 0
	for _, c := range cands {
		if c.t == t {
			name, n = c.name, n+1
		}
	}
	return name, n == 1
}

// mapKey is the helper MapKey, for a key k of type any of a map keyed by
// an interface type (front's refuseInterfaceMapKeys): k itself, or an
// InterpreterLimit when k holds a value of a type of the session with
// methods, which the interpreter keeps as a key in different wrappers
// depending on how it came into the interface.
func mapKey(xs []any, candidates []any) any {
	k := xs[0]
	e, ok := oneElem(xs)
	if !ok {
		return k
	}
	h := holding(e)
	if !h.v.IsValid() {
		return k
	}
	name := ""
	if !h.inWrapper && !h.methodWrapped {
		// A type on a type that is not a struct, held bare, is its
		// underlying type to the map (typetags.go): N(1) and 1 are one
		// key.
		if n, ok := sharedName(e, h.v.Type(), candidateList(candidates)); ok && n != h.v.Type().String() {
			panic(limitOf("a map key of type " + n + " cannot be kept by the interpreter apart from one of type " +
				h.v.Type().String() + ": it keeps " + n + " as " + h.v.Type().String() + ", so that a key of each is one key. " +
				"Key the map by the concrete type, or run this code compiled (a cell with func main, or %%compile)"))
		}
	}
	switch {
	case h.methodWrapped:
		name = "a value held by an interface with methods"
	case h.inWrapper && h.d != nil:
		for _, c := range candidateList(candidates) {
			if c.name == h.d.String() && len(c.methods) > 0 {
				name = c.name
			}
		}
	}
	if name == "" {
		return k
	}
	panic(limitOf("a map key of type " + name + " cannot be kept by the interpreter: it keeps such keys in different wrappers depending on how the value came into the interface, and a key stored one way is not found another. Key the map by the concrete type or by a comparable field (an ID), or run this code compiled (a cell with func main, or %%compile)"))
}
