// Generic numeric helpers with ~int | ~float64 union constraints and cmp.Ordered, applied to named types.
package main

import (
	"cmp"
	"fmt"
)

type Number interface {
	~int | ~int64 | ~float64
}

type Meters float64
type Count int

func Sum[T Number](xs []T) T {
	var total T
	for _, x := range xs {
		total += x
	}
	return total
}

func Average[T Number](xs []T) float64 {
	if len(xs) == 0 {
		return 0
	}
	return float64(Sum(xs)) / float64(len(xs))
}

func MaxOf[T cmp.Ordered](first T, rest ...T) T {
	m := first
	for _, v := range rest {
		if v > m {
			m = v
		}
	}
	return m
}

func Clamp[T cmp.Ordered](v, lo, hi T) T {
	return min(max(v, lo), hi)
}

func Scale[S ~[]E, E Number](s S, k E) S {
	out := make(S, len(s))
	for i, v := range s {
		out[i] = v * k
	}
	return out
}

type Path []Meters

func (p Path) Length() Meters { return Sum(p) }

func main() {
	ints := []int{4, 8, 15, 16, 23, 42}
	fmt.Println(Sum(ints), Average(ints))

	dists := []Meters{1.5, 2.25, 3}
	fmt.Printf("%v %T %.3f\n", Sum(dists), Sum(dists), Average(dists))

	counts := []Count{3, 4}
	c := Sum(counts)
	fmt.Printf("%v %T\n", c, c)

	fmt.Println(MaxOf(3, 9, 2), MaxOf("pear", "apple", "zucchini"), MaxOf(2.5))
	fmt.Println(Clamp(15, 0, 10), Clamp(-3.5, -1, 1), Clamp("m", "a", "k"))

	p := Path{10, 20.5}
	scaled := Scale(p, 2)
	fmt.Printf("%v %T %v\n", scaled, scaled, scaled.Length())

	fmt.Println(Sum([]int64{1 << 40, 1 << 40}), Sum[float64](nil))
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.0, 2.0), cmp.Less(1.5, 1.0))
}

// Output:
// 108 18
// 6.75 main.Meters 2.250
// 7 main.Count
// 9 zucchini 2.5
// 10 -1 k
// [20 41] main.Path 61
// 2199023255552 0
// -1 1 0 false
