// Range-over-func iterators: iter.Seq and iter.Seq2 generators, early break, composition and iter.Pull.
package main

import (
	"fmt"
	"iter"
	"slices"
)

func Fibonacci() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func Take[T any](seq iter.Seq[T], n int) iter.Seq[T] {
	return func(yield func(T) bool) {
		if n <= 0 {
			return
		}
		i := 0
		for v := range seq {
			if !yield(v) {
				return
			}
			i++
			if i == n {
				return
			}
		}
	}
}

func FilterSeq[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Enumerate[T any](seq iter.Seq[T]) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		i := 0
		for v := range seq {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func countdown(from int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("  countdown cleanup")
		for i := from; i >= 0; i-- {
			if !yield(i) {
				fmt.Println("  consumer stopped at", i)
				return
			}
		}
	}
}

func main() {
	fmt.Println(slices.Collect(Take(Fibonacci(), 10)))

	evenFib := FilterSeq(Fibonacci(), func(n int) bool { return n%2 == 0 })
	for i, v := range Enumerate(Take(evenFib, 5)) {
		fmt.Printf("even fib #%d = %d\n", i, v)
	}

	for v := range countdown(3) {
		fmt.Println("tick", v)
	}
	for v := range countdown(10) {
		if v == 8 {
			break
		}
		fmt.Println("tock", v)
	}

	total := 0
	for v := range Take(Fibonacci(), 20) {
		if v%3 == 0 {
			continue
		}
		total += v
	}
	fmt.Println("sum of first 20 fib not divisible by 3:", total)

	next, stop := iter.Pull(Fibonacci())
	for range 4 {
		v, ok := next()
		fmt.Print(v, ok, " | ")
	}
	stop()
	v, ok := next()
	fmt.Println("after stop:", v, ok)

	for i, s := range slices.Backward([]string{"a", "b", "c"}) {
		fmt.Print(i, s, " ")
	}
	fmt.Println("done")
	fmt.Println(slices.Collect(Take(Fibonacci(), 0)) == nil)
}

// Output:
// [0 1 1 2 3 5 8 13 21 34]
// even fib #0 = 0
// even fib #1 = 2
// even fib #2 = 8
// even fib #3 = 34
// even fib #4 = 144
// tick 3
// tick 2
// tick 1
// tick 0
//   countdown cleanup
// tock 10
// tock 9
//   consumer stopped at 8
//   countdown cleanup
// sum of first 20 fib not divisible by 3: 9790
// 0 true | 1 true | 1 true | 2 true | after stop: 0 false
// 2c 1b 0a done
// true
