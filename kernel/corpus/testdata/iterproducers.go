// The iterator producers of slices and maps used as values (issue 12):
// slices.Values, All, Backward and Chunk, maps.Keys and All, kept in
// variables, ranged over, and given to slices.Collect, Sorted and
// maps.Collect.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	xs := []string{"a", "b", "c", "d", "e"}
	vals := slices.Values(xs)
	out := ""
	for v := range vals {
		out += v
	}
	fmt.Println(out)
	all := slices.All(xs)
	out = ""
	for i, v := range all {
		if i > 2 {
			break
		}
		out += fmt.Sprint("/", i, v)
	}
	fmt.Println(out)
	out = ""
	for c := range slices.Chunk(xs, 2) {
		out += fmt.Sprint("/", c, len(c), cap(c))
	}
	fmt.Println(out)
	fmt.Println(slices.Collect(slices.Values(xs)), slices.Sorted(slices.Values([]int{3, 1, 2})))
	m := map[string]int{"x": 1, "y": 2, "z": 3}
	ks := maps.Keys(m)
	fmt.Println(slices.Sorted(ks))
	fmt.Println(len(maps.Collect(maps.All(m))))
	out = ""
	for i, v := range slices.Backward(xs) {
		out += fmt.Sprint(i, v)
	}
	fmt.Println(out)
}

// Output:
// abcde
// /0a/1b/2c
// /[a b] 2 2/[c d] 2 2/[e] 1 1
// [a b c d e] [1 2 3]
// [x y z]
// 3
// 4e3d2c1b0a
