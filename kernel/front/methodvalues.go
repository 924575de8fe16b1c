package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// methodValues lowers a method value of a type of the session, x.M not
// called at once (f := p.String, append(fs, c.Inc)), into
//
//	func(r T) F { return r.M }(x)      (&x and *T for a pointer method of an addressable x,
//	                                    *x and T for a value method of a pointer x)
//
// F being the method value's type. Go evaluates the receiver when the
// method value is made; yaegi read it from x's frame slot when the method
// was called, so method values taken in a loop all ran on the loop's last
// value (and on a later change of the variable). In a call of its own the
// receiver is the parameter r, in a frame nothing else writes. Only
// methods of the session's types are lowered, declared on the type or
// promoted through embedded fields that are not interfaces (r.M of one
// promoted through an interface is what promotedInterfaceMethods writes
// out, and this pass runs before it).
func (lw *Lowering) methodValues(n ast.Node) {
	called := map[*ast.SelectorExpr]bool{}
	ast.Inspect(n, func(node ast.Node) bool {
		if c, ok := node.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
				called[sel] = true
			}
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || called[sel] {
			return e
		}
		s := lw.Info.Selections[sel]
		if s == nil || s.Kind() != types.MethodVal || interfacePath(s) != nil {
			return e
		}
		recv := lw.Info.Types[sel.X].Type
		ft := lw.Info.Types[sel].Type
		if recv == nil || ft == nil || !lw.isSessionTypeWithMethods(recv) {
			return e
		}
		x := sel.X
		if sig, ok := s.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
			if _, ptrMethod := sig.Recv().Type().(*types.Pointer); ptrMethod {
				if _, isPtr := recv.(*types.Pointer); !isPtr {
					// Go binds &x: the method value changes x itself.
					recv = types.NewPointer(recv)
					x = &ast.UnaryExpr{OpPos: sel.X.Pos(), Op: token.AND, X: sel.X}
				}
			} else if p, isPtr := recv.(*types.Pointer); isPtr && len(s.Index()) == 1 {
				// A value method of a pointer p: Go binds a copy of *p
				// (yaegi's method value read *p when it was called).
				recv = p.Elem()
				x = &ast.StarExpr{Star: sel.X.Pos(), X: sel.X}
			}
		}
		pos := sel.Pos()
		rx, fx := lw.typeExpr(recv, pos), lw.typeExpr(ft, pos)
		if rx == nil || fx == nil {
			return e
		}
		r := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: lw.Prefix + "recv"} }
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos,
				Params:  &ast.FieldList{Opening: pos, List: []*ast.Field{{Names: []*ast.Ident{r()}, Type: rx}}, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: fx}}}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: sel.End(), List: []ast.Stmt{&ast.ReturnStmt{Return: pos,
				Results: []ast.Expr{&ast.SelectorExpr{X: r(), Sel: &ast.Ident{NamePos: sel.Sel.Pos(), Name: sel.Sel.Name}}}}}},
		}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Args: []ast.Expr{x}, Rparen: sel.End()}
	})
}

// methodExprs lowers a method expression of a type of the session, T.M or
// (*T).M, into a function literal that calls the method:
//
//	conv := Temp.Fahrenheit
//	// becomes
//	conv := func(r Temp) float64 { return r.Fahrenheit() }
//
// yaegi v0.16.1 made a function without the receiver parameter, and using
// it panicked ("reflect.Set: value of type func() float64 is not
// assignable to type func(float64) float64"). An interface's method
// expression, and one whose types cannot be written, stay.
func (lw *Lowering) methodExprs(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return e
		}
		s, ok := lw.Info.Selections[sel]
		if !ok || s.Kind() != types.MethodExpr || types.IsInterface(s.Recv()) {
			return e
		}
		recv := s.Recv()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		named, ok := recv.(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != PackagePath {
			return e
		}
		sig, ok := lw.Info.Types[sel].Type.(*types.Signature)
		if !ok {
			return e
		}
		pos := sel.Pos()
		ft := lw.funcTypeExpr(sig, pos)
		if ft == nil || len(ft.Params.List) == 0 {
			return e
		}
		var args []ast.Expr
		for i, f := range ft.Params.List {
			name := &ast.Ident{NamePos: pos, Name: lw.name("p")}
			f.Names = []*ast.Ident{name}
			if i > 0 {
				args = append(args, &ast.Ident{NamePos: pos, Name: name.Name})
			}
		}
		call := &ast.CallExpr{
			Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: ft.Params.List[0].Names[0].Name}, Sel: &ast.Ident{NamePos: sel.Sel.NamePos, Name: sel.Sel.Name}},
			Lparen: pos, Args: args, Rparen: pos,
		}
		if sig.Variadic() {
			call.Ellipsis = pos
		}
		var body ast.Stmt = &ast.ExprStmt{X: call}
		if sig.Results().Len() > 0 {
			body = &ast.ReturnStmt{Return: pos, Results: []ast.Expr{call}}
		}
		return &ast.FuncLit{Type: ft, Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{body}, Rbrace: sel.End()}}
	})
}
