package front

import (
	"go/ast"
	"go/token"
)

// Two forms of switch that yaegi v0.16.1 runs wrongly, silently, and
// what the front end does with them (found with the held-out corpus, control/switch_forms.go):
//
//   - a tagless switch whose case lists several expressions,
//     "switch { case a, b: … }", tests only the first: 'B' fell through
//     "case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z'" to "other". The
//     list becomes one expression, "case (a) || (b):", which Go evaluates
//     in the same order and stops at the same place;
//   - a type switch with "case error" misses that case: it did not match
//     errors.New's *errors.errorString, nor a value of a cell's type with
//     an Error method. It is lowered to comma-ok assertions, as a switch
//     with a case of a session type is (typeSwitch, hasSessionCase);
//   - a switch with an init statement and a tag other than a name,
//     "switch y := 1; xs[0] { case y: … }" or "switch y := 1; f() { … }",
//     does not evaluate its tag: f was not called, and the default
//     clause ran (an index out of range did not panic). The tag moves
//     into a switch of its own, "switch y := 1; { default: switch xs[0]
//     { case y: … } }" (initTag), which keeps the scope of y, and what
//     break and a label mean.

// initTag moves the tag of a switch with an init statement into a
// switch of its own, the only clause of the outer one.
func initTag(s *ast.SwitchStmt) {
	if s.Init == nil || s.Tag == nil {
		return
	}
	if _, ok := ast.Unparen(s.Tag).(*ast.Ident); ok {
		return
	}
	inner := &ast.SwitchStmt{Switch: s.Switch, Tag: s.Tag, Body: s.Body}
	pos := s.Body.Lbrace
	s.Tag = nil
	s.Body = &ast.BlockStmt{Lbrace: pos, Rbrace: inner.Body.Rbrace, List: []ast.Stmt{
		&ast.CaseClause{Case: pos, Colon: pos, Body: []ast.Stmt{inner}},
	}}
}

// taglessCases joins the expressions of each case of a tagless switch.
func taglessCases(s *ast.SwitchStmt) {
	if s.Tag != nil {
		return
	}
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if len(cc.List) < 2 {
			continue
		}
		x := paren(cc.List[0])
		for _, y := range cc.List[1:] {
			x = &ast.BinaryExpr{X: x, OpPos: y.Pos(), Op: token.LOR, Y: paren(y)}
		}
		cc.List = []ast.Expr{x}
	}
}

func paren(x ast.Expr) ast.Expr {
	return &ast.ParenExpr{Lparen: x.Pos(), X: x, Rparen: x.End()}
}
