// A panic that ends the program: the cell must fail with Go's message,
// after the output that came before it.
package main

import "fmt"

type config struct{ workers int }

func check(c config) {
	if c.workers <= 0 {
		panic(fmt.Sprintf("config: %d workers", c.workers))
	}
}

func main() {
	fmt.Println("checking")
	check(config{workers: 2})
	fmt.Println("ok")
	check(config{})
	fmt.Println("not reached")
}

// Output:
// checking
// ok
