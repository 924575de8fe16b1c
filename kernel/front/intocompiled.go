package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// A value of a type that an interpreted cell declared keeps its Go type
// only inside the interpreter: handed to compiled code as an empty
// interface, it is the interpreter's form of it, an unnamed struct with
// X-prefixed names for a struct ({Xa:1 Xb:2}, %T "struct { Xa int; Xb
// int }"), the bare number for a type on int (a Color printed 3, not its
// String's C3, and asserted back to Color, false). A compiled cell's
// function that formats, reflects on or keeps such an any gave a wrong
// answer quietly. So a value of the session goes to a compiled cell's
// empty interface (a parameter, a field of a compiled type's literal, a
// compiled variable or field assigned, an element of a compiled list or
// map) only when the kernel can tell that it holds no type of the
// session:
//
//   - a value whose static type is written with a type of the session
//     (S, []S, map[string]*S, func(S)) is refused before the cell runs;
//   - a value of an interface type, or a list, array or map of one, is
//     checked when the cell runs (goexec's helper IntoCompiled), each
//     element named as %T names it: one of a type of the session ends the
//     cell with an InterpreterLimit.
//
// Interfaces with methods are left: a compiled function that takes one
// calls its methods, which run in the interpreter, as they should (a
// sampler or an energy written in a cell; docs/goexec.md, "What
// crosses"). The library and the standard library are left too: their
// empty interfaces (sort.Slice's, json.Marshal's) are right, and fmt's
// and the display's are lowered elsewhere.

// intoCompiled applies the rule above to the calls, composite literals and
// assignments under n. It runs before qualify, while the names of
// compiled cells are still identifiers of their own objects.
func (lw *Lowering) intoCompiled(n ast.Node) {
	if lw.Foreign == nil {
		return
	}
	ast.Inspect(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.CallExpr:
			lw.compiledCall(x)
		case *ast.CompositeLit:
			lw.compiledLiteral(x)
		case *ast.AssignStmt:
			lw.compiledAssign(x)
		}
		return true
	})
}

// foreignObj reports whether obj is declared by a compiled cell.
func (lw *Lowering) foreignObj(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && lw.Foreign(obj.Pkg()) != ""
}

// compiledCallee returns the function or method of a compiled cell that c
// calls, and its signature; nil when c calls something else or converts.
func (lw *Lowering) compiledCallee(c *ast.CallExpr) (types.Object, *types.Signature) {
	if tv := lw.Info.Types[c.Fun]; tv.IsType() || tv.Type == nil {
		return nil, nil
	}
	var obj types.Object
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		obj = lw.Info.Uses[f]
	case *ast.SelectorExpr:
		if sel := lw.Info.Selections[f]; sel != nil {
			obj = sel.Obj()
		} else {
			obj = lw.Info.Uses[f.Sel]
		}
	}
	if !lw.foreignObj(obj) {
		return nil, nil
	}
	sig, ok := lw.Info.Types[c.Fun].Type.Underlying().(*types.Signature)
	if !ok {
		return nil, nil
	}
	return obj, sig
}

// compiledCall checks the arguments of a call of a compiled cell's
// function or method.
func (lw *Lowering) compiledCall(c *ast.CallExpr) {
	obj, sig := lw.compiledCallee(c)
	if obj == nil {
		return
	}
	params := sig.Params()
	if len(c.Args) == 1 && params.Len() > 1 {
		return // f(g()) with g of several results: nothing to name here
	}
	for i, a := range c.Args {
		var p types.Type
		switch last := params.Len() - 1; {
		case sig.Variadic() && i >= last && !c.Ellipsis.IsValid():
			p = params.At(last).Type().(*types.Slice).Elem()
		case i <= last:
			p = params.At(i).Type()
		default:
			continue
		}
		where := compiledName(obj.Name())
		if len(c.Args) > 1 {
			where = fmt.Sprintf("argument %d of %s", i+1, where)
		}
		c.Args[i] = lw.intoCompiledValue(a, p, where)
	}
}

// compiledLiteral checks the elements of a composite literal of a type
// that a compiled cell declared.
func (lw *Lowering) compiledLiteral(lit *ast.CompositeLit) {
	t := lw.Info.Types[lit].Type
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || !lw.foreignObj(n.Obj()) {
		return
	}
	name := n.Obj().Name()
	switch u := n.Underlying().(type) {
	case *types.Struct:
		for i, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				key, _ := kv.Key.(*ast.Ident)
				if key == nil {
					continue
				}
				if f, ok := lw.Info.Uses[key].(*types.Var); ok {
					kv.Value = lw.intoCompiledValue(kv.Value, f.Type(), "field "+f.Name()+" of "+compiledName(name))
				}
				continue
			}
			if i < u.NumFields() {
				f := u.Field(i)
				lit.Elts[i] = lw.intoCompiledValue(e, f.Type(), "field "+f.Name()+" of "+compiledName(name))
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		elem := u.(interface{ Elem() types.Type }).Elem()
		for i, e := range lit.Elts {
			where := "an element of " + compiledName(name)
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if m, ok := u.(*types.Map); ok {
					kv.Key = lw.intoCompiledValue(kv.Key, m.Key(), "a key of "+compiledName(name))
				}
				kv.Value = lw.intoCompiledValue(kv.Value, elem, where)
				continue
			}
			lit.Elts[i] = lw.intoCompiledValue(e, elem, where)
		}
	}
}

// compiledAssign checks the values assigned to storage of a compiled cell:
// its variable, a field of a compiled type, an element of a value of a
// compiled type or of a compiled variable.
func (lw *Lowering) compiledAssign(as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		what, ok := lw.compiledStorage(l)
		if !ok {
			continue
		}
		if t := lw.Info.Types[l].Type; t != nil {
			as.Rhs[i] = lw.intoCompiledValue(as.Rhs[i], t, what)
		}
	}
}

// compiledStorage reports whether the assignable expression x is storage
// that compiled code reads, and names it.
func (lw *Lowering) compiledStorage(x ast.Expr) (string, bool) {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		if v, ok := lw.Info.Uses[x].(*types.Var); ok && lw.foreignObj(v) {
			return "the variable " + compiledName(v.Name()), true
		}
	case *ast.SelectorExpr:
		if sel := lw.Info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal && lw.foreignObj(sel.Obj()) {
			return fmt.Sprintf("the field %s of a compiled type", sel.Obj().Name()), true
		}
		if v, ok := lw.Info.Uses[x.Sel].(*types.Var); ok && lw.foreignObj(v) {
			return "the variable " + compiledName(v.Name()), true
		}
	case *ast.IndexExpr:
		if n, ok := types.Unalias(lw.Info.Types[x.X].Type).(*types.Named); ok && lw.foreignObj(n.Obj()) {
			return "an element of a " + compiledName(n.Obj().Name()), true
		}
		if what, ok := lw.compiledStorage(x.X); ok {
			return "an element of " + what, true
		}
	case *ast.StarExpr:
		return lw.compiledStorage(x.X)
	}
	return "", false
}

// intoCompiledValue returns the expression x that goes where compiled
// code holds it as the type dst, named by where: x itself, after
// refusing a value whose type is written with a type of the session when
// dst holds an empty interface; or, for a value of an interface type
// (or a list, array or map of one), x checked by the helper IntoCompiled
// when the cell runs.
func (lw *Lowering) intoCompiledValue(x ast.Expr, dst types.Type, where string) ast.Expr {
	t := lw.Info.Types[x].Type
	if t == nil || !holdsEmptyInterface(dst, map[types.Type]bool{}) {
		return x
	}
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedNil {
		return x
	}
	if !types.IsInterface(t) && mentionsSession(t, map[types.Type]bool{}) {
		lw.errs.Add(lw.Fset.Position(x.Pos()), IntoCompiledRefusal(fmtTypeString(t), where,
			types.TypeString(dst, func(p *types.Package) string { return p.Name() })))
		return x
	}
	pos := x.Pos()
	elem, single := t, types.IsInterface(t)
	if !single {
		if elem = interfaceElem(t.Underlying()); elem == nil {
			return x
		}
	}
	cands := lw.candidatesVar(elem, pos)
	if cands == nil {
		return x // no type of the session can be in it
	}
	ex := lw.typeExpr(elem, pos)
	if ex == nil {
		return x
	}
	arg, asserted := x, ast.Expr(nil)
	if single {
		arg = &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: ex}, Lbrace: pos, Elts: []ast.Expr{x}, Rbrace: x.End()}
		asserted = &ast.ArrayType{Lbrack: pos, Elt: lw.typeExpr(elem, pos)}
	} else if asserted = lw.typeExpr(t, pos); asserted == nil {
		return x
	}
	call := &ast.CallExpr{Fun: lw.helper("IntoCompiled", pos), Lparen: pos,
		Args: []ast.Expr{stringLit(pos, where), arg, cands}, Ellipsis: x.End(), Rparen: x.End()}
	out := ast.Expr(&ast.TypeAssertExpr{X: call, Lparen: pos, Type: asserted, Rparen: x.End()})
	if single {
		out = &ast.IndexExpr{X: out, Lbrack: pos, Index: &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: "0"}, Rbrack: x.End()}
	}
	return out
}

// compiledName is name, a compiled cell's, as the refusals write it.
func compiledName(name string) string { return name + " (declared in a %%compile cell)" }

// IntoCompiledRefusal is the refusal of a value of the type named typ
// (as %T writes it) that goes to where, a compiled cell's empty interface
// of the type as: the front end's before the cell runs, goexec's helper
// IntoCompiled's when it runs.
func IntoCompiledRefusal(typ, where, as string) string {
	return fmt.Sprintf("a value of type %s cannot go to %s as %s: "+
		"compiled code sees a type declared in an interpreted cell as the interpreter holds it "+
		"(fmt prints a struct's fields with X-prefixed names and no String method, %%T an unnamed struct, a type on int a bare int), "+
		"a wrong answer; declare the type in the %%%%compile cell, or give compiled code what it needs "+
		"(the fields, or an interface with methods)", typ, where, as)
}

// holdsEmptyInterface reports whether a value of type t can hold a value
// of any type inside it: t is an empty interface, or a pointer, list,
// array, map, channel or struct with one in it.
func holdsEmptyInterface(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return u.NumMethods() == 0 && u.IsMethodSet()
	case *types.Pointer:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Slice:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Array:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Chan:
		return holdsEmptyInterface(u.Elem(), seen)
	case *types.Map:
		return holdsEmptyInterface(u.Key(), seen) || holdsEmptyInterface(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsEmptyInterface(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}
