// Go 1.21+ min, max and clear builtins together with range-over-int loops.
package main

import (
	"fmt"
	"math"
	"strings"
)

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max("apple", "banana", "cherry"))
	fmt.Println(max(math.Inf(-1), -1e308), min(1, math.NaN()))

	const c = max(10, 20, 15)
	var arr [c / 10]int
	fmt.Println(c, len(arr))

	var x int8 = 100
	fmt.Printf("%v %T\n", max(x, 27), max(x, 27))
	type Level uint
	lo, hi := Level(2), Level(9)
	fmt.Printf("%v %T\n", min(hi, lo, 5), min(hi, lo))

	for i := range 3 {
		fmt.Print(i, ";")
	}
	fmt.Println()

	n := 0
	for range 5 {
		n += 2
	}
	fmt.Println("n =", n)

	var count uint8 = 4
	var kinds []string
	for i := range count {
		kinds = append(kinds, fmt.Sprintf("%d:%T", i, i))
	}
	fmt.Println(strings.Join(kinds, " "))

	for i := range 0 {
		fmt.Println("never", i)
	}
	for i := range -3 {
		fmt.Println("never either", i)
	}

	size := 5
	for row := range size {
		fmt.Println(strings.Repeat(" ", size-row-1) + strings.Repeat("*", 2*row+1))
	}

	data := []int{5, 6, 7, 8}
	view := data[1:3]
	clear(view)
	fmt.Println(data, len(view))

	m := map[string]bool{"a": true, "b": false}
	alias := m
	clear(m)
	fmt.Println(len(m), len(alias), m == nil)

	ptrs := []*int{&data[0], &data[3]}
	clear(ptrs)
	fmt.Println(ptrs[0] == nil, ptrs[1] == nil, len(ptrs))

	best, worst := math.MinInt, math.MaxInt
	for _, v := range []int{12, -4, 99, 0} {
		best = max(best, v)
		worst = min(worst, v)
	}
	fmt.Println(best, worst)
}

// Output:
// 1 3 1 cherry
// -1e+308 NaN
// 20 2
// 100 int8
// 2 main.Level
// 0;1;2;
// n = 10
// 0:uint8 1:uint8 2:uint8 3:uint8
//     *
//    ***
//   *****
//  *******
// *********
// [5 0 0 8] 2
// 0 0 false
// true true 2
// 99 -4
