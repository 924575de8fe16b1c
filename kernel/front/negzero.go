package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Negative zero in arguments. yaegi v0.16.1 copies the arguments of a
// direct call of an interpreted function into the callee's frame only
// when reflect does not call them zero, and reflect's IsZero is true for
// -0.0: the parameter kept its +0.0, so with x := math.Copysign(0, -1)
//
//	func sb(x float64) bool { return math.Signbit(x) }
//	sb(x)    // false; Go: true
//	1 / x    // in the callee: +Inf; Go: -Inf
//
// silently (also a complex with both parts zero, and a struct or array
// whose fields are all zero, one a -0.0). A call through a function value
// copies every argument. So a direct call of a function of the session
// that passes such a value, not a constant (Go's constants have no -0),
// to a parameter that is not an interface, is made through its value:
//
//	sb(x)    // becomes (func(float64) bool)(sb)(x)
//
// which costs about a microsecond more a call. When the function's type
// cannot be written (it has an instance of a generic type, pair[T]), each
// such argument becomes NoNegZero(x, "name").(float64), which ends the
// cell with an InterpreterLimit when x is a -0.0 that would arrive as
// +0.0. Not when the callee cannot
// tell the sign of the zero: a float parameter whose every use is
// compared, added to or subtracted from a non-zero constant, squared
// (x*x), converted to an integer, or given to math.Exp, Abs, Cos, Cosh,
// Exp2, Log, Log2, Log10, IsNaN or IsInf, possibly negated first
// (1 / (1 + math.Exp(-x)) is such a use). What the callees of the
// session's functions can tell is kept by name in ZeroSigns.

// zeroSigns records, for each function declared in the chunks, which
// parameters can tell a -0.0 from a +0.0 (see above).
func (lw *Lowering) zeroSigns(chunks []Chunk) {
	if lw.ZeroSigns == nil {
		return
	}
	for _, c := range chunks {
		if c.File == nil {
			continue
		}
		for _, d := range c.File.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			var tells []bool
			for _, f := range fd.Type.Params.List {
				names := f.Names
				if len(names) == 0 {
					tells = append(tells, true)
					continue
				}
				for _, n := range names {
					obj := lw.Info.Defs[n]
					tells = append(tells, obj == nil || !lw.signBlind(fd.Body, obj))
				}
			}
			lw.ZeroSigns[fd.Name.Name] = tells
		}
	}
}

// signBlind reports whether body cannot tell whether the float parameter
// p holds -0.0 or +0.0 (see above).
func (lw *Lowering) signBlind(body *ast.BlockStmt, p types.Object) bool {
	if b, ok := p.Type().(*types.Basic); !ok || b.Info()&types.IsFloat == 0 {
		return false
	}
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	blind := true
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || lw.Info.Uses[id] != p || !blind {
			return blind
		}
		blind = lw.cleansed(id, p, parents)
		return blind
	})
	return blind
}

// blindMath are the functions of package math whose result is the same
// for -0.0 and +0.0.
var blindMath = map[string]bool{"Exp": true, "Abs": true, "Cos": true, "Cosh": true, "Exp2": true,
	"Log": true, "Log2": true, "Log10": true, "IsNaN": true, "IsInf": true}

// cleansed reports whether the use id of p reaches, through negations,
// parentheses and the operators that keep the zero's sign, only a use
// that loses it.
func (lw *Lowering) cleansed(id *ast.Ident, p types.Object, parents map[ast.Node]ast.Node) bool {
	var cur ast.Node = id
	for {
		parent := parents[cur]
		switch x := parent.(type) {
		case *ast.ParenExpr:
			cur = x
			continue
		case *ast.UnaryExpr:
			if x.Op == token.SUB || x.Op == token.ADD {
				cur = x
				continue
			}
			return false
		case *ast.BinaryExpr:
			other := x.Y
			if cur == x.Y {
				other = x.X
			}
			switch x.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				return true
			case token.ADD, token.SUB:
				if v := lw.Info.Types[other].Value; v != nil && v.String() != "0" {
					return true
				}
			case token.MUL:
				if o, ok := ast.Unparen(other).(*ast.Ident); ok && lw.Info.Uses[o] == p && cur == ast.Node(id) {
					return true
				}
			default:
				return false
			}
			cur = x
			continue
		case *ast.CallExpr:
			if cur == x.Fun {
				return false
			}
			if tv, ok := lw.Info.Types[x.Fun]; ok && tv.IsType() {
				b, ok := tv.Type.Underlying().(*types.Basic)
				return ok && b.Info()&types.IsInteger != 0
			}
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok {
				return false
			}
			f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
			return ok && f.Pkg() != nil && f.Pkg().Path() == "math" && blindMath[f.Name()]
		}
		return false
	}
}

// mayHoldNegZero reports whether a value of type t can hold a -0.0 that
// reflect calls zero: a float, a complex, or a struct or array of them.
func mayHoldNegZero(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsFloat|types.IsComplex) != 0
	case *types.Array:
		return mayHoldNegZero(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mayHoldNegZero(u.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// negZeroCalls makes the direct calls of n that may pass a -0.0 to a
// function of the session that can tell it through the function's value
// (see above).
func (lw *Lowering) negZeroCalls(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun := ast.Unparen(c.Fun)
		if ix, ok := fun.(*ast.IndexExpr); ok {
			fun = ix.X
		} else if ix, ok := fun.(*ast.IndexListExpr); ok {
			fun = ix.X
		}
		id, ok := fun.(*ast.Ident)
		if !ok {
			return true
		}
		f, ok := lw.Info.Uses[id].(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != PackagePath || f.Parent() != f.Pkg().Scope() {
			return true
		}
		sig, ok := lw.Info.Types[c.Fun].Type.(*types.Signature)
		if !ok || c.Ellipsis.IsValid() {
			return true
		}
		tells, known := lw.ZeroSigns[id.Name]
		var route []int
		for i, a := range c.Args {
			if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
				break // variadic arguments go in a slice, which is copied
			}
			pt := sig.Params().At(i).Type()
			if types.IsInterface(pt) || !mayHoldNegZero(pt) {
				continue
			}
			if tv := lw.Info.Types[a]; tv.Value != nil {
				continue
			}
			if known && i < len(tells) && !tells[i] {
				continue
			}
			route = append(route, i)
		}
		if len(route) == 0 {
			return true
		}
		ft := lw.typeExpr(sig, c.Pos())
		if ft == nil {
			// The signature has an instance of a generic type, which
			// the front end does not write: each such argument goes
			// through NoNegZero, which ends the cell on a -0.0.
			for _, i := range route {
				a := c.Args[i]
				if px := lw.typeExpr(sig.Params().At(i).Type(), a.Pos()); px != nil {
					check := &ast.CallExpr{Fun: lw.helper("NoNegZero", a.Pos()), Lparen: a.Pos(), Args: []ast.Expr{a, stringLit(a.Pos(), id.Name)}, Rparen: a.End()}
					c.Args[i] = &ast.TypeAssertExpr{X: check, Lparen: a.Pos(), Type: px, Rparen: a.End()}
				}
			}
			return true
		}
		c.Fun = &ast.CallExpr{Fun: &ast.ParenExpr{Lparen: c.Pos(), X: ft, Rparen: c.Pos()}, Lparen: c.Pos(), Args: []ast.Expr{c.Fun}, Rparen: c.Pos()}
		return true
	})
}
