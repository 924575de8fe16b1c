package front

import (
	"go/ast"
	"go/types"
)

// explicitInstances writes out the type arguments that Go infers for a
// generic function declared in a cell: Map(xs, f) becomes
// Map[int, string](xs, f), and a partial Map[int](xs, f) is completed.
// yaegi v0.16.1 infers them wrongly: with
//
//	func Map[T, U any](xs []T, f func(T) U) []U
//
// Map([]int{1, 2}, func(i int) string { … }) was refused ("cannot use
// type func(int) string as type func(int) int"), though Go accepts it.
// go/types records the inferred arguments (Info.Instances); yaegi runs the
// explicit instantiation correctly.
func (lw *Lowering) explicitInstances(n ast.Node) {
	indexed := map[*ast.Ident]bool{} // written as the X of an index: done at the index
	ast.Inspect(n, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.IndexExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				indexed[id] = true
			}
		case *ast.IndexListExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				indexed[id] = true
			}
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		var id *ast.Ident
		switch x := e.(type) {
		case *ast.Ident:
			if indexed[x] {
				return e
			}
			id = x
		case *ast.IndexExpr:
			id, _ = x.X.(*ast.Ident)
		case *ast.IndexListExpr:
			id, _ = x.X.(*ast.Ident)
		}
		if id == nil {
			return e
		}
		f, ok := lw.Info.Uses[id].(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != PackagePath {
			return e
		}
		if sig, ok := f.Type().(*types.Signature); !ok || sig.TypeParams().Len() == 0 {
			return e
		}
		inst, ok := lw.Info.Instances[id]
		if !ok || inst.TypeArgs.Len() == 0 {
			return e
		}
		args := make([]ast.Expr, inst.TypeArgs.Len())
		for i := range args {
			if args[i] = lw.typeExpr(inst.TypeArgs.At(i), id.Pos()); args[i] == nil {
				return e
			}
		}
		if len(args) == 1 {
			return &ast.IndexExpr{X: id, Lbrack: id.End(), Index: args[0], Rbrack: e.End()}
		}
		return &ast.IndexListExpr{X: id, Lbrack: id.End(), Indices: args, Rbrack: e.End()}
	})
}
