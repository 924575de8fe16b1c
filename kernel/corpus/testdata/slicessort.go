// slices.Sort, and slices.Collect / slices.Sorted over maps.Keys (Go 1.23).
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	s := []int{3, 1, 2}
	slices.Sort(s)
	fmt.Println(s)

	m := map[string]int{"b": 2, "a": 1, "c": 3}
	keys := slices.Collect(maps.Keys(m))
	slices.Sort(keys)
	fmt.Println(keys)
	fmt.Println(slices.Sorted(maps.Values(m)))

	words := []string{"pear", "fig", "banana"}
	slices.SortFunc(words, func(a, b string) int { return len(a) - len(b) })
	fmt.Println(words, slices.Index(words, "pear"))
}

// Output:
// [1 2 3]
// [a b c]
// [1 2 3]
// [fig pear banana] 1
