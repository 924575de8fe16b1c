// The built-in functions min, max and clear (Go 1.21).
package main

import "fmt"

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2))
	fmt.Println(min(2.5, 1.0), max(0.5, 4))
	fmt.Println(min("b", "a", "c"), max("b", "a", "c"))
	x, y := 7, -2
	fmt.Println(min(x, y), max(x, y, 10))

	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	fmt.Println(len(m), m)

	s := []int{1, 2, 3}
	clear(s)
	fmt.Println(len(s), s)
}

// Output:
// 1 3
// 1 4
// a c
// -2 10
// 0 map[]
// 3 [0 0 0]
