// A task scheduler built on container/heap with priority updates and stable tie-breaking.
package main

import (
	"container/heap"
	"fmt"
)

type Task struct {
	Name     string
	Priority int
	seq      int // insertion order, for ties
	index    int // position in the heap, maintained by Swap
}

type PQ []*Task

func (pq PQ) Len() int { return len(pq) }

func (pq PQ) Less(i, j int) bool {
	if pq[i].Priority != pq[j].Priority {
		return pq[i].Priority > pq[j].Priority
	}
	return pq[i].seq < pq[j].seq
}

func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}

func (pq *PQ) Push(x any) {
	t := x.(*Task)
	t.index = len(*pq)
	*pq = append(*pq, t)
}

func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	t.index = -1
	*pq = old[:n-1]
	return t
}

func (pq *PQ) Update(t *Task, priority int) {
	t.Priority = priority
	heap.Fix(pq, t.index)
}

// IntHeap is a min-heap of ints.
type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func main() {
	pq := PQ{}
	byName := map[string]*Task{}
	inputs := []struct {
		name string
		prio int
	}{{"write report", 2}, {"fix prod bug", 5}, {"lunch", 1}, {"code review", 3}, {"email", 2}, {"deploy", 4}}
	for i, in := range inputs {
		t := &Task{Name: in.name, Priority: in.prio, seq: i}
		byName[in.name] = t
		heap.Push(&pq, t)
	}
	fmt.Println("tasks queued:", pq.Len(), "top:", pq[0].Name)

	pq.Update(byName["lunch"], 6)
	pq.Update(byName["deploy"], 0)
	fmt.Println("after update top:", pq[0].Name)

	for pq.Len() > 0 {
		t := heap.Pop(&pq).(*Task)
		fmt.Printf("run %-13s priority=%d index=%d\n", t.Name, t.Priority, t.index)
	}

	h := &IntHeap{9, 4, 7, 1, 8}
	heap.Init(h)
	heap.Push(h, 3)
	fmt.Println("min:", (*h)[0], "len:", h.Len())
	var sorted []int
	for h.Len() > 0 {
		sorted = append(sorted, heap.Pop(h).(int))
	}
	fmt.Println("heap sorted:", sorted)

	// k smallest of a stream using a bounded max-heap (negated values).
	stream := []int{15, 3, 22, 8, 42, 4, 16, 23, 1, 9}
	k := 4
	top := &IntHeap{}
	for _, v := range stream {
		heap.Push(top, -v)
		if top.Len() > k {
			heap.Pop(top)
		}
	}
	var smallest []int
	for top.Len() > 0 {
		smallest = append([]int{-heap.Pop(top).(int)}, smallest...)
	}
	fmt.Println("4 smallest:", smallest)
}

// Output:
// tasks queued: 6 top: fix prod bug
// after update top: lunch
// run lunch         priority=6 index=-1
// run fix prod bug  priority=5 index=-1
// run code review   priority=3 index=-1
// run write report  priority=2 index=-1
// run email         priority=2 index=-1
// run deploy        priority=0 index=-1
// min: 1 len: 6
// heap sorted: [1 3 4 7 8 9]
// 4 smallest: [1 3 4 8]
