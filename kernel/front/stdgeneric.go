package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// stdGeneric are the generic functions of the standard packages slices,
// maps and cmp that the interpreter provides as helpers taking any (see
// kernel/goexec/generics.go), by "package.Name": the helper's name, and
// whether the result is of a generic type (then asserted back to the
// call's type).
var stdGeneric = map[string]struct {
	helper  string
	generic bool
}{
	"slices.Sort": {"SlicesSort", false}, "slices.SortFunc": {"SlicesSortFunc", false},
	"slices.SortStableFunc": {"SlicesSortStableFunc", false}, "slices.IsSorted": {"SlicesIsSorted", false},
	"slices.IsSortedFunc": {"SlicesIsSortedFunc", false}, "slices.BinarySearch": {"SlicesBinarySearch", false},
	"slices.BinarySearchFunc": {"SlicesBinarySearchFunc", false}, "slices.Contains": {"SlicesContains", false},
	"slices.ContainsFunc": {"SlicesContainsFunc", false}, "slices.Index": {"SlicesIndex", false},
	"slices.IndexFunc": {"SlicesIndexFunc", false}, "slices.Max": {"SlicesMax", true}, "slices.Min": {"SlicesMin", true},
	"slices.MaxFunc": {"SlicesMaxFunc", true}, "slices.MinFunc": {"SlicesMinFunc", true},
	"slices.Reverse": {"SlicesReverse", false}, "slices.Equal": {"SlicesEqual", false},
	"slices.EqualFunc": {"SlicesEqualFunc", false}, "slices.Compare": {"SlicesCompare", false},
	"slices.Clone": {"SlicesClone", true}, "slices.Compact": {"SlicesCompact", true},
	"slices.CompactFunc": {"SlicesCompactFunc", true}, "slices.Insert": {"SlicesInsert", true},
	"slices.Delete": {"SlicesDelete", true}, "slices.DeleteFunc": {"SlicesDeleteFunc", true},
	"slices.Repeat": {"SlicesRepeat", true}, "slices.Concat": {"SlicesConcat", true},
	"slices.Grow": {"SlicesGrow", true}, "slices.Clip": {"SlicesClip", true},
	"maps.Clone": {"MapsClone", true}, "maps.Copy": {"MapsCopy", false}, "maps.Equal": {"MapsEqual", false},
	"maps.EqualFunc": {"MapsEqualFunc", false}, "maps.DeleteFunc": {"MapsDeleteFunc", false},
	"slices.Replace": {"SlicesReplace", true}, "slices.AppendSeq": {"SlicesAppendSeq", true},
	"maps.Insert": {"MapsInsert", false},
	"cmp.Compare": {"CmpCompare", false}, "cmp.Less": {"CmpLess", false}, "cmp.Or": {"CmpOr", true},
}

// stdGenericPackages are the packages whose generic functions yaegi runs
// wrongly: a use of one that stdGeneric does not list is refused.
var stdGenericPackages = map[string]bool{"slices": true, "maps": true, "cmp": true, "iter": true}

// stdFunc returns "package.Name" of the function that e (x.Sel) names
// in one of stdGenericPackages, or "".
func (lw *Lowering) stdFunc(e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || !stdGenericPackages[f.Pkg().Path()] {
		return ""
	}
	return f.Pkg().Path() + "." + f.Name()
}

// generics replaces, under n, the calls of the generic functions of the
// standard packages by calls of the interpreter's helpers, and refuses
// the other uses of those packages' functions.
func (lw *Lowering) generics(n ast.Node) {
	// Which selectors are called, and which calls of maps.Keys or Values
	// their slices.Collect or Sorted lowers (replaceExprs visits children
	// first).
	inner := map[*ast.CallExpr]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name := lw.stdFunc(c.Fun)
		if name == "" {
			return true
		}
		lw.lowered[ast.Unparen(c.Fun).(*ast.SelectorExpr)] = true
		if (name == "slices.Collect" || name == "slices.Sorted") && len(c.Args) == 1 {
			if in, ok := ast.Unparen(c.Args[0]).(*ast.CallExpr); ok {
				if n := lw.stdFunc(in.Fun); n == "maps.Keys" || n == "maps.Values" {
					inner[in] = true
				}
			}
		}
		return true
	})
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		switch x := e.(type) {
		case *ast.CallExpr:
			if name := lw.stdFunc(x.Fun); name != "" && !inner[x] && !lw.iterCalls[x] {
				return lw.stdCall(x, name)
			}
		case *ast.SelectorExpr:
			if name := lw.stdFunc(x); name != "" && !lw.lowered[x] {
				lw.refuseStd(x.Pos(), name, "is used as a value")
			}
		}
		return e
	})
}

// stdCall returns the lowering of a call of name (package.Name).
func (lw *Lowering) stdCall(c *ast.CallExpr, name string) ast.Expr {
	pos := c.Pos()
	sel := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	// slices.Collect or Sorted of maps.Keys or Values: one helper.
	if (name == "slices.Collect" || name == "slices.Sorted") && len(c.Args) == 1 {
		if inner, ok := ast.Unparen(c.Args[0]).(*ast.CallExpr); ok {
			if in := lw.stdFunc(inner.Fun); (in == "maps.Keys" || in == "maps.Values") && len(inner.Args) == 1 {
				t := lw.Info.Types[c].Type
				tx := lw.typeExpr(t, pos)
				if tx == nil {
					lw.refuseStd(pos, name, fmt.Sprintf("has a result of type %s, which has no name here", t))
					return c
				}
				helper := "MapsKeysSlice"
				if in == "maps.Values" {
					helper = "MapsValuesSlice"
				}
				sorted := "false"
				if name == "slices.Sorted" {
					sorted = "true"
				}
				call := &ast.CallExpr{Fun: lw.helper(helper, pos), Lparen: pos, Rparen: c.Rparen, Args: []ast.Expr{
					inner.Args[0], typedNil(tx, pos), &ast.Ident{NamePos: pos, Name: sorted},
				}}
				return lw.stdResult(&ast.TypeAssertExpr{X: call, Lparen: pos, Type: lw.typeExpr(t, pos), Rparen: c.Rparen}, t)
			}
		}
	}
	if x, ok := lw.pullCall(c, name); ok {
		return x
	}
	if x, ok := lw.seqCall(c, name); ok {
		return x
	}
	if x, ok := lw.producerCall(c, name); ok {
		return x
	}
	h, ok := stdGeneric[name]
	if !ok {
		lw.refuseStd(pos, name, "is not available in the interpreter yet")
		return c
	}
	if c.Ellipsis.IsValid() {
		lw.refuseStd(pos, name, "cannot be called with a spread argument (x...) in the interpreter")
		return c
	}
	if name == "cmp.Or" {
		if t := lw.Info.Types[c].Type; t != nil && types.IsInterface(t) {
			lw.refuseStd(pos, name, "of an interface type cannot be called in the interpreter (its helper sees only dynamic values)")
			return c
		}
	}
	args, ok := lw.typedArgs(c, sel)
	if !ok {
		lw.refuseStd(pos, name, "has an untyped or nil argument whose type has no name here")
		return c
	}
	call := &ast.CallExpr{Fun: lw.helper(h.helper, sel.Sel.Pos()), Lparen: c.Lparen, Args: args, Rparen: c.Rparen}
	if !h.generic {
		return call
	}
	t := lw.Info.Types[c].Type
	tx := lw.typeExpr(t, pos)
	if tx == nil {
		lw.refuseStd(pos, name, fmt.Sprintf("has a result of type %s, which has no name here", t))
		return c
	}
	return lw.stdResult(&ast.TypeAssertExpr{X: call, Lparen: pos, Type: tx, Rparen: c.Rparen}, t)
}

// seqCall returns the lowering of a call of a function that collects an
// iterator into a new slice or map (slices.Collect, Sorted, SortedFunc,
// SortedStableFunc, maps.Collect), and true, or c and false when name is
// none of them: the helper gets a typed nil of the result's type first.
func (lw *Lowering) seqCall(c *ast.CallExpr, name string) (ast.Expr, bool) {
	var helper, flag string
	switch name {
	case "slices.Collect", "slices.Sorted":
		helper, flag = "SlicesCollect", fmt.Sprint(name == "slices.Sorted")
	case "slices.SortedFunc", "slices.SortedStableFunc":
		helper, flag = "SlicesSortedFunc", fmt.Sprint(name == "slices.SortedStableFunc")
	case "maps.Collect":
		helper = "MapsCollect"
	default:
		return c, false
	}
	pos := c.Pos()
	t := lw.Info.Types[c].Type
	tx := lw.typeExpr(t, pos)
	if tx == nil {
		lw.refuseStd(pos, name, fmt.Sprintf("has a result of type %s, which has no name here", t))
		return c, true
	}
	sel := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	args, ok := lw.typedArgs(c, sel)
	if !ok {
		lw.refuseStd(pos, name, "has an untyped or nil argument whose type has no name here")
		return c, true
	}
	args = append([]ast.Expr{typedNil(tx, pos)}, args...)
	if flag != "" {
		args = append(args, &ast.Ident{NamePos: pos, Name: flag})
	}
	call := &ast.CallExpr{Fun: lw.helper(helper, sel.Sel.Pos()), Lparen: c.Lparen, Args: args, Rparen: c.Rparen}
	return lw.stdResult(&ast.TypeAssertExpr{X: call, Lparen: pos, Type: lw.typeExpr(t, pos), Rparen: c.Rparen}, t), true
}

// pullCall returns the lowering of a call of iter.Pull or iter.Pull2 and
// true, or c and false for another function: a call of a function literal
// with the call's two results, next and stop, taken from the helper's:
//
//	func() (NEXT, func()) { P := IterPull(seq, (NEXT)(nil)); return P[0].(NEXT), P[1].(func()) }()
func (lw *Lowering) pullCall(c *ast.CallExpr, name string) (ast.Expr, bool) {
	if name != "iter.Pull" && name != "iter.Pull2" {
		return c, false
	}
	pos := c.Pos()
	tup, ok := lw.Info.Types[c].Type.(*types.Tuple)
	if !ok || tup.Len() != 2 {
		return c, false
	}
	next := tup.At(0).Type()
	sel := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	args, ok := lw.typedArgs(c, sel)
	if !ok || len(args) != 1 || lw.typeExpr(next, pos) == nil {
		lw.refuseStd(pos, name, fmt.Sprintf("has an argument or a result type (%s) that has no name here", next))
		return c, true
	}
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	stopType := func() ast.Expr { return &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}} }
	p := lw.name("P")
	elem := func(i int, t ast.Expr) ast.Expr {
		return &ast.TypeAssertExpr{X: &ast.IndexExpr{X: id(p), Lbrack: pos, Index: &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: fmt.Sprint(i)}, Rbrack: pos}, Lparen: pos, Type: t, Rparen: pos}
	}
	call := &ast.CallExpr{Fun: lw.helper("IterPull", sel.Sel.Pos()), Lparen: c.Lparen, Args: []ast.Expr{args[0], typedNil(lw.typeExpr(next, pos), pos)}, Rparen: c.Rparen}
	body := &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{id(p)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{call}},
		&ast.ReturnStmt{Return: pos, Results: []ast.Expr{elem(0, lw.typeExpr(next, pos)), elem(1, stopType())}},
	}}
	fn := &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
		Results: &ast.FieldList{List: []*ast.Field{{Type: lw.typeExpr(next, pos)}, {Type: stopType()}}}}, Body: body}
	return &ast.CallExpr{Fun: fn, Lparen: pos, Rparen: c.Rparen}, true
}

// stdProducers are the iterator producers of slices and maps, by name,
// with their helpers: used as values (outside a range statement, which
// rangeStd lowers into a loop), they become calls of the helpers, which
// return a function of the iterator's underlying type.
var stdProducers = map[string]string{
	"slices.All": "SlicesAllSeq", "slices.Values": "SlicesValuesSeq", "slices.Backward": "SlicesBackwardSeq",
	"slices.Chunk": "SlicesChunkSeq", "maps.All": "MapsAllSeq", "maps.Keys": "MapsKeysSeq", "maps.Values": "MapsValuesSeq",
}

// producerCall returns the lowering of a call of an iterator producer
// (stdProducers) and true, or c and false for another function: the
// helper gets the arguments and a typed nil of the iterator's underlying
// function type (what iterTypes writes for iter.Seq and iter.Seq2), and
// its result is asserted to that type.
func (lw *Lowering) producerCall(c *ast.CallExpr, name string) (ast.Expr, bool) {
	helper, ok := stdProducers[name]
	if !ok {
		return c, false
	}
	pos := c.Pos()
	t := lw.Info.Types[c].Type.Underlying()
	sel := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	args, ok := lw.typedArgs(c, sel)
	tx := lw.typeExpr(t, pos)
	if !ok || tx == nil {
		lw.refuseStd(pos, name, fmt.Sprintf("has an argument or result type (%s) that has no name here", t))
		return c, true
	}
	args = append(args, typedNil(tx, pos))
	call := &ast.CallExpr{Fun: lw.helper(helper, sel.Sel.Pos()), Lparen: c.Lparen, Args: args, Rparen: c.Rparen}
	// The lowering is of the call's type for the passes after this one
	// (isFuncRange: a range over it is a range over a function).
	return lw.stdResult(&ast.TypeAssertExpr{X: call, Lparen: pos, Type: lw.typeExpr(t, pos), Rparen: c.Rparen}, lw.Info.Types[c].Type), true
}

// typedNil returns (tx)(nil).
func typedNil(tx ast.Expr, pos token.Pos) ast.Expr {
	return &ast.CallExpr{Fun: &ast.ParenExpr{Lparen: pos, X: tx, Rparen: pos}, Lparen: pos, Args: []ast.Expr{&ast.Ident{NamePos: pos, Name: "nil"}}, Rparen: pos}
}

// stdResult notes that x, the lowering of a call of a generic function
// of the standard library, is of type t (callResults reads it) and
// returns x.
func (lw *Lowering) stdResult(x ast.Expr, t types.Type) ast.Expr {
	if lw.stdResults == nil {
		lw.stdResults = map[ast.Expr]types.Type{}
	}
	lw.stdResults[x] = t
	return x
}

// helper returns Prefix.name.
func (lw *Lowering) helper(name string, pos token.Pos) ast.Expr {
	return &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: lw.Prefix}, Sel: &ast.Ident{NamePos: pos, Name: name}}
}

// refuseStd records the refusal of a use of a generic standard function.
func (lw *Lowering) refuseStd(pos token.Pos, name, why string) {
	names := make([]string, 0, len(stdGeneric))
	for n := range stdGeneric {
		names = append(names, n)
	}
	sort.Strings(names)
	lw.errs.Add(lw.Fset.Position(pos), fmt.Sprintf("%s %s (yaegi v0.16.1 runs the generic standard packages wrongly; "+
		"the kernel provides, as calls: %s; slices.Collect, Sorted, SortedFunc, SortedStableFunc and maps.Collect "+
		"of an iterator value (strings.Lines(s), a func(yield func(E) bool)) or of maps.Keys or maps.Values; "+
		"the iterators slices.All, Values, Backward, Chunk, maps.All, Keys, Values, and iter.Pull and Pull2)",
		name, why, strings.Join(names, ", ")))
}

// typedArgs returns the arguments of a call of a generic function, each
// untyped constant or nil converted to its parameter's type in the
// call's instance: the helpers take any, where an untyped 2 would be an
// int (slices.Contains([]float64{2}, 2) was false) and nil nothing.
func (lw *Lowering) typedArgs(c *ast.CallExpr, sel *ast.SelectorExpr) ([]ast.Expr, bool) {
	inst, ok := lw.Info.Instances[sel.Sel]
	if !ok {
		return c.Args, true
	}
	sig, ok := inst.Type.(*types.Signature)
	if !ok {
		return c.Args, true
	}
	params := sig.Params()
	args := make([]ast.Expr, len(c.Args))
	for i, a := range c.Args {
		args[i] = a
		tv := lw.Info.Types[a]
		if !tv.IsNil() && (tv.Type == nil || !isUntyped(tv.Type)) && tv.Value == nil {
			continue
		}
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
		case i < params.Len():
			pt = params.At(i).Type()
		default:
			return nil, false
		}
		tx := lw.typeExpr(pt, a.Pos())
		if tx == nil {
			return nil, false
		}
		args[i] = &ast.CallExpr{Fun: &ast.ParenExpr{Lparen: a.Pos(), X: tx, Rparen: a.Pos()}, Lparen: a.Pos(), Args: []ast.Expr{a}, Rparen: a.End()}
	}
	return args, true
}
