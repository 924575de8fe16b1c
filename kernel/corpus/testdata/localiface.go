// Values of local struct types put in interfaces by the program's own
// code: returned as any, appended to a []any, kept in a map[string]any
// and a struct field of type any, switched on and compared. The kernel
// refused each before the cell ran (issue 12); each type is a candidate
// of its own now, and no other type has its fields.
package main

import (
	"fmt"
	"reflect"
)

type Box struct {
	Label string
	V     any
}

func f() any {
	type L struct{ a int }
	return L{1}
}

func rows() []any {
	type row struct {
		name string
		n    int
	}
	var out []any
	for i, s := range []string{"a", "b"} {
		out = append(out, row{s, i})
	}
	return out
}

func config() (map[string]any, Box) {
	type limit struct{ lo, hi int }
	m := map[string]any{"x": limit{0, 10}}
	return m, Box{Label: "y", V: limit{-1, 1}}
}

func classify(xs []any) string {
	type circle struct{ r float64 }
	s := ""
	for _, x := range append(xs, circle{2}) {
		switch v := x.(type) {
		case circle:
			s += fmt.Sprint("circle ", v.r, "; ")
		default:
			s += fmt.Sprintf("%T; ", v)
		}
	}
	return s
}

func main() {
	fmt.Printf("%T %v %+v %#v %v\n", f(), f(), f(), f(), reflect.TypeOf(f()))
	fmt.Println(f() == f(), f() == any(1))
	for _, r := range rows() {
		fmt.Printf("%T %+v|", r, r)
	}
	fmt.Println(rows())
	m, b := config()
	fmt.Printf("%v %+v %T %#v\n", m, b, b.V, b)
	fmt.Println(classify(rows()) + "end")
}

// Output:
// main.L {1} {a:1} main.L{a:1} main.L
// true false
// main.row {name:a n:0}|main.row {name:b n:1}|[{a 0} {b 1}]
// map[x:{0 10}] {Label:y V:{lo:-1 hi:1}} main.limit main.Box{Label:"y", V:main.limit{lo:-1, hi:1}}
// main.row; main.row; circle 2; end
