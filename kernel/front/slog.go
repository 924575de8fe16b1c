package front

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"
)

// Values of the session's types given to log/slog. yaegi hands slog a
// value of a struct type of the session without its type's name,
// methods and unexported field names: slog's TextHandler wrote
// s="{Xa:1 Xb:2}" t={Xn:3} for go run's s="{a:1 b:2}" t=T<3> (a String
// method), and its JSONHandler {"Xa":1,"Xb":2} for {}. slogValues
// lowers every argument of slog's functions and methods whose parameter
// is an empty interface (the args ...any of Info, Debug, Warn, Error,
// Log, their …Context forms and the Logger's, With, Group, Any,
// AnyValue, Record.Add) and whose static type holds such a type, or is
// an interface, to
//
//	Prefix.SlogValue(Prefix.GoValue(x, "descriptor", stringers…), "errors")
//
// (DynamicOne for an interface, GoValueIn for a type that reaches one),
// a compiled value that fmt formats (TextHandler) and encoding/json
// writes (JSONHandler) as Go would; errors lists the types whose values
// are errors, whose Error text the JSONHandler writes (goexec/slog.go).
// A spread argument (args...) goes through Dynamics and SlogValues.
// Value.Any() of the cell's own code becomes Prefix.SlogAny(v.Any()),
// which gives a handler of the cell the value itself. A value of a type
// of the session with a LogValue, MarshalText, MarshalJSON or Format
// method, which slog's handlers would call and yaegi hides, is refused.

// slogValues lowers the arguments of a call of f, of log/slog (above).
func (lw *Lowering) slogValues(c *ast.CallExpr, f *types.Func) {
	if f.Pkg().Path() != "log/slog" {
		return
	}
	sig := f.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil && f.Name() == "Any" && len(c.Args) == 0 {
		if n, ok := types.Unalias(recv.Type()).(*types.Named); ok && n.Obj().Name() == "Value" {
			// A selector of its own, which the walk does not lower again.
			sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
			if !ok {
				return
			}
			fun := &ast.SelectorExpr{X: sel.X, Sel: &ast.Ident{NamePos: sel.Sel.NamePos, Name: sel.Sel.Name}}
			inner := &ast.CallExpr{Fun: fun, Lparen: c.Lparen, Rparen: c.Rparen}
			c.Fun = lw.helper("SlogAny", c.Pos())
			c.Args = []ast.Expr{inner}
			return
		}
	}
	call := "slog." + f.Name()
	if recv := sig.Recv(); recv != nil {
		call = "(" + types.TypeString(recv.Type(), func(p *types.Package) string { return p.Name() }) + ")." + f.Name()
	}
	params := sig.Params()
	for i, a := range c.Args {
		var pt types.Type
		spread := false
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
			spread = c.Ellipsis.IsValid()
		case i < params.Len():
			pt = params.At(i).Type()
		}
		if pt == nil || !isEmptyInterface(pt) {
			continue
		}
		if spread {
			if d := lw.dynamicArg(a, true, 'v'); d != a {
				pos := a.Pos()
				c.Args[i] = &ast.CallExpr{Fun: lw.helper("SlogValues", pos), Lparen: pos, Args: []ast.Expr{d, stringLit(pos, lw.errorTypes(nil))}, Rparen: a.End()}
			}
			continue
		}
		c.Args[i] = lw.slogArg(a, call)
	}
}

// slogArg returns what the argument a of slog's function call becomes.
func (lw *Lowering) slogArg(a ast.Expr, call string) ast.Expr {
	t := lw.Info.Types[a].Type
	if t == nil {
		return a
	}
	pos := a.Pos()
	if types.IsInterface(t) {
		d := lw.dynamicArg(a, false, 'v')
		if d == a {
			return a
		}
		return &ast.CallExpr{Fun: lw.helper("SlogValue", pos), Lparen: pos, Args: []ast.Expr{d, stringLit(pos, lw.errorTypes(nil))}, Rparen: a.End()}
	}
	if lw.refuseSlogMethods(a, t, call) {
		return a
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			// slog quotes a []byte of any name, as yaegi hands it.
			return a
		}
	}
	methods := lw.stringers(t, pos)
	if !HasSessionStruct(t) && len(methods) == 0 {
		return a
	}
	gv := lw.goValueCall(a, t, methods)
	return &ast.CallExpr{Fun: lw.helper("SlogValue", pos), Lparen: pos, Args: []ast.Expr{gv, stringLit(pos, lw.errorTypes(t))}, Rparen: a.End()}
}

// refuseSlogMethods refuses the argument a of type t when t holds a type
// of the session with a method that slog's handlers would call, and
// reports whether it did.
func (lw *Lowering) refuseSlogMethods(a ast.Expr, t types.Type, call string) bool {
	var found, method string
	holds(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		if !ok {
			return false
		}
		for _, m := range []string{"LogValue", "MarshalText", "MarshalJSON", "Format"} {
			if hasMethod(n, m) {
				found, method = fmtName(n), m
				return true
			}
		}
		return false
	})
	if found == "" {
		return false
	}
	lw.errs.Add(lw.Fset.Position(a.Pos()), fmt.Sprintf("%s of a %s cannot run in the interpreter: slog's handlers would call %s's %s method, "+
		"which the interpreter does not give to compiled code (they would write its fields); pass what the method gives instead "+
		"(%s), or run this code compiled (a cell with func main, or %%%%compile)", call, types.TypeString(t, func(p *types.Package) string { return p.Name() }), found, method, slogFix(method)))
	return true
}

// slogFix says what to pass instead of a value with the method m.
func slogFix(m string) string {
	switch m {
	case "LogValue":
		return "x.LogValue()"
	case "MarshalText":
		return "string of x.MarshalText()"
	case "MarshalJSON":
		return "json.RawMessage of x.MarshalJSON()"
	}
	return "fmt.Sprintf(\"%+v\", x)"
}

// errorTypes returns the names, as goexec's descriptions write them
// ("main.E", "*main.E"), each followed by a space, of the types whose
// values are errors: of t itself, or of every type of the session for
// a nil t (a value held by an interface).
func (lw *Lowering) errorTypes(t types.Type) string {
	var out []string
	add := func(n *types.Named) {
		name := fmtName(n)
		if hasValueMethod(n, "Error") {
			out = append(out, name+" ")
		}
		if hasValueMethod(types.NewPointer(n), "Error") {
			out = append(out, "*"+name+" ")
		}
	}
	if t == nil {
		for _, st := range lw.sessionTypes() {
			if n, ok := st.(*types.Named); ok {
				add(n)
			}
		}
	} else {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath {
			add(n)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "")
}
