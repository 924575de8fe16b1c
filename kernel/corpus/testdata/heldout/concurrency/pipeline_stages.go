// A three-stage pipeline: generate numbers, filter primes, format them, connected by channels.
package main

import (
	"fmt"
	"strings"
)

func generate(limit int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for i := 2; i <= limit; i++ {
			out <- i
		}
	}()
	return out
}

func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}

func filterPrimes(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			if isPrime(n) {
				out <- n
			}
		}
	}()
	return out
}

func square(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			out <- n * n
		}
	}()
	return out
}

func format(in <-chan int) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		for n := range in {
			out <- fmt.Sprintf("<%d>", n)
		}
	}()
	return out
}

func main() {
	var parts []string
	for s := range format(square(filterPrimes(generate(50)))) {
		parts = append(parts, s)
	}
	fmt.Println("count:", len(parts))
	for i := 0; i < len(parts); i += 5 {
		end := i + 5
		if end > len(parts) {
			end = len(parts)
		}
		fmt.Println(strings.Join(parts[i:end], " "))
	}

	sum := 0
	for n := range square(generate(10)) {
		sum += n
	}
	fmt.Println("sum of squares 2..10:", sum)
}

// Output:
// count: 15
// <4> <9> <25> <49> <121>
// <169> <289> <361> <529> <841>
// <961> <1369> <1681> <1849> <2209>
// sum of squares 2..10: 384
