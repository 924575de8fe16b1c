// Labeled break/continue in nested loops and a goto-based retry loop.
package main

import (
	"fmt"
	"strings"
)

func findPair(grid [][]int, target int) (int, int, bool) {
	var ri, ci int
	found := false
search:
	for i, row := range grid {
		for j, v := range row {
			if v == target {
				ri, ci, found = i, j, true
				break search
			}
		}
	}
	return ri, ci, found
}

func primesBelow(n int) []int {
	var primes []int
outer:
	for c := 2; c < n; c++ {
		for _, p := range primes {
			if p*p > c {
				break
			}
			if c%p == 0 {
				continue outer
			}
		}
		primes = append(primes, c)
	}
	return primes
}

// collatzSteps uses goto for a simple loop with an early exit.
func collatzSteps(n int) int {
	steps := 0
loop:
	if n == 1 {
		goto done
	}
	if n%2 == 0 {
		n /= 2
	} else {
		n = 3*n + 1
	}
	steps++
	goto loop
done:
	return steps
}

func process(items []string) (err error) {
	attempts := 0
retry:
	attempts++
	for i, it := range items {
		if it == "bad" && attempts < 3 {
			fmt.Printf("attempt %d failed at item %d\n", attempts, i)
			goto retry
		}
	}
	fmt.Printf("succeeded after %d attempts\n", attempts)
	return nil
}

func main() {
	grid := [][]int{
		{3, 8, 1},
		{9, 4, 7},
		{2, 6, 5},
	}
	for _, t := range []int{7, 2, 10} {
		r, c, ok := findPair(grid, t)
		fmt.Printf("find %d: row=%d col=%d ok=%v\n", t, r, c, ok)
	}

	fmt.Println("primes:", primesBelow(50))

	// Skip rows containing a negative number; stop entirely at a zero.
	data := [][]int{{1, 2, 3}, {4, -1, 6}, {7, 8, 9}, {10, 0, 12}, {13, 14, 15}}
	total := 0
rows:
	for i, row := range data {
		for _, v := range row {
			switch {
			case v < 0:
				fmt.Println("skip row", i)
				continue rows
			case v == 0:
				fmt.Println("stop at row", i)
				break rows
			}
		}
		for _, v := range row {
			total += v
		}
	}
	fmt.Println("total:", total)

	// Pythagorean triples with early termination.
	var found []string
triples:
	for a := 1; a < 30; a++ {
		for b := a; b < 30; b++ {
			for c := b; c < 30; c++ {
				if a*a+b*b == c*c {
					found = append(found, fmt.Sprintf("(%d,%d,%d)", a, b, c))
					if len(found) == 6 {
						break triples
					}
					continue triples
				}
			}
		}
	}
	fmt.Println(strings.Join(found, " "))
	fmt.Println("count:", len(found))

	for _, n := range []int{1, 6, 7, 27} {
		fmt.Printf("collatz(%d) = %d steps\n", n, collatzSteps(n))
	}
	_ = process([]string{"ok", "bad", "ok"})
}

// Output:
// find 7: row=1 col=2 ok=true
// find 2: row=2 col=0 ok=true
// find 10: row=0 col=0 ok=false
// primes: [2 3 5 7 11 13 17 19 23 29 31 37 41 43 47]
// skip row 1
// stop at row 3
// total: 30
// (3,4,5) (5,12,13) (6,8,10) (7,24,25) (8,15,17) (9,12,15)
// count: 6
// collatz(1) = 0 steps
// collatz(6) = 8 steps
// collatz(7) = 16 steps
// collatz(27) = 111 steps
// attempt 1 failed at item 1
// attempt 2 failed at item 1
// succeeded after 3 attempts
