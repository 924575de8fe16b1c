package goexec

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/traefik/yaegi/stdlib"
)

// A value of a type declared in a cell is, for compiled code, a value of
// a type that reflect built, without methods. yaegi passes one to a
// compiled function's interface parameter in a wrapper that has the
// methods of the interface, and for a parameter of type any (fmt.Println's)
// it wraps it in the first of the function's "map types" that the value
// implements. yaegi gives fmt's and log's functions fmt.Formatter and
// fmt.Stringer, not error, so a cell's error type printed with Println or
// wrapped with %w lost its Error method.

// formatTypes are the interfaces through which fmt formats a value, in
// fmt's order: Format, then Error, then String.
var formatTypes = []reflect.Type{
	reflect.TypeFor[fmt.Formatter](),
	reflect.TypeFor[error](),
	reflect.TypeFor[fmt.Stringer](),
}

// useErrorMethods adds error to the map types of every function of yaegi's
// standard library tables that has fmt.Stringer among them (fmt's and
// log's printing functions), in fmt's order. It changes yaegi's table
// once, before any interpreter uses it. A wrapper is a struct, so a verb
// that does not call Error or String (%d of "type Code int" with an Error
// method) prints the wrapper's fields: yaegi already did so for String
// methods, and now does for Error methods too, in exchange for %v, %s and
// %w, which are what errors are printed with.
var useErrorMethods = sync.OnceFunc(func() {
	stringer := reflect.TypeFor[fmt.Stringer]()
	for f, types := range stdlib.MapTypes {
		if slices.Contains(types, stringer) && !slices.Contains(types, formatTypes[1]) {
			stdlib.MapTypes[f] = formatTypes
		}
	}
})
