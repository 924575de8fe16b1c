// Range over an integer (Go 1.22).
package main

import "fmt"

func main() {
	for i := range 3 {
		fmt.Println("i =", i)
	}
	n := 0
	for range 4 {
		n++
	}
	fmt.Println("n =", n)
	var total int64
	for i := range int64(5) {
		total += i
	}
	fmt.Printf("%T %d\n", total, total)
}

// Output:
// i = 0
// i = 1
// i = 2
// n = 4
// int64 10
