package goexec

import (
	"reflect"
	"strings"
	"sync/atomic"
	"unsafe"
)

// The helpers of the type assertions that the front end lowers
// (front/commaok.go, front/typeswitch.go): Go's panics, and the
// InterpreterLimit of an assertion that nothing in the interpreter can
// decide.

// assertionError is the panic of a failed type assertion that the front
// end lowered (front/commaok.go): a runtime.Error with Go's message.
type assertionError struct{ msg string }

func (e assertionError) Error() string { return e.msg }

// RuntimeError marks the error as a run-time error, as Go's own
// *runtime.TypeAssertionError is.
func (assertionError) RuntimeError() {}

// assertionPanic is the helper AssertionPanic: it panics as Go does when
// a value of type what is asserted to the interface to and lacks method.
func assertionPanic(what, to, method string) any {
	msg := "interface conversion: " + what + " is not " + to
	if method != "" {
		msg += ": missing method " + method
	}
	panic(assertionError{msg})
}

// interpreterLimit is the panic of code that type-checks and that Go
// runs, but that the interpreter would run wrongly, found only when it
// runs: the cell ends with an InterpreterLimit error, and recover cannot
// stop it (a wrong answer must not go on quietly).
type interpreterLimit struct{ msg string }

// limitOf returns the refusal msg, and notes it as raised while the cell
// runs: fmt recovers a panic inside a String or Format method that it
// calls and prints %!v(PANIC=…) in its place, so a refusal there did not
// end the cell (exec ends it with the one noted).
func limitOf(msg string) interpreterLimit {
	limitRaised.Store(&msg)
	return interpreterLimit{msg}
}

// limitRaised is the last refusal raised (limitOf) since the running
// chunk started, nil if none.
var limitRaised atomic.Pointer[string]

func (e interpreterLimit) String() string { return e.msg }

// compiledAssertion is the helper CompiledAssertion (front/commaok.go):
// an assertion of y, given as []X{y} (X its static type), to the
// interface to, which the session declares or
// the cell writes as a literal, with the methods named. yaegi answers
// false for a value of a compiled type, so when y holds one that has
// every method (Go would say yes) the cell ends with an InterpreterLimit.
func compiledAssertion(ys any, to string, methods ...string) {
	e, ok := oneElem(ys)
	if !ok {
		return
	}
	h := holding(e)
	switch {
	case !h.v.IsValid(), h.methodWrapped:
		return // nil, or an interpreted value in one of yaegi's wrappers
	case h.inWrapper:
		// yaegi asks the methods of the type of the expression that
		// put the value in its wrapper: right when that type has them,
		// and always for an interpreted type.
		static := wrapperStaticType(h.wrapper)
		if static == nil {
			return
		}
		has := true
		for _, m := range methods {
			if _, ok := static.MethodByName(m); !ok {
				has = false
			}
		}
		if has {
			return
		}
	}
	t := h.v.Type()
	named := t
	if t.Kind() == reflect.Pointer {
		named = t.Elem()
	}
	if named.PkgPath() == "" || named.PkgPath() == "main" {
		return // an interpreted type, or a predeclared one (no methods)
	}
	for _, m := range methods {
		if _, ok := t.MethodByName(m); !ok {
			return
		}
	}
	panic(limitOf("the interpreter cannot assert a value of the compiled type " + t.String() + " to " + to +
		", an interface written in a cell: it would say false, though the value has the methods. " +
		"Assert to an interface of a package, or run this code compiled (a cell with func main, or %%compile)"))
}

// sessionTypeName is the helper SessionType (front/typeswitch.go): which
// of the session's types names (Go's names, "main.T" or "*main.T") the
// value y, given as []X{y} (X its static type), is, where yaegi's assertion to names[0] said yes and the others
// have the same underlying type, which yaegi does not tell apart. yaegi's
// wrapper of a value knows its type; a bare value does not, and then the
// cell ends with an InterpreterLimit rather than guess.
func sessionTypeName(ys any, names ...string) string {
	return sessionTypeOf(ys, false, names)
}

// sessionTypeNamePlain is the helper SessionTypePlain: sessionTypeName
// where a type of the session with methods on a type that is not a struct
// is among names (type Color int with String, and int): a number or
// string held bare that was not recorded is of its own type, since a
// Color that the cell hands to compiled code is recorded where it goes
// (front/typetags.go); a plain int asserted to fmt.Stringer was a Color
// to yaegi, whose assertion compares reflect types.
func sessionTypeNamePlain(ys any, names ...string) string {
	return sessionTypeOf(ys, true, names)
}

func sessionTypeOf(ys any, plain bool, names []string) string {
	e, _ := oneElem(ys)
	h := holding(e)
	if d := h.d; d != nil && (d.kind == 'N' || d.kind == 'P' && d.elem != nil && d.elem.kind == 'N') {
		return d.String()
	}
	if len(names) == 1 {
		return names[0]
	}
	if h.v.IsValid() && !h.inWrapper && !h.methodWrapped {
		// A type on a type that is not a struct, held bare: the name
		// recorded where it went into the interface (typetags.go).
		// A name none of names is (*int where main.N and int were
		// asked) fails the assertion, with Go's message.
		if name, ok := taggedName(e); ok && name != "" {
			return name
		}
		if t := h.v.Type(); plain && predeclared(t) {
			return t.String()
		}
	}
	what := "a value"
	if h.v.IsValid() {
		what = "a value of type " + h.v.Type().String()
	}
	panic(limitOf("the interpreter cannot tell which of " + strings.Join(names, ", ") + " " + what +
		" is: it keeps them as one type. Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"))
}

// concreteAssertionPanic is the helper ConcreteAssertionPanic: a failed
// assertion of a value of the interface type from, whose dynamic type is
// dynamic, to the concrete type to, with Go's message.
func concreteAssertionPanic(from, dynamic, to string) {
	panic(assertionError{"interface conversion: " + from + " is " + dynamic + ", not " + to})
}

// wrapperStaticType returns the compiled type of the expression that put
// a value into yaegi's wrapper w (the itype's reflect type of the
// wrapper's node: time.Duration for time.Nanosecond, error for a call
// that returns an error), whose methods yaegi asks in an assertion to an
// interface of the session; nil when that type is not compiled or
// cannot be read.
func wrapperStaticType(w reflect.Value) reflect.Type {
	c := reflect.New(w.Type()).Elem()
	c.Set(w)
	n := c.Field(0)
	if n.Kind() != reflect.Pointer || n.IsNil() || n.Elem().Kind() != reflect.Struct {
		return nil
	}
	it := n.Elem().FieldByName("typ")
	if !it.IsValid() || it.Kind() != reflect.Pointer || it.IsNil() || it.Elem().Kind() != reflect.Struct {
		return nil
	}
	rt := it.Elem().FieldByName("rtype")
	if !rt.IsValid() || rt.Type() != reflect.TypeFor[reflect.Type]() {
		return nil
	}
	return *(*reflect.Type)(unsafe.Pointer(rt.UnsafeAddr()))
}

// oneElem returns the element of xs, a slice of one element ([]X{x}: the
// front end passes a value of an interface type so, for yaegi keeps its
// wrapper of the value there); false when xs is not one.
func oneElem(xs any) (reflect.Value, bool) {
	v := reflect.ValueOf(xs)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Len() != 1 {
		return reflect.Value{}, false
	}
	return v.Index(0), true
}
