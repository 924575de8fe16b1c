package front

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Reflection the front end cannot follow to a static type (a reflect.Value
// or reflect.Type kept in a variable, or taken from an interface) is
// lowered to goexec's helpers that look at the value when the cell runs
// (goexec/reflectvalues.go), in a session that declares types:
//
//	reflect.ValueOf(x), x of an interface type   ValueOfDynamic([]I{x})
//	v.Type()                                     ValueTypeIn(v, candidates…)
//	v.NumMethod()                                ValueNumMethod(v, candidates…)
//	v.Method(i), v.MethodByName(s)               ValueMethod(v, i, candidates…), ValueMethodByName(v, s, candidates…)
//	t.Name(), String, PkgPath, NumMethod,        TypeIn(t, candidates…).Name(), …
//	  Method, MethodByName, Field, FieldByName
//	t.Elem(), Key, In, Out, reflect.PointerTo    TypeIn(t.Elem(), candidates…), …
//	an argument t of type reflect.Type           PlainType(t)
//
// for v of type reflect.Value and t of type reflect.Type, where the
// candidates are TypeName's for every type of the session (the Value
// helpers' names end in Shared in a session with a type on a type that is
// not a struct: sharedSuffix). reflect.ValueOf(x) of a static type that
// the interpreter keeps as another's reflect type is ValueOfStatic(x,
// "Go's string") (valueOfStatic). yaegi gave
// struct { Xx int } for main.Hv, NumMethod 0 for a type with methods, and
// for reflect.ValueOf(x) of an any its wrapper (interp.valueInterface).
// reflect's own functions and methods that take a reflect.Type (New,
// Zero, PointerTo, AssignableTo, Value.Convert) assert it is reflect's,
// and panicked with "interface conversion" given one with Go's name:
// PlainType gives them reflect's. What reflect.ValueOf(x) and reflect.TypeOf(x) of a static type lower
// (refuseStatic, typeOf) comes first; the calls they make are not the
// front end's to look at again.

// reflectTypeMethods are the methods of reflect.Type whose answer is
// yaegi's for a session type: the receiver goes through TypeIn.
var reflectTypeMethods = map[string]bool{"Name": true, "String": true, "PkgPath": true,
	"NumMethod": true, "Method": true, "MethodByName": true, "Field": true, "FieldByName": true}

// reflectTypeMakers are the methods of reflect.Type, and the functions of
// reflect, that make a reflect.Type out of another: their result goes
// through TypeIn.
var reflectTypeMakers = map[string]bool{"Elem": true, "Key": true, "In": true, "Out": true,
	"PointerTo": true, "PtrTo": true}

// reflectValueHelpers are the helpers of the methods of reflect.Value
// lowered (see above).
var reflectValueHelpers = map[string]string{"Type": "ValueTypeIn", "NumMethod": "ValueNumMethod",
	"Method": "ValueMethod", "MethodByName": "ValueMethodByName"}

// reflectNamed returns "Value" or "Type" when t is reflect.Value or
// reflect.Type, "" otherwise.
func reflectNamed(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "reflect" {
		return ""
	}
	if name := n.Obj().Name(); name == "Value" || name == "Type" {
		return name
	}
	return ""
}

// reflectCall lowers c, a call of f of package reflect through sel (see
// above).
func (lw *Lowering) reflectCall(c *ast.CallExpr, sel *ast.SelectorExpr, f *types.Func) {
	if lw.reflected[c] {
		return
	}
	sig := f.Type().(*types.Signature)
	pos := c.Pos()
	lw.plainTypeArgs(c, sig)
	candidates := func() ast.Expr { return lw.candidatesVar(types.NewInterfaceType(nil, nil), pos) }
	if sig.Recv() == nil {
		switch {
		case f.Name() == "ValueOf" && len(c.Args) == 1:
			if !lw.valueOfDynamic(c) {
				lw.valueOfStatic(c)
			}
		case reflectTypeMakers[f.Name()] && candidates() != nil:
			lw.typeIn(c, candidates())
		}
		return
	}
	tv := lw.Info.Types[sel.X]
	if !tv.IsValue() {
		return // a method expression, reflect.Value.Type(v)
	}
	recv := reflectNamed(tv.Type)
	if lw.ordinaryReflect(sel.X) {
		return
	}
	switch {
	case recv == "Value" && f.Name() == "Interface" && len(c.Args) == 0 && lw.sharedShapes() != nil:
		// v.Interface() in a session with a type on a type that is not a
		// struct: ValueInterface records the value under the name that
		// ValueOfStatic kept for v (front/typetags.go), so that %T and
		// assertions of the interface know it.
		c.Fun = lw.helper("ValueInterface", pos)
		c.Args = []ast.Expr{sel.X}
	case recv == "Value" && reflectValueHelpers[f.Name()] != "" && len(c.Args) == sig.Params().Len() && !c.Ellipsis.IsValid():
		cands := candidates()
		if cands == nil {
			return
		}
		c.Fun = lw.helper(reflectValueHelpers[f.Name()]+lw.sharedSuffix(), pos)
		c.Args = append(append([]ast.Expr{sel.X}, c.Args...), cands)
		c.Ellipsis = c.Rparen
	case recv == "Type" && reflectTypeMethods[f.Name()]:
		cands := candidates()
		if cands == nil || lw.makesType(sel.X) {
			return
		}
		sel.X = &ast.CallExpr{Fun: lw.helper("TypeIn", sel.X.Pos()), Lparen: sel.X.Pos(),
			Args: []ast.Expr{sel.X, cands}, Ellipsis: sel.X.End(), Rparen: sel.X.End()}
	case recv == "Type" && reflectTypeMakers[f.Name()] && candidates() != nil:
		lw.typeIn(c, candidates())
	case recv == "Type" && reflectTypeKinds[f.Name()]:
		// v.Type().Kind(): yaegi's type answers as Go's, and the
		// helper would end the cell for a reflect type that two types
		// of the session share, whose name is not asked.
		if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			if isel, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr); ok && isel.Sel.Name == "Type" &&
				reflectNamed(lw.Info.Types[isel.X].Type) == "Value" {
				lw.reflected[inner] = true
			}
		}
	}
}

// sharedSuffix returns "Shared" in a session that declares a type on a
// type that is not a struct (nor an interface): goexec's ValueTypeInShared
// and the other Shared helpers end the cell for a Value of the reflect
// type such a type shares with others ([]int for type Sl []int), which
// the plain helpers, cheaper, do not look for.
func (lw *Lowering) sharedSuffix() string {
	for _, t := range lw.sessionTypes() {
		if _, ok := t.Underlying().(*types.Struct); !ok {
			return "Shared"
		}
	}
	return ""
}

// reflectTypeKinds are the methods of reflect.Type that answer for
// yaegi's reflect type of a session type as for Go's.
var reflectTypeKinds = map[string]bool{"Kind": true, "Size": true, "Align": true, "FieldAlign": true, "NumField": true,
	"NumIn": true, "NumOut": true, "IsVariadic": true, "Len": true, "Bits": true, "Comparable": true, "ChanDir": true}

// typeIn makes c, a call whose result is a reflect.Type, the argument of
// TypeIn.
func (lw *Lowering) typeIn(c *ast.CallExpr, cands ast.Expr) {
	inner := *c
	lw.reflected[&inner] = true
	c.Fun = lw.helper("TypeIn", c.Pos())
	c.Args = []ast.Expr{&inner, cands}
	c.Ellipsis = c.Rparen
}

// valueOfDynamic lowers reflect.ValueOf(x), x of an interface type that
// can hold a type of the session, to ValueOfDynamic([]I{x}).
func (lw *Lowering) valueOfDynamic(c *ast.CallExpr) bool {
	a := c.Args[0]
	t := lw.Info.Types[a].Type
	if t == nil || !types.IsInterface(t) {
		return false
	}
	if len(lw.typeCandidates(t, a.Pos())) == 0 {
		return true
	}
	tx := lw.typeExpr(t, a.Pos())
	if tx == nil {
		return true
	}
	c.Fun = lw.helper("ValueOfDynamic", c.Pos())
	c.Args = []ast.Expr{&ast.CompositeLit{Type: &ast.ArrayType{Lbrack: a.Pos(), Elt: tx}, Lbrace: a.Pos(), Elts: []ast.Expr{a}, Rbrace: a.End()}}
	return true
}

// valueOfStatic lowers reflect.ValueOf(x), x of a static type that the
// interpreter keeps as the reflect type of another, to
// ValueOfStatic(x, "Go's string of the type"), whose Value the helper
// ValueTypeIn names so when it is kept in a variable: a type of the
// session on one that is not a struct (main.Sl is, to yaegi, []int), a
// type written with one ([]main.Sl), the type such a session type is on
// ([]int, which ValueTypeIn refuses to name otherwise), or an unnamed
// struct type identical to a session struct's (struct { A, B int } was
// named main.Pa).
func (lw *Lowering) valueOfStatic(c *ast.CallExpr) {
	t := lw.Info.Types[c.Args[0]].Type
	if t == nil || types.IsInterface(t) || !lw.sharesReflectType(t) {
		return
	}
	pos := c.Pos()
	c.Fun = lw.helper("ValueOfStatic", pos)
	c.Args = append(c.Args, stringLit(pos, reflectString(t)))
}

// reflectString writes t as reflect's String does: "struct { A int; B
// main.Sl }" (go/types writes "struct{A int; B main.Sl}"), "[]main.Sl".
func reflectString(t types.Type) string {
	switch u := t.(type) {
	case *types.Struct:
		if u.NumFields() == 0 {
			return "struct {}"
		}
		parts := make([]string, u.NumFields())
		for i := range u.NumFields() {
			f := u.Field(i)
			parts[i] = f.Name() + " " + reflectString(f.Type())
			if f.Embedded() {
				parts[i] = reflectString(f.Type())
			}
			if tag := u.Tag(i); tag != "" {
				parts[i] += " " + strconv.Quote(tag)
			}
		}
		return "struct { " + strings.Join(parts, "; ") + " }"
	case *types.Pointer:
		return "*" + reflectString(u.Elem())
	case *types.Slice:
		return "[]" + reflectString(u.Elem())
	case *types.Array:
		return "[" + strconv.FormatInt(u.Len(), 10) + "]" + reflectString(u.Elem())
	case *types.Map:
		return "map[" + reflectString(u.Key()) + "]" + reflectString(u.Elem())
	}
	return fmtTypeString(t)
}

// sharesReflectType reports whether the interpreter's reflect type of t
// may be that of another type that reflect names otherwise (see
// valueOfStatic): t is written with a session type that is not a struct
// (or a pointer to one), is the underlying type of one (or a pointer to
// it), or is an unnamed struct type (or a pointer to one) identical to
// the underlying type of a session struct or with an unexported field
// (yaegi's names it X+name), or is a session struct type (or a pointer
// to one) whose reflect type a local type or an unnamed struct type
// shares.
func (lw *Lowering) sharesReflectType(t types.Type) bool {
	n := t
	if p, ok := t.(*types.Pointer); ok {
		n = p.Elem()
	}
	if named := sessionNamedOrPtr(t); named != nil {
		_, isStruct := named.Underlying().(*types.Struct)
		// A session struct type whose reflect type a local type or an
		// unnamed struct type of the session shares: the candidates
		// name its Values no more (shadows.go).
		return !isStruct || lw.shadowed(named)
	}
	if _, ok := types.Unalias(n).(*types.Named); ok {
		return false
	}
	if st, ok := n.(*types.Struct); ok && unexportedField(st) {
		return true // yaegi's string is struct { Xx int } for struct { x int }
	}
	for _, st := range lw.sessionTypes() {
		if types.Identical(st.Underlying(), n) {
			return true
		}
	}
	return mentionsSession(t, map[types.Type]bool{})
}

// ordinaryReflect reports whether e is reflect.ValueOf(x) or
// reflect.TypeOf(x) of an x whose static type is not an interface and is
// written without the session's types: its reflect answers are Go's.
func (lw *Lowering) ordinaryReflect(e ast.Expr) bool {
	x := lw.reflectOf(e, "ValueOf")
	if x == nil {
		x = lw.reflectOf(e, "TypeOf")
	}
	if x == nil {
		return false
	}
	t := lw.Info.Types[x].Type
	return t != nil && !types.IsInterface(t) && !mentionsSession(t, map[types.Type]bool{})
}

// plainTypeArgs makes each argument of c, a call of a function or method
// of reflect, that is passed as a reflect.Type the argument of PlainType,
// in a session that declares types.
func (lw *Lowering) plainTypeArgs(c *ast.CallExpr, sig *types.Signature) {
	if c.Ellipsis.IsValid() || len(lw.sessionTypes()) == 0 {
		return
	}
	for i, a := range c.Args {
		if i >= sig.Params().Len() || reflectNamed(sig.Params().At(i).Type()) != "Type" {
			continue
		}
		c.Args[i] = &ast.CallExpr{Fun: lw.helper("PlainType", a.Pos()), Lparen: a.Pos(), Args: []ast.Expr{a}, Rparen: a.End()}
	}
}

// makesType reports whether e is a call whose reflect.Type the lowering
// gives Go's name already: reflect.TypeOf(x) (TypeOf, TypeOfDynamic, or
// left for a static type written without the session's), v.Type()
// (ValueTypeIn) or one of reflectTypeMakers (TypeIn). TypeIn again would
// cost a second list of candidates (see docs/goexec.md, "Measured").
func (lw *Lowering) makesType(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != "reflect" {
		return false
	}
	if f.Type().(*types.Signature).Recv() == nil {
		return f.Name() == "TypeOf" || reflectTypeMakers[f.Name()]
	}
	recv := reflectNamed(lw.Info.Types[sel.X].Type)
	return recv == "Value" && f.Name() == "Type" || recv == "Type" && reflectTypeMakers[f.Name()]
}
