package goexec

import (
	"go/types"

	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// A struct type declared in a cell is, to compiled code, a struct that
// yaegi built with reflect, whose unexported fields are exported under
// the name "X"+name (reflect cannot build unexported fields), and whose
// type has no name. fmt then shows S{1, 2} of "type S struct{ a, b int }"
// as {Xa:1 Xb:2}. The result of a cell is shown from its static type
// instead (the front end's check), with the fields' own names, as Go's
// %+v would: {a:1 b:2}.

// goText returns the text of v as a cell's result of static type t shows
// it (fmt's %+v with the fields' own names, short: displayText), and
// whether it could: false when t holds no struct type of the session
// (front.HasSessionStruct) and no type with a String or Error method (the
// display's own text is then right). It is
// the printer of GoValue (govalue.go), given t's description and the
// String and Error methods of the session's types t is made of (by
// GoValue's names; front's resultMethods), which it calls where fmt's
// %+v would.
func goText(v any, t types.Type, methods map[string]func(any) string) (string, bool) {
	if t == nil || !front.HasSessionStruct(t) && len(methods) == 0 {
		// (With methods, t holds a type with String or Error: a []W
		// of a type W int, whose elements the display's own text
		// showed as numbers.)
		return "", false
	}
	d, ok := parseDesc(front.Describe(t))
	if !ok {
		return "", false
	}
	return displayText(v, d, methods), true
}
