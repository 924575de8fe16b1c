// Go 1.22 per-iteration loop variables: closures, pointers and deferred calls capture each iteration's copy.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Handler struct {
	Name string
	Run  func() string
}

func main() {
	var funcs []func() int
	for i := 0; i < 4; i++ {
		funcs = append(funcs, func() int { return i * 10 })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println("<- three-clause loop")

	var ptrs []*string
	for _, s := range []string{"x", "y", "z"} {
		ptrs = append(ptrs, &s)
	}
	var got []string
	for _, p := range ptrs {
		got = append(got, *p)
	}
	fmt.Println("range pointers:", strings.Join(got, ","), ptrs[0] != ptrs[1])

	var handlers []Handler
	for idx, name := range []string{"alpha", "beta", "gamma"} {
		handlers = append(handlers, Handler{
			Name: name,
			Run:  func() string { return fmt.Sprintf("%d:%s", idx, strings.ToUpper(name)) },
		})
	}
	for _, h := range handlers {
		fmt.Println(h.Name, "->", h.Run())
	}

	// Modifying the loop variable inside the body affects only that iteration's copy
	// but is carried into the post statement.
	var seen []int
	var later []func() int
	for i := 0; i < 10; i++ {
		if i%3 == 0 {
			i++
		}
		seen = append(seen, i)
		later = append(later, func() int { return i })
	}
	fmt.Println("seen:", seen)
	fmt.Print("later:")
	for _, f := range later {
		fmt.Print(" ", f())
	}
	fmt.Println()

	counters := map[string]func() int{}
	for _, key := range []string{"b", "a", "c"} {
		n := 0
		counters[key] = func() int { n += len(key); return n }
	}
	keys := make([]string, 0, len(counters))
	for k := range counters {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := counters[k]
		f()
		fmt.Printf("%s=%d ", k, f())
	}
	fmt.Println("end")

	func() {
		for i := range 3 {
			defer func() { fmt.Println("deferred sees", i) }()
		}
	}()

	var sq []func() int
	for i := range 3 {
		sq = append(sq, func() int { return i * i })
	}
	fmt.Println(sq[0](), sq[1](), sq[2]())
}

// Output:
// 0 10 20 30 <- three-clause loop
// range pointers: x,y,z true
// alpha -> 0:ALPHA
// beta -> 1:BETA
// gamma -> 2:GAMMA
// seen: [1 2 4 5 7 8 10]
// later: 1 2 4 5 7 8 10
// a=2 b=2 c=2 end
// deferred sees 2
// deferred sees 1
// deferred sees 0
// 0 1 4
