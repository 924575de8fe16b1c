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
		if s == nil || s.Kind() != types.MethodVal {
			return true
		}
		if path := interfacePath(s); path != nil {
			x := sel.X
			for _, f := range path {
				x = &ast.SelectorExpr{X: x, Sel: &ast.Ident{NamePos: sel.Sel.Pos(), Name: f.Name()}}
			}
			sel.X = x
		}
		return true
	})
}

// interfacePath returns the embedded fields through which the method of
// the selection s is promoted, up to and including the first field of an
// interface type; nil when no embedded interface is on the way (or the
// path cannot be followed, which counts as one: it is left alone).
func interfacePath(s *types.Selection) []*types.Var {
	var path []*types.Var
	t := s.Recv()
	for _, i := range s.Index()[:len(s.Index())-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		f := st.Field(i)
		path = append(path, f)
		if t = f.Type(); types.IsInterface(t) {
			return path
		}
	}
	return nil
}
