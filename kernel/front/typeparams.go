package front

import (
	"go/ast"
	"go/types"
)

// renameTypeParams gives the type parameters of a generic declaration of
// f new names when another identifier in the declaration has the name of
// one: a field (type KV[K comparable, V any] struct{ K K; V V }), a
// selector of one in a method (kv.K), a key of a struct literal.
// yaegi v0.16.1 instantiates a generic declaration by replacing every
// identifier of a type parameter's name with the type argument, fields
// and selectors too, so such a type failed ("undefined selector: K",
// "reflect.StructOf: field 1 has invalid name"). Type parameters are
// local to their declaration, and nothing outside it sees their names
// (%T writes an instance with its type arguments). It runs after the
// other passes, on the syntax they made: each identifier of the name that
// is not a selector's, a struct field's, or a struct literal's key is the
// type parameter's (a declaration that also declares something else of
// that name inside is left as it is).
func (lw *Lowering) renameTypeParams(n ast.Node) {
	f, ok := n.(*ast.File)
	if !ok {
		return
	}
	for _, d := range f.Decls {
		var lists []*ast.FieldList
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.TypeParams != nil {
					lw.renameParamsIn(ts, paramNames(ts.TypeParams))
				}
			}
			continue
		case *ast.FuncDecl:
			if d.Type.TypeParams != nil {
				lists = append(lists, d.Type.TypeParams)
			}
			var names []*ast.Ident
			for _, l := range lists {
				names = append(names, paramNames(l)...)
			}
			if d.Recv != nil && len(d.Recv.List) == 1 {
				names = append(names, receiverParams(d.Recv.List[0].Type)...)
			}
			lw.renameParamsIn(d, names)
		}
	}
}

// paramNames returns the names that a list of type parameters declares.
func paramNames(l *ast.FieldList) []*ast.Ident {
	var out []*ast.Ident
	for _, fld := range l.List {
		out = append(out, fld.Names...)
	}
	return out
}

// receiverParams returns the type parameters that a method's receiver
// type declares (T in func (s *Stack[T]) …).
func receiverParams(t ast.Expr) []*ast.Ident {
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	var idx []ast.Expr
	switch x := ast.Unparen(t).(type) {
	case *ast.IndexExpr:
		idx = []ast.Expr{x.Index}
	case *ast.IndexListExpr:
		idx = x.Indices
	}
	var out []*ast.Ident
	for _, e := range idx {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			out = append(out, id)
		}
	}
	return out
}

// renameParamsIn renames each type parameter of params that another
// identifier in decl shares its name with (see renameTypeParams).
func (lw *Lowering) renameParamsIn(decl ast.Node, params []*ast.Ident) {
	for _, p := range params {
		old := p.Name
		others, shadowed := false, false
		var uses []*ast.Ident
		ast.Inspect(decl, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if x.Sel.Name == old {
					others = true
				}
				ast.Inspect(x.X, func(m ast.Node) bool { return lw.collectParam(m, old, p, &uses, &shadowed) })
				return false
			case *ast.Field:
				for _, nm := range x.Names {
					if nm.Name == old && nm != p {
						others = true
					}
				}
				if x.Type != nil {
					ast.Inspect(x.Type, func(m ast.Node) bool { return lw.collectParam(m, old, p, &uses, &shadowed) })
				}
				return false
			case *ast.KeyValueExpr:
				if id, ok := x.Key.(*ast.Ident); ok && id.Name == old {
					others = true
					ast.Inspect(x.Value, func(m ast.Node) bool { return lw.collectParam(m, old, p, &uses, &shadowed) })
					return false
				}
			}
			return lw.collectParam(n, old, p, &uses, &shadowed)
		})
		if !others || shadowed {
			continue
		}
		name := lw.name(old + "_")
		p.Name = name
		for _, u := range uses {
			u.Name = name
		}
	}
}

// collectParam adds n to uses when it is an identifier named old (a use
// of the type parameter p), and sets shadowed when it declares something
// else of that name.
func (lw *Lowering) collectParam(n ast.Node, old string, p *ast.Ident, uses *[]*ast.Ident, shadowed *bool) bool {
	id, ok := n.(*ast.Ident)
	if !ok || id.Name != old || id == p {
		return true
	}
	if obj := lw.Info.Defs[id]; obj != nil {
		if _, tp := obj.Type().(*types.TypeParam); !tp {
			*shadowed = true
		}
	}
	*uses = append(*uses, id)
	return true
}
