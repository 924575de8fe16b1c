// Higher-order functions: generic map/filter/reduce, composition, and currying.
package main

import (
	"fmt"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, pred func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if pred(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func adder(n int) func(int) int {
	return func(x int) int { return x + n }
}

func apply(n int, f func(int) int, x int) int {
	for range n {
		x = f(x)
	}
	return x
}

type Pred func(int) bool

func (p Pred) And(q Pred) Pred { return func(x int) bool { return p(x) && q(x) } }
func (p Pred) Not() Pred       { return func(x int) bool { return !p(x) } }

func main() {
	nums := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	squares := Map(nums, func(x int) int { return x * x })
	fmt.Println("squares:", squares)
	evens := Filter(nums, func(x int) bool { return x%2 == 0 })
	fmt.Println("evens:", evens)
	sum := Reduce(squares, 0, func(a, x int) int { return a + x })
	fmt.Println("sum of squares:", sum)

	words := []string{"go", "closure", "defer", "interface", "map"}
	lens := Map(words, func(s string) int { return len(s) })
	fmt.Println("lengths:", lens)
	joined := Reduce(words, "", func(acc string, w string) string {
		if acc == "" {
			return strings.ToUpper(w)
		}
		return acc + "-" + strings.ToUpper(w)
	})
	fmt.Println("joined:", joined)

	shout := compose(strings.TrimSpace, func(s string) string { return strings.ToUpper(s) + "!" })
	fmt.Printf("%q\n", shout("  hello world  "))
	lenThenDouble := compose(func(s string) int { return len(s) }, func(n int) float64 { return float64(n) * 1.5 })
	fmt.Println(lenThenDouble("abcd"))

	add3 := adder(3)
	fmt.Println("apply add3 x5 to 1:", apply(5, add3, 1))
	fmt.Println("apply double x10 to 1:", apply(10, func(x int) int { return x * 2 }, 1))

	isEven := Pred(func(x int) bool { return x%2 == 0 })
	big := Pred(func(x int) bool { return x > 4 })
	fmt.Println("even and big:", Filter(nums, isEven.And(big)))
	fmt.Println("odd and big:", Filter(nums, isEven.Not().And(big)))

	pipeline := []func(int) int{adder(1), func(x int) int { return x * 10 }, adder(-5)}
	for _, start := range []int{0, 1, 2} {
		v := start
		for _, step := range pipeline {
			v = step(v)
		}
		fmt.Printf("pipeline(%d) = %d\n", start, v)
	}
}

// Output:
// squares: [1 4 9 16 25 36 49 64 81 100]
// evens: [2 4 6 8 10]
// sum of squares: 385
// lengths: [2 7 5 9 3]
// joined: GO-CLOSURE-DEFER-INTERFACE-MAP
// "HELLO WORLD!"
// 6
// apply add3 x5 to 1: 16
// apply double x10 to 1: 1024
// even and big: [6 8 10]
// odd and big: [5 7 9]
// pipeline(0) = 5
// pipeline(1) = 15
// pipeline(2) = 25
