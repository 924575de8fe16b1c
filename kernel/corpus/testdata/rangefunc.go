// Range over function iterators (Go 1.23).
package main

import "fmt"

// count yields 0, 1, …, n-1.
func count(n int) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// pairs yields each word with its length.
func pairs(words []string) func(yield func(string, int) bool) {
	return func(yield func(string, int) bool) {
		for _, w := range words {
			if !yield(w, len(w)) {
				return
			}
		}
	}
}

func main() {
	for i := range count(10) {
		if i == 3 {
			break
		}
		fmt.Println("count", i)
	}
	for w, n := range pairs([]string{"go", "yaegi", "rbm"}) {
		fmt.Println(w, n)
	}
	sum := 0
	for i := range count(5) {
		if i%2 == 0 {
			continue
		}
		sum += i
	}
	fmt.Println("sum of odd", sum)
}

// Output:
// count 0
// count 1
// count 2
// go 2
// yaegi 5
// rbm 3
// sum of odd 4
