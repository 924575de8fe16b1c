// Index expressions whose operands are not simple: a call's result
// indexed (f()[i], m.rows()[k]), an index that calls (xs[g()]), and an
// index on the left of an assignment whose right-hand side calls a
// function, which Go calls before it checks the index; slice
// expressions of a call's result, or with a bound that calls. Each call
// runs once, in Go's order; the element of a call's result stays
// addressable.
package main

import (
	"fmt"
	"runtime"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		if r == nil {
			fmt.Printf("%s: no panic\n", name)
			return
		}
		_, isRuntime := r.(runtime.Error)
		fmt.Printf("%s: %v (runtime.Error: %v)\n", name, r, isRuntime)
	}()
	f()
}

var (
	xs    = []int{1}
	k     = 0
	trace []string
)

func f() []int    { trace = append(trace, "f"); return []int{1} }
func g() int      { trace = append(trace, "g"); return 5 }
func h() int      { trace = append(trace, "h"); k = 5; return 7 }
func grow() int   { trace = append(trace, "grow"); xs = make([]int, 10); return 1 }
func arr() [2]int { return [2]int{} }
func str() string { return "ab" }

type M struct{ r []int }

func (m M) rows() []int { return m.r }

func at(i int) int {
	return f()[i]
}

func calls(name string) {
	fmt.Println(name, "called", trace)
	trace = nil
}

func main() {
	try("call's result", func() { i := 5; _ = f()[i] })
	calls("call's result")
	try("method's result", func() { m := M{[]int{1}}; j := 5; _ = m.rows()[j] })
	try("index that calls", func() { _ = xs[g()] })
	calls("index that calls")
	try("both", func() { _ = f()[g()] })
	calls("both")
	try("after a call", func() { k = 3; y := g() + f()[k]; _ = y })
	calls("after a call")
	try("array after a call", func() { k = 2; _ = g() + arr()[k] })
	try("string after a call", func() { k = 2; _ = g() + int(str()[k]) })
	calls("array and string")
	try("loop condition", func() {
		k = 2
		for i := 0; i < f()[k]; i++ {
		}
	})
	try("in a function", func() { at(4) })
	calls("condition and function")
	try("assigned after the call", func() { k = 0; xs = []int{1}; xs[k] = h() })
	try("operation assigned", func() { k = 0; xs = []int{1}; xs[k] += h() })
	try("index called first", func() { xs = []int{1}; xs[g()] = h() })
	try("two assigned", func() { k = 0; xs = []int{1}; var ys []int; xs[k], ys[0] = h(), g() })
	calls("assignments")
	try("grown by the call", func() { xs = []int{1}; xs[5] = grow(); fmt.Println(len(xs), xs[5]) })
	calls("grown")
	try("slice after a call", func() { j := 5; _ = g() + len(f()[1:j]) })
	try("slice bound that calls", func() { xs = []int{1}; _ = xs[g():] })
	try("range over a call's slice", func() {
		k = 5
		for _, v := range f()[k:] {
			_ = v
		}
	})
	calls("slices")
	vals := [][]int{{1, 2, 3}}
	get := func() []int { return vals[0] }
	get()[1] = 9
	p := &get()[0]
	*p = 8
	_, p2 := g(), &get()[2]
	*p2 = 7
	fmt.Println(vals)
	fmt.Println(f()[0]+g(), str()[1])
	calls("values")
}

// Output:
// call's result: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// call's result called [f]
// method's result: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// index that calls: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// index that calls called [g]
// both: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// both called [f g]
// after a call: runtime error: index out of range [3] with length 1 (runtime.Error: true)
// after a call called [g f]
// array after a call: runtime error: index out of range [2] with length 2 (runtime.Error: true)
// string after a call: runtime error: index out of range [2] with length 2 (runtime.Error: true)
// array and string called [g g]
// loop condition: runtime error: index out of range [2] with length 1 (runtime.Error: true)
// in a function: runtime error: index out of range [4] with length 1 (runtime.Error: true)
// condition and function called [f f]
// assigned after the call: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// operation assigned: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// index called first: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// two assigned: runtime error: index out of range [5] with length 1 (runtime.Error: true)
// assignments called [h h g h h g]
// 10 1
// grown by the call: no panic
// grown called [grow]
// slice after a call: runtime error: slice bounds out of range [:5] with capacity 1 (runtime.Error: true)
// slice bound that calls: runtime error: slice bounds out of range [5:1] (runtime.Error: true)
// range over a call's slice: runtime error: slice bounds out of range [5:1] (runtime.Error: true)
// slices called [g f g f]
// [[8 9 7]]
// 6 98
// values called [g f g]
