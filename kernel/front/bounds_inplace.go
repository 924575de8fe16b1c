package front

// This file holds the bounds checks made in place (see bounds.go for the
// checks put before a statement): where no statement can come before the
// index, the index itself becomes a call that checks it, or a guard in
// front of a condition, or a loop condition moves into the loop body.

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// inlineChecks checks, in place, the index expressions under n that
// boundsChecks could not check before their statement: in a loop's
// header, in an "else if" condition or an if or switch with an init
// statement, on the right of && or ||, after a call of the statement.
// The index becomes a call of the helper Index (IndexU for an unsigned
// index), which returns it once it is in range and panics as IndexOut
// does otherwise:
//
//	y := g() + xs[k]
//
// becomes
//
//	y := g() + xs[Prefix.Index(k, len(xs), POS)]
//
// x and the index must be simple (x is evaluated twice, with nothing
// between the two). An index on the left of an assignment whose right
// calls a function is left unchecked: Go calls the function first.
func (lw *Lowering) inlineChecks(n ast.Node, safe map[idxPair]bool, made map[*ast.BlockStmt]bool) {
	skip := map[ast.Node]bool{}
	var todo []ast.Expr
	ast.Inspect(n, func(n ast.Node) bool {
		if lw.madeCheck(n, made) {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				break
			}
			for _, r := range n.Rhs {
				if lw.hasImpureCall(r) {
					for _, l := range n.Lhs {
						skip[l] = true
					}
					break
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				skip[n.Key] = true
			}
			if n.Value != nil {
				skip[n.Value] = true
			}
		case *ast.IndexExpr:
			if skip[n] {
				return false
			}
			if !lw.checked[n] && (lw.needsCheck(n, safe) || lw.callsInIndex(n) || lw.indexesCall(n.X) || lw.indexesOnce(n.X) || lw.derefsArray(n.X) != nil) {
				todo = append(todo, n)
			}
		case *ast.SliceExpr:
			if !lw.checked[n] {
				todo = append(todo, n)
			}
		case ast.Expr:
			if skip[n] {
				return false
			}
		}
		return true
	})
	// Inner expressions first, so that the copies of an outer one's
	// operands are copies of checked expressions.
	for i := len(todo) - 1; i >= 0; i-- {
		switch x := todo[i].(type) {
		case *ast.IndexExpr:
			if e := lw.derefsArray(x.X); e != nil {
				x.X = e // (*p())[i] is p()[i]
			}
			if lw.indexesCall(x.X) || lw.indexesOnce(x.X) {
				lw.inlineCallIndex(x)
			} else {
				lw.inlineIndex(x)
			}
		case *ast.SliceExpr:
			if e := lw.derefsArray(x.X); e != nil {
				x.X = e
			}
			if !lw.inlineSlice(x) {
				lw.inlineCallSlice(x)
			}
		}
	}
}

// loopConditions moves the condition of each loop under n that indexes
// with a check into the loop's body, so that the checks go before a
// statement there:
//
//	for init; cond; post { body }
//
// becomes
//
//	for init; ; post { if !(cond) { break }; body }
//
// which runs the same (continue runs post, then the condition), and
// costs less in yaegi than a guarded condition (guardChecks): about 1.3
// times the unchecked loop's time for an empty body, against 2 to 5.
func (lw *Lowering) loopConditions(n ast.Node, safe map[idxPair]bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		f, ok := n.(*ast.ForStmt)
		if !ok || f.Cond == nil || !lw.indexesWithCheck(f.Cond, safe) {
			return true
		}
		pos := f.Cond.Pos()
		paren := &ast.ParenExpr{Lparen: pos, X: f.Cond, Rparen: f.Cond.End()}
		not := &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: paren}
		lw.Info.Types[paren] = lw.Info.Types[f.Cond]
		lw.Info.Types[not] = lw.Info.Types[f.Cond]
		brk := &ast.IfStmt{If: pos, Cond: not, Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos,
			List: []ast.Stmt{&ast.BranchStmt{TokPos: pos, Tok: token.BREAK}}}}
		f.Body.List = append([]ast.Stmt{brk}, f.Body.List...)
		f.Cond = nil
		return true
	})
}

// madeCheck reports whether n is a check that the lowering made, which
// the walks of inlineChecks and guardChecks pass by: a guard of
// guardChecks, or an if statement whose body is a check of boundsChecks.
func (lw *Lowering) madeCheck(n ast.Node, made map[*ast.BlockStmt]bool) bool {
	if x, ok := n.(ast.Expr); ok && lw.guards[x] {
		return true
	}
	s, ok := n.(*ast.IfStmt)
	return ok && made[s.Body]
}

// indexesWithCheck reports whether x holds an index or slice expression
// that needs a check (outside function literals), or one of a call's
// result (hoistOperand declares it before the condition, in the body).
func (lw *Lowering) indexesWithCheck(x ast.Expr, safe map[idxPair]bool) bool {
	return holdsNode(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			return lw.needsCheck(n, safe) || lw.indexesCall(n.X)
		case *ast.SliceExpr:
			ok, _ := lw.indexable(n.X)
			return ok && (lw.simple(n.X) || lw.callValue(n.X)) && (n.Low != nil || n.High != nil || n.Max != nil)
		}
		return false
	})
}

// guardChecks checks the index and slice expressions of conditions that
// no statement can precede (an "else if", an if with an init statement;
// a loop's, left by loopConditions) and of the operands of && and ||,
// before the condition or operand, within it: a condition or operand c, bool-typed, becomes
//
//	(!(i < 0 || i >= len(xs)) || Prefix.IndexOutB(i, len(xs), POS)) && (c)
//
// with one such guard for each expression that boundsChecks would check
// before a statement that evaluated c alone (none after a call of c),
// in the order of their evaluation. The helper, which panics, is called
// only when the index is out of range, where inlineChecks's call is made
// each time; but yaegi runs a compound condition more slowly than a
// comparison (see loopConditions).
func (lw *Lowering) guardChecks(n ast.Node, safe map[idxPair]bool, made map[*ast.BlockStmt]bool) {
	guard := func(c ast.Expr) ast.Expr {
		if c == nil || lw.guards[c] {
			return c
		}
		tv, ok := lw.Info.Types[c]
		if !ok || tv.Type == nil || tv.Value != nil {
			return c
		}
		if b, ok := tv.Type.Underlying().(*types.Basic); !ok || b.Kind() != types.Bool && b.Kind() != types.UntypedBool {
			return c
		}
		if !lw.means("true", c.Pos()) {
			return c
		}
		w := &boundsWalk{lw: lw, safe: safe, made: made}
		w.walk(c)
		if len(w.out) == 0 {
			return c
		}
		var g ast.Expr
		for _, s := range w.out {
			check := s.(*ast.IfStmt)
			call := check.Body.List[0].(*ast.ExprStmt).X.(*ast.CallExpr)
			sel := call.Fun.(*ast.SelectorExpr)
			in := &ast.UnaryExpr{OpPos: check.If, Op: token.NOT, X: &ast.ParenExpr{Lparen: check.If, X: check.Cond, Rparen: check.If}}
			sel.Sel = &ast.Ident{NamePos: sel.Sel.NamePos, Name: sel.Sel.Name + "B"}
			one := &ast.BinaryExpr{X: in, OpPos: check.If, Op: token.LOR, Y: call}
			if g == nil {
				g = one
			} else {
				g = &ast.BinaryExpr{X: g, OpPos: check.If, Op: token.LAND, Y: one}
			}
		}
		g = &ast.ParenExpr{Lparen: c.Pos(), X: g, Rparen: c.Pos()}
		lw.guards[g] = true
		out := &ast.BinaryExpr{X: g, OpPos: c.Pos(), Op: token.LAND, Y: &ast.ParenExpr{Lparen: c.Pos(), X: c, Rparen: c.End()}}
		lw.Info.Types[out] = lw.Info.Types[c]
		return out
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if lw.madeCheck(n, made) {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			n.Cond = guard(n.Cond)
		case *ast.ForStmt:
			n.Cond = guard(n.Cond)
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				n.X, n.Y = guard(n.X), guard(n.Y)
			}
		}
		return true
	})
}

// inlineSlice replaces the low bound of s by a call of the helper Slice,
// which returns it once 0 <= low <= high <= max <= the capacity (the
// length of a string or an array), and panics as SliceOut does
// otherwise: "xs[i:j]" becomes "xs[Prefix.Slice(i, j, cap(xs),
// cap(xs), false, true, POS):j]". It reports whether it did (x and
// the bounds must be simple).
func (lw *Lowering) inlineSlice(s *ast.SliceExpr) bool {
	ok, bound := lw.indexable(s.X)
	pos := s.Pos()
	if !ok || !lw.simple(s.X) || !lw.means("len", pos) || !lw.means(bound, pos) || !lw.means("true", pos) || !lw.means("false", pos) || !lw.means("int", pos) {
		return false
	}
	if s.Low == nil && s.High == nil && s.Max == nil {
		return false
	}
	operand := func(x ast.Expr, dflt func() ast.Expr) ast.Expr { return lw.sliceOperand(x, pos, dflt) }
	zero, length, capacity := lw.sliceDefaults(s, bound, pos)
	hiDflt, maxDflt := length, capacity
	if s.Slice3 {
		hiDflt, maxDflt = zero, zero // both are written
	}
	lo, hi, max := operand(s.Low, zero), operand(s.High, hiDflt), operand(s.Max, maxDflt)
	if lo == nil || hi == nil || max == nil {
		return false
	}
	flag := func(b bool) ast.Expr { return &ast.Ident{NamePos: pos, Name: strconv.FormatBool(b)} }
	call := &ast.CallExpr{Fun: lw.helper("Slice", pos), Lparen: pos, Args: []ast.Expr{
		lo, hi, max, capacity(), flag(s.Slice3), flag(bound == "cap"), lw.posLit(pos),
	}, Rparen: pos}
	lw.Info.Types[call] = types.TypeAndValue{Type: types.Typ[types.Int]}
	s.Low = call
	return true
}

// inlineIndex replaces ix's index by a call of the helper that checks
// it (see inlineChecks).
func (lw *Lowering) inlineIndex(ix *ast.IndexExpr) {
	pos := ix.Pos()
	i, unsigned := lw.intOperandOnce(ix.Index, pos)
	helper, t := "Index", types.Typ[types.Int]
	if unsigned {
		helper, t = "IndexU", types.Typ[types.Uint]
	}
	call := &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Args: []ast.Expr{
		i, lw.builtinCall("len", lw.clone(ix.X), pos), lw.posLit(pos),
	}, Rparen: pos}
	lw.Info.Types[call] = types.TypeAndValue{Type: t}
	lw.checked[ix] = true
	ix.Index = call
}

// callsInIndex reports whether ix indexes a simple x with an index that
// is not simple (xs[f()]): its check is the call of inlineIndex, in
// which the index is evaluated once, and len(x) after it (Go reads a
// variable x after the calls of the index; x[Index(f(), len(x), POS)]
// too).
func (lw *Lowering) callsInIndex(ix *ast.IndexExpr) bool {
	ok, _ := lw.indexable(ix.X)
	if !ok || !lw.simple(ix.X) || lw.simple(ix.Index) || !lw.means("len", ix.Pos()) {
		return false
	}
	i, _ := lw.intOperandOnce(ix.Index, ix.Pos())
	return i != nil
}

// intOperandOnce is intOperand for an index used once: x itself, not a
// copy (x need not be simple), or int(x), uint(x) of x itself.
func (lw *Lowering) intOperandOnce(x ast.Expr, pos token.Pos) (ast.Expr, bool) {
	e, unsigned := lw.intOperand(x, pos)
	if e == nil {
		return nil, false
	}
	tv := lw.Info.Types[x]
	if tv.Value != nil || !unsigned && types.Identical(tv.Type, types.Typ[types.Int]) {
		return x, unsigned
	}
	conv := e.(*ast.CallExpr) // int(copy of x) or uint(copy of x)
	conv.Args[0] = x
	return conv, unsigned
}
