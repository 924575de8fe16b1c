package front

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// Bounds checks with Go's messages. yaegi indexes and slices through
// reflect, whose panics give neither the index nor the length ("reflect:
// slice index out of range"), and a panic inside a function is placed at
// the function's first statement. Before a statement that indexes or
// slices a slice, an array or a string, the front end puts the check Go
// makes, which calls a helper of the interpreter only when it fails:
//
//	s += xs[i]
//
// becomes
//
//	if i < 0 || i >= len(xs) {
//		Prefix.IndexOut(i, len(xs), POS)
//	}
//	s += xs[i]
//
// and the helper panics with Go's runtime error, "index out of range [5]
// with length 1" (IndexOutU for an unsigned index; SliceOut for x[lo:hi]
// and x[lo:hi:max], with Go's "slice bounds out of range [:7] with
// capacity 3"), and the position POS of the index expression, which the
// traceback names. A check is made only where it changes nothing else the
// statement does: its operands are variables, constants, fields, pointer
// indirections, index expressions, conversions, len and cap, combined by
// operators (evaluated a second time, they give the same values); it is
// not on the right of && or ||, not after a call or a receive of the
// statement, and not on the left of an assignment whose right calls a
// function (Go evaluates the call first). The statements checked are
// expression statements, assignments, ++ and --, returns, sends, var
// declarations, and the condition of an if or the tag of a switch without
// an init statement. A constant index of an array is checked by the
// compiler, and xs[i] in "for i := range xs", "for i := range len(xs)"
// or "for i := 0; i < len(xs); i++" (neither assigned in the body, no
// function literal in it) is in range: neither is checked. An index or
// slice expression with simple operands that no statement can precede
// is checked where Go evaluates it: a loop's condition moves into its
// body, after the check (loopConditions); another condition ("else if",
// an if with an init statement) and an operand of && or || is guarded
// (guardChecks); anything else (after a call of the statement, a
// switch's tag, a post statement, a range expression) gets a helper
// that returns the index (inlineChecks). Operands that are not simple
// are the subject of bounds_order.go: an assignment whose right-hand
// side calls (orderedAssign), an index that calls (callsInIndex), a
// call's result indexed (hoistOperand, inlineCallIndex). Any other index
// goes unchecked and fails with yaegi's message (in goexec: "runtime
// error: index out of range" without the index). No check is made while
// a debugger is attached (Lowering.NoBoundsChecks).

// boundsChecks puts the checks before the statements of n's blocks.
func (lw *Lowering) boundsChecks(n ast.Node) {
	made := map[*ast.BlockStmt]bool{}
	safe := lw.inRangeLoops(n)
	lw.loopConditions(n, safe)
	defer func() {
		lw.guardChecks(n, safe, made)
		lw.inlineChecks(n, safe, made)
		lw.markMadeChecks()
	}()
	lw.checkBlocks(n, safe, made)
}

// orderAssigns makes only the reorderings of orderedAssign and
// orderedInit under n, without checks: while a debugger is attached
// (NoBoundsChecks), the assignments whose right-hand side calls still
// call it before the left-hand side's index is read.
func (lw *Lowering) orderAssigns(n ast.Node) {
	lw.orderOnly = true
	defer func() { lw.orderOnly = false }()
	lw.checkBlocks(n, nil, map[*ast.BlockStmt]bool{})
	clear(lw.madeFuncs)
}

// checkBlocks puts the checks before the statements of n's blocks (and
// of the function literals under n). A block that is n itself is the
// top level of a statement chunk, whose declarations are the session's.
func (lw *Lowering) checkBlocks(n ast.Node, safe map[idxPair]bool, made map[*ast.BlockStmt]bool) {
	top := n
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			if made[n] {
				return false
			}
			n.List = lw.checkList(n.List, safe, made, n == top)
		case *ast.CaseClause:
			n.Body = lw.checkList(n.Body, safe, made, false)
		case *ast.CommClause:
			n.Body = lw.checkList(n.Body, safe, made, false)
		case *ast.IfStmt:
			if e, ok := n.Else.(*ast.IfStmt); ok {
				if b := lw.orderedInit(e); b != nil {
					n.Else = b
				}
			}
		case *ast.ForStmt:
			if b := lw.orderedAssign(n.Post); b != nil {
				n.Post = lw.postFunc(b.(*ast.BlockStmt))
			}
		}
		return true
	})
}

// finalBoundsChecks puts the checks of a cell's final expression at the
// end of its chunk's statements, which run just before it, and returns
// the final expression. One that indexes a call's result (f()[i]) is
// evaluated in a function literal, "func() T { T1 := f(); check; return
// T1[i] }()", which keeps the temporary out of the session.
func (lw *Lowering) finalBoundsChecks(body *ast.BlockStmt, final ast.Expr) ast.Expr {
	made := map[*ast.BlockStmt]bool{}
	f := &ast.ExprStmt{X: final} // guardChecks may replace final's operands, not final
	safe := lw.inRangeLoops(f)
	lw.loopConditions(f, safe)
	w := &boundsWalk{lw: lw, safe: safe, made: made, hoist: lw.valueFunc(final) != nil}
	w.walk(final)
	if w.temps {
		f.X = lw.inValueFunc(final, w.out)
	} else {
		body.List = append(body.List, w.out...)
	}
	lw.checkBlocks(f, safe, made)
	lw.guardChecks(f, safe, made)
	lw.inlineChecks(f.X, safe, made)
	lw.markMadeChecks()
	return f.X
}

// idxPair is an index variable and the variable it indexes in range.
type idxPair = [2]types.Object

// inRangeLoops returns the pairs (i, xs) of "for i := range xs", "for i
// := range len(xs)" and "for i := 0; i < len(xs); i++" loops of n whose bodies assign neither i nor
// xs nor take their addresses: xs[i] is in range there.
func (lw *Lowering) inRangeLoops(n ast.Node) map[idxPair]bool {
	safe := map[idxPair]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		var key, x *ast.Ident
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.RangeStmt:
			k, ok := n.Key.(*ast.Ident)
			over := ast.Unparen(n.X)
			if call, ok := over.(*ast.CallExpr); ok && len(call.Args) == 1 && lw.isBuiltin(call.Fun, "len") {
				over = ast.Unparen(call.Args[0]) // for i := range len(xs)
			}
			xs, ok2 := over.(*ast.Ident)
			if !ok || !ok2 || n.Tok != token.DEFINE {
				return true
			}
			switch t := lw.underlying(xs).(type) {
			case *types.Slice:
			case *types.Basic:
				if t.Info()&types.IsString == 0 {
					return true
				}
			default:
				return true
			}
			key, x, body = k, xs, n.Body
		case *ast.ForStmt:
			init, ok := n.Init.(*ast.AssignStmt)
			if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
				return true
			}
			k, ok := init.Lhs[0].(*ast.Ident)
			if !ok {
				return true
			}
			if v := lw.Info.Types[init.Rhs[0]].Value; v == nil || v.Kind() != constant.Int || constant.Sign(v) < 0 {
				return true
			}
			cond, ok := n.Cond.(*ast.BinaryExpr)
			if !ok || cond.Op != token.LSS {
				return true
			}
			if ci, ok := cond.X.(*ast.Ident); !ok || lw.Info.Uses[ci] != lw.Info.Defs[k] {
				return true
			}
			call, ok := cond.Y.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || !lw.isBuiltin(call.Fun, "len") {
				return true
			}
			xs, ok := call.Args[0].(*ast.Ident)
			if !ok {
				return true
			}
			if _, isSlice := lw.underlying(xs).(*types.Slice); !isSlice {
				return true
			}
			post, ok := n.Post.(*ast.IncDecStmt)
			if !ok || post.Tok != token.INC {
				return true
			}
			if pi, ok := post.X.(*ast.Ident); !ok || lw.Info.Uses[pi] != lw.Info.Defs[k] {
				return true
			}
			key, x, body = k, xs, n.Body
		default:
			return true
		}
		ko, xo := lw.Info.Defs[key], lw.Info.Uses[x]
		if ko == nil || xo == nil || lw.changes(body, ko) || lw.changes(body, xo) {
			return true
		}
		safe[idxPair{ko, xo}] = true
		return true
	})
	return safe
}

// changes reports whether n assigns obj, takes its address, or declares
// a function literal (which might do either later).
func (lw *Lowering) changes(n ast.Node, obj types.Object) bool {
	found := false
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && (lw.Info.Uses[id] == obj || lw.Info.Defs[id] == obj)
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		case *ast.RangeStmt:
			found = found || n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value)
		case *ast.FuncLit:
			found = true
		}
		return !found
	})
	return found
}

// checkList returns list with the checks of each statement before it;
// top tells that list is the top level of a statement chunk. A
// statement that indexes a call's result (f()[i]) declares the result
// first (hoistOperand): a declaration in a function declares it beside
// its own variables; at the top level, where it would be the session's,
// in a function literal that makes the declaration's value (inValueFunc);
// another statement in a block of its own, with its checks, "{ T1 :=
// f(); check; s }".
func (lw *Lowering) checkList(list []ast.Stmt, safe map[idxPair]bool, made map[*ast.BlockStmt]bool, top bool) []ast.Stmt {
	var out []ast.Stmt
	changed := false
	for _, s := range list {
		if b := lw.orderedAssign(s); b != nil {
			changed = true
			out = append(out, b) // checkBlocks goes on into b
			continue
		}
		if b := lw.orderedInit(s); b != nil {
			changed = true
			out = append(out, b)
			continue
		}
		if lw.orderOnly {
			out = append(out, s)
			continue
		}
		decl, value := declValue(s)
		hoist := !top || !decl || value != nil && lw.valueFunc(*value) != nil
		w := &boundsWalk{lw: lw, safe: safe, made: made, hoist: hoist}
		w.stmt(s)
		switch {
		case len(w.out) == 0:
		case !w.temps || decl && !top:
			changed = true
			out = append(out, w.out...)
		case decl:
			changed = true
			*value = lw.inValueFunc(*value, w.out)
		default:
			changed = true
			out = append(out, &ast.BlockStmt{Lbrace: s.Pos(), List: append(w.out, s), Rbrace: s.End()})
			continue
		}
		out = append(out, s)
	}
	if !changed {
		return list
	}
	return out
}

// boundsWalk collects the checks of one statement, in the order Go
// evaluates its operands.
type boundsWalk struct {
	lw      *Lowering
	safe    map[idxPair]bool
	made    map[*ast.BlockStmt]bool
	sawCall bool // a call or receive of the statement was evaluated
	out     []ast.Stmt
	// hoist lets the walk declare a call's result that an index or slice
	// expression indexes, first in out (hoistOperand); temps tells it
	// did; entry is sawCall when the walk entered each index or slice
	// expression.
	hoist, temps bool
	entry        map[ast.Expr]bool
}

// stmt walks the expressions of s that may be checked.
func (w *boundsWalk) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		w.walk(s.X)
	case *ast.AssignStmt:
		calls := false
		for _, r := range s.Rhs {
			calls = calls || w.lw.hasImpureCall(r)
		}
		if !calls && s.Tok != token.DEFINE {
			for _, l := range s.Lhs {
				w.walk(l)
			}
		}
		for _, r := range s.Rhs {
			w.walk(r)
		}
	case *ast.IncDecStmt:
		w.walk(s.X)
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			w.walk(r)
		}
	case *ast.SendStmt:
		w.walk(s.Chan)
		w.walk(s.Value)
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, sp := range g.Specs {
				for _, v := range sp.(*ast.ValueSpec).Values {
					w.walk(v)
				}
			}
		}
	case *ast.IfStmt:
		if s.Init == nil {
			w.walk(s.Cond)
		}
	case *ast.SwitchStmt:
		if s.Init == nil && s.Tag != nil {
			w.walk(s.Tag)
		}
	}
}

// walk visits x's operands in evaluation order (after each node's
// children), adding the checks of its index and slice expressions.
func (w *boundsWalk) walk(x ast.Expr) {
	var stack []ast.Node
	ast.Inspect(x, func(n ast.Node) bool {
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			w.leave(top)
			return true
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its body is checked as a block of its own
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				w.walk(n.X)
				// The right operand may not be evaluated: nothing in it
				// is checked, and a call in it may have been made.
				if w.lw.hasImpureCall(n.Y) {
					w.sawCall = true
				}
				return false
			}
		}
		if w.hoist {
			switch n := n.(type) {
			case *ast.IndexExpr, *ast.SliceExpr:
				if w.entry == nil {
					w.entry = map[ast.Expr]bool{}
				}
				w.entry[n.(ast.Expr)] = w.sawCall
			}
		}
		stack = append(stack, n)
		return true
	})
}

// leave adds the check of n, once its operands are evaluated.
func (w *boundsWalk) leave(n ast.Node) {
	switch n := n.(type) {
	case *ast.CallExpr:
		if !w.lw.pureCall(n) {
			w.sawCall = true
		}
	case *ast.UnaryExpr:
		if n.Op == token.ARROW {
			w.sawCall = true
		}
	case *ast.IndexExpr:
		if w.hoistOperand(n, &n.X) {
			w.sawCall = w.lw.hasImpureCall(n.Index)
		}
		if !w.sawCall && !w.lw.checked[n] {
			if s := w.lw.indexCheck(n, w.safe); s != nil {
				w.made[s.Body] = true
				w.lw.checked[n] = true
				w.out = append(w.out, s)
			}
		}
	case *ast.SliceExpr:
		if w.hoistOperand(n, &n.X) {
			w.sawCall = false
			for _, x := range []ast.Expr{n.Low, n.High, n.Max} {
				w.sawCall = w.sawCall || x != nil && w.lw.hasImpureCall(x)
			}
		}
		if !w.sawCall && !w.lw.checked[n] {
			if s := w.lw.sliceCheck(n); s != nil {
				w.made[s.Body] = true
				w.lw.checked[n] = true
				w.out = append(w.out, s)
			}
		}
	}
}

// hasImpureCall reports whether x holds a call other than pureCall's or a
// receive (outside function literals).
func (lw *Lowering) hasImpureCall(x ast.Node) bool {
	return holdsNode(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			return !lw.pureCall(n)
		case *ast.UnaryExpr:
			return n.Op == token.ARROW
		}
		return false
	})
}

// pureCall reports whether c is a conversion or a call of len or cap.
func (lw *Lowering) pureCall(c *ast.CallExpr) bool {
	if tv, ok := lw.Info.Types[c.Fun]; ok && tv.IsType() {
		return true
	}
	return lw.isBuiltin(c.Fun, "len") || lw.isBuiltin(c.Fun, "cap")
}

// isBuiltin reports whether f is the predeclared function name.
func (lw *Lowering) isBuiltin(f ast.Expr, name string) bool {
	id, ok := ast.Unparen(f).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	b, ok := lw.Info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// underlying is the underlying type of x's type (nil when unknown).
func (lw *Lowering) underlying(x ast.Expr) types.Type {
	tv, ok := lw.Info.Types[x]
	if !ok || tv.Type == nil {
		return nil
	}
	return tv.Type.Underlying()
}

// simple reports whether x may be evaluated a second time with the same
// value and no other effect (a panic it makes is made first by the
// check, where the statement would have made it).
func (lw *Lowering) simple(x ast.Expr) bool {
	tv, ok := lw.Info.Types[x]
	if !ok {
		return false
	}
	if tv.Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.Ident:
		_, ok := lw.Info.Uses[x].(*types.Var)
		return ok
	case *ast.ParenExpr:
		return lw.simple(x.X)
	case *ast.SelectorExpr:
		if sel, ok := lw.Info.Selections[x]; ok {
			return sel.Kind() == types.FieldVal && lw.simple(x.X)
		}
		_, ok := lw.Info.Uses[x.Sel].(*types.Var) // a package's variable
		if _, pkg := ast.Unparen(x.X).(*ast.Ident); !pkg {
			return false
		}
		return ok
	case *ast.StarExpr:
		return lw.simple(x.X)
	case *ast.UnaryExpr:
		return (x.Op == token.SUB || x.Op == token.ADD || x.Op == token.XOR || x.Op == token.NOT) && lw.simple(x.X)
	case *ast.BinaryExpr:
		return x.Op != token.LAND && x.Op != token.LOR && lw.simple(x.X) && lw.simple(x.Y)
	case *ast.IndexExpr:
		switch lw.underlying(x.X).(type) {
		case *types.Slice, *types.Array, *types.Basic, *types.Map:
			return lw.simple(x.X) && lw.simple(x.Index)
		case *types.Pointer:
			return lw.simple(x.X) && lw.simple(x.Index)
		}
	case *ast.CallExpr:
		if !lw.pureCall(x) {
			return false
		}
		for _, a := range x.Args {
			if !lw.simple(a) {
				return false
			}
		}
		return true
	}
	return false
}

// indexable returns whether x may be indexed with a check, and the
// builtin that bounds a slice of it ("cap" for a slice, "len" for an
// array, a pointer to one, or a string).
func (lw *Lowering) indexable(x ast.Expr) (bool, string) {
	tv, ok := lw.Info.Types[x]
	if !ok || tv.Type == nil || tv.IsType() {
		return false, ""
	}
	if _, param := tv.Type.(*types.TypeParam); param {
		return false, ""
	}
	switch t := tv.Type.Underlying().(type) {
	case *types.Slice:
		return true, "cap"
	case *types.Array:
		return true, "len"
	case *types.Pointer:
		if _, ok := t.Elem().Underlying().(*types.Array); ok {
			if _, param := t.Elem().(*types.TypeParam); !param {
				return true, "len"
			}
		}
	case *types.Basic:
		if t.Info()&types.IsString != 0 {
			return true, "len"
		}
	}
	return false, ""
}

// innermost returns the innermost scope of the cell at pos, or nil. The
// session's package scope holds the cell's file scope, except after a
// rebuild (a cell that declares a variable again with another type): the
// file scopes of the cell's check are then found in Info.Scopes.
func (lw *Lowering) innermost(pos token.Pos) *types.Scope {
	if lw.Scope == nil {
		return nil
	}
	if s := lw.Scope.Innermost(pos); s != nil {
		return s
	}
	if lw.fileScopes == nil {
		lw.fileScopes = []*types.Scope{}
		for n, s := range lw.Info.Scopes {
			if _, ok := n.(*ast.File); ok {
				lw.fileScopes = append(lw.fileScopes, s)
			}
		}
	}
	for _, s := range lw.fileScopes {
		if s.Contains(pos) {
			return s.Innermost(pos)
		}
	}
	return nil
}

// means reports whether name means the universe's object at pos.
func (lw *Lowering) means(name string, pos token.Pos) bool {
	scope := lw.innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	return obj != nil && obj == types.Universe.Lookup(name)
}

// intOperand returns x as an int for a check and its helper: x itself for
// a constant or an int, int(x) for another signed integer type; unsigned
// reports an unsigned type, written uint(x). nil when x is not an
// integer.
func (lw *Lowering) intOperand(x ast.Expr, pos token.Pos) (e ast.Expr, unsigned bool) {
	tv := lw.Info.Types[x]
	if tv.Value != nil {
		return lw.clone(x), false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return nil, false
	}
	conv := func(name string) ast.Expr {
		if !lw.means(name, pos) {
			return nil
		}
		return &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: name}, Lparen: pos, Args: []ast.Expr{lw.clone(x)}, Rparen: pos}
	}
	switch {
	case b.Info()&types.IsUnsigned != 0:
		return conv("uint"), true
	case types.Identical(tv.Type, types.Typ[types.Int]):
		return lw.clone(x), false
	}
	return conv("int"), false
}

// needsCheck reports whether ix must be checked and can be: x and its
// index are simple, and the index is not known to be in range.
func (lw *Lowering) needsCheck(ix *ast.IndexExpr, safe map[idxPair]bool) bool {
	ok, _ := lw.indexable(ix.X)
	if !ok || !lw.simple(ix.X) || !lw.simple(ix.Index) || !lw.means("len", ix.Pos()) {
		return false
	}
	if lw.Info.Types[ix.Index].Value != nil {
		if _, array := lw.underlying(ix.X).(*types.Array); array {
			return false // the compiler checked it
		}
		if lw.Info.Types[ix.X].Value != nil {
			return false // a constant string
		}
	}
	if xi, ok := ast.Unparen(ix.X).(*ast.Ident); ok {
		if ii, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && safe[idxPair{lw.Info.Uses[ii], lw.Info.Uses[xi]}] {
			return false
		}
	}
	i, _ := lw.intOperand(ix.Index, ix.Pos())
	return i != nil
}

// indexCheck returns the check of ix, or nil.
func (lw *Lowering) indexCheck(ix *ast.IndexExpr, safe map[idxPair]bool) *ast.IfStmt {
	if !lw.needsCheck(ix, safe) {
		return nil
	}
	pos := ix.Pos()
	itv := lw.Info.Types[ix.Index]
	i, unsigned := lw.intOperand(ix.Index, pos)
	n := func() ast.Expr { return lw.builtinCall("len", lw.clone(ix.X), pos) }
	var cond ast.Expr
	helper := "IndexOut"
	switch {
	case unsigned:
		u, _ := lw.intOperand(ix.Index, pos)
		nu := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "uint"}, Lparen: pos, Args: []ast.Expr{n()}, Rparen: pos}
		cond = &ast.BinaryExpr{X: u, OpPos: pos, Op: token.GEQ, Y: nu}
		helper = "IndexOutU"
	case itv.Value != nil:
		cond = &ast.BinaryExpr{X: lw.clone(ix.Index), OpPos: pos, Op: token.GEQ, Y: n()}
	default:
		i2, _ := lw.intOperand(ix.Index, pos)
		cond = &ast.BinaryExpr{
			X:     &ast.BinaryExpr{X: i2, OpPos: pos, Op: token.LSS, Y: &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"}},
			OpPos: pos, Op: token.LOR,
			Y: &ast.BinaryExpr{X: i, OpPos: pos, Op: token.GEQ, Y: n()},
		}
	}
	arg, _ := lw.intOperand(ix.Index, pos)
	call := &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Args: []ast.Expr{arg, n(), lw.posLit(pos)}, Rparen: pos}
	return lw.checkIf(cond, call, ix)
}

// sliceOperand returns a bound x of a slice expression at pos as an int
// expression (unsigned operands converted with int), dflt() when x is
// absent, or nil when x is not simple or int is shadowed.
func (lw *Lowering) sliceOperand(x ast.Expr, pos token.Pos, dflt func() ast.Expr) ast.Expr {
	if x == nil {
		return dflt()
	}
	if !lw.simple(x) {
		return nil
	}
	e, unsigned := lw.intOperand(x, pos)
	if unsigned && e != nil {
		if !lw.means("int", pos) {
			return nil
		}
		return &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "int"}, Lparen: pos, Args: []ast.Expr{e}, Rparen: pos}
	}
	return e
}

// sliceDefaults returns makers of the implicit bounds of s at pos: 0,
// len(s.X) and bound(s.X) (cap, or len for a string), each a new
// expression at every call.
func (lw *Lowering) sliceDefaults(s *ast.SliceExpr, bound string, pos token.Pos) (zero, length, capacity func() ast.Expr) {
	zero = func() ast.Expr { return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"} }
	length = func() ast.Expr { return lw.builtinCall("len", lw.clone(s.X), pos) }
	capacity = func() ast.Expr { return lw.builtinCall(bound, lw.clone(s.X), pos) }
	return zero, length, capacity
}

// sliceCheck returns the check of s, or nil.
func (lw *Lowering) sliceCheck(s *ast.SliceExpr) *ast.IfStmt {
	ok, bound := lw.indexable(s.X)
	if !ok || !lw.simple(s.X) || !lw.means("len", s.Pos()) || !lw.means(bound, s.Pos()) {
		return nil
	}
	pos := s.Pos()
	operand := func(x ast.Expr, dflt func() ast.Expr) ast.Expr { return lw.sliceOperand(x, pos, dflt) }
	zero, length, capacity := lw.sliceDefaults(s, bound, pos)
	var ops [3]func() ast.Expr // lo, hi, max, each made anew for each use
	for i, x := range []ast.Expr{s.Low, s.High, s.Max} {
		dflt := zero
		switch {
		case i == 1 && !s.Slice3:
			dflt = length
		case i == 2 && !s.Slice3:
			dflt = capacity
		}
		if operand(x, dflt) == nil {
			return nil
		}
		ops[i] = func() ast.Expr { return operand(x, dflt) }
	}
	or := func(a, b ast.Expr) ast.Expr {
		if a == nil {
			return b
		}
		return &ast.BinaryExpr{X: a, OpPos: pos, Op: token.LOR, Y: b}
	}
	bin := func(x ast.Expr, op token.Token, y ast.Expr) ast.Expr {
		return &ast.BinaryExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
	var cond ast.Expr
	// max (or hi) against the capacity, hi against max, lo against hi:
	// only what the slice expression writes.
	top := 1
	if s.Slice3 {
		top = 2
	}
	if s.Slice3 || s.High != nil {
		cond = or(cond, or(bin(ops[top](), token.LSS, zero()), bin(ops[top](), token.GTR, capacity())))
	}
	if s.Slice3 {
		cond = or(cond, or(bin(ops[1](), token.LSS, zero()), bin(ops[1](), token.GTR, ops[2]())))
	}
	if s.Low != nil {
		cond = or(cond, or(bin(ops[0](), token.LSS, zero()), bin(ops[0](), token.GTR, ops[1]())))
	}
	if cond == nil {
		return nil
	}
	flag := func(b bool) ast.Expr { return &ast.Ident{NamePos: pos, Name: strconv.FormatBool(b)} }
	if !lw.means("true", pos) || !lw.means("false", pos) {
		return nil
	}
	call := &ast.CallExpr{Fun: lw.helper("SliceOut", pos), Lparen: pos, Args: []ast.Expr{
		ops[0](), ops[1](), ops[2](), capacity(), flag(s.Slice3), flag(bound == "cap"), lw.posLit(pos),
	}, Rparen: pos}
	return lw.checkIf(cond, call, s)
}

// builtinCall writes name(x).
func (lw *Lowering) builtinCall(name string, x ast.Expr, pos token.Pos) ast.Expr {
	return &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: name}, Lparen: pos, Args: []ast.Expr{x}, Rparen: pos}
}

// posLit writes pos as an integer literal (the helper's argument that
// says where the check is).
func (lw *Lowering) posLit(pos token.Pos) ast.Expr {
	return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(int(pos))}
}

// checkIf writes "if cond { call }", over the extent of x, the index or
// slice expression checked (a traceback names the statement that holds a
// position).
func (lw *Lowering) checkIf(cond ast.Expr, call *ast.CallExpr, x ast.Expr) *ast.IfStmt {
	pos, end := x.Pos(), x.End()-1
	return &ast.IfStmt{If: pos, Cond: cond, Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: call}}, Rbrace: end}}
}

// clone copies a simple expression (see simple), with the type
// information of each node, so that later passes treat the copy as the
// original.
func (lw *Lowering) clone(x ast.Expr) ast.Expr {
	var c ast.Expr
	switch x := x.(type) {
	case *ast.Ident:
		id := &ast.Ident{NamePos: x.NamePos, Name: x.Name}
		if obj, ok := lw.Info.Uses[x]; ok {
			lw.Info.Uses[id] = obj
		}
		c = id
	case *ast.BasicLit:
		c = &ast.BasicLit{ValuePos: x.ValuePos, Kind: x.Kind, Value: x.Value}
	case *ast.ParenExpr:
		c = &ast.ParenExpr{Lparen: x.Lparen, X: lw.clone(x.X), Rparen: x.Rparen}
	case *ast.SelectorExpr:
		s := &ast.SelectorExpr{X: lw.clone(x.X), Sel: lw.clone(x.Sel).(*ast.Ident)}
		if sel, ok := lw.Info.Selections[x]; ok && lw.Info.Selections != nil {
			lw.Info.Selections[s] = sel
		}
		c = s
	case *ast.StarExpr:
		c = &ast.StarExpr{Star: x.Star, X: lw.clone(x.X)}
	case *ast.UnaryExpr:
		c = &ast.UnaryExpr{OpPos: x.OpPos, Op: x.Op, X: lw.clone(x.X)}
	case *ast.BinaryExpr:
		c = &ast.BinaryExpr{X: lw.clone(x.X), OpPos: x.OpPos, Op: x.Op, Y: lw.clone(x.Y)}
	case *ast.IndexExpr:
		c = &ast.IndexExpr{X: lw.clone(x.X), Lbrack: x.Lbrack, Index: lw.clone(x.Index), Rbrack: x.Rbrack}
	case *ast.CallExpr:
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = lw.clone(a)
		}
		c = &ast.CallExpr{Fun: lw.clone(x.Fun), Lparen: x.Lparen, Args: args, Rparen: x.Rparen}
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StructType:
		return x // a type in a conversion: never rewritten in place
	default:
		return x
	}
	if tv, ok := lw.Info.Types[x]; ok {
		lw.Info.Types[c] = tv
	}
	return c
}
