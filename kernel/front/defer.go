package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// deferStmt lowers a defer statement: yaegi evaluates a deferred call's
// arguments when the call runs, at the function's end, where Go evaluates
// them at the defer statement (x := 10; defer f(x); x = 20 gave 20). The
// arguments that are not constants or nil are evaluated into variables of
// a block of their own, which nothing changes after:
//
//	{ K0 := x; defer f(K0) }
//
// The function value stays as it is (yaegi hangs on a deferred call of a
// variable holding a closure that sets a named result), and so do the
// arguments of a builtin (yaegi panics on close of such a variable).
func (lw *Lowering) deferStmt(d *ast.DeferStmt) ast.Stmt {
	if id, ok := ast.Unparen(d.Call.Fun).(*ast.Ident); ok {
		if _, builtin := lw.Info.Uses[id].(*types.Builtin); builtin {
			return d
		}
	}
	if d.Call.Ellipsis.IsValid() {
		return d
	}
	pos := d.Defer
	var lhs, rhs []ast.Expr
	lw.loopArgs(d)
	call := &ast.CallExpr{Fun: d.Call.Fun, Lparen: d.Call.Lparen, Rparen: d.Call.Rparen}
	if recv, method, ok := lw.deferReceiver(d); ok {
		// defer r.Close() in a loop: the receiver is evaluated at the
		// defer statement too, as the argument of a function literal
		// that calls the method, "defer func(R *T) { R.Close() }(D)"
		// (yaegi read r when the call ran, and closed the last r as many
		// times as the loop ran).
		v := lw.name("D")
		lhs = append(lhs, &ast.Ident{NamePos: pos, Name: v})
		rhs = append(rhs, recv)
		call.Fun = method
		call.Args = append(call.Args, &ast.Ident{NamePos: pos, Name: v})
	}
	for _, a := range d.Call.Args {
		if tv := lw.Info.Types[a]; (tv.Value != nil || tv.IsNil() || tv.IsType()) && !lw.loopVarArgs[a] {
			call.Args = append(call.Args, a)
			continue
		}
		if _, lit := a.(*ast.FuncLit); lit {
			call.Args = append(call.Args, a)
			continue
		}
		v := lw.name("D")
		lhs = append(lhs, &ast.Ident{NamePos: pos, Name: v})
		rhs = append(rhs, a)
		call.Args = append(call.Args, &ast.Ident{NamePos: pos, Name: v})
	}
	if len(lhs) == 0 {
		return d
	}
	made := &ast.DeferStmt{Defer: pos, Call: call}
	lw.deferred[made] = true
	return &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{
		&ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: token.DEFINE, Rhs: rhs},
		made,
	}}
}

// deferReceiver returns, for a defer statement in a loop that calls a
// method without arguments of a variable's value, declared with the
// method ("defer r.Close()", not a promoted method, not an interface's),
// the receiver to evaluate at the defer statement (r, or &r when the
// method has a pointer receiver and r is not a pointer: Go takes the
// address) and the function to call with it, func(R *T) { R.Close() }.
// ok is false for another defer statement, or when T has no name here.
func (lw *Lowering) deferReceiver(d *ast.DeferStmt) (recv, method ast.Expr, ok bool) {
	if lw.deferLoop[d] == nil {
		return nil, nil, false
	}
	sel, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, false
	}
	s := lw.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || len(s.Index()) != 1 || types.IsInterface(s.Recv()) || len(d.Call.Args) > 0 {
		return nil, nil, false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	if _, ok := lw.Info.Uses[id].(*types.Var); !ok {
		return nil, nil, false
	}
	recvType := s.Obj().(*types.Func).Type().(*types.Signature).Recv().Type()
	tx := lw.typeExpr(recvType, d.Pos())
	if tx == nil {
		return nil, nil, false
	}
	_, ptrRecv := recvType.(*types.Pointer)
	_, ptrX := s.Recv().Underlying().(*types.Pointer)
	switch {
	case ptrRecv && !ptrX:
		recv = &ast.UnaryExpr{OpPos: id.Pos(), Op: token.AND, X: id}
	case !ptrRecv && ptrX:
		recv = &ast.StarExpr{Star: id.Pos(), X: id}
	default:
		recv = id
	}
	// func(R T) { R.Close() }: yaegi fails on a method expression.
	r := &ast.Ident{NamePos: sel.Pos(), Name: lw.name("R")}
	method = &ast.FuncLit{
		Type: &ast.FuncType{Func: sel.Pos(), Params: &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{r}, Type: tx}}}},
		Body: &ast.BlockStmt{Lbrace: sel.Pos(), Rbrace: sel.Pos(), List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
			Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: sel.Pos(), Name: r.Name}, Sel: sel.Sel}, Lparen: sel.Pos(), Rparen: sel.Pos()}}}},
	}
	return recv, method, true
}

// findDeferLoops records, for each defer statement under n, the innermost
// loop it is in within the same function.
func (lw *Lowering) findDeferLoops(n ast.Node) {
	var walk func(n ast.Node, loop ast.Stmt)
	walk = func(n ast.Node, loop ast.Stmt) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == n {
				return true
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				walk(m.Body, nil)
				return false
			case *ast.ForStmt:
				walk(m, m)
				return false
			case *ast.RangeStmt:
				walk(m, m)
				return false
			case *ast.DeferStmt:
				if loop != nil {
					lw.deferLoop[m] = loop
				}
			}
			return true
		})
	}
	walk(n, nil)
}

// loopArgs makes the variables of a loop that a deferred function literal
// reads its arguments: "defer func() { use(i) }()" in a loop becomes
// "defer func(i int) { use(i) }(i)". yaegi makes the closure when the
// deferred call runs, at the function's end, so it saw the variables'
// last values where Go's closure, made at the defer statement, sees the
// iteration's. A variable that the literal assigns or takes the address
// of stays captured.
func (lw *Lowering) loopArgs(d *ast.DeferStmt) {
	lit, ok := d.Call.Fun.(*ast.FuncLit)
	loop := lw.deferLoop[d]
	if !ok || loop == nil {
		return
	}
	var vars []*types.Var
	seen := map[*types.Var]bool{}
	skip := map[*types.Var]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if v, ok := lw.Info.Uses[id].(*types.Var); ok {
						skip[v] = true
					}
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if v, ok := lw.Info.Uses[id].(*types.Var); ok {
					skip[v] = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if v, ok := lw.Info.Uses[id].(*types.Var); ok {
						skip[v] = true
					}
				}
			}
		case *ast.Ident:
			v, ok := lw.Info.Uses[n].(*types.Var)
			if !ok || seen[v] || v.IsField() {
				return true
			}
			if v.Pos() >= loop.Pos() && v.Pos() < loop.End() && !(v.Pos() >= lit.Pos() && v.Pos() < lit.End()) {
				seen[v] = true
				vars = append(vars, v)
			}
		}
		return true
	})
	pos := lit.Pos()
	var fields []*ast.Field
	var args []ast.Expr
	for _, v := range vars {
		if skip[v] {
			continue
		}
		tx := lw.typeExpr(v.Type(), pos)
		if tx == nil {
			return // leave it as it was
		}
		fields = append(fields, &ast.Field{Names: []*ast.Ident{{NamePos: pos, Name: v.Name()}}, Type: tx})
		args = append(args, &ast.Ident{NamePos: pos, Name: v.Name()})
	}
	if len(fields) == 0 || len(d.Call.Args) > 0 {
		return
	}
	ft := *lit.Type
	ft.Params = &ast.FieldList{Opening: pos, List: fields, Closing: pos}
	d.Call.Fun = &ast.FuncLit{Type: &ft, Body: lit.Body}
	d.Call.Args = args
	for _, a := range args {
		// The new arguments are variables of the loop: evaluate them now.
		lw.loopVarArgs[a] = true
	}
}

// refuseTopDefers refuses a defer statement directly in a cell's
// statements (not in a function, nor in a compound statement, which runs
// in a function literal of its own and runs its deferred calls when it
// ends). A cell is not a function: yaegi keeps such a deferred call in
// the session's frame, whose deferred calls run at the end of every
// later execution, so the call ran again after each later cell; and one
// with arguments that are not constants, which the front end evaluates
// in a block of its own, ran at the end of that block, before the
// statements after it. Both silently.
func (lw *Lowering) refuseTopDefers(body *ast.BlockStmt) {
	for _, s := range body.List {
		for {
			l, ok := s.(*ast.LabeledStmt)
			if !ok {
				break
			}
			s = l.Stmt
		}
		if d, ok := s.(*ast.DeferStmt); ok {
			lw.errs.Add(lw.Fset.Position(d.Pos()), "defer at the top level of a cell cannot run as Go runs it: "+
				"a cell is not a function, and the interpreter would run the call again after every later cell; "+
				"put the statements in a function and call it (func run() { …; defer f.Close(); … }; run()), "+
				"or make the call at the end of the cell")
		}
	}
}
