package front

import (
	"go/ast"
	"go/token"
	"go/types"
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
//     errors.New's *errors.errorString. It is refused (refuseTypeSwitch);
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

// refuseTypeSwitch refuses a type switch with "case error": yaegi misses
// it, binding the switch's variable or not, with a default clause or
// not, for errors.New's error and for a value of the cell's own type with
// an Error method alike (both went to "other"). Other interfaces (a
// Stringer, an io.Reader) were matched, and are left alone. A cell of
// declarations that is refused takes the compiled road (kernel/goexec),
// where the switch is Go's.
func (lw *Lowering) refuseTypeSwitch(s *ast.TypeSwitchStmt) {
	errType := types.Universe.Lookup("error").Type()
	for _, c := range s.Body.List {
		for _, t := range c.(*ast.CaseClause).List {
			if tv, ok := lw.Info.Types[t]; ok && tv.Type != nil && types.Identical(tv.Type, errType) {
				lw.errs.Add(lw.Fset.Position(t.Pos()),
					"a type switch with case error cannot run in the interpreter: it misses that case, silently; declare the function that holds it in a cell of its own (it then runs compiled), or use %%compile")
				return
			}
		}
	}
}
