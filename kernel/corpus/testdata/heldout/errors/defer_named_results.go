// Defer runs LIFO, arguments are evaluated at defer time, and deferred closures rewrite named results.
package main

import (
	"errors"
	"fmt"
)

func order() {
	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred arg", i)
	}
	x := 10
	defer fmt.Println("x at defer time:", x)
	defer func() { fmt.Println("x in closure:", x) }()
	x = 20
	fmt.Println("order body done")
}

func double(n int) (result int) {
	defer func() { result *= 2 }()
	return n + 1
}

func counter() (n int, err error) {
	defer func() {
		if err != nil {
			n = -1
			err = fmt.Errorf("counter: %w", err)
		}
	}()
	for i := 0; i < 5; i++ {
		if i == 3 {
			return i, errors.New("hit three")
		}
		n += i
	}
	return n, nil
}

type resource struct{ name string }

func (r *resource) Close() error {
	fmt.Println("closing", r.name)
	if r.name == "db" {
		return errors.New("db close failed")
	}
	return nil
}

func work() (err error) {
	open := func(name string) *resource {
		fmt.Println("opening", name)
		return &resource{name}
	}
	for _, name := range []string{"file", "db", "cache"} {
		r := open(name)
		defer func() {
			if cerr := r.Close(); cerr != nil && err == nil {
				err = cerr
			}
		}()
	}
	fmt.Println("working")
	return nil
}

func recoverValue() (v string) {
	defer func() {
		if r := recover(); r != nil {
			v = fmt.Sprint("recovered: ", r)
		}
	}()
	defer fmt.Println("this still prints before recover")
	panic("boom")
}

func main() {
	order()
	fmt.Println("double(4) =", double(4))
	n, err := counter()
	fmt.Println("counter:", n, err)
	fmt.Println("work:", work())
	fmt.Println(recoverValue())
}

// Output:
// order body done
// x in closure: 20
// x at defer time: 10
// deferred arg 2
// deferred arg 1
// deferred arg 0
// double(4) = 10
// counter: -1 counter: hit three
// opening file
// opening db
// opening cache
// working
// closing cache
// closing db
// closing file
// work: db close failed
// this still prints before recover
// recovered: boom
