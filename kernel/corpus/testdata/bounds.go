// Index and slice expressions out of range, as recover sees them: Go's
// messages with the index and the length or capacity.
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

type grid struct {
	cells []float64
	w     int
}

func (g *grid) at(x, y int) float64 { return g.cells[y*g.w+x] }

func sum(xs []int, n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += xs[i]
	}
	return s
}

func main() {
	xs := []int{1, 2, 3}
	ys := make([]int, 2, 4)
	var arr [4]int
	s := "héllo"
	i, j, n := 5, 9, -1
	var u uint8 = 200
	try("slice", func() { _ = xs[i] })
	try("negative", func() { _ = xs[n] })
	try("unsigned", func() { _ = xs[u] })
	try("array", func() { arr[i] = 1 })
	try("pointer to array", func() { p := &arr; p[j]++ })
	try("string", func() { _ = s[j] })
	try("loop", func() { fmt.Println(sum(xs, 4)) })
	try("method", func() { g := &grid{make([]float64, 6), 3}; _ = g.at(1, 2) })
	try("range int", func() {
		for k := range 5 {
			ys[k] = k
		}
	})
	try("nested", func() { idx := []int{0, 7}; _ = xs[idx[1]] })
	try("slice hi", func() { _ = ys[1:j] })
	try("slice lo", func() { _ = ys[3:] })
	try("slice lo > hi", func() { _ = ys[2 : 1+n+1] })
	try("slice negative", func() { _ = ys[n:] })
	try("string slice", func() { _ = s[2:j] })
	try("array slice", func() { _ = arr[i:] })
	try("3-index max", func() { _ = ys[0:1:j] })
	try("3-index hi", func() { h := 3; _ = ys[0:h:2] })
	try("3-index lo", func() { l := 3; _ = ys[l:2:4] })
	try("in range", func() {
		t := 0
		for k := range xs {
			t += xs[k]
		}
		fmt.Println(t)
	})
}

// Output:
// slice: runtime error: index out of range [5] with length 3 (runtime.Error: true)
// negative: runtime error: index out of range [-1] (runtime.Error: true)
// unsigned: runtime error: index out of range [200] with length 3 (runtime.Error: true)
// array: runtime error: index out of range [5] with length 4 (runtime.Error: true)
// pointer to array: runtime error: index out of range [9] with length 4 (runtime.Error: true)
// string: runtime error: index out of range [9] with length 6 (runtime.Error: true)
// loop: runtime error: index out of range [3] with length 3 (runtime.Error: true)
// method: runtime error: index out of range [7] with length 6 (runtime.Error: true)
// range int: runtime error: index out of range [2] with length 2 (runtime.Error: true)
// nested: runtime error: index out of range [7] with length 3 (runtime.Error: true)
// slice hi: runtime error: slice bounds out of range [:9] with capacity 4 (runtime.Error: true)
// slice lo: runtime error: slice bounds out of range [3:2] (runtime.Error: true)
// slice lo > hi: runtime error: slice bounds out of range [2:1] (runtime.Error: true)
// slice negative: runtime error: slice bounds out of range [-1:] (runtime.Error: true)
// string slice: runtime error: slice bounds out of range [:9] with length 6 (runtime.Error: true)
// array slice: runtime error: slice bounds out of range [5:4] (runtime.Error: true)
// 3-index max: runtime error: slice bounds out of range [::9] with capacity 4 (runtime.Error: true)
// 3-index hi: runtime error: slice bounds out of range [:3:2] (runtime.Error: true)
// 3-index lo: runtime error: slice bounds out of range [3:2:] (runtime.Error: true)
// 6
// in range: no panic
