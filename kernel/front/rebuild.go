package front

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
)

// rebuild makes a new package from the model, leaving out the names of
// skip (which the cell being checked declares again) and declaring the
// variables of extra (which it has declared so far) in place of the
// model's, after the files of cell (its declarations checked so far). The
// maps of s.info are kept for the cell.
func (s *Session) rebuild(skip []string, extra []types.Object, cell ...*ast.File) {
	skipped := map[string]bool{}
	for _, n := range skip {
		skipped[n] = true
	}
	s.rebuilds++
	cellInfo := s.info
	s.info = types.Info{}
	defer func() { s.info = cellInfo }()
	s.pkg = types.NewPackage(PackagePath, "main")
	s.check = types.NewChecker(&s.conf, s.fset, s.pkg, &s.info)
	s.pkg.Scope().Insert(types.NewFunc(token.NoPos, s.pkg, useName,
		types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewParam(token.NoPos, s.pkg, "x", types.NewSlice(types.Universe.Lookup("any").Type()))),
			nil, true)))

	for _, obj := range extra {
		skipped[obj.Name()] = true
	}
	decls := withImports(s.imports)
	var values []types.Object
	for _, n := range s.order {
		e := s.model[n]
		if e == nil || skipped[n] {
			continue
		}
		switch {
		case e.spec != nil:
			decls = append(decls, &ast.GenDecl{Tok: token.TYPE, Specs: []ast.Spec{e.spec}})
			for _, m := range sortedMethods(e.methods) {
				decls = append(decls, m)
			}
		case e.fn != nil:
			decls = append(decls, e.fn)
		case e.foreign != nil:
			s.pkg.Scope().Insert(e.foreign)
		default:
			values = append(values, e.obj)
		}
	}
	values = append(values, extra...)
	// Variables and constants are spelled in a file of their own, whose
	// imports name every package their types need.
	// The types that values may name: the model's, and the cell's.
	current := map[string]token.Pos{}
	for n, e := range s.model {
		if e.spec != nil && !skipped[n] {
			current[n] = e.spec.Name.Pos()
		}
	}
	for _, f := range cell {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, sp := range g.Specs {
					current[sp.(*ast.TypeSpec).Name.Name] = sp.Pos()
				}
			}
		}
	}
	sp := speller{pkg: s.pkg, names: map[*types.Package]string{}, current: current}
	var valueDecls []ast.Decl
	var unspelled []types.Object
	for _, obj := range values {
		d := sp.decl(obj)
		if d == nil {
			unspelled = append(unspelled, obj)
			continue
		}
		valueDecls = append(valueDecls, d)
	}
	files := []*ast.File{{Name: ast.NewIdent("main"), Decls: decls}}
	files = append(files, cell...)
	s.inP = map[string]bool{}
	for n := range current {
		s.inP[n] = true
	}
	files = append(files, &ast.File{Name: ast.NewIdent("main"), Decls: withImports(sp.imports(), valueDecls...)})
	// A value whose type cannot be spelled keeps its type as it is.
	for _, obj := range unspelled {
		switch obj := obj.(type) {
		case *types.Var:
			s.pkg.Scope().Insert(types.NewVar(obj.Pos(), s.pkg, obj.Name(), obj.Type()))
		case *types.Const:
			s.pkg.Scope().Insert(types.NewConst(obj.Pos(), s.pkg, obj.Name(), obj.Type(), obj.Val()))
		}
	}
	s.conf.IgnoreFuncBodies = true
	s.errs = s.errs[:0]
	_ = s.check.Files(files)
	s.conf.IgnoreFuncBodies = false
	s.errs = s.errs[:0]
	s.built = len(skip) == 0 && len(extra) == 0
}

// sortedMethods returns the methods of m in source order.
func sortedMethods(m map[string]*method) []*ast.FuncDecl {
	list := make([]*ast.FuncDecl, 0, len(m))
	for _, d := range m {
		list = append(list, d.decl)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Pos() < list[j].Pos() })
	return list
}

// speller writes the declarations of variables and constants of the
// model as Go syntax, naming the packages their types need.
type speller struct {
	pkg     *types.Package
	names   map[*types.Package]string // package → its name in the file
	paths   []string                  // in order of first use
	current map[string]token.Pos      // the session's types: name → position of its declaration
}

// decl returns "var name T" or "const name T = value" for obj, or nil when
// its type cannot be spelled: a named type of another package that is not
// exported, a type local to a function, or a type of the session that was
// declared again since obj was checked.
func (sp *speller) decl(obj types.Object) ast.Decl {
	if !spellable(obj.Type(), sp.current, map[types.Type]bool{}) {
		return nil
	}
	text := types.TypeString(obj.Type(), sp.qualify)
	var typ ast.Expr
	if b, ok := obj.Type().(*types.Basic); !ok || b.Info()&types.IsUntyped == 0 {
		t, err := parser.ParseExpr(text)
		if err != nil {
			return nil
		}
		typ = t
	}
	name := ast.NewIdent(obj.Name())
	switch obj := obj.(type) {
	case *types.Var:
		return &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{name}, Type: typ}}}
	case *types.Const:
		v, err := parser.ParseExpr(constText(obj.Val(), obj.Type()))
		if err != nil {
			return nil
		}
		return &ast.GenDecl{Tok: token.CONST, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{name}, Type: typ, Values: []ast.Expr{v}}}}
	}
	return nil
}

// qualify is the qualifier with which types.TypeString spells a type: the
// session's own types unqualified, others by a name of the file.
func (sp *speller) qualify(p *types.Package) string {
	if p == nil || p.Path() == PackagePath {
		return ""
	}
	if n, ok := sp.names[p]; ok {
		return n
	}
	n := "_rbmkernel_p" + strconv.Itoa(len(sp.paths))
	sp.names[p] = n
	sp.paths = append(sp.paths, p.Path())
	return n
}

// spellable reports whether t can be written as Go in the rebuilt package
// and mean the same type: every named type in it is exported from another
// package, or is a type of the session whose declaration is still the
// current one (current: name → position of the declaration), and no struct or interface in it has unexported names of
// another package.
func spellable(t types.Type, current map[string]token.Pos, seen map[types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	foreign := func(p *types.Package) bool { return p != nil && p.Path() != PackagePath }
	switch t := t.(type) {
	case *types.Basic:
		return t.Kind() != types.Invalid
	case *types.Pointer:
		return spellable(t.Elem(), current, seen)
	case *types.Slice:
		return spellable(t.Elem(), current, seen)
	case *types.Array:
		return spellable(t.Elem(), current, seen)
	case *types.Chan:
		return spellable(t.Elem(), current, seen)
	case *types.Map:
		return spellable(t.Key(), current, seen) && spellable(t.Elem(), current, seen)
	case *types.Signature:
		return spellable(t.Params(), current, seen) && spellable(t.Results(), current, seen)
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if !spellable(t.At(i).Type(), current, seen) {
				return false
			}
		}
		return true
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if !f.Exported() && foreign(f.Pkg()) || !spellable(f.Type(), current, seen) {
				return false
			}
		}
		return true
	case *types.Interface:
		for i := 0; i < t.NumExplicitMethods(); i++ {
			m := t.ExplicitMethod(i)
			if !m.Exported() && foreign(m.Pkg()) || !spellable(m.Type(), current, seen) {
				return false
			}
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			if !spellable(t.EmbeddedType(i), current, seen) {
				return false
			}
		}
		return true
	case *types.Alias:
		return spellable(types.Unalias(t), current, seen)
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil { // error, comparable
			return true
		}
		if foreign(obj.Pkg()) {
			if !obj.Exported() || obj.Parent() != obj.Pkg().Scope() {
				return false
			}
		} else {
			if pos, ok := current[obj.Name()]; !ok || pos != obj.Pos() {
				return false
			}
		}
		args := t.TypeArgs()
		for i := 0; i < args.Len(); i++ {
			if !spellable(args.At(i), current, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// imports returns the packages the spelled types name, name → path.
func (sp *speller) imports() map[string]string {
	m := map[string]string{}
	for p, n := range sp.names {
		m[n] = p.Path()
	}
	return m
}

// constText returns a Go expression of a constant's exact value; of
// type t when t is untyped rune (a character literal).
func constText(v constant.Value, t types.Type) string {
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedRune {
		if r, ok := constant.Int64Val(v); ok {
			return strconv.QuoteRune(rune(r))
		}
	}
	switch v.Kind() {
	case constant.Float:
		if r := constant.ToInt(v); r.Kind() == constant.Int {
			return r.ExactString() + ".0"
		}
		num, den := constant.Num(v), constant.Denom(v)
		if num.Kind() == constant.Int && den.Kind() == constant.Int {
			return "(" + num.ExactString() + ".0/" + den.ExactString() + ")"
		}
		return v.String()
	case constant.Complex:
		return "(" + constText(constant.Real(v), nil) + " + " + constText(constant.Imag(v), nil) + "*1i)"
	}
	return v.ExactString()
}
