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
	limit := &ast.ExprStmt{X: &ast.CallExpr{Fun: lw.helper("NilIntoInterface", pos), Lparen: pos,
		Args: []ast.Expr{stringLit(pos, fmtTypeString(tv.Type)), stringLit(pos, fmtTypeString(into))}, Rparen: pos}}
	param := lw.Prefix + "boxed"
	check := &ast.IfStmt{If: pos, Cond: &ast.BinaryExpr{X: &ast.Ident{NamePos: pos, Name: param}, OpPos: pos, Op: token.EQL, Y: &ast.Ident{NamePos: pos, Name: "nil"}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{limit}, Rbrace: pos}}
	return boxedInto(tx, ix, x, param, check)
}

// nilableWithMethods reports whether t is a pointer to a named type of
// the session with methods, or a named type of the session with methods
// whose values can be nil (on a map, slice, func, channel or pointer).
func (lw *Lowering) nilableWithMethods(t types.Type) bool {
	t = types.Unalias(t)
	if !lw.isSessionTypeWithMethods(t) {
		return false
	}
	if _, ok := t.(*types.Pointer); ok {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Map, *types.Slice, *types.Signature, *types.Chan, *types.Pointer:
		return true
	}
	return false
}
