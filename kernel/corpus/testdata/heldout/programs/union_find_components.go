// Union-find with path compression and union by rank: connected components and Kruskal's MST.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type DSU struct {
	parent []int
	rank   []int
	sets   int
}

func NewDSU(n int) *DSU {
	d := &DSU{parent: make([]int, n), rank: make([]int, n), sets: n}
	for i := range d.parent {
		d.parent[i] = i
	}
	return d
}

func (d *DSU) Find(x int) int {
	for d.parent[x] != x {
		d.parent[x] = d.parent[d.parent[x]]
		x = d.parent[x]
	}
	return x
}

func (d *DSU) Union(a, b int) bool {
	ra, rb := d.Find(a), d.Find(b)
	if ra == rb {
		return false
	}
	switch {
	case d.rank[ra] < d.rank[rb]:
		ra, rb = rb, ra
	case d.rank[ra] == d.rank[rb]:
		d.rank[ra]++
	}
	d.parent[rb] = ra
	d.sets--
	return true
}

func components(d *DSU, n int) [][]int {
	groups := map[int][]int{}
	for i := 0; i < n; i++ {
		r := d.Find(i)
		groups[r] = append(groups[r], i)
	}
	out := make([][]int, 0, len(groups))
	for _, g := range groups {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i][0] < out[j][0]
	})
	return out
}

type WEdge struct{ U, V, W int }

func main() {
	const n = 12
	d := NewDSU(n)
	pairs := [][2]int{{0, 1}, {2, 3}, {1, 4}, {5, 6}, {3, 7}, {4, 0}, {8, 9}, {6, 10}, {7, 2}, {10, 5}}
	for _, p := range pairs {
		merged := d.Union(p[0], p[1])
		if !merged {
			fmt.Printf("edge %d-%d closes a cycle\n", p[0], p[1])
		}
	}
	fmt.Println("sets:", d.sets)
	for i, c := range components(d, n) {
		fmt.Printf("component %d: %v\n", i+1, c)
	}
	fmt.Println("0~4:", d.Find(0) == d.Find(4), "0~5:", d.Find(0) == d.Find(5))

	names := []string{"a", "b", "c", "d", "e", "f"}
	edges := []WEdge{
		{0, 1, 7}, {0, 3, 5}, {1, 2, 8}, {1, 3, 9}, {1, 4, 7},
		{2, 4, 5}, {3, 4, 15}, {3, 5, 6}, {4, 5, 8}, {0, 2, 20},
	}
	sort.SliceStable(edges, func(i, j int) bool { return edges[i].W < edges[j].W })
	mst := NewDSU(len(names))
	total := 0
	var chosen []string
	for _, e := range edges {
		if mst.Union(e.U, e.V) {
			total += e.W
			chosen = append(chosen, fmt.Sprintf("%s%s(%d)", names[e.U], names[e.V], e.W))
		}
	}
	fmt.Println("MST edges:", strings.Join(chosen, " "))
	fmt.Println("MST weight:", total, "components left:", mst.sets)
}

// Output:
// edge 4-0 closes a cycle
// edge 7-2 closes a cycle
// edge 10-5 closes a cycle
// sets: 5
// component 1: [0 1 4]
// component 2: [2 3 7]
// component 3: [5 6 10]
// component 4: [8 9]
// component 5: [11]
// 0~4: true 0~5: false
// MST edges: ad(5) ce(5) df(6) ab(7) be(7)
// MST weight: 30 components left: 1
