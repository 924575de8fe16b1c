package front

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"reflect"
	"strings"
)

// closures makes each function literal under n that is not called where
// it stands evaluated in a frame of its own:
//
//	func(x int) bool { … }
//
// becomes
//
//	func() func(x int) bool { return func(x int) bool { … } }()
//
// yaegi v0.16.1 ends every call of a closure by writing back the slot of
// the frame where its literal was evaluated. When the closure runs in
// another goroutine while that frame evaluates the literal again (in a
// loop: "f := func() { ch <- i }; go f()"), the write can land between
// the literal's evaluation and the read of its value, which then gives
// the previous iteration's closure: a goroutine ran with another
// iteration's variables, silently, in some runs. In a frame of its own
// the literal's slot is read only by the call that made it. A literal
// called where it stands is left alone (it runs in the same goroutine and
// its slot is not read again), as are literals whose type holds a type
// parameter. kernel/goexec makes the function of every go statement in
// the same way.
func (lw *Lowering) closures(n ast.Node) {
	called := map[*ast.FuncLit]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if lit, ok := ast.Unparen(c.Fun).(*ast.FuncLit); ok {
				called[lit] = true
			}
		}
		return true
	})
	replaceExprs(n, func(x ast.Expr) ast.Expr {
		lit, ok := x.(*ast.FuncLit)
		if !ok || called[lit] {
			return x
		}
		if t := lw.Info.Types[lit].Type; t == nil || holds(t, func(t types.Type) bool {
			_, ok := t.(*types.TypeParam)
			return ok
		}) {
			return x
		}
		result := copyType(lit.Type, lit.Pos())
		if result == nil {
			return x
		}
		pos := lit.Pos()
		maker := &ast.FuncLit{
			Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos},
				Results: &ast.FieldList{List: []*ast.Field{{Type: result}}}},
			Body: &ast.BlockStmt{Lbrace: pos, Rbrace: lit.End(), List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{lit}}}},
		}
		called[maker] = true
		return &ast.CallExpr{Fun: maker, Lparen: lit.End(), Rparen: lit.End()}
	})
}

// copyType returns a copy of a function type, made by printing and
// parsing it, with every position set to pos; nil if that fails.
func copyType(t *ast.FuncType, pos token.Pos) ast.Expr {
	var b strings.Builder
	if err := printer.Fprint(&b, token.NewFileSet(), t); err != nil {
		return nil
	}
	c, err := parser.ParseExpr(b.String())
	if err != nil {
		return nil
	}
	setPositions(reflect.ValueOf(c), pos)
	return c
}

// setPositions sets every token.Pos under the node that v points to.
func setPositions(v reflect.Value, pos token.Pos) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			setPositions(v.Elem(), pos)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			setPositions(v.Index(i), pos)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			switch {
			case f.Type() == posType:
				f.SetInt(int64(pos))
			case f.Type() == objectType || f.Type() == scopeType:
			default:
				setPositions(f, pos)
			}
		}
	}
}
