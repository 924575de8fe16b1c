package front

import (
	"go/ast"
	"go/token"
	"iter"
	"reflect"
)

var (
	exprType  = reflect.TypeFor[ast.Expr]()
	exprsType = reflect.TypeFor[[]ast.Expr]()
	posType   = reflect.TypeFor[token.Pos]()
	// The parser's objects and scopes, which point back into the tree:
	// not walked.
	objectType = field[ast.Ident]("Obj")
	scopeType  = field[ast.File]("Scope")
)

// field returns the type of a field of the struct type T.
func field[T any](name string) reflect.Type {
	f, _ := reflect.TypeFor[T]().FieldByName(name)
	return f.Type
}

// nodeFields yields the exported fields of the struct that v points to;
// nothing if v is not a non-nil pointer to a struct.
func nodeFields(v reflect.Value) iter.Seq[reflect.Value] {
	return func(yield func(reflect.Value) bool) {
		if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return
		}
		s := v.Elem()
		for i := 0; i < s.NumField(); i++ {
			if s.Type().Field(i).IsExported() && !yield(s.Field(i)) {
				return
			}
		}
	}
}

// replaceExprs replaces every expression under n, children first, by
// f(expression): each field of a node that holds an ast.Expr or a
// []ast.Expr is set to what f returns. n itself is not replaced.
func replaceExprs(n ast.Node, f func(ast.Expr) ast.Expr) {
	walkFields(reflect.ValueOf(n), f)
}

// walkFields replaces the expressions in the fields of the node that v
// points to, and walks into every child node.
func walkFields(v reflect.Value, f func(ast.Expr) ast.Expr) {
	for fv := range nodeFields(v) {
		switch {
		case fv.Type() == exprType:
			if fv.IsNil() {
				continue
			}
			walkFields(fv.Elem(), f)
			fv.Set(reflect.ValueOf(f(fv.Interface().(ast.Expr))))
		case fv.Type() == exprsType:
			for j := 0; j < fv.Len(); j++ {
				e := fv.Index(j)
				if e.IsNil() {
					continue
				}
				walkFields(e.Elem(), f)
				e.Set(reflect.ValueOf(f(e.Interface().(ast.Expr))))
			}
		case fv.Kind() == reflect.Interface && !fv.IsNil():
			// ast.Stmt, ast.Decl, ast.Spec
			walkFields(fv.Elem(), f)
		case fv.Kind() == reflect.Pointer:
			if fv.Type() != objectType && fv.Type() != scopeType {
				walkFields(fv, f)
			}
		case fv.Kind() == reflect.Slice:
			for j := 0; j < fv.Len(); j++ {
				e := fv.Index(j)
				if e.Kind() == reflect.Interface && !e.IsNil() {
					walkFields(e.Elem(), f)
				} else if e.Kind() == reflect.Pointer {
					walkFields(e, f)
				}
			}
		}
	}
}

// setPos sets every position under n to pos.
func setPos(n ast.Node, pos token.Pos) {
	var set func(v reflect.Value)
	set = func(v reflect.Value) {
		if v.Kind() == reflect.Interface {
			v = v.Elem()
		}
		for fv := range nodeFields(v) {
			switch {
			case fv.Type() == posType:
				fv.Set(reflect.ValueOf(pos))
			case fv.Kind() == reflect.Interface || fv.Kind() == reflect.Pointer:
				if fv.Type() != objectType && fv.Type() != scopeType {
					set(fv)
				}
			case fv.Kind() == reflect.Slice:
				for j := 0; j < fv.Len(); j++ {
					set(fv.Index(j))
				}
			}
		}
	}
	set(reflect.ValueOf(n))
}

// cloneNode returns a deep copy of the syntax tree under n, positions
// kept; the parser's objects and scopes are shared, not copied.
func cloneNode[T ast.Node](n T) T {
	return cloneValue(reflect.ValueOf(n)).Interface().(T)
}

// cloneValue returns a deep copy of v: of pointers to nodes, interfaces
// holding them and slices of either.
func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct || v.Type() == objectType || v.Type() == scopeType {
			return v
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(v.Elem())
		for fv := range nodeFields(c) {
			fv.Set(cloneValue(fv))
		}
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneValue(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(cloneValue(v.Index(i)))
		}
		return c
	}
	return v
}
