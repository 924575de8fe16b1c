package front

// This file holds the bounds checks of index expressions whose operands
// are not simple (see simple in bounds.go): an index on the left of an
// assignment whose right-hand side calls a function, an index that
// calls (xs[f()]), and an indexed call (f()[i], m.rows()[k]). Each
// operand is evaluated once, in Go's order, and the check is made where
// Go makes it.

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"sync"
)

// orderedAssign lowers an assignment (=, or an operation's, like +=)
// whose right-hand side calls a function (or receives) and whose
// left-hand side indexes a slice, an array or a pointer to one:
//
//	xs[g()] = h()
//
// becomes
//
//	{ B1 := g(); A2 := h(); xs[B1] = A2 }
//
// Go evaluates the operands of the left-hand side's index expressions
// and pointer indirections (calls in lexical order, g before h), then
// the right-hand side, and checks the index when it assigns: after h
// has run, with the values of xs and of a variable index that h may
// have changed. yaegi read the index and checked it before it called h
// (xs[k] = h(), where h set k out of range, wrote xs[0], silently;
// xs[5] = grow(), where grow made xs longer, panicked without calling
// grow), and its message was reflect's. In the block the assignment's
// operands are simple, and the assignment gets the check of
// boundsChecks before it. Every call (or receive) of the left-hand side
// is evaluated first, in its order, into a temporary: *p() = h(),
// s().g[k] = h() and (*p())[k] = h() become { B1 := p(); A2 := h();
// (*B1)[k] = A2 }. The temporaries have the right-hand sides' types (an
// untyped one, 1 << h() or h() > 0, is declared with the type Go gave
// it, "var A T = …"); a constant or nil stays in the assignment, as in
// parallelAssign.
//
// A comma-ok form on the right (m[k], x.(T), <-ch) is declared into two
// temporaries, { A1, A2 := m[f()]; xs[k], ok = A1, A2 }, when its
// operands call (or it receives) and the left indexes, or when the left
// calls: yaegi wrote a comma-ok map read's value into an element only
// when the key was there (a[f()], ok = m[k] kept the element's old
// value), and goexec's lowering of that read (commaOKElement), which
// evaluates the element's operands after the read, leaves a left-hand
// side that calls alone; the temporaries' read is one that goexec
// zeroes on a miss. It returns nil when s is not such an assignment or
// cannot be lowered so (a type that cannot be written in the cell, an
// ok of another type than bool), which is left as it is.
func (lw *Lowering) orderedAssign(s ast.Stmt) ast.Stmt {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok == token.DEFINE || lw.assigns[as] {
		return nil
	}
	calls, leftCalls := false, false
	for _, r := range as.Rhs {
		calls = calls || lw.hasImpureCall(r)
	}
	for _, l := range as.Lhs {
		leftCalls = leftCalls || lw.hasImpureCall(l)
	}
	commaOK := lw.commaOKForm(as)
	if !calls && !(commaOK && leftCalls) {
		return nil
	}
	if len(as.Lhs) != len(as.Rhs) && !commaOK {
		c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || lw.pureCall(c) {
			return nil
		}
		if t, ok := lw.Info.Types[as.Rhs[0]].Type.(*types.Tuple); !ok || t.Len() != len(as.Lhs) {
			return nil
		}
	}
	// The left-hand side: which operands to evaluate first.
	var pre []ast.Stmt
	var set []func() // the replacements of the hoisted operands
	indexes := false
	for i, l := range as.Lhs {
		ix, ok := ast.Unparen(l).(*ast.IndexExpr)
		if ok {
			ok, _ = lw.indexable(ix.X)
		}
		if !ok {
			if lw.hasImpureCall(l) {
				defs, replace, ok := lw.callTemps(&as.Lhs[i])
				if !ok {
					return nil
				}
				pre = append(pre, defs...)
				set = append(set, replace)
			}
			continue
		}
		indexes = true
		switch {
		case lw.simple(ix.X):
		case lw.callValue(ix.X):
			switch lw.underlying(ix.X).(type) {
			case *types.Slice, *types.Pointer:
			default:
				return nil
			}
			def, use := lw.temp("B", ix.X, ix.X, nil)
			if def == nil {
				return nil
			}
			pre = append(pre, def)
			set = append(set, func() { ix.X = use })
		case lw.hasImpureCall(ix.X):
			// (*p())[k], s().g[k]: the calls first.
			defs, replace, ok := lw.callTemps(&ix.X)
			if !ok {
				return nil
			}
			pre = append(pre, defs...)
			set = append(set, replace)
		default:
			return nil
		}
		if !lw.simple(ix.Index) {
			def, use := lw.temp("B", ix.Index, ix.Index, nil)
			if def == nil {
				return nil
			}
			pre = append(pre, def)
			set = append(set, func() { ix.Index = use })
		}
	}
	if !indexes && !(commaOK && leftCalls) {
		return nil
	}
	pos := as.Pos()
	final := &ast.AssignStmt{Lhs: as.Lhs, TokPos: as.TokPos, Tok: as.Tok}
	switch {
	case commaOK:
		// A1, A2 := m[k]: goexec zeroes A1 on a miss (lowerCommaOK).
		r := as.Rhs[0]
		vt := lw.Info.Types[r].Type
		if vt == nil {
			return nil
		}
		var okType ast.Expr // a named boolean type's conversion
		if id, blank := as.Lhs[1].(*ast.Ident); !blank || id.Name != "_" {
			ot := lw.Info.Types[as.Lhs[1]].Type
			if ot == nil || !types.Identical(ot.Underlying(), types.Typ[types.Bool]) {
				return nil
			}
			if !types.Identical(ot, types.Typ[types.Bool]) {
				// ok of a named boolean type B: ok = B(A2) (yaegi
				// kept the element's old value for a missing key).
				if okType = lw.typeExpr(ot, pos); okType == nil {
					return nil
				}
			}
		}
		d1, u1 := lw.tempIdents("A", r.Pos(), vt)
		d2, u2 := lw.tempIdents("A", r.Pos(), types.Typ[types.Bool])
		pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{d1, d2}, TokPos: pos, Tok: token.DEFINE, Rhs: as.Rhs})
		final.Rhs = []ast.Expr{u1, u2}
		if okType != nil {
			conv := &ast.CallExpr{Fun: okType, Lparen: pos, Args: []ast.Expr{u2}, Rparen: pos}
			lw.Info.Types[conv] = types.TypeAndValue{Type: lw.Info.Types[as.Lhs[1]].Type}
			final.Rhs[1] = conv
		}
	case len(as.Lhs) != len(as.Rhs):
		tuple := lw.Info.Types[as.Rhs[0]].Type.(*types.Tuple)
		def := &ast.AssignStmt{TokPos: pos, Tok: token.DEFINE, Rhs: as.Rhs}
		for i := range as.Lhs {
			d, u := lw.tempIdents("A", as.Rhs[0].Pos(), tuple.At(i).Type())
			def.Lhs = append(def.Lhs, d)
			final.Rhs = append(final.Rhs, u)
		}
		pre = append(pre, def)
	default:
		for i, r := range as.Rhs {
			if tv := lw.Info.Types[r]; tv.IsNil() || tv.Value != nil && !lw.hasImpureCall(r) {
				final.Rhs = append(final.Rhs, r)
				continue
			}
			v, t := r, types.Type(nil)
			if as.Tok == token.ASSIGN {
				if lt := lw.Info.Types[as.Lhs[i]].Type; lt != nil {
					if v = lw.toGlobalInterface(lt, as.Lhs[i], r); v != r {
						t = lt // the value is of the interface type now
					}
				}
			}
			def, use := lw.temp("A", r, v, t)
			if def == nil {
				return nil
			}
			pre = append(pre, def)
			final.Rhs = append(final.Rhs, use)
		}
	}
	for _, f := range set {
		f()
	}
	lw.assigns[final] = true
	return &ast.BlockStmt{Lbrace: pos, List: append(pre, final), Rbrace: as.End()}
}

// orderedInit lowers an if or switch statement (possibly labeled)
// whose init statement is an assignment that orderedAssign lowers: the
// assignment declares nothing, so it may run before the statement, in
// a block of its own,
//
//	if xs[k] = h(); k > 0 { … }
//
// becomes
//
//	{ { A1 := h(); xs[k] = A1 }; if k > 0 { … } }
//
// It returns nil for another statement.
func (lw *Lowering) orderedInit(s ast.Stmt) ast.Stmt {
	inner := s
	if l, ok := s.(*ast.LabeledStmt); ok {
		inner = l.Stmt
	}
	var init *ast.Stmt
	switch x := inner.(type) {
	case *ast.IfStmt:
		init = &x.Init
	case *ast.SwitchStmt:
		init = &x.Init
	case *ast.TypeSwitchStmt:
		init = &x.Init
	default:
		return nil
	}
	if *init == nil {
		return nil
	}
	b := lw.orderedAssign(*init)
	if b == nil {
		return nil
	}
	*init = nil
	return &ast.BlockStmt{Lbrace: s.Pos(), List: []ast.Stmt{b, s}, Rbrace: s.End()}
}

// postFunc returns the post statement of a loop that runs the block b
// that orderedAssign made of the loop's post statement: a call of a
// function literal, "func() { b }()", since a post statement is a simple
// statement. The literal's checks are marked as made (markMadeChecks):
// the traceback names the post statement, not the literal.
func (lw *Lowering) postFunc(b *ast.BlockStmt) ast.Stmt {
	pos := b.Pos()
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{b}, Rbrace: b.End()},
	}
	lw.madeFuncs[fn] = true
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: b.End()}}
}

// commaOKForm reports whether as assigns the two values of a comma-ok
// form: a map index, a type assertion or a receive.
func (lw *Lowering) commaOKForm(as *ast.AssignStmt) bool {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return false
	}
	switch r := ast.Unparen(as.Rhs[0]).(type) {
	case *ast.IndexExpr:
		_, isMap := lw.underlying(r.X).(*types.Map)
		return isMap
	case *ast.TypeAssertExpr:
		return true
	case *ast.UnaryExpr:
		return r.Op == token.ARROW
	}
	return false
}

// callTemps returns the declarations of temporaries that hold the
// outermost calls and receives of *x (not those of function literals),
// in the order Go evaluates them, and a function that puts the
// temporaries in their places in *x. ok is false when one cannot be
// declared (nothing is changed then).
func (lw *Lowering) callTemps(x *ast.Expr) (defs []ast.Stmt, replace func(), ok bool) {
	var targets []ast.Expr
	ast.Inspect(*x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if !lw.pureCall(n) {
				targets = append(targets, n)
				return false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				targets = append(targets, n)
				return false
			}
		}
		return true
	})
	uses := map[ast.Expr]ast.Expr{}
	for _, t := range targets {
		def, use := lw.temp("B", t, t, nil)
		if def == nil {
			return nil, nil, false
		}
		defs = append(defs, def)
		uses[t] = use
	}
	return defs, func() {
		holder := &ast.ExprStmt{X: *x}
		replaceExprs(holder, func(e ast.Expr) ast.Expr {
			if u, ok := uses[e]; ok {
				return u
			}
			return e
		})
		*x = holder.X
	}, true
}

// callValue reports whether x is the result of a call (not a conversion,
// len or cap) or of a receive: a value evaluated once, that no one else
// can change.
func (lw *Lowering) callValue(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		return !lw.pureCall(x)
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	}
	return false
}

// indexesOnce reports whether x, indexed or sliced, is an operand that
// is neither simple nor a call's result but may be evaluated once and
// passed to the function literal of inlineCallIndex or inlineCallSlice: a
// slice, a string or a pointer to an array (s.f()[i].xs in
// s.f()[i].xs[j]), whose elements are those of the value passed. An array
// value is not: a copy's elements are not x's.
func (lw *Lowering) indexesOnce(x ast.Expr) bool {
	ok, _ := lw.indexable(x)
	if !ok || lw.simple(x) || lw.callValue(x) {
		return false
	}
	switch lw.underlying(x).(type) {
	case *types.Slice, *types.Basic, *types.Pointer:
		return true
	}
	return false
}

// derefsArray returns (p) when x is *p (parenthesised or not) with p a
// pointer to an array that is not simple ((*p())[i]): indexing or slicing
// p itself is the same in Go (a nil p panics as the dereference does), and
// p is an operand inlineCallIndex and inlineCallSlice take. Otherwise nil.
func (lw *Lowering) derefsArray(x ast.Expr) ast.Expr {
	st, ok := ast.Unparen(x).(*ast.StarExpr)
	if !ok || lw.simple(st.X) {
		return nil
	}
	if ok, _ := lw.indexable(st.X); !ok {
		return nil
	}
	if _, ptr := lw.underlying(st.X).(*types.Pointer); !ptr {
		return nil
	}
	// In parentheses at x's position, so that the check names the column
	// of the index expression, as before.
	p := &ast.ParenExpr{Lparen: x.Pos(), X: st.X, Rparen: x.End() - 1}
	lw.Info.Types[p] = lw.Info.Types[st.X]
	return p
}

// indexesCall reports whether x is a call's result (or a receive's)
// that may be indexed with a check.
func (lw *Lowering) indexesCall(x ast.Expr) bool {
	ok, _ := lw.indexable(x)
	return ok && lw.callValue(x)
}

// temp returns the declaration of a new variable that holds x, "T := v"
// (or "var T U = v" when x is untyped: 1 << h() or h() > 0, whose type Go
// took from the context), and a use of it, which later passes see with
// type t (x's when nil). v is x or what a pass made of it (t is then its
// type). nil when x's type cannot be written where it is.
func (lw *Lowering) temp(what string, x, v ast.Expr, t types.Type) (ast.Stmt, *ast.Ident) {
	tv, ok := lw.Info.Types[x]
	if !ok || tv.Type == nil {
		return nil, nil
	}
	if _, tuple := tv.Type.(*types.Tuple); tuple {
		return nil, nil
	}
	if t == nil {
		t = tv.Type
	}
	pos := x.Pos()
	if !lw.untypedValue(x) {
		def, use := lw.tempIdents(what, pos, t)
		return &ast.AssignStmt{Lhs: []ast.Expr{def}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{v}}, use
	}
	tx := lw.typeExpr(t, pos)
	if tx == nil {
		return nil, nil
	}
	def, use := lw.tempIdents(what, pos, t)
	return &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{
		&ast.ValueSpec{Names: []*ast.Ident{def}, Type: tx, Values: []ast.Expr{v}},
	}}}, use
}

// tempIdents returns the identifier that declares a new variable of type
// t and one that uses it, recorded in Info as such.
func (lw *Lowering) tempIdents(what string, pos token.Pos, t types.Type) (def, use *ast.Ident) {
	name := lw.name(what)
	obj := types.NewVar(pos, nil, name, t)
	def = &ast.Ident{NamePos: pos, Name: name}
	use = &ast.Ident{NamePos: pos, Name: name}
	lw.Info.Defs[def] = obj
	lw.Info.Uses[use] = obj
	tv := variableMode()
	tv.Type = t
	lw.Info.Types[use] = tv
	return def, use
}

// variableMode is the type and value of a variable (Addressable): later
// passes treat a temporary as the variable it is (copyInto copies or
// boxes a variable stored in an interface, as yaegi needs).
var variableMode = sync.OnceValue(func() types.TypeAndValue {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package p; var v int; var _ = v", 0)
	if err != nil {
		return types.TypeAndValue{}
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		return types.TypeAndValue{}
	}
	for x, tv := range info.Types {
		if id, ok := x.(*ast.Ident); ok && id.Name == "v" && tv.Addressable() {
			return tv
		}
	}
	return types.TypeAndValue{}
})

// untypedValue reports whether x, not a constant, would be untyped
// alone: a comparison, a shift of a constant, or an operation on such
// operands (and constants); Go gave it its type from the context, which
// a variable declared with := would not have.
func (lw *Lowering) untypedValue(x ast.Expr) bool {
	if lw.Info.Types[x].Value != nil {
		return false
	}
	untyped := func(y ast.Expr) bool { return lw.Info.Types[y].Value != nil || lw.untypedValue(y) }
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return true
		case token.SHL, token.SHR:
			return untyped(x.X)
		}
		return untyped(x.X) && untyped(x.Y)
	case *ast.UnaryExpr:
		return x.Op != token.ARROW && x.Op != token.AND && untyped(x.X)
	}
	return false
}

// hoistOperand declares x, the operand of the index or slice expression
// n, first in the walk's out, "T1 := f()", and makes n index T1, when x
// is a call's result (or a receive's) that n indexes or slices with a
// check, and nothing the statement evaluates before x calls a function:
// then Go evaluates x first, and its operands may be evaluated after
// it. It reports whether it did.
func (w *boundsWalk) hoistOperand(n ast.Expr, x *ast.Expr) bool {
	lw := w.lw
	if !w.hoist || w.entry[n] || lw.checked[n] || !lw.callValue(*x) {
		return false
	}
	if ok, _ := lw.indexable(*x); !ok {
		return false
	}
	def, use := lw.temp("T", *x, *x, nil)
	if def == nil {
		return false
	}
	w.out = append(w.out, def)
	*x = use
	w.temps = true
	return true
}

// declValue reports whether s declares (":=", a declaration), and
// returns where its value is when it declares one variable with one
// value ("y := f()[i]", "var y = f()[i]"), or nil.
func declValue(s ast.Stmt) (bool, *ast.Expr) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE {
			return false, nil
		}
		if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			return true, &s.Rhs[0]
		}
		return true, nil
	case *ast.DeclStmt:
		g, ok := s.Decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
			return true, nil
		}
		if v := g.Specs[0].(*ast.ValueSpec); len(v.Names) == 1 && len(v.Values) == 1 {
			return true, &v.Values[0]
		}
		return true, nil
	}
	return false, nil
}

// valueFunc returns the type of the function literal that inValueFunc
// makes for x, "func() T", or nil when x's type cannot be written
// there (or x is not one value).
func (lw *Lowering) valueFunc(x ast.Expr) *ast.FuncType {
	tv, ok := lw.Info.Types[x]
	if !ok || tv.Type == nil || !tv.IsValue() || tv.Value != nil {
		return nil
	}
	if _, tuple := tv.Type.(*types.Tuple); tuple {
		return nil
	}
	if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return nil
	}
	pos := x.Pos()
	tx := lw.typeExpr(tv.Type, pos)
	if tx == nil {
		return nil
	}
	return &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
		Results: &ast.FieldList{List: []*ast.Field{{Type: tx}}}}
}

// inValueFunc returns x evaluated after stmts in a function literal,
// "func() T { stmts; return x }()".
func (lw *Lowering) inValueFunc(x ast.Expr, stmts []ast.Stmt) ast.Expr {
	pos := x.Pos()
	body := &ast.BlockStmt{Lbrace: pos, List: append(stmts, &ast.ReturnStmt{Return: pos, Results: []ast.Expr{x}}), Rbrace: x.End()}
	fn := &ast.FuncLit{Type: lw.valueFunc(x), Body: body}
	lw.madeFuncs[fn] = true
	call := &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: x.End()}
	lw.Info.Types[call] = lw.Info.Types[x]
	return call
}

// boundType returns the type of the parameter that passes the index or
// slice bound x to the function literals of inlineCallIndex and
// inlineCallSlice: int for a constant (or an expression without a type),
// otherwise x's own type, which must be a typed integer (false
// otherwise: the expression is left unchecked).
func (lw *Lowering) boundType(x ast.Expr) (types.Type, bool) {
	tv := lw.Info.Types[x]
	t := tv.Type
	if tv.Value != nil || t == nil {
		t = types.Typ[types.Int]
	}
	b, ok := t.Underlying().(*types.Basic)
	return t, ok && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUntyped == 0
}

// inlineCallIndex checks in place an index of a call's result that no
// statement can precede (after a call of the statement, in a loop's
// post statement, on the right of && or ||): the result and the index
// become the arguments of a function literal, evaluated in Go's order,
// which returns the result sliced from the index once the index is in
// range, and element 0 of that is the element indexed:
//
//	g() + f()[k]
//
// becomes
//
//	g() + func(X []int, I int) []int { return X[Prefix.Index(I, len(X), POS):] }(f(), k)[0]
//
// Element 0 of x[i:] is x[i] itself (of a slice, or a pointer to an
// array, it may be assigned or its address taken, as Go allows), and
// of a string its byte. Left unchecked when a type cannot be written in
// the cell.
func (lw *Lowering) inlineCallIndex(ix *ast.IndexExpr) {
	pos := ix.Pos()
	xt := lw.Info.Types[ix.X].Type
	itv := lw.Info.Types[ix.Index]
	it, ok := lw.boundType(ix.Index)
	if !ok {
		return
	}
	var rt types.Type // x[i:]'s type
	switch u := xt.Underlying().(type) {
	case *types.Slice, *types.Basic:
		rt = xt
	case *types.Array:
		rt = types.NewSlice(u.Elem())
	case *types.Pointer:
		rt = types.NewSlice(u.Elem().Underlying().(*types.Array).Elem())
	default:
		return
	}
	if _, slice := xt.Underlying().(*types.Slice); !slice && itv.Value != nil {
		if _, str := xt.Underlying().(*types.Basic); !str {
			return // an array's: the compiler checked it
		}
	}
	xtx, itx, rtx := lw.typeExpr(xt, pos), lw.typeExpr(it, pos), lw.typeExpr(rt, pos)
	if xtx == nil || itx == nil || rtx == nil || !lw.means("len", pos) {
		return
	}
	xd, xu := lw.tempIdents("X", pos, xt)
	id, iu := lw.tempIdents("I", pos, it)
	inner := &ast.IndexExpr{X: xu, Lbrack: ix.Lbrack, Index: iu, Rbrack: ix.Rbrack}
	lw.Info.Types[inner] = lw.Info.Types[ix]
	lw.inlineIndex(inner)
	if !lw.checked[inner] {
		return
	}
	x2 := &ast.Ident{NamePos: pos, Name: xu.Name}
	lw.Info.Uses[x2] = lw.Info.Uses[xu]
	lw.Info.Types[x2] = lw.Info.Types[xu]
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos,
			Params: &ast.FieldList{Opening: pos, List: []*ast.Field{
				{Names: []*ast.Ident{xd}, Type: xtx},
				{Names: []*ast.Ident{id}, Type: itx},
			}, Closing: pos},
			Results: &ast.FieldList{List: []*ast.Field{{Type: rtx}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{
			&ast.SliceExpr{X: x2, Lbrack: pos, Low: inner.Index, Rbrack: pos},
		}}}, Rbrace: pos},
	}
	lw.madeFuncs[fn] = true
	call := &ast.CallExpr{Fun: fn, Lparen: pos, Args: []ast.Expr{ix.X, ix.Index}, Rparen: ix.Rbrack}
	lw.Info.Types[call] = types.TypeAndValue{Type: rt}
	zero := &ast.BasicLit{ValuePos: ix.Lbrack, Kind: token.INT, Value: "0"}
	lw.Info.Types[zero] = types.TypeAndValue{Type: types.Typ[types.UntypedInt], Value: constant.MakeInt64(0)}
	ix.X, ix.Index = call, zero
	lw.checked[ix] = true
}

// boundsHelpers are the helpers of the checks, whose last argument is
// the position of the expression checked.
var boundsHelpers = map[string]bool{
	"IndexOut": true, "IndexOutU": true, "SliceOut": true,
	"Index": true, "IndexU": true, "Slice": true,
	"IndexOutB": true, "IndexOutUB": true, "SliceOutB": true,
}

// markMadeChecks negates the position argument of the checks in the
// function literals that the checks made (inValueFunc, inlineCallIndex),
// outside function literals of their own: the helper then knows that
// its caller's frame is not the cell's, and the traceback leaves it out
// (the index expression is the caller's).
func (lw *Lowering) markMadeChecks() {
	for fn := range lw.madeFuncs {
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || len(n.Args) == 0 || !boundsHelpers[sel.Sel.Name] {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != lw.Prefix {
					return true
				}
				if lit, ok := n.Args[len(n.Args)-1].(*ast.BasicLit); ok && lit.Kind == token.INT {
					n.Args[len(n.Args)-1] = &ast.UnaryExpr{OpPos: lit.ValuePos, Op: token.SUB, X: lit}
				}
			}
			return true
		})
	}
	clear(lw.madeFuncs)
}

// inlineCallSlice checks in place a slice expression that inlineSlice
// cannot: of a call's result (f()[i:j], where no statement can precede
// it), or with a bound that is not simple (xs[g():]). Its operands become
// the arguments of a function literal, evaluated once in Go's order (a
// simple x is read in the literal, after the bounds' calls, as Go reads
// a variable after the calls of its expression), which returns the
// slice checked by inlineSlice; the expression slices that whole:
//
//	g() + len(f()[1:j])
//
// becomes
//
//	g() + len(func(X []int, L int, H int) []int { return X[Prefix.Slice(L, H, …):H] }(f(), 1, j)[:])
//
// x may also be an operand of indexesOnce (passed like a call's result).
// Left unchecked when a type cannot be written in the cell.
func (lw *Lowering) inlineCallSlice(s *ast.SliceExpr) {
	if s.Low == nil && s.High == nil && s.Max == nil || lw.checked[s] {
		return
	}
	ok, _ := lw.indexable(s.X)
	param := lw.indexesCall(s.X) || lw.indexesOnce(s.X) // x is an argument, not read in the literal
	if !ok || !param && !lw.simple(s.X) {
		return
	}
	pos := s.Pos()
	rt := lw.Info.Types[s].Type
	rtx := lw.typeExpr(rt, pos)
	if rt == nil || rtx == nil {
		return
	}
	fields := &ast.FieldList{Opening: pos, Closing: pos}
	var args []ast.Expr
	add := func(what string, x ast.Expr, t types.Type) *ast.Ident {
		tx := lw.typeExpr(t, pos)
		if tx == nil {
			return nil
		}
		d, u := lw.tempIdents(what, pos, t)
		fields.List = append(fields.List, &ast.Field{Names: []*ast.Ident{d}, Type: tx})
		args = append(args, x)
		return u
	}
	inner := &ast.SliceExpr{X: s.X, Lbrack: s.Lbrack, Slice3: s.Slice3, Rbrack: s.Rbrack}
	lw.Info.Types[inner] = lw.Info.Types[s]
	if param {
		if inner.X = add("X", s.X, lw.Info.Types[s.X].Type); inner.X == nil {
			return
		}
	} else {
		inner.X = lw.clone(s.X)
	}
	for _, b := range []struct {
		x  ast.Expr
		to *ast.Expr
	}{{s.Low, &inner.Low}, {s.High, &inner.High}, {s.Max, &inner.Max}} {
		if b.x == nil {
			continue
		}
		t, ok := lw.boundType(b.x)
		if !ok {
			return
		}
		u := add("L", b.x, t)
		if u == nil {
			return
		}
		*b.to = u
	}
	if !lw.inlineSlice(inner) {
		return
	}
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: fields, Results: &ast.FieldList{List: []*ast.Field{{Type: rtx}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{inner}}}, Rbrace: pos},
	}
	lw.madeFuncs[fn] = true
	call := &ast.CallExpr{Fun: fn, Lparen: pos, Args: args, Rparen: s.Rbrack}
	lw.Info.Types[call] = types.TypeAndValue{Type: rt}
	s.X, s.Low, s.High, s.Max, s.Slice3 = call, nil, nil, nil, false
	lw.checked[s] = true
}
