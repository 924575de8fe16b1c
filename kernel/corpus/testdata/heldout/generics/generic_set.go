// A generic Set[T comparable] backed by a map, with union/intersection/difference and sorted printing.
package main

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
)

type Set[T comparable] map[T]struct{}

func NewSet[T comparable](items ...T) Set[T] {
	s := make(Set[T], len(items))
	for _, it := range items {
		s.Add(it)
	}
	return s
}

func (s Set[T]) Add(v T)          { s[v] = struct{}{} }
func (s Set[T]) Has(v T) bool     { _, ok := s[v]; return ok }
func (s Set[T]) Len() int         { return len(s) }
func (s Set[T]) All() iter.Seq[T] { return maps.Keys(s) }
func (s Set[T]) Remove(vs ...T) {
	for _, v := range vs {
		delete(s, v)
	}
}

func (s Set[T]) Union(o Set[T]) Set[T] {
	out := maps.Clone(s)
	maps.Copy(out, o)
	return out
}

func (s Set[T]) Intersect(o Set[T]) Set[T] {
	out := Set[T]{}
	for v := range s {
		if o.Has(v) {
			out.Add(v)
		}
	}
	return out
}

func (s Set[T]) Difference(o Set[T]) Set[T] {
	out := maps.Clone(s)
	maps.DeleteFunc(out, func(v T, _ struct{}) bool { return o.Has(v) })
	return out
}

func Sorted[T cmp.Ordered](s Set[T]) []T {
	return slices.Sorted(s.All())
}

type Point struct{ X, Y int }

func main() {
	a := NewSet(1, 2, 3, 4, 5)
	b := NewSet(4, 5, 6, 7)
	fmt.Println("a:", Sorted(a), "b:", Sorted(b))
	fmt.Println("union:", Sorted(a.Union(b)))
	fmt.Println("intersect:", Sorted(a.Intersect(b)))
	fmt.Println("a-b:", Sorted(a.Difference(b)), "b-a:", Sorted(b.Difference(a)))
	fmt.Println("a unchanged:", a.Len(), a.Has(3), a.Has(9))

	a.Remove(1, 2, 42)
	fmt.Println("after remove:", Sorted(a))

	letters := NewSet([]rune("mississippi")...)
	fmt.Println(len(letters), string(Sorted(letters)))

	pts := NewSet(Point{1, 2}, Point{0, 0}, Point{1, 2}, Point{-1, 5})
	list := slices.Collect(pts.All())
	slices.SortFunc(list, func(p, q Point) int {
		return cmp.Or(cmp.Compare(p.X, q.X), cmp.Compare(p.Y, q.Y))
	})
	fmt.Println(pts.Len(), list, pts.Has(Point{0, 0}))

	empty := Set[string]{}
	fmt.Println(Sorted(empty) == nil, len(Sorted(empty)), Sorted(empty.Union(NewSet("z", "y"))))
	fmt.Printf("%T\n", empty)
}

// Output:
// a: [1 2 3 4 5] b: [4 5 6 7]
// union: [1 2 3 4 5 6 7]
// intersect: [4 5]
// a-b: [1 2 3] b-a: [6 7]
// a unchanged: 5 true false
// after remove: [3 4 5]
// 4 imps
// 3 [{-1 5} {0 0} {1 2}] true
// true 0 [y z]
// main.Set[string]
