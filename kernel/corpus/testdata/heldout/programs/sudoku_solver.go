// A sudoku validator and backtracking solver using bitmasks for row, column and box candidates.
package main

import (
	"fmt"
	"math/bits"
	"strings"
)

type Board [9][9]int

func parseBoard(s string) Board {
	var b Board
	s = strings.Join(strings.Fields(s), "")
	for i, ch := range s {
		if ch >= '1' && ch <= '9' {
			b[i/9][i%9] = int(ch - '0')
		}
	}
	return b
}

var unitNames = [3]string{"row", "column", "box"}

// Validate reports the first conflict it finds, or "" if the filled cells are consistent.
func (b *Board) Validate() string {
	for i := 0; i < 9; i++ {
		var seen [3]uint16 // row i, column i, box i
		for j := 0; j < 9; j++ {
			vals := [3]int{b[i][j], b[j][i], b[3*(i/3)+j/3][3*(i%3)+j%3]}
			for k, v := range vals {
				bit := uint16(1) << v
				if v != 0 && seen[k]&bit != 0 {
					return fmt.Sprintf("duplicate %d in %s %d", v, unitNames[k], i+1)
				}
				seen[k] |= bit
			}
		}
	}
	return ""
}

type solver struct {
	b                Board
	rows, cols, boxs [9]uint16
	nodes            int
}

func (s *solver) place(r, c, v int, on bool) {
	bit := uint16(1) << v
	s.rows[r] ^= bit
	s.cols[c] ^= bit
	s.boxs[r/3*3+c/3] ^= bit
	if !on {
		v = 0
	}
	s.b[r][c] = v
}

func (s *solver) solve() bool {
	s.nodes++
	// choose the empty cell with the fewest candidates
	br, bc, best, bestCount := -1, -1, uint16(0), 10
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if s.b[r][c] != 0 {
				continue
			}
			cand := ^(s.rows[r] | s.cols[c] | s.boxs[r/3*3+c/3]) & 0x3fe
			if n := bits.OnesCount16(cand); n < bestCount {
				br, bc, best, bestCount = r, c, cand, n
			}
		}
	}
	if br < 0 {
		return true
	}
	for v := 1; v <= 9; v++ {
		if best&(1<<v) == 0 {
			continue
		}
		s.place(br, bc, v, true)
		if s.solve() {
			return true
		}
		s.place(br, bc, v, false)
	}
	return false
}

func Solve(b Board) (Board, int, bool) {
	s := &solver{b: b}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if v := b[r][c]; v != 0 {
				s.place(r, c, v, true)
			}
		}
	}
	ok := s.solve()
	return s.b, s.nodes, ok
}

func (b Board) String() string {
	var sb strings.Builder
	for _, row := range b {
		for c, v := range row {
			if c > 0 && c%3 == 0 {
				sb.WriteString("| ")
			}
			sb.WriteString(fmt.Sprint(v))
			if c < 8 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteByte('\n')
	}
	return strings.TrimRight(sb.String(), "\n")
}

func main() {
	puzzle := parseBoard(`
		53..7.... 6..195... .98....6.
		8...6...3 4..8.3..1 7...2...6
		.6....28. ...419..5 ....8..79`)
	fmt.Printf("puzzle valid: %q\n", puzzle.Validate())

	bad := puzzle
	bad[0][2] = 9
	fmt.Printf("modified puzzle: %q\n", bad.Validate())

	solved, nodes, ok := Solve(puzzle)
	fmt.Println("solved:", ok, "search nodes:", nodes, "valid:", solved.Validate() == "")
	fmt.Println(solved)
}

// Output:
// puzzle valid: ""
// modified puzzle: "duplicate 9 in box 1"
// solved: true search nodes: 52 valid: true
// 5 3 4 | 6 7 8 | 9 1 2
// 6 7 2 | 1 9 5 | 3 4 8
// 1 9 8 | 3 4 2 | 5 6 7
// 8 5 9 | 7 6 1 | 4 2 3
// 4 2 6 | 8 5 3 | 7 9 1
// 7 1 3 | 9 2 4 | 8 5 6
// 9 6 1 | 5 3 7 | 2 8 4
// 2 8 7 | 4 1 9 | 6 3 5
// 3 4 5 | 2 8 6 | 1 7 9
