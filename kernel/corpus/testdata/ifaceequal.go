// Values of the program's types with methods in interfaces: compared
// with == and in a switch, used as map keys of their concrete type,
// passed on as any and printed, recovered from a panic.
package main

import (
	"errors"
	"fmt"
)

type codeErr struct {
	op   string
	code int
}

func (e *codeErr) Error() string { return fmt.Sprintf("%s: %d", e.op, e.code) }

type parseErr struct{ line, col int }

func (e parseErr) Error() string { return fmt.Sprintf("%d:%d: bad", e.line, e.col) }

var (
	errGone  = &codeErr{"gone", 410}
	errLimit = &codeErr{"limit", 429}
	errEOF   = errors.New("eof")
)

type shape interface{ area() float64 }

type square struct{ side float64 }

func (s square) area() float64 { return s.side * s.side }

func fetch(i int) error {
	switch i {
	case 0:
		return errGone
	case 1:
		return errEOF
	case 2:
		return parseErr{3, 14}
	case 3:
		return nil
	}
	return errLimit
}

func describe(v any) string { return fmt.Sprint(v) }

func rethrow(err error) (r any) {
	defer func() { r = recover() }()
	panic(err)
}

func main() {
	for i := 0; i < 5; i++ {
		err := fetch(i)
		switch err {
		case errGone, errLimit:
			fmt.Println(i, "retry later:", err)
		case errEOF:
			fmt.Println(i, "end")
		case nil:
			fmt.Println(i, "ok")
		default:
			fmt.Println(i, "other:", describe(err))
		}
		fmt.Println(err == errGone, err != errEOF, errors.Is(err, errLimit))
	}
	var a, b shape = square{2}, square{2}
	fmt.Println(a == b, a == square{3}, a.area())
	seen := map[square]int{}
	for _, s := range []square{{1}, {2}, {1}} {
		seen[s]++
	}
	fmt.Println(len(seen), seen[square{1}])
	r := rethrow(fetch(2))
	e, ok := r.(error)
	fmt.Println(e, ok)
}

// Output:
// 0 retry later: gone: 410
// true true false
// 1 end
// false false false
// 2 other: 3:14: bad
// false true false
// 3 ok
// false true false
// 4 retry later: limit: 429
// false true true
// true false 4
// 2 2
// 3:14: bad true
