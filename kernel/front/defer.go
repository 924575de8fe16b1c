package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// deferStmt lowers a defer statement: yaegi evaluates a deferred call's
// arguments, its function value and a method's receiver when the call
// runs, at the function's end, where Go evaluates them at the defer
// statement (x := 10; defer f(x); x = 20 gave 20; f := a; defer f(); f
// = b called b; r := T{1}; defer r.Show(); r = T{2} showed 2). They are
// evaluated into variables of a block of their own, which nothing
// changes after:
//
//	{ K0 := x; defer f(K0) }
//	{ D0 := f; defer D0() }
//	{ D0, K1 := r, x; defer D0.Add(K1) }
//
// In a loop, whose block runs again before the deferred calls run, a
// method's receiver is the argument of a function literal that calls
// the method, "defer func(R T, P1 int) { R.Add(P1) }(D0, K1)"
// (deferReceiver), as are the arguments of a builtin anywhere
// (deferBuiltin: yaegi panicked on close of a variable declared for the
// purpose). Constants, nil and function literals stay in the call. A
// declared function, a function of a package, a call's result (which
// yaegi evaluates at the defer statement) and a method of an interface
// (whose receiver it evaluates there too) stay as they are.
func (lw *Lowering) deferStmt(d *ast.DeferStmt) ast.Stmt {
	// defer os.Stdout.WriteString(s): the helper's call, whose
	// arguments, the stream among them, are evaluated here as the
	// receiver would be (osstreams.go).
	if sel, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr); ok {
		if f, ok := lw.Info.Uses[sel.Sel].(*types.Func); ok && f.Pkg() != nil {
			lw.streamCall(d.Call, sel, f)
		}
	}
	if d.Call.Ellipsis.IsValid() && !lw.deferSpread(d) {
		return d
	}
	if !lw.deferBuiltin(d) {
		return d
	}
	pos := d.Defer
	var lhs, rhs []ast.Expr
	lw.loopArgs(d)
	call := &ast.CallExpr{Fun: d.Call.Fun, Lparen: d.Call.Lparen, Rparen: d.Call.Rparen}
	if recv, method, ok := lw.deferReceiver(d); ok {
		// defer r.Close(): the receiver is evaluated at the defer
		// statement, as the argument of a function literal that calls
		// the method, "defer func(R *T) { R.Close() }(D)" (yaegi read r
		// when the call ran: in a loop, it closed the last r as many
		// times as the loop ran).
		v := lw.name("D")
		lhs = append(lhs, &ast.Ident{NamePos: pos, Name: v})
		rhs = append(rhs, recv)
		if lw.deferLoop[d] == nil {
			// Outside a loop the block runs once a call: the variable
			// is the receiver, "{ D := r; defer D.Show() }", which
			// costs less than a function literal.
			sel := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr)
			call.Fun = &ast.SelectorExpr{X: &ast.Ident{NamePos: sel.X.Pos(), Name: v}, Sel: sel.Sel}
		} else {
			call.Fun = method
			call.Args = append(call.Args, &ast.Ident{NamePos: pos, Name: v})
		}
	} else if lw.deferValue(d.Call.Fun) && !lw.fixedVar(d, d.Call.Fun) {
		v := lw.name("D")
		lhs = append(lhs, &ast.Ident{NamePos: pos, Name: v})
		rhs = append(rhs, d.Call.Fun)
		call.Fun = &ast.Ident{NamePos: d.Call.Fun.Pos(), Name: v}
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

// deferValue reports whether the function value f of a deferred call is
// one that yaegi reads when the call runs and a later assignment may
// change: a variable (f := a; defer f()), a field (defer h.f()), an
// element (defer fs[0]()) or a pointer's target (defer (*fp)()).
func (lw *Lowering) deferValue(f ast.Expr) bool {
	switch f := ast.Unparen(f).(type) {
	case *ast.Ident:
		_, ok := lw.Info.Uses[f].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		s := lw.Info.Selections[f]
		return s != nil && s.Kind() == types.FieldVal
	case *ast.IndexExpr:
		switch lw.underlying(f.X).(type) {
		case *types.Slice, *types.Array, *types.Map, *types.Pointer:
			return true
		}
	case *ast.StarExpr:
		return true
	}
	return false
}

// deferBuiltin makes a deferred call of a builtin whose arguments are
// not all constants a call of a function literal that takes them,
// "defer delete(m, k)" becomes "defer func(P1 map[int]int, P2 int) {
// delete(P1, P2) }(m, k)", whose arguments deferStmt then evaluates at
// the defer statement (yaegi read k when the call ran; it panicked on
// close of a variable the front end declared for the purpose). It
// reports false when d calls a builtin that stays as it is (recover, a
// type that cannot be written in the cell, or every argument a constant
// or a variable that fixedVar finds unchanged), true otherwise.
func (lw *Lowering) deferBuiltin(d *ast.DeferStmt) bool {
	id, ok := ast.Unparen(d.Call.Fun).(*ast.Ident)
	if !ok {
		return true
	}
	if _, builtin := lw.Info.Uses[id].(*types.Builtin); !builtin {
		return true
	}
	if id.Name == "recover" {
		return false
	}
	fixed := true
	for _, a := range d.Call.Args {
		tv := lw.Info.Types[a]
		fixed = fixed && (tv.Value != nil || tv.IsNil() || tv.IsType() || lw.fixedVar(d, a))
	}
	if fixed {
		return false // defer close(ch) of a channel that nothing assigns
	}
	pos := d.Defer
	params := &ast.FieldList{Opening: pos, Closing: pos}
	inner := &ast.CallExpr{Fun: d.Call.Fun, Lparen: d.Call.Lparen, Rparen: d.Call.Rparen}
	var args []ast.Expr
	for _, a := range d.Call.Args {
		tv := lw.Info.Types[a]
		if tv.Value != nil || tv.IsNil() || tv.IsType() || tv.Type == nil {
			inner.Args = append(inner.Args, a)
			continue
		}
		tx := lw.typeExpr(tv.Type, a.Pos())
		if tx == nil {
			return false
		}
		p := lw.name("P")
		params.List = append(params.List, &ast.Field{Names: []*ast.Ident{{NamePos: a.Pos(), Name: p}}, Type: tx})
		inner.Args = append(inner.Args, &ast.Ident{NamePos: a.Pos(), Name: p})
		args = append(args, a)
	}
	if len(args) == 0 {
		return false
	}
	d.Call = &ast.CallExpr{
		Fun: &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: params},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: inner}}, Rbrace: pos}},
		Lparen: d.Call.Lparen, Args: args, Rparen: d.Call.Rparen,
	}
	return true
}

// deferReceiver returns, for a defer statement that calls a method
// (not an interface's; a promoted method's receiver is the embedded field
// that declares it), the receiver to evaluate at the defer statement (x, &x
// when the method has a pointer receiver and x is not a pointer: Go
// takes the address; *x when the method has a value receiver and x is
// a pointer: Go copies the value) and the function to call with it and
// the call's arguments, func(R *T, P1 int) { R.Add(P1) }. ok is false
// for another defer statement, or when a type has no name here.
func (lw *Lowering) deferReceiver(d *ast.DeferStmt) (recv, method ast.Expr, ok bool) {
	sel, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, false
	}
	s := lw.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
		return nil, nil, false
	}
	// A promoted method's receiver is the embedded field it is declared
	// on, written out: "defer o.Show()" of Out{In} evaluates o.In (or
	// &o.In) at the defer statement (yaegi read o when the call ran).
	x, xType := sel.X, s.Recv()
	for _, i := range s.Index()[:len(s.Index())-1] {
		t := xType
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil, nil, false
		}
		f := st.Field(i)
		fsel := &ast.SelectorExpr{X: x, Sel: &ast.Ident{NamePos: sel.Sel.Pos(), Name: f.Name()}}
		lw.Info.Types[fsel] = types.TypeAndValue{Type: f.Type()}
		x, xType = fsel, f.Type()
	}
	if types.IsInterface(xType) {
		return nil, nil, false // a method of an embedded interface
	}
	if lw.callValue(sel.X) {
		return nil, nil, false // evaluated at the defer statement
	}
	sig, ok := lw.Info.Types[sel].Type.(*types.Signature)
	if !ok {
		return nil, nil, false
	}
	n := sig.Params().Len()
	if len(d.Call.Args) != n && !(sig.Variadic() && len(d.Call.Args) >= n-1) {
		return nil, nil, false // f(g()) of several values
	}
	recvType := s.Obj().(*types.Func).Type().(*types.Signature).Recv().Type()
	tx := lw.typeExpr(recvType, d.Pos())
	if tx == nil {
		return nil, nil, false
	}
	pos := sel.Pos()
	r := &ast.Ident{NamePos: pos, Name: lw.name("R")}
	fields := []*ast.Field{{Names: []*ast.Ident{r}, Type: tx}}
	inner := &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: r.Name}, Sel: sel.Sel}, Lparen: pos, Rparen: pos}
	for i, a := range d.Call.Args {
		var pt types.Type
		if sig.Variadic() && i >= n-1 {
			pt = sig.Params().At(n - 1).Type().(*types.Slice).Elem()
		} else {
			pt = sig.Params().At(i).Type()
		}
		ptx := lw.typeExpr(pt, a.Pos())
		if ptx == nil {
			return nil, nil, false
		}
		p := lw.name("P")
		fields = append(fields, &ast.Field{Names: []*ast.Ident{{NamePos: a.Pos(), Name: p}}, Type: ptx})
		inner.Args = append(inner.Args, &ast.Ident{NamePos: a.Pos(), Name: p})
	}
	_, ptrRecv := recvType.(*types.Pointer)
	_, ptrX := xType.Underlying().(*types.Pointer)
	if ptrRecv && !ptrX && !lw.newAddress(d, x) {
		// &x is the same address when the call runs (yaegi reads it
		// then, which is right).
		return nil, nil, false
	}
	if ptrRecv && ptrX && lw.fixedVar(d, x) {
		// defer wg.Done() of a pointer that nothing assigns: the same
		// pointer when the call runs.
		return nil, nil, false
	}
	switch {
	case ptrRecv && !ptrX:
		recv = &ast.UnaryExpr{OpPos: x.Pos(), Op: token.AND, X: x}
	case !ptrRecv && ptrX:
		recv = &ast.StarExpr{Star: x.Pos(), X: x}
	default:
		recv = x
	}
	// func(R T, P1 A) { R.M(P1) }: yaegi fails on a method expression.
	method = &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{List: fields}},
		Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: inner}}},
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
// statements (not in a function). A cell is not a function: yaegi keeps
// such a deferred call in the session's frame, whose deferred calls run
// at the end of every later execution, so the call ran again after each
// later cell; and one with arguments that are not constants, which the
// front end evaluates in a block of its own, ran at the end of that
// block, before the statements after it. Both silently.
//
// A compound statement of the cell (a loop, an if, a block) runs in a
// function literal of its own, so a defer inside it runs when the
// statement ends: at the end of the cell, as Go runs it, only when the
// statement is the cell's last (last: body is the cell's last chunk and
// has no final expression after it). Before other statements it is
// refused too: `for … { defer fmt.Print(i) }; fmt.Println()` printed the
// deferred calls first, silently.
func (lw *Lowering) refuseTopDefers(body *ast.BlockStmt, last bool) {
	for i, s := range body.List {
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
			continue
		}
		if last && i == len(body.List)-1 {
			continue
		}
		if d := nestedDefer(s); d != nil {
			lw.errs.Add(lw.Fset.Position(d.Pos()), "defer in a statement at the top level of a cell runs when that "+
				"statement ends (a cell is not a function), and the cell goes on after it, where Go would run the "+
				"call at the end; put the statements in a function and call it (func run() { …; defer f.Close(); … }; run()), "+
				"or end the cell with this statement")
		}
	}
}

// nestedDefer returns the first defer statement under s outside the
// function literals in it, or nil.
func nestedDefer(s ast.Stmt) *ast.DeferStmt {
	var found *ast.DeferStmt
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if found == nil {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// newAddress reports whether &x, taken at the defer statement d, may be
// another address than when the deferred call runs: x indexes or
// dereferences (ts[i], p.t), or its variable is declared in the loop
// that d is in (each iteration's is another).
func (lw *Lowering) newAddress(d *ast.DeferStmt, x ast.Expr) bool {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.Ident:
			v, ok := lw.Info.Uses[e].(*types.Var)
			loop := lw.deferLoop[d]
			return !ok || loop != nil && v.Pos() >= loop.Pos() && v.Pos() < loop.End()
		case *ast.SelectorExpr:
			s := lw.Info.Selections[e]
			if s == nil || s.Kind() != types.FieldVal || s.Indirect() {
				return true
			}
			if _, ptr := lw.underlying(e.X).(*types.Pointer); ptr {
				return true
			}
			x = e.X
		default:
			return true
		}
	}
}

// fixedVar reports whether x is a local variable that holds, when the
// deferred call of d runs, the value it had at the defer statement:
// nothing in its scope assigns it again, takes its address or ranges
// into it, and it is not declared in the loop that d is in (each
// iteration's is another). yaegi reads such a variable when the call
// runs, which is then right, and costs nothing more.
func (lw *Lowering) fixedVar(d *ast.DeferStmt, x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || lw.chunkRoot == nil {
		return false
	}
	v, ok := lw.Info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	if loop := lw.deferLoop[d]; loop != nil && v.Pos() >= loop.Pos() && v.Pos() < loop.End() {
		return false
	}
	scope := v.Parent()
	if !scope.Pos().IsValid() {
		return false
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && lw.Info.Uses[id] == v
	}
	changed := false
	ast.Inspect(lw.chunkRoot, func(n ast.Node) bool {
		if changed || n == nil || n.End() < scope.Pos() || n.Pos() > scope.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				changed = changed || is(l)
			}
		case *ast.IncDecStmt:
			changed = is(n.X)
		case *ast.UnaryExpr:
			changed = n.Op == token.AND && is(n.X)
		case *ast.RangeStmt:
			changed = n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value)
		}
		return !changed
	})
	return !changed
}

// deferSpread makes a deferred call with a spread argument, "defer
// f(a, xs...)" of a declared function or a package's, a call of a
// function literal that takes the arguments as parameters, "defer
// func(P1 A, P2 []T) { f(P1, P2...) }(a, xs)": yaegi passed the slice
// as one argument of a deferred variadic call (fmt.Println(xs...)
// printed "[1 2]" where Go prints "1 2"; a function of the session
// panicked, "reflect: cannot use []int as type int in Call"), and read
// xs when the call ran. The literal's arguments are evaluated at the
// defer statement, as Go evaluates the call's. Another function value,
// or a type that cannot be written here, leaves the statement as it is
// (false). deferStmt then evaluates the literal's arguments into
// variables, as any deferred call's.
func (lw *Lowering) deferSpread(d *ast.DeferStmt) bool {
	c := d.Call
	var obj types.Object
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		obj = lw.Info.Uses[f]
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if _, pkg := lw.Info.Uses[id].(*types.PkgName); pkg {
				obj = lw.Info.Uses[f.Sel]
			}
		}
	}
	fn, ok := obj.(*types.Func)
	if !ok || fn.Parent() == nil || fn.Pkg() == nil || fn.Parent() != fn.Pkg().Scope() {
		return false
	}
	sig, ok := lw.Info.Types[c.Fun].Type.(*types.Signature)
	if !ok || !sig.Variadic() || len(c.Args) != sig.Params().Len() {
		return false
	}
	pos := c.Lparen
	var fields []*ast.Field
	inner := &ast.CallExpr{Fun: c.Fun, Lparen: pos, Rparen: pos, Ellipsis: pos}
	var args []ast.Expr
	for i, a := range c.Args {
		if tv := lw.Info.Types[a]; tv.Value != nil {
			// A constant stays in the call: a format is read there.
			inner.Args = append(inner.Args, a)
			continue
		}
		args = append(args, a)
		tx := lw.typeExpr(sig.Params().At(i).Type(), pos)
		if tx == nil {
			return false
		}
		p := &ast.Ident{NamePos: pos, Name: lw.name("P")}
		fields = append(fields, &ast.Field{Names: []*ast.Ident{p}, Type: tx})
		arg := &ast.Ident{NamePos: pos, Name: p.Name}
		lw.Info.Types[arg] = types.TypeAndValue{Type: sig.Params().At(i).Type()}
		inner.Args = append(inner.Args, arg)
	}
	lw.Info.Types[inner] = lw.Info.Types[c]
	// The call's own lowering (fmt's printing functions: xs... of
	// session values goes through the helper Dynamics).
	lw.call(inner)
	d.Call = &ast.CallExpr{
		Fun: &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, List: fields, Closing: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: inner}}, Rbrace: pos}},
		Lparen: c.Lparen, Args: args, Rparen: c.Rparen,
	}
	return true
}
