package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// nilIntoInterface returns, for x of a session type with methods whose
// values can be nil (a pointer to such a type, or such a type on a map,
// slice, func, channel or pointer) going into an interface of another
// package with methods (error, fmt.Stringer), the conversion in a call of
// its own that first checks for nil:
//
//	func(P_boxed *E) error { if P_boxed == nil { P.NilIntoInterface("*main.E", "error") }; return P_boxed }(x)
//
// and nil for any other x. In Go an interface that holds a nil pointer is
// not nil (the famous `var p *E; return p` of a function returning
// error: err != nil, and err.Error() calls the method with a nil
// receiver); yaegi v0.16.1 makes it a nil interface, silently, wherever
// the interface is a compiled one (an interface declared in a cell keeps
// the pointer). NilIntoInterface ends the cell with an InterpreterLimit;
// for a value that is not nil the conversion is boxedInto's, which
// such a value needs anyway (yaegi's wrapper reads its receiver from the
// slot it came from). Any expression is checked, a call's result and a
// conversion (*E)(nil) included.
func (lw *Lowering) nilIntoInterface(into types.Type, x ast.Expr) ast.Expr {
	if !compiledMethods(into) {
		return nil
	}
	tv := lw.Info.Types[x]
	if !tv.IsValue() || tv.Value != nil || tv.Type == nil || types.IsInterface(tv.Type) || !lw.nilableWithMethods(tv.Type) {
		return nil
	}
	pos := x.Pos()
	tx, ix := lw.typeExpr(tv.Type, pos), lw.typeExpr(into, pos)
	if tx == nil || ix == nil {
		return nil
	}
	param := lw.Prefix + "boxed"
	v := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: param} }
	limit := &ast.ExprStmt{X: &ast.CallExpr{Fun: lw.helper("NilIntoInterface", pos), Lparen: pos,
		Args: []ast.Expr{stringLit(pos, goTypeName(tv.Type)), stringLit(pos, goTypeName(into))}, Rparen: pos}}
	check := &ast.IfStmt{If: pos, Cond: &ast.BinaryExpr{X: v(), OpPos: pos, Op: token.EQL, Y: &ast.Ident{NamePos: pos, Name: "nil"}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{limit}, Rbrace: pos}}
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos,
			Params:  &ast.FieldList{Opening: pos, List: []*ast.Field{{Names: []*ast.Ident{v()}, Type: tx}}, Closing: pos},
			Results: &ast.FieldList{List: []*ast.Field{{Type: ix}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{check, &ast.ReturnStmt{Return: pos, Results: []ast.Expr{v()}}}, Rbrace: x.End()},
	}
	return &ast.CallExpr{Fun: fn, Lparen: pos, Args: []ast.Expr{x}, Rparen: x.End()}
}

// nilableWithMethods reports whether t is a pointer to a named type of
// the session with methods, or a named type of the session with methods
// whose values can be nil (on a map, slice, func, channel or pointer).
func (lw *Lowering) nilableWithMethods(t types.Type) bool {
	session := func(t types.Type) (*types.Named, bool) {
		n, ok := types.Unalias(t).(*types.Named)
		return n, ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath && hasAnyMethod(n)
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		_, ok := session(p.Elem())
		return ok
	}
	n, ok := session(t)
	if !ok {
		return false
	}
	switch n.Underlying().(type) {
	case *types.Map, *types.Slice, *types.Signature, *types.Chan, *types.Pointer:
		return true
	}
	return false
}

// goTypeName is t as Go's %T writes it: packages by their names
// (main.E, *main.E, []main.E).
func goTypeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
