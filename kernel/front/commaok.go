package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// commaOKDefines lowers the top-level comma-ok declarations of a
// statement chunk, which yaegi v0.16.1 cannot compile there (its global
// analysis fails with "nil type"):
//
//	v, ok := m[k]      // also x.(T) and <-ch
//
// becomes
//
//	v, ok := func() (V, bool) { v, ok := m[k]; return v, ok }()
//
// with hidden names inside, where V is the value's type written as the
// cell can (typeExpr); when it cannot be written, the statement stays as
// it was. Inside functions and blocks such statements compile, and are
// left alone.
func (lw *Lowering) commaOKDefines(body *ast.BlockStmt) {
	for i, s := range body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			continue
		}
		x := as.Rhs[0]
		switch e := ast.Unparen(x).(type) {
		case *ast.TypeAssertExpr, *ast.IndexExpr:
		case *ast.UnaryExpr:
			if e.Op != token.ARROW {
				continue
			}
		default:
			continue
		}
		tuple, ok := lw.Info.Types[x].Type.(*types.Tuple)
		if !ok || tuple.Len() != 2 {
			continue
		}
		pos := x.Pos()
		vt := lw.typeExpr(tuple.At(0).Type(), pos)
		bt := lw.typeExpr(types.Typ[types.Bool], pos)
		if vt == nil || bt == nil {
			continue
		}
		v, okName := lw.name("v"), lw.name("ok")
		id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{Opening: pos, List: []*ast.Field{{Type: vt}, {Type: bt}}, Closing: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: x.End(), List: []ast.Stmt{
				&ast.AssignStmt{Lhs: []ast.Expr{id(v), id(okName)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{x}},
				&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id(v), id(okName)}},
			}},
		}
		body.List[i] = &ast.AssignStmt{Lhs: as.Lhs, TokPos: as.TokPos, Tok: token.DEFINE,
			Rhs: []ast.Expr{&ast.CallExpr{Fun: fn, Lparen: pos, Rparen: x.End()}}}
	}
}

// multiDefines lowers the top-level declarations of a statement chunk
// that take several values from one call, or whose values call a generic
// function of the session,
//
//	m, err := rbm.NewBinary(784, 500, nil)
//
// into declarations of the new variables with their types, then an
// assignment:
//
//	var m *rbm.Binary
//	var err error
//	m, err = rbm.NewBinary(784, 500, nil)
//
// yaegi v0.16.1 gives such a global a broken slot: a function that
// returns it, called from another function, panicked ("reflect: call of
// reflect.Value.Set on zero Value", or a method value in its place). A
// variable the statement only assigns (declared earlier in the chunk)
// stays as it is; when a type cannot be written, the statement stays.
//
// yaegi's global analysis cannot type a call of a generic function of
// the session either: q := NewQ[int]() (with func NewQ[T any]() *Q[T])
// failed with "constant definition loop" (or, before explicitInstances
// wrote one type argument as an index, "not a generic type"); declared
// with its type first, it runs.
func (lw *Lowering) multiDefines(body *ast.BlockStmt) {
	var out []ast.Stmt
	for _, s := range body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			out = append(out, s)
			continue
		}
		_, call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		multi := len(as.Lhs) >= 2 && len(as.Rhs) == 1 && call
		if !multi && !lw.callsSessionGeneric(as.Rhs...) {
			out = append(out, s)
			continue
		}
		var decls []ast.Stmt
		ok = true
		for _, l := range as.Lhs {
			id, isIdent := l.(*ast.Ident)
			if !isIdent || id.Name == "_" {
				continue
			}
			obj := lw.Info.Defs[id]
			if obj == nil {
				continue // declared earlier: assigned
			}
			tx := lw.typeExpr(obj.Type(), id.Pos())
			if tx == nil && !multi {
				tx = lw.instanceTypeExpr(obj.Type(), id.Pos())
			}
			if tx == nil {
				ok = false
				break
			}
			decls = append(decls, &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: as.Pos(), Tok: token.VAR, Specs: []ast.Spec{
				&ast.ValueSpec{Names: []*ast.Ident{{NamePos: id.Pos(), Name: id.Name}}, Type: tx}}}})
		}
		if !ok || len(decls) == 0 {
			out = append(out, s)
			continue
		}
		out = append(out, decls...)
		out = append(out, &ast.AssignStmt{Lhs: as.Lhs, TokPos: as.TokPos, Tok: token.ASSIGN, Rhs: as.Rhs})
	}
	body.List = out
}

// interfaceAssertions lowers the type assertions to an interface type
// with methods, which yaegi v0.16.1 gets wrong in three ways: for a value
// of a session type held by an empty interface it panicked ("reflect.Set:
// value of type interface {} is not assignable to type
// interp.valueInterface") or said false; for a T whose method is on *T it
// said yes (Go: a T's method set has only T's methods); for a *T whose
// Error method is on T it said no. Its type switches fail in other ways
// (a case of a concrete type missed a value its wrapper holds), but an
// assertion to a concrete type is right, so the front end, which knows
// the method sets of the session's types, asks one type at a time:
//
//	s, ok := x.(Shape)
//
// becomes
//
//	s, ok := func() (Shape, bool) {
//		y := x
//		if v, ok1 := y.(Rect); ok1 { _ = v; return v, true }    // Rect has Area
//		if v, ok2 := y.(*Rect); ok2 { _ = v; return v, true }
//		if v, ok3 := y.(Box); ok3 { _ = v; return nil, false }  // only *Box has it
//		if v, ok4 := y.(Shape); ok4 { _ = v; return v, true }   // another type
//		return nil, false
//	}()
//
// The single-value form returns v, and fails as Go
// does: a "no" panics with Go's message through the helper
// AssertionPanic; for a type not of the session it ends with the user's
// assertion, return y.(Shape). An assertion
// whose types the cell cannot write is left. Two session types of the
// same underlying struct type are one type to yaegi's assertions (it
// compares reflect types): for such a type the helper SessionType says
// which of them the value is (see sessionAssertions).
func (lw *Lowering) interfaceAssertions(n ast.Node) {
	commaOK := commaOKAssertions(n)
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		ta, ok := e.(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil {
			return e
		}
		to := lw.Info.Types[ta.Type].Type
		if to == nil || !types.IsInterface(to) || isEmptyInterface(to) {
			return e
		}
		iface, ok := to.Underlying().(*types.Interface)
		if !ok {
			return e
		}
		from := lw.Info.Types[ta.X].Type
		pos := ta.Pos()
		if from == nil || lw.typeExpr(to, pos) == nil {
			return e
		}
		id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		y, v := lw.name("y"), lw.name("v")
		results := []*ast.Field{{Type: lw.typeExpr(to, pos)}}
		ret := func(xs ...ast.Expr) []ast.Stmt { return []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: xs}} }
		hit := func() []ast.Stmt { return ret(id(v)) }
		miss := func(t types.Type) []ast.Stmt {
			// A type of the session that lacks a method: Go's panic. The
			// helper is called, then nil returned: yaegi v0.16.1 refused
			// return AssertionPanic(…) (of type any) for an error
			// ("cannot use (type valueT) as type errorT in return
			// argument").
			what := fmtName(t)
			method := ""
			if m, _ := types.MissingMethod(t, iface, true); m != nil {
				method = m.Name()
			}
			return append([]ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{Fun: lw.helper("AssertionPanic", pos), Lparen: pos, Rparen: pos, Args: []ast.Expr{
				stringLit(pos, what),
				stringLit(pos, fmtName(to)),
				stringLit(pos, method)}}}}, ret(id("nil"))...)
		}
		end := ret(&ast.TypeAssertExpr{X: id(y), Lparen: pos, Type: lw.typeExpr(to, pos), Rparen: ta.End()})
		if commaOK[ta] {
			results = append(results, &ast.Field{Type: id("bool")})
			hit = func() []ast.Stmt { return ret(id(v), id("true")) }
			miss = func(types.Type) []ast.Stmt { return ret(id("nil"), id("false")) }
			end = miss(nil)
		}
		var steps []ast.Stmt
		add := func(t types.Type, body []ast.Stmt) bool {
			tx := lw.typeExpr(t, pos)
			if tx == nil {
				return false
			}
			// if v, ok := y.(T); ok { return … }
			okName := lw.name("ok")
			var cond ast.Expr = id(okName)
			if sessionNamed(t) != nil {
				// … ok && SessionType([]X{y}, "main.T", "main.U") == "main.T"
				if which, name := lw.sessionTypeCall(id(y), t, from, pos); which != nil {
					cond = &ast.BinaryExpr{X: cond, OpPos: pos, Op: token.LAND, Y: &ast.BinaryExpr{X: which, Op: token.EQL, OpPos: pos, Y: name}}
				}
			}
			steps = append(steps, &ast.IfStmt{If: pos,
				Init: &ast.AssignStmt{Lhs: []ast.Expr{id(v), id(okName)}, TokPos: pos, Tok: token.DEFINE,
					Rhs: []ast.Expr{&ast.TypeAssertExpr{X: id(y), Lparen: pos, Type: tx, Rparen: pos}}},
				Cond: cond,
				Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: append([]ast.Stmt{
					&ast.AssignStmt{Lhs: []ast.Expr{id("_")}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{id(v)}}}, body...)}})
			return true
		}
		for _, t := range lw.sessionTypes() {
			ptr := types.NewPointer(t)
			switch {
			case !types.AssignableTo(t, from):
				// x cannot hold a T: y.(T) would not compile.
			case !isEmptyInterface(from) && embeds(t):
				// yaegi does not see all the methods a type has through
				// its embedded fields, and would refuse y.(T) as
				// impossible.
			case types.Implements(t, iface):
				if !add(t, hit()) {
					return e
				}
			case types.Implements(ptr, iface):
				if !add(t, miss(t)) {
					return e
				}
			}
			if types.Implements(ptr, iface) && types.AssignableTo(ptr, from) && (isEmptyInterface(from) || !embeds(t)) {
				if !add(ptr, hit()) {
					return e
				}
			}
		}
		compiledCheck := lw.compiledAssertion(id(y), from, to, iface, pos)
		if len(steps) == 0 && compiledCheck == nil {
			// No type of the session can be there: yaegi's assertion.
			return e
		}
		if compiledCheck != nil {
			steps = append(steps, compiledCheck)
		}
		if commaOK[ta] {
			// The user's own comma-ok assertion, for the other types.
			add(to, hit())
		}
		// y := x, not a parameter y X: yaegi fails on the assertion of a
		// variable declared as an interface that holds a value an
		// interpreted function made ("reflect.Set: value of type
		// interface {} is not assignable to type interp.valueInterface").
		body := append([]ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{id(y)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{ta.X}}}, steps...)
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{Opening: pos, List: results, Closing: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: ta.End(), List: append(body, end...)},
		}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: ta.End()}
	})
}

// compiledAssertion returns the statement
//
//	CompiledAssertion([]X{y}, "I", "M1", "M2")
//
// for an assertion to an interface I that the session declares, or that
// the cell writes as a literal: yaegi v0.16.1 says false when such an
// assertion meets a value of a compiled type (errors.Join's error
// asserted to interface{ Unwrap() []error }), even one that has every
// method, and its wrapper of the value would not have the methods
// either. The helper ends the cell with an InterpreterLimit error that
// says so when y holds a compiled value with all of I's methods, and does
// nothing otherwise (yaegi's "no" is then Go's). It returns nil for an
// interface of a package, which yaegi asserts with reflect.
func (lw *Lowering) compiledAssertion(y ast.Expr, from, to types.Type, iface *types.Interface, pos token.Pos) ast.Stmt {
	if n, ok := types.Unalias(to).(*types.Named); ok {
		if n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath {
			return nil
		}
	}
	fx := lw.typeExpr(from, pos)
	if fx == nil {
		return nil
	}
	// []X{y}, in which yaegi keeps its wrapper of y (passed alone, y
	// would reach the helper bare).
	one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: fx}, Lbrace: pos, Elts: []ast.Expr{y}, Rbrace: pos}
	str := func(s string) ast.Expr {
		return stringLit(pos, s)
	}
	args := []ast.Expr{one, str(fmtName(to))}
	for i := 0; i < iface.NumMethods(); i++ {
		args = append(args, str(iface.Method(i).Name()))
	}
	return &ast.ExprStmt{X: &ast.CallExpr{Fun: lw.helper("CompiledAssertion", pos), Lparen: pos, Args: args, Rparen: pos}}
}

// sessionTypes returns the named types the session declares at package
// level, not interfaces and not generic, sorted by name: those declared
// in earlier cells, and in this one up to the end of the chunk being
// lowered.
func (lw *Lowering) sessionTypes() []types.Type {
	if lw.Scope == nil {
		return nil
	}
	var out []types.Type
	for _, name := range lw.Scope.Names() {
		tn, ok := lw.Scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
			continue
		}
		if lw.chunkEnd.IsValid() && tn.Pos() > lw.chunkEnd {
			// Declared further down the cell: the interpreter has not
			// met it when this chunk runs, and no value of it exists yet.
			continue
		}
		out = append(out, n)
	}
	return out
}

// embeds reports whether t is a struct type with an embedded field.
func embeds(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Embedded() {
			return true
		}
	}
	return false
}

// callsSessionGeneric reports whether one of xs names a generic function
// declared by a cell (a call of it, or an instance of it as a value).
func (lw *Lowering) callsSessionGeneric(xs ...ast.Expr) bool {
	found := false
	for _, x := range xs {
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			if f, ok := lw.Info.Uses[id].(*types.Func); ok && sessionGeneric(f) {
				found = true
			}
			return !found
		})
	}
	return found
}

// nilAssertions lowers a comma-ok assertion of an interface value to an
// interface of a compiled package or to error, v, ok := x.(error):
// yaegi v0.16.1 panicked when x was nil ("reflect: call of
// reflect.Value.Type on zero Value", shown as a nil dereference), where
// Go gives nil, false. It becomes
//
//	v, ok := func() (error, bool) {
//		if Y := x; Y != nil {
//			V, OK := Y.(error)
//			return V, OK
//		}
//		return nil, false
//	}()
//
// with hidden names. An assertion to an interface the session declares
// was right, and is left to interfaceAssertions.
func (lw *Lowering) nilAssertions(n ast.Node) {
	commaOK := commaOKAssertions(n)
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		ta, ok := e.(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil || !commaOK[ta] {
			return e
		}
		to := lw.Info.Types[ta.Type].Type
		from := lw.Info.Types[ta.X].Type
		if to == nil || from == nil || !types.IsInterface(to) || isEmptyInterface(to) || !types.IsInterface(from) {
			return e
		}
		named, ok := types.Unalias(to).(*types.Named)
		if !ok || named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == PackagePath {
			return e // a literal interface type, or one of the session's
		}
		pos := ta.Pos()
		tx, bt := lw.typeExpr(to, pos), lw.typeExpr(types.Typ[types.Bool], pos)
		if tx == nil || bt == nil || !lw.means("nil", pos) || !lw.means("false", pos) {
			return e
		}
		y, v, okName := lw.name("y"), lw.name("v"), lw.name("ok")
		id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
		yx := id(y)
		inner := &ast.TypeAssertExpr{X: yx, Lparen: ta.Lparen, Type: ta.Type, Rparen: ta.Rparen}
		// The inner assertion is the one the later passes lower
		// (interfaceAssertions, for a value of the session's types).
		lw.Info.Types[yx] = lw.Info.Types[ta.X]
		lw.Info.Types[inner] = lw.Info.Types[ta]
		body := []ast.Stmt{
			&ast.IfStmt{If: pos,
				Init: &ast.AssignStmt{Lhs: []ast.Expr{id(y)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{ta.X}},
				Cond: &ast.BinaryExpr{X: id(y), OpPos: pos, Op: token.NEQ, Y: id("nil")},
				Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{
					&ast.AssignStmt{Lhs: []ast.Expr{id(v), id(okName)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{inner}},
					&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id(v), id(okName)}},
				}}},
			&ast.ReturnStmt{Return: pos, Results: []ast.Expr{id("nil"), id("false")}},
		}
		fn := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{Opening: pos, List: []*ast.Field{{Type: tx}, {Type: bt}}, Closing: pos}},
			Body: &ast.BlockStmt{Lbrace: pos, List: body, Rbrace: ta.End()},
		}
		return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: ta.End()}
	})
}
