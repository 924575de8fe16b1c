package goexec

import (
	"fmt"
	"go/ast"
	"go/token"
)

// rtName is the name under which the cell sees the executor's runtime
// helpers (package rtPath, registered with Use and imported by the
// prelude). Names starting with "__goexec" are reserved in cells.
const (
	rtName = "__goexec"
	rtPath = "github.com/rbm-kernel/rbm-kernel/kernel/goexec/rt"
)

// builtins are the predeclared functions that cannot be used as values, so
// a go statement calling one is not captured in a variable.
var builtins = map[string]bool{
	"append": true, "cap": true, "clear": true, "close": true, "complex": true,
	"copy": true, "delete": true, "imag": true, "len": true, "make": true,
	"max": true, "min": true, "new": true, "panic": true, "print": true,
	"println": true, "real": true, "recover": true,
}

// goRewriter rewrites every go statement of a tree so that a panic in the
// goroutine is recovered and reported instead of ending the process:
//
//	go F(A1, A2)
//
// becomes
//
//	{
//		__goexecG := func() func() {
//			__goexecF, __goexecA0, __goexecA1 := F, A1, A2
//			return func() {
//				defer func() {
//					if r := recover(); r != nil {
//						__goexec.GoPanic(r, "CELL:LINE:COL")
//					}
//				}()
//				__goexecF(__goexecA0, __goexecA1)
//			}
//		}()
//		go __goexecG()
//	}
//
// The function value and the arguments are evaluated at the go statement,
// as Go does, in a frame of their own: yaegi v0.16.1 runs a function
// literal called by a go statement, `go func() {…}()`, on the live frame
// of the function around it, so that it read the variables it uses when
// the goroutine ran, not when it was started (a later iteration's, in a
// loop); and a closure, when a call of it returns, writes back the slot of
// the frame where its literal was evaluated, racing with that frame's
// next evaluation of the literal (in a loop, another iteration's closure
// was started, some runs). Both now touch only the frame of the call
// that makes the goroutine's function, which no one else uses. (The front
// end makes the variables that a go statement's function literals use
// pointers evaluated there too; see front.Lowering.)
//
// Arguments that are literals, nil, true or false stay in the call (an
// untyped constant must keep its untyped type), as does a single argument
// that is itself a call (it may return several values; it is then
// evaluated in the goroutine). A builtin is called directly.
type goRewriter struct {
	fset *token.FileSet
	cell int                  // the number of the cell being rewritten
	made map[*ast.GoStmt]bool // the go statements the rewrite produced
	// funcs are the signatures of the functions that the session and the
	// cell's chunks rewritten so far declare (for guardCallbacks).
	funcs map[string]*ast.FuncType
}

// newGoRewriter returns the rewriter of one cell; funcs are the signatures
// of the functions earlier cells declared (it is not changed).
func newGoRewriter(fset *token.FileSet, cell int, funcs map[string]*ast.FuncType) *goRewriter {
	own := make(map[string]*ast.FuncType, len(funcs))
	for k, v := range funcs {
		own[k] = v
	}
	return &goRewriter{fset: fset, cell: cell, made: map[*ast.GoStmt]bool{}, funcs: own}
}

func (r *goRewriter) apply(n ast.Node) {
	lowerLoopVars(n)
	lowerCommaOK(n)
	if f, ok := n.(*ast.File); ok {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				r.funcs[fd.Name.Name] = fd.Type
			}
		}
	}
	guardCallbacks(r.fset, r.cell, n, r.funcs)
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			r.list(n.List)
		case *ast.CaseClause:
			r.list(n.Body)
		case *ast.CommClause:
			r.list(n.Body)
		case *ast.LabeledStmt:
			if g, ok := n.Stmt.(*ast.GoStmt); ok && !r.made[g] {
				n.Stmt = r.goStmt(g)
			}
		}
		return true
	})
}

func (r *goRewriter) list(l []ast.Stmt) {
	for i, s := range l {
		if g, ok := s.(*ast.GoStmt); ok && !r.made[g] {
			l[i] = r.goStmt(g)
		}
	}
}

// goStmt returns the replacement of one go statement. The children of the
// call were not visited yet; ast.Inspect visits them in the new tree since
// they are reused there.
func (r *goRewriter) goStmt(g *ast.GoStmt) ast.Stmt {
	pos := g.Go
	p := r.fset.Position(pos)
	where := fmt.Sprintf("%d:%d:%d", r.cell, p.Line-1, p.Column)
	id := func(name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }

	var lhs, rhs []ast.Expr
	call := &ast.CallExpr{Fun: g.Call.Fun, Lparen: pos, Ellipsis: g.Call.Ellipsis, Rparen: pos}
	if fn, ok := g.Call.Fun.(*ast.Ident); !ok || !builtins[fn.Name] {
		lhs = append(lhs, id("__goexecF"))
		rhs = append(rhs, g.Call.Fun)
		call.Fun = id("__goexecF")
	}
	for i, a := range g.Call.Args {
		if keepInline(a, len(g.Call.Args)) {
			call.Args = append(call.Args, a)
			continue
		}
		v := fmt.Sprintf("__goexecA%d", i)
		lhs = append(lhs, id(v))
		rhs = append(rhs, a)
		call.Args = append(call.Args, id(v))
	}

	recoverer := &ast.DeferStmt{Defer: pos, Call: &ast.CallExpr{
		Fun: &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.IfStmt{
				If: pos,
				Init: &ast.AssignStmt{Lhs: []ast.Expr{id("__goexecR")}, TokPos: pos, Tok: token.DEFINE,
					Rhs: []ast.Expr{&ast.CallExpr{Fun: id("recover"), Lparen: pos, Rparen: pos}}},
				Cond: &ast.BinaryExpr{X: id("__goexecR"), OpPos: pos, Op: token.NEQ, Y: id("nil")},
				Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
					Fun:    &ast.SelectorExpr{X: id(rtName), Sel: id("GoPanic")},
					Lparen: pos,
					Args:   []ast.Expr{id("__goexecR"), &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: fmt.Sprintf("%q", where)}},
					Rparen: pos,
				}}}},
			}}},
		},
		Lparen: pos, Rparen: pos,
	}}
	// The goroutine's function: func() func() { F, A… := …; return func() { … } }()
	inner := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{recoverer, &ast.ExprStmt{X: call}}},
	}
	var maker []ast.Stmt
	if len(lhs) > 0 {
		maker = append(maker, &ast.AssignStmt{Lhs: lhs, TokPos: pos, Tok: token.DEFINE, Rhs: rhs})
	}
	maker = append(maker, &ast.ReturnStmt{Return: pos, Results: []ast.Expr{inner}})
	made := &ast.CallExpr{
		Fun: &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{},
				Results: &ast.FieldList{List: []*ast.Field{{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}}}}}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: maker},
		},
		Lparen: pos, Rparen: pos,
	}
	goroutine := &ast.GoStmt{Go: pos, Call: &ast.CallExpr{Fun: id("__goexecG"), Lparen: pos, Rparen: pos}}
	r.made[goroutine] = true
	return &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{id("__goexecG")}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{made}},
		goroutine,
	}}
}

// keepInline reports whether a go statement's argument stays in the call
// rather than being evaluated into a variable first.
func keepInline(a ast.Expr, nargs int) bool {
	switch a := ast.Unparen(a).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return a.Name == "nil" || a.Name == "true" || a.Name == "false" || a.Name == "iota"
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(a.X).(*ast.BasicLit)
		return lit
	case *ast.CallExpr:
		return nargs == 1
	}
	return false
}
