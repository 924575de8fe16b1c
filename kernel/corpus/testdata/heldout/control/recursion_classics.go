// Recursion classics: Ackermann, Tower of Hanoi, permutations, and 6-queens.
package main

import (
	"fmt"
	"strings"
)

func ackermann(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ackermann(m-1, 1)
	default:
		return ackermann(m-1, ackermann(m, n-1))
	}
}

func hanoi(n int, from, to, via string, moves *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves = append(*moves, fmt.Sprintf("%d:%s->%s", n, from, to))
	hanoi(n-1, via, to, from, moves)
}

func permutations(xs []rune) []string {
	if len(xs) <= 1 {
		return []string{string(xs)}
	}
	var out []string
	for i := range xs {
		rest := make([]rune, 0, len(xs)-1)
		rest = append(rest, xs[:i]...)
		rest = append(rest, xs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, string(xs[i])+p)
		}
	}
	return out
}

func solveQueens(n int) [][]int {
	var solutions [][]int
	cols := make([]int, 0, n)
	var place func(row int)
	place = func(row int) {
		if row == n {
			solutions = append(solutions, append([]int(nil), cols...))
			return
		}
	next:
		for c := 0; c < n; c++ {
			for r, pc := range cols {
				if pc == c || row-r == c-pc || row-r == pc-c {
					continue next
				}
			}
			cols = append(cols, c)
			place(row + 1)
			cols = cols[:len(cols)-1]
		}
	}
	place(0)
	return solutions
}

func main() {
	for m := 0; m <= 3; m++ {
		row := make([]string, 0, 4)
		for n := 0; n <= 3; n++ {
			row = append(row, fmt.Sprint(ackermann(m, n)))
		}
		fmt.Printf("A(%d, 0..3) = %s\n", m, strings.Join(row, " "))
	}

	var moves []string
	hanoi(3, "A", "C", "B", &moves)
	fmt.Println(len(moves), "moves:", strings.Join(moves, " "))
	moves = moves[:0]
	hanoi(10, "A", "C", "B", &moves)
	fmt.Println("hanoi(10) moves:", len(moves), "last:", moves[len(moves)-1])

	perms := permutations([]rune("abcd"))
	fmt.Println("perms of abcd:", len(perms))
	fmt.Println(strings.Join(perms[:8], ","))
	fmt.Println(strings.Join(perms[len(perms)-4:], ","))

	sols := solveQueens(6)
	fmt.Println("6-queens solutions:", len(sols))
	for i, s := range sols {
		fmt.Printf("solution %d: %v\n", i+1, s)
	}
	first := sols[0]
	for r := range 6 {
		var b strings.Builder
		for c := range 6 {
			if first[r] == c {
				b.WriteByte('Q')
			} else {
				b.WriteByte('.')
			}
		}
		fmt.Println(b.String())
	}
}

// Output:
// A(0, 0..3) = 1 2 3 4
// A(1, 0..3) = 2 3 4 5
// A(2, 0..3) = 3 5 7 9
// A(3, 0..3) = 5 13 29 61
// 7 moves: 1:A->C 2:A->B 1:C->B 3:A->C 1:B->A 2:B->C 1:A->C
// hanoi(10) moves: 1023 last: 1:B->C
// perms of abcd: 24
// abcd,abdc,acbd,acdb,adbc,adcb,bacd,badc
// dbac,dbca,dcab,dcba
// 6-queens solutions: 4
// solution 1: [1 3 5 0 2 4]
// solution 2: [2 5 1 4 0 3]
// solution 3: [3 0 4 1 5 2]
// solution 4: [4 2 0 5 3 1]
// .Q....
// ...Q..
// .....Q
// Q.....
// ..Q...
// ....Q.
