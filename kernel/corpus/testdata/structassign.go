// A whole struct assigned to a variable (a literal, another variable,
// one of several values, a call's result) keeps the variable's storage:
// a pointer taken before and a closure that uses it see the new value.
package main

import "fmt"

type T struct {
	v int
	s string
}
type O struct{ in T }

func mk() T { return T{8, "h"} }
func r1() {
	t := T{1, "a"}
	f := func() int { return t.v }
	p := &t
	t = T{2, "b"}
	fmt.Println(f(), p.v)
	u := T{3, "c"}
	t = u
	u.v = 4
	fmt.Println(f(), p.v)
}
func r2() {
	o := O{T{1, "a"}}
	po := &o
	o = O{T{3, "c"}}
	var t2 T
	p2 := &t2
	t2, _ = T{5, "e"}, 1
	t3 := T{}
	p3 := &t3
	t3 = mk()
	fmt.Println(po.in.v, p2.v, p3.v)
}

var m = map[int]T{1: {7, "g"}}
var ok bool

func r3() (T, bool) {
	t := T{1, "a"}
	p := &t
	t, ok = m[2]
	return *p, ok
}
func main() {
	r1()
	r2()
	g := T{1, "a"}
	pg := &g
	g = T{2, "b"}
	fmt.Println(pg.v)
	fmt.Println(r3())
}

// Output:
// 2 2
// 3 3
// 3 5 8
// 2
// {0 } false
