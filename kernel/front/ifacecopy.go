package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// interfaceCopies makes a copy of each variable of a session type with
// methods that goes into an interface:
//
//	shapes = append(shapes, r)   // r a Rect with an Area method
//
// becomes
//
//	shapes = append(shapes, []Rect{r}[0])
//
// yaegi v0.16.1 keeps such a value in an interface as a reference to the
// variable, so that the interface changed with it (in a loop appending r
// to a []Shape, every element was the last r), silently; a value of a
// type without methods was copied, as Go does. The copy is the element of
// a new slice, which nothing else refers to (a function's result would
// not do: yaegi keeps it in the caller's frame, in one place per call
// site, which a loop fills again). It is made where Go
// converts a value to an interface type: an assignment or a var
// declaration, an argument (of a function, a method, append or a
// conversion), an element or field of a composite literal, a result of a
// return statement and a value sent on a channel. Only variables,
// fields, elements and dereferences are copied (a composite literal or a
// call's result is a new value already), and not the arguments of fmt's
// and log's printing functions, which keep nothing. An argument for a
// parameter of an empty interface type (any) is copied too: a function
// of the cell that kept it kept a reference, the loop's last value (and,
// since structAssigns writes a whole struct in place, also when the
// loop assigns the whole variable).
func (lw *Lowering) interfaceCopies(n ast.Node) {
	lw.inspectInFuncs(n, func(n ast.Node, results *types.Tuple) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i := range n.Rhs {
					into := lw.Info.Types[n.Lhs[i]].Type
					if lw.compiledField(n.Lhs[i]) {
						if tagged := lw.tagForCompiled(into, n.Rhs[i]); tagged != nil {
							n.Rhs[i] = tagged
							continue
						}
					}
					n.Rhs[i] = lw.copyInto(into, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Names) == len(n.Values) {
				t := lw.Info.Types[n.Type].Type
				for i := range n.Values {
					n.Values[i] = lw.copyInto(t, n.Values[i])
				}
			}
		case *ast.CallExpr:
			lw.copyArgs(n)
		case *ast.CompositeLit:
			lw.copyElements(n)
		case *ast.ReturnStmt:
			if results != nil && results.Len() == len(n.Results) {
				for i := range n.Results {
					if held := lw.heldByVariable(results.At(i).Type(), n.Results[i]); held != nil {
						n.Results[i] = held
						continue
					}
					n.Results[i] = lw.copyInto(results.At(i).Type(), n.Results[i])
				}
			}
		case *ast.SendStmt:
			if ch, ok := lw.Info.Types[n.Chan].Type.Underlying().(*types.Chan); ok {
				n.Value = lw.copyInto(ch.Elem(), n.Value)
			}
		}
		return true
	})
}

// inspectInFuncs calls visit, as ast.Inspect does, for the nodes under
// root other than function declarations and literals, whose bodies it
// walks with results, the result types of the innermost enclosing
// function (nil outside functions, for a renamed main and for a literal
// the lowering made, whose returns are not looked at).
func (lw *Lowering) inspectInFuncs(root ast.Node, visit func(n ast.Node, results *types.Tuple) bool) {
	var stack []*types.Tuple
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		var r *types.Tuple
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body == nil {
				return false
			}
			if obj, ok := lw.Info.Defs[n.Name].(*types.Func); ok {
				r = obj.Type().(*types.Signature).Results()
			}
			stack = append(stack, r)
			ast.Inspect(n.Body, walk)
			stack = stack[:len(stack)-1]
			return false
		case *ast.FuncLit:
			if sig, ok := lw.Info.Types[n].Type.(*types.Signature); ok {
				r = sig.Results()
			}
			stack = append(stack, r)
			ast.Inspect(n.Body, walk)
			stack = stack[:len(stack)-1]
			return false
		}
		if len(stack) > 0 {
			r = stack[len(stack)-1]
		}
		return visit(n, r)
	}
	ast.Inspect(root, walk)
}

// copyArgs copies the arguments of a call that go into interface
// parameters (or into an interface type, for a conversion).
func (lw *Lowering) copyArgs(c *ast.CallExpr) {
	tv := lw.Info.Types[c.Fun]
	if tv.IsType() {
		if len(c.Args) == 1 {
			if held := lw.heldByVariable(tv.Type, c.Args[0]); held != nil {
				c.Args[0] = held
				return
			}
			c.Args[0] = lw.copyInto(tv.Type, c.Args[0])
		}
		return
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if _, ok := lw.Info.Uses[id].(*types.Builtin); ok {
			if id.Name == "append" && len(c.Args) > 1 && !c.Ellipsis.IsValid() {
				if s, ok := lw.Info.Types[c].Type.Underlying().(*types.Slice); ok {
					for i := 1; i < len(c.Args); i++ {
						c.Args[i] = lw.copyInto(s.Elem(), c.Args[i])
					}
				}
			}
			return
		}
	}
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		if f, ok := lw.Info.Uses[sel.Sel].(*types.Func); ok && f.Pkg() != nil {
			if p := f.Pkg().Path(); p == "fmt" || p == "log" {
				return
			}
		}
	}
	sig, ok := tv.Type.(*types.Signature)
	if !ok {
		return
	}
	compiled := false
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.SelectorExpr:
		obj, ok := lw.Info.Uses[f.Sel].(*types.Func)
		compiled = ok && obj.Pkg() != nil && obj.Pkg().Path() != PackagePath
	}
	params := sig.Params()
	for i, a := range c.Args {
		var t types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			if c.Ellipsis.IsValid() {
				continue
			}
			t = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
		case i < params.Len():
			t = params.At(i).Type()
		default:
			continue
		}
		if compiled {
			if tagged := lw.tagForCompiled(t, a); tagged != nil {
				c.Args[i] = tagged
				continue
			}
		}
		c.Args[i] = lw.copyInto(t, a)
	}
}

// copyElements copies the elements of a composite literal that go into
// interface-typed elements, keys or fields.
func (lw *Lowering) copyElements(cl *ast.CompositeLit) {
	compiled := false
	if n, ok := types.Unalias(lw.Info.Types[cl].Type).(*types.Named); ok {
		_, isStruct := n.Underlying().(*types.Struct)
		compiled = isStruct && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != PackagePath
	}
	lw.eachElement(cl, func(x ast.Expr, into types.Type, _ bool) ast.Expr {
		if compiled {
			// A field of another package's struct type.
			if tagged := lw.tagForCompiled(into, x); tagged != nil {
				return tagged
			}
		}
		return lw.copyInto(into, x)
	})
}

// eachElement calls f with each element, key and field value of the
// composite literal cl and the type it goes into (key reports a map's
// key), and puts f's result in its place.
func (lw *Lowering) eachElement(cl *ast.CompositeLit, f func(x ast.Expr, into types.Type, key bool) ast.Expr) {
	t := lw.Info.Types[cl].Type
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array:
		elem := u.(interface{ Elem() types.Type }).Elem()
		for i, e := range cl.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				kv.Value = f(kv.Value, elem, false)
			} else {
				cl.Elts[i] = f(e, elem, false)
			}
		}
	case *types.Map:
		for _, e := range cl.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				kv.Key = f(kv.Key, u.Key(), true)
				kv.Value = f(kv.Value, u.Elem(), false)
			}
		}
	case *types.Struct:
		for i, e := range cl.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if fv, ok := lw.Info.Uses[id].(*types.Var); ok {
						kv.Value = f(kv.Value, fv.Type(), false)
					}
				}
			} else if i < u.NumFields() {
				cl.Elts[i] = f(e, u.Field(i).Type(), false)
			}
		}
	}
}

// copyInto returns x, or a copy of it when x is a variable (or a field,
// an element, a dereference) of a session type with methods and into is
// an interface type; for an interface of another package with methods,
// the value, or a pointer to a session type with methods, is converted in
// a call of its own (boxedInto).
func (lw *Lowering) copyInto(into types.Type, x ast.Expr) ast.Expr {
	if into == nil || !types.IsInterface(into) {
		return x
	}
	if tagged := lw.tagShared(into, x); tagged != nil {
		return tagged
	}
	if checked := lw.nilIntoInterface(into, x); checked != nil {
		return checked
	}
	switch ast.Unparen(x).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
	case *ast.CompositeLit:
		// A literal is new, but yaegi stores it in an interface without
		// its type's methods (fmt ignored a String or Error method, an
		// assertion to an interface failed, error(T{…}) panicked); as a
		// slice's element it keeps them, as a variable does.
	default:
		return x
	}
	tv := lw.Info.Types[x]
	if !tv.IsValue() || tv.Value != nil || types.IsInterface(tv.Type) {
		return x
	}
	pos := x.Pos()
	if p, ok := types.Unalias(tv.Type).(*types.Pointer); ok && compiledMethods(into) {
		// A pointer is a reference, but yaegi's wrapper reads it from
		// the slot it came from as well: a loop's last one.
		if n, ok := types.Unalias(p.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath && hasAnyMethod(n) {
			tx, ix := lw.typeExpr(p, pos), lw.typeExpr(into, pos)
			if tx != nil && ix != nil {
				return boxedInto(tx, ix, x, lw.Prefix+"boxed")
			}
		}
		return x
	}
	n, ok := types.Unalias(tv.Type).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath || !hasAnyMethod(n) {
		return x
	}
	tx := lw.typeExpr(n, pos)
	if tx == nil {
		return x
	}
	if compiledMethods(into) {
		if ix := lw.typeExpr(into, pos); ix != nil {
			return boxedInto(tx, ix, x, lw.Prefix+"boxed")
		}
	}
	lit := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: tx}, Lbrace: pos, Elts: []ast.Expr{x}, Rbrace: x.End()}
	zero := &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"}
	return &ast.IndexExpr{X: lit, Lbrack: x.End(), Index: zero, Rbrack: x.End()}
}

// compiledMethods reports whether t is an interface type with methods
// declared outside the session (error, fmt.Stringer, sort.Interface), whose
// values yaegi holds in a wrapper of the compiled method set.
func compiledMethods(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || (n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath) {
		return false
	}
	it, ok := n.Underlying().(*types.Interface)
	return ok && it.NumMethods() > 0
}

// boxedInto returns func(p T) I { return p }(x) for a value x of the
// session's type T (tx) going into the compiled interface I (ix). yaegi's
// wrapper of I's methods reads its receiver, when a method is called,
// from the frame slot of the expression it was made from, so a copy in
// the caller's frame (one slot for every iteration of a loop) made every
// element of a []fmt.Stringer filled in a loop print as the last;
// converted in a call of its own, the value is in that call's frame,
// which nothing else writes. The parameter p is named param, a hidden
// name: yaegi took a parameter x for a global x in a var declaration's
// initialiser ("variable definition loop"). The statements before, if
// any, run before the return (nilIntoInterface's check).
func boxedInto(tx, ix, x ast.Expr, param string, before ...ast.Stmt) ast.Expr {
	pos := x.Pos()
	v := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: param} }
	body := append(before, &ast.ReturnStmt{Return: pos, Results: []ast.Expr{v()}})
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos,
			Params:  &ast.FieldList{Opening: pos, List: []*ast.Field{{Names: []*ast.Ident{v()}, Type: tx}}, Closing: pos},
			Results: &ast.FieldList{List: []*ast.Field{{Type: ix}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: body, Rbrace: x.End()},
	}
	return &ast.CallExpr{Fun: fn, Lparen: pos, Args: []ast.Expr{x}, Rparen: x.End()}
}

// hasAnyMethod reports whether the named type t or *t has a method.
func hasAnyMethod(t *types.Named) bool {
	return types.NewMethodSet(types.NewPointer(t)).Len() > 0
}

// interfaceConversions lowers a conversion of a value of a session type
// with methods to an interface type with methods, I(x), into
//
//	func() I { return x }()
//
// (with x copied as interfaceCopies copies it, before that pass runs).
// yaegi v0.16.1 panicked on error(x) ("reflect.Set: value of type
// struct { … } is not assignable to type error"); a function's result of
// an interface type gets the value with its methods.
func (lw *Lowering) interfaceConversions(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		c, ok := e.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 || c.Ellipsis.IsValid() {
			return e
		}
		tv := lw.Info.Types[c.Fun]
		if !tv.IsType() || !types.IsInterface(tv.Type) || isEmptyInterface(tv.Type) {
			return e
		}
		xt := lw.Info.Types[c.Args[0]].Type
		if xt == nil || types.IsInterface(xt) {
			return e
		}
		if p, ok := xt.(*types.Pointer); ok {
			xt = p.Elem()
		}
		named, ok := types.Unalias(xt).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != PackagePath || !hasAnyMethod(named) {
			return e
		}
		pos := c.Pos()
		tx := lw.typeExpr(tv.Type, pos)
		if tx == nil {
			return e
		}
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: tx}}}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: c.End(), List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{lw.copyInto(tv.Type, c.Args[0])}}}},
		}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: c.End()}
	})
}
