package front

import (
	"fmt"
	"go/ast"
	"go/types"
)

// refuseInterfaceMapKeys refuses a map key of an interface type that a
// value of a type of the session with methods reaches (m[k], m[k] = v,
// delete(m, k), a key of a map literal), when k is such a value or an
// interface holding one. yaegi stores such a key in one of several
// wrappers, depending on how the value came into the interface, and a
// key stored one way is not found another way: with m a map[any]int,
// m[Sq{3}] = 1 then m[sh] (sh a Shape holding Sq{3}) was 0, silently,
// where Go gives 1; a map[Shape]int panicked. A map keyed by the
// concrete type (map[Sq]int), or by a comparable field of the value, has
// none of this. A key of an empty interface type (k of type any) may
// hold anything, so it is checked when it runs: MapKey([]any{k},
// candidates…) gives k back, or ends the cell with an InterpreterLimit
// when it holds a value of such a type.
func (lw *Lowering) refuseInterfaceMapKeys(n ast.Node) {
	ast.Inspect(n, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.IndexExpr:
			x.Index = lw.refuseMapKey(x.X, x.Index)
		case *ast.CallExpr:
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "delete" && len(x.Args) == 2 {
				if _, ok := lw.Info.Uses[id].(*types.Builtin); ok {
					x.Args[1] = lw.refuseMapKey(x.Args[0], x.Args[1])
				}
			}
		case *ast.CompositeLit:
			t := lw.Info.Types[x].Type
			if t == nil {
				return true
			}
			if m, ok := t.Underlying().(*types.Map); ok {
				for _, e := range x.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						kv.Key = lw.refuseKeyOf(m, kv.Key)
					}
				}
			}
		}
		return true
	})
}

// refuseMapKey refuses m[k] when m is a map whose key k cannot be kept
// consistently (refuseInterfaceMapKeys), and returns k or its check.
func (lw *Lowering) refuseMapKey(m, k ast.Expr) ast.Expr {
	t := lw.Info.Types[m].Type
	if t == nil {
		return k
	}
	if mt, ok := t.Underlying().(*types.Map); ok {
		return lw.refuseKeyOf(mt, k)
	}
	return k
}

func (lw *Lowering) refuseKeyOf(m *types.Map, k ast.Expr) ast.Expr {
	kt := lw.Info.Types[k].Type
	// In a session with a type on a type that is not a struct, without
	// methods (type N int), an empty interface's keys N(1) and 1 are one
	// key to yaegi (the same reflect type and value): a key of such a
	// type is refused, and one of an interface checked when it runs.
	shared := lw.sharedShapes() != nil && isEmptyInterface(m.Key())
	if kt == nil || !types.IsInterface(m.Key()) || !lw.holdsSessionMethods(m.Key()) && !shared {
		return k
	}
	if shared && !types.IsInterface(kt) && mentionsShared(kt, 0) {
		lw.errs.Add(lw.Fset.Position(k.Pos()), fmt.Sprintf("a key of type %s in a map keyed by %s cannot run in the interpreter: "+
			"it keeps %s as its underlying type, so that a key of each is one key; key the map by %s, or run this "+
			"code compiled (a cell with func main, or %%%%compile)", kt, m.Key(), kt, kt))
		return k
	}
	if isEmptyInterface(kt) {
		pos := k.Pos()
		any := &ast.InterfaceType{Interface: pos, Methods: &ast.FieldList{Opening: pos, Closing: pos}}
		one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: any}, Lbrace: pos, Elts: []ast.Expr{k}, Rbrace: k.End()}
		cands := lw.candidatesArg(kt, pos)
		return &ast.CallExpr{Fun: lw.helper("MapKey", pos), Lparen: pos, Args: []ast.Expr{one, cands}, Rparen: k.End()}
	}
	if !lw.holdsSessionMethods(kt) && !lw.isSessionTypeWithMethods(kt) {
		return k
	}
	lw.errs.Add(lw.Fset.Position(k.Pos()), fmt.Sprintf("a key of type %s in a map keyed by %s cannot run in the interpreter: "+
		"it keeps such keys in different wrappers depending on how the value came into the interface, and a key stored "+
		"one way is not found another; key the map by the concrete type or by a comparable field (an ID), or run this "+
		"code compiled (a cell with func main, or %%%%compile)", kt, m.Key()))
	return k
}

// isSessionTypeWithMethods reports whether t is a named type of the
// session with methods, or a pointer to one.
func (lw *Lowering) isSessionTypeWithMethods(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath && hasAnyMethod(n)
}
