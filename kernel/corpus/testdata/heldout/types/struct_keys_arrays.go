// Struct equality, maps keyed by structs and arrays, and value-copy semantics of arrays versus slices.
package main

import (
	"fmt"
	"sort"
)

type Point struct{ X, Y int }

type Edge struct{ From, To Point }

func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

func main() {
	a, b := Point{1, 2}, Point{1, 2}
	fmt.Println("a == b:", a == b, "a != {2,1}:", a != Point{2, 1})
	fmt.Println("edges equal:", Edge{a, Point{3, 4}} == Edge{b, Point{3, 4}})

	visits := map[Point]int{}
	moves := []Point{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {0, 1}, {0, 1}, {1, 0}}
	pos := Point{}
	visits[pos]++
	for _, m := range moves {
		pos = pos.Add(m)
		visits[pos]++
	}
	keys := make([]Point, 0, len(visits))
	for k := range visits {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].X != keys[j].X {
			return keys[i].X < keys[j].X
		}
		return keys[i].Y < keys[j].Y
	})
	for _, k := range keys {
		fmt.Printf("%v visited %d\n", k, visits[k])
	}
	fmt.Println("final position:", pos, "distinct cells:", len(visits))

	// Arrays are values and can be map keys.
	grid := map[[2]int]string{{0, 0}: "origin", {2, 3}: "treasure"}
	fmt.Println(grid[[2]int{2, 3}], grid[[2]int{9, 9}] == "")

	arr := [4]int{1, 2, 3, 4}
	arrCopy := arr
	arrCopy[0] = 100
	fmt.Println("array:", arr, "copy:", arrCopy, "equal:", arr == arrCopy)

	sl := []int{1, 2, 3, 4}
	alias := sl
	alias[0] = 100
	fmt.Println("slice:", sl, "alias:", alias)

	sub := sl[1:3]
	sub = append(sub, 99)
	fmt.Println("after append into shared backing:", sl, sub, len(sub), cap(sub))
	sub = append(sub, 7, 8)
	sub[0] = -1
	fmt.Println("after growth, no longer shared:", sl, sub)

	dup := make([]int, len(sl))
	n := copy(dup, sl)
	dup[1] = 0
	fmt.Println("copied", n, "->", dup, "original", sl)

	modifyArray := func(x [4]int) { x[1] = 555 }
	modifyArrayPtr := func(x *[4]int) { x[1] = 555 }
	modifySlice := func(x []int) { x[1] = 555 }
	modifyArray(arr)
	fmt.Println("by value:", arr)
	modifyArrayPtr(&arr)
	fmt.Println("by pointer:", arr)
	s := arr[:]
	modifySlice(s[2:])
	fmt.Println("through slice of array:", arr)

	type pair struct {
		name string
		tags [2]string
	}
	seen := map[pair]bool{}
	for _, p := range []pair{{"x", [2]string{"a", "b"}}, {"x", [2]string{"a", "b"}}, {"x", [2]string{"b", "a"}}} {
		fmt.Printf("%+v duplicate=%v\n", p, seen[p])
		seen[p] = true
	}
	matrix := [2][3]int{{1, 2, 3}, {4, 5, 6}}
	m2 := matrix
	m2[1][2] = 60
	fmt.Println(matrix, m2, len(matrix), len(matrix[0]))
}

// Output:
// a == b: true a != {2,1}: true
// edges equal: true
// {0 0} visited 2
// {0 1} visited 2
// {0 2} visited 1
// {1 0} visited 1
// {1 1} visited 1
// {1 2} visited 1
// final position: {1 2} distinct cells: 6
// treasure true
// array: [1 2 3 4] copy: [100 2 3 4] equal: false
// slice: [100 2 3 4] alias: [100 2 3 4]
// after append into shared backing: [100 2 3 99] [2 3 99] 3 3
// after growth, no longer shared: [100 2 3 99] [-1 3 99 7 8]
// copied 4 -> [100 0 3 99] original [100 2 3 99]
// by value: [1 2 3 4]
// by pointer: [1 555 3 4]
// through slice of array: [1 555 3 555]
// {name:x tags:[a b]} duplicate=false
// {name:x tags:[a b]} duplicate=true
// {name:x tags:[b a]} duplicate=false
// [[1 2 3] [4 5 6]] [[1 2 3] [4 5 60]] 2 3
