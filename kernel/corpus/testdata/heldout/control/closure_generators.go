// Closures capturing variables: counters, generators, and a memoized Fibonacci.
package main

import (
	"fmt"
	"strings"
)

func makeCounter(start, step int) (next func() int, reset func()) {
	n := start
	next = func() int {
		v := n
		n += step
		return v
	}
	reset = func() { n = start }
	return next, reset
}

func fibGen() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func memoize(f func(int) int) (func(int) int, *int) {
	cache := map[int]int{}
	misses := 0
	return func(n int) int {
		if v, ok := cache[n]; ok {
			return v
		}
		misses++
		v := f(n)
		cache[n] = v
		return v
	}, &misses
}

func main() {
	next, reset := makeCounter(10, 5)
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println("after reset:", next())

	gen := fibGen()
	var fibs []int
	for range 12 {
		fibs = append(fibs, gen())
	}
	fmt.Println("fib:", fibs)

	var fib func(int) int
	var misses *int
	fib, misses = memoize(func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	})
	fmt.Println("fib(50) =", fib(50), "misses:", *misses)
	fmt.Println("fib(40) =", fib(40), "misses:", *misses)

	// Each iteration gets its own variable in Go 1.22+.
	var funcs []func() int
	for i := 0; i < 4; i++ {
		funcs = append(funcs, func() int { return i * i })
	}
	for i, f := range funcs {
		if i > 0 {
			fmt.Print(" ")
		}
		fmt.Print(f())
	}
	fmt.Println()

	// A shared variable captured by two closures.
	total := 0
	add := func(x int) { total += x }
	double := func() { total *= 2 }
	add(3)
	double()
	add(4)
	fmt.Println("total:", total)

	accumulators := make([]func(int) int, 3)
	for i := range accumulators {
		sum := i * 100
		accumulators[i] = func(d int) int {
			sum += d
			return sum
		}
	}
	for round := 1; round <= 2; round++ {
		parts := make([]string, len(accumulators))
		for i, acc := range accumulators {
			parts[i] = fmt.Sprintf("acc[%d]+%d=%d", i, round, acc(round))
		}
		fmt.Println(strings.Join(parts, " "))
	}
}

// Output:
// 10 15 20
// after reset: 10
// fib: [0 1 1 2 3 5 8 13 21 34 55 89]
// fib(50) = 12586269025 misses: 51
// fib(40) = 102334155 misses: 51
// 0 1 4 9
// total: 10
// acc[0]+1=1 acc[1]+1=101 acc[2]+1=201
// acc[0]+2=3 acc[1]+2=103 acc[2]+2=203
