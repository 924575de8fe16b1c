// Two generic types with a method of the same name: the front end
// refuses them in an interpreted cell (yaegi keeps one instance of a
// generic method by its name and type arguments, and Queue[int]'s Kind
// ran Stack[int]'s).
package main

import "fmt"

type Stack[T any] struct{ xs []T }

func (s *Stack[T]) Push(x T)     { s.xs = append(s.xs, x) }
func (s *Stack[T]) Kind() string { return fmt.Sprintf("stack of %d", len(s.xs)) }

type Queue[T any] struct{ xs []T }

func (q *Queue[T]) Push(x T)     { q.xs = append(q.xs, x) }
func (q *Queue[T]) Kind() string { return fmt.Sprintf("queue of %d", len(q.xs)) }

func main() {
	s, q := &Stack[int]{}, &Queue[int]{}
	s.Push(1)
	q.Push(1)
	q.Push(2)
	fmt.Println(s.Kind(), q.Kind())
}

// Output:
// stack of 1 queue of 2
