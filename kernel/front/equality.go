package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// interfaceEquality lowers x == y and x != y, where an operand is of an
// interface type that a type of the session with methods can be held by
// (and neither is the nil literal), into
//
//	Prefix.InterfaceEqual([]I{x}, []J{y}, []any{candidates…})
//
// (negated for !=), I and J the operands' types, or for an operand of a
// concrete type the other's interface type, to which Go converts it.
// yaegi compared its own wrappers of the values: a *MyErr held by error
// was unequal to itself held by any, two Sq{1} held by a cell's Shape
// were unequal, and two errors of a struct type panicked. The helper
// (goexec/equality.go) compares the dynamic types and values; candidates
// are TypeName's, for every type of the session.
func (lw *Lowering) interfaceEquality(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		b, ok := e.(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return e
		}
		tx, ty := lw.Info.Types[b.X], lw.Info.Types[b.Y]
		if tx.Type == nil || ty.Type == nil || tx.IsNil() || ty.IsNil() {
			return e
		}
		ix, iy := types.IsInterface(tx.Type), types.IsInterface(ty.Type)
		if !ix && !iy {
			return e
		}
		ex, ey := tx.Type, ty.Type
		if !ix {
			ex = ey
		}
		if !iy {
			ey = ex
		}
		// In a session with a type on a type that is not a struct (N
		// int), an empty interface compared with another, or with a
		// value of such a type or of its reflect type (N(3), 3): yaegi
		// took N(3) and 3 for equal.
		shared := false
		if shapes := lw.sharedShapes(); shapes != nil && (isEmptyInterface(ex) || isEmptyInterface(ey)) {
			shared = ix && iy
			for _, tv := range []types.TypeAndValue{tx, ty} {
				if t := tv.Type; !types.IsInterface(t) {
					if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
						t = types.Default(t)
					}
					shared = shared || shapes[fmtTypeString(t)] || mentionsShared(t, 0)
				}
			}
		}
		// In a session where a local or unnamed struct type shares its
		// reflect type with another type (contestedKeys), an empty
		// interface: yaegi took a value of one for the other's.
		contested := (isEmptyInterface(ex) || isEmptyInterface(ey)) && len(lw.contestedKeys()) > 0
		if !lw.holdsSessionMethods(ex) && !lw.holdsSessionMethods(ey) && !shared && !contested {
			return e
		}
		out := lw.equalCall(b.X, b.Y, ex, ey, b.Pos())
		if out == nil {
			return e
		}
		if b.Op == token.NEQ {
			out = &ast.UnaryExpr{OpPos: b.Pos(), Op: token.NOT, X: out}
		}
		return out
	})
}

// equalCall returns InterfaceEqual([]EX{x}, []EY{y}, []any{candidates…}),
// or nil when a type cannot be written at pos.
func (lw *Lowering) equalCall(x, y ast.Expr, ex, ey types.Type, pos token.Pos) ast.Expr {
	elx, ely := lw.typeExpr(ex, pos), lw.typeExpr(ey, pos)
	if elx == nil || ely == nil {
		return nil
	}
	one := func(t ast.Expr, x ast.Expr) ast.Expr {
		return &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: x.Pos(), Elt: t}, Lbrace: x.Pos(), Elts: []ast.Expr{x}, Rbrace: x.End()}
	}
	cands := lw.candidatesArg(types.NewInterfaceType(nil, nil), pos)
	args := []ast.Expr{one(elx, x), one(ely, y), cands}
	if lw.sharedShapes() != nil {
		// The names of the operands' static types that are not
		// interfaces: the helper tells N(3) from 3 (front/typetags.go).
		static := func(x ast.Expr) ast.Expr {
			t := lw.Info.Types[x].Type
			if t == nil || types.IsInterface(t) {
				return stringLit(pos, "")
			}
			if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
				t = types.Default(t)
			}
			return stringLit(pos, fmtTypeString(t))
		}
		args = append(args, static(x), static(y))
	}
	return &ast.CallExpr{Fun: lw.helper("InterfaceEqual", pos), Lparen: pos, Args: args, Rparen: y.End()}
}

// interfaceSwitches lowers a switch whose tag is of an interface type
// that a type of the session with methods can be held by (yaegi panicked
// on "switch err { case ErrX: }", converting the tag to the case's type)
// into
//
//	switch init; { default: switch t := tag; { case InterfaceEqual(t, a) || …: … } }
//
// The outer switch keeps the statement's label and init, so that
// "break L" still leaves it; an unlabeled break leaves the inner one,
// which ends the outer; fallthrough stays between the inner cases. A
// case of nil compares with ==.
func (lw *Lowering) interfaceSwitches(n ast.Node) {
	ast.Inspect(n, func(node ast.Node) bool {
		s, ok := node.(*ast.SwitchStmt)
		if !ok || s.Tag == nil {
			return true
		}
		tt := lw.Info.Types[s.Tag].Type
		if tt == nil || !types.IsInterface(tt) || !lw.holdsSessionMethods(tt) {
			return true
		}
		pos := s.Tag.Pos()
		tag := lw.name("tag")
		id := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: tag} }
		conds := make([]ast.Expr, len(s.Body.List))
		for i, c := range s.Body.List {
			for _, x := range c.(*ast.CaseClause).List {
				var eq ast.Expr
				xt := lw.Info.Types[x]
				if xt.IsNil() {
					eq = &ast.BinaryExpr{X: id(), OpPos: x.Pos(), Op: token.EQL, Y: x}
				} else {
					ct := xt.Type
					if ct == nil || !types.IsInterface(ct) {
						ct = tt
					}
					if eq = lw.equalCall(id(), x, tt, ct, x.Pos()); eq == nil {
						return true // a type that cannot be written: left as it was
					}
				}
				if conds[i] == nil {
					conds[i] = eq
				} else {
					conds[i] = &ast.BinaryExpr{X: conds[i], OpPos: x.Pos(), Op: token.LOR, Y: eq}
				}
			}
		}
		for i, c := range s.Body.List {
			if conds[i] != nil {
				c.(*ast.CaseClause).List = []ast.Expr{conds[i]}
			}
		}
		inner := &ast.SwitchStmt{Switch: s.Switch,
			Init: &ast.AssignStmt{Lhs: []ast.Expr{id()}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{s.Tag}},
			Body: s.Body}
		s.Tag = nil
		s.Body = &ast.BlockStmt{Lbrace: inner.Body.Lbrace, Rbrace: inner.Body.Rbrace, List: []ast.Stmt{
			&ast.CaseClause{Case: pos, Colon: pos, Body: []ast.Stmt{inner}}}}
		return true
	})
}

// holdsSessionMethods reports whether a value of the interface type t can
// be of a type of the session with methods (or a pointer to one): the
// values that yaegi wraps.
func (lw *Lowering) holdsSessionMethods(t types.Type) bool {
	if !types.IsInterface(t) {
		return false
	}
	for _, s := range lw.sessionTypes() {
		n, ok := s.(*types.Named)
		if !ok || !hasAnyMethod(n) {
			continue
		}
		if types.AssignableTo(n, t) || types.AssignableTo(types.NewPointer(n), t) {
			return true
		}
	}
	return false
}
