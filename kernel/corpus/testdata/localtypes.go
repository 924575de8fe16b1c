// Values of a local type and of an unnamed struct type with an
// unexported field that come back from compiled code (a sync.Map) as an
// any: the interpreter holds them as its reflect type of their fields,
// struct { Xa int }, which is also Tm's, and the kernel named them main.Tm
// and printed them with Tm's String method (main.Tm tm1 tm1); in a
// session without Tm, it printed struct { Xa int } {Xa:1} {1}.
package main

import (
	"fmt"
	"sync"
)

type Pv struct{ a, b int }

type Tm struct{ a int }

func (t Tm) String() string { return fmt.Sprintf("tm%d", t.a) }

func local() any {
	type L struct{ a int }
	var m sync.Map
	m.Store("k", L{1})
	v, _ := m.Load("k")
	return v
}

func unnamed() any {
	var m sync.Map
	m.Store("k", struct{ a int }{2})
	v, _ := m.Load("k")
	return v
}

func main() {
	x := local()
	fmt.Printf("%T %+v %v %#v\n", x, x, x, x)
	y := unnamed()
	fmt.Printf("%T %+v %v %#v\n", y, y, y, y)
	var t any = Tm{3}
	fmt.Println(x, y, Pv{1, 2}, t)
}

// Output:
// main.L {a:1} {1} main.L{a:1}
// struct { a int } {a:2} {2} struct { a int }{a:2}
// {1} {2} {1 2} tm3
