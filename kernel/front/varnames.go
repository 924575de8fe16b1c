package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// yaegi v0.16.1 orders the variables of an Eval by the identifiers in their
// declarations (interp/cfg.go, getVarDependencies): every identifier of a
// "var" spec, but the selected name of a selector, whose name is a
// package-level variable counts as a use of it, and a variable of an
// earlier Eval (an earlier cell's, or an earlier chunk's) is never
// initialised in this one, so the spec waits for ever: "variable
// definition loop". A use is what SplitInits moves; a name that is not a
// use failed as well:
//
//	q := 5                                          // one cell
//	var s struct{ q int }                           // the next: a field
//	var f = func(x int) int { q := x; return q }    // a local variable
//	var p = Config{q: 1}                            // a key
//	var g func(q int)                               // a parameter
//
// SplitInits moves a spec whose values have such a name as it moves one
// that reads such a variable (var f T; f = …), and a type written with
// one is declared as an alias first (type __goexecvtN = struct{ q int };
// var s __goexecvtN), which yaegi's ordering does not read.

// earlierVars returns the names of the package-level variables that
// yaegi holds before the chunk f runs: the session's, and those of the
// cell's chunks before f; none when f declares no variable (nothing of
// it then needs them).
func (lw *Lowering) earlierVars(f *ast.File) map[string]bool {
	if !slices.ContainsFunc(f.Decls, func(d ast.Decl) bool { gd, ok := d.(*ast.GenDecl); return ok && gd.Tok == token.VAR }) {
		return nil
	}
	names := map[string]bool{}
	isVar := func(obj types.Object) bool {
		v, ok := obj.(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
	}
	if lw.Scope != nil {
		for _, n := range lw.Scope.Names() {
			if obj := lw.Scope.Lookup(n); isVar(obj) && (!obj.Pos().IsValid() || obj.Pos() < f.Pos()) {
				names[n] = true
			}
		}
	}
	for id, obj := range lw.Info.Defs {
		if obj != nil && isVar(obj) && id.Pos() < f.Pos() {
			names[id.Name] = true
		}
	}
	return names
}

// namesEarlierVar reports whether n has an identifier that yaegi's
// ordering takes for a variable of earlier: any but the selected name of
// a selector.
func namesEarlierVar(n ast.Node, earlier map[string]bool) bool {
	if n == nil || len(earlier) == 0 {
		return false
	}
	selected := map[*ast.Ident]bool{}
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.SelectorExpr:
			selected[m.Sel] = true
		case *ast.Ident:
			if !selected[m] && earlier[m.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// aliasVarTypes replaces the type of each "var" spec of f written with a
// name of earlier (namesEarlierVar) by an alias of it, declared right
// before the spec's declaration.
func (lw *Lowering) aliasVarTypes(f *ast.File, earlier map[string]bool) {
	var decls []ast.Decl
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			decls = append(decls, d)
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if !namesEarlierVar(vs.Type, earlier) {
				continue
			}
			pos := vs.Type.Pos()
			name := lw.name("vt" + lw.Tag + "_")
			decls = append(decls, &ast.GenDecl{TokPos: gd.Pos(), Tok: token.TYPE,
				Specs: []ast.Spec{&ast.TypeSpec{Name: &ast.Ident{NamePos: pos, Name: name}, Assign: pos, Type: vs.Type}}})
			vs.Type = &ast.Ident{NamePos: pos, Name: name}
		}
		decls = append(decls, gd)
	}
	f.Decls = decls
}
