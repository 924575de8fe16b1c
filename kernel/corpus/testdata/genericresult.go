// Generic functions whose results are instances of generic types of the
// same program, called where yaegi's global analysis types declarations.
package main

import "fmt"

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(x T) { s.items = append(s.items, x) }

func (s *Stack[T]) Len() int { return len(s.items) }

func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }

func Id[T any](x T) T { return x }

var global = NewStack[string]()
var typed *Stack[int] = NewStack[int]()
var n = Id(4)

func main() {
	st := NewStack[int]()
	st.Push(1)
	st.Push(2)
	fmt.Println(st.items, st.Len())
	p := MakePair("a", 1.5)
	fmt.Println(p.Key, p.Val)
	global.Push("x")
	typed.Push(7)
	fmt.Println(global.items, typed.items, n)
	a, b := NewStack[float64](), Id("s")
	a.Push(0.5)
	fmt.Println(a.items, b)
}

// Output:
// [1 2] 2
// a 1.5
// [x] [7] 4
// [0.5] s
