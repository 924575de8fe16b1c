// The messages of runtime panics, as recover sees them.
package main

import (
	"errors"
	"fmt"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isErr := r.(error)
		fmt.Printf("%s: %v (error: %v)\n", name, r, isErr)
	}()
	f()
}

func main() {
	var s []int
	var m map[string]int
	var p *struct{ x int }
	var i any = "text"
	zero := 0
	try("index", func() { _ = s[5] })
	try("nil map", func() { m["a"] = 1 })
	try("nil pointer", func() { _ = p.x })
	try("divide", func() { _ = 1 / zero })
	try("assertion", func() { _ = i.(int) })
	try("custom", func() { panic(fmt.Sprintf("bad value %d", 42)) })
	try("error", func() { panic(errors.New("an error")) })
}

// Output:
// index: runtime error: index out of range [5] with length 0 (error: true)
// nil map: assignment to entry in nil map (error: true)
// nil pointer: runtime error: invalid memory address or nil pointer dereference (error: true)
// divide: runtime error: integer divide by zero (error: true)
// assertion: interface conversion: interface {} is string, not int (error: true)
// custom: bad value 42 (error: false)
// error: an error (error: true)
