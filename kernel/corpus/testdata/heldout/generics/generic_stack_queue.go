// Generic Stack[T] and Queue[T] types with methods, zero values, and an RPN calculator built on them.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s Stack[T]) Len() int { return len(s.items) }

type Queue[T any] struct {
	head, tail []T
}

func (q *Queue[T]) Enqueue(v T) { q.tail = append(q.tail, v) }

func (q *Queue[T]) Dequeue() (T, bool) {
	if len(q.head) == 0 {
		for len(q.tail) > 0 {
			n := len(q.tail) - 1
			q.head = append(q.head, q.tail[n])
			q.tail = q.tail[:n]
		}
	}
	if len(q.head) == 0 {
		var zero T
		return zero, false
	}
	n := len(q.head) - 1
	v := q.head[n]
	q.head = q.head[:n]
	return v, true
}

func evalRPN(expr string) (float64, error) {
	var st Stack[float64]
	for _, tok := range strings.Fields(expr) {
		if f, err := strconv.ParseFloat(tok, 64); err == nil {
			st.Push(f)
			continue
		}
		b, ok1 := st.Pop()
		a, ok2 := st.Pop()
		if !ok1 || !ok2 {
			return 0, fmt.Errorf("stack underflow at %q", tok)
		}
		switch tok {
		case "+":
			st.Push(a + b)
		case "-":
			st.Push(a - b)
		case "*":
			st.Push(a * b)
		case "/":
			st.Push(a / b)
		default:
			return 0, fmt.Errorf("unknown operator %q", tok)
		}
	}
	if st.Len() != 1 {
		return 0, fmt.Errorf("expected 1 value, have %d", st.Len())
	}
	v, _ := st.Pop()
	return v, nil
}

func main() {
	var s Stack[string]
	for _, w := range []string{"a", "b", "c"} {
		s.Push(w)
	}
	fmt.Println("len", s.Len())
	for {
		v, ok := s.Pop()
		if !ok {
			fmt.Printf("empty: %q %v\n", v, ok)
			break
		}
		fmt.Print(v, " ")
	}

	var q Queue[[2]int]
	for i := range 3 {
		q.Enqueue([2]int{i, i * i})
	}
	first, _ := q.Dequeue()
	q.Enqueue([2]int{9, 81})
	fmt.Println("first", first)
	for v, ok := q.Dequeue(); ok; v, ok = q.Dequeue() {
		fmt.Println("dequeued", v)
	}

	for _, e := range []string{"3 4 + 2 *", "10 4 /", "1 +", "2 3 ^", "1 2"} {
		v, err := evalRPN(e)
		fmt.Printf("%-12q => %v, %v\n", e, v, err)
	}
	fmt.Printf("%T %T\n", s, &q)
}

// Output:
// len 3
// c b a empty: "" false
// first [0 0]
// dequeued [1 1]
// dequeued [2 4]
// dequeued [9 81]
// "3 4 + 2 *"  => 14, <nil>
// "10 4 /"     => 2.5, <nil>
// "1 +"        => 0, stack underflow at "+"
// "2 3 ^"      => 0, unknown operator "^"
// "1 2"        => 0, expected 1 value, have 2
// main.Stack[string] *main.Queue[[2]int]
