// The iterator consumers of slices and maps (issue 12): slices.Collect of
// strings.Lines (a Go 1.24 function the kernel adds to yaegi's tables) and
// of a program's own iterators, Sorted, SortedFunc, maps.Collect,
// maps.Insert, slices.AppendSeq and slices.Replace.
package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type P struct{ N int }

func main() {
	ls := slices.Collect(strings.Lines("u\nv"))
	fmt.Println(len(ls), ls)
	count := func(n int) func(func(int) bool) {
		return func(yield func(int) bool) {
			for i := n; i > 0; i-- {
				if !yield(i) {
					return
				}
			}
		}
	}
	fmt.Println(slices.Collect(count(4)), slices.Sorted(count(3)))
	fmt.Println(slices.SortedFunc(count(4), func(a, b int) int { return cmp.Compare(b%2, a%2) }))
	fmt.Println(slices.Collect(count(0)) == nil)
	pairs := func(yield func(string, int) bool) {
		for i, s := range []string{"a", "b", "c"} {
			if !yield(s, i) {
				return
			}
		}
	}
	m := maps.Collect(pairs)
	fmt.Println(m)
	m2 := map[string]int{"z": 9}
	maps.Insert(m2, pairs)
	fmt.Println(m2)
	xs := []int{1, 2, 3, 4, 5}
	ys := slices.Replace(xs, 1, 3, 7)
	fmt.Println(ys, xs)
	zs := slices.Replace([]int{1, 2}, 1, 2, 8, 9, 10)
	fmt.Println(zs)
	fmt.Println(slices.AppendSeq([]int{0}, count(2)))
	pseq := func(yield func(P) bool) { yield(P{2}); yield(P{1}) }
	fmt.Println(slices.SortedFunc(pseq, func(a, b P) int { return a.N - b.N }))
}

// Output:
// 2 [u
//  v]
// [4 3 2 1] [1 2 3]
// [3 1 4 2]
// true
// map[a:0 b:1 c:2]
// map[a:0 b:1 c:2 z:9]
// [1 7 4 5] [1 7 4 5 0]
// [1 8 9 10]
// [0 2 1]
// [{1} {2}]
