package front

import (
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"strconv"
)

// Lowering rewrites what yaegi lacks into code it runs correctly, using
// the types of a cell's check. Names it makes start with Prefix, which
// cells may not use; the interpreter must provide, under Prefix:
//
//	func MinInt64(x ...int64) int64 // Go's min (floats: NaN and -0 included)
//	func MinUint64(x ...uint64) uint64
//	func MinFloat64(x ...float64) float64
//	func MinString(x ...string) string
//	func MaxInt64(x ...int64) int64 // and the same for max
//	…
//	func Clear(x any) // Go's clear of a map or slice
//	func ErrorsIs(err, target error) bool // errors.Is and errors.As, seeing
//	func ErrorsAs(err error, target any) bool // through the interpreter's wrappers
//	func Rich(v any, desc string, forms ...any) any // v with its display methods' results
//	func Table(header []string, rows [][]string) any // a Table method's two results
//
// in a package that cells see under the name Prefix.
type Lowering struct {
	Prefix string
	Fset   *token.FileSet
	Info   *types.Info
	Scope  *types.Scope // the session package's (Session.Scope), to see what a name means
	// Foreign returns the name under which the interpreter imports the
	// package of a compiled cell (Session.DeclareForeign), or "" for
	// another package: each use of such a package's name is qualified
	// with it.
	Foreign func(*types.Package) string
	// Shadows are the local named struct types and unnamed struct types
	// of the session's earlier cells (Session.Shadows), which
	// typeCandidates lists with the cell's own (shadows.go); nil leaves
	// them out (a lowering that is not the interpreter's).
	Shadows []types.Type
	// ShadowFuncs names the function that declares each local type of
	// Shadows (Session.ShadowFuncs): one of the same name and fields in
	// the cell is the same type where the cell declares that function
	// again (the cell run again), and another function's otherwise.
	ShadowFuncs map[types.Type]string

	shadowsRead bool
	cellShadows []types.Type
	shadowKeys  map[types.Type]string // yaegiKey's, by type (keyOf)
	// contested are contestedKeys' for the chunk that ends at
	// contestedEnd.
	contested     map[string]bool
	contestedSeen bool
	contestedEnd  token.Pos

	n            int // names made so far
	errs         scanner.ErrorList
	lowered      map[*ast.SelectorExpr]bool      // uses of generic standard functions lowered as calls
	iterCalls    map[*ast.CallExpr]bool          // calls of standard iterators ranged over
	returns      map[*ast.BranchStmt]bool        // branches that return from a yield function: continue?
	funcReturns  map[*ast.ReturnStmt]*yieldFrame // returns of a function in a yield function's body, by the outermost range's frame
	madeReturns  map[*ast.ReturnStmt]bool        // returns made by rangeFunc's lowering
	yieldFrames  map[*ast.RangeStmt]*yieldFrame  // ranges over functions in another's body: the outermost frame
	deferred     map[*ast.DeferStmt]bool         // defer statements made by deferStmt
	deferLoop    map[*ast.DeferStmt]ast.Stmt     // the loop a defer statement is in, in the same function
	loopVarArgs  map[ast.Expr]bool               // arguments that loopArgs made
	assigns      map[*ast.AssignStmt]bool        // assignments that parallelAssign made
	checked      map[ast.Expr]bool               // index and slice expressions checked before their statement
	fileScopes   []*types.Scope                  // the file scopes of the check's Info (innermost)
	guards       map[ast.Expr]bool               // the guards that guardChecks made
	madeFuncs    map[*ast.FuncLit]bool           // function literals of bounds checks, not yet marked (markMadeChecks)
	reflected    map[*ast.CallExpr]bool          // calls of reflect already given to TypeIn (reflectCall)
	stdResults   map[ast.Expr]types.Type         // the types of the std generic calls' lowerings (stdCall)
	sharedSeen   bool                            // sharedShapes was read (typetags.go)
	genericsSeen bool                            // genericTypes was read (typetags.go)
	generic      []*types.Named                  // genericTypes
	sharedSet    map[string]bool                 // sharedShapes
	spreadBound  map[*ast.CallExpr]bool          // printf-style calls already lowered inside bindSpread's literal
	fmtValues    map[*ast.SelectorExpr]string    // fmt's printing functions used as values, to give to their helpers (refuseFmtValue)
	// chunkEnd is the end of the chunk being lowered: a type of the
	// session declared after it is not yet declared when the chunk runs
	// (sessionTypes).
	chunkEnd token.Pos
	// chunkRoot is the chunk being lowered (fixedVar looks for the
	// assignments of a variable there).
	chunkRoot ast.Node
	// ZeroSigns is, by name, which parameters of the session's functions
	// can tell -0.0 from +0.0 (negzero.go); the caller keeps it across
	// cells. nil: every such parameter is taken to tell.
	ZeroSigns map[string][]bool
	// NoBoundsChecks leaves out the checks of bounds.go and
	// bounds_inplace.go: the kernel sets it while a debugger is
	// attached, whose steps yaegi places by
	// matching the code of the node it runs, which a check's if
	// statement or call shares with the cell's own (a step after a check
	// showed a line further down, then went back).
	NoBoundsChecks bool
	// orderOnly tells checkList to make the reorderings of orderedAssign
	// without checks (orderAssigns).
	orderOnly bool
	// instances lets typeExpr write instances of generic types
	// (Q[int]); see instanceTypeExpr.
	instances bool
	// Tag makes the names of the variables the lowering declares at the
	// package level unique in the session (the cell's number; see
	// candidatesVar).
	Tag string
	// chunkIndex is the index of the chunk being lowered.
	chunkIndex int
	candNames  map[candidatesKey]string // the variables of candidatesVar
	candDecls  map[int][]ast.Spec       // their declarations, by chunk
	// aliasNames and aliasSpecs are the type aliases of instanceAlias,
	// by fmtName of the instance, and their declarations, by the chunk
	// that first uses them.
	aliasNames map[string]string
	aliasSpecs map[int][]ast.Spec
	// streamVars are the variables the cell declares from os.Stdout,
	// os.Stderr or os.Stdin, with the stream's name (osstreams.go).
	streamVars map[types.Object]string
}

// Lower rewrites the chunks in place:
//
//   - range over an integer (Go 1.22): "for i := range n { … }" becomes
//     "{ N := n; for K := N - N; K < N; K++ { i := K; … } }" with hidden N
//     and K, so that i is a new variable of n's type each iteration, n is
//     evaluated once, and assigning i in the body does not change the
//     iterations;
//   - the builtins min and max (Go 1.21): a constant call of an untyped
//     or predeclared type becomes its value; another becomes a call of
//     the interpreter's helper for its kind (see minMax);
//   - the builtin clear (Go 1.21): a call of the interpreter's Clear;
//   - errors.Is and errors.As: calls of the interpreter's ErrorsIs and
//     ErrorsAs;
//   - the final expression, and the argument of display.Show, of a type
//     of the session with display methods (HTML, Table, …): a call of
//     the interpreter's Rich with what the methods return (display.go).
//
// It returns a *Error for a construct it cannot lower.
func (lw *Lowering) Lower(chunks []Chunk) error {
	lw.lowered = map[*ast.SelectorExpr]bool{}
	lw.iterCalls = map[*ast.CallExpr]bool{}
	lw.returns = map[*ast.BranchStmt]bool{}
	lw.funcReturns = map[*ast.ReturnStmt]*yieldFrame{}
	lw.madeReturns = map[*ast.ReturnStmt]bool{}
	lw.yieldFrames = map[*ast.RangeStmt]*yieldFrame{}
	lw.deferred = map[*ast.DeferStmt]bool{}
	lw.deferLoop = map[*ast.DeferStmt]ast.Stmt{}
	lw.loopVarArgs = map[ast.Expr]bool{}
	lw.assigns = map[*ast.AssignStmt]bool{}
	lw.checked = map[ast.Expr]bool{}
	lw.guards = map[ast.Expr]bool{}
	lw.madeFuncs = map[*ast.FuncLit]bool{}
	lw.reflected = map[*ast.CallExpr]bool{}
	lw.spreadBound = map[*ast.CallExpr]bool{}
	lw.candNames = map[candidatesKey]string{}
	lw.candDecls = map[int][]ast.Spec{}
	lw.zeroSigns(chunks)
	for i := range chunks {
		c := &chunks[i]
		switch {
		case c.File != nil:
			lw.negZeroCalls(c.File)
			if !lw.NoBoundsChecks {
				lw.boundsChecks(c.File)
			} else {
				lw.orderAssigns(c.File)
			}
		default:
			lw.negZeroCalls(c.Body)
			if c.Final != nil {
				lw.negZeroCalls(c.Final)
			}
			if !lw.NoBoundsChecks {
				lw.boundsChecks(c.Body)
				if c.Final != nil {
					c.Final = lw.finalBoundsChecks(c.Body, c.Final)
				}
			} else {
				lw.orderAssigns(c.Body)
			}
		}
	}
	lw.eachChunk(chunks, lw.refuseStatic)
	lw.eachChunk(chunks, lw.streamUses)
	for i := range chunks {
		c := &chunks[i]
		lw.chunkEnd, lw.chunkIndex = c.end(), i
		if c.File != nil {
			lw.findDeferLoops(c.File)
			lw.chunkRoot = c.File
		} else {
			lw.findDeferLoops(c.Body)
			lw.chunkRoot = c.Body
		}
		switch {
		case c.File != nil:
			lw.iterIntoInterfaces(c.File)
			lw.iterTypes(c.File)
			dropIterImport(c.File)
			lw.markIterators(c.File)
			lw.refusePointerConstraints(c.File)
			lw.refuseGenericNames(c.File)
			lw.refuseRecursiveGenerics(c.File)
			lw.constants(c.File)
			lw.generics(c.File)
			for _, d := range c.File.Decls {
				lw.node(d)
			}
		default:
			lw.iterIntoInterfaces(c.Body)
			lw.refuseTopDefers(c.Body, i == len(chunks)-1 && c.Final == nil)
			lw.multiDefines(c.Body)
			lw.commaOKDefines(c.Body)
			lw.iterTypes(c.Body)
			lw.markIterators(c.Body)
			lw.constants(c.Body)
			lw.generics(c.Body)
			lw.node(c.Body)
			if c.Final != nil {
				f := &ast.ExprStmt{X: c.Final}
				lw.iterIntoInterfaces(f)
				lw.constants(f)
				lw.generics(f)
				c.Final = f.X
				lw.node(c.Final)
				t := lw.Info.Types[c.Final].Type
				if st, ok := lw.stdResults[c.Final]; ok {
					t = st // slices.Clone(ws), lowered by stdCall
				}
				if x := lw.displayValue(c.Final, false); x != c.Final {
					c.Final = lw.resultMethods(x, t) // Rich of the value
				} else if x := lw.stringerResult(c.Final); x != c.Final {
					c.Final = x
				} else {
					if t != nil && !types.IsInterface(t) && handedBare(lw.Info, c.Final) && hasValueMethod(t, "Error", "String", "Format") {
						// A call's result is handed over without its
						// methods (see goValues): a func mkW() W
						// with String was shown as 2.
						if conv := lw.conversionTo(t, c.Final); conv != nil {
							c.Final = conv
						}
					}
					c.Final = lw.resultMethods(c.Final, t)
				}
			}
		}
	}
	// Passes over whole chunks, in this order: each sees what the one
	// before made.
	lw.eachChunk(chunks, lw.explicitInstances)
	lw.eachChunk(chunks, lw.constDecls)
	lw.eachChunk(chunks, lw.shiftOperands)
	lw.eachChunk(chunks, lw.rangeArrayPointers)
	lw.eachChunk(chunks, lw.rangeChannelLists)
	lw.eachChunk(chunks, lw.refuseInterfaceMapKeys)
	lw.eachChunk(chunks, lw.interfaceSwitches)
	lw.eachChunk(chunks, lw.interfaceEquality)
	lw.eachChunk(chunks, lw.typeSwitches)
	lw.eachChunk(chunks, lw.variadicInterfaces)
	if lw.Foreign != nil {
		lw.eachChunk(chunks, lw.intoCompiled)
		lw.eachChunk(chunks, lw.qualify)
	}
	lw.eachChunk(chunks, lw.interfaceConversions)
	lw.eachChunk(chunks, lw.interfaceCopies)
	lw.eachChunk(chunks, lw.sessionAssertions)
	lw.eachChunk(chunks, lw.nilAssertions)
	lw.eachChunk(chunks, lw.interfaceAssertions)
	lw.eachChunk(chunks, lw.closures)
	lw.eachChunk(chunks, lw.methodValues)
	lw.eachChunk(chunks, lw.methodExprs)
	lw.eachChunk(chunks, lw.promotedInterfaceMethods)
	lw.eachChunk(chunks, lw.structAssigns)
	lw.eachChunk(chunks, blankParams)
	lw.eachChunk(chunks, lw.instanceLiterals)
	lw.eachStatementChunk(chunks, lw.topInstanceCalls)
	lw.eachChunk(chunks, nilPointerVars)
	lw.eachChunk(chunks, lw.genericFuncValues)
	lw.eachChunk(chunks, lw.commaOKInstances)
	lw.eachChunk(chunks, lw.instanceArgs)
	lw.eachChunk(chunks, lw.renameTypeParams)
	lw.eachStatementChunk(chunks, lw.registerLate)
	if len(lw.errs) > 0 {
		lw.errs.Sort()
		return &Error{List: lw.errs}
	}
	lw.declareCandidates(chunks)
	return nil
}

// eachChunk calls pass on every chunk: a file, or statements and their
// final expression (inside an expression statement, so that pass may
// replace it).
func (lw *Lowering) eachChunk(chunks []Chunk, pass func(ast.Node)) {
	for i := range chunks {
		c := &chunks[i]
		lw.chunkEnd, lw.chunkIndex = c.end(), i
		if c.File != nil {
			pass(c.File)
			continue
		}
		pass(c.Body)
		if c.Final != nil {
			f := &ast.ExprStmt{X: c.Final}
			pass(f)
			c.Final = f.X
		}
	}
}

// eachStatementChunk is eachChunk for the chunks of statements alone.
func (lw *Lowering) eachStatementChunk(chunks []Chunk, pass func(ast.Node)) {
	for i := range chunks {
		c := &chunks[i]
		if c.File != nil {
			continue
		}
		lw.chunkEnd, lw.chunkIndex = c.end(), i
		pass(c.Body)
		if c.Final != nil {
			f := &ast.ExprStmt{X: c.Final}
			pass(f)
			c.Final = f.X
		}
	}
}

// qualify replaces each use of a name of a compiled cell under n by
// "alias.Name" ("(*alias.Name)" for a variable), alias the interpreter's
// name of its package. A generic
// one is refused: the interpreter cannot instantiate a compiled generic.
func (lw *Lowering) qualify(n ast.Node) {
	replaceExprs(n, func(x ast.Expr) ast.Expr {
		id, ok := x.(*ast.Ident)
		if !ok {
			return x
		}
		obj := lw.Info.Uses[id]
		if obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return x
		}
		alias := lw.Foreign(obj.Pkg())
		if alias == "" {
			return x
		}
		if IsGeneric(obj) {
			lw.errs.Add(lw.Fset.Position(id.Pos()), id.Name+" is generic, and declared in a compiled cell: the interpreter cannot instantiate compiled generics; use it in a compiled cell (a non-generic function there may call it)")
			return x
		}
		q := ast.Expr(&ast.SelectorExpr{X: &ast.Ident{NamePos: id.Pos(), Name: alias}, Sel: id})
		if _, ok := obj.(*types.Var); ok {
			// The table holds a pointer to a variable (see kernel/compiled).
			q = &ast.ParenExpr{Lparen: id.Pos(), X: &ast.StarExpr{Star: id.Pos(), X: q}, Rparen: id.End()}
		}
		return q
	})
}

// variadicInterfaces rewrites each call under n of a compiled function
// (of another package than the session's) whose variadic parameter is
// ...I, I a non-empty interface, and which passes the variadic arguments
// one by one, "f(a, b, c)", into "f(a, []I{b, c}...)": yaegi converts an
// interpreted value to I (through I's wrapper type) when it builds a
// slice, but not when it passes variadic arguments to a compiled function
// ("reflect: cannot use struct { … } as type I in Call").
func (lw *Lowering) variadicInterfaces(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Ellipsis.IsValid() {
			return true
		}
		var obj types.Object
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			obj = lw.Info.Uses[fun]
		case *ast.SelectorExpr:
			obj = lw.Info.Uses[fun.Sel]
		}
		f, ok := obj.(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() == PackagePath {
			return true
		}
		sig := f.Type().(*types.Signature)
		if !sig.Variadic() {
			return true
		}
		fixed := sig.Params().Len() - 1
		elem := sig.Params().At(fixed).Type().(*types.Slice).Elem()
		if it, ok := elem.Underlying().(*types.Interface); !ok || it.Empty() || len(call.Args) <= fixed {
			return true
		}
		tx := lw.typeExpr(elem, call.Args[fixed].Pos())
		if tx == nil {
			return true
		}
		rest := call.Args[fixed:]
		lit := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: rest[0].Pos(), Elt: tx}, Lbrace: rest[0].Pos(), Elts: append([]ast.Expr(nil), rest...), Rbrace: rest[len(rest)-1].End()}
		call.Args = append(call.Args[:fixed:fixed], lit)
		call.Ellipsis = lit.End()
		return true
	})
}

// IsGeneric reports whether obj is a generic function or type (one with
// type parameters), which yaegi and the symbol tables cannot instantiate.
func IsGeneric(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Type().(*types.Signature).TypeParams().Len() > 0
	case *types.TypeName:
		if n, ok := obj.Type().(*types.Named); ok {
			return n.TypeParams().Len() > 0
		}
	}
	return false
}

// node lowers everything under n.
func (lw *Lowering) node(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			lw.list(n.List)
		case *ast.CaseClause:
			lw.list(n.Body)
		case *ast.CommClause:
			lw.list(n.Body)
		case *ast.CallExpr:
			lw.call(n)
		case *ast.BinaryExpr:
			lw.receiveOperands(n)
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					n.Rhs[i] = lw.toGlobalInterface(lw.Info.Types[n.Lhs[i]].Type, n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Names) == len(n.Values) {
				for i, name := range n.Names {
					if obj := lw.Info.Defs[name]; obj != nil {
						n.Values[i] = lw.toGlobalInterface(obj.Type(), name, n.Values[i])
					}
				}
			}
		}
		return true
	})
}

// receiveOperands lowers a receive that is an operand of && or ||,
// "<-ch && ok", into a conversion to its own type, "bool(<-ch) && ok":
// yaegi v0.16.1 gave the bare receive false there, silently, when the
// value came from another goroutine (a receive on the right, or
// converted, is right).
func (lw *Lowering) receiveOperands(b *ast.BinaryExpr) {
	if b.Op != token.LAND && b.Op != token.LOR {
		return
	}
	for _, x := range []*ast.Expr{&b.X, &b.Y} {
		u, ok := ast.Unparen(*x).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			continue
		}
		t := lw.Info.Types[*x].Type
		if t == nil {
			continue
		}
		if tx := lw.typeExpr(t, u.Pos()); tx != nil {
			*x = &ast.CallExpr{Fun: tx, Lparen: u.Pos(), Args: []ast.Expr{*x}, Rparen: u.End()}
		}
	}
}

// toGlobalInterface returns the value x assigned to lhs, of type t:
// when lhs is a package-level variable of an interface type with methods
// and x is a value of a type the session declared, x becomes
//
//	func() T { return x }()
//
// yaegi v0.16.1 stores such a value in a global without the wrapper
// that carries its methods to compiled code (fmt printed an error type's
// fields, errors.Is panicked); a function's result gets it. A value that
// holds an instance of a generic type of the session (E[int]{5}) is
// lowered so in a local variable too, where yaegi stored it without its
// methods as well (fmt.Println(err) printed "{5}").
func (lw *Lowering) toGlobalInterface(t types.Type, lhs, x ast.Expr) ast.Expr {
	if t == nil {
		return x
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 || !lw.isGlobal(lhs) && !holdsInstance(lw.Info.Types[x].Type) || !lw.sessionValue(x) {
		return x
	}
	pos := x.Pos()
	tx := lw.typeExpr(t, pos)
	if tx == nil {
		return x
	}
	return &ast.CallExpr{
		Fun: &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: tx}}}},
			Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{lw.copyInto(t, x)}}}, Rbrace: pos},
		},
		Lparen: pos, Rparen: pos,
	}
}

// isGlobal reports whether e names a package-level variable.
func (lw *Lowering) isGlobal(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	obj := lw.Info.Defs[id]
	if obj == nil {
		obj = lw.Info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// sessionValue reports whether x is of a named type the session declared,
// or a pointer to one: a type yaegi builds with reflect.
func (lw *Lowering) sessionValue(x ast.Expr) bool {
	t := lw.Info.Types[x].Type
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath
}

// list replaces the statements of a list that need it; their children are
// lowered by node's walk, which goes on into the replacements.
func (lw *Lowering) list(l []ast.Stmt) {
	for i, s := range l {
		l[i] = lw.stmt(s)
	}
}

// stmt returns the lowering of one statement (s itself when none).
func (lw *Lowering) stmt(s ast.Stmt) ast.Stmt {
	switch s := s.(type) {
	case *ast.LabeledStmt:
		if r, ok := s.Stmt.(*ast.RangeStmt); ok {
			return lw.rangeStmt(r, s)
		}
		if sw, ok := s.Stmt.(*ast.SwitchStmt); ok {
			taglessCases(sw)
			initTag(sw)
		}
	case *ast.SwitchStmt:
		taglessCases(s)
		initTag(s)
	case *ast.AssignStmt:
		return lw.parallelAssign(s)
	case *ast.RangeStmt:
		return lw.rangeStmt(s, nil)
	case *ast.DeferStmt:
		if !lw.deferred[s] {
			return lw.deferStmt(s)
		}
	case *ast.ReturnStmt:
		if t, ok := lw.funcReturns[s]; ok {
			return lw.yieldReturn(s, t)
		}
	case *ast.BranchStmt:
		if cont, ok := lw.returns[s]; ok {
			return &ast.ReturnStmt{Return: s.Pos(), Results: []ast.Expr{&ast.Ident{NamePos: s.Pos(), Name: map[bool]string{true: "true", false: "false"}[cont]}}}
		}
	}
	return s
}

// rangeStmt lowers a range statement that yaegi lacks (over an integer, a
// function, or a standard iterator); label is its labeled statement, if
// any. It returns what replaces the labeled statement, or the range
// statement, when there is nothing to lower.
func (lw *Lowering) rangeStmt(r *ast.RangeStmt, label *ast.LabeledStmt) ast.Stmt {
	var orig ast.Stmt = r
	if label != nil {
		orig = label
	}
	switch {
	case lw.isIntRange(r):
		return lw.rangeInt(r, label)
	case lw.isIterCall(r.X):
		return lw.rangeStd(r, ast.Unparen(r.X).(*ast.CallExpr), label)
	case lw.isFuncRange(r):
		if out := lw.rangeFunc(r, label); out != ast.Stmt(r) {
			return out
		}
	}
	return orig
}

// name returns a new hidden name.
func (lw *Lowering) name(what string) string {
	lw.n++
	return lw.Prefix + what + strconv.Itoa(lw.n)
}

// makeDirected lowers make of a channel type with a direction, which
// yaegi's reflect.MakeChan refuses ("panic: reflect.MakeChan:
// unidirectional channel type"), to the conversion of a channel that
// sends and receives: make(chan<- T, n) becomes (chan<- T)(make(chan T, n)),
// as Go allows.
func (lw *Lowering) makeDirected(c *ast.CallExpr) {
	t := lw.Info.Types[c].Type
	if t == nil || len(c.Args) == 0 {
		return
	}
	ch, ok := t.Underlying().(*types.Chan)
	if !ok || ch.Dir() == types.SendRecv {
		return
	}
	pos := c.Args[0].Pos()
	elem := lw.typeExpr(ch.Elem(), pos)
	if elem == nil {
		return
	}
	inner := &ast.CallExpr{Fun: c.Fun, Lparen: c.Lparen, Rparen: c.Rparen,
		Args: append([]ast.Expr{&ast.ChanType{Begin: pos, Arrow: token.NoPos, Dir: ast.SEND | ast.RECV, Value: elem}}, c.Args[1:]...)}
	c.Fun = &ast.ParenExpr{Lparen: pos, X: c.Args[0], Rparen: c.Args[0].End()}
	c.Args = []ast.Expr{inner}
}

// isIntRange reports whether a range statement ranges over an integer.
func (lw *Lowering) isIntRange(r *ast.RangeStmt) bool {
	tv, ok := lw.Info.Types[r.X]
	if !ok || tv.Type == nil {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// rangeInt lowers a range over an integer; label is its labeled
// statement, if any, which keeps labelling the loop.
func (lw *Lowering) rangeInt(r *ast.RangeStmt, label *ast.LabeledStmt) ast.Stmt {
	pos := r.For
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	n, k := lw.name("N"), lw.name("K")
	var bound ast.Expr = r.X
	if tv := lw.Info.Types[r.X]; r.Tok == token.ASSIGN && r.Key != nil && tv.Value != nil {
		// "for i = range 10": the values have i's type. i - i is a zero
		// of that type with no effect when i is a variable.
		key, ok := ast.Unparen(r.Key).(*ast.Ident)
		if !ok {
			lw.errs.Add(lw.Fset.Position(r.Key.Pos()), "cannot lower a range over an untyped constant into "+
				"this expression: range into a variable, or convert the constant to the variable's type")
			return r
		}
		bound = &ast.BinaryExpr{X: &ast.ParenExpr{Lparen: pos, X: &ast.BinaryExpr{X: id(key.Name), OpPos: pos, Op: token.SUB, Y: id(key.Name)}, Rparen: pos},
			OpPos: pos, Op: token.ADD, Y: &ast.ParenExpr{Lparen: pos, X: r.X, Rparen: pos}}
	}
	body := r.Body
	if r.Key != nil && !isBlank(r.Key) {
		assign := &ast.AssignStmt{Lhs: []ast.Expr{r.Key}, TokPos: pos, Tok: r.Tok, Rhs: []ast.Expr{id(k)}}
		list := []ast.Stmt{assign}
		if r.Tok == token.DEFINE {
			list = append(list, &ast.AssignStmt{Lhs: []ast.Expr{id("_")}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{r.Key}})
		}
		body = &ast.BlockStmt{Lbrace: r.Body.Lbrace, List: append(list, r.Body.List...), Rbrace: r.Body.Rbrace}
	}
	loop := &ast.ForStmt{
		For:  pos,
		Init: &ast.AssignStmt{Lhs: []ast.Expr{id(k)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.BinaryExpr{X: id(n), OpPos: pos, Op: token.SUB, Y: id(n)}}},
		Cond: &ast.BinaryExpr{X: id(k), OpPos: pos, Op: token.LSS, Y: id(n)},
		Post: &ast.IncDecStmt{X: id(k), TokPos: pos, Tok: token.INC},
		Body: body,
	}
	return loopBlock(r, label, loop, id(n), bound)
}

// loopBlock returns "{ name := value; loop }", the loop that replaces the
// range statement r, with r's label if any.
func loopBlock(r *ast.RangeStmt, label *ast.LabeledStmt, loop *ast.ForStmt, name *ast.Ident, value ast.Expr) ast.Stmt {
	var inner ast.Stmt = loop
	if label != nil {
		label.Stmt = loop
		inner = label
	}
	return &ast.BlockStmt{Lbrace: r.For, Rbrace: r.Body.Rbrace, List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{name}, TokPos: r.For, Tok: token.DEFINE, Rhs: []ast.Expr{value}},
		inner,
	}}
}

// call lowers a call of min, max, clear or recover in place.
func (lw *Lowering) call(c *ast.CallExpr) {
	if lw.spreadBound[c] {
		return
	}
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		f, ok := lw.Info.Uses[sel.Sel].(*types.Func)
		if !ok || f.Pkg() == nil {
			return
		}
		// errors.Is and errors.As: helpers that see through yaegi's
		// wrappers of the session's error types.
		if f.Pkg().Path() == "errors" && (f.Name() == "Is" || f.Name() == "As") && len(c.Args) == 2 {
			lw.errorsCall(c, sel, f.Name())
		}
		if f.Pkg().Path() == "errors" && f.Name() == "Unwrap" && len(c.Args) == 1 {
			lw.errorsUnwrapCall(c, sel)
		}
		if f.Pkg().Path() == "reflect" && f.Name() == "TypeOf" && len(c.Args) == 1 {
			lw.typeOf(c)
		} else if f.Pkg().Path() == "reflect" {
			lw.reflectCall(c, sel, f)
		}
		lw.streamCall(c, sel, f)
		lw.plainVerbs(c, f)
		lw.goValues(c, f)
		lw.slogValues(c, f)
		lw.displayShow(c, f)
		lw.refuseJSON(c, f)
		lw.refuseTemplate(c, f)
		return
	}
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok {
		return
	}
	if _, ok := lw.Info.Uses[id].(*types.Builtin); !ok {
		return
	}
	switch id.Name {
	case "min", "max":
		if tv := lw.Info.Types[c]; tv.Value != nil && foldable(tv.Type) {
			return // a constant: Lower replaces the call by its value
		}
		lw.minMax(c, id)
	case "clear":
		c.Fun = &ast.SelectorExpr{X: &ast.Ident{NamePos: id.NamePos, Name: lw.Prefix}, Sel: &ast.Ident{NamePos: id.NamePos, Name: "Clear"}}
	case "new":
		lw.newValue(c)
	case "make":
		lw.makeDirected(c)
	case "panic":
		lw.panicValue(c)
	case "recover":
		// Prefix.Recovered(recover()): recover is still called by the
		// deferred function itself; the helper gives Go's values for
		// yaegi's panics and lets an os.Exit go on (goexec/exit.go).
		inner := &ast.CallExpr{Fun: &ast.Ident{NamePos: id.NamePos, Name: id.Name}, Lparen: c.Lparen, Rparen: c.Rparen}
		c.Fun = lw.helper("Recovered", id.NamePos)
		c.Args = []ast.Expr{inner}
	}
}

// newValue lowers new(x) of an expression x (Go 1.26: a pointer to a new
// variable holding x's value; new(42) is an *int to 42), which yaegi
// takes for new of a type and answers with a pointer to a zero value
// (new(42) pointed to 0, new("cfg") to "", silently), to
//
//	func() *T { var v T = x; return &v }()
//
// with T the type Go gives the variable (x's, or an untyped constant's
// default type). x is evaluated where the call is, once. A T that cannot
// be written in the cell is refused.
func (lw *Lowering) newValue(c *ast.CallExpr) {
	if len(c.Args) != 1 || lw.Info.Types[c.Args[0]].IsType() {
		return
	}
	p, ok := lw.Info.Types[c].Type.(*types.Pointer)
	if !ok {
		return
	}
	pos := c.Pos()
	tx, px := lw.typeExpr(p.Elem(), pos), lw.typeExpr(p.Elem(), pos)
	if tx == nil {
		lw.errs.Add(lw.Fset.Position(pos), "new of a value of type "+fmtName(p.Elem())+
			" cannot run in the interpreter: the type cannot be written here; declare a variable and take its address (v := x; p := &v)")
		return
	}
	lit := lw.variableCall(pos, c.End(), "new", tx, &ast.StarExpr{Star: pos, X: px}, c.Args[0],
		func(v ast.Expr) ast.Expr { return &ast.UnaryExpr{OpPos: pos, Op: token.AND, X: v} }).(*ast.CallExpr)
	c.Fun, c.Args = lit.Fun, nil
}

// minMax lowers a call of min or max whose value is not a constant. Its
// type T, of underlying kind K, becomes
//
//	T(Prefix.MinK(K(a), K(b), …))
//
// where K is int64 for the signed integers, uint64 for the unsigned ones,
// float64 for the floats and string for the strings: every value of T
// converts to K and back exactly, and the arguments are evaluated in
// their order. The helpers are compiled Go (yaegi's own generics break
// forward references among the session's declarations).
func (lw *Lowering) minMax(c *ast.CallExpr, id *ast.Ident) {
	t := lw.Info.Types[c].Type
	if tp, ok := t.(*types.TypeParam); ok {
		lw.minMaxParam(c, id, tp)
		return
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return
	}
	var kind types.BasicKind
	var helper string
	switch {
	case b.Info()&types.IsUnsigned != 0:
		kind, helper = types.Uint64, "Uint64"
	case b.Info()&types.IsInteger != 0:
		kind, helper = types.Int64, "Int64"
	case b.Info()&types.IsFloat != 0:
		kind, helper = types.Float64, "Float64"
	case b.Info()&types.IsString != 0:
		kind, helper = types.String, "String"
	default:
		return
	}
	pos := c.Pos()
	named := lw.typeExpr(t, pos)
	conv := lw.typeExpr(types.Typ[kind], pos)
	if named == nil || conv == nil {
		lw.errs.Add(lw.Fset.Position(pos), fmt.Sprintf("cannot run %s here: its type %s has no name at this point "+
			"of the cell, or a local declaration hides %s (the interpreter lacks %s, and the kernel converts "+
			"through those names); call it where they mean the types", id.Name, t, types.Typ[kind], id.Name))
		return
	}
	name := "Min"
	if id.Name == "max" {
		name = "Max"
	}
	args := make([]ast.Expr, len(c.Args))
	for i, a := range c.Args {
		args[i] = &ast.CallExpr{Fun: conv, Lparen: a.Pos(), Args: []ast.Expr{a}, Rparen: a.End()}
	}
	inner := &ast.CallExpr{
		Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: id.NamePos, Name: lw.Prefix}, Sel: &ast.Ident{NamePos: id.NamePos, Name: name + helper}},
		Lparen: c.Lparen, Args: args, Rparen: c.Rparen,
	}
	c.Fun, c.Args, c.Ellipsis = named, []ast.Expr{inner}, token.NoPos
}

// minMaxParam lowers a call of min or max of a type parameter's values
// (min(max(v, lo), hi) in func Clamp[T cmp.Ordered]), which yaegi could
// not compile, to a function literal of the type parameter:
//
//	func() T {
//		m := a
//		for _, v := range []T{b, …} {
//			if v < m || v != v || v == m && Prefix.NegZeroFirst(v, m) {
//				m = v
//			}
//		}
//		return m
//	}()
//
// (> and PosZeroFirst for max): a NaN argument makes the result NaN
// (v != v), and min(0.0, -0.0) is -0.0, as the spec says; the arguments
// are evaluated in their order.
func (lw *Lowering) minMaxParam(c *ast.CallExpr, id *ast.Ident, tp *types.TypeParam) {
	pos := c.Pos()
	tx := func() ast.Expr { return lw.typeExpr(tp, pos) }
	if tx() == nil || len(c.Args) == 0 {
		return
	}
	m, v := lw.name("m"), lw.name("v")
	ident := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	less, zero := token.LSS, "NegZeroFirst"
	if id.Name == "max" {
		less, zero = token.GTR, "PosZeroFirst"
	}
	cond := &ast.BinaryExpr{X: &ast.BinaryExpr{X: ident(v), OpPos: pos, Op: less, Y: ident(m)}, OpPos: pos, Op: token.LOR,
		Y: &ast.BinaryExpr{X: &ast.BinaryExpr{X: ident(v), OpPos: pos, Op: token.NEQ, Y: ident(v)}, OpPos: pos, Op: token.LOR,
			Y: &ast.BinaryExpr{X: &ast.BinaryExpr{X: ident(v), OpPos: pos, Op: token.EQL, Y: ident(m)}, OpPos: pos, Op: token.LAND,
				Y: &ast.CallExpr{Fun: lw.helper(zero, pos), Lparen: pos, Args: []ast.Expr{ident(v), ident(m)}, Rparen: pos}}}}
	loop := &ast.RangeStmt{For: pos, Key: ident("_"), Value: ident(v), TokPos: pos, Tok: token.DEFINE,
		X: &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: tx()}, Lbrace: pos, Elts: c.Args[1:], Rbrace: pos},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.IfStmt{If: pos, Cond: cond, Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{ident(m)}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{ident(v)}}}, Rbrace: pos}}}, Rbrace: pos}}
	fn := &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}, Results: &ast.FieldList{List: []*ast.Field{{Type: tx()}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{ident(m)}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{c.Args[0]}},
			loop,
			&ast.ReturnStmt{Return: pos, Results: []ast.Expr{ident(m)}},
		}, Rbrace: c.Rparen}}
	c.Fun, c.Args, c.Ellipsis = fn, nil, token.NoPos
}

// foldable reports whether a constant of type t can be written as a
// literal: t is untyped, or a predeclared type (spelled by its name).
func foldable(t types.Type) bool {
	_, basic := t.(*types.Basic)
	return basic
}

// errorsCall lowers errors.Is or errors.As. yaegi's wrapper of a value of
// a struct type declared in the session does not hold the struct (its
// IValue is the first field), and a session interface type is, to
// reflect, no interface at all: such targets are refused, with what to do
// instead. Others call the interpreter's ErrorsIs or ErrorsAs.
func (lw *Lowering) errorsCall(c *ast.CallExpr, sel *ast.SelectorExpr, name string) {
	target := lw.Info.Types[c.Args[1]].Type
	if name == "As" {
		if p, ok := target.(*types.Pointer); ok {
			target = p.Elem()
		}
	}
	if _, ok := target.(*types.Interface); ok && name == "As" {
		lw.errs.Add(lw.Fset.Position(c.Args[1].Pos()), "errors.As into an interface type written in a cell "+
			"cannot run in the interpreter (to reflect it is no interface); use a type assertion on each error of "+
			"the chain, or an interface of a package")
		return
	}
	if n, ok := target.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == PackagePath {
		switch n.Underlying().(type) {
		case *types.Struct:
			lw.errs.Add(lw.Fset.Position(c.Args[1].Pos()), fmt.Sprintf("errors.%s with a target of type %s, a struct "+
				"declared in a cell, cannot run in the interpreter (it does not keep such a value inside an error); "+
				"give %s's methods pointer receivers and use a *%s", name, n.Obj().Name(), n.Obj().Name(), n.Obj().Name()))
			return
		case *types.Interface:
			lw.errs.Add(lw.Fset.Position(c.Args[1].Pos()), fmt.Sprintf("errors.As into an interface declared in a "+
				"cell (%s) cannot run in the interpreter; use a type assertion on each error of the chain", n.Obj().Name()))
			return
		}
	}
	c.Fun = &ast.SelectorExpr{X: &ast.Ident{NamePos: sel.Pos(), Name: lw.Prefix}, Sel: &ast.Ident{NamePos: sel.Sel.Pos(), Name: "Errors" + name}}
	if name == "Is" && types.IsInterface(target) {
		// ErrorsIsIn, given the session's types that an error can hold:
		// a struct held by error keeps only its last field (see
		// goexec.methodWrappedType), which alone must not decide.
		pos := c.Args[1].Pos()
		if cands := lw.candidatesVar(types.Universe.Lookup("error").Type(), pos); cands != nil {
			c.Fun.(*ast.SelectorExpr).Sel.Name = "ErrorsIsIn"
			c.Args = append(c.Args, cands)
		}
	}
	if un := lw.unwrapper(sel.Sel.Pos()); un != nil {
		// The session's types with an Unwrap method: the helper calls
		// it where yaegi's wrapper hides it (unwrapper).
		c.Fun.(*ast.SelectorExpr).Sel.Name += "Unwrap"
		c.Args = append(c.Args, un)
	}
}

// isUntyped reports whether t is an untyped basic type.
func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// isBlank reports whether e is the blank identifier.
func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// constants replaces, under n, every call of min, max, real, imag or
// complex whose value is a constant by that value (a call is never a
// constant to yaegi: imag(2+5i) failed to compile, "reflect: call of
// reflect.Value.Complex on interface Value").
func (lw *Lowering) constants(n ast.Node) {
	replaceExprs(n, func(e ast.Expr) ast.Expr {
		c, ok := e.(*ast.CallExpr)
		if !ok {
			return e
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok {
			return e
		}
		switch id.Name {
		case "min", "max", "real", "imag", "complex":
		default:
			return e
		}
		if _, ok := lw.Info.Uses[id].(*types.Builtin); !ok {
			return e
		}
		tv := lw.Info.Types[c]
		if tv.Value == nil || !foldable(tv.Type) {
			return e
		}
		text := constText(tv.Value, tv.Type)
		if !isUntyped(tv.Type) {
			text = tv.Type.String() + "(" + text + ")"
		}
		lit := exprAt(text, c.Pos())
		if lit == nil {
			return e
		}
		return &ast.ParenExpr{Lparen: c.Pos(), X: lit, Rparen: c.Rparen}
	})
}
