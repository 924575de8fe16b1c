package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// SplitInits lowers the package-level variable declarations of a cell
// whose initial values read a variable declared by an earlier chunk (an
// earlier cell's "var" or ":="). yaegi v0.16.1 orders a file's
// initialisations by the variables they read and counts a variable of an
// earlier file as never initialised, so it refused
//
//	var a = 1        // one cell
//	var b = a + 1    // the next: "variable definition loop"
//
// Such a declaration keeps its names and types in its chunk, without
// values, and a statement chunk right after it assigns the values:
//
//	var b int        // declaration chunk
//	b = a + 1        // statement chunk
//
// Moved with it is every variable of the chunk whose initial value reads
// a moved one, directly or through a function or method the chunk
// declares (which would otherwise see the zero value), and the
// assignments follow Go's initialisation order: the earliest declared
// variable whose dependencies are assigned goes next. A variable whose
// type cannot be written where it is declared (typeExpr) leaves its chunk
// as it was, and yaegi's error stands. Call it after Lower, with the same
// Lowering.
func (lw *Lowering) SplitInits(chunks []Chunk) []Chunk {
	var out []Chunk
	for _, c := range chunks {
		out = append(out, c)
		if c.File == nil {
			continue
		}
		if stmts := lw.splitInits(c.File); len(stmts) > 0 {
			out = append(out, Chunk{Body: &ast.BlockStmt{Lbrace: stmts[0].Pos(), List: stmts, Rbrace: stmts[len(stmts)-1].End()}})
		}
	}
	return out
}

// initSpec is a "var" spec with values in a declaration chunk.
type initSpec struct {
	decl  *ast.GenDecl
	spec  *ast.ValueSpec
	deps  map[*initSpec]bool // specs of the chunk whose variables its values read
	outer bool               // its values read a package-level variable of another chunk
	moved bool
}

// splitInits rewrites the declarations of f that must move (see
// SplitInits) and returns the assignments that give them their values, in
// initialisation order; none when nothing moves.
func (lw *Lowering) splitInits(f *ast.File) []ast.Stmt {
	earlier := lw.earlierVars(f)
	defer lw.aliasVarTypes(f, earlier)
	var specs []*initSpec
	byVar := map[types.Object]*initSpec{}
	funcs := map[types.Object]*ast.FuncDecl{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if obj := lw.Info.Defs[d.Name]; obj != nil && d.Body != nil {
				funcs[obj] = d
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Values) == 0 {
					continue
				}
				is := &initSpec{decl: d, spec: vs, deps: map[*initSpec]bool{}}
				specs = append(specs, is)
				for _, n := range vs.Names {
					if obj := lw.Info.Defs[n]; obj != nil {
						byVar[obj] = is
					}
				}
			}
		}
	}
	for _, is := range specs {
		seen := map[*ast.FuncDecl]bool{}
		var walk func(n ast.Node)
		walk = func(n ast.Node) {
			ast.Inspect(n, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj := lw.Info.Uses[id]
				if fd := funcs[obj]; fd != nil && !seen[fd] {
					seen[fd] = true
					walk(fd.Body)
				}
				v, ok := obj.(*types.Var)
				if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
					return true
				}
				if dep := byVar[v]; dep != nil {
					is.deps[dep] = true
				} else {
					is.outer = true
				}
				return true
			})
		}
		for _, v := range is.spec.Values {
			walk(v)
			// A name that yaegi takes for an earlier chunk's variable
			// (varnames.go).
			is.outer = is.outer || namesEarlierVar(v, earlier)
		}
		// yaegi's global analysis cannot type a call of a generic
		// function of the session: var q = NewQ[int]() failed with
		// "constant definition loop", and var q *Q[int] = NewQ[int]()
		// left q nil, silently. Assigned in a statement, it runs.
		is.outer = is.outer || lw.callsSessionGeneric(is.spec.Values...)
	}
	// Move what reads another chunk's variable, then what reads a moved
	// variable, until nothing changes.
	someMoved := false
	for changed := true; changed; {
		changed = false
		for _, is := range specs {
			if is.moved {
				continue
			}
			move := is.outer
			for dep := range is.deps {
				move = move || dep.moved
			}
			if move {
				is.moved, changed, someMoved = true, true, true
			}
		}
	}
	if !someMoved {
		return nil
	}
	// The declarations without values; none is changed unless every
	// moved type can be written.
	decls := map[*ast.ValueSpec][]ast.Spec{}
	for _, is := range specs {
		if !is.moved {
			continue
		}
		var kept []ast.Spec
		for _, n := range is.spec.Names {
			typ := is.spec.Type
			if typ == nil {
				if n.Name == "_" {
					continue
				}
				obj := lw.Info.Defs[n]
				if obj == nil {
					return nil
				}
				if typ = lw.typeExpr(obj.Type(), n.Pos()); typ == nil && lw.callsSessionGeneric(is.spec.Values...) {
					typ = lw.instanceTypeExpr(obj.Type(), n.Pos())
				}
				if typ == nil {
					return nil
				}
			}
			kept = append(kept, &ast.ValueSpec{Doc: is.spec.Doc, Names: []*ast.Ident{n}, Type: typ, Comment: is.spec.Comment})
		}
		decls[is.spec] = kept
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		var list []ast.Spec
		for _, s := range gd.Specs {
			if kept, ok := decls[s.(*ast.ValueSpec)]; ok {
				list = append(list, kept...)
			} else {
				list = append(list, s)
			}
		}
		gd.Specs = list
		if len(list) > 1 && !gd.Lparen.IsValid() {
			gd.Lparen, gd.Rparen = gd.TokPos, gd.End()
		}
	}
	kept := f.Decls[:0]
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR && len(gd.Specs) == 0 {
			continue
		}
		kept = append(kept, d)
	}
	f.Decls = kept
	// The assignments, in Go's initialisation order.
	var stmts []ast.Stmt
	done := map[*initSpec]bool{}
	for {
		next := (*initSpec)(nil)
		for _, is := range specs {
			if is.moved && !done[is] && (next == nil && depsDone(is, done)) {
				next = is
			}
		}
		if next == nil {
			// None is ready: all are assigned, or (which the checker
			// refuses as an initialisation cycle) the rest go in order.
			for _, is := range specs {
				if is.moved && !done[is] {
					next = is
					break
				}
			}
		}
		if next == nil {
			break
		}
		done[next] = true
		if names, values := next.spec.Names, next.spec.Values; len(names) > 1 && len(values) == len(names) {
			// One assignment each, in order, as Go initialises them:
			// yaegi's a, b = x, f() set a to its zero value (see
			// parallelAssign), and var q, k = NewQ[int](), 3 left k 0.
			for i, n := range names {
				stmts = append(stmts, &ast.AssignStmt{Lhs: []ast.Expr{&ast.Ident{NamePos: n.Pos(), Name: n.Name}}, TokPos: values[i].Pos(), Tok: token.ASSIGN, Rhs: values[i : i+1]})
			}
			continue
		}
		lhs := make([]ast.Expr, len(next.spec.Names))
		for i, n := range next.spec.Names {
			lhs[i] = &ast.Ident{NamePos: n.Pos(), Name: n.Name}
		}
		stmts = append(stmts, &ast.AssignStmt{Lhs: lhs, TokPos: next.spec.Values[0].Pos(), Tok: token.ASSIGN, Rhs: next.spec.Values})
	}
	return stmts
}

// depsDone reports whether every moved spec that is reads has been
// assigned (a spec may read itself only through a function, which the
// checker allows when the read is not evaluated at initialisation).
func depsDone(is *initSpec, done map[*initSpec]bool) bool {
	for dep := range is.deps {
		if dep != is && dep.moved && !done[dep] {
			return false
		}
	}
	return true
}
