package front

import (
	"go/ast"
	"go/types"
)

// A type of the session on a type that is not a struct and without
// methods (type N int, type Sl []int) is, to the interpreter, its
// underlying type: yaegi holds an N in an interface as a bare int, so %T
// and reflect.TypeOf of an any holding one said int, and, from the
// candidates, an any holding a []int said main.Sl (go run: []int). In a
// session with such a type, a value whose static type is one (or is made
// of one: []N, *N) or has the reflect type of one ([]int, *int), or is
// made of that (map[string]int), becomes,
// where Go converts it to an empty interface (the places of
// interfaceCopies: an assignment or var declaration, an argument, an
// element or field of a composite literal, a result, a value sent),
//
//	Prefix.TagType(x, "Go's string of the static type")
//
// which records the value that the interface holds (goexec/typetags.go)
// under its type's name; TypeName and TypeOfDynamic name a recorded value
// by it, and end the cell with an InterpreterLimit for a value of such a
// reflect type that was not recorded (put in the interface where the
// front end does not look: by another package, by reflection). The
// arguments of fmt's and log's printing functions (and of reflect's,
// lowered before) are not recorded: their static types are known there.

// sharedShapes returns the strings of the reflect types that a value of
// a session type on a type that is not a struct, without methods, has in
// the interpreter (int for type N int, and *int), or nil when the
// session has none.
func (lw *Lowering) sharedShapes() map[string]bool {
	if lw.sharedSeen {
		return lw.sharedSet
	}
	lw.sharedSeen = true
	for _, t := range lw.sessionTypes() {
		if !sharedNamed(t) {
			continue
		}
		if lw.sharedSet == nil {
			lw.sharedSet = map[string]bool{}
		}
		u := fmtTypeString(t.Underlying())
		lw.sharedSet[u] = true
		lw.sharedSet["*"+u] = true
	}
	return lw.sharedSet
}

// sharedNamed reports whether t is a named type of the session on a type
// that is neither a struct nor an interface, without methods.
func sharedNamed(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath || n.TypeParams().Len() > 0 {
		return false
	}
	switch n.Underlying().(type) {
	case *types.Struct, *types.Interface:
		return false
	}
	return !hasAnyMethod(n)
}

// mentionsShared reports whether t is, or is a pointer, slice, array,
// map or channel type made of, a type for which sharedNamed is true.
func mentionsShared(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		return sharedNamed(u)
	case *types.Pointer:
		return mentionsShared(u.Elem(), depth+1)
	case *types.Slice:
		return mentionsShared(u.Elem(), depth+1)
	case *types.Array:
		return mentionsShared(u.Elem(), depth+1)
	case *types.Chan:
		return mentionsShared(u.Elem(), depth+1)
	case *types.Map:
		return mentionsShared(u.Key(), depth+1) || mentionsShared(u.Elem(), depth+1)
	}
	return false
}

// tagShared returns x lowered to TagType (see above) when it goes into
// the interface type into; nil when it is not recorded.
func (lw *Lowering) tagShared(into types.Type, x ast.Expr) ast.Expr {
	if tagged := lw.tagContested(into, x); tagged != nil {
		return tagged
	}
	shapes := lw.sharedShapes()
	if shapes == nil {
		return nil
	}
	if _, ok := into.(*types.TypeParam); ok {
		return nil
	}
	if it, ok := into.Underlying().(*types.Interface); !ok || !it.Empty() {
		return nil
	}
	tv, ok := lw.Info.Types[x]
	if !ok || !tv.IsValue() || tv.IsNil() || tv.Type == nil || types.IsInterface(tv.Type) {
		return nil
	}
	t := tv.Type
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
	}
	if _, ok := t.(*types.TypeParam); ok {
		return nil
	}
	name := fmtTypeString(t)
	if !shapes[name] && !mentionsShared(t, 0) && !madeOfShape(t, shapes, 0) {
		return nil
	}
	pos := x.Pos()
	return &ast.CallExpr{Fun: lw.helper("TagType", pos), Lparen: pos, Args: []ast.Expr{x, stringLit(pos, name)}, Rparen: x.End()}
}

// madeOfShape reports whether t is a pointer, slice, array, map or channel
// type made, at any depth, of a type whose string is one of shapes
// ([]int, map[string]int in a session with type N int): such a value is
// recorded too, since a []N is a []int to the interpreter.
func madeOfShape(t types.Type, shapes map[string]bool, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, p := range compositeParts(t) {
		if shapes[fmtTypeString(p)] || madeOfShape(p, shapes, depth+1) {
			return true
		}
	}
	return false
}

// compositeParts returns the element type of a pointer, slice, array or
// channel type t, the key and element types of a map type, and nil for
// any other type.
func compositeParts(t types.Type) []types.Type {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return []types.Type{u.Elem()}
	case *types.Slice:
		return []types.Type{u.Elem()}
	case *types.Array:
		return []types.Type{u.Elem()}
	case *types.Chan:
		return []types.Type{u.Elem()}
	case *types.Map:
		return []types.Type{u.Key(), u.Elem()}
	}
	return nil
}
