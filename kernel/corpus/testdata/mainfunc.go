// A program pasted as a cell as it is: it declares func main, and the
// cell's last line calls it, once. (The corpus renames main in the other
// programs; this one keeps it.)
package main

import "fmt"

var calls int

func main() {
	calls++
	fmt.Println("main call", calls)
}

//corpus:keep-main

// Output:
// main call 1
