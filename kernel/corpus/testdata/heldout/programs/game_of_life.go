// Conway's Game of Life on a fixed 10x10 toroidal grid with a glider and a blinker.
package main

import (
	"fmt"
	"strings"
)

const size = 10

type Grid [size][size]bool

func parse(rows []string) Grid {
	var g Grid
	for r, line := range rows {
		for c, ch := range line {
			g[r][c] = ch == '#'
		}
	}
	return g
}

func (g *Grid) neighbors(r, c int) int {
	n := 0
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			rr := (r + dr + size) % size
			cc := (c + dc + size) % size
			if g[rr][cc] {
				n++
			}
		}
	}
	return n
}

func (g Grid) Step() Grid {
	var next Grid
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			n := g.neighbors(r, c)
			next[r][c] = n == 3 || (g[r][c] && n == 2)
		}
	}
	return next
}

func (g Grid) Population() int {
	count := 0
	for _, row := range g {
		for _, alive := range row {
			if alive {
				count++
			}
		}
	}
	return count
}

func (g Grid) String() string {
	var b strings.Builder
	for _, row := range g {
		for _, alive := range row {
			if alive {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func main() {
	g := parse([]string{
		".#........",
		"..#.......",
		"###.......",
		"..........",
		"..........",
		"......###.",
		"..........",
		"..........",
		"..........",
		"..........",
	})
	fmt.Println("generation 0, population", g.Population())
	fmt.Println(g)
	for gen := 1; gen <= 4; gen++ {
		g = g.Step()
		if gen%2 == 0 {
			fmt.Println("generation", gen, "population", g.Population())
			fmt.Println(g)
		}
	}
	seen := map[Grid]int{}
	gen := 4
	for {
		if first, ok := seen[g]; ok {
			fmt.Printf("state at generation %d repeats generation %d (period %d), population %d\n", gen, first, gen-first, g.Population())
			break
		}
		seen[g] = gen
		g = g.Step()
		gen++
	}
}

// Output:
// generation 0, population 8
// .#........
// ..#.......
// ###.......
// ..........
// ..........
// ......###.
// ..........
// ..........
// ..........
// ..........
// generation 2 population 8
// ..........
// ..#.......
// #.#.......
// .##.......
// ..........
// ......###.
// ..........
// ..........
// ..........
// ..........
// generation 4 population 8
// ..........
// ..#.......
// ...#......
// .###......
// ..........
// ......###.
// ..........
// ..........
// ..........
// ..........
// state at generation 15 repeats generation 14 (period 1), population 0
