// A program pasted as a cell as it is: it declares func main, and the
// cell's last line calls it, once.
package main

import "fmt"

var calls int

func main() {
	calls++
	fmt.Println("main call", calls)
}

// Output:
// main call 1
