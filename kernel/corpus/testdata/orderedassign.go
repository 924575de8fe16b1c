// Assignments whose right-hand side calls a function (or receives), in
// the forms the kernel lowered last: a comma-ok form on the right whose
// operands call, a comma-ok map read into an element whose index calls,
// a left-hand side that calls before an index, an if, else if and switch
// init statement, and a for loop's post statement. Go calls first, then
// reads the index and assigns; a missing key gives the zero value.
package main

import "fmt"

var xs = []int{0, 0}
var k = 0
var m = map[int]int{1: 10}

type S struct {
	f int
	g []int
}

var sv = S{g: []int{0, 0}}

func f() int  { k = 1; return 1 }
func fx() any { k = 1; return 5 }
func g() int  { fmt.Println("g"); return 1 }
func h() int  { fmt.Println("h"); k = 1; return 7 }
func s() *S   { fmt.Println("s"); return &sv }

func sw() {
	k = 0
	xs = []int{0, 0}
L:
	switch xs[k] = h(); k {
	case 1:
		fmt.Println(xs)
		break L
	}
}

func main() {
	k = 0
	xs = []int{0, 0}
	var ok bool
	xs[k], ok = m[f()]
	fmt.Println(xs, ok, k)
	fmt.Println("--")
	k = 0
	xs = []int{0, 0}
	xs[k], ok = fx().(int)
	fmt.Println(xs, ok, k)
	fmt.Println("--")
	k = 0
	xs = []int{0, 0}
	xs[k], ok = m[h()]
	fmt.Println(xs, ok)
	fmt.Println("--")
	xs = []int{5, 5}
	xs[g()], ok = m[9]
	fmt.Println(xs, ok)
	fmt.Println("--")
	mp := map[int]int{1: 5}
	mp[g()], ok = m[9]
	fmt.Println(mp, ok)
	fmt.Println("--")
	k = 0
	arr := [2]int{}
	pa := func() *[2]int { fmt.Println("pa"); return &arr }
	(*pa())[k] = h()
	fmt.Println(arr)
	fmt.Println("--")
	k = 0
	s().g[k] = h()
	fmt.Println(sv)
	fmt.Println("--")
	k = 0
	xs = []int{0, 0}
	if xs[k] = h(); k > 0 {
		fmt.Println(xs)
	}
	fmt.Println("--")
	k = 0
	xs = []int{0, 0}
	if k > 3 {
	} else if xs[k] = h(); k > 0 {
		fmt.Println(xs)
	}
	fmt.Println("--")
	sw()
	fmt.Println("--")
	k = 0
	xs = []int{0, 0, 0}
	for i := 0; i < 2; xs[k] = h() {
		i++
		k = 0
	}
	fmt.Println(xs)
	fmt.Println("--")
	grid := [][]float64{{0, 0}}
	grid[0][1] = float64(g())
	v, ok2 := m[1]
	fmt.Println(grid, v, ok2)
}

// Output:
// [0 10] true 1
// --
// [0 5] true 1
// --
// h
// [0 0] false
// --
// g
// [5 0] false
// --
// g
// map[1:0] false
// --
// pa
// h
// [0 7]
// --
// s
// h
// {0 [0 7]}
// --
// h
// [0 7]
// --
// h
// [0 7]
// --
// h
// [0 7]
// --
// h
// h
// [0 7 0]
// --
// g
// [[0 1]] 10 true
