// Append aliasing: slices sharing a backing array, capacity growth, and full slice expressions.
package main

import "fmt"

func show(name string, s []int) {
	fmt.Printf("%s len=%d cap=%d %v\n", name, len(s), cap(s), s)
}

func addItem(s []int, v int) []int {
	return append(s, v)
}

func main() {
	base := make([]int, 3, 6)
	for i := range base {
		base[i] = i + 1
	}
	show("base", base)

	// Two appends onto the same base share spare capacity and overwrite each other.
	x := append(base, 10)
	y := append(base, 20)
	show("x", x)
	show("y", y)

	// A full slice expression limits capacity, forcing a copy on append.
	safe := base[:3:3]
	z := append(safe, 30)
	z[0] = 99
	fmt.Println("z", len(z), z, "fresh array:", cap(z) >= 4)
	show("base", base)

	// Sub-slices see writes through the shared array.
	sub := base[1:2]
	show("sub", sub)
	sub = append(sub, 77)
	show("sub", sub)
	show("base", base)
	show("base[:4]", base[:4])

	// Function appending within capacity: caller's slice header is unchanged
	// but the backing array is written.
	s := make([]int, 2, 4)
	t := addItem(s, 5)
	show("s", s)
	show("t", t)
	show("s[:3]", s[:3])

	// Growth: record capacities as we append one element at a time (only check monotonicity and copy).
	var grow []int
	first := append(grow, 1)
	alias := first
	changes := 0
	prevCap := cap(first)
	for i := 2; i <= 20; i++ {
		first = append(first, i)
		if cap(first) != prevCap {
			changes++
			prevCap = cap(first)
		}
	}
	first[0] = -1
	fmt.Println("alias unaffected after growth:", alias[0], "grew:", changes > 0, "len:", len(first))

	// copy vs assignment
	src := []int{1, 2, 3}
	assigned := src
	copied := make([]int, len(src))
	copy(copied, src)
	src[0] = 100
	fmt.Println("assigned:", assigned, "copied:", copied)

	// Removing an element in place shifts the shared array.
	nums := []int{0, 1, 2, 3, 4, 5}
	view := nums
	nums = append(nums[:2], nums[3:]...)
	fmt.Println("nums:", nums, "view:", view)

	// Inserting with slices of a clone avoids aliasing surprises.
	orig := []string{"a", "b", "d"}
	ins := append(orig[:2:2], append([]string{"c"}, orig[2:]...)...)
	fmt.Println("orig:", orig, "inserted:", ins)

	// nil vs empty
	var nilS []int
	empty := []int{}
	fmt.Println(nilS == nil, empty == nil, len(nilS), len(empty), append(nilS, 1))

	// 2D slices built from one backing array share memory.
	backing := make([]int, 6)
	rows := [][]int{backing[0:3], backing[3:6]}
	rows[0][2] = 7
	rows[1][0] = 8
	fmt.Println("rows:", rows, "backing:", backing)
	rows[0] = append(rows[0], 9)
	fmt.Println("after append rows[0]:", rows, "backing:", backing)
}

// Output:
// base len=3 cap=6 [1 2 3]
// x len=4 cap=6 [1 2 3 20]
// y len=4 cap=6 [1 2 3 20]
// z 4 [99 2 3 30] fresh array: true
// base len=3 cap=6 [1 2 3]
// sub len=1 cap=5 [2]
// sub len=2 cap=5 [2 77]
// base len=3 cap=6 [1 2 77]
// base[:4] len=4 cap=6 [1 2 77 20]
// s len=2 cap=4 [0 0]
// t len=3 cap=4 [0 0 5]
// s[:3] len=3 cap=4 [0 0 5]
// alias unaffected after growth: 1 grew: true len: 20
// assigned: [100 2 3] copied: [1 2 3]
// nums: [0 1 3 4 5] view: [0 1 3 4 5 5]
// orig: [a b d] inserted: [a b c d]
// true false 0 0 [1]
// rows: [[0 0 7] [8 0 0]] backing: [0 0 7 8 0 0]
// after append rows[0]: [[0 0 7 9] [9 0 0]] backing: [0 0 7 9 0 0]
