// iter.Pull and iter.Pull2 (issue 12): the first values of an endless
// iterator, the iterator's deferred cleanup at stop, next after stop, a
// Pull2 of maps.All to its end, and a Pull of slices.Values drained.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		defer fmt.Println("  fib cleanup")
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func main() {
	next, stop := iter.Pull(fib())
	out := ""
	for i := 0; i < 5; i++ {
		v, ok := next()
		out += fmt.Sprint("|", v, ok)
	}
	fmt.Println(out)
	stop()
	v, ok := next()
	fmt.Println("after stop:", v, ok)
	n2, s2 := iter.Pull2(maps.All(map[string]int{"only": 1}))
	k, x, ok2 := n2()
	fmt.Println(k, x, ok2)
	k, x, ok2 = n2()
	fmt.Println(k, x, ok2)
	s2()
	n3, s3 := iter.Pull(slices.Values([]string{"p", "q"}))
	for {
		w, ok := n3()
		if !ok {
			break
		}
		fmt.Print(w)
	}
	fmt.Println()
	s3()
}

// Output:
// |0 true|1 true|1 true|2 true|3 true
//   fib cleanup
// after stop: 0 false
// only 1 true
//  0 false
// pq
