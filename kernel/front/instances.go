package front

import (
	"go/ast"
	"go/token"
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

// instanceLiterals writes each composite literal whose type is an
// instance of a generic type of two or more type parameters
// (Pair[int, string]{…}) as the element of a one-element slice literal:
//
//	[]Pair[int, string]{{…}}[0]
//
// yaegi v0.16.1 compiles the type of such a literal (an index list
// expression, which its control-flow graph does not handle) into the
// flow of the first literal of that instance that it compiled: a later
// literal of the instance, in a later cell or further down the same
// one, ran that earlier code instead of its own. The cell
//
//	x := Pair[int, int]{1, 2}
//	fmt.Println("first", x)
//
// followed by a cell show(Pair[int, int]{5, 6}); fmt.Println("after")
// printed "first {1 2}" again and nothing of its own, and two such
// literals in one cell skipped the statements before the second.
// Where the literal was in a function, its later use ended with a panic
// in reflect.Set. An instance of one type parameter (an index
// expression) and a literal whose type is elided (the elements of the
// slice literal) are compiled correctly. &Pair[int, int]{…} becomes
// &[]Pair[int, int]{{…}}[0], a new variable as before.
func (lw *Lowering) instanceLiterals(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		cl, ok := e.(*ast.CompositeLit)
		if !ok || cl.Type == nil {
			return e
		}
		if _, ok := ast.Unparen(cl.Type).(*ast.IndexListExpr); !ok {
			return e
		}
		elem := &ast.CompositeLit{Lbrace: cl.Lbrace, Elts: cl.Elts, Rbrace: cl.Rbrace, Incomplete: cl.Incomplete}
		list := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: cl.Pos(), Elt: cl.Type}, Lbrace: cl.Lbrace, Elts: []ast.Expr{elem}, Rbrace: cl.Rbrace}
		zero := &ast.BasicLit{ValuePos: cl.Rbrace, Kind: token.INT, Value: "0"}
		return &ast.IndexExpr{X: list, Lbrack: cl.Rbrace, Index: zero, Rbrack: cl.Rbrace}
	})
}
