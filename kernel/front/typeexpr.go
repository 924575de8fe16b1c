package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// typeExpr returns an expression naming t at pos, or nil: a predeclared
// type, a type declared by the session, or a type of a package that the
// cell's file imports, each when its name means it at pos (no local
// declaration shadows it), and the slices, arrays, pointers, maps,
// channels, functions, structs and interfaces written with those.
func (lw *Lowering) typeExpr(t types.Type, pos token.Pos) ast.Expr {
	scope := lw.innermost(pos)
	if scope == nil {
		return nil
	}
	means := func(name string, obj types.Object) bool {
		_, found := scope.LookupParent(name, pos)
		return found == obj || sameSessionType(found, obj)
	}
	switch t := t.(type) {
	case *types.Basic:
		if obj := types.Universe.Lookup(t.Name()); obj != nil && means(t.Name(), obj) {
			return &ast.Ident{NamePos: pos, Name: t.Name()}
		}
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil { // error
			if means(obj.Name(), obj) {
				return &ast.Ident{NamePos: pos, Name: obj.Name()}
			}
			return nil
		}
		if t.TypeArgs().Len() > 0 {
			if !lw.instances {
				return nil
			}
			x := lw.typeExpr(t.Origin(), pos)
			if x == nil {
				return nil
			}
			args := make([]ast.Expr, t.TypeArgs().Len())
			for i := range args {
				if args[i] = lw.typeExpr(t.TypeArgs().At(i), pos); args[i] == nil {
					return nil
				}
			}
			if len(args) == 1 {
				return &ast.IndexExpr{X: x, Lbrack: pos, Index: args[0], Rbrack: pos}
			}
			return &ast.IndexListExpr{X: x, Lbrack: pos, Indices: args, Rbrack: pos}
		}
		if obj.Pkg().Path() == PackagePath {
			// A type of the session, or one declared in a function.
			if means(obj.Name(), obj) {
				return &ast.Ident{NamePos: pos, Name: obj.Name()}
			}
			return nil
		}
		if obj.Parent() != obj.Pkg().Scope() {
			return nil
		}
		if lw.Foreign != nil {
			if alias := lw.Foreign(obj.Pkg()); alias != "" {
				return &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: alias}, Sel: &ast.Ident{NamePos: pos, Name: obj.Name()}}
			}
		}
		// A package name of the file that imports obj's package.
		for s := scope; s != nil; s = s.Parent() {
			for _, n := range s.Names() {
				if pn, ok := s.Lookup(n).(*types.PkgName); ok && pn.Imported().Path() == obj.Pkg().Path() && obj.Exported() && means(n, pn) {
					return &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: n}, Sel: &ast.Ident{NamePos: pos, Name: obj.Name()}}
				}
			}
		}
	case *types.Alias:
		if means(t.Obj().Name(), t.Obj()) {
			return &ast.Ident{NamePos: pos, Name: t.Obj().Name()}
		}
		return lw.typeExpr(types.Unalias(t), pos)
	case *types.Interface:
		if t.Empty() {
			if obj := types.Universe.Lookup("any"); means("any", obj) {
				return &ast.Ident{NamePos: pos, Name: "any"}
			}
		}
		return lw.interfaceTypeExpr(t, pos)
	case *types.Signature:
		if t.Recv() != nil || t.TypeParams().Len() > 0 {
			return nil
		}
		if ft := lw.funcTypeExpr(t, pos); ft != nil {
			return ft
		}
		// Not a nil *ast.FuncType in an ast.Expr, which callers took for
		// a type (negZeroCalls made it a conversion, and the walk after
		// it crashed the kernel).
		return nil
	case *types.Chan:
		e := lw.typeExpr(t.Elem(), pos)
		if e == nil {
			return nil
		}
		dir := map[types.ChanDir]ast.ChanDir{types.SendRecv: ast.SEND | ast.RECV, types.SendOnly: ast.SEND, types.RecvOnly: ast.RECV}[t.Dir()]
		return &ast.ChanType{Begin: pos, Arrow: pos, Dir: dir, Value: e}
	case *types.Struct:
		return lw.structTypeExpr(t, pos)
	case *types.TypeParam:
		if means(t.Obj().Name(), t.Obj()) {
			return &ast.Ident{NamePos: pos, Name: t.Obj().Name()}
		}
	case *types.Slice:
		if e := lw.typeExpr(t.Elem(), pos); e != nil {
			return &ast.ArrayType{Lbrack: pos, Elt: e}
		}
	case *types.Array:
		if e := lw.typeExpr(t.Elem(), pos); e != nil {
			return &ast.ArrayType{Lbrack: pos, Len: &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.FormatInt(t.Len(), 10)}, Elt: e}
		}
	case *types.Pointer:
		if e := lw.typeExpr(t.Elem(), pos); e != nil {
			return &ast.StarExpr{Star: pos, X: e}
		}
	case *types.Map:
		k, v := lw.typeExpr(t.Key(), pos), lw.typeExpr(t.Elem(), pos)
		if k != nil && v != nil {
			return &ast.MapType{Map: pos, Key: k, Value: v}
		}
	}
	return nil
}

// instanceTypeExpr is typeExpr that also writes instances of generic
// types, Q[int] or Pair[string, int], with one index or a list as the
// parser gives them. Only the declarations that take the type of a call
// of a generic function use it (multiDefines, splitInits, and the
// function literals of topInstanceCalls): yaegi runs such a
// declaration, but other lowerings written with an instance were not
// tried.
func (lw *Lowering) instanceTypeExpr(t types.Type, pos token.Pos) ast.Expr {
	lw.instances = true
	defer func() { lw.instances = false }()
	return lw.typeExpr(t, pos)
}

// interfaceTypeExpr writes the interface type t, "interface{ M(…) …; E }"
// with its explicit methods and embedded types, or nil.
func (lw *Lowering) interfaceTypeExpr(t *types.Interface, pos token.Pos) ast.Expr {
	fields := &ast.FieldList{Opening: pos, Closing: pos}
	for i := 0; i < t.NumEmbeddeds(); i++ {
		e := lw.typeExpr(t.EmbeddedType(i), pos)
		if e == nil {
			return nil
		}
		fields.List = append(fields.List, &ast.Field{Type: e})
	}
	for i := 0; i < t.NumExplicitMethods(); i++ {
		m := t.ExplicitMethod(i)
		sig, ok := m.Type().(*types.Signature)
		if !ok {
			return nil
		}
		ft := lw.funcTypeExpr(sig, pos)
		if ft == nil {
			return nil
		}
		fields.List = append(fields.List, &ast.Field{Names: []*ast.Ident{{NamePos: pos, Name: m.Name()}}, Type: ft})
	}
	return &ast.InterfaceType{Interface: pos, Methods: fields}
}

// funcTypeExpr writes the signature sig as a func type, or nil.
func (lw *Lowering) funcTypeExpr(sig *types.Signature, pos token.Pos) *ast.FuncType {
	list := func(tuple *types.Tuple, variadic bool) *ast.FieldList {
		fl := &ast.FieldList{Opening: pos, Closing: pos}
		for i := 0; i < tuple.Len(); i++ {
			t := tuple.At(i).Type()
			var e ast.Expr
			if variadic && i == tuple.Len()-1 {
				s, ok := t.(*types.Slice)
				if !ok {
					return nil
				}
				if elem := lw.typeExpr(s.Elem(), pos); elem != nil {
					e = &ast.Ellipsis{Ellipsis: pos, Elt: elem}
				}
			} else {
				e = lw.typeExpr(t, pos)
			}
			if e == nil {
				return nil
			}
			fl.List = append(fl.List, &ast.Field{Type: e})
		}
		return fl
	}
	params, results := list(sig.Params(), sig.Variadic()), list(sig.Results(), false)
	if params == nil || results == nil {
		return nil
	}
	return &ast.FuncType{Func: pos, Params: params, Results: results}
}

// structTypeExpr writes the struct type t with its fields' names, embedded
// fields and tags, or nil.
func (lw *Lowering) structTypeExpr(t *types.Struct, pos token.Pos) ast.Expr {
	fields := &ast.FieldList{Opening: pos, Closing: pos}
	for i := 0; i < t.NumFields(); i++ {
		f := t.Field(i)
		e := lw.typeExpr(f.Type(), pos)
		if e == nil {
			return nil
		}
		field := &ast.Field{Type: e}
		if !f.Embedded() {
			field.Names = []*ast.Ident{{NamePos: pos, Name: f.Name()}}
		}
		if tag := t.Tag(i); tag != "" {
			field.Tag = stringLit(pos, tag)
		}
		fields.List = append(fields.List, field)
	}
	return &ast.StructType{Struct: pos, Fields: fields}
}

// stringLit is the string literal of s at pos.
func stringLit(pos token.Pos, s string) *ast.BasicLit {
	return &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(s)}
}

// sameSessionType reports whether found and obj are type names of the
// session made from one declaration: a cell that declares a variable of
// the session again makes the package anew (Session.rebuild), after its
// statements before the declaration were checked with the old one, so
// their types are the old objects of the same declarations, and the
// lowering, which found no name for them, printed []Tm's elements without
// their String method.
func sameSessionType(found, obj types.Object) bool {
	a, ok1 := found.(*types.TypeName)
	b, ok2 := obj.(*types.TypeName)
	return ok1 && ok2 && a.Name() == b.Name() && a.Pos().IsValid() && a.Pos() == b.Pos() &&
		a.Pkg() != nil && b.Pkg() != nil && a.Pkg().Path() == PackagePath && b.Pkg().Path() == PackagePath &&
		a.IsAlias() == b.IsAlias()
}
