package goexec

import (
	"fmt"
	"go/ast"
	"go/token"
)

// Since Go 1.22 each iteration of a loop has its own loop variables: a
// closure or a pointer made in one iteration sees that iteration's value.
// yaegi v0.16.1 keeps one variable for the whole loop, so
//
//	for i := 0; i < 3; i++ { fs = append(fs, func() int { return i }) }
//
// gives closures that all return 3: a wrong value, silently. lowerLoopVars
// rewrites the loops whose variables can outlive an iteration (a function
// literal in the body names one, or the body takes the address of one)
// into loops that declare their variables afresh in each iteration, which
// yaegi gets right. A range loop (`for k, v := range x`) gets
// `k, v := k, v` as the first statement of its body: Go's range loop does
// not read its variables back, so this is exact. So does a three-clause
// loop whose body never assigns its variables. A three-clause loop whose
// body may assign them (an assignment, ++, or &v) becomes the form the Go
// specification describes, each iteration's variable a copy of the
// previous one's made before the post statement runs:
//
//	{
//		i := 0
//		__goexecP0 := &i
//		for __goexecFirst := true; ; __goexecFirst = false {
//			i := *__goexecP0
//			__goexecP0 = &i
//			if !__goexecFirst { i++ }
//			if !(i < 3) { break }
//			{ body }
//		}
//	}
//
// where continue and break still refer to the loop, and a label moves to it.
func lowerLoopVars(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			lowerList(n.List)
		case *ast.CaseClause:
			lowerList(n.Body)
		case *ast.CommClause:
			lowerList(n.Body)
		case *ast.RangeStmt:
			lowerRange(n)
		}
		return true
	})
}

// lowerList rewrites the three-clause loops of a statement list in place.
func lowerList(l []ast.Stmt) {
	for i, s := range l {
		switch s := s.(type) {
		case *ast.ForStmt:
			if b := lowerFor(s, nil); b != nil {
				l[i] = b
			}
		case *ast.LabeledStmt:
			if f, ok := s.Stmt.(*ast.ForStmt); ok {
				if b := lowerFor(f, s); b != nil {
					l[i] = b
				}
			}
		}
	}
}

// loopVars returns the names that a loop's := declares, blanks left out.
func loopVars(lhs []ast.Expr) []string {
	var names []string
	for _, e := range lhs {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			names = append(names, id.Name)
		}
	}
	return names
}

// nameSet is names as a set.
func nameSet(names []string) map[string]bool {
	is := make(map[string]bool, len(names))
	for _, n := range names {
		is[n] = true
	}
	return is
}

// escapes reports whether body lets one of names outlive an iteration: a
// function literal mentions it, or its address is taken (&v, &v.f, &v[i]).
func escapes(body ast.Node, names []string) bool {
	is := nameSet(names)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && is[id.Name] {
					found = true
				}
				return !found
			})
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND && is[rootName(n.X)] {
				found = true
			}
		}
		return true
	})
	return found
}

// assigns reports whether body may change one of names: an assignment or
// ++/-- to it (or to a part of it), or its address taken.
func assigns(body ast.Node, names []string) bool {
	is := nameSet(names)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					found = found || is[rootName(l)]
				}
			}
		case *ast.IncDecStmt:
			found = found || is[rootName(n.X)]
		case *ast.UnaryExpr:
			found = found || (n.Op == token.AND && is[rootName(n.X)])
		}
		return !found
	})
	return found
}

// rootName is the variable at the root of x (v in v, v.f, v[i], (v)), or "".
func rootName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e.Name
		case *ast.SelectorExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			return ""
		}
	}
}

// copyStmt is `a, b := a, b` for names, at pos.
func copyStmt(names []string, pos token.Pos) ast.Stmt {
	lhs := make([]ast.Expr, len(names))
	rhs := make([]ast.Expr, len(names))
	for i, n := range names {
		lhs[i] = &ast.Ident{NamePos: pos, Name: n}
		rhs[i] = &ast.Ident{NamePos: pos, Name: n}
	}
	return &ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: token.DEFINE, Rhs: rhs}
}

// lowerRange gives a range loop's variables a copy per iteration when
// they can outlive it.
func lowerRange(r *ast.RangeStmt) {
	if r.Tok != token.DEFINE {
		return
	}
	var lhs []ast.Expr
	if r.Key != nil {
		lhs = append(lhs, r.Key)
	}
	if r.Value != nil {
		lhs = append(lhs, r.Value)
	}
	names := loopVars(lhs)
	if len(names) == 0 || !escapes(r.Body, names) {
		return
	}
	r.Body.List = append([]ast.Stmt{copyStmt(names, r.Body.Lbrace)}, r.Body.List...)
}

// lowerFor returns the replacement of a three-clause loop (with its label,
// if any), or nil when it needs none.
func lowerFor(f *ast.ForStmt, label *ast.LabeledStmt) ast.Stmt {
	init, ok := f.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE {
		return nil
	}
	names := loopVars(init.Lhs)
	if len(names) == 0 || !escapes(f.Body, names) {
		return nil
	}
	if !assigns(f.Body, names) {
		f.Body.List = append([]ast.Stmt{copyStmt(names, f.Body.Lbrace)}, f.Body.List...)
		return nil
	}
	pos := f.For
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	first := "__goexecFirst"
	// each makes, for every loop variable k, name, one expression.
	each := func(expr func(k int, name string) ast.Expr) []ast.Expr {
		l := make([]ast.Expr, len(names))
		for k, n := range names {
			l[k] = expr(k, n)
		}
		return l
	}
	ptr := func(k int, _ string) ast.Expr { return id(fmt.Sprintf("__goexecP%d", k)) }
	addr := func(_ int, n string) ast.Expr { return &ast.UnaryExpr{OpPos: pos, Op: token.AND, X: id(n)} }
	load := func(k int, _ string) ast.Expr { return &ast.StarExpr{Star: pos, X: ptr(k, "")} }
	name := func(_ int, n string) ast.Expr { return id(n) }
	var body []ast.Stmt
	body = append(body,
		&ast.AssignStmt{Lhs: each(name), TokPos: pos, Tok: token.DEFINE, Rhs: each(load)},
		&ast.AssignStmt{Lhs: each(ptr), TokPos: pos, Tok: token.ASSIGN, Rhs: each(addr)},
	)
	if f.Post != nil {
		body = append(body, &ast.IfStmt{If: pos,
			Cond: &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: id(first)},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{f.Post}, Rbrace: pos}})
	}
	if f.Cond != nil {
		body = append(body, &ast.IfStmt{If: pos,
			Cond: &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: &ast.ParenExpr{Lparen: pos, X: f.Cond, Rparen: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.BranchStmt{TokPos: pos, Tok: token.BREAK}}, Rbrace: pos}})
	}
	body = append(body, f.Body)
	loop := &ast.ForStmt{For: pos,
		Init: &ast.AssignStmt{Lhs: []ast.Expr{id(first)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{id("true")}},
		Post: &ast.AssignStmt{Lhs: []ast.Expr{id(first)}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{id("false")}},
		Body: &ast.BlockStmt{Lbrace: f.Body.Lbrace, List: body, Rbrace: f.Body.Rbrace},
	}
	var inner ast.Stmt = loop
	if label != nil {
		label.Stmt = loop
		inner = label
	}
	return &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{
		init,
		&ast.AssignStmt{Lhs: each(ptr), TokPos: pos, Tok: token.DEFINE, Rhs: each(addr)},
		inner,
	}}
}
