package front

import (
	"go/ast"
	"go/types"
	"strings"
)

// dynamicArg returns the argument a of a printing function of fmt or log
// lowered for goexec's dynamic helpers (goexec/dynamic.go), or a itself:
//
//	x of an interface type I         DynamicOne([]I{x}, []any{candidates…}, stringers…)
//	  printed with a verb that does  DynamicPlain([]I{x}, []any{candidates…}, stringers…)
//	  not call methods (%d, %#v)
//	xs of a []I, [n]I or map[K]I     Dynamic(xs, stringers…)
//	xs... (spread is true)           Dynamics(xs, stringers…)
//
// (DynamicIn and DynamicsIn, with []any{candidates…} after xs, when the
// session has types that I can hold)
//
// where the stringers are GoValue's pairs (stringer) for every type of
// the session, and pointer to one, that I can hold and that has a String
// or Error method. yaegi hands fmt such a value in its own wrapper, or
// bare without its type. An interface with a String, Error or Format
// method of its own is left, for the verbs that call them (verb, 0 when
// the format does not say): yaegi hands its values over with it; for
// another verb (%d of an error holding a Code; verb is '#' for %#v)
// DynamicPlain takes the value out of yaegi's wrapper of the method,
// which fmt printed as a struct, when the wrapper kept all of it. The
// candidates are TypeName's (typeCandidates).
func (lw *Lowering) dynamicArg(a ast.Expr, spread bool, verb rune) ast.Expr {
	t := lw.Info.Types[a].Type
	if t == nil {
		return a
	}
	pos := a.Pos()
	if !spread && types.IsInterface(t) {
		methodVerb := verb == 0 || strings.ContainsRune("vsqxXw", verb)
		if printsItself(t) && methodVerb && !sessionInterface(t) {
			return a
		}
		tx := lw.typeExpr(t, pos)
		if tx == nil {
			return a
		}
		one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: tx}, Lbrace: pos, Elts: []ast.Expr{a}, Rbrace: a.End()}
		candidates := lw.candidatesArg(t, pos)
		helper := "DynamicOne"
		if !methodVerb {
			// fmt formats the value itself, which yaegi's wrapper of
			// a method set may have kept only in part: DynamicPlain
			// tells from the candidates whether it is whole.
			helper = "DynamicPlain"
		}
		return &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Args: append([]ast.Expr{one, candidates}, lw.holdableStringers(t, a)...), Rparen: a.End()}
	}
	elem := interfaceElem(t)
	if elem == nil || printsItself(elem) && !sessionInterface(elem) {
		return a
	}
	name := "Dynamic"
	if spread {
		name = "Dynamics"
	}
	args := []ast.Expr{a}
	if cands := lw.candidatesVar(elem, pos); cands != nil {
		// DynamicIn, DynamicsIn: the candidates describe an element
		// held bare ([]any{S{1, 2}} printed [{Xa:1 Xb:2}] for %+v).
		name += "In"
		args = append(args, cands)
	}
	return &ast.CallExpr{Fun: lw.helper(name, pos), Lparen: pos, Args: append(args, lw.holdableStringers(elem, a)...), Rparen: a.End()}
}

// holdableStringers returns GoValue's pairs (stringer) for the types of
// the session, and pointers to them, that a value of the interface type
// iface can hold.
func (lw *Lowering) holdableStringers(iface types.Type, at ast.Expr) []ast.Expr {
	var out []ast.Expr
	seen := map[string]bool{}
	for _, t := range lw.sessionTypes() {
		name := fmtName(t)
		if types.AssignableTo(t, iface) {
			out = append(out, lw.stringer(t, name, at.Pos(), seen)...)
		}
		if p := types.NewPointer(t); types.AssignableTo(p, iface) {
			out = append(out, lw.stringer(p, "*"+name, at.Pos(), seen)...)
		}
	}
	return out
}

// instanceStringersOf returns GoValue's pairs (stringer) for the
// instances of the session's generic types that the cells use
// (sessionInstance, among the shadow types), and pointers to them, that
// a value of iface can hold and that have a String or Error method. Only
// registerLate gives them: a stringer in a generic type's own method
// (v.(Box[int]).String() in Box's String) made yaegi instantiate the
// type inside its declaration ("type not found: Box[int]").
func (lw *Lowering) instanceStringersOf(iface types.Type, at ast.Expr) []ast.Expr {
	var out []ast.Expr
	seen := map[string]bool{}
	for _, t := range lw.allShadows() {
		if n, ok := t.(*types.Named); !ok || n.TypeArgs().Len() == 0 || !types.AssignableTo(t, iface) {
			continue
		}
		name := fmtName(t)
		out = append(out, lw.stringer(t, name, at.Pos(), seen)...)
		if p := types.NewPointer(t); types.AssignableTo(p, iface) {
			out = append(out, lw.stringer(p, "*"+name, at.Pos(), seen)...)
		}
	}
	return out
}

// registerLate puts, first in a chunk of statements, in a session that
// has an instance of a generic type with a String or Error method,
//
//	Prefix.RegisterLate(candidates…, stringers…)
//
// the candidates and stringers of the session's types for an empty
// interface as this cell knows them. DynamicOne and DynamicPlain ask
// them for a value that their own candidates do not name: those of a
// generic function or method were written when its cell ran, before the
// instances that later cells make (func Show[T any](v T) string { return
// fmt.Sprint(v) }, then Show(Pair[string, int]{"a", 1}) printed {a 1},
// go run a=1).
func (lw *Lowering) registerLate(n ast.Node) {
	body, ok := n.(*ast.BlockStmt)
	if !ok || !lw.instanceStringers() {
		return
	}
	pos := body.Lbrace
	any := types.NewInterfaceType(nil, nil)
	at := &ast.Ident{NamePos: pos, Name: "_"}
	args := append(append([]ast.Expr{lw.candidatesArg(any, pos)}, lw.holdableStringers(any, at)...), lw.instanceStringersOf(any, at)...)
	call := &ast.ExprStmt{X: &ast.CallExpr{Fun: lw.helper("RegisterLate", pos), Lparen: pos, Args: args, Rparen: pos}}
	body.List = append([]ast.Stmt{call}, body.List...)
}

// instanceStringers reports whether an instance of a generic type that
// the session's cells use has a String or Error method.
func (lw *Lowering) instanceStringers() bool {
	for _, t := range lw.allShadows() {
		if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() > 0 &&
			(hasValueMethod(t, "String", "Error") || hasValueMethod(types.NewPointer(t), "String", "Error")) {
			return true
		}
	}
	return false
}

// printsItself reports whether the interface type t has a String, Error
// or Format method, which yaegi keeps on the values it hands to fmt.
func printsItself(t types.Type) bool {
	return hasMethod(t, "String", "Error", "Format")
}

// sessionInterface reports whether t is an interface type that a cell
// declares, or writes as a literal: yaegi hands a value of it to fmt
// without the methods (a type Named interface{ fmt.Stringer; Name()
// string } holding a Dog printed {rex}, go run "dog rex"), as it does not
// for error and fmt.Stringer.
func sessionInterface(t types.Type) bool {
	switch n := types.Unalias(t).(type) {
	case *types.Named:
		return n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath
	case *types.Interface:
		return true
	}
	return false
}

// isEmptyInterface reports whether t is an interface without methods.
func isEmptyInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

// interfaceElem returns the element type of t when t is an unnamed slice,
// array or map whose elements are of an interface type ([]any,
// map[string]Shape); nil otherwise.
func interfaceElem(t types.Type) types.Type {
	var elem types.Type
	switch u := types.Unalias(t).(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	default:
		return nil
	}
	if !types.IsInterface(elem) {
		return nil
	}
	return elem
}

// typeOf lowers reflect.TypeOf(x), x of a type the session declares (T or
// *T), to Prefix.TypeOf(x, "main.T", "T", "M1 M2"): a reflect.Type with
// Go's name, string and methods (yaegi's reflect type has none); x of an
// unnamed type written with one ([]T, map[string]T) to
// Prefix.TypeOf(x, "[]main.T", "", ""); a struct with a field of a
// session type gets its description too (sessionFields).
func (lw *Lowering) typeOf(c *ast.CallExpr) {
	t := lw.Info.Types[c.Args[0]].Type
	if t == nil {
		return
	}
	if types.IsInterface(t) {
		// The dynamic type, read by the helper TypeOfDynamic from
		// []I{x}, as TypeName reads it, when the session has types that
		// x can hold.
		a := c.Args[0]
		cands := lw.candidatesVar(t, a.Pos())
		if cands == nil && lw.hasGenericTypes() {
			// No candidates, but a value of an instance of a generic
			// type is named by its record (tagInstance).
			cands = lw.candidatesArg(t, a.Pos())
		}
		tx := lw.typeExpr(t, a.Pos())
		if cands == nil || tx == nil {
			return
		}
		one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: a.Pos(), Elt: tx}, Lbrace: a.Pos(), Elts: []ast.Expr{a}, Rbrace: a.End()}
		c.Fun = lw.helper("TypeOfDynamic", c.Pos())
		c.Args = []ast.Expr{one, cands}
		c.Ellipsis = c.Rparen
		return
	}
	n, name := t, ""
	if p, ok := t.(*types.Pointer); ok {
		n = p.Elem()
	}
	named, ok := types.Unalias(n).(*types.Named)
	str := fmtName(t)
	switch {
	case ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == PackagePath:
		if n == t {
			name = named.Obj().Name()
		}
	case !ok && mentionsSession(t, map[types.Type]bool{}):
		// An unnamed type written with the session's ([]T,
		// map[string]*T): Go's string, no name (yaegi's was
		// map[string]struct { X int }).
		str = fmtTypeString(t)
	default:
		return
	}
	pos := c.Pos()
	c.Fun = lw.helper("TypeOf", pos)
	c.Args = append(c.Args,
		stringLit(pos, str),
		stringLit(pos, name),
		stringLit(pos, methodNames(t)))
	if sessionFields(t) {
		// Its description, which names the fields' types as Go does
		// (yaegi's StructField.Type of a main.In field was struct { X int }).
		c.Args = append(c.Args, stringLit(pos, Describe(t)))
	}
}

// sessionFields reports whether t is a struct type with a field whose
// type is written with a type of the session.
func sessionFields(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if mentionsSession(st.Field(i).Type(), map[types.Type]bool{}) {
			return true
		}
	}
	return false
}

// methodNames returns the names of the methods in t's method set,
// separated by spaces.
func methodNames(t types.Type) string {
	ms := types.NewMethodSet(t)
	names := make([]string, ms.Len())
	for i := range names {
		names[i] = ms.At(i).Obj().Name()
	}
	return strings.Join(names, " ")
}
