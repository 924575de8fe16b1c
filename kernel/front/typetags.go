package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
// a session type on a type that is not a struct has in the interpreter
// (int for type N int, and *int), or nil when the session has none.
//
// A type with methods (type Color int with String) is one too: yaegi
// holds a Color that the cell puts in an interface in its wrapper, which
// says what it is, but a []Color, a map of Colors, and a Color that
// compiled code held (a sync.Map's, a list's) are bare ints, and fmt
// printed a []int held by an any with Color's String ([c! c!] for
// []int{1, 2}, go run [1 2]). So a value of the reflect type of one, or
// made of it, is recorded as well, and one made of such a type with its
// description (methodShaped).
func (lw *Lowering) sharedShapes() map[string]bool {
	if lw.sharedSeen {
		return lw.sharedSet
	}
	lw.sharedSeen = true
	for _, t := range lw.sessionTypes() {
		if !sharedNamed(t) && !methodShaped(t) {
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
	n := sessionNonStruct(t)
	return n != nil && !hasAnyMethod(n)
}

// sessionNonStruct returns t when it is a named type of the session, not
// generic, on a type that is neither a struct nor an interface; nil
// otherwise.
func sessionNonStruct(t types.Type) *types.Named {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath || n.TypeParams().Len() > 0 {
		return nil
	}
	switch n.Underlying().(type) {
	case *types.Struct, *types.Interface:
		return nil
	}
	return n
}

// methodShaped reports whether t is a named type of the session on a
// type that is neither a struct nor an interface, with methods.
func methodShaped(t types.Type) bool {
	n := sessionNonStruct(t)
	return n != nil && hasAnyMethod(n)
}

// heldByVariable returns x, a value of a type for which methodShaped is
// true or a pointer to one, going into the empty interface into by a
// conversion (any(c)) or a return (return c, from a function whose
// result is any), as
//
//	func() any { var Prefix_held any = x; return Prefix_held }()
//
// and nil for any other x. yaegi holds such a value bare there, without
// its type (fmt printed 1 for a Color with String, %T said int), and in
// its wrapper where it is assigned to a variable of an interface type,
// which names it and keeps its methods. A value of a type parameter is
// lowered so too, in every session: func keep[T any](v T) any { return
// v } gave keep(Color(2)) bare, also when Color was declared by a cell
// after keep's, before which the lowering was made only in a session
// that had such a type.
func (lw *Lowering) heldByVariable(into types.Type, x ast.Expr) ast.Expr {
	t, ok := lw.methodShapedInto(into, x)
	if _, generic := t.(*types.TypeParam); !ok && !generic {
		return nil
	}
	return lw.inAnyVariable(x, lw.copyInto(into, x))
}

// inAnyVariable returns func() any { var Prefix_held any = value; return
// Prefix_held }(), at x's place: value held by an interface variable,
// where yaegi keeps a value of a type with methods in its wrapper.
func (lw *Lowering) inAnyVariable(x, value ast.Expr) ast.Expr {
	pos := x.Pos()
	anyType := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: "any"} }
	return lw.variableCall(pos, x.End(), "held", anyType(), anyType(), value, func(v ast.Expr) ast.Expr { return v })
}

// variableCall returns func() result { var Prefix+name typ = value;
// return ret(Prefix+name) }(), from pos to end: value held by a new
// variable of its own, at the place of an expression.
func (lw *Lowering) variableCall(pos, end token.Pos, name string, typ, result, value ast.Expr, ret func(v ast.Expr) ast.Expr) ast.Expr {
	v := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: lw.Prefix + name} }
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
			Results: &ast.FieldList{List: []*ast.Field{{Type: result}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{
			&ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{
				&ast.ValueSpec{Names: []*ast.Ident{v()}, Type: typ, Values: []ast.Expr{value}}}}},
			&ast.ReturnStmt{Return: pos, Results: []ast.Expr{ret(v())}},
		}, Rbrace: end},
	}
	return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: end}
}

// methodShapedInto returns the static type of x, which goes into into,
// and whether into is an empty interface (not a type parameter) and x a
// value of a type for which methodShaped is true or a pointer to one.
func (lw *Lowering) methodShapedInto(into types.Type, x ast.Expr) (types.Type, bool) {
	t, ok := lw.valueIntoEmpty(into, x)
	if !ok {
		return nil, false
	}
	p, ptr := t.(*types.Pointer)
	return t, methodShaped(t) || ptr && methodShaped(p.Elem())
}

// valueIntoEmpty returns the static type of x, aliases resolved, and
// whether into is an empty interface (not a type parameter) and x a value
// (not nil) going into it.
func (lw *Lowering) valueIntoEmpty(into types.Type, x ast.Expr) (types.Type, bool) {
	if it, ok := into.Underlying().(*types.Interface); !ok || !it.Empty() {
		return nil, false
	}
	if _, ok := into.(*types.TypeParam); ok {
		return nil, false
	}
	tv, ok := lw.Info.Types[x]
	if !ok || !tv.IsValue() || tv.IsNil() || tv.Type == nil {
		return nil, false
	}
	return types.Unalias(tv.Type), true
}

// handedBare reports whether x is an expression whose value yaegi hands
// to compiled code without its type's methods: a call of a function or
// method (not a conversion), or a type assertion (x.(W)).
func handedBare(info *types.Info, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		tv, ok := info.Types[e.Fun]
		return ok && tv.IsValue()
	case *ast.TypeAssertExpr:
		return e.Type != nil
	}
	return false
}

// conversionTo returns x converted to its own type t, T(x) or (*T)(x);
// nil when T cannot be written in the cell.
func (lw *Lowering) conversionTo(t types.Type, x ast.Expr) ast.Expr {
	pos := x.Pos()
	tx := lw.typeExpr(t, pos)
	if tx == nil {
		return nil
	}
	if _, ok := tx.(*ast.StarExpr); ok {
		tx = &ast.ParenExpr{Lparen: pos, X: tx, Rparen: pos}
	}
	return &ast.CallExpr{Fun: tx, Lparen: pos, Args: []ast.Expr{x}, Rparen: x.End()}
}

// tagForCompiled returns x lowered to TagType, with its name and
// description, when x is a value of a type for which methodShaped is
// true, or a pointer to one, and goes into an empty interface of
// compiled code: an argument of another package's function or method
// (a sync.Map's Store, a list's PushBack, context.WithValue), a field of
// another package's struct type. yaegi hands it over bare (a Color as an
// int), and the record is how a later cell tells the Color it gets back
// from an int (fmt calls its String; goexec/typetags.go). nil otherwise.
func (lw *Lowering) tagForCompiled(into types.Type, x ast.Expr) ast.Expr {
	t, ok := lw.methodShapedInto(into, x)
	if !ok {
		return nil
	}
	pos := x.Pos()
	return &ast.CallExpr{Fun: lw.helper("TagType", pos), Lparen: pos,
		Args: []ast.Expr{x, stringLit(pos, fmtTypeString(t)), stringLit(pos, Describe(t))}, Rparen: x.End()}
}

// compiledField reports whether x selects a field of a struct type that
// another package declares (compiled memory).
func (lw *Lowering) compiledField(x ast.Expr) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := lw.Info.Selections[sel]
	return ok && s.Kind() == types.FieldVal && s.Obj().Pkg() != nil && s.Obj().Pkg().Path() != PackagePath
}

// madeOfMethodShaped reports whether t is a pointer, slice, array, map or
// channel type made, at any depth, of a type for which methodShaped is
// true ([]Color, map[string]*Color).
func madeOfMethodShaped(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, p := range compositeParts(t) {
		if methodShaped(p) || madeOfMethodShaped(p, depth+1) {
			return true
		}
	}
	return false
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
	if tagged := lw.tagInstance(into, x); tagged != nil {
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
	if p, ok := types.Unalias(t).(*types.Pointer); methodShaped(t) || ok && methodShaped(p.Elem()) {
		// Held in yaegi's wrapper of its methods, which names it.
		return nil
	}
	name := fmtTypeString(t)
	if !shapes[name] && !mentionsShared(t, 0) && !madeOfShape(t, shapes, 0) && !madeOfMethodShaped(t, 0) {
		return nil
	}
	pos := x.Pos()
	args := []ast.Expr{x, stringLit(pos, name)}
	if madeOfMethodShaped(t, 0) {
		// Its description: fmt calls the elements' methods.
		args = append(args, stringLit(pos, Describe(t)))
	}
	return &ast.CallExpr{Fun: lw.helper("TagType", pos), Lparen: pos, Args: args, Rparen: x.End()}
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

// tagInstance returns x lowered to TagType with its name and
// description when x is a value of an instance of a generic type of the
// session (Pair[int, int]), or a pointer to one, going into an empty
// interface; nil otherwise. %T and reflect.TypeOf of an any holding a
// Pair[int, int] said struct { First int; Second int } (go run
// main.Pair[int,int]); the record names it (goexec's dynamicTypeName).
// The instances the cells use are candidates too (sessionInstance,
// shadows.go), which name a value that a generic function put in the
// interface; the record tells the instance from a type of the same
// fields, which its candidate cannot.
func (lw *Lowering) tagInstance(into types.Type, x ast.Expr) ast.Expr {
	t, ok := lw.valueIntoEmpty(into, x)
	if !ok {
		return nil
	}
	n := t
	if p, ok := t.(*types.Pointer); ok {
		n = types.Unalias(p.Elem())
	}
	named, ok := n.(*types.Named)
	if !ok || named.TypeArgs().Len() == 0 || types.IsInterface(named) ||
		named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != PackagePath {
		return nil
	}
	for i := 0; i < named.TypeArgs().Len(); i++ {
		if typeParamIn(named.TypeArgs().At(i), map[types.Type]bool{}) {
			// Inside a generic function (Pair[A, B]): the name is
			// known only when it runs.
			return nil
		}
	}
	pos := x.Pos()
	return &ast.CallExpr{Fun: lw.helper("TagType", pos), Lparen: pos,
		Args: []ast.Expr{x, stringLit(pos, fmtName(t)), stringLit(pos, Describe(t))}, Rparen: x.End()}
}

// typeParamIn reports whether t is or is made of a type parameter.
func typeParamIn(t types.Type, seen map[types.Type]bool) bool {
	return madeOf(t, func(t types.Type) bool {
		_, ok := t.(*types.TypeParam)
		return ok
	}, true, seen)
}

// hasGenericTypes reports whether the session declares a generic type
// that is not an interface, whose instances tagInstance records.
func (lw *Lowering) hasGenericTypes() bool {
	return slices.ContainsFunc(lw.genericTypes(), func(n *types.Named) bool { return !types.IsInterface(n) })
}

// genericTypes returns the generic types that the session declares (not
// aliases), read once per lowering.
func (lw *Lowering) genericTypes() []*types.Named {
	if lw.genericsSeen || lw.Scope == nil {
		return lw.generic
	}
	lw.genericsSeen = true
	for _, name := range lw.Scope.Names() {
		if tn, ok := lw.Scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				lw.generic = append(lw.generic, n)
			}
		}
	}
	return lw.generic
}

// sessionGeneric reports whether obj is a generic function or type that
// a cell declares.
func sessionGeneric(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != PackagePath {
		return false
	}
	switch obj := obj.(type) {
	case *types.Func:
		sig, ok := obj.Type().(*types.Signature)
		return ok && sig.TypeParams().Len() > 0
	case *types.TypeName:
		n, ok := obj.Type().(*types.Named)
		return ok && n.TypeParams().Len() > 0
	}
	return false
}
