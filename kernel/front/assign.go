package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// parallelAssign lowers an assignment of several values, "a, b = x, f()",
// one of which is a call: yaegi v0.16.1 set every other left-hand side to
// its zero value (a, b = x, math.Sin(x) gave a = 0; also with a call of a
// cell's function, of len, or a constant beside the call), silently.
// Through ":=" the values are right, so the assignment becomes
//
//	{ T1, T2 := x, f(); a, b = T1, T2 }
//
// with T hidden; nil, or a constant without a call, stays in the second
// assignment, where it takes its left-hand side's type as it did. The right-hand sides are
// evaluated before the left-hand sides' index operands, which the
// specification leaves unordered unless those hold calls: an assignment
// with a call on the left is left as it is. Assignments in a for loop's
// post statement or an if's or switch's init are not lowered either (not
// in a statement list).
func (lw *Lowering) parallelAssign(s *ast.AssignStmt) ast.Stmt {
	if s.Tok != token.ASSIGN || len(s.Lhs) < 2 || len(s.Lhs) != len(s.Rhs) || lw.assigns[s] {
		return s
	}
	lw.typedNils(s)
	if !hasCall(s.Rhs...) || hasCall(s.Lhs...) {
		return s
	}
	pos := s.Pos()
	tmp := &ast.AssignStmt{TokPos: pos, Tok: token.DEFINE}
	final := &ast.AssignStmt{Lhs: s.Lhs, TokPos: s.TokPos, Tok: token.ASSIGN}
	for i, r := range s.Rhs {
		if tv := lw.Info.Types[r]; tv.IsNil() || tv.Value != nil && !hasCall(r) {
			final.Rhs = append(final.Rhs, r)
			continue
		}
		r = lw.toGlobalInterface(lw.Info.Types[s.Lhs[i]].Type, s.Lhs[i], r)
		t := &ast.Ident{NamePos: r.Pos(), Name: lw.name("A")}
		tmp.Lhs = append(tmp.Lhs, t)
		tmp.Rhs = append(tmp.Rhs, r)
		final.Rhs = append(final.Rhs, &ast.Ident{NamePos: r.Pos(), Name: t.Name})
	}
	lw.assigns[final] = true
	return &ast.BlockStmt{Lbrace: pos, Rbrace: s.End(), List: []ast.Stmt{tmp, final}}
}

// typedNils writes each untyped nil of an assignment of several values
// as a conversion to its variable's type, "r1, r2 = x, nil" as "r1, r2 =
// x, error(nil)": yaegi v0.16.1 panicked on the untyped nil ("reflect:
// New(nil)") whatever the variable's type.
func (lw *Lowering) typedNils(s *ast.AssignStmt) {
	for i, r := range s.Rhs {
		if !lw.Info.Types[r].IsNil() {
			continue
		}
		t := lw.Info.Types[s.Lhs[i]].Type
		if t == nil {
			continue
		}
		if tx := lw.typeExpr(t, r.Pos()); tx != nil {
			s.Rhs[i] = typedNil(tx, r.Pos())
		}
	}
}

// hasCall reports whether one of xs holds a call, a conversion or a
// builtin's included (a constant one too: len("ab") lost the other values
// as math.Sin did), outside function literals.
func hasCall(xs ...ast.Expr) bool {
	for _, x := range xs {
		if holdsNode(x, func(n ast.Node) bool { _, ok := n.(*ast.CallExpr); return ok }) {
			return true
		}
	}
	return false
}

// holdsNode reports whether a node under n (n included), outside function
// literals, satisfies hit; the walk stops at the first that does.
func holdsNode(n ast.Node, hit func(ast.Node) bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok || found || m == nil {
			return false
		}
		found = hit(m)
		return !found
	})
	return found
}

// structAssigns makes an assignment to a variable of a struct type that
// something else may reach an assignment through its address, "t =
// T{2}" becomes "*&t = T{2}": yaegi v0.16.1 gave the variable new
// storage when a struct literal, a variable or one of several values
// was assigned to it, so a pointer taken before (p := &t) and a closure
// that uses t kept the old value (p.v and f() gave 1 where Go gives 2),
// silently. Assigned through its address, the variable keeps its
// storage. Only for a variable that may be so reached (sharedStorage):
// the address costs about a quarter of a microsecond an assignment. It
// is the last pass: the left-hand side it makes has no type recorded.
func (lw *Lowering) structAssigns(n ast.Node) {
	shared := map[*types.Var]bool{}
	ast.Inspect(n, func(m ast.Node) bool {
		as, ok := m.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue
			}
			v, ok := lw.Info.Uses[id].(*types.Var)
			if !ok {
				continue
			}
			if _, st := v.Type().Underlying().(*types.Struct); !st {
				continue
			}
			is, done := shared[v]
			if !done {
				is = lw.sharedStorage(n, v)
				shared[v] = is
			}
			if is {
				as.Lhs[i] = &ast.StarExpr{Star: id.Pos(), X: &ast.UnaryExpr{OpPos: id.Pos(), Op: token.AND, X: id}}
			}
		}
		return true
	})
}

// sharedStorage reports whether something other than the variable v may
// reach its storage: v is the session's (another cell may take its
// address), or in n, within v's scope, its address or a field's is
// taken (&v, &v.f, a method with a pointer receiver called or taken as
// a value on v, an array field sliced, v.a[:]), or a function literal
// uses it.
func (lw *Lowering) sharedStorage(n ast.Node, v *types.Var) bool {
	if v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !v.Parent().Pos().IsValid() {
		return true
	}
	scope := v.Parent()
	root := func(x ast.Expr) bool {
		for {
			switch e := ast.Unparen(x).(type) {
			case *ast.Ident:
				return lw.Info.Uses[e] == v
			case *ast.SelectorExpr:
				x = e.X
			case *ast.IndexExpr:
				if _, arr := lw.underlying(e.X).(*types.Array); !arr {
					return false
				}
				x = e.X
			default:
				return false
			}
		}
	}
	found := false
	var lits []*ast.FuncLit
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil || m.End() < scope.Pos() || m.Pos() > scope.End() {
			return false
		}
		switch m := m.(type) {
		case *ast.UnaryExpr:
			found = m.Op == token.AND && root(m.X)
		case *ast.SliceExpr:
			_, arr := lw.underlying(m.X).(*types.Array)
			found = arr && root(m.X) // v.a[:] shares v's storage
		case *ast.SelectorExpr:
			if sel := lw.Info.Selections[m]; sel != nil && sel.Kind() == types.MethodVal && root(m.X) {
				if f, ok := sel.Obj().(*types.Func); ok {
					if recv := f.Type().(*types.Signature).Recv(); recv != nil {
						_, ptr := recv.Type().(*types.Pointer)
						found = ptr
					}
				}
			}
		case *ast.FuncLit:
			if m.Pos() > v.Pos() {
				lits = append(lits, m)
			}
		}
		return !found
	})
	for _, lit := range lits {
		if found {
			break
		}
		ast.Inspect(lit.Body, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && lw.Info.Uses[id] == v {
				found = true
			}
			return !found
		})
	}
	return found
}
