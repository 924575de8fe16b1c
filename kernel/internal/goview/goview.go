// Package goview lets the kernel tell kernel/display what Go sees of a
// value that the interpreter holds. yaegi builds the types declared in a
// cell with reflect: they have no names, no methods, and their unexported
// fields are exported as "X"+name, so the display's printer, given such a
// value, wrote {Xa:1} where a compiled program writes {…} or a String
// method's text. The front end knows the static type of an argument of the
// display's functions and hands them a Value instead (kernel/goexec's
// helper DisplayValue), which the printer reads through its Type.
package goview

import "reflect"

// A Value is a value of the interpreter with the view of its type.
type Value interface {
	GoView() (reflect.Value, Type)
}

// A Type is what Go sees of the type of a value: its name, its fields'
// names and its methods. A nil Type is the value's reflect type itself.
type Type interface {
	// String is the type as reflect's Type.String writes it in a
	// compiled program ("main.Pv", "[]*main.Pv").
	String() string
	// Field returns the name and the type of field i of a struct.
	Field(i int) (string, Type)
	// Elem is the element type of a pointer, slice, array or map.
	Elem() Type
	// Key is the key type of a map.
	Key() Type
	// Text returns the text of v's Error method (isError) or String
	// method when its type, as Go sees it, has one; ok is false when it
	// has neither.
	Text(v reflect.Value) (text string, isError, ok bool)
	// Dynamic returns the value that the interface value v holds (the
	// element of v) and its type.
	Dynamic(v reflect.Value) (reflect.Value, Type)
}
