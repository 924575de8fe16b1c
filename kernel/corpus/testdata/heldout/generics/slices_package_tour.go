// The slices package: Sort, SortFunc, BinarySearch, Contains, Index, Reverse, Max, Min, Compact, Equal, Insert, Delete.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Employee struct {
	Name string
	Dept string
	Age  int
}

func main() {
	xs := []int{42, 7, 19, 7, 3, 88, 19, 19, 1}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	fmt.Println(xs, sorted, slices.IsSorted(sorted))

	for _, t := range []int{19, 20} {
		i, found := slices.BinarySearch(sorted, t)
		fmt.Printf("search %d: pos=%d found=%t\n", t, i, found)
	}

	fmt.Println(slices.Contains(xs, 88), slices.Index(xs, 19), slices.Index(xs, 100))
	fmt.Println(slices.IndexFunc(xs, func(n int) bool { return n > 50 }), slices.ContainsFunc(xs, func(n int) bool { return n < 0 }))
	fmt.Println("min", slices.Min(xs), "max", slices.Max(xs))

	compacted := slices.Compact(slices.Clone(sorted))
	fmt.Println("compact:", compacted, len(compacted))

	rev := slices.Clone(compacted)
	slices.Reverse(rev)
	fmt.Println("reversed:", rev)

	fmt.Println(slices.Equal(compacted, []int{1, 3, 7, 19, 42, 88}), slices.Equal(rev, compacted), slices.Equal([]int{}, nil))
	fmt.Println(slices.Compare([]int{1, 2, 3}, []int{1, 2, 4}), slices.Compare([]int{1, 2}, []int{1}))

	s := []string{"a", "b", "e"}
	s = slices.Insert(s, 2, "c", "d")
	fmt.Println(s)
	s = slices.Delete(s, 1, 3)
	fmt.Println(s, len(s))
	s = slices.Replace(s, 0, 1, "A", "AA")
	fmt.Println(s)
	s = slices.DeleteFunc(s, func(v string) bool { return strings.HasPrefix(v, "A") })
	fmt.Println(s)

	staff := []Employee{
		{"Zoe", "eng", 31}, {"Adam", "ops", 45}, {"Mia", "eng", 28},
		{"Luis", "ops", 31}, {"Ivy", "eng", 31},
	}
	slices.SortStableFunc(staff, func(a, b Employee) int {
		return cmp.Or(cmp.Compare(a.Dept, b.Dept), cmp.Compare(b.Age, a.Age))
	})
	for _, e := range staff {
		fmt.Printf("%-4s %-5s %d\n", e.Dept, e.Name, e.Age)
	}
	oldest := slices.MaxFunc(staff, func(a, b Employee) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println("oldest:", oldest.Name)

	byName := slices.Clone(staff)
	slices.SortFunc(byName, func(a, b Employee) int { return strings.Compare(a.Name, b.Name) })
	i, ok := slices.BinarySearchFunc(byName, "Luis", func(e Employee, name string) int {
		return strings.Compare(e.Name, name)
	})
	fmt.Println("Luis at", i, ok, byName[i])
	fmt.Println(slices.Repeat([]int{0, 1}, 3), slices.Concat([]int{1}, []int{2, 3}, nil, []int{4}))
}

// Output:
// [42 7 19 7 3 88 19 19 1] [1 3 7 7 19 19 19 42 88] true
// search 19: pos=4 found=true
// search 20: pos=7 found=false
// true 2 -1
// 5 false
// min 1 max 88
// compact: [1 3 7 19 42 88] 6
// reversed: [88 42 19 7 3 1]
// true false true
// -1 1
// [a b c d e]
// [a d e] 3
// [A AA d e]
// [d e]
// eng  Zoe   31
// eng  Ivy   31
// eng  Mia   28
// ops  Adam  45
// ops  Luis  31
// oldest: Adam
// Luis at 2 true {Luis ops 31}
// [0 1 0 1 0 1] [1 2 3 4]
