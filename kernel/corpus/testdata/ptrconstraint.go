// A type parameter constrained to a pointer to another: the front end
// refuses it in an interpreted cell (yaegi's compiler failed on it, or
// the statements of the cell did not run).
package main

import "fmt"

type Counter struct{ N int }

func (c *Counter) Inc() { c.N++ }

type Incer[T any] interface {
	*T
	Inc()
}

func IncAll[T any, PT Incer[T]](xs []T) {
	for i := range xs {
		PT(&xs[i]).Inc()
	}
}

func Make[T any, PT interface {
	*T
	Inc()
}]() T {
	var x T
	PT(&x).Inc()
	PT(&x).Inc()
	return x
}

func main() {
	cs := make([]Counter, 3)
	IncAll(cs)
	IncAll(cs[1:])
	fmt.Println(cs)
	fmt.Println(Make[Counter]())
}

// Output:
// [{1} {2} {2}]
// {2}
