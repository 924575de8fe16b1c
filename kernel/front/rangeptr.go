package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// rangeArrayPointers ranges over a slice of the array that the range
// expression points to: for i, v := range p, p a *[3]int, becomes
// for i, v := range p[:]. yaegi v0.16.1 ranged over a pointer to an
// array wrongly: at a cell's top level every form panicked "index out of
// range [-1]", and in a method of a pointer to an array type
// (func (m *Matrix) Scale(f int) { for i := range m { … m[i][j] *= f } })
// it panicked "reflect: call of reflect.Value.Int on array Value". A
// slice of the array is the array itself, not a copy, and its length is
// the array's, so the loop sees what Go's does; the one difference is a
// nil pointer, which p[:] dereferences before the loop, where Go ranges
// over its length when the loop has no value variable.
func (lw *Lowering) rangeArrayPointers(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		r, ok := n.(*ast.RangeStmt)
		if !ok {
			return true
		}
		tv, ok := lw.Info.Types[r.X]
		if !ok || tv.Type == nil {
			return true
		}
		p, ok := tv.Type.Underlying().(*types.Pointer)
		if !ok {
			return true
		}
		if _, ok := p.Elem().Underlying().(*types.Array); !ok {
			return true
		}
		r.X = &ast.SliceExpr{X: r.X, Lbrack: r.X.End(), Rbrack: r.X.End()}
		return true
	})
}

// rangeChannelLists reads the element of a range over a list of channels
// by its index: for _, c := range cs, cs a []<-chan int, becomes
//
//	for Prefix_i := range cs {
//		c := cs[Prefix_i]
//		…
//	}
//
// yaegi v0.16.1 panicked "reflect: call of reflect.Value.Len on int Value"
// at the first use of c (a receive, a range over it, len). A list that
// is not a variable, or one the loop may assign (changes), is evaluated
// once into a
// variable of its own first ({ Prefix_l := f(); for … range Prefix_l {
// … } }, the loop's label inside the block), as Go's range evaluates it
// once.
func (lw *Lowering) rangeChannelLists(n ast.Node) {
	eachStmtList(n, func(list []ast.Stmt) {
		for k, s := range list {
			inner := s
			for {
				l, ok := inner.(*ast.LabeledStmt)
				if !ok {
					break
				}
				inner = l.Stmt
			}
			r, ok := inner.(*ast.RangeStmt)
			if !ok || !lw.channelList(r) {
				continue
			}
			if id, ok := ast.Unparen(r.X).(*ast.Ident); ok {
				if obj, ok := lw.Info.Uses[id].(*types.Var); ok && !lw.changes(r.Body, obj) {
					lw.indexChannels(r, id.Name)
					continue
				}
			}
			pos := r.For
			tmp := lw.name("l")
			decl := &ast.AssignStmt{Lhs: []ast.Expr{&ast.Ident{NamePos: pos, Name: tmp}}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{r.X}}
			r.X = &ast.Ident{NamePos: pos, Name: tmp}
			lw.indexChannels(r, tmp)
			list[k] = &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{decl, s}, Rbrace: r.End()}
		}
	})
}

// channelList reports whether r ranges over a slice or array of channels
// with a value variable.
func (lw *Lowering) channelList(r *ast.RangeStmt) bool {
	if r.Value == nil || isBlank(r.Value) {
		return false
	}
	tv, ok := lw.Info.Types[r.X]
	if !ok || tv.Type == nil {
		return false
	}
	var elem types.Type
	switch u := tv.Type.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return false
	}
	_, ok = elem.Underlying().(*types.Chan)
	return ok
}

// indexChannels makes r, a range over the list named list, read its
// value by the index (rangeChannelLists).
func (lw *Lowering) indexChannels(r *ast.RangeStmt, list string) {
	pos := r.For
	tok := r.Tok
	key, ok := r.Key.(*ast.Ident)
	if r.Key == nil || ok && isBlank(key) {
		key = &ast.Ident{NamePos: pos, Name: lw.name("i")}
		r.Tok = token.DEFINE
	} else if !ok {
		return // for k.f, c = range cs: left
	}
	read := &ast.AssignStmt{Lhs: []ast.Expr{r.Value}, TokPos: pos, Tok: tok,
		Rhs: []ast.Expr{&ast.IndexExpr{X: &ast.Ident{NamePos: pos, Name: list}, Lbrack: pos, Index: &ast.Ident{NamePos: pos, Name: key.Name}, Rbrack: pos}}}
	r.Key, r.Value = key, nil
	r.Body.List = append([]ast.Stmt{read}, r.Body.List...)
}

// eachStmtList calls f with every list of statements under n: a block's,
// a case's, a select case's.
func eachStmtList(n ast.Node, f func([]ast.Stmt)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			f(n.List)
		case *ast.CaseClause:
			f(n.Body)
		case *ast.CommClause:
			f(n.Body)
		}
		return true
	})
}
