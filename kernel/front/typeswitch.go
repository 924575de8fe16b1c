package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// typeSwitches lowers the type switches that have a case of a type the
// session declares. yaegi v0.16.1 misses such cases: a value of a struct
// type without methods never matches its case inside a function (the
// switch falls to default), nor does a value of a session type held by a
// compiled interface such as error. Its comma-ok assertions to a concrete
// type are right (up to types of one underlying type, see
// sessionAssertions), so the switch asks one case at a time, in order:
//
//	switch v := x.(type) {
//	case A:
//		useA(v)
//	case B, C:
//		useX(v)
//	case nil:
//	default:
//		other(v)
//	}
//
// becomes
//
//	switch {
//	default:
//		y := x
//		switch {
//		case func() bool { _, ok := y.(A); return ok }():
//			v := y.(A); _ = v
//			useA(v)
//		case func() bool { _, ok := y.(B); return ok }() || func() bool { … y.(C) … }():
//			v := y; _ = v
//			useX(v)
//		case y == nil:
//		default:
//			v := y; _ = v
//			other(v)
//		}
//	}
//
// The switch's init statement and label stay on the outer switch, so
// that its variables, break and break L keep their meaning. The new
// assertions are lowered by the passes that follow (interfaceAssertions,
// sessionAssertions).
func (lw *Lowering) typeSwitches(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			lw.lowerTypeSwitchesIn(n.List)
		case *ast.CaseClause:
			lw.lowerTypeSwitchesIn(n.Body)
		case *ast.CommClause:
			lw.lowerTypeSwitchesIn(n.Body)
		case *ast.LabeledStmt:
			if ts, ok := n.Stmt.(*ast.TypeSwitchStmt); ok {
				if s := lw.typeSwitch(ts); s != nil {
					n.Stmt = s
				}
			}
		}
		return true
	})
}

// lowerTypeSwitchesIn replaces the type switches of list.
func (lw *Lowering) lowerTypeSwitchesIn(list []ast.Stmt) {
	for i, s := range list {
		if ts, ok := s.(*ast.TypeSwitchStmt); ok {
			if r := lw.typeSwitch(ts); r != nil {
				list[i] = r
			}
		}
	}
}

// typeSwitch returns the lowering of ts, or nil when no case is a type of
// the session or a type cannot be written.
func (lw *Lowering) typeSwitch(ts *ast.TypeSwitchStmt) ast.Stmt {
	var (
		bound *ast.Ident
		ta    *ast.TypeAssertExpr
	)
	switch a := ts.Assign.(type) {
	case *ast.ExprStmt:
		ta, _ = a.X.(*ast.TypeAssertExpr)
	case *ast.AssignStmt:
		if len(a.Lhs) == 1 && len(a.Rhs) == 1 {
			bound, _ = a.Lhs[0].(*ast.Ident)
			ta, _ = a.Rhs[0].(*ast.TypeAssertExpr)
		}
	}
	if ta == nil {
		return nil
	}
	xType := lw.Info.Types[ta.X].Type
	if xType == nil || !lw.hasSessionCase(ts, xType) {
		return nil
	}
	pos := ts.Switch
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	y := lw.name("y")
	yIdent := func() *ast.Ident {
		i := id(y)
		lw.Info.Types[i] = types.TypeAndValue{Type: xType}
		return i
	}
	if bound != nil && bound.Name == "_" {
		bound = nil
	}
	var clauses []ast.Stmt
	for _, s := range ts.Body.List {
		cc := s.(*ast.CaseClause)
		var conds []ast.Expr
		var only ast.Expr // the case's one type, when v has it
		for _, t := range cc.List {
			if tv, ok := lw.Info.Types[t]; ok && tv.IsNil() {
				conds = append(conds, &ast.BinaryExpr{X: yIdent(), OpPos: pos, Op: token.EQL, Y: id("nil")})
				continue
			}
			okName := lw.name("ok")
			// func() bool { _, ok := y.(T); return ok }()
			conds = append(conds, &ast.CallExpr{Fun: &ast.FuncLit{
				Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: id("bool")}}}},
				Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{
					&ast.AssignStmt{Lhs: []ast.Expr{id("_"), id(okName)}, TokPos: pos, Tok: token.DEFINE,
						Rhs: []ast.Expr{&ast.TypeAssertExpr{X: yIdent(), Lparen: pos, Type: t, Rparen: pos}}},
					&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id(okName)}},
				}}}, Lparen: pos, Rparen: pos})
			if len(cc.List) == 1 {
				only = t
			}
		}
		var cond ast.Expr
		for _, c := range conds {
			if cond == nil {
				cond = c
			} else {
				cond = &ast.BinaryExpr{X: cond, OpPos: pos, Op: token.LOR, Y: c}
			}
		}
		body := cc.Body
		if bound != nil {
			var value ast.Expr = yIdent()
			if only != nil {
				value = &ast.TypeAssertExpr{X: yIdent(), Lparen: pos, Type: only, Rparen: pos}
			}
			body = append([]ast.Stmt{
				&ast.AssignStmt{Lhs: []ast.Expr{id(bound.Name)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{value}},
				&ast.AssignStmt{Lhs: []ast.Expr{id("_")}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{id(bound.Name)}},
			}, body...)
		}
		var list []ast.Expr
		if cond != nil {
			list = []ast.Expr{cond}
		}
		clauses = append(clauses, &ast.CaseClause{Case: cc.Case, List: list, Colon: cc.Colon, Body: body})
	}
	inner := &ast.SwitchStmt{Switch: pos, Body: &ast.BlockStmt{Lbrace: ts.Body.Lbrace, List: clauses, Rbrace: ts.Body.Rbrace}}
	outer := &ast.CaseClause{Case: pos, Colon: pos, Body: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{id(y)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{ta.X}},
		inner,
	}}
	return &ast.SwitchStmt{Switch: pos, Init: ts.Init, Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{outer}, Rbrace: ts.End()}}
}

// hasSessionCase reports whether a case of ts, a switch on a value of
// type x, names a concrete type that the session declares (T or *T), a
// type made of one that yaegi cannot tell from a type made of a local or
// unnamed struct type (contestedAssertion: []Tm, map[string]Tm), or error.
func (lw *Lowering) hasSessionCase(ts *ast.TypeSwitchStmt, x types.Type) bool {
	errType := types.Universe.Lookup("error").Type()
	for _, s := range ts.Body.List {
		for _, t := range s.(*ast.CaseClause).List {
			if tv, ok := lw.Info.Types[t]; ok && tv.IsType() && types.Identical(tv.Type, errType) {
				// yaegi's type switch misses "case error", for
				// errors.New's error and a cell's type with Error
				// alike; its comma-ok assertion to error, lowered by
				// interfaceAssertions, is right.
				return true
			}
			if tv, ok := lw.Info.Types[t]; ok && tv.IsType() && sessionNamed(tv.Type) != nil && !types.IsInterface(tv.Type) {
				return true
			}
			if tv, ok := lw.Info.Types[t]; ok && tv.IsType() && lw.sharedUnder(tv.Type) {
				return true
			}
			if tv, ok := lw.Info.Types[t]; ok && tv.IsType() && lw.contestedAssertion(tv.Type, x) {
				return true
			}
		}
	}
	return false
}

// sessionAssertions lowers the assertions x.(T) to a concrete type T of
// the session (or *T) when another type of the session has the same
// underlying type and x could hold it. yaegi compares the reflect types,
// which it builds without names, so that for
//
//	type Celsius float64
//	type Fahrenheit float64
//
// it said that a Celsius held by an interface is a Fahrenheit. The
// lowering asks the helper SessionType which of the candidates the value
// is (yaegi's wrapper of a value knows its type); when nothing tells them
// apart, the helper ends the cell with an InterpreterLimit rather than
// guess:
//
//	v, ok := x.(Celsius)
//
// becomes
//
//	v, ok := func() (Celsius, bool) {
//		y := x
//		v, ok := y.(Celsius)
//		if ok && SessionType([]any{y}, "main.Celsius", "main.Fahrenheit") != "main.Celsius" {
//			var z Celsius
//			return z, false
//		}
//		return v, ok
//	}()
//
// and the single-value form panics with Go's message when the helper
// names another type.
func (lw *Lowering) sessionAssertions(n ast.Node) {
	commaOK := commaOKAssertions(n)
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		ta, ok := e.(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil {
			return e
		}
		to := lw.Info.Types[ta.Type].Type
		from := lw.Info.Types[ta.X].Type
		if to == nil || from == nil || types.IsInterface(to) || sessionNamed(to) == nil && !(lw.sharedUnder(to) && isEmptyInterface(from)) && !lw.contestedAssertion(to, from) {
			return e
		}
		pos := ta.Pos()
		tx := lw.typeExpr(to, pos)
		id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		str := func(s string) ast.Expr {
			return stringLit(pos, s)
		}
		y, v, okName, z := lw.name("y"), lw.name("v"), lw.name("ok"), lw.name("z")
		which, _ := lw.sessionTypeCall(id(y), to, from, pos)
		if tx == nil || which == nil {
			return e
		}
		names := lw.sessionCandidates(to, from)
		results := []*ast.Field{{Type: tx}}
		var other, end []ast.Stmt
		if commaOK[ta] {
			results = append(results, &ast.Field{Type: id("bool")})
			other = []ast.Stmt{
				&ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{id(z)}, Type: lw.typeExpr(to, pos)}}}},
				&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id(z), id("false")}},
			}
			end = []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id(v), id(okName)}}}
		} else {
			// Go's message: interface conversion: I is main.C, not main.F.
			fromText := fmtName(from)
			if _, named := from.(*types.Named); !named && isEmptyInterface(from) {
				fromText = "interface {}" // as Go's runtime writes any
			}
			other = []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{Fun: lw.helper("ConcreteAssertionPanic", pos), Lparen: pos, Rparen: pos,
				Args: []ast.Expr{str(fromText), which, str(names[0])}}}}
			end = []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id(v)}}}
		}
		check := &ast.BinaryExpr{X: which, OpPos: pos, Op: token.NEQ, Y: str(names[0])}
		if commaOK[ta] {
			check = &ast.BinaryExpr{X: id(okName), OpPos: pos, Op: token.LAND, Y: check}
		}
		body := []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{id(y)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{ta.X}},
			&ast.AssignStmt{Lhs: []ast.Expr{id(v), id(okName)}, TokPos: pos, Tok: token.DEFINE,
				Rhs: []ast.Expr{&ast.TypeAssertExpr{X: id(y), Lparen: pos, Type: tx, Rparen: pos}}},
		}
		if !commaOK[ta] {
			// Not a T at all: yaegi's own panic.
			body = append(body, &ast.IfStmt{If: pos, Cond: &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: id(okName)},
				Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos,
					Results: []ast.Expr{&ast.TypeAssertExpr{X: id(y), Lparen: pos, Type: lw.typeExpr(to, pos), Rparen: pos}}}}}})
		}
		body = append(body, &ast.IfStmt{If: pos, Cond: check, Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: other}})
		body = append(body, end...)
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{Opening: pos, List: results, Closing: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: ta.End(), List: body},
		}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: ta.End()}
	})
}

// sessionTypeCall returns the call SessionType([]X{y}, "main.T",
// "main.U", …) for an assertion of y, of the interface type from (X), to
// the session's type to ("main.T"), and the literal "main.T"; nil when
// no other type of the session has to's underlying type (yaegi's answer
// is then right) or X cannot be written. []X{y} keeps yaegi's wrapper of
// y, which y alone would lose on its way to the helper.
func (lw *Lowering) sessionTypeCall(y ast.Expr, to, from types.Type, pos token.Pos) (*ast.CallExpr, ast.Expr) {
	names := lw.sessionCandidates(to, from)
	fx := lw.typeExpr(from, pos)
	if len(names) < 2 || fx == nil {
		return nil, nil
	}
	args := []ast.Expr{&ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: fx}, Lbrace: pos, Elts: []ast.Expr{y}, Rbrace: pos}}
	for _, n := range names {
		args = append(args, stringLit(pos, n))
	}
	helper := "SessionType"
	if lw.methodShapedAmong(to) {
		// A bare int not recorded is an int: a Color handed to
		// compiled code is recorded (tagForCompiled).
		helper = "SessionTypePlain"
	}
	return &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Args: args, Rparen: pos}, args[1]
}

// methodShapedAmong reports whether to (or what the pointer to points to)
// is a type for which methodShaped is true, or the underlying type of
// one: int for type Color int with String.
func (lw *Lowering) methodShapedAmong(to types.Type) bool {
	if p, ok := to.(*types.Pointer); ok {
		to = p.Elem()
	}
	if methodShaped(to) {
		return true
	}
	if _, named := types.Unalias(to).(*types.Named); named {
		return false
	}
	for _, st := range lw.sessionTypes() {
		if methodShaped(st) && types.Identical(st.Underlying(), to) {
			return true
		}
	}
	return false
}

// sessionCandidates returns Go's names of to ("main.T" or "*main.T") and
// of the other types of the session, or pointers to them, that yaegi
// cannot tell from it (the same underlying type) and that a value of
// type from could hold; to's name first.
//
// A type of the session on a type that is not a struct, without methods
// (sharedNamed), is to yaegi its underlying type: held by an empty
// interface, an N of type N int is a bare int, and a []int asserted to
// Sl of type Sl []int said true. For such a to, or for a to that is such
// a type's underlying type (int, []int; sharedUnder), the other types
// are the underlying type and the session's types on it; the helper
// SessionType tells them apart by what TagType recorded
// (front/typetags.go), or ends the cell.
func (lw *Lowering) sessionCandidates(to, from types.Type) []string {
	names := []string{fmtName(to)}
	elem, ptr := to, false
	if p, ok := to.(*types.Pointer); ok {
		elem, ptr = p.Elem(), true
	}
	base := sessionNamed(to)
	under := elem.Underlying()
	shared := isEmptyInterface(from) && lw.sharedShapes() != nil
	if base == nil && !shared {
		return append(names, lw.contestedNames(to, from, names)...)
	}
	for _, t := range lw.sessionTypes() {
		if base != nil && types.Identical(t, base) || !types.Identical(t.Underlying(), under) || base == nil && !sharedNamed(t) && !methodShaped(t) {
			continue
		}
		c := t
		if ptr {
			c = types.NewPointer(t)
		}
		if types.AssignableTo(c, from) {
			names = append(names, fmtName(c))
		}
	}
	if shared && base != nil && (sharedNamed(base) || methodShaped(base)) {
		var c types.Type = under
		if ptr {
			c = types.NewPointer(under)
		}
		names = append(names, fmtName(c))
	}
	return append(names, lw.contestedNames(to, from, names)...)
}

// contestedNames returns the names of the local and unnamed struct types
// (shadow types) other than those in names whose reflect type, yaegi's,
// to shares, a struct type or a pointer to one asserted from an empty
// interface, when that reflect type is contested (contestedKeys): a
// value of a local type put in an any by an earlier cell, when no other
// type had its fields, is not recorded, and yaegi's assertion to a type
// of the same fields a later cell declares said true; so did the
// assertion of a *L to a *Tm of the same fields (both are
// *struct { Xa int } to yaegi), whose names are "*main.L" here, of a
// []L to []Tm ("[]main.L"), and of a map[string]L to map[string]Tm
// ("map[string]main.L"; a map's key, an array's and a channel's element
// alike: contestedVariants).
func (lw *Lowering) contestedNames(to, from types.Type, names []string) []string {
	if !isEmptyInterface(from) {
		return nil
	}
	contested := lw.contestedKeys()
	if len(contested) == 0 {
		return nil
	}
	var out []string
	for _, v := range lw.contestedVariants(to, contested) {
		name := reflectString(v)
		if _, ok := v.Underlying().(*types.Struct); ok {
			name = shadowName(v)
		}
		if slices.Contains(names, name) || slices.Contains(out, name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// contestedVariants returns the types yaegi cannot tell from t: for a
// struct type whose reflect type is contested, the shadow types of that
// reflect type; for an unnamed pointer, slice, array, map or channel
// type made of such struct types (its parts, an element or a key, at any
// depth: map[string][]L), the same kind of type made of each combination
// of its parts' variants, t's own left out.
func (lw *Lowering) contestedVariants(t types.Type, contested map[string]bool) []types.Type {
	return lw.contestedVariantsAt(t, contested, 0)
}

func (lw *Lowering) contestedVariantsAt(t types.Type, contested map[string]bool, depth int) []types.Type {
	t = types.Unalias(t)
	if depth > 8 {
		return nil
	}
	if _, ok := t.Underlying().(*types.Struct); ok {
		k := lw.keyOf(t)
		if k == "" || !contested[k] {
			return nil
		}
		var out []types.Type
		for _, s := range lw.allShadows() {
			if lw.keyOf(s) == k && !types.Identical(s, t) {
				out = append(out, s)
			}
		}
		return out
	}
	if _, named := t.(*types.Named); named {
		return nil
	}
	parts := compositeParts(t)
	if len(parts) == 0 {
		return nil
	}
	// Each part's choices: itself first, then its variants.
	choices := make([][]types.Type, len(parts))
	some := false
	for i, p := range parts {
		vs := lw.contestedVariantsAt(p, contested, depth+1)
		choices[i] = append([]types.Type{p}, vs...)
		some = some || len(vs) > 0
	}
	if !some {
		return nil
	}
	var out []types.Type
	pick := make([]types.Type, len(parts))
	var walk func(i int, own bool)
	walk = func(i int, own bool) {
		if len(out) >= maxVariants {
			return
		}
		if i == len(parts) {
			if !own {
				out = append(out, remade(t, pick))
			}
			return
		}
		for j, c := range choices[i] {
			pick[i] = c
			walk(i+1, own && j == 0)
		}
	}
	walk(0, true)
	return out
}

// maxVariants bounds contestedVariants' combinations (a map whose key
// and element are each made of a contested struct type, at depth): a
// value of a variant left out is named by its record all the same, as a
// type the assertion does not list, and the assertion says false.
const maxVariants = 64

// remade returns the pointer, slice, array, map or channel type t made of
// parts (compositeParts' order) instead of its own.
func remade(t types.Type, parts []types.Type) types.Type {
	switch u := t.(type) {
	case *types.Pointer:
		return types.NewPointer(parts[0])
	case *types.Slice:
		return types.NewSlice(parts[0])
	case *types.Array:
		return types.NewArray(parts[0], u.Len())
	case *types.Chan:
		return types.NewChan(u.Dir(), parts[0])
	case *types.Map:
		return types.NewMap(parts[0], parts[1])
	}
	return t
}

// contestedAssertion reports whether to is an unnamed pointer, slice,
// array, map or channel type made of a struct type whose reflect type is
// contested (contestedKeys; at any depth), asserted from an empty
// interface: yaegi's assertion of a []L to []Tm, or of a map[string]L
// to map[string]Tm, said true, and SessionType asks the record
// (contestedNames).
func (lw *Lowering) contestedAssertion(to, from types.Type) bool {
	if !isEmptyInterface(from) {
		return false
	}
	switch types.Unalias(to).(type) {
	case *types.Pointer, *types.Slice, *types.Array, *types.Map, *types.Chan:
	default:
		return false
	}
	contested := lw.contestedKeys()
	return len(contested) > 0 && len(lw.contestedVariants(to, contested)) > 0
}

// sharedUnder reports whether t (or what the pointer t points to) is not
// a named type of the session and is the underlying type of one for
// which sharedNamed is true: int for type N int.
func (lw *Lowering) sharedUnder(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if sessionNamed(t) != nil || lw.sharedShapes() == nil {
		return false
	}
	if _, named := types.Unalias(t).(*types.Named); named {
		return false
	}
	for _, st := range lw.sessionTypes() {
		if (sharedNamed(st) || methodShaped(st)) && types.Identical(st.Underlying(), t) {
			return true
		}
	}
	return false
}

// commaOKAssertions returns the type assertions under n whose comma-ok
// form is used (v, ok := x.(T), var v, ok = x.(T)).
func commaOKAssertions(n ast.Node) map[*ast.TypeAssertExpr]bool {
	commaOK := map[*ast.TypeAssertExpr]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				if ta, ok := ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr); ok {
					commaOK[ta] = true
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == 2 && len(n.Values) == 1 {
				if ta, ok := ast.Unparen(n.Values[0]).(*ast.TypeAssertExpr); ok {
					commaOK[ta] = true
				}
			}
		}
		return true
	})
	return commaOK
}

// panicValue lowers panic(x), x of a type of the session or of an
// interface that can hold one, to
//
//	panic(PanicValue([]any{x}, "description of x's type", stringers…))
//
// yaegi panics with the bare value, without its type, so that recover
// gave {7} for panic(E{7}) and the uncaught panic read "panic: {7}";
// []any{x} keeps yaegi's wrapper of x, and the stringers let the helper
// write what Go's runtime prints (E7, the Error method's text).
//
// Every panic's value then goes through the helper PanicHook, which
// stops the cell there when the debugger is asked to stop on panics:
//
//	panic(PanicHook(x))
func (lw *Lowering) panicValue(c *ast.CallExpr) {
	if len(c.Args) != 1 {
		return
	}
	// The helpers' calls are at the panic's own position, where a
	// traceback's frame points.
	at := c.Pos()
	defer func() {
		a := c.Args[0]
		c.Args[0] = &ast.CallExpr{Fun: lw.helper("PanicHook", at), Lparen: at, Args: []ast.Expr{a}, Rparen: a.End()}
	}()
	a := c.Args[0]
	t := lw.Info.Types[a].Type
	if t == nil {
		return
	}
	var methods []ast.Expr
	desc := ""
	switch {
	case sessionNamed(t) != nil:
		methods = lw.stringers(t, a.Pos())
		desc = Describe(t)
	case types.IsInterface(t):
		// An any holding a value of the session's in yaegi's wrapper:
		// the wrapper was the panic's text ({0xc000… {…}}), go run
		// the value's Error or String.
		methods = lw.holdableStringers(t, a)
		if isEmptyInterface(t) && len(methods) == 0 {
			return
		}
	default:
		return
	}
	pos := at
	one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: &ast.Ident{NamePos: pos, Name: "any"}}, Lbrace: pos, Elts: []ast.Expr{a}, Rbrace: a.End()}
	args := append([]ast.Expr{one, stringLit(pos, desc)}, methods...)
	c.Args[0] = &ast.CallExpr{Fun: lw.helper("PanicValue", pos), Lparen: pos, Args: args, Rparen: a.End()}
}
