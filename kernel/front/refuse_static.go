package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// compiledFix is the fix a refusal of this file names.
const compiledFix = "run it compiled (a cell with func main, or %%compile)"

// refuseStatic refuses, before the cell runs, what yaegi v0.16.1 would
// answer wrongly and silently and the front end can see (docs/goexec.md,
// "Refused"):
//
//   - reflect.ValueOf(x).Type() of x of a session type (T or *T) is
//     lowered to reflect.TypeOf(x), which typeOf then lowers (yaegi's type
//     had no name: struct { X int } for main.R), and
//     of x of an interface type that can hold a session type, to
//     ValueTypeDynamic, TypeOfDynamic's arguments (yaegi's was interp.valueInterface);
//   - reflect.ValueOf(x).Method, NumMethod, MethodByName, and
//     reflect.TypeOf(x).Method, NumMethod, MethodByName, with x of a session
//     type whose method set has exported methods: yaegi's reflect type has
//     none (NumMethod 0, MethodByName not found);
//   - reflect.TypeOf(x).Field and FieldByName (also through
//     ValueOf(x).Type()) of a session struct with an unexported field:
//     yaegi names it X+name;
//   - errors.Unwrap in a session with a struct type whose Unwrap() error
//     has a value receiver (refuseValueUnwrap);
//   - a function value of fmt's printing functions (f := fmt.Sprint):
//     the values printed through it are not lowered as fmt's arguments are
//     (refused in a session that declares types; in one that does not, it
//     becomes goexec's FmtValue… helper of it, which ends the cell when,
//     the session having declared types since, it is given what it would
//     print wrongly: goexec/fmtvalues.go).
func (lw *Lowering) refuseStatic(n ast.Node) {
	lw.refuseLocalTypes(n)
	defer lw.fmtValueHelpers(n)
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			lw.refuseReflectCall(n)
			lw.refuseValueUnwrap(n)
			// A callee of fmt's printing functions is not a function value.
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && lw.fmtPrinting(sel) != "" {
				for _, a := range n.Args {
					ast.Inspect(a, func(m ast.Node) bool { return lw.refuseFmtValue(m) })
				}
				return false
			}
		case *ast.SelectorExpr:
			return lw.refuseFmtValue(n)
		}
		return true
	})
}

// fmtPrinting returns "fmt.Name" when sel is one of fmt's printing
// functions, "" otherwise.
func (lw *Lowering) fmtPrinting(sel *ast.SelectorExpr) string {
	f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != "fmt" || f.Type().(*types.Signature).Recv() != nil {
		return ""
	}
	switch f.Name() {
	case "Print", "Println", "Printf", "Sprint", "Sprintln", "Sprintf", "Fprint", "Fprintln", "Fprintf",
		"Append", "Appendln", "Appendf", "Errorf":
		return "fmt." + f.Name()
	}
	return ""
}

// refuseFmtValue refuses n when it is fmt's printing function used as a
// value; it reports whether to look inside n.
func (lw *Lowering) refuseFmtValue(n ast.Node) bool {
	if call, ok := n.(*ast.CallExpr); ok {
		lw.refuseStatic(call)
		return false
	}
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return true
	}
	name := lw.fmtPrinting(sel)
	if name != "" && len(lw.sessionTypes()) == 0 {
		if lw.fmtValues == nil {
			lw.fmtValues = map[*ast.SelectorExpr]string{}
		}
		lw.fmtValues[sel] = name
		return false
	}
	if name != "" {
		lw.errs.Add(lw.Fset.Position(sel.Pos()), fmt.Sprintf("%s used as a function value cannot run in the interpreter: "+
			"the values it prints would not get the kernel's lowering of fmt's arguments (types declared in cells would "+
			"print without their names and with X+name fields); call %s directly, or %s", name, name, compiledFix))
		return false
	}
	return true
}

// fmtValueHelper names goexec's helper of each of fmt's printing
// functions used as a value, by the function's type.
var fmtValueHelper = map[string]string{
	"fmt.Print": "FmtValuePrint", "fmt.Println": "FmtValuePrint", "fmt.Printf": "FmtValuePrintf",
	"fmt.Sprint": "FmtValueSprint", "fmt.Sprintln": "FmtValueSprint", "fmt.Sprintf": "FmtValueSprintf",
	"fmt.Fprint": "FmtValueFprint", "fmt.Fprintln": "FmtValueFprint", "fmt.Fprintf": "FmtValueFprintf",
	"fmt.Append": "FmtValueAppend", "fmt.Appendln": "FmtValueAppend", "fmt.Appendf": "FmtValueAppendf",
	"fmt.Errorf": "FmtValueErrorf",
}

// fmtValueHelpers replaces each of fmt's printing functions used as a
// value under n, found by refuseFmtValue, by its helper:
// FmtValueSprintf(fmt.Sprintf, "fmt.Sprintf").
func (lw *Lowering) fmtValueHelpers(n ast.Node) {
	if len(lw.fmtValues) == 0 {
		return
	}
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return e
		}
		name, ok := lw.fmtValues[sel]
		if !ok {
			return e
		}
		delete(lw.fmtValues, sel)
		return &ast.CallExpr{Fun: lw.helper(fmtValueHelper[name], sel.Pos()), Lparen: sel.Pos(),
			Args: []ast.Expr{sel, stringLit(sel.Pos(), name)}, Rparen: sel.End()}
	})
}

// sessionNamedOrPtr returns the named type of the session that t is, or points
// to; nil otherwise.
func sessionNamedOrPtr(t types.Type) *types.Named {
	if t == nil || types.IsInterface(t) {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath {
		return nil
	}
	return n
}

// reflectOf returns the argument of c when c is reflect.<name>(x), nil
// otherwise.
func (lw *Lowering) reflectOf(e ast.Expr, name string) ast.Expr {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != "reflect" || f.Name() != name {
		return nil
	}
	return c.Args[0]
}

// hasExportedMethod reports whether t's method set has an exported method.
func hasExportedMethod(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for i := range ms.Len() {
		if ms.At(i).Obj().Exported() {
			return true
		}
	}
	return false
}

// refuseReflectCall refuses (or lowers) c, a method call on
// reflect.ValueOf(x) or reflect.TypeOf(x) (see refuseStatic).
func (lw *Lowering) refuseReflectCall(c *ast.CallExpr) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	m := sel.Sel.Name
	var x ast.Expr
	of := "TypeOf"
	if x = lw.reflectOf(sel.X, "ValueOf"); x != nil {
		of = "ValueOf"
	} else if x = lw.reflectOf(sel.X, "TypeOf"); x == nil {
		// reflect.ValueOf(x).Type().M(…)
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok || len(inner.Args) != 0 {
			return
		}
		isel, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok || isel.Sel.Name != "Type" {
			return
		}
		if x = lw.reflectOf(isel.X, "ValueOf"); x == nil {
			return
		}
		of = "ValueOf…Type"
	}
	t := lw.Info.Types[x].Type
	if t != nil && types.IsInterface(t) && of == "ValueOf" && m == "Type" && len(c.Args) == 0 &&
		len(lw.typeCandidates(t, x.Pos())) > 0 {
		// Lowered: Prefix.ValueTypeDynamic with TypeOfDynamic's
		// arguments, which panics as Value.Type does when x is nil
		// (yaegi's type was its wrapper's, interp.valueInterface, or
		// unnamed).
		rsel := sel.X.(*ast.CallExpr).Fun.(*ast.SelectorExpr)
		inner := &ast.CallExpr{Fun: &ast.SelectorExpr{X: rsel.X, Sel: &ast.Ident{NamePos: sel.Sel.NamePos, Name: "TypeOf"}},
			Lparen: c.Lparen, Args: []ast.Expr{x}, Rparen: c.Rparen}
		lw.typeOf(inner)
		if isel, ok := inner.Fun.(*ast.SelectorExpr); !ok || isel.Sel.Name != "TypeOfDynamic" {
			return
		}
		c.Fun = lw.helper("ValueTypeDynamic", c.Pos())
		c.Args, c.Ellipsis = inner.Args, inner.Ellipsis
		return
	}
	named := sessionNamedOrPtr(t)
	if named == nil {
		return
	}
	what := ""
	switch {
	case of == "ValueOf" && m == "Type" && len(c.Args) == 0:
		// Lowered: reflect.ValueOf(x).Type() is reflect.TypeOf(x) for x
		// of a type that is not an interface.
		c.Fun = &ast.SelectorExpr{X: sel.X.(*ast.CallExpr).Fun.(*ast.SelectorExpr).X, Sel: &ast.Ident{NamePos: sel.Sel.NamePos, Name: "TypeOf"}}
		c.Args = []ast.Expr{x}
		lw.typeOf(c)
		return
	case m == "Method" || m == "NumMethod" || m == "MethodByName":
		if hasExportedMethod(t) {
			what = fmt.Sprintf("its methods (%s has methods the interpreter's reflect type does not have: NumMethod gives 0)", t)
		}
	case (of == "TypeOf" || of == "ValueOf…Type") && (m == "Field" || m == "FieldByName"):
		if st, ok := named.Underlying().(*types.Struct); ok && unexportedField(st) {
			what = fmt.Sprintf("the fields of %s (the interpreter names an unexported field X+name)", t)
		}
	}
	if what == "" {
		return
	}
	call := "reflect." + of + "(x)." + m
	if of == "ValueOf…Type" {
		call = "reflect.ValueOf(x).Type()." + m
	}
	lw.errs.Add(lw.Fset.Position(c.Pos()), fmt.Sprintf("%s of a type declared in a cell cannot run in the interpreter: "+
		"it would give a wrong answer about %s; %s", call, what, compiledFix))
}

// valueUnwrapType returns the first struct type of the session with a
// method Unwrap() error on a value receiver, nil when there is none.
func (lw *Lowering) valueUnwrapType() types.Type {
	for _, t := range lw.sessionTypes() {
		if _, ok := t.Underlying().(*types.Struct); !ok {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, false, nil, "Unwrap")
		f, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		sig := f.Type().(*types.Signature)
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			continue
		}
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type()) {
			return t
		}
	}
	return nil
}

// refuseValueUnwrap refuses errors.Unwrap(x), x of an interface type or
// of a struct type with a value-receiver Unwrap, in a session that
// declares such a struct: yaegi keeps a value of it held by error as its
// last field, so errors.Unwrap gave <nil> (or what the last field's
// Unwrap gives) where Go calls the method.
func (lw *Lowering) refuseValueUnwrap(c *ast.CallExpr) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || len(c.Args) != 1 {
		return
	}
	f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Pkg().Path() != "errors" || f.Name() != "Unwrap" {
		return
	}
	at := lw.Info.Types[c.Args[0]].Type
	if at == nil {
		return
	}
	if !types.IsInterface(at) {
		if _, ok := at.(*types.Pointer); ok {
			return
		}
	}
	t := lw.valueUnwrapType()
	if t == nil {
		return
	}
	if !types.IsInterface(at) && !types.Identical(at, t) {
		return
	}
	name := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	short := types.TypeString(t, func(*types.Package) string { return "" })
	lw.errs.Add(lw.Fset.Position(c.Pos()), fmt.Sprintf("errors.Unwrap cannot run in the interpreter in a session whose struct type %s "+
		"has an Unwrap method with a value receiver: the interpreter keeps such a value held as error as its last field only, "+
		"so errors.Unwrap would give <nil>; use a pointer receiver (func (v *%s) Unwrap() error) and a *%s as the error, or %s",
		name, short, short, compiledFix))
}

// unexportedField reports whether st has an unexported field.
func unexportedField(st *types.Struct) bool {
	for i := range st.NumFields() {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// localNamed returns the type declared inside a function that t is, or
// points to (not an interface); nil otherwise.
func localNamed(t types.Type) *types.Named {
	n := sessionNamedOrPtr(t)
	if n == nil || n.Obj().Parent() == nil || n.Obj().Parent() == n.Obj().Pkg().Scope() {
		return nil
	}
	return n
}

// refuseLocalTypes refuses a value of a type declared inside a function
// (a local type), or of an unnamed struct type identical to a session
// struct's (sharedStruct), going into an empty interface in the cell's
// own code (the value of a return statement, an assignment, a var
// declaration, an element or field of a composite literal, a conversion,
// a value sent on a channel, or an argument of append or of a function of
// the session), where the kernel would still answer otherwise than Go
// (localTypeLimit). A local struct type without methods whose reflect
// type no other type of the session or the cell shares runs: it is a
// candidate of its own (shadowCandidates), which names and prints it as
// Go does, and == and type switches have no other type to take it for.
// An unnamed struct type identical to a session struct's shares its
// reflect type by definition: the helpers name it (TagType), but == and
// type assertions, which compare yaegi's reflect types, took it for the
// session type (struct{ A, B int }{1, 2} == any(Pa{1, 2}) said true).
// An argument of a function of another package (fmt's printing
// functions, which describe it from the static type, sort.Sort) is left
// alone.
func (lw *Lowering) refuseLocalTypes(root ast.Node) {
	check := func(into types.Type, x ast.Expr) {
		if into == nil || x == nil {
			return
		}
		it, ok := into.Underlying().(*types.Interface)
		if !ok || it.NumMethods() != 0 {
			return
		}
		if st := lw.sharedStruct(lw.Info.Types[x].Type); st != nil {
			// A pointer is named as the session type's pointer too: it
			// is no candidate of its own (shadowCandidates).
			why := "%T, reflect and type switches would name it " + st.String()
			if _, ptr := st.(*types.Pointer); !ptr {
				why = "== and type switches and assertions would take it for " + st.String()
			}
			lw.errs.Add(lw.Fset.Position(x.Pos()), fmt.Sprintf("a value of %s, an unnamed type with the fields of %s, put in an interface "+
				"(%s) cannot run in the interpreter: it keeps both as one type, so %s; "+
				"convert it to %s or declare a type of its own, or %s", lw.Info.Types[x].Type, st, into, why, st, compiledFix))
			return
		}
		n := localNamed(lw.Info.Types[x].Type)
		if n == nil {
			return
		}
		if why := lw.localTypeLimit(n); why != "" {
			lw.errs.Add(lw.Fset.Position(x.Pos()), fmt.Sprintf("a value of %s, a type declared inside a function, put in an interface "+
				"(%s) cannot run in the interpreter: %s; declare the type at the cell's top level, or %s", n.Obj().Name(), into, why, compiledFix))
		}
	}
	lw.inspectInFuncs(root, func(n ast.Node, results *types.Tuple) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			if results != nil && results.Len() == len(n.Results) {
				for i, x := range n.Results {
					check(results.At(i).Type(), x)
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN {
				for i, x := range n.Rhs {
					check(lw.Info.Types[n.Lhs[i]].Type, x)
				}
			}
		case *ast.SendStmt:
			if ch, ok := lw.Info.Types[n.Chan].Type.Underlying().(*types.Chan); ok {
				check(ch.Elem(), n.Value)
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == len(n.Names) {
				for _, x := range n.Values {
					check(lw.Info.Types[n.Type].Type, x)
				}
			}
		case *ast.CompositeLit:
			t := lw.Info.Types[n].Type
			if t == nil {
				return true
			}
			for _, e := range n.Elts {
				kv, _ := e.(*ast.KeyValueExpr)
				switch u := t.Underlying().(type) {
				case *types.Slice:
					if kv != nil {
						e = kv.Value
					}
					check(u.Elem(), e)
				case *types.Array:
					if kv != nil {
						e = kv.Value
					}
					check(u.Elem(), e)
				case *types.Map:
					if kv != nil {
						check(u.Key(), kv.Key)
						check(u.Elem(), kv.Value)
					}
				case *types.Struct:
					if kv != nil {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if v, ok := lw.Info.Uses[id].(*types.Var); ok {
								check(v.Type(), kv.Value)
							}
						}
					}
				}
			}
		case *ast.CallExpr:
			if tv := lw.Info.Types[n.Fun]; tv.IsType() {
				if len(n.Args) == 1 {
					check(tv.Type, n.Args[0])
				}
				return true
			}
			sig, ok := lw.Info.Types[n.Fun].Type.(*types.Signature)
			if !ok {
				return true
			}
			var fn *types.Func
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				fn, _ = lw.Info.Uses[f].(*types.Func)
			case *ast.SelectorExpr:
				fn, _ = lw.Info.Uses[f.Sel].(*types.Func)
			}
			if fn != nil && (fn.Pkg() == nil || fn.Pkg().Path() != PackagePath) {
				return true // a builtin or another package's function
			}
			if b, ok := lw.Info.Uses[identOf(n.Fun)].(*types.Builtin); ok {
				if st, ok := lw.Info.Types[n].Type.Underlying().(*types.Slice); ok && b.Name() == "append" && !n.Ellipsis.IsValid() {
					for _, a := range n.Args[1:] {
						check(st.Elem(), a)
					}
				}
				return true
			}
			for i, a := range n.Args {
				var pt types.Type
				switch {
				case sig.Variadic() && i >= sig.Params().Len()-1:
					if n.Ellipsis.IsValid() {
						continue
					}
					pt = sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
				case i < sig.Params().Len():
					pt = sig.Params().At(i).Type()
				}
				check(pt, a)
			}
		}
		return true
	})
}

// localTypeLimit returns why a value of the local type n, or a pointer to
// it, put in an empty interface would not be Go's in the interpreter; ""
// when it would (see refuseLocalTypes).
func (lw *Lowering) localTypeLimit(n *types.Named) string {
	if lw.Shadows == nil {
		// Not the interpreter's lowering: no candidates of local types.
		return "printed or reflected there, it would show without its name and with X+name fields"
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return fmt.Sprintf("it keeps it as %s, so %%T, reflect and type switches would name it %s", n.Underlying(), n.Underlying())
	}
	if types.NewMethodSet(n).Len() > 0 || types.NewMethodSet(types.NewPointer(n)).Len() > 0 {
		return "its methods, promoted from an embedded field, are not kept with it there, so it would print without them"
	}
	if mentionsLocal(n.Underlying()) {
		return "its fields are of a type declared inside a function, which the interpreter's description of it cannot name, so it would print with X+name fields"
	}
	k := lw.keyOf(n)
	if k == "" || lw.typeExpr(n.Underlying(), n.Obj().Pos()) == nil {
		return "printed or reflected there, it would show without its name and with X+name fields"
	}
	qual := func(p *types.Package) string { return p.Name() }
	var others []string
	seen := map[string]bool{}
	other := func(o types.Type, name string) {
		if types.Identical(o, n) || lw.keyOf(o) != k || seen[name] {
			return
		}
		seen[name] = true
		others = append(others, name)
	}
	declared := map[types.Type]bool{}
	for _, st := range lw.sessionTypes() {
		declared[st.Underlying()] = true
		if _, ok := st.Underlying().(*types.Struct); ok {
			other(st, types.TypeString(st, qual))
		}
	}
	// The committed cells' types come first (Shadows): one of n's name
	// and fields there, declared in the function that declares n, is n
	// as an earlier run of the cell declared it, which the session keeps
	// once by name, fields and function (recordShadows); declared in
	// another function, or in the cell's own, it is another function's.
	fn := ""
	for i, s := range lw.allShadows() {
		if declared[s] || s == n.Underlying() {
			continue
		}
		name := shadowName(s)
		if sn, ok := s.(*types.Named); ok && !types.Identical(sn, n) && name == shadowName(n) {
			if i < len(lw.Shadows) {
				if fn == "" {
					fn = declaringFunc(n, lw.Info)
				}
				if lw.ShadowFuncs[s] == fn {
					continue
				}
			}
			name += " (another function's)"
		}
		other(s, name)
	}
	if len(others) == 0 {
		return ""
	}
	return fmt.Sprintf("it keeps %s and %s, of the same fields, as one type, so == and type switches and assertions would take one for the other",
		shadowName(n), strings.Join(others, ", "))
}

// sharedStruct returns the struct type of the session whose underlying
// type is t, an unnamed struct type (or a pointer to one, and then the
// pointer to it); nil when there is none.
func (lw *Lowering) sharedStruct(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	n, ptr := t, false
	if p, ok := t.(*types.Pointer); ok {
		n, ptr = p.Elem(), true
	}
	if _, ok := n.(*types.Struct); !ok {
		return nil
	}
	for _, st := range lw.sessionTypes() {
		if types.Identical(st.Underlying(), n) {
			if ptr {
				return types.NewPointer(st)
			}
			return st
		}
	}
	return nil
}

// identOf returns the identifier e is, unparenthesized, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}
