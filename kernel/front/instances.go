package front

import (
	"go/ast"
	"go/token"
	"go/types"
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
	if ok {
		lw.aliasUsed(name, pos)
	} else {
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

// aliasUsed notes a use of the alias name at pos in the chunk being
// lowered: the alias is declared for the first chunk that uses it, and
// before the first use there (the passes visit the chunks again and
// again, so an alias made for a later chunk may then be used by an
// earlier one, which ran before its declaration: "undefined:
// __goexecinst2_2").
func (lw *Lowering) aliasUsed(name string, pos token.Pos) {
	for i, specs := range lw.aliasSpecs {
		for j, sp := range specs {
			ts := sp.(*ast.TypeSpec)
			if ts.Name.Name != name {
				continue
			}
			switch {
			case lw.chunkIndex < i:
				lw.aliasSpecs[i] = append(specs[:j:j], specs[j+1:]...)
				ts.Name.NamePos, ts.Assign = pos, pos
				lw.aliasSpecs[lw.chunkIndex] = append(lw.aliasSpecs[lw.chunkIndex], ts)
			case lw.chunkIndex == i && pos < ts.Pos():
				ts.Name.NamePos, ts.Assign = pos, pos
			}
			return
		}
	}
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
		return ok && sessionGeneric(lw.Info.Uses[id])
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
		for _, sp := range specs {
			pos = min(pos, sp.Pos())
		}
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
