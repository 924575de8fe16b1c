package goexec

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
)

// The debugger's evaluate request (the debug console, the hover of a
// variable in a stopped cell) reads values without running code: the
// interpreter is stopped at a breakpoint, so the expression is evaluated
// over the reflect values of the stopped frame and of the session:
// names, field selectors (x.f, through pointers and interfaces), index
// expressions of slices, arrays, strings and maps, pointer indirection,
// len and cap, the arithmetic, comparison and logical operators,
// constants, and calls of compiled code (debugcall.go). Anything else (a
// call of a cell's function, a composite literal) is refused with its
// position in the expression.

// debugValue is a value of an evaluated expression; untyped marks a
// constant whose type comes from the other operand.
type debugValue struct {
	v       reflect.Value
	untyped bool
}

// evalExpression evaluates src, reading names with lookup and packages
// with packages (see evaluator).
func evalExpression(src string, lookup func(name string) (reflect.Value, bool), packages func(name string) (map[string]reflect.Value, bool)) (reflect.Value, error) {
	x, err := parser.ParseExpr(src)
	if err != nil {
		return reflect.Value{}, fmt.Errorf("%q: %v", src, err)
	}
	ev := evaluator{lookup: lookup, packages: packages}
	r, err := ev.eval(x)
	if err != nil {
		return reflect.Value{}, fmt.Errorf("%q: %w", src, err)
	}
	return r.v, nil
}

type evaluator struct {
	lookup func(name string) (reflect.Value, bool)
	// packages gives the symbol table of a package the session imports,
	// by the name a cell uses; nil when calls of packages are not
	// evaluated.
	packages func(name string) (map[string]reflect.Value, bool)
}

// errAt is an error at the column of n in the expression.
func errAt(n ast.Node, format string, a ...any) error {
	return fmt.Errorf("column %d: "+format, append([]any{int(n.Pos())}, a...)...)
}

func (ev evaluator) eval(x ast.Expr) (debugValue, error) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ev.eval(x.X)
	case *ast.Ident:
		switch x.Name {
		case "true", "false":
			return debugValue{v: reflect.ValueOf(x.Name == "true"), untyped: true}, nil
		case "nil":
			return debugValue{}, errAt(x, "nil has no value to show")
		}
		v, ok := ev.lookup(x.Name)
		if !ok {
			return debugValue{}, errAt(x, "%s is not a variable in scope", x.Name)
		}
		return debugValue{v: v}, nil
	case *ast.BasicLit:
		return constValue(x)
	case *ast.SelectorExpr:
		base, err := ev.eval(x.X)
		if err != nil {
			return debugValue{}, err
		}
		v := indirect(base.v)
		if v.Kind() != reflect.Struct {
			return debugValue{}, errAt(x.Sel, "%s has no field %s (it is a %s)", exprText(x.X), x.Sel.Name, kindText(v))
		}
		f := v.FieldByName(x.Sel.Name)
		if !f.IsValid() && !token.IsExported(x.Sel.Name) {
			f = v.FieldByName("X" + x.Sel.Name) // yaegi's name of an unexported field
		}
		if !f.IsValid() {
			return debugValue{}, errAt(x.Sel, "%s has no field %s", exprText(x.X), x.Sel.Name)
		}
		return debugValue{v: f}, nil
	case *ast.StarExpr:
		p, err := ev.eval(x.X)
		if err != nil {
			return debugValue{}, err
		}
		if p.v.Kind() != reflect.Pointer {
			return debugValue{}, errAt(x, "%s is not a pointer", exprText(x.X))
		}
		if p.v.IsNil() {
			return debugValue{}, errAt(x, "%s is nil", exprText(x.X))
		}
		return debugValue{v: p.v.Elem()}, nil
	case *ast.IndexExpr:
		return ev.index(x)
	case *ast.CallExpr:
		return ev.call(x)
	case *ast.UnaryExpr:
		return ev.unary(x)
	case *ast.BinaryExpr:
		return ev.binary(x)
	}
	return debugValue{}, errAt(x, "the debugger evaluates names, fields, indexes, operators and calls of compiled code, not %s", exprText(x))
}

// indirect follows interfaces and non-nil pointers.
func indirect(v reflect.Value) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) && !v.IsNil() {
		v = v.Elem()
	}
	return v
}

// kindText names the kind of v for an error.
func kindText(v reflect.Value) string {
	if !v.IsValid() {
		return "nil"
	}
	return v.Kind().String()
}

// constValue is the untyped constant of a literal.
func constValue(x *ast.BasicLit) (debugValue, error) {
	c := constant.MakeFromLiteral(x.Value, x.Kind, 0)
	switch c.Kind() {
	case constant.Int:
		if i, ok := constant.Int64Val(c); ok {
			return debugValue{v: reflect.ValueOf(i), untyped: true}, nil
		}
		return debugValue{}, errAt(x, "%s overflows int64", x.Value)
	case constant.Float:
		f, _ := constant.Float64Val(c)
		return debugValue{v: reflect.ValueOf(f), untyped: true}, nil
	case constant.String:
		return debugValue{v: reflect.ValueOf(constant.StringVal(c)), untyped: true}, nil
	}
	return debugValue{}, errAt(x, "the literal %s is not evaluated", x.Value)
}

func (ev evaluator) index(x *ast.IndexExpr) (debugValue, error) {
	base, err := ev.eval(x.X)
	if err != nil {
		return debugValue{}, err
	}
	i, err := ev.eval(x.Index)
	if err != nil {
		return debugValue{}, err
	}
	v := indirect(base.v)
	switch v.Kind() {
	case reflect.Map:
		k, err := convertTo(i, v.Type().Key(), x.Index)
		if err != nil {
			return debugValue{}, err
		}
		e := v.MapIndex(k)
		if !e.IsValid() {
			e = reflect.Zero(v.Type().Elem()) // Go's value for a missing key
		}
		return debugValue{v: e}, nil
	case reflect.Slice, reflect.Array, reflect.String:
		n, ok := intOf(i.v)
		if !ok {
			return debugValue{}, errAt(x.Index, "the index %s is not an integer", exprText(x.Index))
		}
		if n < 0 || n >= int64(v.Len()) {
			return debugValue{}, errAt(x.Index, "index out of range [%d] with length %d", n, v.Len())
		}
		return debugValue{v: v.Index(int(n))}, nil
	}
	return debugValue{}, errAt(x, "%s cannot be indexed (it is a %s)", exprText(x.X), kindText(v))
}

func (ev evaluator) builtin(x *ast.CallExpr) (debugValue, error) {
	id, ok := x.Fun.(*ast.Ident)
	if !ok || (id.Name != "len" && id.Name != "cap") || len(x.Args) != 1 {
		return debugValue{}, errAt(x, "%s is not len or cap", exprText(x))
	}
	a, err := ev.eval(x.Args[0])
	if err != nil {
		return debugValue{}, err
	}
	v := a.v
	if v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().Kind() == reflect.Array {
		v = v.Elem()
	}
	switch {
	case id.Name == "len" && (v.Kind() == reflect.Map || v.Kind() == reflect.String),
		v.Kind() == reflect.Slice, v.Kind() == reflect.Array, v.Kind() == reflect.Chan:
		n := v.Len()
		if id.Name == "cap" {
			n = v.Cap()
		}
		return debugValue{v: reflect.ValueOf(n)}, nil
	}
	return debugValue{}, errAt(x, "invalid argument for %s: %s is a %s", id.Name, exprText(x.Args[0]), kindText(v))
}

func (ev evaluator) unary(x *ast.UnaryExpr) (debugValue, error) {
	a, err := ev.eval(x.X)
	if err != nil {
		return debugValue{}, err
	}
	switch {
	case x.Op == token.NOT && a.v.Kind() == reflect.Bool:
		return debugValue{v: reflect.ValueOf(!a.v.Bool()).Convert(a.v.Type()), untyped: a.untyped}, nil
	case x.Op == token.SUB || x.Op == token.ADD:
		zero := debugValue{v: reflect.Zero(a.v.Type()), untyped: a.untyped}
		if x.Op == token.ADD {
			return a, nil
		}
		return arith(zero, a, token.SUB, x)
	}
	return debugValue{}, errAt(x, "the operator %s is not evaluated here", x.Op)
}

func (ev evaluator) binary(x *ast.BinaryExpr) (debugValue, error) {
	a, err := ev.eval(x.X)
	if err != nil {
		return debugValue{}, err
	}
	if x.Op == token.LAND || x.Op == token.LOR {
		if a.v.Kind() != reflect.Bool {
			return debugValue{}, errAt(x, "%s is not a bool", exprText(x.X))
		}
		if a.v.Bool() == (x.Op == token.LOR) {
			return a, nil
		}
		b, err := ev.eval(x.Y)
		if err != nil {
			return debugValue{}, err
		}
		if b.v.Kind() != reflect.Bool {
			return debugValue{}, errAt(x, "%s is not a bool", exprText(x.Y))
		}
		return b, nil
	}
	b, err := ev.eval(x.Y)
	if err != nil {
		return debugValue{}, err
	}
	return arith(a, b, x.Op, x)
}

// arith applies op to a and b, which must have one type once an untyped
// constant takes the other's type.
func arith(a, b debugValue, op token.Token, at ast.Node) (debugValue, error) {
	switch {
	case a.untyped && !b.untyped:
		v, err := convertTo(a, b.v.Type(), at)
		if err != nil {
			return debugValue{}, err
		}
		a = debugValue{v: v}
	case b.untyped && !a.untyped:
		v, err := convertTo(b, a.v.Type(), at)
		if err != nil {
			return debugValue{}, err
		}
		b = debugValue{v: v}
	case a.untyped && b.untyped && a.v.Kind() != b.v.Kind():
		// 1 + 2.5: both float64.
		if f, ok := floatOf(a.v); ok {
			a.v = reflect.ValueOf(f)
		}
		if f, ok := floatOf(b.v); ok {
			b.v = reflect.ValueOf(f)
		}
	}
	if a.v.Type() != b.v.Type() {
		return debugValue{}, errAt(at, "mismatched types %s and %s", a.v.Type(), b.v.Type())
	}
	t := a.v.Type()
	out := reflect.New(t).Elem()
	compare := func(c int) (debugValue, error) {
		r := map[token.Token]bool{token.EQL: c == 0, token.NEQ: c != 0, token.LSS: c < 0, token.LEQ: c <= 0, token.GTR: c > 0, token.GEQ: c >= 0}
		res, ok := r[op]
		if !ok {
			return debugValue{}, errAt(at, "the operator %s is not defined on %s", op, t)
		}
		return debugValue{v: reflect.ValueOf(res)}, nil
	}
	switch a.v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		r, done, err := integerOp(a.v.Int(), b.v.Int(), op, at)
		if err != nil || !done {
			return compareOr(err, compare, cmp3(a.v.Int(), b.v.Int()))
		}
		out.SetInt(r)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		r, done, err := integerOp(a.v.Uint(), b.v.Uint(), op, at)
		if err != nil || !done {
			return compareOr(err, compare, cmp3(a.v.Uint(), b.v.Uint()))
		}
		out.SetUint(r)
	case reflect.Float32, reflect.Float64:
		x, y := a.v.Float(), b.v.Float()
		r, ok := map[token.Token]float64{token.ADD: x + y, token.SUB: x - y, token.MUL: x * y, token.QUO: x / y}[op]
		if !ok {
			if x != x || y != y { // NaN: every comparison but != is false
				return debugValue{v: reflect.ValueOf(op == token.NEQ)}, nil
			}
			return compare(cmp3(x, y))
		}
		out.SetFloat(r)
	case reflect.String:
		if op != token.ADD {
			return compare(cmp3(a.v.String(), b.v.String()))
		}
		out.SetString(a.v.String() + b.v.String())
	case reflect.Bool:
		if op != token.EQL && op != token.NEQ {
			return debugValue{}, errAt(at, "the operator %s is not defined on bool", op)
		}
		c := 1
		if a.v.Bool() == b.v.Bool() {
			c = 0
		}
		return compare(c)
	default:
		return debugValue{}, errAt(at, "the operator %s is not evaluated on %s", op, t)
	}
	return debugValue{v: out, untyped: a.untyped && b.untyped}, nil
}

// integerOp applies the arithmetic operator op to the integers x and y
// (Go's wrapping, a divide by zero an error); done is false for another
// operator (a comparison).
func integerOp[T int64 | uint64](x, y T, op token.Token, at ast.Node) (r T, done bool, err error) {
	switch op {
	case token.ADD:
		return x + y, true, nil
	case token.SUB:
		return x - y, true, nil
	case token.MUL:
		return x * y, true, nil
	case token.QUO, token.REM:
		if y == 0 {
			return 0, false, errAt(at, "integer divide by zero")
		}
		if op == token.QUO {
			return x / y, true, nil
		}
		return x % y, true, nil
	}
	return 0, false, nil
}

// compareOr returns err when there is one, else compare(c).
func compareOr(err error, compare func(int) (debugValue, error), c int) (debugValue, error) {
	if err != nil {
		return debugValue{}, err
	}
	return compare(c)
}

// cmp3 is -1, 0 or 1 as x is less than, equal to or greater than y.
func cmp3[T int64 | uint64 | float64 | string](x, y T) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// convertTo gives the untyped constant (or value) c the type t, when it
// represents a value of it exactly.
func convertTo(c debugValue, t reflect.Type, at ast.Node) (reflect.Value, error) {
	v := c.v
	if v.Type() == t {
		return v, nil
	}
	if !c.untyped || !v.CanConvert(t) {
		return reflect.Value{}, errAt(at, "%s is not a %s", v.Type(), t)
	}
	r := v.Convert(t)
	if !r.Convert(v.Type()).Equal(v) {
		return reflect.Value{}, errAt(at, "the constant %v does not fit in %s", v, t)
	}
	return r, nil
}

// intOf returns v as an int64 when it is an integer.
func intOf(v reflect.Value) (int64, bool) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return int64(v.Uint()), true
	}
	return 0, false
}

// floatOf returns v as a float64 when it is a number.
func floatOf(v reflect.Value) (float64, bool) {
	if i, ok := intOf(v); ok {
		return float64(i), true
	}
	if v.Kind() == reflect.Float32 || v.Kind() == reflect.Float64 {
		return v.Float(), true
	}
	return 0, false
}

// exprText is x as written, for an error.
func exprText(x ast.Expr) string { return types.ExprString(x) }
