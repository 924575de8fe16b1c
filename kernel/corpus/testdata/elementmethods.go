// fmt prints the elements and fields of session types with their
// String and Error methods, with the verb's width and flags, also when an
// interface holds them bare.
package main

import (
	"fmt"
)

type T struct{ n int }

func (t T) String() string { return fmt.Sprint("T", t.n) }

type PT struct{ m int }

func (t *PT) String() string { return fmt.Sprint("P", t.m) }

type Box struct {
	V fmt.Stringer
	W any
}

type E struct{ c int }

func (e E) Error() string { return fmt.Sprint("E", e.c) }

func main() {
	ts := []T{{1}, {2}}
	fmt.Printf("%s|%q|%d|%x|%5v|%-4s|%+v|\n", ts, ts, ts, ts, ts, ts, ts)
	var a any = ts
	fmt.Println(a)
	fmt.Printf("%v %s %q\n", a, a, a)
	var m any = map[string][]E{"k": {{3}}}
	fmt.Println(m, Box{T{5}, T{6}}, Box{nil, E{7}})
	fmt.Printf("%+v|%6v|\n", Box{T{5}, &PT{8}}, [2]T{{1}, {2}})
	fmt.Println(Box{T{5}, ts}, []any{T{7}, ts})
}

type S struct{ a, b int }
type H struct{ V any }

func init() {
	fmt.Printf("%+v|%+v|%+v|%+v\n", []any{S{1, 2}}, map[string]any{"k": S{3, 4}}, H{S{5, 6}}, []any{[]S{{1, 1}}})
}

// Output:
// [{a:1 b:2}]|map[k:{a:3 b:4}]|{V:{a:5 b:6}}|[[{a:1 b:1}]]
// [T1 T2]|["T1" "T2"]|[{1} {2}]|[5431 5432]|[   T1    T2]|[T1   T2  ]|[T1 T2]|
// [T1 T2]
// [T1 T2] [T1 T2] ["T1" "T2"]
// map[k:[E3]] {T5 T6} {<nil> E7}
// {V:T5 W:P8}|[    T1     T2]|
// {T5 [T1 T2]} [T7 [T1 T2]]
