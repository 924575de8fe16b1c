package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// refuseTemplate refuses (*Template).Execute and ExecuteTemplate of
// text/template and html/template with data whose type holds a type the
// session declared with methods: the template reaches them by reflection,
// which does not see methods declared in the interpreter ("can't evaluate
// field Total", after part of the output was written).
func (lw *Lowering) refuseTemplate(c *ast.CallExpr, f *types.Func) {
	if p := f.Pkg().Path(); p != "text/template" && p != "html/template" || len(c.Args) == 0 {
		return
	}
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil || (f.Name() != "Execute" && f.Name() != "ExecuteTemplate") {
		return
	}
	data := c.Args[len(c.Args)-1]
	t := lw.Info.Types[data].Type
	if t == nil || !holds(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && n.NumMethods() > 0
	}) {
		return
	}
	lw.errs.Add(lw.Fset.Position(data.Pos()), fmt.Sprintf("template %s with data of type %s cannot run in the interpreter: "+
		"the template reaches values by reflection, which does not see the methods of types declared in cells; "+
		"declare the function that runs it in a cell of its own (it then runs compiled), or pass data without methods", f.Name(), t))
}

// refuseJSON refuses encoding/json's and encoding/xml's encoding and
// decoding of a value whose type holds a type of the session that they
// would get wrong, silently, because they reach values by reflection:
//
//   - json.Marshal, MarshalIndent and (*Encoder).Encode of a struct of the
//     session with an unexported field: yaegi exports such a field as
//     "X"+name, so json wrote it ("Xinternal":"secret") where Go leaves it
//     out;
//   - the same of a value holding a session type with a MarshalJSON or
//     MarshalText method, but for Marshal and MarshalIndent of a value of
//     that type itself (or a pointer to it) with the method in its method
//     set, which yaegi's wrapper passes on: json wrote the fields
//     ({"A":{"X":0}} for "A":"j"), a map with such keys not at all, and
//     Encode wrote the fields even of the value itself;
//   - json.Unmarshal and (*Decoder).Decode into a value holding a session
//     type with an UnmarshalJSON or UnmarshalText method: json set the
//     fields ([{1}] for [{42}]), or said "Unmarshal(non-pointer …)";
//   - xml's Marshal, MarshalIndent, (*Encoder).Encode and EncodeElement
//     of a value of a named struct of the session (a slice, array or
//     pointer of one) without an XMLName field: yaegi's type has no name,
//     so xml said "unsupported type" where Go writes <P>…</P>; and xml of a
//     value holding a session type with a MarshalXML, MarshalXMLAttr or
//     MarshalText method, or decoded into one with an UnmarshalXML,
//     UnmarshalXMLAttr or UnmarshalText method.
//
// A refused cell that holds only declarations takes the compiled road
// (docs/goexec.md).
func (lw *Lowering) refuseJSON(c *ast.CallExpr, f *types.Func) {
	pkg := f.Pkg().Path()
	if pkg != "encoding/json" && pkg != "encoding/xml" && pkg != DisplayPath || len(c.Args) == 0 {
		return
	}
	short := "json"
	if pkg == "encoding/xml" {
		short = "xml"
	}
	encode, arg := false, c.Args[0]
	switch name := f.Name(); {
	case pkg == DisplayPath && (name == "JSON" || name == "JSONBundle") && f.Type().(*types.Signature).Recv() == nil:
		// display.JSON(v) marshals v with encoding/json.
		encode, short = true, "display"
	case pkg == DisplayPath:
		return
	case name == "Marshal" || name == "MarshalIndent" || name == "Encode" || name == "EncodeElement":
		encode = true
	case name == "Unmarshal":
		if len(c.Args) < 2 {
			return
		}
		arg = c.Args[1]
	case name == "Decode" || name == "DecodeElement":
	default:
		return
	}
	if f.Type().(*types.Signature).Recv() != nil && f.Name() != "Encode" && f.Name() != "Decode" &&
		f.Name() != "EncodeElement" && f.Name() != "DecodeElement" {
		return
	}
	t := lw.Info.Types[arg].Type
	if t == nil {
		return
	}
	call := short + "." + f.Name()
	if recv := f.Type().(*types.Signature).Recv(); recv != nil {
		call = "(" + types.TypeString(recv.Type(), func(p *types.Package) string { return p.Name() }) + ")." + f.Name()
	}
	refuse := func(why, fix string) {
		lw.errs.Add(lw.Fset.Position(arg.Pos()), fmt.Sprintf("%s of %s cannot run in the interpreter: %s; %s"+
			"run it compiled: declare the types and the function that calls %s in a cell of their own "+
			"(such a cell takes the compiled road), or use a %%%%compile cell", call, t, why, fix, call))
	}
	var methods []string
	switch {
	case short == "json" && encode:
		methods = []string{"MarshalJSON", "MarshalText"}
	case short == "json":
		methods = []string{"UnmarshalJSON", "UnmarshalText"}
	case encode:
		methods = []string{"MarshalXML", "MarshalXMLAttr", "MarshalText"}
	default:
		methods = []string{"UnmarshalXML", "UnmarshalXMLAttr", "UnmarshalText"}
	}
	if short == "display" {
		// As json.Marshal, with the display's argument given on by
		// yaegi without its methods.
		if m := sessionMethod(t, []string{"MarshalJSON", "MarshalText"}, false); m != "" {
			refuse(fmt.Sprintf("it reaches values by reflection, which does not see the %s method of a type declared in a cell", m), "")
		} else if hasUnexportedField(t) || hasEmbeddedField(t) {
			c.Args[0] = lw.jsonArg(arg, t)
		}
		return
	}
	top := f.Name() == "Marshal" || f.Name() == "MarshalIndent"
	if short == "json" && encode && (hasUnexportedField(t) || hasEmbeddedField(t)) {
		if m := sessionMethod(t, methods, top); m != "" {
			refuse(fmt.Sprintf("it reaches values by reflection, which does not see the %s method of a type declared in a cell", m), "")
		} else if sessionMethod(t, methods, false) == "" {
			// yaegi exports the unexported fields as X+name, and does
			// not mark embedded fields so, and json would write them as
			// fields: the argument goes as a value that writes what Go's
			// json writes (goexec/jsonvalue.go). (With a method of t's
			// own, which yaegi passes on, json calls it.)
			c.Args[0] = lw.jsonArg(arg, t)
		}
		return
	}
	if m := sessionMethod(t, methods, top); m != "" {
		refuse(fmt.Sprintf("it reaches values by reflection, which does not see the %s method of a type declared in a cell", m), "")
		return
	}
	if short == "json" && needsGoValue(t) && (f.Name() == "Unmarshal" || f.Name() == "Decode") {
		if hasEmbeddedField(t) {
			// json set no promoted field: {"z": 5} left Outer.Inner.Z 0.
			refuse("yaegi does not mark a struct's embedded fields as embedded, so json would not set the fields they promote",
				"decode into a struct without embedded fields, or ")
			return
		}
		lw.jsonDecodeCall(c, f)
		return
	}
	if short == "xml" && encode && hasUnexportedField(t) {
		// xml wrote <Xsecret>3</Xsecret> for an unexported field secret.
		refuse("it would write the struct's unexported fields (yaegi exports them as X+name)", "copy the value into a "+
			"struct with only exported fields, or ")
		return
	}
	if short == "xml" && encode {
		if n := unnamedForXML(t); n != "" {
			refuse(fmt.Sprintf("xml names the element after the type %s, which has no name in the interpreter "+
				"(it would fail with \"unsupported type\")", n), fmt.Sprintf("give %s an XMLName xml.Name field, or ", n))
		}
	}
}

// jsonArg returns the argument a of type t, which holds a struct of the
// session with unexported fields, as json is given it:
// JSONValue(GoValue(a, "descriptor")) (GoValueIn, with the candidates of
// the session's types, when t reaches an interface).
func (lw *Lowering) jsonArg(a ast.Expr, t types.Type) ast.Expr {
	pos := a.Pos()
	return &ast.CallExpr{Fun: lw.helper("JSONValue", pos), Lparen: pos, Args: []ast.Expr{lw.goValueCall(a, t, nil)}, Rparen: a.End()}
}

// jsonDecodeCall lowers json.Unmarshal(data, p) and dec.Decode(p), p of
// a type that holds a named type or a struct with unexported fields of
// the session, to the helpers JSONUnmarshal(data, p, "names", "type",
// "descriptor") and JSONDecode(dec, p, "names", "type", "descriptor"):
// type is p's Go type, names the names in the interpreter of the
// unexported fields (X+name, each followed by a space), which json sets
// from a key that matches them (a key "Xx" set the unexported x; the
// helpers end the cell where a key of the data would), and the
// descriptor lets the helpers name the session's struct in json's type
// errors as Go does ("Go struct field Employee.id", not ".id";
// goexec/jsonvalue.go).
func (lw *Lowering) jsonDecodeCall(c *ast.CallExpr, f *types.Func) {
	t := lw.Info.Types[c.Args[len(c.Args)-1]].Type
	var names strings.Builder
	holds(t, func(t types.Type) bool {
		if u, ok := t.(*types.Struct); ok {
			for i := 0; i < u.NumFields(); i++ {
				if fl := u.Field(i); !fl.Exported() && fl.Pkg() != nil && fl.Pkg().Path() == PackagePath {
					names.WriteString("X" + fl.Name() + " ")
				}
			}
		}
		return false
	})
	pos := c.Pos()
	typ := stringLit(pos, types.TypeString(t, func(p *types.Package) string { return p.Name() }))
	desc := stringLit(pos, Describe(t))
	if f.Name() == "Unmarshal" {
		c.Fun = lw.helper("JSONUnmarshal", pos)
		c.Args = append(c.Args, stringLit(pos, names.String()), typ, desc)
		return
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	c.Fun = lw.helper("JSONDecode", pos)
	c.Args = []ast.Expr{sel.X, c.Args[0], stringLit(pos, names.String()), typ, desc}
}

// sessionMethod returns the first of methods that a session type held by
// t has (in the method set of the type or of its pointer), or "". With
// top, t itself (or what a pointer t points to) is left out when the
// method is in t's own method set: yaegi's wrapper of an argument passes
// such a method on to the package.
func sessionMethod(t types.Type, methods []string, top bool) string {
	found := ""
	has := func(t types.Type, ptr bool) string {
		for _, m := range methods {
			tt := t
			if ptr {
				tt = types.NewPointer(t)
			}
			if types.NewMethodSet(tt).Lookup(nil, m) != nil {
				return m
			}
		}
		return ""
	}
	var self types.Type
	if top {
		self = t
		if p, ok := t.(*types.Pointer); ok {
			self = p.Elem()
		}
	}
	holds(t, func(u types.Type) bool {
		n, ok := u.(*types.Named)
		if !ok {
			return false
		}
		if n == self {
			// Passed on only when the argument's own method set has it.
			if m := has(n, false); m != "" {
				return false
			}
			if _, ptr := t.(*types.Pointer); ptr && has(n, true) != "" {
				return false
			}
		}
		found = has(n, true)
		return found != ""
	})
	return found
}

// unnamedForXML returns the name of the session's struct type that xml
// would name an element after, t or the element of a pointer, slice or
// array t, when it has no XMLName field; "" otherwise.
func unnamedForXML(t types.Type) string {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		case *types.Named:
			if u.Obj().Pkg() == nil || u.Obj().Pkg().Path() != PackagePath {
				return ""
			}
			st, ok := u.Underlying().(*types.Struct)
			if !ok {
				return ""
			}
			for i := range st.NumFields() {
				if st.Field(i).Name() == "XMLName" {
					return ""
				}
			}
			return u.Obj().Name()
		}
		return ""
	}
}

// refusePointerConstraints refuses a type parameter whose constraint
// holds a pointer to another type parameter, "func F[T any, PT
// interface{ *T; M() }](…)": yaegi v0.16.1's compiler fails on a use of
// it with a message of its own ("index out of range [0] with length 0",
// "invalid memory address or nil pointer dereference"), or the cell's
// statements silently did not run. A cell that is refused and holds
// only declarations takes the compiled road (kernel/goexec), where they
// are Go's; its non-generic functions may then be called from later
// cells.
func (lw *Lowering) refusePointerConstraints(f *ast.File) {
	check := func(list *ast.FieldList) {
		if list == nil {
			return
		}
		for _, field := range list.List {
			for _, name := range field.Names {
				tn, ok := lw.Info.Defs[name].(*types.TypeName)
				if !ok {
					continue
				}
				tp, ok := tn.Type().(*types.TypeParam)
				if !ok || !pointsToParam(tp.Constraint(), map[types.Type]bool{}) {
					continue
				}
				lw.errs.Add(lw.Fset.Position(name.Pos()), fmt.Sprintf("type parameter %s has a pointer constraint (%s: "+
					"a pointer to another type parameter), which the interpreter cannot run (yaegi v0.16.1's compiler fails on it); "+
					"write it without the pointer constraint (take a func(*T), or values of an interface type), or declare it in a "+
					"cell of its own with non-generic functions that call it for the types you need (that cell runs compiled; "+
					"the interpreter cannot instantiate a compiled generic) and call those", name.Name, types.TypeString(tp.Constraint(), types.RelativeTo(tn.Pkg()))))
			}
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			check(d.Type.TypeParams)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok {
					check(ts.TypeParams)
				}
			}
		}
	}
}

// pointsToParam reports whether the constraint t holds a term that is a
// pointer to a type parameter.
func pointsToParam(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Interface:
		for i := range u.NumEmbeddeds() {
			if pointsToParam(u.EmbeddedType(i), seen) {
				return true
			}
		}
	case *types.Union:
		for i := range u.Len() {
			if pointsToParam(u.Term(i).Type(), seen) {
				return true
			}
		}
	case *types.Pointer:
		_, ok := u.Elem().(*types.TypeParam)
		return ok
	}
	return false
}

// refuseGenericNames refuses a method of a generic type, or a generic
// function, declared in f whose name another generic type of the session
// uses for a method (or a generic function has): yaegi v0.16.1 keeps one
// instance of a generic function or method by its name and type
// arguments alone ("Kind[int]"), without the receiver's type, so with
//
//	func (s *Stack[T]) Kind() string { return "stack" }
//	func (q *Queue[T]) Kind() string { return "queue" }
//
// (&Queue[int]{}).Kind() gave "stack", silently, once Stack[int]'s had
// run (and a String method of one type was called with the other's
// value: "reflect.Set: value of type … is not assignable"). No lowering
// is safe (see docs/goexec.md): a method's name is how interfaces, fmt
// (String, Error, Format) and reflect find it, and a hidden type
// parameter or an instance per type argument would change the type's
// name that %T and %v print.
func (lw *Lowering) refuseGenericNames(f *ast.File) {
	if lw.Scope == nil {
		return
	}
	// Who uses each name: the generic types with a method of that name,
	// and a generic function of that name (as "").
	users := map[string][]string{}
	for _, name := range lw.Scope.Names() {
		switch obj := lw.Scope.Lookup(name).(type) {
		case *types.TypeName:
			n, ok := obj.Type().(*types.Named)
			if !ok || n.TypeParams().Len() == 0 {
				continue
			}
			for i := range n.NumMethods() {
				m := n.Method(i).Name()
				users[m] = append(users[m], name)
			}
		case *types.Func:
			if sig, ok := obj.Type().(*types.Signature); ok && sig.TypeParams().Len() > 0 {
				users[name] = append(users[name], "")
			}
		}
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		own := "" // the receiver's type, "" for a function
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			t := lw.Info.Types[fd.Recv.List[0].Type].Type
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			n, ok := t.(*types.Named)
			if !ok || n.TypeArgs().Len() == 0 && n.TypeParams().Len() == 0 {
				continue
			}
			own = n.Obj().Name()
		} else if fd.Type.TypeParams == nil || len(fd.Type.TypeParams.List) == 0 {
			continue
		}
		for _, other := range users[fd.Name.Name] {
			if other == own {
				continue
			}
			what := "a method of the generic type " + other
			if other == "" {
				what = "a generic function"
			}
			lw.errs.Add(lw.Fset.Position(fd.Name.Pos()), fmt.Sprintf("%s is also the name of %s: the interpreter cannot run both "+
				"(yaegi v0.16.1 keeps one instance of a generic method or function by its name and type arguments, "+
				"so one type's %s would run the other's); rename one of them, or declare both, with the functions that use "+
				"their instances, in a %%%%compile cell (a cell that declares func main is compiled as a whole)", fd.Name.Name, what, fd.Name.Name))
			break
		}
	}
}

// refuseRecursiveGenerics refuses a generic type declared in f that
// refers to itself, through its fields, elements, keys, parameters or
// type arguments, on a cycle of generic types one of which has two or
// more type parameters:
//
//	type Entry[K comparable, V any] struct {
//		Key        K
//		Val        V
//		next, prev *Entry[K, V]
//	}
//
// yaegi v0.16.1 instantiates such a type without end (each instance
// names the next before it is recorded) until the goroutine's stack
// overflows, which ends the worker's process; a type of one type
// parameter that refers to itself (a list node Node[T]) runs.
func (lw *Lowering) refuseRecursiveGenerics(f *ast.File) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts, ok := s.(*ast.TypeSpec)
			if !ok || ts.TypeParams == nil || ts.Assign.IsValid() {
				continue
			}
			tn, ok := lw.Info.Defs[ts.Name].(*types.TypeName)
			if !ok {
				continue
			}
			start, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(start) {
				continue
			}
			if path := genericCycle(start); path != nil {
				names := make([]string, len(path))
				for i, n := range path {
					names[i] = n.Obj().Name()
				}
				lw.errs.Add(lw.Fset.Position(ts.Name.Pos()), fmt.Sprintf("the generic type %s refers to itself (%s) with two or more type "+
					"parameters on the way, which the interpreter cannot run (yaegi v0.16.1 instantiates it without end, until its stack "+
					"overflows); declare it, with the functions that use its instances, in a %%%%compile cell (a cell that declares func main "+
					"is compiled as a whole), or give the types on the cycle one type parameter each", ts.Name.Name, strings.Join(append(names, names[0]), " → ")))
			}
		}
	}
}

// genericCycle returns the generic types of package main from start back
// to start (start first, not repeated) along the instances that their
// underlying types are written with, when one such cycle has a type of
// two or more type parameters; nil when none has.
func genericCycle(start *types.Named) []*types.Named {
	var path []*types.Named
	onPath := map[*types.Named]bool{}
	done := map[*types.Named]bool{}
	var visit func(n *types.Named) bool
	visit = func(n *types.Named) bool {
		path = append(path, n)
		onPath[n] = true
		found := false
		for _, next := range genericRefs(n.Underlying()) {
			if next == start {
				for _, p := range path {
					if p.TypeParams().Len() >= 2 {
						found = true
					}
				}
			} else if !onPath[next] && !done[next] {
				found = visit(next)
			}
			if found {
				return true
			}
		}
		path = path[:len(path)-1]
		delete(onPath, n)
		done[n] = true
		return false
	}
	if visit(start) {
		return path
	}
	return nil
}

// genericRefs returns the generic types of package main (their origins)
// whose instances t is written with: in struct fields, pointers, lists,
// maps, channels, function signatures and type arguments; an instance's
// own underlying type is not looked into (its origin is the edge).
func genericRefs(t types.Type) []*types.Named {
	var out []*types.Named
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch u := types.Unalias(t).(type) {
		case *types.Named:
			if u.TypeArgs().Len() == 0 {
				return
			}
			if o := u.Origin(); o.Obj().Pkg() != nil && o.Obj().Pkg().Path() == PackagePath && !slices.Contains(out, o) {
				out = append(out, o)
			}
			for i := range u.TypeArgs().Len() {
				walk(u.TypeArgs().At(i))
			}
		case *types.Struct:
			for i := range u.NumFields() {
				walk(u.Field(i).Type())
			}
		case *types.Signature:
			for _, tu := range []*types.Tuple{u.Params(), u.Results()} {
				for i := range tu.Len() {
					walk(tu.At(i).Type())
				}
			}
		default:
			for _, p := range compositeParts(t) {
				walk(p)
			}
		}
	}
	walk(t)
	return out
}
