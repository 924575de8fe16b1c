// Index and slice expressions out of range where no statement can be
// put before them: in a loop's header, an "else if" condition, an if or
// switch with an init statement, on the right of && or ||, after a call
// of the same statement. And a switch with an init statement evaluates
// its tag.
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

var calls int

func next() int {
	calls++
	return calls
}

func kind(xs []int, i int) string {
	switch n := len(xs); xs[i] {
	case n:
		return "the length"
	case 0:
		return "zero"
	}
	return "other"
}

func main() {
	xs := []int{1, 2, 3}
	rows := [][]int{{1}, {2, 3}}
	s := "héllo"
	i, j, n := 5, 9, -1
	var u uint8 = 200
	try("loop condition", func() {
		for k := 0; k < xs[i]; k++ {
		}
	})
	try("loop post", func() {
		for k := 0; k < 10; k += xs[k] {
		}
	})
	try("range", func() {
		for _, v := range rows[i] {
			fmt.Println(v)
		}
	})
	try("range of a slice", func() {
		for _, v := range xs[1:j] {
			fmt.Println(v)
		}
	})
	try("after a call", func() { fmt.Println(next() + xs[i]) })
	try("call then index", func() { t := next(); t += xs[n]; fmt.Println(t) })
	try("else if", func() {
		if i == 0 {
			fmt.Println("zero")
		} else if xs[i] > 0 {
			fmt.Println("positive")
		}
	})
	try("and", func() {
		if i > 0 && xs[i] > 0 {
			fmt.Println("both")
		}
	})
	try("or", func() {
		if i < 0 || s[j] == 'x' {
			fmt.Println("either")
		}
	})
	try("if with init", func() {
		if m := 2; xs[m+i] > 0 {
			fmt.Println(m)
		}
	})
	try("unsigned", func() {
		for k := 0; k < len(xs) && xs[u] > 0; k++ {
		}
	})
	try("string slice", func() { fmt.Println(next(), s[2:j]) })
	try("switch", func() { fmt.Println(kind(xs, 3)) })
	fmt.Println(kind([]int{2, 0}, 0), kind([]int{2, 0}, 1), kind([]int{7}, 0))
	switch v := 2; next() {
	case v:
		fmt.Println("two")
	default:
		fmt.Println("not two")
	}
	fmt.Println("calls:", calls)
	total := 0
	for k := 0; k < len(rows); k++ {
		for m := 0; m < len(rows[k]); m++ {
			total += rows[k][m]
		}
	}
	fmt.Println("total:", total)
}

// Output:
// loop condition: runtime error: index out of range [5] with length 3 (runtime.Error: true)
// loop post: runtime error: index out of range [3] with length 3 (runtime.Error: true)
// range: runtime error: index out of range [5] with length 2 (runtime.Error: true)
// range of a slice: runtime error: slice bounds out of range [:9] with capacity 3 (runtime.Error: true)
// after a call: runtime error: index out of range [5] with length 3 (runtime.Error: true)
// call then index: runtime error: index out of range [-1] (runtime.Error: true)
// else if: runtime error: index out of range [5] with length 3 (runtime.Error: true)
// and: runtime error: index out of range [5] with length 3 (runtime.Error: true)
// or: runtime error: index out of range [9] with length 6 (runtime.Error: true)
// if with init: runtime error: index out of range [7] with length 3 (runtime.Error: true)
// unsigned: runtime error: index out of range [200] with length 3 (runtime.Error: true)
// string slice: runtime error: slice bounds out of range [:9] with length 6 (runtime.Error: true)
// switch: runtime error: index out of range [3] with length 3 (runtime.Error: true)
// the length zero other
// not two
// calls: 4
// total: 6
