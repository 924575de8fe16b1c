package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// explicitInstances writes out the type arguments that Go infers for a
// generic function declared in a cell: Map(xs, f) becomes
// Map[int, string](xs, f), and a partial Map[int](xs, f) is completed.
// yaegi v0.16.1 infers them wrongly: with
//
//	func Map[T, U any](xs []T, f func(T) U) []U
//
// Map([]int{1, 2}, func(i int) string { … }) was refused ("cannot use
// type func(int) string as type func(int) int"), though Go accepts it.
// go/types records the inferred arguments (Info.Instances); yaegi runs the
// explicit instantiation correctly.
func (lw *Lowering) explicitInstances(n ast.Node) {
	indexed := map[*ast.Ident]bool{} // written as the X of an index: done at the index
	ast.Inspect(n, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.IndexExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				indexed[id] = true
			}
		case *ast.IndexListExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				indexed[id] = true
			}
		}
		return true
	})
	// The functions declared in n, by their extent: a call inside one of
	// itself is recursive.
	var decls []*ast.FuncDecl
	if f, ok := n.(*ast.File); ok {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	recursive := func(id *ast.Ident) bool {
		for _, fd := range decls {
			if fd.Body.Pos() <= id.Pos() && id.Pos() < fd.Body.End() {
				return lw.Info.Uses[id] != nil && lw.Info.Uses[id] == lw.Info.Defs[fd.Name]
			}
		}
		return false
	}
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		var id *ast.Ident
		switch x := e.(type) {
		case *ast.Ident:
			if indexed[x] {
				return e
			}
			id = x
		case *ast.IndexExpr:
			id, _ = x.X.(*ast.Ident)
		case *ast.IndexListExpr:
			id, _ = x.X.(*ast.Ident)
		}
		if id == nil {
			return e
		}
		f, ok := lw.Info.Uses[id].(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != PackagePath {
			return e
		}
		if sig, ok := f.Type().(*types.Signature); !ok || sig.TypeParams().Len() == 0 {
			return e
		}
		inst, ok := lw.Info.Instances[id]
		if !ok || inst.TypeArgs.Len() == 0 {
			return e
		}
		if _, written := e.(*ast.Ident); written && !recursive(id) {
			// Inferred: left to yaegi where an argument is a type
			// parameter of the enclosing declaration (Sum(xs) in a
			// generic Average): yaegi ran Sum[T](xs) there with a nil
			// dereference, Sum(xs) as Go does. A recursive call
			// (height(n.left) in height) is written out: yaegi failed
			// on it inferred.
			for i := range inst.TypeArgs.Len() {
				if typeParamIn(inst.TypeArgs.At(i), map[types.Type]bool{}) {
					return e
				}
			}
		}
		args := make([]ast.Expr, inst.TypeArgs.Len())
		for i := range args {
			if len(args) >= 2 {
				// A type made of an instance too, in a list of type
				// arguments only (keep[[]Pair[int, int]] runs as it is,
				// and not with an alias).
				args[i] = lw.instanceAlias(inst.TypeArgs.At(i), id.Pos())
			} else if _, ok := types.Unalias(inst.TypeArgs.At(i)).(*types.Named); ok {
				args[i] = lw.instanceAlias(inst.TypeArgs.At(i), id.Pos())
			}
			if args[i] != nil {
				continue
			}
			if args[i] = lw.typeExpr(inst.TypeArgs.At(i), id.Pos()); args[i] == nil {
				return e
			}
		}
		if len(args) == 1 {
			return &ast.IndexExpr{X: id, Lbrack: id.End(), Index: args[0], Rbrack: e.End()}
		}
		return &ast.IndexListExpr{X: id, Lbrack: id.End(), Indices: args, Rbrack: e.End()}
	})
}

// instanceLiterals writes each composite literal whose type is an
// instance of a generic type of two or more type parameters
// (Pair[int, string]{…}) as the element of a one-element slice literal:
//
//	[]Pair[int, string]{{…}}[0]
//
// yaegi v0.16.1 compiles the type of such a literal (an index list
// expression, which its control-flow graph does not handle) into the
// flow of the first literal of that instance that it compiled: a later
// literal of the instance, in a later cell or further down the same
// one, ran that earlier code instead of its own. The cell
//
//	x := Pair[int, int]{1, 2}
//	fmt.Println("first", x)
//
// followed by a cell show(Pair[int, int]{5, 6}); fmt.Println("after")
// printed "first {1 2}" again and nothing of its own, and two such
// literals in one cell skipped the statements before the second.
// Where the literal was in a function, its later use ended with a panic
// in reflect.Set. An instance of one type parameter (an index
// expression) and a literal whose type is elided (the elements of the
// slice literal) are compiled correctly. &Pair[int, int]{…} becomes
// &[]Pair[int, int]{{…}}[0], a new variable as before.
func (lw *Lowering) instanceLiterals(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		cl, ok := e.(*ast.CompositeLit)
		if !ok || cl.Type == nil {
			return e
		}
		if _, ok := ast.Unparen(cl.Type).(*ast.IndexListExpr); !ok {
			return e
		}
		elem := &ast.CompositeLit{Lbrace: cl.Lbrace, Elts: cl.Elts, Rbrace: cl.Rbrace, Incomplete: cl.Incomplete}
		list := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: cl.Pos(), Elt: cl.Type}, Lbrace: cl.Lbrace, Elts: []ast.Expr{elem}, Rbrace: cl.Rbrace}
		zero := &ast.BasicLit{ValuePos: cl.Rbrace, Kind: token.INT, Value: "0"}
		return &ast.IndexExpr{X: list, Lbrack: cl.Rbrace, Index: zero, Rbrack: cl.Rbrace}
	})
}

// topInstanceCalls wraps each call, in a cell's top-level statements (not
// in a function's body), of a generic function of the session
// instantiated with two or more type arguments (written out by
// explicitInstances where Go infers them) in a function literal that
// returns its results:
//
//	m := New[string, int]()  →  m := func() *OM[string, int] { return New[string, int]() }()
//
// yaegi v0.16.1 compiles such a call at the top level only where the
// function's results are not written with a generic type: with func
// New[K comparable, V any]() *OM[K, V] the cell failed ("not a generic
// type: func() *main.OM", or a panic in its compiler), though the same
// call in a function's body runs. A call whose result types cannot be
// written at the call (a local type) is left as it is.
func (lw *Lowering) topInstanceCalls(n ast.Node) {
	inFunc := map[*ast.CallExpr]bool{}
	ast.Inspect(n, func(node ast.Node) bool {
		if fl, ok := node.(*ast.FuncLit); ok {
			ast.Inspect(fl.Body, func(in ast.Node) bool {
				if c, ok := in.(*ast.CallExpr); ok {
					inFunc[c] = true
				}
				return true
			})
			return false
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		c, ok := e.(*ast.CallExpr)
		if !ok || inFunc[c] {
			return e
		}
		il, ok := ast.Unparen(c.Fun).(*ast.IndexListExpr)
		if !ok {
			return e
		}
		id, ok := il.X.(*ast.Ident)
		if !ok {
			return e
		}
		if f, ok := lw.Info.Uses[id].(*types.Func); !ok || f.Pkg() == nil || f.Pkg().Path() != PackagePath {
			return e
		}
		// The instance's signature (the call may be a copy that the
		// earlier passes made, unknown to Info.Types).
		sig, ok := lw.Info.Instances[id].Type.(*types.Signature)
		if !ok {
			return e
		}
		var results []types.Type
		for i := range sig.Results().Len() {
			results = append(results, sig.Results().At(i).Type())
		}
		pos, end := c.Pos(), c.End()
		fields := &ast.FieldList{Opening: pos, Closing: pos}
		for _, r := range results {
			tx := lw.instanceTypeExpr(r, pos)
			if tx == nil {
				return e
			}
			fields.List = append(fields.List, &ast.Field{Type: tx})
		}
		var body ast.Stmt = &ast.ExprStmt{X: c}
		if len(results) > 0 {
			body = &ast.ReturnStmt{Return: pos, Results: []ast.Expr{c}}
		}
		fn := &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}, Results: fields},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{body}, Rbrace: end}}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: end}
	})
}

// nilPointerVars gives each variable declared without a value whose
// type is written as a pointer to an instance of two or more type
// arguments (var p *Pair[string, int]) the value nil, which it has
// anyway, in a declaration of its own: yaegi v0.16.1's compiler failed
// on such a declaration in a function or a block ("CFG post-order
// panic: … nil pointer dereference"), and on one of two names with the
// value nil for each, while var p *Pair[string, int] = nil, and the
// declaration of a list or a map of such pointers, run. The lowering of
// om := New[string, int]() declares such a variable (multiDefines).
func nilPointerVars(n ast.Node) {
	ast.Inspect(n, func(node ast.Node) bool {
		gd, ok := node.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return true
		}
		var specs []ast.Spec
		for _, s := range gd.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok || !pointerToList(vs) {
				specs = append(specs, s)
				continue
			}
			for _, name := range vs.Names {
				specs = append(specs, &ast.ValueSpec{Names: []*ast.Ident{name}, Type: vs.Type,
					Values: []ast.Expr{&ast.Ident{NamePos: name.End(), Name: "nil"}}})
			}
		}
		if len(specs) > 1 && !gd.Lparen.IsValid() {
			gd.Lparen, gd.Rparen = gd.TokPos, gd.End()
		}
		gd.Specs = specs
		return true
	})
}

// pointerToList reports whether vs declares variables without values
// whose type is written as a pointer to an instance of a generic type
// with a list of type arguments.
func pointerToList(vs *ast.ValueSpec) bool {
	if len(vs.Values) > 0 || vs.Type == nil {
		return false
	}
	star, ok := ast.Unparen(vs.Type).(*ast.StarExpr)
	if !ok {
		return false
	}
	_, ok = ast.Unparen(star.X).(*ast.IndexListExpr)
	return ok
}

// instanceAlias returns the name of a type alias of the instance t of a
// generic type of two or more type arguments (KV[string, int]), or of a
// type made of one (map[string][]KV[string, int]), declared at the
// package level before the cell's chunks run (InstanceAliases), for use
// as a type argument; nil when t is no such type, or is written with a
// type parameter, a local type or a type of another package. yaegi v0.16.1 failed on such an instance written as a type
// argument (Map[KV[string, int], string](…), NewOM[string, KV[string,
// int]](), Box[KV[string, int]]{}: "CFG post-order panic", or a wrong
// inference, "cannot use type func(main.KV[string,int]) string as type
// func(main.KV[string,int]) main.KV[string,int]"), and runs it written
// as an alias declared at the package level.
func (lw *Lowering) instanceAlias(t types.Type, pos token.Pos) ast.Expr {
	return lw.instanceAliasOf(t, 2, pos)
}

// instanceAliasOf is instanceAlias for an instance of at least args
// type arguments.
func (lw *Lowering) instanceAliasOf(t types.Type, args int, pos token.Pos) ast.Expr {
	n := types.Unalias(t)
	if m, ok := n.(*types.Named); ok {
		if m.TypeArgs().Len() < args || m.TypeArgs().Len() == 0 {
			return nil
		}
	} else if args < 2 || !madeOf(n, func(t types.Type) bool {
		m, ok := t.(*types.Named)
		return ok && m.TypeArgs().Len() >= 2
	}, true, map[types.Type]bool{}) {
		// A list, map, pointer or function type made of an instance of
		// two or more type arguments (SortedEntries over a
		// map[string][]Pair[string, int]: "undefined type for K").
		return nil
	}
	if typeParamIn(n, map[types.Type]bool{}) {
		return nil
	}
	elsewhere := madeOf(n, func(t types.Type) bool {
		m, ok := t.(*types.Named)
		if !ok || m.Obj().Pkg() == nil {
			return false
		}
		return m.Obj().Pkg().Path() != PackagePath || m.Obj().Parent() != m.Obj().Pkg().Scope()
	}, true, map[types.Type]bool{})
	if elsewhere {
		return nil
	}
	key := fmtName(n)
	name, ok := lw.aliasNames[key]
	if !ok {
		rhs := lw.instanceTypeExpr(n, pos)
		if rhs == nil {
			return nil
		}
		if lw.aliasNames == nil {
			lw.aliasNames = map[string]string{}
		}
		name = lw.name("inst" + lw.Tag + "_")
		lw.aliasNames[key] = name
		if lw.aliasSpecs == nil {
			lw.aliasSpecs = map[int][]ast.Spec{}
		}
		lw.aliasSpecs[lw.chunkIndex] = append(lw.aliasSpecs[lw.chunkIndex], &ast.TypeSpec{Name: &ast.Ident{NamePos: pos, Name: name}, Assign: pos, Type: rhs})
	}
	return &ast.Ident{NamePos: pos, Name: name}
}

// instanceArgs writes, in the instantiations of the session's generic
// functions and types that the cell writes (Map[KV[string, int],
// string], Box[KV[string, int]]), each type argument that is an
// instance of two or more type arguments as its alias (instanceAlias),
// and so the type of a type assertion (a.(Pair[int, int]), which failed
// with "nil type"; a type switch's cases run).
func (lw *Lowering) instanceArgs(n ast.Node) {
	generic := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return false
		}
		switch obj := lw.Info.Uses[id].(type) {
		case *types.Func:
			sig, ok := obj.Type().(*types.Signature)
			return ok && sig.TypeParams().Len() > 0 && obj.Pkg() != nil && obj.Pkg().Path() == PackagePath
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			return ok && named.TypeParams().Len() > 0 && obj.Pkg() != nil && obj.Pkg().Path() == PackagePath
		}
		return false
	}
	alias := func(idx ast.Expr) ast.Expr {
		if _, ok := ast.Unparen(idx).(*ast.IndexListExpr); !ok {
			return idx
		}
		tv, ok := lw.Info.Types[idx]
		if !ok || !tv.IsType() {
			return idx
		}
		if a := lw.instanceAlias(tv.Type, idx.Pos()); a != nil {
			return a
		}
		return idx
	}
	ast.Inspect(n, func(node ast.Node) bool {
		switch x := node.(type) {
		case *ast.TypeAssertExpr:
			// v.(Pair[int, int]) failed too ("nil type").
			if x.Type != nil {
				x.Type = alias(x.Type)
			}
		case *ast.IndexExpr:
			if generic(x.X) {
				x.Index = alias(x.Index)
			}
		case *ast.IndexListExpr:
			if generic(x.X) {
				for i, idx := range x.Indices {
					x.Indices[i] = alias(idx)
				}
			}
		}
		return true
	})
}

// InstanceAliases declares the type aliases of instanceAlias at the
// package level where the chunk that first uses one runs: in that chunk,
// before the declaration that first uses one, if it holds declarations
// (which may declare the generic types the alias is written with), in a
// chunk of their own before it otherwise.
// It is called on the chunks as Lower left them.
func (lw *Lowering) InstanceAliases(chunks []Chunk) []Chunk {
	if len(lw.aliasSpecs) == 0 {
		return chunks
	}
	out := make([]Chunk, 0, len(chunks)+len(lw.aliasSpecs))
	for i, c := range chunks {
		specs := lw.aliasSpecs[i]
		if len(specs) == 0 {
			out = append(out, c)
			continue
		}
		pos := specs[0].Pos()
		decl := &ast.GenDecl{TokPos: pos, Tok: token.TYPE, Lparen: pos, Specs: specs, Rparen: pos}
		if c.File != nil {
			// Before the declaration that first uses one: yaegi reads an
			// alias that a declaration uses before it as nil ("nil
			// reflect type").
			at := len(c.File.Decls)
			for j, d := range c.File.Decls {
				if d.End() > pos {
					at = j
					break
				}
			}
			c.File.Decls = append(c.File.Decls[:at], append([]ast.Decl{decl}, c.File.Decls[at:]...)...)
			out = append(out, c)
			continue
		}
		file := &ast.File{Package: pos, Name: &ast.Ident{NamePos: pos, Name: "main"}, Decls: []ast.Decl{decl}}
		out = append(out, Chunk{File: file}, c)
	}
	return out
}

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

// assertedType writes the type t for a type assertion that the lowering
// makes (v.(T).String()): an instance of a generic type, or a pointer to
// one, as its alias (instanceAliasOf; yaegi failed on v.(Pair[string,
// int]), "nil type", and on v.(Box[int]) where the assertion is compiled
// before the instance is made, "type not found", as in the stringers
// that registerLate puts first in a chunk), any other type as typeExpr
// writes it.
func (lw *Lowering) assertedType(t types.Type, pos token.Pos) ast.Expr {
	if p, ok := t.(*types.Pointer); ok {
		if a := lw.instanceAliasOf(p.Elem(), 1, pos); a != nil {
			return &ast.StarExpr{Star: pos, X: a}
		}
	} else if a := lw.instanceAliasOf(t, 1, pos); a != nil {
		return a
	}
	return lw.typeExpr(t, pos)
}

// commaOKInstances writes a comma-ok type assertion to an instance of a
// generic type of the session (p, ok := a.(Pair[int, int]), also in a var
// declaration or an if statement's init) as a type switch in a function
// literal:
//
//	p, ok := func() (Pair[int, int], bool) {
//		switch v := a.(type) {
//		case Pair[int, int]:
//			return v, true
//		}
//		var zero Pair[int, int]
//		return zero, false
//	}()
//
// yaegi v0.16.1 failed on the comma-ok form ("nil type"), of one type
// argument or more, while the single-value assertion and type switches
// run. A package-level var declaration is left as it is.
func (lw *Lowering) commaOKInstances(n ast.Node) {
	rewrite := func(x ast.Expr) ast.Expr {
		ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil {
			return x
		}
		tv, ok := lw.Info.Types[ta.Type]
		if !ok {
			return x
		}
		named, ok := types.Unalias(tv.Type).(*types.Named)
		if !ok || named.TypeArgs().Len() == 0 || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != PackagePath ||
			typeParamIn(named, map[types.Type]bool{}) {
			return x
		}
		pos, end := ta.Pos(), ta.End()
		typ := func() ast.Expr {
			if a := lw.instanceAlias(named, pos); a != nil {
				return a
			}
			return lw.instanceTypeExpr(named, pos)
		}
		if typ() == nil {
			return x
		}
		v := lw.name("v")
		zero := lw.name("zero")
		ident := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		sw := &ast.TypeSwitchStmt{Switch: pos,
			Assign: &ast.AssignStmt{Lhs: []ast.Expr{ident(v)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.TypeAssertExpr{X: ta.X, Lparen: pos, Rparen: end}}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.CaseClause{Case: pos, List: []ast.Expr{typ()}, Colon: pos,
				Body: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{ident(v), ident("true")}}}}}, Rbrace: end}}
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: typ()}, {Type: ident("bool")}}}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{
				sw,
				&ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{ident(zero)}, Type: typ()}}}},
				&ast.ReturnStmt{Return: pos, Results: []ast.Expr{ident(zero), ident("false")}},
			}, Rbrace: end}}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: end}
	}
	ast.Inspect(n, func(node ast.Node) bool {
		switch s := node.(type) {
		case *ast.GenDecl:
			if _, file := n.(*ast.File); file && s.Tok == token.VAR && slices.Contains(n.(*ast.File).Decls, ast.Decl(s)) {
				// A package-level variable's value: a function literal
				// there that reads another variable of the file made
				// yaegi report a "variable definition loop".
				return false
			}
		case *ast.AssignStmt:
			if len(s.Lhs) == 2 && len(s.Rhs) == 1 {
				s.Rhs[0] = rewrite(s.Rhs[0])
			}
		case *ast.ValueSpec:
			if len(s.Names) == 2 && len(s.Values) == 1 {
				s.Values[0] = rewrite(s.Values[0])
			}
		}
		return true
	})
}

// genericFuncValues writes a generic function of the session
// instantiated with two or more type arguments and used as a value, not
// called (g := Pair2[int, string], var g func(int, string) string =
// Pair2, an argument Map(xs, Pair2[int, string])), as a function literal
// that calls it:
//
//	func(p0 int, p1 string) string { return Pair2[int, string](p0, p1) }
//
// yaegi v0.16.1 failed on such a value ("invalid type in assignment", or
// a panic in its compiler); one of one type argument runs, and so does
// the call.
func (lw *Lowering) genericFuncValues(n ast.Node) {
	called := map[ast.Expr]bool{}
	ast.Inspect(n, func(node ast.Node) bool {
		if c, ok := node.(*ast.CallExpr); ok {
			called[ast.Unparen(c.Fun)] = true
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		il, ok := e.(*ast.IndexListExpr)
		if !ok || called[e] {
			return e
		}
		id, ok := il.X.(*ast.Ident)
		if !ok {
			return e
		}
		if f, ok := lw.Info.Uses[id].(*types.Func); !ok || f.Pkg() == nil || f.Pkg().Path() != PackagePath {
			return e
		}
		sig, ok := lw.Info.Instances[id].Type.(*types.Signature)
		if !ok {
			return e
		}
		pos := il.Pos()
		params := &ast.FieldList{Opening: pos, Closing: pos}
		var args []ast.Expr
		for i := range sig.Params().Len() {
			t := sig.Params().At(i).Type()
			if sig.Variadic() && i == sig.Params().Len()-1 {
				t = t.(*types.Slice).Elem()
			}
			tx := lw.instanceTypeExpr(t, pos)
			if tx == nil {
				return e
			}
			if sig.Variadic() && i == sig.Params().Len()-1 {
				tx = &ast.Ellipsis{Ellipsis: pos, Elt: tx}
			}
			name := lw.name("p")
			params.List = append(params.List, &ast.Field{Names: []*ast.Ident{{NamePos: pos, Name: name}}, Type: tx})
			args = append(args, &ast.Ident{NamePos: pos, Name: name})
		}
		results := &ast.FieldList{Opening: pos, Closing: pos}
		for i := range sig.Results().Len() {
			tx := lw.instanceTypeExpr(sig.Results().At(i).Type(), pos)
			if tx == nil {
				return e
			}
			results.List = append(results.List, &ast.Field{Type: tx})
		}
		call := &ast.CallExpr{Fun: il, Lparen: pos, Args: args, Rparen: il.End()}
		if sig.Variadic() {
			call.Ellipsis = pos
		}
		var body ast.Stmt = &ast.ExprStmt{X: call}
		if sig.Results().Len() > 0 {
			body = &ast.ReturnStmt{Return: pos, Results: []ast.Expr{call}}
		}
		return &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: params, Results: results},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{body}, Rbrace: il.End()}}
	})
}
