package front

import (
	"go/ast"
	"go/types"
)

// MainName is the name under which the interpreter knows a function main
// that a cell declares (see RenameMain).
const MainName = "_rbmkernel_main"

// RenameMain renames the session's function main, in its declaration and
// in every use, to MainName. yaegi runs the function main of package main
// at the end of every execution once one is declared, so a cell that
// declares main would run it then and at the end of every later cell; Go
// runs main only when called. The session's check (info) still knows it
// as main. The declaration gets a new identifier, since the session keeps
// the old one; uses are renamed in place.
func RenameMain(chunks []Chunk, info *types.Info) {
	isMain := func(obj types.Object) bool {
		f, ok := obj.(*types.Func)
		return ok && f.Name() == "main" && f.Pkg() != nil && f.Pkg().Path() == PackagePath && f.Parent() == f.Pkg().Scope()
	}
	for _, c := range chunks {
		if c.File != nil {
			for _, d := range c.File.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && isMain(info.Defs[fd.Name]) {
					fd.Name = &ast.Ident{NamePos: fd.Name.NamePos, Name: MainName}
				}
			}
		}
		for _, n := range []ast.Node{c.File, c.Body, c.Final} {
			if n == nil || n == (*ast.File)(nil) || n == (*ast.BlockStmt)(nil) {
				continue
			}
			ast.Inspect(n, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && isMain(info.Uses[id]) {
					id.Name = MainName
				}
				return true
			})
		}
	}
}
