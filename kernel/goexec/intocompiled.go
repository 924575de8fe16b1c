package goexec

import (
	"reflect"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/compiled/cellio"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// intoCompiled is the helper IntoCompiled (front/intocompiled.go): xs, a
// list, array or map of an interface type, goes where a compiled cell's
// code holds it as an empty interface (named by where). Each element is
// named as %T names it (dynamicTypeName, with the session's candidates);
// one of a type of the session ends the cell with an InterpreterLimit:
// compiled code would see the interpreter's form of it. xs is returned
// as it is.
func intoCompiled(where string, xs any, candidates ...any) any {
	cands := candidateList(candidates)
	if len(cands) == 0 {
		return xs
	}
	v := reflect.ValueOf(xs)
	if !v.IsValid() {
		return xs
	}
	// Each element, held by a []I{e} as the helpers of %T take it.
	one := reflect.MakeSlice(reflect.SliceOf(v.Type().Elem()), 1, 1)
	check := func(e reflect.Value) {
		one.Index(0).Set(e)
		name := dynamicTypeName(one.Interface(), candidates...)
		for _, c := range cands {
			if interpreted(c) && namesType(name, c.name) {
				panic(limitOf(front.IntoCompiledRefusal(name, where, "an interface that can hold any type")))
			}
		}
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			check(v.Index(i))
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			check(it.Value())
		}
	}
	return xs
}

// interpreted reports whether the candidate c is a type that an
// interpreted cell declared: the interpreter holds its values as an
// unnamed type or a predeclared one, where a compiled cell's type (one on
// the compiled road is named main.T too) has a package of its own.
func interpreted(c candidate) bool {
	t := c.t
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t == nil || t.PkgPath() == ""
}

// namesType reports whether the type name s (as %T writes it: "[]main.S",
// "map[string]*main.S") is written with the qualified name q, which may
// start with a "*".
func namesType(s, q string) bool {
	q = strings.TrimLeft(q, "*")
	for from := 0; ; {
		i := strings.Index(s[from:], q)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(q)
		before := i == 0 || !isNameByte(s[i-1]) && s[i-1] != '.'
		if before && (end == len(s) || !isNameByte(s[end])) {
			return true
		}
		from = i + 1
	}
}

func isNameByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b >= 0x80
}

// A compiled cell's code that formats a value of a type of the session
// held as an interface with methods ends the cell (cellio.WrappedFormat).
func init() {
	cellio.SetRefusal(func(msg string) { panic(limitOf(msg)) })
}
