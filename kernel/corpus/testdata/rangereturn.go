// Returns of the enclosing function inside the body of a range over a
// function (issue 12): a first match, a named result set before a bare
// return, a function without results, a return from a switch, and one from
// a range over a function nested in another, with the iterator's deferred
// cleanup when the loop ends early.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("  cleanup", n)
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func pairs(yield func(string, int) bool) {
	for i, s := range []string{"a", "b", "c"} {
		if !yield(s, i) {
			return
		}
	}
}

func firstOver(n, limit int) (int, bool) {
	for v := range count(n) {
		if v*v > limit {
			return v, true
		}
	}
	return -1, false
}

func named(n int) (sum int, err error) {
	for v := range count(n) {
		sum += v
		if sum > 5 {
			err = fmt.Errorf("too big at %d", v)
			return
		}
	}
	return sum, nil
}

func nested() string {
	for i := range count(3) {
		for k, v := range pairs {
			if i == 1 && v == 2 {
				return fmt.Sprint(i, k)
			}
		}
	}
	return "none"
}

func noResult(n int) {
	for v := range count(n) {
		if v == 2 {
			fmt.Println("leaving at", v)
			return
		}
		fmt.Println("v", v)
	}
	fmt.Println("not reached")
}

func inSwitch(n int) string {
	for v := range count(n) {
		switch {
		case v == 3:
			return "three"
		case v > 10:
			break
		}
	}
	return "no three"
}

func main() {
	fmt.Println(firstOver(10, 20))
	fmt.Println(firstOver(3, 20))
	fmt.Println(named(10))
	fmt.Println(named(3))
	fmt.Println(nested())
	noResult(5)
	fmt.Println(inSwitch(5), inSwitch(2))
	total := 0
	for _, v := range slices.Sorted(maps.Values(map[string]int{"x": 1, "y": 2})) {
		total += v
	}
	fmt.Println(total)
}

// Output:
//   cleanup 10
// 5 true
//   cleanup 3
// -1 false
//   cleanup 10
// 6 too big at 3
//   cleanup 3
// 3 <nil>
//   cleanup 3
// 1c
// v 0
// v 1
// leaving at 2
//   cleanup 5
//   cleanup 5
//   cleanup 2
// three no three
// 3
