// Dijkstra's shortest paths with container/heap on a small weighted directed graph, with path reconstruction.
package main

import (
	"container/heap"
	"fmt"
	"math"
	"slices"
	"strings"
)

type Edge struct {
	To     string
	Weight int
}

type Graph map[string][]Edge

type entry struct {
	node string
	dist int
}

type pq []entry

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if q[i].dist != q[j].dist {
		return q[i].dist < q[j].dist
	}
	return q[i].node < q[j].node
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(entry)) }
func (q *pq) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

func (g Graph) AddEdge(from, to string, w int) {
	g[from] = append(g[from], Edge{to, w})
	if _, ok := g[to]; !ok {
		g[to] = nil
	}
}

func (g Graph) Dijkstra(src string) (map[string]int, map[string]string, []string) {
	dist := map[string]int{}
	prev := map[string]string{}
	for n := range g {
		dist[n] = math.MaxInt
	}
	dist[src] = 0
	var order []string
	done := map[string]bool{}
	q := &pq{{src, 0}}
	for q.Len() > 0 {
		cur := heap.Pop(q).(entry)
		if done[cur.node] {
			continue
		}
		done[cur.node] = true
		order = append(order, cur.node)
		for _, e := range g[cur.node] {
			nd := cur.dist + e.Weight
			if nd < dist[e.To] {
				dist[e.To] = nd
				prev[e.To] = cur.node
				heap.Push(q, entry{e.To, nd})
			}
		}
	}
	return dist, prev, order
}

func path(prev map[string]string, src, dst string) []string {
	var p []string
	for at := dst; ; at = prev[at] {
		p = append(p, at)
		if at == src {
			break
		}
		if _, ok := prev[at]; !ok {
			return nil
		}
	}
	slices.Reverse(p)
	return p
}

func main() {
	g := Graph{}
	edges := []struct {
		from, to string
		w        int
	}{
		{"A", "B", 4}, {"A", "C", 2}, {"C", "B", 1}, {"B", "D", 5},
		{"C", "D", 8}, {"C", "E", 10}, {"D", "E", 2}, {"D", "F", 6},
		{"E", "F", 2}, {"F", "G", 1}, {"H", "A", 3},
	}
	for _, e := range edges {
		g.AddEdge(e.from, e.to, e.w)
	}

	dist, prev, order := g.Dijkstra("A")
	fmt.Println("settled order:", strings.Join(order, " "))
	nodes := make([]string, 0, len(g))
	for n := range g {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	for _, n := range nodes {
		if dist[n] == math.MaxInt {
			fmt.Printf("A -> %s: unreachable\n", n)
			continue
		}
		fmt.Printf("A -> %s: %2d via %s\n", n, dist[n], strings.Join(path(prev, "A", n), "->"))
	}

	dist2, prev2, _ := g.Dijkstra("H")
	fmt.Println("H -> G:", dist2["G"], strings.Join(path(prev2, "H", "G"), "->"))
	dist3, _, order3 := g.Dijkstra("E")
	fmt.Println("from E reaches", len(order3), "nodes; E -> G =", dist3["G"])
}

// Output:
// settled order: A C B D E F G
// A -> A:  0 via A
// A -> B:  3 via A->C->B
// A -> C:  2 via A->C
// A -> D:  8 via A->C->B->D
// A -> E: 10 via A->C->B->D->E
// A -> F: 12 via A->C->B->D->E->F
// A -> G: 13 via A->C->B->D->E->F->G
// A -> H: unreachable
// H -> G: 16 H->A->C->B->D->E->F->G
// from E reaches 3 nodes; E -> G = 3
