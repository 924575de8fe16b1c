package goexec

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/compiled/cellio"
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
	one := reflect.New(reflect.SliceOf(v.Type().Elem())).Elem()
	check := func(e reflect.Value) {
		if one.Len() == 0 {
			one.Set(reflect.MakeSlice(one.Type(), 1, 1))
		}
		one.Index(0).Set(e)
		name := dynamicTypeName(one.Interface(), candidates...)
		for _, c := range cands {
			if interpreted(c) && namesType(name, c.name) {
				panic(limitOf(fmt.Sprintf("a value of type %s cannot go to %s as an interface that can hold any type: "+
					"compiled code sees a type declared in an interpreted cell as the interpreter holds it "+
					"(fmt prints a struct's fields with X-prefixed names and no String method, %%T an unnamed struct), "+
					"a wrong answer; declare the type in the %%%%compile cell, or give compiled code what it needs "+
					"(the fields, or an interface with methods)", name, where)))
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
	for i := strings.Index(s, q); i >= 0; {
		end := i + len(q)
		before := i == 0 || !isNameByte(s[i-1]) && s[i-1] != '.'
		after := end == len(s) || !isNameByte(s[end])
		if before && after {
			return true
		}
		j := strings.Index(s[i+1:], q)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func isNameByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b >= 0x80
}

// A compiled cell's code that formats a value of a type of the session
// held as an interface with methods ends the cell (cellio.WrappedFormat).
func init() {
	cellio.SetRefusal(func(msg string) { panic(limitOf(msg)) })
}
