// A generic type with a String method, printed by fmt (inside a slice,
// a map, through a pointer and an interface, with several verbs), and an
// Error method, held by a variable of type error in a function.
package main

import "fmt"

type Pair[T any] struct{ a, b T }

func (p Pair[T]) String() string { return fmt.Sprintf("<%v,%v>", p.a, p.b) }

type E[T any] struct{ v T }

func (e E[T]) Error() string { return fmt.Sprint("err ", e.v) }

func main() {
	p := Pair[int]{1, 2}
	fmt.Println(p, []Pair[int]{p, p}, &p)
	fmt.Printf("%v %s %+v %d %#v\n", p, p, p, p, p)
	fmt.Println(fmt.Sprint(p), map[string]Pair[int]{"k": p})
	fmt.Println(Pair[string]{"x", "y"})
	var s fmt.Stringer = p
	fmt.Println(s)
	var err error = E[int]{5}
	fmt.Println(err, E[float64]{0.5})
}

// Output:
// <1,2> [<1,2> <1,2>] <1,2>
// <1,2> <1,2> <1,2> {1 2} main.Pair[int]{a:1, b:2}
// <1,2> map[k:<1,2>]
// <x,y>
// <1,2>
// err 5 err 0.5
