package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// AliasPackageTypes rewrites, for a cell run under yaegi's debugger, each
// use of a type of another package (time.Duration, *rbm.Binary's
// rbm.Binary) as the name of an alias of it, declared in a chunk of its
// own put first:
//
//	type __goexecT_time_Duration = time.Duration
//
// yaegi v0.16.1's Debugger.SetBreakpoints walks every node of a program
// and builds the code of each, and the node of a package's type in a
// parameter, a result, a struct field, a named type's definition or a
// composite literal has none: setting a breakpoint in a function with a
// parameter *rbm.Binary crashed the process. An alias's definition and
// uses are nodes it passes over. declared holds the aliases the session
// has already declared (each is declared once) and gains the new ones.
// Generic types are left as they are.
func AliasPackageTypes(chunks []Chunk, info *types.Info, prefix string, declared map[string]bool) []Chunk {
	var specs []ast.Spec
	first := token.NoPos // of the first use: the chunk of aliases is in the cell's file
	for i := range chunks {
		c := &chunks[i]
		rewrite := func(n ast.Node) {
			replaceExprs(n, func(x ast.Expr) ast.Expr {
				sel, ok := x.(*ast.SelectorExpr)
				if !ok {
					return x
				}
				id, ok := sel.X.(*ast.Ident)
				if !ok {
					return x
				}
				pkg, ok := info.Uses[id].(*types.PkgName)
				if !ok || !info.Types[sel].IsType() {
					return x
				}
				if n, ok := types.Unalias(info.Types[sel].Type).(*types.Named); ok && n.TypeParams().Len() > 0 && n.TypeArgs().Len() == 0 {
					return x
				}
				name := prefix + "T_" + pkg.Name() + "_" + sel.Sel.Name
				if !first.IsValid() {
					first = sel.Pos()
				}
				if !declared[name] {
					declared[name] = true
					// At the first use's position: yaegi finds the
					// file's imports by a node's position.
					p := sel.Pos()
					specs = append(specs, &ast.TypeSpec{Name: &ast.Ident{NamePos: p, Name: name}, Assign: p,
						Type: &ast.SelectorExpr{X: &ast.Ident{NamePos: p, Name: id.Name}, Sel: &ast.Ident{NamePos: p, Name: sel.Sel.Name}}})
				}
				return &ast.Ident{NamePos: sel.Pos(), Name: name}
			})
		}
		switch {
		case c.File != nil:
			for _, d := range c.File.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
					continue
				}
				rewrite(d)
			}
		default:
			rewrite(c.Body)
			if c.Final != nil {
				f := &ast.ExprStmt{X: c.Final}
				rewrite(f)
				c.Final = f.X
			}
		}
	}
	if len(specs) == 0 {
		return chunks
	}
	aliases := Chunk{File: &ast.File{Package: first, Name: ast.NewIdent("main"), Decls: []ast.Decl{&ast.GenDecl{Tok: token.TYPE, Specs: specs}}}}
	return append([]Chunk{aliases}, chunks...)
}
