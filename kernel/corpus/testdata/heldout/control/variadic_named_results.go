// Variadic functions, multiple return values, and named results modified by defer.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

func sum(label string, nums ...int) (total int, count int) {
	for _, n := range nums {
		total += n
	}
	count = len(nums)
	fmt.Printf("%s: %d values\n", label, count)
	return
}

func minMax(first int, rest ...int) (lo, hi int) {
	lo, hi = first, first
	for _, v := range rest {
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
	}
	return lo, hi
}

func divmod(a, b int) (q, r int, err error) {
	if b == 0 {
		err = errors.New("division by zero")
		return
	}
	return a / b, a % b, nil
}

func parseAll(inputs ...string) (vals []int, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("parseAll: %w", err)
			vals = nil
		}
	}()
	for _, s := range inputs {
		v, e := strconv.Atoi(s)
		if e != nil {
			return vals, e
		}
		vals = append(vals, v)
	}
	return vals, nil
}

func safeDiv(a, b int) (res int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered:", r)
			res, ok = -1, false
		}
	}()
	return a / b, true
}

func counted() (n int) {
	defer func() { n *= 10 }()
	n = 4
	return n + 1
}

func join(sep string, parts ...any) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += sep
		}
		s += fmt.Sprint(p)
	}
	return s
}

func main() {
	t, c := sum("none")
	fmt.Println(t, c)
	t, c = sum("three", 1, 2, 3)
	fmt.Println(t, c)
	xs := []int{10, 20, 30, 40}
	t, c = sum("spread", xs...)
	fmt.Println(t, c)

	lo, hi := minMax(5, 3, 9, -2, 7)
	fmt.Println("min/max:", lo, hi)
	lo, hi = minMax(42)
	fmt.Println("min/max single:", lo, hi)

	for _, pair := range [][2]int{{17, 5}, {-17, 5}, {3, 0}} {
		q, r, err := divmod(pair[0], pair[1])
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%d / %d = %d rem %d\n", pair[0], pair[1], q, r)
	}

	vals, err := parseAll("1", "22", "333")
	fmt.Println(vals, err)
	vals, err = parseAll("7", "x8", "9")
	fmt.Println(vals, err)
	var numErr *strconv.NumError
	fmt.Println("is NumError:", errors.As(err, &numErr), numErr.Func)

	fmt.Println(safeDiv(9, 3))
	fmt.Println(safeDiv(9, 0))
	fmt.Println("counted:", counted())
	fmt.Println(join(", ", 1, "two", 3.5, true, nil))
	fmt.Printf("%q\n", join("|"))
}

// Output:
// none: 0 values
// 0 0
// three: 3 values
// 6 3
// spread: 4 values
// 100 4
// min/max: -2 9
// min/max single: 42 42
// 17 / 5 = 3 rem 2
// -17 / 5 = -3 rem -2
// error: division by zero
// [1 22 333] <nil>
// [] parseAll: strconv.Atoi: parsing "x8": invalid syntax
// is NumError: true Atoi
// 3 true
// recovered: runtime error: integer divide by zero
// -1 false
// counted: 50
// 1, two, 3.5, true, <nil>
// ""
