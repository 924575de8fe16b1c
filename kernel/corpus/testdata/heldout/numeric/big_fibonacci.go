// Fibonacci numbers and factorials with math/big, plus digit sums and a ratio check.
package main

import (
	"fmt"
	"math/big"
)

func fib(n int) *big.Int {
	a, b := big.NewInt(0), big.NewInt(1)
	for range n {
		a.Add(a, b)
		a, b = b, a
	}
	return a
}

func factorial(n int64) *big.Int {
	r := big.NewInt(1)
	for i := int64(2); i <= n; i++ {
		r.Mul(r, big.NewInt(i))
	}
	return r
}

func digitSum(x *big.Int) int {
	sum := 0
	for _, c := range x.String() {
		sum += int(c - '0')
	}
	return sum
}

func main() {
	for _, n := range []int{0, 1, 2, 10, 50, 93, 94, 100} {
		fmt.Printf("F(%d) = %s\n", n, fib(n))
	}

	f1000 := fib(1000)
	s := f1000.String()
	fmt.Printf("F(1000) has %d digits, starts %s..., ends ...%s\n", len(s), s[:10], s[len(s)-10:])
	fmt.Println("digit sum of F(1000):", digitSum(f1000))

	// The first Fibonacci number with 100 digits.
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(99), nil)
	a, b := big.NewInt(1), big.NewInt(1)
	idx := 2
	for b.Cmp(limit) < 0 {
		a.Add(a, b)
		a, b = b, a
		idx++
	}
	fmt.Println("first 100-digit Fibonacci index:", idx)

	// gcd(F(m), F(n)) == F(gcd(m, n))
	g := new(big.Int).GCD(nil, nil, fib(84), fib(120))
	fmt.Println("gcd(F(84), F(120)) =", g, "F(12) =", fib(12))

	f30 := factorial(30)
	fmt.Println("30! =", f30)
	fmt.Println("digit sum of 100!:", digitSum(factorial(100)))

	q, r := new(big.Int).QuoRem(factorial(25), fib(60), new(big.Int))
	fmt.Println("25! / F(60): quotient", q, "remainder", r)

	ratio := new(big.Rat).SetFrac(fib(41), fib(40))
	fmt.Println("F(41)/F(40) =", ratio.FloatString(12))

	fmt.Println("2^127 - 1 probably prime:", new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1)).ProbablyPrime(20))
}

// Output:
// F(0) = 0
// F(1) = 1
// F(2) = 1
// F(10) = 55
// F(50) = 12586269025
// F(93) = 12200160415121876738
// F(94) = 19740274219868223167
// F(100) = 354224848179261915075
// F(1000) has 209 digits, starts 4346655768..., ends ...6849228875
// digit sum of F(1000): 1005
// first 100-digit Fibonacci index: 476
// gcd(F(84), F(120)) = 144 F(12) = 144
// 30! = 265252859812191058636308480000000
// digit sum of 100!: 648
// 25! / F(60): quotient 10020104850190 remainder 406108375200
// F(41)/F(40) = 1.618033988750
// 2^127 - 1 probably prime: true
