// K-means clustering (k=3) of a fixed 2-D dataset for a few Lloyd iterations with deterministic init.
package main

import (
	"fmt"
	"math"
	"sort"
)

type Point struct{ X, Y float64 }

func (p Point) Dist2(q Point) float64 {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx*dx + dy*dy
}

func (p Point) String() string { return fmt.Sprintf("(%.3f, %.3f)", p.X, p.Y) }

func assign(points, centroids []Point) []int {
	labels := make([]int, len(points))
	for i, p := range points {
		best, bestD := 0, math.Inf(1)
		for j, c := range centroids {
			if d := p.Dist2(c); d < bestD {
				best, bestD = j, d
			}
		}
		labels[i] = best
	}
	return labels
}

func update(points []Point, labels []int, k int) []Point {
	sums := make([]Point, k)
	counts := make([]int, k)
	for i, p := range points {
		l := labels[i]
		sums[l].X += p.X
		sums[l].Y += p.Y
		counts[l]++
	}
	out := make([]Point, k)
	for j := range out {
		if counts[j] > 0 {
			out[j] = Point{sums[j].X / float64(counts[j]), sums[j].Y / float64(counts[j])}
		}
	}
	return out
}

func inertia(points, centroids []Point, labels []int) float64 {
	s := 0.0
	for i, p := range points {
		s += p.Dist2(centroids[labels[i]])
	}
	return s
}

// farthestFirst picks the first point, then repeatedly the point farthest from chosen centroids.
func farthestFirst(points []Point, k int) []Point {
	cs := []Point{points[0]}
	for len(cs) < k {
		best, bestD := 0, -1.0
		for i, p := range points {
			d := math.Inf(1)
			for _, c := range cs {
				d = math.Min(d, p.Dist2(c))
			}
			if d > bestD {
				best, bestD = i, d
			}
		}
		cs = append(cs, points[best])
	}
	return cs
}

func main() {
	points := []Point{
		{1.0, 1.2}, {1.5, 1.8}, {0.8, 1.0}, {1.2, 0.7}, {2.0, 1.5},
		{8.0, 8.2}, {8.5, 7.7}, {7.8, 8.8}, {9.1, 8.0}, {8.3, 9.0},
		{1.0, 8.0}, {1.6, 8.4}, {0.7, 7.5}, {1.9, 7.9}, {4.5, 5.0},
	}
	const k = 3
	centroids := []Point{{3, 3}, {6, 6}, {5, 1}} // deliberately poor start
	fmt.Println("farthest-first would pick:", farthestFirst(points, k))
	fmt.Println("initial centroids:", centroids)

	var labels []int
	for iter := 1; iter <= 6; iter++ {
		newLabels := assign(points, centroids)
		changed := 0
		for i := range newLabels {
			if labels == nil || newLabels[i] != labels[i] {
				changed++
			}
		}
		labels = newLabels
		centroids = update(points, labels, k)
		fmt.Printf("iter %d: changed=%2d inertia=%.4f\n", iter, changed, inertia(points, centroids, labels))
		if changed == 0 {
			break
		}
	}

	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool {
		return centroids[order[a]].X+centroids[order[a]].Y < centroids[order[b]].X+centroids[order[b]].Y
	})
	for rank, j := range order {
		var members []int
		for i, l := range labels {
			if l == j {
				members = append(members, i)
			}
		}
		fmt.Printf("cluster %d: centroid %v, %d points %v\n", rank, centroids[j], len(members), members)
	}
	probe := []Point{{0, 0}, {5, 5}, {10, 10}, {0, 10}}
	for i, l := range assign(probe, centroids) {
		fmt.Printf("probe %v -> centroid %v\n", probe[i], centroids[l])
	}
}

// Output:
// farthest-first would pick: [(1.000, 1.200) (8.300, 9.000) (1.000, 8.000)]
// initial centroids: [(3.000, 3.000) (6.000, 6.000) (5.000, 1.000)]
// iter 1: changed=15 inertia=139.8780
// iter 2: changed= 3 inertia=115.8304
// iter 3: changed= 5 inertia=20.2800
// iter 4: changed= 0 inertia=20.2800
// cluster 0: centroid (1.300, 1.240), 5 points [0 1 2 3 4]
// cluster 1: centroid (1.940, 7.360), 5 points [10 11 12 13 14]
// cluster 2: centroid (8.340, 8.340), 5 points [5 6 7 8 9]
// probe (0.000, 0.000) -> centroid (1.300, 1.240)
// probe (5.000, 5.000) -> centroid (1.940, 7.360)
// probe (10.000, 10.000) -> centroid (8.340, 8.340)
// probe (0.000, 10.000) -> centroid (1.940, 7.360)
