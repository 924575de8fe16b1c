package front

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// Values of the session's struct types reach fmt as structs that yaegi
// built with reflect, whose unexported fields are exported as "X"+name
// and whose types have no names: fmt.Printf("%+v", s) of
// "type S struct{ a, b int }" printed {Xa:1 Xb:2}, and %T printed
// struct { Xa int; Xb int }. When the front end knows an argument's type
// (it is not an interface), the argument of a printing function of fmt or
// log becomes
//
//	Prefix.GoValue(x, "descriptor")
//
// a compiled value that formats x as Go would, from a description of its
// static type: the names of its types and fields (Describe).

// printFuncs are fmt's and log's printing functions, by "path.Name".
var printFuncs = map[string]bool{
	"fmt.Print": true, "fmt.Println": true, "fmt.Printf": true, "fmt.Sprint": true, "fmt.Sprintln": true,
	"fmt.Sprintf": true, "fmt.Fprint": true, "fmt.Fprintln": true, "fmt.Fprintf": true, "fmt.Errorf": true,
	"fmt.Append": true, "fmt.Appendln": true, "fmt.Appendf": true,
	"log.Print": true, "log.Println": true, "log.Printf": true, "log.Fatal": true, "log.Fatalln": true,
	"log.Fatalf": true, "log.Panic": true, "log.Panicln": true, "log.Panicf": true,
}

// goValues wraps the arguments of a printing call whose static types hold
// a type of the session that yaegi misprints (see above), unless the
// type has a String, Error or Format method (fmt calls those instead).
func (lw *Lowering) goValues(c *ast.CallExpr, f *types.Func) {
	name := f.Pkg().Path() + "." + f.Name()
	if !printFuncs[name] {
		return
	}
	if c.Ellipsis.IsValid() {
		// f(xs...) with xs a []any: its elements through Dynamics.
		if last := len(c.Args) - 1; last >= 0 {
			xs := c.Args[last]
			if lw.spreadLength(xs) == nil && lw.bindSpread(c, f, name) {
				return
			}
			c.Args[last] = lw.dynamicArg(xs, true, 'v')
			lw.spreadTypeVerbs(c, name, xs)
		}
		return
	}
	first := 0 // the first value printed: after the writer, the buffer or the format
	if strings.HasPrefix(f.Name(), "Fprint") || strings.HasPrefix(f.Name(), "Append") {
		first = 1
	}
	if at, ok := formatFuncs[name]; ok {
		first = at + 1
	}
	lw.callResults(c, first)
	// The verbs, before typeVerbs writes the format anew.
	sharp := lw.sharpArgs(c, name)
	verbs := lw.argVerbs(c, name)
	lw.typeVerbs(c, name)
	for i, a := range c.Args {
		if i < first {
			continue
		}
		t := lw.Info.Types[a].Type
		if t != nil && sharp[i] && !types.IsInterface(t) && hasValueMethod(t, "Error", "String") && !hasValueMethod(t, "Format", "GoString") {
			// %#v prints the value, not what String says; yaegi's
			// wrapper with the method would be printed instead. A
			// number or string prints as one; a struct as GoValue
			// writes it.
			pos := a.Pos()
			if b, ok := t.Underlying().(*types.Basic); ok {
				if conv := lw.typeExpr(b, pos); conv != nil {
					c.Args[i] = &ast.CallExpr{Fun: conv, Lparen: pos, Args: []ast.Expr{a}, Rparen: a.End()}
				}
				continue
			}
			if HasSessionStruct(t) {
				c.Args[i] = &ast.CallExpr{Fun: lw.helper("GoValue", pos), Lparen: pos,
					Args:   []ast.Expr{a, stringLit(pos, Describe(t))},
					Rparen: a.End()}
			}
			continue
		}
		verb := verbs[i]
		if sharp[i] {
			verb = '#'
		}
		if d := lw.dynamicArg(a, false, verb); d != a {
			c.Args[i] = d
			continue
		}
		if t == nil || types.IsInterface(t) || hasValueMethod(t, "Error", "String", "Format") && (!holdsInstance(t) || hasValueMethod(t, "Format")) {
			// fmt calls the method; yaegi hands the value over with it
			// (but for an instance of a generic type, whose wrapper
			// yaegi builds wrongly: %d of Pair[int]{1, 2} printed
			// "{2 10897760}"), except the result of a generic
			// function or any call, converted by callResults.
			continue
		}
		pos := a.Pos()
		methods := lw.stringers(t, pos)
		if !HasSessionStruct(t) && len(methods) == 0 {
			continue
		}
		c.Args[i] = lw.goValueCall(a, t, methods)
	}
}

// sessionMethodValue reports whether t is a named type of the session
// with methods, or a pointer to one: a value that yaegi hands to fmt in
// its wrapper of the methods.
func sessionMethodValue(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath && hasAnyMethod(n)
}

// callResults converts each argument of a printing call from first on
// that is a call's result (or an assertion's) whose type is, or holds, a
// named type of the session to its own type: T(f()), []P(slices.Clone(ps)).
// yaegi hands such a value to compiled code without its type's methods
// (fmt.Println(mk()) of a func mk() S with String printed {1}), and one
// of a generic function as its reflect type (slices.Clone of a []Prob
// printed [0.5] and %T []float64, go run [50%] and []main.Prob); a value
// converted to its own type it hands over whole, as it does a variable.
func (lw *Lowering) callResults(c *ast.CallExpr, first int) {
	for i := first; i < len(c.Args); i++ {
		a := c.Args[i]
		t := lw.Info.Types[a].Type
		if t != nil && madeOfTypeParam(t, 0) && lw.hasStringers() {
			// A value of a type parameter, or made of one
			// (fmt.Sprint(v) in func Show[T any](v T), of vs []T):
			// yaegi hands it over bare, so a Color or an S with String
			// printed 1 or {1}. Held by an any variable first, it is in
			// yaegi's wrapper, which the dynamic helpers read as for
			// any interface.
			held := lw.inAnyVariable(a, a)
			lw.Info.Types[held] = types.TypeAndValue{Type: types.Universe.Lookup("any").Type()}
			c.Args[i] = held
			continue
		}
		if st, ok := lw.stdResults[a]; ok {
			// slices.Clone(ps), lowered to an assertion of a helper's
			// result.
			t = st
		} else if !handedBare(lw.Info, a) {
			continue
		}
		if t == nil || types.IsInterface(t) {
			continue
		}
		if !holds(t, func(t types.Type) bool { _, named := t.(*types.Named); return named }) {
			continue
		}
		if conv := lw.conversionTo(t, a); conv != nil {
			tv := lw.Info.Types[a]
			tv.Type = t
			lw.Info.Types[conv] = tv // the rest of goValues reads it
			c.Args[i] = conv
		}
	}
}

// madeOfTypeParam reports whether t is a type parameter, or a pointer,
// slice, array, map or channel type made of one (T, []T, map[string]*T).
func madeOfTypeParam(t types.Type, depth int) bool {
	if _, ok := t.(*types.TypeParam); ok {
		return true
	}
	if depth > 8 {
		return false
	}
	for _, p := range compositeParts(t) {
		if madeOfTypeParam(p, depth+1) {
			return true
		}
	}
	return false
}

// hasStringers reports whether the session declares a type with a String
// or Error method (on it or on its pointer), a generic one included:
// its instances, which later cells make, are named and printed by the
// candidates those cells register (registerLate).
func (lw *Lowering) hasStringers() bool {
	for _, t := range lw.sessionTypes() {
		if hasValueMethod(t, "String", "Error") || hasValueMethod(types.NewPointer(t), "String", "Error") {
			return true
		}
	}
	return lw.genericStringers()
}

// genericStringers reports whether the session declares a generic type
// with a String or Error method.
func (lw *Lowering) genericStringers() bool {
	for _, n := range lw.genericTypes() {
		for i := range n.NumMethods() {
			if m := n.Method(i).Name(); m == "String" || m == "Error" {
				return true
			}
		}
	}
	return false
}

// argVerbs returns the verb of each argument of a printf-style call by
// its index, from its constant format; 'v' for the arguments of the other
// printing functions, and 0 where the format does not say.
func (lw *Lowering) argVerbs(c *ast.CallExpr, name string) map[int]rune {
	out := map[int]rune{}
	at, ok := formatFuncs[name]
	if !ok {
		for i := range c.Args {
			out[i] = 'v'
		}
		return out
	}
	if len(c.Args) <= at {
		return out
	}
	tv := lw.Info.Types[c.Args[at]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return out
	}
	verbs, ok := printfVerbs(constant.StringVal(tv.Value))
	if !ok {
		return out
	}
	for i, v := range verbs {
		out[at+1+i] = v
	}
	return out
}

// hasValueMethod reports whether the method set of t itself (not of *t:
// fmt is handed a T) has one of names.
func hasValueMethod(t types.Type, names ...string) bool {
	ms := types.NewMethodSet(t)
	for _, n := range names {
		if ms.Lookup(nil, n) != nil {
			return true
		}
	}
	return false
}

// sharpArgs returns the indexes of the arguments of a printf-style call
// that its constant format prints with %#v.
func (lw *Lowering) sharpArgs(c *ast.CallExpr, name string) map[int]bool {
	at, ok := formatFuncs[name]
	if !ok || len(c.Args) <= at {
		return nil
	}
	format, offsets, ok := lw.constFormat(c.Args[at])
	if !ok {
		return nil
	}
	out := map[int]bool{}
	for i, off := range offsets {
		if format[off] != 'v' {
			continue
		}
		start := strings.LastIndexByte(format[:off], '%')
		if start >= 0 && strings.IndexByte(format[start:off], '#') >= 0 {
			out[at+1+i] = true
		}
	}
	return out
}

// stringers returns, for the named types of the session that t is made
// of and whose values fmt prints with their Error or String method (as
// fmt decides: Error first; in the value's method set, so a method with a
// pointer receiver counts for a *T), the arguments of GoValue that let it
// call them: the type's name in the description ("*" before it for the
// pointer) and func(v interface{}) string { return v.(T).String() }. yaegi
// hands compiled code values of the session's types without their
// methods, so fmt printed a []Point's elements as structs where Go calls
// Point's String. A type with a Format method, or one the cell cannot
// spell, is left out.
func (lw *Lowering) stringers(t types.Type, pos token.Pos) []ast.Expr {
	// An instance of a generic type of the session is written too
	// (v.(Pair[int]).String()): fmt printed []Pair[int]'s elements as
	// structs.
	lw.instances = true
	defer func() { lw.instances = false }()
	var out []ast.Expr
	seen := map[string]bool{}
	holds(t, func(t types.Type) bool {
		if n, ok := t.(*types.Named); ok {
			name := fmtName(n)
			out = append(out, lw.stringer(n, name, pos, seen)...)
			out = append(out, lw.stringer(types.NewPointer(n), "*"+name, pos, seen)...)
		}
		return false
	})
	if reachesInterface(t, map[types.Type]bool{}) {
		// A field or element of an interface type may hold a value of
		// any of the session's types: GoValue prints it with its
		// type's method too (Box{W: T{6}} printed {6} for {T6}).
		for _, st := range lw.sessionTypes() {
			name := fmtName(st)
			out = append(out, lw.stringer(st, name, pos, seen)...)
			out = append(out, lw.stringer(types.NewPointer(st), "*"+name, pos, seen)...)
		}
	}
	return out
}

// goValueCall returns GoValue(a, "descriptor", methods…), a of type t;
// GoValueIn, with the candidates of the session's types after the
// descriptor, when t reaches an interface: a field or element of an
// interface type may hold a value of the session's types bare, which the
// candidates describe (H{V: S{5, 6}} printed {V:{Xa:5 Xb:6}}).
func (lw *Lowering) goValueCall(a ast.Expr, t types.Type, methods []ast.Expr) *ast.CallExpr {
	pos := a.Pos()
	helper, args := "GoValue", []ast.Expr{a, stringLit(pos, Describe(t))}
	if reachesInterface(t, map[types.Type]bool{}) {
		if cands := lw.candidatesVar(types.NewInterfaceType(nil, nil), pos); cands != nil {
			helper = "GoValueIn"
			args = append(args, cands)
		}
	}
	return &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Args: append(args, methods...), Rparen: a.End()}
}

// reachesInterface reports whether a value of type t holds a value of an
// interface type: t's fields and elements, through the session's named
// types (as holds walks them).
func reachesInterface(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.(type) {
	case *types.Named:
		if u.Obj().Pkg() == nil || u.Obj().Pkg().Path() != PackagePath {
			return false
		}
		return reachesInterface(u.Underlying(), seen)
	case *types.Alias:
		return reachesInterface(types.Unalias(u), seen)
	case *types.Interface:
		return true
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if reachesInterface(u.Field(i).Type(), seen) {
				return true
			}
		}
	case *types.Pointer:
		return reachesInterface(u.Elem(), seen)
	case *types.Slice:
		return reachesInterface(u.Elem(), seen)
	case *types.Array:
		return reachesInterface(u.Elem(), seen)
	case *types.Map:
		return reachesInterface(u.Key(), seen) || reachesInterface(u.Elem(), seen)
	}
	return false
}

// stringer returns the pair of arguments of GoValue for the type t (a
// named type or a pointer to one), named key in descriptions, whose
// values fmt prints with their Error or String method; none when it has
// neither, has a Format method, or cannot be written at pos. seen holds
// the keys already given.
func (lw *Lowering) stringer(t types.Type, key string, pos token.Pos, seen map[string]bool) []ast.Expr {
	if seen[key] || types.IsInterface(t) {
		// An interface's value is printed by its dynamic type's
		// method; v.(I) of yaegi's wrapper of a value of an interface
		// the session declares, inside fmt's call, panicked
		// ("reflect.Set: value of type interface {} is not assignable
		// to type interp.valueInterface").
		return nil
	}
	seen[key] = true
	ms := types.NewMethodSet(t)
	if ms.Lookup(nil, "Format") != nil {
		return nil
	}
	method := ""
	for _, m := range []string{"Error", "String"} {
		if sel := ms.Lookup(nil, m); sel != nil {
			if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isString(sig.Results().At(0).Type()) {
				method = m
				break
			}
		}
	}
	if method == "" {
		return nil
	}
	tx := lw.assertedType(t, pos)
	if tx == nil {
		return nil
	}
	v := &ast.Ident{NamePos: pos, Name: "v"}
	empty := &ast.InterfaceType{Interface: pos, Methods: &ast.FieldList{Opening: pos, Closing: pos}}
	fn := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{v}, Type: empty}}},
			Results: &ast.FieldList{List: []*ast.Field{{Type: &ast.Ident{NamePos: pos, Name: "string"}}}}},
		Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{&ast.CallExpr{
			Fun:    &ast.SelectorExpr{X: &ast.TypeAssertExpr{X: &ast.Ident{NamePos: pos, Name: "v"}, Type: tx}, Sel: &ast.Ident{NamePos: pos, Name: method}},
			Lparen: pos, Rparen: pos}}}}},
	}
	return []ast.Expr{stringLit(pos, key), fn}
}

// HasSessionStruct reports whether t holds a struct type of the session:
// a named one (%#v spells its name), or one with an unexported field
// (%+v spells the field's name). Other types print alike with or without
// their names, but for %T (typeVerbs).
func HasSessionStruct(t types.Type) bool {
	return holds(t, func(t types.Type) bool {
		switch u := t.(type) {
		case *types.Named:
			_, isStruct := u.Underlying().(*types.Struct)
			return isStruct
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if !u.Field(i).Exported() {
					return true
				}
			}
		}
		return false
	})
}

// hasUnexportedField reports whether t holds a struct of the session with
// an unexported field, which yaegi exports under the name "X"+name. A
// MarshalJSON method does not help: encoding/json does not see the
// methods of the session's types (json.Marshal([]Self{{1}}) of a Self
// with MarshalJSON wrote [{"Xhidden":1}]).
func hasUnexportedField(t types.Type) bool {
	return holds(t, func(t types.Type) bool {
		if u, ok := t.(*types.Struct); ok {
			for i := 0; i < u.NumFields(); i++ {
				if f := u.Field(i); !f.Exported() && f.Pkg() != nil && f.Pkg().Path() == PackagePath {
					return true
				}
			}
		}
		return false
	})
}

// hasEmbeddedField reports whether t holds a struct declared in the
// session with an embedded field: yaegi builds the struct with reflect
// without marking the field embedded, so reflection (encoding/json) sees
// a field named after the type where Go promotes its fields.
func hasEmbeddedField(t types.Type) bool {
	return holds(t, func(t types.Type) bool {
		if u, ok := t.(*types.Struct); ok {
			for i := 0; i < u.NumFields(); i++ {
				if f := u.Field(i); f.Embedded() && f.Pkg() != nil && f.Pkg().Path() == PackagePath {
					return true
				}
			}
		}
		return false
	})
}

// needsGoValue reports whether t holds a named type or a struct with an
// unexported field declared in the session: what yaegi prints without
// its name.
func needsGoValue(t types.Type) bool {
	return holds(t, func(t types.Type) bool {
		if _, named := t.(*types.Named); named {
			return true
		}
		return HasSessionStruct(t)
	})
}

// holds reports whether f is true of t or of a type that t is made of:
// the elements of pointers, slices, arrays and maps, the fields of
// structs, and the underlying types of the session's named types (a named
// type of a compiled package is not opened: fmt sees it as it is). A type
// for which a stop function is true is not looked at.
func holds(t types.Type, f func(types.Type) bool, stop ...func(types.Type) bool) bool {
	seen := map[types.Type]bool{}
	var walk func(t types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		for _, s := range stop {
			if s(t) {
				return false
			}
		}
		switch u := t.(type) {
		case *types.Named:
			if u.Obj().Pkg() == nil || u.Obj().Pkg().Path() != PackagePath {
				return false
			}
			return f(u) || walk(u.Underlying())
		case *types.Struct:
			if f(u) {
				return true
			}
			for i := 0; i < u.NumFields(); i++ {
				if walk(u.Field(i).Type()) {
					return true
				}
			}
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Array:
			return walk(u.Elem())
		case *types.Map:
			return walk(u.Key()) || walk(u.Elem())
		}
		return false
	}
	return walk(t)
}

// Describe writes the description of a type that GoValue formats by:
//
//	N<name>T      a named type (its qualified name) of underlying T
//	S<n>f…        a struct of n fields, each <name>T (the name of an
//	              embedded field after a ^: "3:^Pa")
//	P T, L T      a pointer, a slice
//	A<n>T         an array of n
//	M T T         a map
//	O<name>       anything else, formatted by fmt as it is
//
// where <s> is a length, a colon and s: "4:main".
func Describe(t types.Type) string {
	var b strings.Builder
	describeType(&b, t, map[*types.Named]bool{})
	return b.String()
}

func describeType(b *strings.Builder, t types.Type, open map[*types.Named]bool) {
	str := func(s string) { b.WriteString(strconv.Itoa(len(s)) + ":" + s) }
	switch u := t.(type) {
	case *types.Named:
		name := fmtName(u)
		if open[u] || u.Obj().Pkg() == nil || u.Obj().Pkg().Path() != PackagePath {
			// A compiled type, or a recursive one: fmt as it is.
			b.WriteString("O")
			str(name)
			return
		}
		open[u] = true
		b.WriteString("N")
		str(name)
		describeType(b, u.Underlying(), open)
		delete(open, u)
	case *types.Struct:
		b.WriteString("S" + strconv.Itoa(u.NumFields()) + ":")
		for i := 0; i < u.NumFields(); i++ {
			name := u.Field(i).Name()
			if u.Field(i).Embedded() {
				name = "^" + name
			}
			str(name)
			describeType(b, u.Field(i).Type(), open)
		}
	case *types.Pointer:
		b.WriteString("P")
		describeType(b, u.Elem(), open)
	case *types.Slice:
		b.WriteString("L")
		describeType(b, u.Elem(), open)
	case *types.Array:
		b.WriteString("A" + strconv.FormatInt(u.Len(), 10) + ":")
		describeType(b, u.Elem(), open)
	case *types.Map:
		b.WriteString("M")
		describeType(b, u.Key(), open)
		describeType(b, u.Elem(), open)
	default:
		b.WriteString("O")
		str(fmtName(t))
	}
}

// spreadTypeVerbs lowers the %T verbs of a printf-style call whose
// arguments are the elements of xs, an identifier or a slice literal
// without indexes (f(format, xs...)), and whose format is a constant
// without explicit argument indexes: the format becomes
// SpreadTypeFormat(format, len(xs), []int{i, offset, …}) (the number of
// the literal's elements for len(xs)),
// which makes the verb of each element there is %s, and xs, inside what
// dynamicArg made of it, SpreadTypeNames(xs, []int{i, …}, candidates…),
// whose element i is the name of its dynamic type, as TypeName writes it.
// fmt printed the type of goexec's wrapper of a session value
// (goexec.goValue for main.Hv), or yaegi's struct { Xx int }.
func (lw *Lowering) spreadTypeVerbs(c *ast.CallExpr, name string, xs ast.Expr) {
	at, ok := formatFuncs[name]
	if !ok || len(c.Args) != at+2 || len(lw.sessionTypes()) == 0 && len(lw.allShadows()) == 0 {
		return
	}
	length := lw.spreadLength(xs)
	format, offsets, ok := lw.constFormat(c.Args[at])
	if !ok {
		lw.spreadTypeVerbsDyn(c, name, xs, length)
		return
	}
	if length == nil {
		return
	}
	pos := xs.Pos()
	intLit := func(n int) ast.Expr { return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(n)} }
	var pairs, indexes []ast.Expr
	for i, off := range offsets {
		if format[off] == 'T' {
			pairs = append(pairs, intLit(i), intLit(off))
			indexes = append(indexes, intLit(i))
		}
	}
	if len(indexes) == 0 {
		return
	}
	ints := func(elts []ast.Expr) ast.Expr {
		return &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: &ast.Ident{NamePos: pos, Name: "int"}}, Lbrace: pos, Elts: elts, Rbrace: pos}
	}
	if lw.typeExpr(types.Typ[types.Int], pos) == nil {
		return // int is not the predeclared type here
	}
	fpos := c.Args[at].Pos()
	c.Args[at] = &ast.CallExpr{Fun: lw.helper("SpreadTypeFormat", fpos), Lparen: fpos, Args: []ast.Expr{stringLit(fpos, format), length, ints(pairs)}, Rparen: fpos}
	names := &ast.CallExpr{Fun: lw.helper("SpreadTypeNames", pos), Lparen: pos, Args: []ast.Expr{xs, ints(indexes)}, Rparen: xs.End()}
	lw.spreadCandidates(names, types.NewInterfaceType(nil, nil), pos)
	replaceSpread(c, xs, names)
}

// spreadTypeVerbsDyn lowers the call c of spreadTypeVerbs whose format
// is not a constant (or has argument indexes): its verbs are read when
// the call runs,
//
//	f(SpreadTypeFormatDyn(format, len(xs), "fmt.Printf"), SpreadTypeNamesDyn(format, Dynamics(xs), candidates…)...)
//
// where the format is a variable (it is read twice), and the slice one or
// a literal (length); otherwise the format becomes TypeVerbLimit(format,
// "fmt.Printf"), which ends the cell when it has a %T.
func (lw *Lowering) spreadTypeVerbsDyn(c *ast.CallExpr, name string, xs, length ast.Expr) {
	at := formatFuncs[name]
	f := c.Args[at]
	fpos := f.Pos()
	if length == nil || !plainOperand(f) {
		c.Args[at] = &ast.CallExpr{Fun: lw.helper("TypeVerbLimit", fpos), Lparen: fpos, Args: []ast.Expr{f, stringLit(fpos, name)}, Rparen: f.End()}
		return
	}
	pos := xs.Pos()
	c.Args[at] = &ast.CallExpr{Fun: lw.helper("SpreadTypeFormatDyn", fpos), Lparen: fpos, Args: []ast.Expr{f, length, stringLit(fpos, name)}, Rparen: f.End()}
	names := &ast.CallExpr{Fun: lw.helper("SpreadTypeNamesDyn", pos), Lparen: pos, Args: []ast.Expr{copyOperand(f, fpos), xs}, Rparen: xs.End()}
	lw.spreadCandidates(names, types.NewInterfaceType(nil, nil), pos)
	replaceSpread(c, xs, names)
}

// replaceSpread puts names in place of the spread slice xs of c: its last
// argument, or the first argument of the call that wraps it there.
func replaceSpread(c *ast.CallExpr, xs, names ast.Expr) {
	last := len(c.Args) - 1
	if d, ok := c.Args[last].(*ast.CallExpr); ok && d != xs && len(d.Args) > 0 && d.Args[0] == xs {
		d.Args[0] = names
	} else {
		c.Args[last] = names
	}
}

// copyOperand returns new nodes at pos for e, a plainOperand (an
// identifier or a selector of one, in parentheses or not), so that the
// lowering can read it a second time.
func copyOperand(e ast.Expr, pos token.Pos) ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return &ast.SelectorExpr{X: copyOperand(e.X, pos), Sel: &ast.Ident{NamePos: pos, Name: e.Sel.Name}}
	default:
		return &ast.Ident{NamePos: pos, Name: e.(*ast.Ident).Name}
	}
}

// bindSpread lowers c, a printf-style call f(…, format, xs...) whose
// format is a constant with a %T verb and whose xs is neither an
// identifier nor a slice literal (fmt.Printf("%T\n", hvs()...) printed
// goexec.goValue, the kernel's wrapper, for main.Hv), to a function
// literal called with the arguments but the format, which binds xs to a
// parameter and makes the call as spreadTypeVerbs lowers it for an
// identifier:
//
//	func(P_1 []any) (int, error) { return fmt.Printf(format, P_1...) }(hvs())
//
// The arguments are evaluated once, in their order; the format, a
// constant, and a writer or buffer that is a variable (plainOperand) are
// written in the literal. It reports whether c was lowered.
func (lw *Lowering) bindSpread(c *ast.CallExpr, f *types.Func, name string) bool {
	at, ok := formatFuncs[name]
	if !ok || len(c.Args) != at+2 || len(lw.sessionTypes()) == 0 && len(lw.allShadows()) == 0 {
		return false
	}
	format, offsets, ok := lw.constFormat(c.Args[at])
	if !ok || !slices.ContainsFunc(offsets, func(off int) bool { return format[off] == 'T' }) {
		return false
	}
	sig := f.Type().(*types.Signature)
	pos := c.Pos()
	refuse := func() bool {
		// A type the cell cannot write: the call is refused, not
		// left to print the interpreter's types.
		lw.errs.Add(lw.Fset.Position(pos), fmt.Sprintf("%s with %%T of the elements of a spread argument that is not a variable "+
			"cannot run in the interpreter here: it would print the interpreter's types; assign the slice to a variable first "+
			"(xs := …; %s(…, xs...)), or %s", name, name, compiledFix))
		return true
	}
	field := func(id *ast.Ident, t types.Type) *ast.Field {
		tx := lw.typeExpr(t, pos)
		if tx == nil {
			return nil
		}
		f := &ast.Field{Type: tx}
		if id != nil {
			f.Names = []*ast.Ident{id}
		}
		return f
	}
	params, results := &ast.FieldList{Opening: pos, Closing: pos}, &ast.FieldList{Opening: pos, Closing: pos}
	inner := &ast.CallExpr{Fun: c.Fun, Lparen: c.Lparen, Ellipsis: c.Ellipsis, Rparen: c.Rparen}
	var outer []ast.Expr
	for i, a := range c.Args {
		if i == at {
			inner.Args = append(inner.Args, a)
			continue
		}
		if i < at && plainOperand(a) {
			// The writer or buffer named (os.Stdout, w): written in
			// the literal, where io.Writer may not be a type the cell
			// can write.
			inner.Args = append(inner.Args, a)
			continue
		}
		id := &ast.Ident{NamePos: a.Pos(), Name: lw.name("spread" + lw.Tag + "_")}
		p := field(id, sig.Params().At(min(i, sig.Params().Len()-1)).Type())
		if t := lw.Info.Types[a].Type; p == nil && i < at && t != nil && !types.IsInterface(t) {
			p = field(id, t) // &buf: *bytes.Buffer where io is not imported
		}
		if p == nil {
			return refuse()
		}
		params.List = append(params.List, p)
		inner.Args = append(inner.Args, &ast.Ident{NamePos: a.Pos(), Name: id.Name})
		outer = append(outer, a)
	}
	for i := range sig.Results().Len() {
		r := field(nil, sig.Results().At(i).Type())
		if r == nil {
			return refuse()
		}
		results.List = append(results.List, r)
	}
	// The elements through Dynamics, as for an identifier, then the
	// %T verbs.
	xs, id := c.Args[at+1], inner.Args[at+1]
	if d, ok := lw.dynamicArg(xs, true, 'v').(*ast.CallExpr); ok && d != xs && len(d.Args) > 0 && d.Args[0] == xs {
		d.Args[0] = id
		inner.Args[at+1] = d
	}
	lw.spreadTypeVerbs(inner, name, id)
	lw.spreadBound[inner] = true
	var body ast.Stmt = &ast.ExprStmt{X: inner}
	if len(results.List) > 0 {
		body = &ast.ReturnStmt{Return: pos, Results: []ast.Expr{inner}}
	}
	c.Fun = &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: params, Results: results},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{body}, Rbrace: pos}}
	c.Args, c.Ellipsis = outer, token.NoPos
	return true
}

// plainOperand reports whether e is an identifier or a selector of one
// (w, os.Stdout, s.w): reading it has no effect and needs no type.
func plainOperand(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return plainOperand(e.X)
	}
	return false
}

// spreadLength returns len(xs) for an identifier xs, the number of its
// elements for a slice literal without indexes ([]any{a, b}), which then
// runs once; nil for another expression.
func (lw *Lowering) spreadLength(xs ast.Expr) ast.Expr {
	pos := xs.Pos()
	switch x := ast.Unparen(xs).(type) {
	case *ast.Ident:
		return &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "len"}, Lparen: pos, Args: []ast.Expr{&ast.Ident{NamePos: pos, Name: x.Name}}, Rparen: pos}
	case *ast.CompositeLit:
		if t := lw.Info.Types[x].Type; t == nil {
			return nil
		} else if _, ok := t.Underlying().(*types.Slice); !ok {
			return nil
		}
		for _, e := range x.Elts {
			if _, ok := e.(*ast.KeyValueExpr); ok {
				return nil
			}
		}
		return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: strconv.Itoa(len(x.Elts))}
	}
	return nil
}

// constFormat returns the value of the format f, a string constant, and
// the offsets of its verbs (PrintfVerbOffsets); false when f is not a
// constant or has explicit argument indexes.
func (lw *Lowering) constFormat(f ast.Expr) (string, []int, bool) {
	tv := lw.Info.Types[f]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", nil, false
	}
	format := constant.StringVal(tv.Value)
	offsets, ok := PrintfVerbOffsets(format)
	return format, offsets, ok
}

// typeVerbs lowers the %T verbs of a printf-style call whose argument has
// a concrete type of the session: fmt writes %T from the reflect type,
// which has no name, so the verb becomes %s and the argument the type's
// name, as a string constant. The format must be a constant without
// explicit argument indexes.
func (lw *Lowering) typeVerbs(c *ast.CallExpr, name string) {
	at, ok := formatFuncs[name]
	if !ok || len(c.Args) <= at {
		return
	}
	format, offsets, ok := lw.constFormat(c.Args[at])
	if !ok {
		return
	}
	b := []byte(format)
	changed := false
	for i, off := range offsets {
		j := at + 1 + i
		if b[off] != 'T' || j >= len(c.Args) {
			continue
		}
		t := lw.Info.Types[c.Args[j]].Type
		if _, s, _ := lw.streamOf(c.Args[j]); s != "" {
			// os.Stdout is the cell's stream to the interpreter
			// (osstreams.go): goexec.streamWriter was printed.
			b[off] = 's'
			c.Args[j] = stringLit(c.Args[j].Pos(), "*os.File")
			changed = true
			continue
		}
		if t != nil && types.IsInterface(t) {
			// The dynamic type, read by the helper TypeName from
			// []I{x}, in which yaegi keeps it (goexec/dynamic.go).
			a := c.Args[j]
			if tx := lw.typeExpr(t, a.Pos()); tx != nil {
				b[off] = 's'
				one := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: a.Pos(), Elt: tx}, Lbrace: a.Pos(), Elts: []ast.Expr{a}, Rbrace: a.End()}
				name := &ast.CallExpr{Fun: lw.helper("TypeName", a.Pos()), Lparen: a.Pos(), Args: []ast.Expr{one}, Rparen: a.End()}
				lw.spreadCandidates(name, t, a.Pos())
				c.Args[j] = name
				changed = true
			}
			continue
		}
		if t == nil || types.IsInterface(t) || !needsGoValue(t) && !mentionsSession(t, map[types.Type]bool{}) && !methodInterfaceIn(t) {
			continue
		}
		b[off] = 's'
		pos := c.Args[j].Pos()
		c.Args[j] = &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(fmtTypeString(t))}
		changed = true
	}
	if changed {
		pos := c.Args[at].Pos()
		c.Args[at] = stringLit(pos, string(b))
	}
}

// typeCandidates returns, for the helpers TypeName, DynamicOne and
// DynamicPlain, the quadruples of Go's name, a zero value, the names of
// the methods and the description (Describe) of every type of the
// session, and pointer to one, that a value of the interface type iface
// can hold: "main.T", *new(T), "Error String", "…", "*main.T", (*T)(nil),
// "…", "…". A value that reaches the helper without
// yaegi's description of its type is named by the candidate of its
// reflect type (goexec/candidates.go).
func (lw *Lowering) typeCandidates(iface types.Type, pos token.Pos) []ast.Expr {
	var out []ast.Expr
	session := lw.sessionTypes()
	for _, t := range session {
		tx := lw.typeExpr(t, pos)
		if tx == nil {
			continue
		}
		name := fmtName(t)
		if types.AssignableTo(t, iface) {
			zero := &ast.StarExpr{Star: pos, X: &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "new"}, Lparen: pos, Args: []ast.Expr{tx}, Rparen: pos}}
			out = append(out, stringLit(pos, name), zero, stringLit(pos, methodNames(t)), stringLit(pos, Describe(t)))
		}
		if p := types.NewPointer(t); types.AssignableTo(p, iface) {
			zero := &ast.CallExpr{Fun: &ast.ParenExpr{Lparen: pos, X: &ast.StarExpr{Star: pos, X: lw.typeExpr(t, pos)}, Rparen: pos},
				Lparen: pos, Args: []ast.Expr{&ast.Ident{NamePos: pos, Name: "nil"}}, Rparen: pos}
			out = append(out, stringLit(pos, "*"+name), zero, stringLit(pos, methodNames(p)), stringLit(pos, Describe(p)))
		}
	}
	// Local types and unnamed struct types that yaegi holds as a
	// session type's reflect type, or names otherwise than Go
	// (shadows.go).
	return append(out, lw.shadowCandidates(iface, session, pos)...)
}

// mentionsSession reports whether the type t is written with a type of
// the session, also in a function's parameters or results: %T of a
// func(*Counter, int) printed yaegi's struct for Counter, so the static
// type (a non-interface type's dynamic type) is written out instead.
func mentionsSession(t types.Type, seen map[types.Type]bool) bool {
	return madeOf(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath
	}, false, seen)
}

// methodInterfaceIn reports whether the type t is written with an
// interface literal that has methods (map[string]interface{ String()
// string }): yaegi holds such an interface as its own interp.valueInterface,
// and fmt's %T of the map printed that name.
func methodInterfaceIn(t types.Type) bool {
	return madeOf(t, func(t types.Type) bool {
		it, ok := t.(*types.Interface)
		return ok && it.NumMethods() > 0
	}, false, map[types.Type]bool{})
}

// madeOf reports whether f is true of t or of a type that t is written
// with: the elements, keys, fields, parameters and results of its
// composite types, aliases resolved. A named type is not looked into,
// except, when args is set, its type arguments.
func madeOf(t types.Type, f func(types.Type) bool, args bool, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	t = types.Unalias(t)
	if f(t) {
		return true
	}
	in := func(ts ...types.Type) bool {
		for _, e := range ts {
			if madeOf(e, f, args, seen) {
				return true
			}
		}
		return false
	}
	switch u := t.(type) {
	case *types.Named:
		if args {
			for i := 0; i < u.TypeArgs().Len(); i++ {
				if in(u.TypeArgs().At(i)) {
					return true
				}
			}
		}
	case *types.Pointer:
		return in(u.Elem())
	case *types.Slice:
		return in(u.Elem())
	case *types.Array:
		return in(u.Elem())
	case *types.Chan:
		return in(u.Elem())
	case *types.Map:
		return in(u.Key(), u.Elem())
	case *types.Signature:
		for _, tu := range []*types.Tuple{u.Params(), u.Results()} {
			for i := 0; i < tu.Len(); i++ {
				if in(tu.At(i).Type()) {
					return true
				}
			}
		}
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if in(u.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// fmtName writes t as reflect names it (fmt's %T): package names, and
// the type arguments of an instance of a generic type separated by a
// comma alone, Pair[string,main.Weight] (go/types writes ", ").
func fmtName(t types.Type) string {
	qualifier := func(p *types.Package) string { return p.Name() }
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		name := u.Obj().Name()
		if p := u.Obj().Pkg(); p != nil {
			name = p.Name() + "." + name
		}
		if args := u.TypeArgs(); args.Len() > 0 {
			parts := make([]string, args.Len())
			for i := range parts {
				parts[i] = fmtName(args.At(i))
			}
			name += "[" + strings.Join(parts, ",") + "]"
		}
		return name
	case *types.Pointer:
		return "*" + fmtName(u.Elem())
	case *types.Slice:
		return "[]" + fmtName(u.Elem())
	case *types.Array:
		return "[" + strconv.FormatInt(u.Len(), 10) + "]" + fmtName(u.Elem())
	case *types.Map:
		return "map[" + fmtName(u.Key()) + "]" + fmtName(u.Elem())
	case *types.Chan:
		switch u.Dir() {
		case types.SendOnly:
			return "chan<- " + fmtName(u.Elem())
		case types.RecvOnly:
			return "<-chan " + fmtName(u.Elem())
		}
		return "chan " + fmtName(u.Elem())
	case *types.Signature:
		return fmtTypeString(u)
	case *types.Struct:
		// As reflect writes it: struct { A int; main.Inner; B string "tag" }.
		if u.NumFields() == 0 {
			return "struct {}"
		}
		fields := make([]string, u.NumFields())
		for i := range fields {
			f := u.Field(i)
			fields[i] = fmtName(f.Type())
			if !f.Embedded() {
				fields[i] = f.Name() + " " + fields[i]
			}
			if tag := u.Tag(i); tag != "" {
				fields[i] += " " + strconv.Quote(tag)
			}
		}
		return "struct { " + strings.Join(fields, "; ") + " }"
	case *types.Interface:
		// As reflect writes it: interface {}, interface { M(int) string }.
		if u.NumMethods() == 0 {
			return "interface {}"
		}
		methods := make([]string, u.NumMethods())
		for i := range methods {
			m := u.Method(i)
			methods[i] = m.Name() + strings.TrimPrefix(fmtTypeString(m.Type()), "func")
		}
		return "interface { " + strings.Join(methods, "; ") + " }"
	}
	return types.TypeString(t, qualifier)
}

// fmtTypeString writes t as fmt's %T does: package names, type arguments
// as fmtName writes them, and a function's parameters and results
// without their names.
func fmtTypeString(t types.Type) string {
	sig, ok := t.(*types.Signature)
	if !ok {
		return fmtName(t)
	}
	list := func(tu *types.Tuple, variadic bool) []string {
		var out []string
		for i := 0; i < tu.Len(); i++ {
			pt := tu.At(i).Type()
			if variadic && i == tu.Len()-1 {
				if sl, ok := pt.(*types.Slice); ok {
					out = append(out, "..."+fmtTypeString(sl.Elem()))
					continue
				}
			}
			out = append(out, fmtTypeString(pt))
		}
		return out
	}
	str := "func(" + strings.Join(list(sig.Params(), sig.Variadic()), ", ") + ")"
	switch res := list(sig.Results(), false); len(res) {
	case 0:
	case 1:
		str += " " + res[0]
	default:
		str += " (" + strings.Join(res, ", ") + ")"
	}
	return str
}

// holdsInstance reports whether t holds an instance of a generic type of
// the session.
func holdsInstance(t types.Type) bool {
	return holds(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && n.TypeArgs().Len() > 0 && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath
	})
}
