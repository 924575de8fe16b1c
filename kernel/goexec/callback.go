package goexec

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"runtime"
)

// A function literal that a cell passes to compiled code (a callback of
// time.AfterFunc, a progress function of the library) may be called on a
// goroutine that compiled code started. A panic there has no recover above
// it: Go ends the process, and with it the session. So the rewrite wraps
// every function literal passed as an argument to a method or a package's
// function,
//
//	m.ExactLogZContext(ctx, func(done, total int) { … })
//
// becomes
//
//	m.ExactLogZContext(ctx, __goexec.Guard(func(done, total int) { … }, "CELL:LINE:COL").(func(done, total int)))
//
// and Guard returns a function of the same type that calls the literal
// and, on a panic, looks at the goroutine it runs on: on the cell's own
// goroutine, or one that a cell's go statement started, the panic goes on
// (a recover of the cell, or of the executor, is above it); on any other,
// the panic ends the running cell with that panic, as a panic in a
// goroutine of the cell does, and the callback returns zero values to its
// caller. A function of the session passed by its name (time.AfterFunc(d,
// boom), boom declared by a cell, not generic, and no local name of the
// cell shadowing it) is wrapped the same way, with the type its
// declaration spells. Calls whose callee is a plain name (a function of the
// session, a local closure) are interpreted and left alone, as are other
// function values (a variable, a method value: their type is not written
// in the cell), which a panic still ends the worker for (kernel/worker
// reports it).

// guardCallbacks wraps the function literals, and the names of the
// functions in funcs, passed as arguments to calls of a selector (pkg.F or
// x.M) in n, or given as field values of a composite literal of a
// package's type (pkg.T{F: …}, as in learn.Settings{OnObserve: …}); cell
// is the cell's number.
func guardCallbacks(fset *token.FileSet, cell int, n ast.Node, funcs map[string]*ast.FuncType) {
	local := localNames(n)
	var guard func(a ast.Expr) ast.Expr
	guard = func(a ast.Expr) ast.Expr {
		var typ *ast.FuncType
		switch a := a.(type) {
		case *ast.CallExpr:
			// The front end's closure maker (front.Lowering's closures):
			// the literal it returns is guarded.
			if ret := closureMaker(a); ret != nil {
				ret.Results[0] = guard(ret.Results[0])
			}
			return a
		case *ast.FuncLit:
			typ = a.Type
		case *ast.Ident:
			if ft, ok := funcs[a.Name]; ok && ft.TypeParams == nil && !local[a.Name] {
				typ = ft
			}
		}
		if typ == nil {
			return a
		}
		pos := a.Pos()
		p := fset.Position(pos)
		where := fmt.Sprintf("%d:%d:%d", cell, p.Line-1, p.Column)
		return &ast.TypeAssertExpr{
			X: &ast.CallExpr{
				Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "Guard"}},
				Lparen: pos,
				Args:   []ast.Expr{a, &ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: fmt.Sprintf("%q", where)}},
				Rparen: pos,
			},
			Lparen: pos,
			Type:   typ,
			Rparen: pos,
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == rtName {
				return true
			}
			for i, a := range n.Args {
				n.Args[i] = guard(a)
			}
		case *ast.CompositeLit:
			if _, ok := n.Type.(*ast.SelectorExpr); !ok {
				return true
			}
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					kv.Value = guard(kv.Value)
				}
			}
		}
		return true
	})
}

// closureMaker returns the return statement of c when c is
// "func() T { return func… { … } }()", the shape in which the front end
// makes a function literal (front.Lowering's closures); nil otherwise.
func closureMaker(c *ast.CallExpr) *ast.ReturnStmt {
	maker, ok := c.Fun.(*ast.FuncLit)
	if !ok || len(c.Args) != 0 || !makesClosure(maker) {
		return nil
	}
	return maker.Body.List[0].(*ast.ReturnStmt)
}

// makesClosure reports whether lit is "func() T { return func… { … } }",
// the front end's closure maker.
func makesClosure(lit *ast.FuncLit) bool {
	if lit.Type.Params.NumFields() != 0 || lit.Type.Results.NumFields() != 1 || len(lit.Body.List) != 1 {
		return false
	}
	ret, ok := lit.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	_, ok = ret.Results[0].(*ast.FuncLit)
	return ok
}

// localNames returns the names that n declares other than as a function:
// variables (:=, var, range), parameters and results, constants and types.
// A function of the session with such a name may be shadowed where it is
// passed, so it is not wrapped.
func localNames(n ast.Node) map[string]bool {
	names := map[string]bool{}
	add := func(ids ...*ast.Ident) {
		for _, id := range ids {
			names[id.Name] = true
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, x := range []ast.Expr{n.Key, n.Value} {
					if id, ok := x.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.ValueSpec:
			add(n.Names...)
		case *ast.TypeSpec:
			add(n.Name)
		case *ast.Field:
			add(n.Names...)
		}
		return true
	})
	return names
}

// guard is __goexec.Guard: it returns a function of f's type that calls f
// and handles a panic as the comment at the top of this file says; where
// is "CELL:LINE:COL" of the literal.
func (e *Executor) guard(f any, where string) any {
	if g := e.guardFast(f, where); g != nil {
		return g
	}
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Func || v.IsNil() {
		return f
	}
	t := v.Type()
	return reflect.MakeFunc(t, func(args []reflect.Value) (out []reflect.Value) {
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			e.callbackPanicked(r, where)
			out = make([]reflect.Value, t.NumOut())
			for i := range out {
				out[i] = reflect.Zero(t.Out(i))
			}
		}()
		if t.IsVariadic() {
			return v.CallSlice(args)
		}
		return v.Call(args)
	}).Interface()
}

// guardFast is guard for the function types that hot callbacks have
// (sort.Slice's less, strings.Map's mapping, progress functions): a plain
// closure, where the reflect.MakeFunc of guard costs about 0.7 µs a call.
// It returns nil for other types.
func (e *Executor) guardFast(f any, where string) any {
	switch fn := f.(type) {
	case func():
		return func() {
			defer func() { e.callbackPanicked(recover(), where) }()
			fn()
		}
	case func(int):
		return func(a int) {
			defer func() { e.callbackPanicked(recover(), where) }()
			fn(a)
		}
	case func(int, int):
		return func(a, b int) {
			defer func() { e.callbackPanicked(recover(), where) }()
			fn(a, b)
		}
	case func(int) bool:
		return func(a int) (r bool) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a)
		}
	case func(int, int) bool:
		return func(a, b int) (r bool) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a, b)
		}
	case func(int, int) int:
		return func(a, b int) (r int) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a, b)
		}
	case func(float64) float64:
		return func(a float64) (r float64) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a)
		}
	case func(rune) rune:
		return func(a rune) (r rune) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a)
		}
	case func(rune) bool:
		return func(a rune) (r bool) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a)
		}
	case func(string) bool:
		return func(a string) (r bool) {
			defer func() { e.callbackPanicked(recover(), where) }()
			return fn(a)
		}
	}
	return nil
}

// callbackPanicked handles the value r that a guarded callback's recover
// returned: nothing when nil; on a cell's goroutine the panic goes on; on
// another it is reported, and the callback returns its zero values.
func (e *Executor) callbackPanicked(r any, where string) {
	if r == nil {
		return
	}
	if onCellGoroutine() {
		panic(r)
	}
	e.reportPanic(r, where, "in the function passed here, which compiled code called on a goroutine of its own",
		"in the function passed at %s of an earlier cell, which compiled code called on a goroutine of its own")
}

// onCellGoroutine reports whether the calling goroutine is one whose
// panics a recover of the executor catches: the goroutine that runs a
// cell's chunk, or one that interpreted code started (a cell's go
// statements are wrapped in a recover by goRewriter).
func onCellGoroutine() bool {
	buf := make([]byte, 64<<10)
	buf = buf[:runtime.Stack(buf, false)]
	i := bytes.LastIndex(buf, []byte("\ncreated by "))
	if i < 0 {
		return false
	}
	creator := buf[i+len("\ncreated by "):]
	return bytes.HasPrefix(creator, []byte("github.com/traefik/yaegi/interp.")) ||
		bytes.HasPrefix(creator, []byte("github.com/rbm-kernel/rbm-kernel/kernel/goexec.(*runner).execute"))
}
