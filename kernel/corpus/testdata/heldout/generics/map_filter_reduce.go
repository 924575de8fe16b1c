// Generic Map, Filter, Reduce and Partition helpers with type inference over several element types.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
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

func Partition[T any](xs []T, pred func(T) bool) (yes, no []T) {
	for _, x := range xs {
		if pred(x) {
			yes = append(yes, x)
		} else {
			no = append(no, x)
		}
	}
	return
}

type Order struct {
	ID     int
	Amount float64
	Paid   bool
}

func main() {
	nums := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	squares := Map(nums, func(n int) int { return n * n })
	evens := Filter(squares, func(n int) bool { return n%2 == 0 })
	total := Reduce(evens, 0, func(a, n int) int { return a + n })
	fmt.Println(squares)
	fmt.Println(evens, total)

	labels := Map(nums[:4], strconv.Itoa)
	fmt.Printf("%q\n", labels)
	joined := Reduce(labels, "", func(acc, s string) string {
		if acc == "" {
			return s
		}
		return acc + "-" + s
	})
	fmt.Println(joined)

	words := strings.Fields("Go is expressive concise clean and efficient")
	lengths := Map(words, func(s string) int { return len(s) })
	long := Filter(words, func(s string) bool { return len(s) > 5 })
	fmt.Println(lengths, long)
	longest := Reduce(words, "", func(best, w string) string {
		if len(w) > len(best) {
			return w
		}
		return best
	})
	fmt.Println("longest:", longest)

	orders := []Order{{1, 9.99, true}, {2, 120, false}, {3, 45.5, true}, {4, 3.25, false}}
	paid, unpaid := Partition(orders, func(o Order) bool { return o.Paid })
	sum := func(os []Order) float64 {
		return Reduce(os, 0.0, func(a float64, o Order) float64 { return a + o.Amount })
	}
	fmt.Printf("paid %d totaling %.2f, unpaid %d totaling %.2f\n", len(paid), sum(paid), len(unpaid), sum(unpaid))
	ids := Map(unpaid, func(o Order) string { return "#" + strconv.Itoa(o.ID) })
	fmt.Println("chase:", strings.Join(ids, ", "))

	counts := Reduce(strings.Split("a,b,a,c,b,a", ","), map[string]int{}, func(m map[string]int, s string) map[string]int {
		m[s]++
		return m
	})
	fmt.Println(counts)

	none := Filter(nums, func(int) bool { return false })
	fmt.Println(none == nil, len(Map(none, strconv.Itoa)))
}

// Output:
// [1 4 9 16 25 36 49 64 81 100]
// [4 16 36 64 100] 220
// ["1" "2" "3" "4"]
// 1-2-3-4
// [2 2 10 7 5 3 9] [expressive concise efficient]
// longest: expressive
// paid 2 totaling 55.49, unpaid 2 totaling 123.25
// chase: #2, #4
// map[a:3 b:2 c:1]
// true 0
