package front

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"strings"
)

// unwrapper returns, when the session declares types with an Unwrap
// method (Unwrap() error or Unwrap() []error), a function literal of type
// func(any) (error, []error, bool) that calls it on a value of one of
// them:
//
//	func(E any) (error, []error, bool) {
//		switch U := E.(type) {
//		case *Wrapped:
//			return U.Unwrap(), nil, true
//		}
//		return nil, nil, false
//	}
//
// with hidden names for E and U; nil when there is none. yaegi's wrapper
// of a session value held by error has only Error, so errors.Is, As and
// Unwrap stopped at it; the helpers (goexec's errorChain) call this where
// the chain has no compiled Unwrap. An assertion to interface{ Unwrap()
// error } said false for such a value; a case of its concrete type finds
// it.
func (lw *Lowering) unwrapper(pos token.Pos) ast.Expr {
	e, u := lw.Prefix+"E", lw.Prefix+"U"
	var cases []string
	for _, t := range lw.sessionTypes() {
		for _, rt := range []types.Type{t, types.NewPointer(t)} {
			many, ok := unwrapMethod(rt)
			if !ok {
				continue
			}
			tx := lw.typeExpr(rt, pos)
			if tx == nil {
				continue
			}
			var b strings.Builder
			if printer.Fprint(&b, token.NewFileSet(), tx) != nil {
				continue
			}
			ret := u + ".Unwrap(), nil, true"
			if many {
				ret = "nil, " + u + ".Unwrap(), true"
			}
			cases = append(cases, "case "+b.String()+": return "+ret)
		}
	}
	if len(cases) == 0 {
		return nil
	}
	text := "func(" + e + " any) (error, []error, bool) { switch " + u + " := " + e + ".(type) {\n" +
		strings.Join(cases, "\n") + "\n}\nreturn nil, nil, false }"
	lit, err := parser.ParseExpr(text)
	if err != nil {
		return nil
	}
	setPos(lit, pos)
	ast.Inspect(lit, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			c.Ellipsis = token.NoPos // setPos made every call variadic
		}
		return true
	})
	return lit
}

// unwrapMethod reports whether t's method set has Unwrap() error
// (many false) or Unwrap() []error (many true).
func unwrapMethod(t types.Type) (many, ok bool) {
	sel := types.NewMethodSet(t).Lookup(nil, "Unwrap")
	if sel == nil {
		return false, false
	}
	sig, _ := sel.Type().(*types.Signature)
	if sig == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false, false
	}
	errType := types.Universe.Lookup("error").Type()
	switch r := sig.Results().At(0).Type(); {
	case types.Identical(r, errType):
		return false, true
	case types.Identical(r, types.NewSlice(errType)):
		return true, true
	}
	return false, false
}

// errorsUnwrapCall lowers errors.Unwrap(x) to the helper ErrorsUnwrap with
// the session's unwrapper, when there is one.
func (lw *Lowering) errorsUnwrapCall(c *ast.CallExpr, sel *ast.SelectorExpr) {
	un := lw.unwrapper(sel.Sel.Pos())
	if un == nil {
		return
	}
	c.Fun = lw.helper("ErrorsUnwrap", sel.Pos())
	c.Args = append(c.Args, un)
}
