// Defer in loops: LIFO order, argument evaluation time, per-iteration cleanup via closures, and recover.
package main

import (
	"errors"
	"fmt"
	"strings"
)

type resource struct {
	name string
	log  *[]string
}

func open(name string, log *[]string) *resource {
	*log = append(*log, "open "+name)
	return &resource{name: name, log: log}
}

func (r *resource) Close() {
	*r.log = append(*r.log, "close "+r.name)
}

func deferOrder() {
	for i := 0; i < 4; i++ {
		defer fmt.Print(" ", i)
	}
	fmt.Print("loop done:")
}

func argsEvaluatedEarly() {
	x := 1
	defer fmt.Println("deferred x =", x)
	defer func() { fmt.Println("closure sees x =", x) }()
	x = 42
	fmt.Println("x set to", x)
}

// processAll uses a helper so each resource is closed at the end of its own iteration.
func processAll(names []string) []string {
	var log []string
	for _, n := range names {
		func() {
			r := open(n, &log)
			defer r.Close()
			log = append(log, "use "+r.name)
		}()
	}
	return log
}

// processDeferred closes everything only at function exit, in reverse order.
func processDeferred(names []string) (log []string) {
	for _, n := range names {
		r := open(n, &log)
		defer r.Close()
	}
	log = append(log, "all opened")
	return log
}

func mustPositive(vals []int) (sum int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for _, v := range vals {
		if v < 0 {
			panic(fmt.Sprintf("negative value %d", v))
		}
		sum += v
	}
	return sum, nil
}

func tryAll() {
	for i := range 3 {
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Printf("iteration %d recovered: %v\n", i, r)
				}
			}()
			if i == 1 {
				var m map[string]int
				m["boom"] = 1
			}
			if i == 2 {
				panic(errors.New("custom error"))
			}
			fmt.Printf("iteration %d ok\n", i)
		}()
	}
}

func main() {
	func() {
		defer fmt.Println()
		deferOrder()
	}()
	argsEvaluatedEarly()

	fmt.Println(strings.Join(processAll([]string{"a", "b", "c"}), ", "))

	// Named result: deferred Close calls append after return value is set,
	// and they modify the same slice header.
	fmt.Println(strings.Join(processDeferred([]string{"x", "y", "z"}), ", "))

	fmt.Println(mustPositive([]int{1, 2, 3}))
	fmt.Println(mustPositive([]int{4, -5, 6}))
	tryAll()

	var trace []string
	for _, step := range []string{"parse", "check", "emit"} {
		func() {
			trace = append(trace, "enter "+step)
			defer func() { trace = append(trace, "leave "+step) }()
		}()
	}
	fmt.Println(trace)
}

// Output:
// loop done: 3 2 1 0
// x set to 42
// closure sees x = 42
// deferred x = 1
// open a, use a, close a, open b, use b, close b, open c, use c, close c
// open x, open y, open z, all opened, close z, close y, close x
// 6 <nil>
// 4 recovered: negative value -5
// iteration 0 ok
// iteration 1 recovered: assignment to entry in nil map
// iteration 2 recovered: custom error
// [enter parse leave parse enter check leave check enter emit leave emit]
