package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Calls, values, assertions and variables of instances of generic types
// and functions that yaegi v0.16.1 compiles wrongly, written so that it
// compiles them (instances.go has the literals, type arguments and
// aliases).

// topInstanceCalls wraps each call, in a cell's top-level statements (not
// in a function's body), of a generic function of the session
// instantiated with two or more type arguments (written out by
// explicitInstances where Go infers them) in a function literal that
// returns its results:
//
//	m := New[string, int]()  →  m := func() *OM[string, int] { return New[string, int]() }()
//
// yaegi v0.16.1 compiles such a call at the top level only where the
// function's results are not written with a generic type: with func
// New[K comparable, V any]() *OM[K, V] the cell failed ("not a generic
// type: func() *main.OM", or a panic in its compiler), though the same
// call in a function's body runs. A call whose result types cannot be
// written at the call (a local type) is left as it is.
func (lw *Lowering) topInstanceCalls(n ast.Node) {
	inFunc := map[*ast.CallExpr]bool{}
	ast.Inspect(n, func(node ast.Node) bool {
		if fl, ok := node.(*ast.FuncLit); ok {
			ast.Inspect(fl.Body, func(in ast.Node) bool {
				if c, ok := in.(*ast.CallExpr); ok {
					inFunc[c] = true
				}
				return true
			})
			return false
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		c, ok := e.(*ast.CallExpr)
		if !ok || inFunc[c] {
			return e
		}
		_, sig, ok := lw.listInstanceFunc(c.Fun)
		if !ok {
			return e
		}
		pos := c.Pos()
		fn := lw.callingLiteral(c, &ast.FieldList{Opening: pos, Closing: pos}, sig.Results(), pos, c.End())
		if fn == nil {
			return e
		}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: c.End()}
	})
}

// nilPointerVars gives each variable declared without a value whose
// type is written as a pointer to an instance of two or more type
// arguments (var p *Pair[string, int]) the value nil, which it has
// anyway, in a declaration of its own: yaegi v0.16.1's compiler failed
// on such a declaration in a function or a block ("CFG post-order
// panic: … nil pointer dereference"), and on one of two names with the
// value nil for each, while var p *Pair[string, int] = nil, and the
// declaration of a list or a map of such pointers, run. The lowering of
// om := New[string, int]() declares such a variable (multiDefines).
func nilPointerVars(n ast.Node) {
	ast.Inspect(n, func(node ast.Node) bool {
		gd, ok := node.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return true
		}
		var specs []ast.Spec
		for _, s := range gd.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok || !pointerToList(vs) {
				specs = append(specs, s)
				continue
			}
			for _, name := range vs.Names {
				specs = append(specs, &ast.ValueSpec{Names: []*ast.Ident{name}, Type: vs.Type,
					Values: []ast.Expr{&ast.Ident{NamePos: name.End(), Name: "nil"}}})
			}
		}
		if len(specs) > 1 && !gd.Lparen.IsValid() {
			gd.Lparen, gd.Rparen = gd.TokPos, gd.End()
		}
		gd.Specs = specs
		return true
	})
}

// pointerToList reports whether vs declares variables without values
// whose type is written as a pointer to an instance of a generic type
// with a list of type arguments.
func pointerToList(vs *ast.ValueSpec) bool {
	if len(vs.Values) > 0 || vs.Type == nil {
		return false
	}
	star, ok := ast.Unparen(vs.Type).(*ast.StarExpr)
	if !ok {
		return false
	}
	_, ok = ast.Unparen(star.X).(*ast.IndexListExpr)
	return ok
}

// commaOKInstances writes a comma-ok type assertion to an instance of a
// generic type of the session (p, ok := a.(Pair[int, int]), also in a var
// declaration or an if statement's init) as a type switch in a function
// literal:
//
//	p, ok := func() (Pair[int, int], bool) {
//		switch v := a.(type) {
//		case Pair[int, int]:
//			return v, true
//		}
//		var zero Pair[int, int]
//		return zero, false
//	}()
//
// yaegi v0.16.1 failed on the comma-ok form ("nil type"), of one type
// argument or more, while the single-value assertion and type switches
// run. A package-level var declaration is left as it is.
func (lw *Lowering) commaOKInstances(n ast.Node) {
	rewrite := func(x ast.Expr) ast.Expr {
		ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil {
			return x
		}
		tv, ok := lw.Info.Types[ta.Type]
		if !ok {
			return x
		}
		named, ok := types.Unalias(tv.Type).(*types.Named)
		if !ok || named.TypeArgs().Len() == 0 || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != PackagePath ||
			typeParamIn(named, map[types.Type]bool{}) {
			return x
		}
		pos, end := ta.Pos(), ta.End()
		typ := func() ast.Expr {
			if a := lw.instanceAlias(named, pos); a != nil {
				return a
			}
			return lw.instanceTypeExpr(named, pos)
		}
		if typ() == nil {
			return x
		}
		v := lw.name("v")
		zero := lw.name("zero")
		ident := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		sw := &ast.TypeSwitchStmt{Switch: pos,
			Assign: &ast.AssignStmt{Lhs: []ast.Expr{ident(v)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.TypeAssertExpr{X: ta.X, Lparen: pos, Rparen: end}}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.CaseClause{Case: pos, List: []ast.Expr{typ()}, Colon: pos,
				Body: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{ident(v), ident("true")}}}}}, Rbrace: end}}
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: typ()}, {Type: ident("bool")}}}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{
				sw,
				&ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{ident(zero)}, Type: typ()}}}},
				&ast.ReturnStmt{Return: pos, Results: []ast.Expr{ident(zero), ident("false")}},
			}, Rbrace: end}}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: end}
	}
	ast.Inspect(n, func(node ast.Node) bool {
		switch s := node.(type) {
		case *ast.GenDecl:
			if _, file := n.(*ast.File); file && s.Tok == token.VAR && slices.Contains(n.(*ast.File).Decls, ast.Decl(s)) {
				// A package-level variable's value: a function literal
				// there that reads another variable of the file made
				// yaegi report a "variable definition loop".
				return false
			}
		case *ast.AssignStmt:
			if len(s.Lhs) == 2 && len(s.Rhs) == 1 {
				s.Rhs[0] = rewrite(s.Rhs[0])
			}
		case *ast.ValueSpec:
			if len(s.Names) == 2 && len(s.Values) == 1 {
				s.Values[0] = rewrite(s.Values[0])
			}
		}
		return true
	})
}

// genericFuncValues writes a generic function of the session
// instantiated with two or more type arguments and used as a value, not
// called (g := Pair2[int, string], var g func(int, string) string =
// Pair2, an argument Map(xs, Pair2[int, string])), as a function literal
// that calls it:
//
//	func(p0 int, p1 string) string { return Pair2[int, string](p0, p1) }
//
// yaegi v0.16.1 failed on such a value ("invalid type in assignment", or
// a panic in its compiler); one of one type argument runs, and so does
// the call.
func (lw *Lowering) genericFuncValues(n ast.Node) {
	called := map[ast.Expr]bool{}
	ast.Inspect(n, func(node ast.Node) bool {
		if c, ok := node.(*ast.CallExpr); ok {
			called[ast.Unparen(c.Fun)] = true
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		if called[e] {
			return e
		}
		il, sig, ok := lw.listInstanceFunc(e)
		if !ok {
			return e
		}
		pos := il.Pos()
		params := &ast.FieldList{Opening: pos, Closing: pos}
		var args []ast.Expr
		for i := range sig.Params().Len() {
			t := sig.Params().At(i).Type()
			if sig.Variadic() && i == sig.Params().Len()-1 {
				t = t.(*types.Slice).Elem()
			}
			tx := lw.instanceTypeExpr(t, pos)
			if tx == nil {
				return e
			}
			if sig.Variadic() && i == sig.Params().Len()-1 {
				tx = &ast.Ellipsis{Ellipsis: pos, Elt: tx}
			}
			name := lw.name("p")
			params.List = append(params.List, &ast.Field{Names: []*ast.Ident{{NamePos: pos, Name: name}}, Type: tx})
			args = append(args, &ast.Ident{NamePos: pos, Name: name})
		}
		call := &ast.CallExpr{Fun: il, Lparen: pos, Args: args, Rparen: il.End()}
		if sig.Variadic() {
			call.Ellipsis = pos
		}
		if fn := lw.callingLiteral(call, params, sig.Results(), pos, il.End()); fn != nil {
			return fn
		}
		return e
	})
}

// callingLiteral returns func(params) (results) { return call } (call as
// a statement when there are no results), or nil when a result's type
// cannot be written at pos.
func (lw *Lowering) callingLiteral(call *ast.CallExpr, params *ast.FieldList, results *types.Tuple, pos, end token.Pos) *ast.FuncLit {
	fields := &ast.FieldList{Opening: pos, Closing: pos}
	for i := range results.Len() {
		tx := lw.instanceTypeExpr(results.At(i).Type(), pos)
		if tx == nil {
			return nil
		}
		fields.List = append(fields.List, &ast.Field{Type: tx})
	}
	var body ast.Stmt = &ast.ExprStmt{X: call}
	if results.Len() > 0 {
		body = &ast.ReturnStmt{Return: pos, Results: []ast.Expr{call}}
	}
	return &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: params, Results: fields},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{body}, Rbrace: end}}
}

// listInstanceFunc returns the index list expression that e is and the
// instance's signature when e instantiates a generic function of the
// session with two or more type arguments (Pair2[int, string]); ok is
// false otherwise. The signature is the instance's (Info.Instances), for
// e may be a copy that an earlier pass made, unknown to Info.Types.
func (lw *Lowering) listInstanceFunc(e ast.Expr) (il *ast.IndexListExpr, sig *types.Signature, ok bool) {
	il, ok = ast.Unparen(e).(*ast.IndexListExpr)
	if !ok {
		return nil, nil, false
	}
	id, ok := il.X.(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	if f, ok := lw.Info.Uses[id].(*types.Func); !ok || !sessionGeneric(f) {
		return nil, nil, false
	}
	sig, ok = lw.Info.Instances[id].Type.(*types.Signature)
	return il, sig, ok
}
