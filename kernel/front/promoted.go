package front

import (
	"go/ast"
	"go/types"
)

// promotedInterfaceMethods writes out the path of a method promoted
// through an embedded field of an interface type: with
//
//	type Service struct{ Logger; name string }
//
// svc.Log("x") becomes svc.Logger.Log("x"), which Go defines it to be.
// yaegi v0.16.1 panicked on the short form ("invalid interface value
// {{…} svc}"), for a call and for a method value alike.
func (lw *Lowering) promotedInterfaceMethods(n ast.Node) {
	ast.Inspect(n, func(node ast.Node) bool {
		sel, ok := node.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s := lw.Info.Selections[sel]
		if s == nil || s.Kind() != types.MethodVal || len(s.Index()) < 2 {
			return true
		}
		x, t := sel.X, s.Recv()
		for _, i := range s.Index()[:len(s.Index())-1] {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			st, ok := t.Underlying().(*types.Struct)
			if !ok {
				return true
			}
			f := st.Field(i)
			x = &ast.SelectorExpr{X: x, Sel: &ast.Ident{NamePos: sel.Sel.Pos(), Name: f.Name()}}
			t = f.Type()
			if types.IsInterface(t) {
				sel.X = x
				return true
			}
		}
		return true
	})
}
