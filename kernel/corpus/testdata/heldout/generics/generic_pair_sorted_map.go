// Generic Pair[K, V] with a sorted-entries helper built on maps.Keys, slices.Sorted and slices.SortFunc.
package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

func MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }

func SortedEntries[M ~map[K]V, K cmp.Ordered, V any](m M) []Pair[K, V] {
	out := make([]Pair[K, V], 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, Pair[K, V]{k, m[k]})
	}
	return out
}

func Swap[K, V comparable](p Pair[K, V]) Pair[V, K] { return Pair[V, K]{p.Val, p.Key} }

func GroupBy[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	g := make(map[K][]T)
	for _, x := range xs {
		k := key(x)
		g[k] = append(g[k], x)
	}
	return g
}

type WordCounts map[string]int

func main() {
	text := "the quick brown fox jumps over the lazy dog the fox"
	wc := WordCounts{}
	for _, w := range strings.Fields(text) {
		wc[w]++
	}
	entries := SortedEntries(wc)
	fmt.Println(entries)

	slices.SortStableFunc(entries, func(a, b Pair[string, int]) int {
		return cmp.Compare(b.Val, a.Val)
	})
	for _, e := range entries[:3] {
		fmt.Printf("%-6s %d\n", e.Key, e.Val)
	}

	p := MakePair("answer", 42)
	fmt.Printf("%v %+v %T\n", p, Swap(p), Swap(p))
	fmt.Printf("%#v\n", MakePair(1.5, []string{"x"}))

	groups := GroupBy(strings.Fields(text), func(s string) int { return len(s) })
	for _, n := range slices.Sorted(maps.Keys(groups)) {
		fmt.Println(n, groups[n])
	}

	byFirst := GroupBy([]Pair[string, int]{{"a", 1}, {"b", 2}, {"a", 3}}, func(p Pair[string, int]) string { return p.Key })
	fmt.Println(SortedEntries(byFirst))
}

// Output:
// [brown=1 dog=1 fox=2 jumps=1 lazy=1 over=1 quick=1 the=3]
// the    3
// fox    2
// brown  1
// answer=42 42=answer main.Pair[int,string]
// main.Pair[float64,[]string]{Key:1.5, Val:[]string{"x"}}
// 3 [the fox the dog the fox]
// 4 [over lazy]
// 5 [quick brown jumps]
// [a=[a=1 a=3] b=[b=2]]
