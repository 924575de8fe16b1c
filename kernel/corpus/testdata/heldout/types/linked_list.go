// A generic singly linked list with push, insert-sorted, remove, reverse, and a String method.
package main

import (
	"cmp"
	"fmt"
	"strings"
)

type node[T any] struct {
	val  T
	next *node[T]
}

type List[T any] struct {
	head *node[T]
	size int
}

func (l *List[T]) PushFront(v T) {
	l.head = &node[T]{val: v, next: l.head}
	l.size++
}

func (l *List[T]) PushBack(v T) {
	n := &node[T]{val: v}
	l.size++
	if l.head == nil {
		l.head = n
		return
	}
	cur := l.head
	for cur.next != nil {
		cur = cur.next
	}
	cur.next = n
}

// Remove deletes the first element matching pred and reports whether one was found.
func (l *List[T]) Remove(pred func(T) bool) bool {
	for pp := &l.head; *pp != nil; pp = &(*pp).next {
		if pred((*pp).val) {
			*pp = (*pp).next
			l.size--
			return true
		}
	}
	return false
}

func (l *List[T]) Reverse() {
	var prev *node[T]
	for cur := l.head; cur != nil; {
		next := cur.next
		cur.next = prev
		prev, cur = cur, next
	}
	l.head = prev
}

func (l *List[T]) Each(f func(int, T)) {
	i := 0
	for n := l.head; n != nil; n = n.next {
		f(i, n.val)
		i++
	}
}

func (l *List[T]) String() string {
	var sb strings.Builder
	sb.WriteString("[")
	l.Each(func(i int, v T) {
		if i > 0 {
			sb.WriteString(" -> ")
		}
		fmt.Fprint(&sb, v)
	})
	sb.WriteString("]")
	return sb.String()
}

func InsertSorted[T cmp.Ordered](l *List[T], v T) {
	pp := &l.head
	for *pp != nil && (*pp).val < v {
		pp = &(*pp).next
	}
	*pp = &node[T]{val: v, next: *pp}
	l.size++
}

func main() {
	var l List[int]
	fmt.Println("empty:", &l, l.size)
	for i := range 5 {
		l.PushBack(i * 10)
	}
	l.PushFront(-1)
	fmt.Println(&l, "size", l.size)

	fmt.Println("remove 20:", l.Remove(func(v int) bool { return v == 20 }))
	fmt.Println("remove 99:", l.Remove(func(v int) bool { return v == 99 }))
	fmt.Println("remove head:", l.Remove(func(v int) bool { return v < 0 }))
	fmt.Println(&l, "size", l.size)

	l.Reverse()
	fmt.Println("reversed:", &l)

	var words List[string]
	for _, w := range strings.Fields("pear apple fig banana cherry apple") {
		InsertSorted(&words, w)
	}
	fmt.Println(&words, words.size)
	sum := 0
	words.Each(func(i int, w string) { sum += len(w) * (i + 1) })
	fmt.Println("weighted length sum:", sum)
	words.Remove(func(s string) bool { return strings.HasPrefix(s, "b") })
	fmt.Printf("%v %s\n", &words, words.String())
}

// Output:
// empty: [] 0
// [-1 -> 0 -> 10 -> 20 -> 30 -> 40] size 6
// remove 20: true
// remove 99: false
// remove head: true
// [0 -> 10 -> 30 -> 40] size 4
// reversed: [40 -> 30 -> 10 -> 0]
// [apple -> apple -> banana -> cherry -> fig -> pear] 6
// weighted length sum: 96
// [apple -> apple -> cherry -> fig -> pear] [apple -> apple -> cherry -> fig -> pear]
