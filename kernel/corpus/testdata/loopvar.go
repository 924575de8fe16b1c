// Each iteration of a for loop has its own variables (Go 1.22).
package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
	}
	for _, v := range []int{10, 20} {
		fs = append(fs, func() int { return v })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var ps []*int
	for i := 0; i < 3; i++ {
		ps = append(ps, &i)
	}
	fmt.Println(*ps[0], *ps[1], *ps[2])
}

// Output:
// 0 1 2 10 20
// 0 1 2
