package goexec

import (
	"fmt"
	"go/ast"
	"reflect"
)

// Calls in the debugger's expressions. The interpreter is stopped, so a
// call can run only compiled code: a conversion to a predeclared type
// (float64(n)), a function of a package the session imports
// (math.Sqrt(x), mat.Sum(m.W)), or a method of a value of a compiled type
// (m.W.At(0, 1), m.W.Dims()). Functions and methods declared in cells are
// interpreted code, which cannot run while the interpreter is stopped in
// the middle of a cell: they are refused. A call that panics gives an
// error with the panic's value; a call's error result, when not nil, is
// the evaluation's error.

// basicTypes are the predeclared types a conversion may name.
var basicTypes = map[string]reflect.Type{
	"bool": reflect.TypeFor[bool](), "string": reflect.TypeFor[string](),
	"int": reflect.TypeFor[int](), "int8": reflect.TypeFor[int8](), "int16": reflect.TypeFor[int16](),
	"int32": reflect.TypeFor[int32](), "rune": reflect.TypeFor[rune](), "int64": reflect.TypeFor[int64](),
	"uint": reflect.TypeFor[uint](), "uint8": reflect.TypeFor[uint8](), "byte": reflect.TypeFor[byte](),
	"uint16": reflect.TypeFor[uint16](), "uint32": reflect.TypeFor[uint32](), "uint64": reflect.TypeFor[uint64](),
	"float32": reflect.TypeFor[float32](), "float64": reflect.TypeFor[float64](),
}

// call evaluates the call x: len and cap, a conversion, or a compiled
// function or method.
func (ev evaluator) call(x *ast.CallExpr) (debugValue, error) {
	if id, ok := x.Fun.(*ast.Ident); ok {
		if id.Name == "len" || id.Name == "cap" {
			return ev.builtin(x)
		}
		if t, ok := basicTypes[id.Name]; ok {
			return ev.conversion(x, t)
		}
		if _, ok := ev.lookup(id.Name); ok {
			return debugValue{}, errAt(x, "%s is declared in a cell: the debugger cannot run interpreted code while the cell is stopped", id.Name)
		}
		return debugValue{}, errAt(x, "%s is not a function the debugger can call (a package's function, a compiled value's method, or a conversion to a predeclared type)", id.Name)
	}
	sel, ok := x.Fun.(*ast.SelectorExpr)
	if !ok {
		return debugValue{}, errAt(x, "the debugger calls a package's functions and compiled values' methods, not %s", exprText(x.Fun))
	}
	fn, err := ev.callee(sel)
	if err != nil {
		return debugValue{}, err
	}
	in, err := ev.arguments(x, fn.Type())
	if err != nil {
		return debugValue{}, err
	}
	out, err := callCompiled(fn, in, x)
	if err != nil {
		return debugValue{}, err
	}
	return callResult(out, x)
}

// conversion evaluates t(arg) for a predeclared type t.
func (ev evaluator) conversion(x *ast.CallExpr, t reflect.Type) (debugValue, error) {
	if len(x.Args) != 1 {
		return debugValue{}, errAt(x, "a conversion to %s takes one value", t)
	}
	a, err := ev.eval(x.Args[0])
	if err != nil {
		return debugValue{}, err
	}
	v := indirectInterface(a.v)
	if !v.IsValid() || !v.CanConvert(t) || (t.Kind() == reflect.String && v.Kind() != reflect.String && !isByteOrRuneSlice(v)) {
		return debugValue{}, errAt(x, "cannot convert %s (a %s) to %s", exprText(x.Args[0]), kindText(v), t)
	}
	return debugValue{v: v.Convert(t)}, nil
}

// isByteOrRuneSlice reports whether v is a []byte or []rune, which
// string() converts; an integer would give a rune's text, which Go's vet
// refuses.
func isByteOrRuneSlice(v reflect.Value) bool {
	return v.Kind() == reflect.Slice && (v.Type().Elem().Kind() == reflect.Uint8 || v.Type().Elem().Kind() == reflect.Int32)
}

// indirectInterface takes a value out of its interface.
func indirectInterface(v reflect.Value) reflect.Value {
	for v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	return v
}

// callee resolves pkg.F to a package's function, or x.M to a method of
// the compiled value x.
func (ev evaluator) callee(sel *ast.SelectorExpr) (reflect.Value, error) {
	if id, ok := sel.X.(*ast.Ident); ok {
		if _, isVar := ev.lookup(id.Name); !isVar && ev.packages != nil {
			if table, ok := ev.packages(id.Name); ok {
				fn, ok := table[sel.Sel.Name]
				if !ok || fn.Kind() != reflect.Func {
					return reflect.Value{}, errAt(sel.Sel, "%s.%s is not a function of package %s", id.Name, sel.Sel.Name, id.Name)
				}
				return fn, nil
			}
		}
	}
	recv, err := ev.eval(sel.X)
	if err != nil {
		return reflect.Value{}, err
	}
	v := indirectInterface(recv.v)
	if !v.IsValid() {
		return reflect.Value{}, errAt(sel.X, "%s is nil", exprText(sel.X))
	}
	m := v.MethodByName(sel.Sel.Name)
	if !m.IsValid() && v.Kind() != reflect.Pointer && v.CanAddr() {
		m = v.Addr().MethodByName(sel.Sel.Name)
	}
	if !m.IsValid() {
		return reflect.Value{}, errAt(sel.Sel, "%s (a %s) has no method %s that the debugger can call: methods declared in cells are interpreted code", exprText(sel.X), v.Type(), sel.Sel.Name)
	}
	return m, nil
}

// arguments evaluates the arguments of a call of a function of type ft,
// each of its parameter's type (an untyped constant converted to it).
func (ev evaluator) arguments(x *ast.CallExpr, ft reflect.Type) ([]reflect.Value, error) {
	n := ft.NumIn()
	if x.Ellipsis.IsValid() {
		return nil, errAt(x, "the debugger does not spread arguments (...)")
	}
	if len(x.Args) < n-1 || (!ft.IsVariadic() && len(x.Args) != n) {
		return nil, errAt(x, "%s takes %d arguments, not %d", exprText(x.Fun), n, len(x.Args))
	}
	in := make([]reflect.Value, len(x.Args))
	for i, a := range x.Args {
		var t reflect.Type
		switch {
		case ft.IsVariadic() && i >= n-1:
			t = ft.In(n - 1).Elem()
		default:
			t = ft.In(i)
		}
		v, err := ev.eval(a)
		if err != nil {
			return nil, err
		}
		arg, err := assignTo(v, t, a)
		if err != nil {
			return nil, err
		}
		in[i] = arg
	}
	return in, nil
}

// assignTo gives the value v the parameter type t: an untyped constant
// converted exactly, a value assignable to t as it is.
func assignTo(v debugValue, t reflect.Type, at ast.Node) (reflect.Value, error) {
	if v.untyped {
		return convertTo(v, t, at)
	}
	if !v.v.IsValid() {
		return reflect.Zero(t), nil
	}
	if v.v.Type().AssignableTo(t) {
		return v.v, nil
	}
	if e := indirectInterface(v.v); e.IsValid() && e.Type().AssignableTo(t) {
		return e, nil
	}
	return reflect.Value{}, errAt(at, "%s is a %s, not a %s", exprText(at.(ast.Expr)), v.v.Type(), t)
}

// callCompiled calls fn, turning a panic into an error.
func callCompiled(fn reflect.Value, in []reflect.Value, x *ast.CallExpr) (out []reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errAt(x, "%s panicked: %v", exprText(x), r)
		}
	}()
	return fn.Call(in), nil
}

// callResult is the value of a call's results: the one result, or the first
// of two whose second is a nil error; a non-nil error result is the
// error.
func callResult(out []reflect.Value, x *ast.CallExpr) (debugValue, error) {
	errType := reflect.TypeFor[error]()
	if n := len(out); n > 0 && out[n-1].Type() == errType {
		if !out[n-1].IsNil() {
			return debugValue{}, errAt(x, "%s: %v", exprText(x), out[n-1].Interface())
		}
		if n == 1 {
			return debugValue{v: reflect.ValueOf("<nil>")}, nil
		}
		out = out[:n-1]
	}
	switch len(out) {
	case 0:
		return debugValue{}, errAt(x, "%s has no value", exprText(x))
	case 1:
		return debugValue{v: out[0]}, nil
	}
	vals := make([]any, len(out))
	for i, o := range out {
		vals[i] = o.Interface()
	}
	// Several results, as the debug console shows them: (r, c).
	return debugValue{v: reflect.ValueOf(fmt.Sprint(vals...))}, nil
}
