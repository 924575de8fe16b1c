package goexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
)

// yaegi v0.16.1 writes the value of a comma-ok map read only when the key
// is there: with a variable that keeps its storage (a loop's body, a
// variable assigned with =), a missing key leaves the last value where Go
// gives the zero value:
//
//	m := map[int]int{0: 1, 2: 1}
//	for k := 0; k < 4; k++ { v, ok := m[k]; … } // v: 1 1 1 1, Go: 1 0 1 0
//
// The same of a comma-ok type assertion that fails (v, ok = x.(int) kept
// v's last value; in a loop, w, ok := y.(int) gave the last iteration's
// w). The ok it gives is right. lowerCommaOK follows every such statement
// with
//
//	if !ok { __goexec.Zero(&v) }
//
// (with a fresh name for ok when the statement discards it), for a v that
// is a variable or a field of one (v.f); a map or slice element on the
// left (a[i], ok = m[k]) reads into a fresh variable first
// (commaOKElement).
func lowerCommaOK(n ast.Node) {
	count := 0
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			n.List = commaOKList(n.List, &count)
		case *ast.CaseClause:
			n.Body = commaOKList(n.Body, &count)
		case *ast.CommClause:
			n.Body = commaOKList(n.Body, &count)
		}
		return true
	})
}

// commaOKList returns l with the comma-ok map reads lowered.
func commaOKList(l []ast.Stmt, count *int) []ast.Stmt {
	var out []ast.Stmt
	changed := false
	for _, s := range l {
		out = append(out, s)
		a, ok := s.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 2 || len(a.Rhs) != 1 || (a.Tok != token.DEFINE && a.Tok != token.ASSIGN) {
			continue
		}
		switch ast.Unparen(a.Rhs[0]).(type) {
		case *ast.IndexExpr, *ast.TypeAssertExpr:
		default:
			continue
		}
		v := a.Lhs[0]
		if id, ok := v.(*ast.Ident); ok && id.Name == "_" {
			continue
		}
		pos := a.Pos()
		if !isVarOrField(v) {
			if a.Tok == token.ASSIGN && !hasCall(a.Lhs[0]) && !hasCall(a.Lhs[1]) {
				out[len(out)-1] = commaOKElement(a, count)
				changed = true
			}
			continue
		}
		okName := a.Lhs[1].(*ast.Ident)
		if okName.Name == "_" {
			*count++
			fresh := &ast.Ident{NamePos: okName.NamePos, Name: fmt.Sprintf("__goexecOK%d", *count)}
			a.Lhs[1] = fresh
			okName = fresh
			if a.Tok == token.ASSIGN {
				// Declare the fresh name first.
				out[len(out)-1] = &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{
					&ast.ValueSpec{Names: []*ast.Ident{{NamePos: pos, Name: fresh.Name}}, Type: &ast.Ident{NamePos: pos, Name: "bool"}},
				}}}
				out = append(out, a)
			}
		}
		out = append(out, zeroUnless(pos, okName.Name, v))
		changed = true
	}
	if !changed {
		return l
	}
	return out
}

// commaOKElement lowers a comma-ok map read into an element or another
// place that has no address, "a[i], ok = m[k]", to
//
//	{ V, OK := m[k]; if !OK { __goexec.Zero(&V) }; a[i], ok = V, OK }
//
// The place's operands are then evaluated after the map read, not
// before: the caller lowers only a left side without calls, where the
// order cannot be seen.
func commaOKElement(a *ast.AssignStmt, count *int) ast.Stmt {
	pos := a.Pos()
	*count++
	v := &ast.Ident{NamePos: pos, Name: fmt.Sprintf("__goexecV%d", *count)}
	ok := &ast.Ident{NamePos: pos, Name: fmt.Sprintf("__goexecOK%d", *count)}
	id := func(x *ast.Ident) *ast.Ident { return &ast.Ident{NamePos: pos, Name: x.Name} }
	return &ast.BlockStmt{Lbrace: pos, Rbrace: a.End(), List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{id(v), id(ok)}, TokPos: pos, Tok: token.DEFINE, Rhs: a.Rhs},
		zeroUnless(pos, ok.Name, id(v)),
		&ast.AssignStmt{Lhs: a.Lhs, TokPos: a.TokPos, Tok: token.ASSIGN, Rhs: []ast.Expr{id(v), id(ok)}},
	}}
}

// zeroUnless returns "if !ok { __goexec.Zero(&v) }".
func zeroUnless(pos token.Pos, ok string, v ast.Expr) ast.Stmt {
	return &ast.IfStmt{If: pos,
		Cond: &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: &ast.Ident{NamePos: pos, Name: ok}},
		Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
			Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "Zero"}},
			Lparen: pos,
			Args:   []ast.Expr{&ast.UnaryExpr{OpPos: pos, Op: token.AND, X: v}},
			Rparen: pos,
		}}}},
	}
}

// hasCall reports whether x holds a call (or a receive), whose order
// against other evaluations a program could see.
func hasCall(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = true
			}
		}
		return !found
	})
	return found
}

// isVarOrField reports whether x is a variable (v) or a field of one
// (v.f, v.f.g): something whose address &x takes.
func isVarOrField(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return true
		case *ast.SelectorExpr:
			x = e.X
		default:
			return false
		}
	}
}

// zero is __goexec.Zero: it sets *p to the zero value of its type.
func zero(p any) {
	v := reflect.ValueOf(p)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v.Elem().Set(reflect.Zero(v.Elem().Type()))
	}
}
