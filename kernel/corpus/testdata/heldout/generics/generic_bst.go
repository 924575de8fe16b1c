// A generic binary search tree over cmp.Ordered with insert, contains, height and an iter.Seq in-order walk.
package main

import (
	"cmp"
	"fmt"
	"iter"
	"strings"
)

type node[T cmp.Ordered] struct {
	val         T
	left, right *node[T]
}

type Tree[T cmp.Ordered] struct {
	root *node[T]
	size int
}

func (t *Tree[T]) Insert(v T) bool {
	p := &t.root
	for *p != nil {
		switch c := cmp.Compare(v, (*p).val); {
		case c < 0:
			p = &(*p).left
		case c > 0:
			p = &(*p).right
		default:
			return false
		}
	}
	*p = &node[T]{val: v}
	t.size++
	return true
}

func (t *Tree[T]) Contains(v T) bool {
	n := t.root
	for n != nil {
		if v == n.val {
			return true
		} else if v < n.val {
			n = n.left
		} else {
			n = n.right
		}
	}
	return false
}

func height[T cmp.Ordered](n *node[T]) int {
	if n == nil {
		return 0
	}
	return 1 + max(height(n.left), height(n.right))
}

func (t *Tree[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		var walk func(n *node[T]) bool
		walk = func(n *node[T]) bool {
			if n == nil {
				return true
			}
			return walk(n.left) && yield(n.val) && walk(n.right)
		}
		walk(t.root)
	}
}

func main() {
	var ints Tree[int]
	for _, v := range []int{50, 30, 70, 20, 40, 60, 80, 30, 65} {
		if !ints.Insert(v) {
			fmt.Println("duplicate", v)
		}
	}
	fmt.Println("size", ints.size, "height", height(ints.root))
	var parts []string
	for v := range ints.All() {
		parts = append(parts, fmt.Sprint(v))
	}
	fmt.Println(strings.Join(parts, " "))
	for v := range ints.All() {
		if v > 45 {
			fmt.Println("first above 45:", v)
			break
		}
	}
	fmt.Println(ints.Contains(65), ints.Contains(66))

	words := &Tree[string]{}
	for _, w := range strings.Fields("kiwi apple mango banana cherry apple") {
		words.Insert(w)
	}
	var sorted []string
	for w := range words.All() {
		sorted = append(sorted, w)
	}
	fmt.Println(sorted, words.size)
	fmt.Println(height(words.root))
}

// Output:
// duplicate 30
// size 8 height 4
// 20 30 40 50 60 65 70 80
// first above 45: 50
// true false
// [apple banana cherry kiwi mango] 5
// 4
