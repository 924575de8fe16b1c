package goexec

import (
	"context"
	"go/ast"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// runFinal runs the cell's last statement chunk, block, followed by its
// final expression x, and renders x's value. It first compiles the chunk
// ending in __goexec.Capture(x), which takes every value of a multi-valued
// call; when that does not compile (a call with no value), the chunk is
// compiled again ending in x as a plain statement, and the cell has no
// result. Both are one execution, so goroutines the chunk starts never see
// the interpreter's global storage resized under them by a second one.
func (e *Executor) runFinal(ctx context.Context, code string, block *ast.BlockStmt, x ast.Expr) (*display.Bundle, error) {
	e.run.mu.Lock()
	e.run.captured, e.run.captOK, e.run.resultMethods = nil, false, nil
	e.run.mu.Unlock()
	stmts := block.List
	pos := x.Pos()
	stmts = append(stmts[:len(stmts):len(stmts)], atStmt(e.in.FileSet(), pos))
	if !hidesResult(x) {
		block.List = append(stmts[:len(stmts):len(stmts)], &ast.ExprStmt{X: &ast.CallExpr{
			Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "Capture"}},
			Lparen: pos, Args: []ast.Expr{x}, Rparen: pos,
		}})
		if prog, err := e.compile(block); err == nil {
			e.commitNow()
			return e.rendered(e.exec(ctx, code, prog))
		}
	}
	block.List = append(stmts[:len(stmts):len(stmts)], &ast.ExprStmt{X: x})
	return nil, e.runNode(ctx, code, block)
}

// rendered renders the values captured from the final expression.
func (e *Executor) rendered(err error) (*display.Bundle, error) {
	if err != nil {
		return nil, err
	}
	e.run.mu.Lock()
	vals, ok, methods := e.run.captured, e.run.captOK, e.run.resultMethods
	e.run.mu.Unlock()
	if !ok || len(vals) == 0 {
		return nil, nil
	}
	var v any = vals[0]
	if len(vals) > 1 {
		v = tuple(vals)
	}
	if r, rich := v.(*richValue); rich {
		r.methods = methods
	}
	b, show := render(v)
	if !show {
		return nil, nil
	}
	if _, rich := v.(*richValue); !rich && len(vals) == 1 && len(b.Data) == 1 {
		// Only text: shown from the static type when fmt's would show
		// yaegi's renamed fields (goText).
		if _, text := b.Data[display.MIMEText]; text {
			x := v
			if g, ok := v.(goValue); ok && g.v.IsValid() && g.v.CanInterface() {
				// An instance of a generic type with String
				// (front's stringerResult): its value, with the
				// methods GoValue was given.
				x, methods = g.v.Interface(), g.methods
			}
			if s, ok := goText(x, e.finalType, methods); ok {
				b.Data[display.MIMEText] = s
			}
		}
	}
	return &b, nil
}

// hidesResult reports whether the final expression is a call whose result
// is not worth showing: fmt's printing functions, which return the number
// of bytes written and an error.
func hidesResult(x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "fmt" && (strings.HasPrefix(sel.Sel.Name, "Print") || strings.HasPrefix(sel.Sel.Name, "Fprint"))
}

// tuple is the result of a final expression with several values; it prints
// as "v1, v2, …".
type tuple []any

func (t tuple) String() string {
	parts := make([]string, len(t))
	for i, v := range t {
		parts[i] = display.Inline(v)
	}
	return strings.Join(parts, ", ")
}

// render is display.Render with a plain-text fallback.
func render(v any) (display.Bundle, bool) {
	if t, ok := v.(tuple); ok {
		return display.Bundle{Data: map[string]any{"text/plain": t.String()}}, true
	}
	return display.Render(v)
}
