package front

import "go/ast"

// blankParams names the unnamed parameters of the functions, methods and
// function literals under n "_": yaegi v0.16.1 mixed up the arguments of
// a method whose parameters have no names when it was called through an
// interface (func (c Constant) Rate(int) float64 { return c.Eta }, called
// as s.Rate(3) of a Schedule, panicked "reflect.Set: value of type int is
// not assignable to type float64"). A function's type is the same with
// the names.
func blankParams(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		var ft *ast.FuncType
		switch n := n.(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		default:
			return true
		}
		if ft.Params == nil {
			return true
		}
		for _, f := range ft.Params.List {
			if len(f.Names) == 0 {
				f.Names = []*ast.Ident{{NamePos: f.Type.Pos(), Name: "_"}}
			}
		}
		return true
	})
}
