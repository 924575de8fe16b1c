// An undirected graph as an adjacency map with BFS shortest paths, recursive DFS, components, and cycle detection.
package main

import (
	"fmt"
	"slices"
	"strings"
)

type Graph struct {
	adj map[string][]string
}

func NewGraph() *Graph { return &Graph{adj: make(map[string][]string)} }

func (g *Graph) AddEdge(a, b string) {
	g.adj[a] = append(g.adj[a], b)
	g.adj[b] = append(g.adj[b], a)
}

func (g *Graph) Nodes() []string {
	nodes := make([]string, 0, len(g.adj))
	for n := range g.adj {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	return nodes
}

func (g *Graph) neighbors(n string) []string {
	ns := slices.Clone(g.adj[n])
	slices.Sort(ns)
	return ns
}

// ShortestPath returns the BFS path from src to dst, or nil if unreachable.
func (g *Graph) ShortestPath(src, dst string) []string {
	prev := map[string]string{src: ""}
	queue := []string{src}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == dst {
			var path []string
			for n := dst; n != ""; n = prev[n] {
				path = append(path, n)
			}
			slices.Reverse(path)
			return path
		}
		for _, nb := range g.neighbors(cur) {
			if _, seen := prev[nb]; !seen {
				prev[nb] = cur
				queue = append(queue, nb)
			}
		}
	}
	return nil
}

func (g *Graph) DFS(start string, visited map[string]bool, order *[]string) {
	visited[start] = true
	*order = append(*order, start)
	for _, nb := range g.neighbors(start) {
		if !visited[nb] {
			g.DFS(nb, visited, order)
		}
	}
}

func (g *Graph) HasCycle() bool {
	visited := map[string]bool{}
	var visit func(n, parent string) bool
	visit = func(n, parent string) bool {
		visited[n] = true
		for _, nb := range g.neighbors(n) {
			if !visited[nb] {
				if visit(nb, n) {
					return true
				}
			} else if nb != parent {
				return true
			}
		}
		return false
	}
	for _, n := range g.Nodes() {
		if !visited[n] && visit(n, "") {
			return true
		}
	}
	return false
}

func main() {
	g := NewGraph()
	for _, e := range strings.Fields("A-B A-C B-D C-D D-E E-F G-H H-I J-K K-L") {
		ends := strings.Split(e, "-")
		g.AddEdge(ends[0], ends[1])
	}
	for _, n := range g.Nodes() {
		fmt.Printf("%s: %v (degree %d)\n", n, g.neighbors(n), len(g.adj[n]))
	}

	for _, q := range [][2]string{{"A", "F"}, {"F", "A"}, {"B", "C"}, {"A", "I"}, {"G", "G"}} {
		p := g.ShortestPath(q[0], q[1])
		fmt.Printf("%s->%s: %v reachable=%v\n", q[0], q[1], p, p != nil)
	}

	visited := map[string]bool{}
	for _, n := range g.Nodes() {
		if !visited[n] {
			var order []string
			g.DFS(n, visited, &order)
			fmt.Printf("component from %s, DFS order: %v\n", n, order)
		}
	}
	fmt.Println("has cycle:", g.HasCycle())
}

// Output:
// A: [B C] (degree 2)
// B: [A D] (degree 2)
// C: [A D] (degree 2)
// D: [B C E] (degree 3)
// E: [D F] (degree 2)
// F: [E] (degree 1)
// G: [H] (degree 1)
// H: [G I] (degree 2)
// I: [H] (degree 1)
// J: [K] (degree 1)
// K: [J L] (degree 2)
// L: [K] (degree 1)
// A->F: [A B D E F] reachable=true
// F->A: [F E D B A] reachable=true
// B->C: [B A C] reachable=true
// A->I: [] reachable=false
// G->G: [G] reachable=true
// component from A, DFS order: [A B D C E F]
// component from G, DFS order: [G H I]
// component from J, DFS order: [J K L]
// has cycle: true
