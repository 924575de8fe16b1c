package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// SplitRedeclarations lowers the top-level ":=" statements of a cell that
// declare again a variable of the session and read its old value, which
// yaegi gets wrong: when a chunk declares a global again, every read of
// that global in the chunk, before the declaration and on its right side,
// gives the zero value ("r := 3", then "r := r + 1" gives 1). Such a
// statement
//
//	s, r := r, 5
//
// ends its chunk, its values going to new variables, and the declaration
// itself starts the next chunk:
//
//	_rbmkernel_redecl_N_0, _rbmkernel_redecl_N_1 := r, 5   // first chunk
//	s, r := _rbmkernel_redecl_N_0, _rbmkernel_redecl_N_1    // second chunk
//
// so that the reads run in a chunk that declares nothing again. info is the
// cell's check (Checked.Info) and tag makes the names unique in the
// session (the cell's number). Statement order, and so the order of side
// effects, is kept. The temporaries stay in the session, unseen.
func SplitRedeclarations(chunks []Chunk, info *types.Info, tag string) []Chunk {
	var out []Chunk
	n := 0
	for _, c := range chunks {
		if c.File != nil {
			out = append(out, c)
			continue
		}
		list := c.Body.List
		start := 0
		for i, st := range list {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE || !readsRedeclared(as, list[start:i+1], info) {
				continue
			}
			pos := as.Pos()
			var tmps, uses []ast.Expr
			for range as.Lhs {
				name := fmt.Sprintf("_rbmkernel_redecl_%s_%d", tag, n)
				n++
				tmps = append(tmps, &ast.Ident{NamePos: pos, Name: name})
				uses = append(uses, &ast.Ident{NamePos: pos, Name: name})
			}
			first := append(append([]ast.Stmt(nil), list[start:i]...),
				&ast.AssignStmt{Lhs: tmps, TokPos: as.TokPos, Tok: token.DEFINE, Rhs: as.Rhs})
			out = append(out, Chunk{Body: &ast.BlockStmt{Lbrace: c.Body.Lbrace, List: first, Rbrace: c.Body.Rbrace}})
			list[i] = &ast.AssignStmt{Lhs: as.Lhs, TokPos: as.TokPos, Tok: token.DEFINE, Rhs: uses}
			start = i
		}
		if start == 0 {
			out = append(out, c)
			continue
		}
		out = append(out, Chunk{
			Body:  &ast.BlockStmt{Lbrace: c.Body.Lbrace, List: list[start:], Rbrace: c.Body.Rbrace},
			Final: c.Final,
		})
	}
	return out
}

// readsRedeclared reports whether a top-level ":=" declares again a
// package-level variable that the statements of its chunk up to it (stmts,
// ending with it) read: a use of the package-level object of one of the
// names it defines.
func readsRedeclared(as *ast.AssignStmt, stmts []ast.Stmt, info *types.Info) bool {
	names := map[string]bool{}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
			names[id.Name] = true
		}
	}
	if len(names) == 0 {
		return false
	}
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found || !names[id.Name] {
				return !found
			}
			if v, ok := info.Uses[id].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				found = true
			}
			return !found
		})
	}
	return found
}
