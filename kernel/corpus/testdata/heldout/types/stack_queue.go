// A generic slice-backed stack and ring-buffer queue, used for RPN evaluation and a task queue.
package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Len() int { return len(s.items) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

type Queue[T any] struct {
	buf        []T
	head, size int
}

func NewQueue[T any](capacity int) *Queue[T] { return &Queue[T]{buf: make([]T, capacity)} }

func (q *Queue[T]) Enqueue(v T) {
	if q.size == len(q.buf) {
		grown := make([]T, 2*len(q.buf))
		for i := range q.size {
			grown[i] = q.buf[(q.head+i)%len(q.buf)]
		}
		q.buf, q.head = grown, 0
	}
	q.buf[(q.head+q.size)%len(q.buf)] = v
	q.size++
}

func (q *Queue[T]) Dequeue() (T, bool) {
	var zero T
	if q.size == 0 {
		return zero, false
	}
	v := q.buf[q.head]
	q.buf[q.head] = zero
	q.head = (q.head + 1) % len(q.buf)
	q.size--
	return v, true
}

func evalRPN(expr string) (int, error) {
	var st Stack[int]
	for _, tok := range strings.Fields(expr) {
		if n, err := strconv.Atoi(tok); err == nil {
			st.Push(n)
			continue
		}
		b, ok1 := st.Pop()
		a, ok2 := st.Pop()
		if !ok1 || !ok2 {
			return 0, errors.New("stack underflow at " + strconv.Quote(tok))
		}
		switch tok {
		case "+":
			st.Push(a + b)
		case "-":
			st.Push(a - b)
		case "*":
			st.Push(a * b)
		case "/":
			if b == 0 {
				return 0, errors.New("division by zero")
			}
			st.Push(a / b)
		default:
			return 0, fmt.Errorf("unknown operator %q", tok)
		}
	}
	if st.Len() != 1 {
		return 0, fmt.Errorf("malformed expression: %d values left", st.Len())
	}
	v, _ := st.Pop()
	return v, nil
}

func main() {
	for _, e := range []string{"3 4 + 2 *", "5 1 2 + 4 * + 3 -", "1 +", "4 0 /", "2 3", "7 2 %", "-7 2 /"} {
		v, err := evalRPN(e)
		fmt.Printf("%-20q => %d, err=%v\n", e, v, err)
	}

	q := NewQueue[string](2)
	for _, task := range []string{"fetch", "parse", "index"} {
		q.Enqueue(task)
	}
	first, _ := q.Dequeue()
	q.Enqueue("store")
	q.Enqueue("notify")
	fmt.Println("first:", first, "size:", q.size, "cap:", len(q.buf))
	for {
		t, ok := q.Dequeue()
		if !ok {
			break
		}
		fmt.Print(t, " ")
	}
	fmt.Println("| empty:", q.size == 0)
}

// Output:
// "3 4 + 2 *"          => 14, err=<nil>
// "5 1 2 + 4 * + 3 -"  => 14, err=<nil>
// "1 +"                => 0, err=stack underflow at "+"
// "4 0 /"              => 0, err=division by zero
// "2 3"                => 0, err=malformed expression: 2 values left
// "7 2 %"              => 0, err=unknown operator "%"
// "-7 2 /"             => -3, err=<nil>
// first: fetch size: 4 cap: 4
// parse index store notify | empty: true
