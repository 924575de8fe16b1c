// Sieve of Eratosthenes, prime factorization, and gcd/lcm of integer pairs.
package main

import (
	"fmt"
	"strings"
)

func sieve(n int) []int {
	composite := make([]bool, n+1)
	var primes []int
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		primes = append(primes, i)
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return primes
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

func lcm(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	return a / gcd(a, b) * b
}

func factorize(n int, primes []int) string {
	var parts []string
	for _, p := range primes {
		if p*p > n {
			break
		}
		exp := 0
		for n%p == 0 {
			n /= p
			exp++
		}
		switch {
		case exp == 1:
			parts = append(parts, fmt.Sprint(p))
		case exp > 1:
			parts = append(parts, fmt.Sprintf("%d^%d", p, exp))
		}
	}
	if n > 1 {
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, " * ")
}

func main() {
	primes := sieve(100)
	fmt.Println("primes up to 100:", len(primes))
	fmt.Println(primes[:10])
	fmt.Println("last five:", primes[len(primes)-5:])

	big := sieve(10000)
	fmt.Printf("pi(10000) = %d, largest = %d\n", len(big), big[len(big)-1])

	twins := 0
	for i := 1; i < len(big); i++ {
		if big[i]-big[i-1] == 2 {
			twins++
		}
	}
	fmt.Println("twin prime pairs below 10000:", twins)

	for _, n := range []int{360, 97, 1001, 65536, 9999, 123456} {
		fmt.Printf("%6d = %s\n", n, factorize(n, big))
	}

	pairs := [][2]int{{12, 18}, {17, 5}, {0, 9}, {-24, 36}, {1071, 462}, {270, 192}}
	for _, p := range pairs {
		fmt.Printf("gcd(%d, %d) = %d, lcm = %d\n", p[0], p[1], gcd(p[0], p[1]), lcm(p[0], p[1]))
	}

	acc := 1
	for i := 1; i <= 20; i++ {
		acc = lcm(acc, i)
	}
	fmt.Println("lcm(1..20) =", acc)
}

// Output:
// primes up to 100: 25
// [2 3 5 7 11 13 17 19 23 29]
// last five: [73 79 83 89 97]
// pi(10000) = 1229, largest = 9973
// twin prime pairs below 10000: 205
//    360 = 2^3 * 3^2 * 5
//     97 = 97
//   1001 = 7 * 11 * 13
//  65536 = 2^16
//   9999 = 3^2 * 11 * 101
// 123456 = 2^6 * 3 * 643
// gcd(12, 18) = 6, lcm = 36
// gcd(17, 5) = 1, lcm = 85
// gcd(0, 9) = 9, lcm = 0
// gcd(-24, 36) = 12, lcm = -72
// gcd(1071, 462) = 21, lcm = 23562
// gcd(270, 192) = 6, lcm = 8640
// lcm(1..20) = 232792560
