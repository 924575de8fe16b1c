package front

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// A value of a type declared in an interpreted cell reaches compiled code
// without its methods (see the wrappers in kernel/goexec), so the display
// (kernel/display.Render), which finds a value's HTML, Markdown, SVG,
// LaTeX, PNG, JPEG, MIMEBundle, Display, Table, Image and Plot methods by
// type assertion, saw none of them. The front end knows the static types:
// a cell's final expression whose type is such a type (or a pointer to
// one) with some of these methods, or the argument of display.Show (or of
// a display's Show method) of such a type, becomes
//
//	func(v T) any { return Prefix.Rich(v, "desc", "HTML", v.HTML(), "Table", Prefix.Table(v.Table()), …) }(x)
//
// which evaluates x once, calls the methods in the interpreter (a panic in
// one is the cell's, at its line), and gives the display a compiled value
// that carries x, the description of T for its text (Describe; "" when
// T has a String, Error or Format method or no struct of the session),
// and what each method returned, by the method's name.

// DisplayPath is the import path of the package whose Show the lowering
// rewrites.
const DisplayPath = "github.com/rbm-kernel/rbm-kernel/kernel/display"

// displayMethods are the display's methods, in the order they are called,
// with a check of their results (they take no arguments).
var displayMethods = []struct {
	name    string
	results func(*types.Tuple) bool
}{
	{"Display", one(func(t types.Type) bool { return isNamed(t, DisplayPath, "Bundle") })},
	{"MIMEBundle", one(isMIMEMap)},
	{"HTML", one(isString)},
	{"Markdown", one(isString)},
	{"SVG", one(isString)},
	{"LaTeX", one(isString)},
	{"PNG", one(isBytes)},
	{"JPEG", one(isBytes)},
	{"Table", func(r *types.Tuple) bool {
		return r.Len() == 2 && isSliceOf(r.At(0).Type(), isString) && isSliceOf(r.At(1).Type(), func(t types.Type) bool { return isSliceOf(t, isString) })
	}},
	{"Image", one(func(t types.Type) bool { return isNamed(t, "image", "Image") })},
	{"Plot", one(func(t types.Type) bool {
		p, ok := t.(*types.Pointer)
		return ok && isNamed(p.Elem(), "gonum.org/v1/plot", "Plot")
	})},
}

func one(f func(types.Type) bool) func(*types.Tuple) bool {
	return func(r *types.Tuple) bool { return r.Len() == 1 && f(r.At(0).Type()) }
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.String
}

func isBytes(t types.Type) bool {
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func isSliceOf(t types.Type, elem func(types.Type) bool) bool {
	s, ok := t.(*types.Slice)
	return ok && elem(s.Elem())
}

func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// isMIMEMap reports whether t is map[string]any.
func isMIMEMap(t types.Type) bool {
	m, ok := types.Unalias(t).(*types.Map)
	if !ok || !isString(m.Key()) {
		return false
	}
	i, ok := types.Unalias(m.Elem()).(*types.Interface)
	return ok && i.Empty()
}

// sessionNamed returns the named type of the session that t is, or that
// t points to; nil for any other type.
func sessionNamed(t types.Type) *types.Named {
	if t == nil || types.IsInterface(t) {
		return nil
	}
	n := t
	if p, ok := t.(*types.Pointer); ok {
		n = p.Elem()
	}
	named, ok := types.Unalias(n).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != PackagePath {
		return nil
	}
	return named
}

// sessionDisplayMethods returns the display methods in the method set of
// t, a type of the session or a pointer to one, in displayMethods' order;
// none for any other type.
func sessionDisplayMethods(t types.Type) []string {
	named := sessionNamed(t)
	if named == nil {
		return nil
	}
	ms := types.NewMethodSet(t)
	var names []string
	for _, m := range displayMethods {
		sel := ms.Lookup(named.Obj().Pkg(), m.name)
		if sel == nil {
			continue
		}
		sig, ok := sel.Type().(*types.Signature)
		if ok && sig.Params().Len() == 0 && !sig.Variadic() && m.results(sig.Results()) {
			names = append(names, m.name)
		}
	}
	return names
}

// displayValue returns x lowered as the comment above says when its type
// has display methods that compiled code cannot call (or, with always,
// whenever its type is one of the session's, so that its text is written
// with its fields' names), or x.
func (lw *Lowering) displayValue(x ast.Expr, always bool) ast.Expr {
	t := lw.Info.Types[x].Type
	methods := sessionDisplayMethods(t)
	if len(methods) == 0 && (!always || sessionNamed(t) == nil) {
		return x
	}
	pos := x.Pos()
	tx := lw.typeExpr(t, pos)
	if tx == nil {
		return x // a generic type, or one whose name is hidden here
	}
	v := lw.name("v")
	id := func() *ast.Ident { return &ast.Ident{NamePos: pos, Name: v} }
	str := func(s string) ast.Expr {
		return stringLit(pos, s)
	}
	desc := ""
	var value ast.Expr = id()
	if always {
		// display.Show: the text as the display writes the value
		// (displayView).
		value = lw.displayView(value, t, "display.Show")
	} else if HasSessionStruct(t) && !hasMethod(t, "Error", "String", "Format") {
		desc = Describe(t)
	}
	args := []ast.Expr{value, str(desc)}
	for _, m := range methods {
		var call ast.Expr = &ast.CallExpr{Fun: &ast.SelectorExpr{X: id(), Sel: &ast.Ident{NamePos: pos, Name: m}}, Lparen: pos, Rparen: pos}
		if m == "Table" {
			call = &ast.CallExpr{Fun: lw.helper("Table", pos), Lparen: pos, Args: []ast.Expr{call}, Rparen: pos}
		}
		args = append(args, str(m), call)
	}
	empty := &ast.InterfaceType{Interface: pos, Methods: &ast.FieldList{Opening: pos, Closing: pos}}
	return &ast.CallExpr{
		Fun: &ast.FuncLit{
			Type: &ast.FuncType{
				Func:    pos,
				Params:  &ast.FieldList{Opening: pos, List: []*ast.Field{{Names: []*ast.Ident{id()}, Type: tx}}, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: empty}}},
			},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{
				&ast.CallExpr{Fun: lw.helper("Rich", pos), Lparen: pos, Args: args, Rparen: pos},
			}}}, Rbrace: pos},
		},
		Lparen: pos,
		Args:   []ast.Expr{x},
		Rparen: x.End(),
	}
}

// displayShow lowers the argument of a call of the display's functions
// that format their argument of type any: display.Show, the method Show
// of a *display.Display and display.Render become Rich (above) when the
// argument's type has display methods; their argument, and that of
// display.PlainText, Inline and RenderForms, is otherwise lowered by
// displayView. A type with a Format method (which the display calls) is
// refused.
func (lw *Lowering) displayShow(c *ast.CallExpr, f *types.Func) {
	if f.Pkg().Path() != DisplayPath || len(c.Args) == 0 || c.Ellipsis.IsValid() {
		return
	}
	recv := f.Type().(*types.Signature).Recv() != nil
	switch {
	case f.Name() == "Show" || f.Name() == "Render" && !recv:
		if len(sessionDisplayMethods(lw.Info.Types[c.Args[0]].Type)) > 0 {
			c.Args[0] = lw.displayValue(c.Args[0], true)
			return
		}
	case recv || f.Name() != "PlainText" && f.Name() != "Inline" && f.Name() != "RenderForms":
		return
	}
	c.Args[0] = lw.displayView(c.Args[0], lw.Info.Types[c.Args[0]].Type, "display."+f.Name())
}

// displayView returns x, an argument of type any of the display's
// function call, lowered so that the display sees the value as Go does
// (goexec/displayview.go):
//
//	Prefix.DisplayValue(x, "desc", "errors", candidates, stringers…)
//	Prefix.DisplayDynamic([]I{x}, "errors", candidates, stringers…)   for x of an interface type I
//
// or x itself when its type holds no type of the session.
func (lw *Lowering) displayView(x ast.Expr, t types.Type, call string) ast.Expr {
	if t == nil || len(lw.sessionTypes()) == 0 && len(lw.allShadows()) == 0 && !needsGoValue(t) {
		return x
	}
	pos := x.Pos()
	iface := types.IsInterface(t)
	if !iface && !needsGoValue(t) && !reachesInterface(t, map[types.Type]bool{}) {
		return x
	}
	formatter := func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath && hasMethod(n, "Format")
	}
	if holds(t, formatter) || (iface || reachesInterface(t, map[types.Type]bool{})) && slices.ContainsFunc(lw.sessionTypes(), formatter) {
		lw.errs.Add(lw.Fset.Position(pos), fmt.Sprintf("%s of %s cannot run in the interpreter: the display would call the "+
			"Format method of a type declared in a cell, which it does not see there; call fmt.Sprint on the value first, or %s",
			call, t, compiledFix))
		return x
	}
	var methods []ast.Expr
	var cands ast.Expr
	var args []ast.Expr
	helper := "DisplayValue"
	if iface {
		tx := lw.typeExpr(t, pos)
		if tx == nil {
			return x
		}
		methods = lw.holdableStringers(t, x)
		cands = lw.candidatesArg(t, pos)
		one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: tx}, Lbrace: pos, Elts: []ast.Expr{x}, Rbrace: x.End()}
		args = []ast.Expr{one}
		helper = "DisplayDynamic"
	} else {
		methods = lw.stringers(t, pos)
		cands = lw.candidatesArg(types.NewInterfaceType(nil, nil), pos)
		if !reachesInterface(t, map[types.Type]bool{}) {
			cands = &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: emptyInterface(pos)}, Lbrace: pos, Rbrace: pos}
		}
		args = []ast.Expr{x, stringLit(pos, Describe(t))}
	}
	args = append(args, stringLit(pos, strings.Join(errorKeys(methods), " ")), cands)
	return &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Args: append(args, methods...), Rparen: x.End()}
}

// errorKeys returns the keys of GoValue's pairs (stringer) whose function
// calls an Error method.
func errorKeys(pairs []ast.Expr) []string {
	var out []string
	for i := 0; i+1 < len(pairs); i += 2 {
		lit, ok := pairs[i].(*ast.BasicLit)
		fn, ok2 := pairs[i+1].(*ast.FuncLit)
		if !ok || !ok2 || len(fn.Body.List) != 1 {
			continue
		}
		ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if call, ok := ret.Results[0].(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" {
				if key, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, key)
				}
			}
		}
	}
	return out
}

// stringerResult lowers a cell's final expression x whose type is an
// instance of a generic type of the session (or a pointer to one) with a
// String or Error method: yaegi's wrapper of such a value, which carries
// its methods to compiled code, is built wrongly (Pair[int]{1, 2} with a
// String method was shown as "{a:2 b:func() string}"). x becomes
//
//	Prefix.GoValue(x, "desc", "main.Pair[int]", func(v interface{}) string { return v.(Pair[int]).String() })
//
// which the display prints with the method's text, as fmt does.
func (lw *Lowering) stringerResult(x ast.Expr) ast.Expr {
	t := lw.Info.Types[x].Type
	if t == nil {
		return x
	}
	n, ok := t.(*types.Named)
	if p, isPtr := t.(*types.Pointer); isPtr {
		n, ok = p.Elem().(*types.Named)
	}
	if !ok || n.TypeArgs().Len() == 0 || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath {
		return x
	}
	methods := lw.stringers(t, x.Pos())
	if len(methods) == 0 {
		return x
	}
	pos := x.Pos()
	return &ast.CallExpr{Fun: lw.helper("GoValue", pos), Lparen: pos,
		Args: append([]ast.Expr{x, stringLit(pos, Describe(t))}, methods...), Rparen: x.End()}
}

// resultMethods returns a cell's final expression x of type t that holds
// a struct type of the session (goexec shows it from the type's
// description, goText) as
//
//	Prefix.Result(x, "main.Tm", func(v interface{}) string { return v.(Tm).String() }, …)
//
// with GoValue's stringers of the types t is made of: the result's
// printer calls them where fmt's %+v would, below the top too (Hm{Tm{1},
// Tm{2}} with a field U Tm was shown {t:{a:1} U:{a:2}}, Go's %+v
// {t:{a:1} U:tm2}). x may be displayValue's Rich of the value. x itself
// when t has no such type or none with a String or Error method. (An
// instance of a generic type with String is stringerResult's GoValue,
// which has them.)
func (lw *Lowering) resultMethods(x ast.Expr, t types.Type) ast.Expr {
	if t == nil {
		return x
	}
	if _, tuple := t.(*types.Tuple); tuple {
		return x
	}
	pos := x.Pos()
	methods := lw.stringers(t, pos)
	if len(methods) == 0 {
		// (A list or map of a type with String that is not a struct,
		// a []W, has them: it was shown as [1], go run [w].)
		return x
	}
	return &ast.CallExpr{Fun: lw.helper("Result", pos), Lparen: pos, Args: append([]ast.Expr{x}, methods...), Rparen: x.End()}
}
