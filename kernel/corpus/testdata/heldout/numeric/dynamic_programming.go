// Dynamic programming: edit distance, longest common subsequence, and 0/1 knapsack with reconstruction.
package main

import "fmt"

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func lcs(a, b string) string {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				dp[i][j] = dp[i-1][j-1] + 1
			} else {
				dp[i][j] = max(dp[i-1][j], dp[i][j-1])
			}
		}
	}
	out := make([]byte, 0, dp[len(a)][len(b)])
	for i, j := len(a), len(b); i > 0 && j > 0; {
		switch {
		case a[i-1] == b[j-1]:
			out = append(out, a[i-1])
			i--
			j--
		case dp[i-1][j] >= dp[i][j-1]:
			i--
		default:
			j--
		}
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return string(out)
}

type item struct {
	name          string
	weight, value int
}

func knapsack(items []item, capacity int) (int, []string) {
	n := len(items)
	dp := make([][]int, n+1)
	for i := range dp {
		dp[i] = make([]int, capacity+1)
	}
	for i := 1; i <= n; i++ {
		it := items[i-1]
		for w := 0; w <= capacity; w++ {
			dp[i][w] = dp[i-1][w]
			if it.weight <= w {
				dp[i][w] = max(dp[i][w], dp[i-1][w-it.weight]+it.value)
			}
		}
	}
	var chosen []string
	for i, w := n, capacity; i > 0; i-- {
		if dp[i][w] != dp[i-1][w] {
			chosen = append(chosen, items[i-1].name)
			w -= items[i-1].weight
		}
	}
	return dp[n][capacity], chosen
}

func main() {
	pairs := [][2]string{
		{"kitten", "sitting"}, {"flaw", "lawn"}, {"intention", "execution"},
		{"", "abc"}, {"same", "same"}, {"café", "cafe"}, {"gumbo", "gambol"},
	}
	for _, p := range pairs {
		fmt.Printf("edit(%q, %q) = %d\n", p[0], p[1], editDistance(p[0], p[1]))
	}

	for _, p := range [][2]string{{"ABCBDAB", "BDCABA"}, {"AGGTAB", "GXTXAYB"}, {"abc", "xyz"}} {
		s := lcs(p[0], p[1])
		fmt.Printf("lcs(%s, %s) = %q (len %d)\n", p[0], p[1], s, len(s))
	}

	items := []item{
		{"map", 9, 150}, {"compass", 13, 35}, {"water", 153, 200}, {"sandwich", 50, 160},
		{"glucose", 15, 60}, {"tin", 68, 45}, {"banana", 27, 60}, {"apple", 39, 40},
		{"cheese", 23, 30}, {"beer", 52, 10}, {"suntan", 11, 70}, {"camera", 32, 30},
	}
	for _, capacity := range []int{50, 200, 400} {
		best, chosen := knapsack(items, capacity)
		fmt.Printf("capacity %d: value %d, items %v\n", capacity, best, chosen)
	}
}

// Output:
// edit("kitten", "sitting") = 3
// edit("flaw", "lawn") = 2
// edit("intention", "execution") = 5
// edit("", "abc") = 3
// edit("same", "same") = 0
// edit("café", "cafe") = 1
// edit("gumbo", "gambol") = 2
// lcs(ABCBDAB, BDCABA) = "BCBA" (len 4)
// lcs(AGGTAB, GXTXAYB) = "GTAB" (len 4)
// lcs(abc, xyz) = "" (len 0)
// capacity 50: value 315, items [suntan glucose compass map]
// capacity 200: value 605, items [suntan cheese apple banana glucose sandwich compass map]
// capacity 400: value 835, items [camera suntan cheese apple banana glucose sandwich water compass map]
