package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Range over functions (Go 1.23), which yaegi lacks.
//
// A range over a call of an iterator of the standard library over a slice
// or a map (slices.All, Values, Backward; maps.All, Keys, Values) becomes
// the plain loop it stands for. A range over any other function
//
//	for k, v := range seq { body }
//
// becomes a call of it with the body as the yield function:
//
//	seq(func(k K, v V) bool { body; return true })
//
// in which a continue of the loop is "return true" and a break "return
// false". A return of the enclosing function inside the body sets hidden
// variables to its results and a flag, and ends the iteration; after the
// call, the flag returns them:
//
//	{
//		var R1 T1; …; var RS bool
//		seq(func(k K, v V) bool { …; R1, … = x, …; RS = true; return false; … return true })
//		if RS { return R1, … }
//	}
//
// Inside a range over a function nested in such a body, the return ends
// the inner iteration the same way and the inner call is followed by "if
// RS { return false }", which ends the outer one: the variables are the
// outermost loop's. A goto, a defer, or a break or continue of an outer
// statement inside the body cannot be expressed that way and is refused.

// stdIterators are the iterator constructors lowered into plain loops.
var stdIterators = map[string]bool{
	"slices.All": true, "slices.Values": true, "slices.Backward": true,
	"maps.All": true, "maps.Keys": true, "maps.Values": true,
}

// markIterators records the calls of stdIterators that are the range
// expression of a range statement under n, so that generics leaves them.
func (lw *Lowering) markIterators(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			if c, ok := ast.Unparen(r.X).(*ast.CallExpr); ok && len(c.Args) == 1 && stdIterators[lw.stdFunc(c.Fun)] {
				lw.iterCalls[c] = true
				lw.lowered[ast.Unparen(c.Fun).(*ast.SelectorExpr)] = true
			}
		}
		return true
	})
}

// isFuncRange reports whether r ranges over a function (r.X may be the
// lowering of a call of a standard iterator, of the type stdResults holds).
func (lw *Lowering) isFuncRange(r *ast.RangeStmt) bool {
	t := lw.Info.Types[r.X].Type
	if t == nil {
		t = lw.stdResults[r.X]
	}
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// rangeStd lowers a range over a standard iterator (see markIterators).
func (lw *Lowering) rangeStd(r *ast.RangeStmt, c *ast.CallExpr, label *ast.LabeledStmt) ast.Stmt {
	name := lw.stdFunc(c.Fun)
	arg := c.Args[0]
	switch name {
	case "slices.All", "maps.All":
		r.X = arg
	case "maps.Keys":
		r.X = arg
	case "slices.Values", "maps.Values":
		r.X = arg
		if r.Key != nil {
			r.Key, r.Value = &ast.Ident{NamePos: r.Key.Pos(), Name: "_"}, r.Key
		}
	case "slices.Backward":
		return lw.rangeBackward(r, arg, label)
	}
	if label != nil {
		return label
	}
	return r
}

// rangeBackward lowers "for i, v := range slices.Backward(s)" into
// "{ S := s; for K := len(S) - 1; K >= 0; K-- { i, v := K, S[K]; … } }".
func (lw *Lowering) rangeBackward(r *ast.RangeStmt, s ast.Expr, label *ast.LabeledStmt) ast.Stmt {
	pos := r.For
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	sv, k := lw.name("S"), lw.name("K")
	var lhs, rhs []ast.Expr
	if r.Key != nil && !isBlank(r.Key) {
		lhs, rhs = append(lhs, r.Key), append(rhs, id(k))
	}
	if r.Value != nil && !isBlank(r.Value) {
		lhs, rhs = append(lhs, r.Value), append(rhs, &ast.IndexExpr{X: id(sv), Lbrack: pos, Index: id(k), Rbrack: pos})
	}
	body := r.Body
	if len(lhs) > 0 {
		list := []ast.Stmt{&ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: r.Tok, Rhs: rhs}}
		if r.Tok == token.DEFINE {
			for _, l := range lhs {
				list = append(list, &ast.AssignStmt{Lhs: []ast.Expr{id("_")}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{l}})
			}
		}
		body = &ast.BlockStmt{Lbrace: r.Body.Lbrace, List: append(list, r.Body.List...), Rbrace: r.Body.Rbrace}
	}
	loop := &ast.ForStmt{
		For: pos,
		Init: &ast.AssignStmt{Lhs: []ast.Expr{id(k)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.BinaryExpr{
			X: &ast.CallExpr{Fun: id("len"), Lparen: pos, Args: []ast.Expr{id(sv)}, Rparen: pos}, OpPos: pos, Op: token.SUB,
			Y: &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "1"}}}},
		Cond: &ast.BinaryExpr{X: id(k), OpPos: pos, Op: token.GEQ, Y: &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"}},
		Post: &ast.IncDecStmt{X: id(k), TokPos: pos, Tok: token.DEC},
		Body: body,
	}
	return loopBlock(r, label, loop, id(sv), s)
}

// rangeFunc lowers a range over a function (see the comment above).
func (lw *Lowering) rangeFunc(r *ast.RangeStmt, label *ast.LabeledStmt) ast.Stmt {
	pos := r.For
	xt := lw.Info.Types[r.X].Type
	if xt == nil {
		xt = lw.stdResults[r.X] // (isFuncRange)
	}
	sig := xt.Underlying().(*types.Signature)
	yield, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 {
		return r
	}
	labelName := ""
	if label != nil {
		labelName = label.Label.Name
	}
	frame := lw.yieldFrames[r] // set when r is in the body of another
	if frame == nil {
		frame = &yieldFrame{pos: pos}
	} else {
		frame = &yieldFrame{pos: pos, root: frame}
	}
	if !lw.yieldBody(r.Body, labelName, frame) {
		return r
	}
	// The yield function's parameters: the loop's variables, or hidden
	// ones assigned to them.
	params := &ast.FieldList{Opening: pos, Closing: pos}
	vars := []ast.Expr{r.Key, r.Value}
	var assign *ast.AssignStmt
	for i := 0; i < yield.Params().Len(); i++ {
		tx := lw.typeExpr(yield.Params().At(i).Type(), pos)
		if tx == nil {
			lw.errs.Add(lw.Fset.Position(pos), "cannot run this range over a function: the type "+
				yield.Params().At(i).Type().String()+" of its values has no name here")
			return r
		}
		name := "_"
		if v := vars[i]; v != nil && !isBlank(v) {
			if r.Tok == token.DEFINE {
				name = v.(*ast.Ident).Name
			} else {
				name = lw.name("V")
				if assign == nil {
					assign = &ast.AssignStmt{TokPos: pos, Tok: token.ASSIGN}
				}
				assign.Lhs = append(assign.Lhs, v)
				assign.Rhs = append(assign.Rhs, &ast.Ident{NamePos: pos, Name: name})
			}
		}
		params.List = append(params.List, &ast.Field{Names: []*ast.Ident{{NamePos: pos, Name: name}}, Type: tx})
	}
	list := r.Body.List
	if assign != nil {
		list = append([]ast.Stmt{assign}, list...)
	}
	list = append(list, &ast.ReturnStmt{Return: r.Body.Rbrace, Results: []ast.Expr{&ast.Ident{NamePos: r.Body.Rbrace, Name: "true"}}})
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: params, Results: &ast.FieldList{List: []*ast.Field{{Type: &ast.Ident{NamePos: pos, Name: "bool"}}}}},
		Body: &ast.BlockStmt{Lbrace: r.Body.Lbrace, List: list, Rbrace: r.Body.Rbrace},
	}
	call := &ast.ExprStmt{X: &ast.CallExpr{Fun: r.X, Lparen: pos, Args: []ast.Expr{fn}, Rparen: pos}}
	if !frame.returns {
		return call
	}
	return lw.returnAfter(frame, call)
}

// yieldFrame is a range over a function being lowered, for the returns
// of the enclosing function in its body: root is the outermost such
// range of the function (nil for itself), which holds the hidden
// variables.
type yieldFrame struct {
	pos     token.Pos
	root    *yieldFrame
	returns bool // a return is in the body
	// The outermost frame's hidden variables, made by results: the
	// results (one per result of the function, whose type is fn) and the
	// flag ("" when they could not be made).
	fn      *ast.FuncType
	results []string
	types   []types.Type
	flag    string
	made    bool
}

// top returns the outermost frame of f's function.
func (f *yieldFrame) top() *yieldFrame {
	if f.root != nil {
		return f.root
	}
	return f
}

// results makes the hidden variables of f's outermost frame, the results
// of the function that encloses pos, and reports whether it could: the
// function must be found and its result types written in the cell.
func (lw *Lowering) results(f *yieldFrame) bool {
	t := f.top()
	if t.made {
		return t.flag != ""
	}
	t.made = true
	t.fn = lw.funcTypeAt(t.pos)
	if t.fn == nil {
		return false
	}
	if t.fn.Results != nil {
		for _, fld := range t.fn.Results.List {
			rt := lw.Info.Types[fld.Type].Type
			n := max(len(fld.Names), 1)
			if lw.typeExpr(rt, t.pos) == nil {
				return false
			}
			for range n {
				t.results, t.types = append(t.results, lw.name("R")), append(t.types, rt)
			}
		}
	}
	t.flag = lw.name("RS")
	return true
}

// funcTypeAt returns the type of the innermost function declaration or
// literal of the cell whose body holds pos, or nil.
func (lw *Lowering) funcTypeAt(pos token.Pos) *ast.FuncType {
	var best *ast.FuncType
	var span token.Pos
	for n, sc := range lw.Info.Scopes {
		ft, ok := n.(*ast.FuncType)
		if !ok || !sc.Contains(pos) {
			continue
		}
		if w := sc.End() - sc.Pos(); best == nil || w < span {
			best, span = ft, w
		}
	}
	return best
}

// returnAfter returns what replaces a range over a function whose body
// returns (frame): the call, then the return of the results when the flag
// is set (or, nested, the end of the outer iteration), with the hidden
// variables declared before the outermost one.
func (lw *Lowering) returnAfter(frame *yieldFrame, call ast.Stmt) ast.Stmt {
	pos := frame.pos
	t := frame.top()
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	ret := &ast.ReturnStmt{Return: pos}
	if frame.root != nil {
		ret.Results = []ast.Expr{id("false")}
	} else {
		for _, r := range t.results {
			ret.Results = append(ret.Results, id(r))
		}
	}
	lw.madeReturns[ret] = true
	check := &ast.IfStmt{If: pos, Cond: id(t.flag), Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{ret}, Rbrace: pos}}
	list := []ast.Stmt{call, check}
	if frame.root == nil {
		var decls []ast.Stmt
		for i, r := range t.results {
			decls = append(decls, varDecl(r, lw.typeExpr(t.types[i], pos), pos))
		}
		decls = append(decls, varDecl(t.flag, id("bool"), pos))
		list = append(decls, list...)
	}
	return &ast.BlockStmt{Lbrace: pos, List: list, Rbrace: pos}
}

// varDecl returns "var name T".
func varDecl(name string, tx ast.Expr, pos token.Pos) ast.Stmt {
	return &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{
		&ast.ValueSpec{Names: []*ast.Ident{{NamePos: pos, Name: name}}, Type: tx}}}}
}

// yieldReturn returns what replaces a return of the enclosing function in
// the body of a range over a function (frame is the outermost range's):
// the results stored in its hidden variables, the flag set, and the end
// of the iteration.
func (lw *Lowering) yieldReturn(r *ast.ReturnStmt, t *yieldFrame) ast.Stmt {
	pos := r.Return
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	var list []ast.Stmt
	if len(t.results) > 0 {
		var lhs []ast.Expr
		for _, name := range t.results {
			lhs = append(lhs, id(name))
		}
		rhs := slices.Clone(r.Results)
		for i, x := range rhs {
			if lw.Info.Types[x].IsNil() && len(rhs) == len(t.types) {
				rhs[i] = typedNil(lw.typeExpr(t.types[i], pos), x.Pos()) // yaegi's untyped nil (typedNils)
			}
		}
		if len(rhs) == 0 { // a bare return of named results
			for _, fld := range t.fn.Results.List {
				for _, n := range fld.Names {
					rhs = append(rhs, id(n.Name))
				}
			}
		}
		list = append(list, &ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: token.ASSIGN, Rhs: rhs})
	}
	done := &ast.ReturnStmt{Return: pos, Results: []ast.Expr{id("false")}}
	lw.madeReturns[done] = true
	list = append(list, &ast.AssignStmt{Lhs: []ast.Expr{id(t.flag)}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{id("true")}}, done)
	return &ast.BlockStmt{Lbrace: pos, List: list, Rbrace: pos}
}

// yieldBody rewrites, in place, the branch statements of a range-over-func
// body that leave the loop: its own continue and break (unlabeled, or with
// label) become return true and return false; it notes its returns of the
// enclosing function (yieldReturn lowers them) and the ranges over
// functions inside it (their frame's root is frame's). It refuses (and
// returns false) a goto, a defer, a branch to an outer statement, or a
// return whose results it cannot keep.
func (lw *Lowering) yieldBody(body *ast.BlockStmt, label string, frame *yieldFrame) bool {
	ok := true
	refuse := func(n ast.Node, what string) {
		lw.errs.Add(lw.Fset.Position(n.Pos()), "cannot run a range over a function whose body has "+what+
			" (the interpreter lacks range over functions, and the kernel runs the body as the yield function); "+
			"collect the values into a slice first, or use a flag and break")
		ok = false
	}
	var walk func(n ast.Node, inLoop, inSwitch bool)
	walk = func(n ast.Node, inLoop, inSwitch bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == n {
				return true
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if lw.madeReturns[m] {
					break
				}
				if !lw.results(frame) {
					refuse(m, "a return whose function's results have no names here")
					break
				}
				frame.returns = true
				lw.funcReturns[m] = frame.top()
			case *ast.DeferStmt:
				refuse(m, "a defer")
			case *ast.RangeStmt:
				if lw.isFuncRange(m) && lw.yieldFrames[m] == nil {
					lw.yieldFrames[m] = frame.top()
				}
				walk(m, true, inSwitch)
				return false
			case *ast.ForStmt:
				walk(m, true, inSwitch)
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(m, inLoop, true)
				return false
			case *ast.BranchStmt:
				switch {
				case m.Tok == token.GOTO:
					refuse(m, "a goto")
				case m.Label != nil && m.Label.Name == label:
					lw.toReturn(m)
				case m.Label != nil:
					// A label inside the body is fine; one outside is not.
					if !labelInside(body, m.Label.Name) {
						refuse(m, "a "+m.Tok.String()+" of an outer statement")
					}
				case m.Tok == token.CONTINUE && !inLoop, m.Tok == token.BREAK && !inLoop && !inSwitch:
					lw.toReturn(m)
				}
			}
			return true
		})
	}
	walk(body, false, false)
	return ok
}

// toReturn makes a break or continue of the range over a function the
// return of its yield function: continue is true, break false.
func (lw *Lowering) toReturn(b *ast.BranchStmt) {
	lw.returns[b] = b.Tok == token.CONTINUE
}

// labelInside reports whether a statement under n has the label name.
func labelInside(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if l, ok := m.(*ast.LabeledStmt); ok && l.Label.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// isIterCall reports whether x is a call of a standard iterator that
// markIterators recorded.
func (lw *Lowering) isIterCall(x ast.Expr) bool {
	c, ok := ast.Unparen(x).(*ast.CallExpr)
	return ok && lw.iterCalls[c]
}

// iterTypes replaces, under n, the types iter.Seq[V] and iter.Seq2[K, V]
// by what they are, func(yield func(V) bool) and func(yield func(K, V)
// bool): yaegi cannot import package iter (it is generic only).
func (lw *Lowering) iterTypes(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		var x ast.Expr
		var args []ast.Expr
		switch t := e.(type) {
		case *ast.IndexExpr:
			x, args = t.X, []ast.Expr{t.Index}
		case *ast.IndexListExpr:
			x, args = t.X, t.Indices
		default:
			return e
		}
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			return e
		}
		tn, ok := lw.Info.Uses[sel.Sel].(*types.TypeName)
		if !ok || tn.Pkg() == nil || tn.Pkg().Path() != "iter" ||
			!(tn.Name() == "Seq" && len(args) == 1 || tn.Name() == "Seq2" && len(args) == 2) {
			return e
		}
		lw.lowered[sel] = true
		pos := e.Pos()
		var params []*ast.Field
		for _, a := range args {
			params = append(params, &ast.Field{Type: a})
		}
		yield := &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, List: params, Closing: pos},
			Results: &ast.FieldList{List: []*ast.Field{{Type: &ast.Ident{NamePos: pos, Name: "bool"}}}}}
		return &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos, List: []*ast.Field{
			{Names: []*ast.Ident{{NamePos: pos, Name: "yield"}}, Type: yield}}}}
	})
}

// dropIterImport removes the imports of package iter from a declaration
// file: its types are lowered by iterTypes, and its functions refused.
func dropIterImport(f *ast.File) {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		specs := g.Specs[:0]
		for _, sp := range g.Specs {
			if sp.(*ast.ImportSpec).Path.Value != `"iter"` {
				specs = append(specs, sp)
			}
		}
		g.Specs = specs
	}
}

// iterIntoInterfaces refuses, under n, a value of an instance of iter.Seq
// or iter.Seq2 that goes into an interface (an assignment or declaration,
// an argument, fmt's and conversions' included, an element of a composite
// literal, a result, a value sent): the interpreter has no package iter,
// so such a value has the function type there (iterTypes), and %T,
// reflect and type assertions would say so where Go names iter.Seq[int].
func (lw *Lowering) iterIntoInterfaces(n ast.Node) {
	check := func(into types.Type, x ast.Expr) {
		if into == nil || !types.IsInterface(into) {
			return
		}
		t, ok := types.Unalias(lw.Info.Types[x].Type).(*types.Named)
		if !ok || t.Obj().Pkg() == nil || t.Obj().Pkg().Path() != "iter" {
			return
		}
		byName := func(p *types.Package) string { return p.Name() }
		lw.errs.Add(lw.Fset.Position(x.Pos()), "a value of type "+types.TypeString(t, byName)+
			" cannot go into an interface in the interpreter, which has no package iter: there its type is "+
			types.TypeString(t.Underlying(), byName)+", and fmt's %T, reflect and type assertions would say so; "+
			"range over it or call it here, or run this code compiled (a cell with func main, or %%compile)")
	}
	lw.inspectInFuncs(n, func(n ast.Node, results *types.Tuple) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Rhs {
					check(lw.Info.Types[n.Lhs[i]].Type, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil {
				for _, v := range n.Values {
					check(lw.Info.Types[n.Type].Type, v)
				}
			}
		case *ast.CallExpr:
			tv := lw.Info.Types[n.Fun]
			if tv.IsType() {
				for _, a := range n.Args {
					check(tv.Type, a)
				}
				break
			}
			if sig, ok := tv.Type.(*types.Signature); ok {
				params := sig.Params()
				for i, a := range n.Args {
					switch {
					case sig.Variadic() && i >= params.Len()-1 && !n.Ellipsis.IsValid():
						check(params.At(params.Len()-1).Type().(*types.Slice).Elem(), a)
					case i < params.Len():
						check(params.At(i).Type(), a)
					}
				}
			} else if s, ok := lw.Info.Types[n].Type.(*types.Slice); ok && len(n.Args) > 1 && !n.Ellipsis.IsValid() {
				for _, a := range n.Args[1:] { // append
					check(s.Elem(), a)
				}
			}
		case *ast.CompositeLit:
			lw.eachElement(n, func(x ast.Expr, into types.Type, _ bool) ast.Expr {
				check(into, x)
				return x
			})
		case *ast.ReturnStmt:
			if results != nil && results.Len() == len(n.Results) {
				for i, r := range n.Results {
					check(results.At(i).Type(), r)
				}
			}
		case *ast.SendStmt:
			if ch, ok := lw.Info.Types[n.Chan].Type.Underlying().(*types.Chan); ok {
				check(ch.Elem(), n.Value)
			}
		}
		return true
	})
}
