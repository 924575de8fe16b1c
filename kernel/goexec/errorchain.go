package goexec

import (
	"errors"
	"reflect"
	"strings"
)

// A value of a type declared in a cell reaches compiled code, as an error,
// inside a wrapper that yaegi makes (a struct whose first field, IValue,
// holds the value, and whose other fields hold its methods). errors.Is
// compares such wrappers, which are new for every call (so Is was false
// where Go says true), and errors.As cannot see that a wrapper holds a
// value of the target's type (it panicked: "target must be interface or
// implement error"). The front end makes a cell's calls of errors.Is and
// errors.As calls of these, which look through the wrappers and otherwise
// do what the errors package documents.

// unwrapped returns the value that a yaegi wrapper holds, or v itself.
func unwrapped(v any) any {
	for v != nil {
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.Struct || rv.NumField() == 0 {
			return v
		}
		f := rv.Type().Field(0)
		if f.Name != "IValue" || f.Type.Kind() != reflect.Interface {
			return v
		}
		inner := rv.Field(0).Interface()
		if inner == nil {
			return v
		}
		v = inner
	}
	return v
}

// An unwrapFunc calls the Unwrap method of a value of the session that
// err holds (yaegi's wrapper of an error has only Error, so the errors
// package stopped at it): the front end passes a function literal of the
// cell, a type switch over the session's types with an Unwrap method,
// which answers (one, nil, true) for Unwrap() error, (nil, many, true)
// for Unwrap() []error and false for any other error.
type unwrapFunc = func(v any) (one error, many []error, ok bool)

// sessionUnwrap calls un on the value that err's wrapper holds: passed to
// the interpreter as an error, the wrapper was not recognised as the
// session's type, passed as the bare value (an any) it is.
//
//lint:ignore ST1008 the shape of unwrapFunc, (one, many, ok)
func sessionUnwrap(err error, un unwrapFunc) (one error, many []error, ok bool) {
	v := unwrapped(err)
	if reflect.TypeOf(v) == reflect.TypeOf(err) {
		return nil, nil, false // not a wrapper: a compiled error
	}
	return un(v)
}

// errorChain calls visit on err and the errors it wraps, depth first as
// the errors package walks them, until visit returns true. un, when not
// nil, unwraps the session's errors (unwrapFunc).
func errorChain(err error, un unwrapFunc, visit func(error) bool) bool {
	for err != nil {
		if visit(err) {
			return true
		}
		var many []error
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
			continue
		case interface{ Unwrap() []error }:
			many = u.Unwrap()
		default:
			if un == nil {
				return false
			}
			one, m, ok := sessionUnwrap(err, un)
			if !ok {
				return false
			}
			if m == nil {
				err = one
				continue
			}
			many = m
		}
		for _, e := range many {
			if errorChain(e, un, visit) {
				return true
			}
		}
		return false
	}
	return false
}

// errorsUnwrap is errors.Unwrap, given the session's unwrapFunc.
func errorsUnwrap(err error, un unwrapFunc) error {
	if u, ok := err.(interface{ Unwrap() error }); ok {
		return u.Unwrap()
	}
	if err == nil || un == nil {
		return nil
	}
	if one, many, ok := sessionUnwrap(err, un); ok && many == nil {
		return one
	}
	return nil
}

// errorsIsUnwrap, errorsIsInUnwrap and errorsAsUnwrap are errorsIs,
// errorsIsIn and errorsAs given the session's unwrapFunc: the helpers
// ErrorsIsUnwrap, ErrorsIsInUnwrap and ErrorsAsUnwrap, for a cell whose
// session declares a type with an Unwrap method.
func errorsIsUnwrap(err, target error, un unwrapFunc) bool {
	return errorsIsWith(err, target, un)
}

func errorsIsInUnwrap(err, target error, candidates []any, un unwrapFunc) bool {
	return errorsIsInWith(err, target, candidates, un)
}

func errorsAsUnwrap(err error, target any, un unwrapFunc) bool {
	return errorsAsWith(err, target, un)
}

// errorsIs is errors.Is, comparing the values that wrappers hold.
func errorsIs(err, target error) bool { return errorsIsWith(err, target, nil) }

func errorsIsWith(err, target error, un unwrapFunc) bool {
	if err == nil || target == nil {
		return err == target
	}
	want := unwrapped(target)
	comparable := reflect.TypeOf(want).Comparable()
	return errorChain(err, un, func(e error) bool {
		if comparable {
			if got := unwrapped(e); reflect.TypeOf(got) == reflect.TypeOf(want) && got == want {
				return true
			}
		}
		if x, ok := e.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		return false
	})
}

// errorsIsIn is the helper ErrorsIsIn, errors.Is of a target whose static
// type is an interface, given the candidates of the session's types that
// an error can hold (front's typeCandidates). A value of a struct type of
// the session held by error is kept by yaegi's wrapper only in part, its
// last field (methodWrappedType): errors.Is(err, target) with target an
// error holding E{1, "x"} was true for an err wrapping E{2, "x"}, though
// Go compares the whole values. When the target, or an error of the chain
// that could be of its type, is such a value, the cell ends with an
// InterpreterLimit; otherwise it is errorsIs.
func errorsIsIn(err, target error, candidates []any) bool {
	return errorsIsInWith(err, target, candidates, nil)
}

func errorsIsInWith(err, target error, candidates []any, un unwrapFunc) bool {
	if err == nil || target == nil {
		return err == target
	}
	cands := candidateList(candidates)
	lost := func(e error) (string, bool) {
		h := holding(reflect.ValueOf(&e).Elem())
		if !h.methodWrapped || !h.v.IsValid() || h.v.Kind() == reflect.Pointer {
			return "", false
		}
		name, whole := methodWrappedType(h, cands)
		return name, !whole.IsValid()
	}
	limit := func(name string) {
		panic(limitOf("errors.Is cannot compare this " + name + " in the interpreter: held by error, yaegi keeps only its last field. Give " +
			strings.TrimPrefix(name, "main.") + "'s methods pointer receivers and use a *" + strings.TrimPrefix(name, "main.") + ", or run this code compiled (a cell with func main, or %%compile)"))
	}
	want, wantLost := lost(target)
	if wantLost {
		limit(want)
	}
	errorChain(err, un, func(e error) bool {
		if name, l := lost(e); l && (want == "" || name == want) {
			limit(name)
		}
		return false
	})
	return errorsIsWith(err, target, un)
}

// errorsAs is errors.As: it finds the first error in err's chain that the
// target points to a variable of, a wrapper's value included, and sets it.
func errorsAs(err error, target any) bool { return errorsAsWith(err, target, nil) }

func errorsAsWith(err error, target any, un unwrapFunc) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	tv := reflect.ValueOf(target)
	if tv.Kind() != reflect.Pointer || tv.IsNil() {
		panic("errors: target must be a non-nil pointer")
	}
	want := tv.Type().Elem()
	return errorChain(err, un, func(e error) bool {
		if want.Kind() == reflect.Interface && reflect.TypeOf(e).Implements(want) {
			tv.Elem().Set(reflect.ValueOf(e))
			return true
		}
		if v := unwrapped(e); reflect.TypeOf(v).AssignableTo(want) {
			tv.Elem().Set(reflect.ValueOf(v))
			return true
		}
		if x, ok := e.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		return false
	})
}

// Compile-time check that the helpers have the errors package's shapes.
var (
	_ func(error, error) bool = errors.Is
	_ func(error, error) bool = errorsIs
	_ func(error, any) bool   = errors.As
	_ func(error, any) bool   = errorsAs
)
