// Stationary distribution of a weather Markov chain by power iteration, checked against matrix powers.
package main

import (
	"fmt"
	"math"
	"strings"
)

type Matrix [][]float64

func identity(n int) Matrix {
	m := make(Matrix, n)
	for i := range m {
		m[i] = make([]float64, n)
		m[i][i] = 1
	}
	return m
}

func (a Matrix) Mul(b Matrix) Matrix {
	n := len(a)
	out := make(Matrix, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := 0; j < n; j++ {
			for k := 0; k < n; k++ {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

// step computes the row vector v * P.
func step(v []float64, p Matrix) []float64 {
	out := make([]float64, len(v))
	for j := range out {
		for i := range v {
			out[j] += v[i] * p[i][j]
		}
	}
	return out
}

func l1(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s
}

func format(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprintf("%.4f", x)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func main() {
	states := []string{"sunny", "cloudy", "rainy"}
	p := Matrix{
		{0.7, 0.2, 0.1},
		{0.3, 0.4, 0.3},
		{0.2, 0.3, 0.5},
	}
	for i, row := range p {
		sum := 0.0
		for _, x := range row {
			sum += x
		}
		fmt.Printf("row %-6s sums to %.3f\n", states[i], sum)
	}

	v := []float64{1, 0, 0}
	iter := 0
	for ; iter < 1000; iter++ {
		next := step(v, p)
		diff := l1(next, v)
		v = next
		if iter < 4 {
			fmt.Printf("iter %d: %s\n", iter+1, format(v))
		}
		if diff < 1e-12 {
			break
		}
	}
	fmt.Println("converged after", iter+1, "iterations")
	for i, s := range states {
		fmt.Printf("  pi(%s) = %.6f\n", s, v[i])
	}
	check := step(v, p)
	fmt.Printf("residual |pi P - pi| < 1e-9: %v\n", l1(check, v) < 1e-9)

	// Repeated squaring: every row of P^k approaches pi.
	pk := p
	for k := 1; k <= 32; k *= 2 {
		fmt.Printf("P^%-2d row0 %s\n", k, format(pk[0]))
		pk = pk.Mul(pk)
	}
	fmt.Println("P^64 rows agree:", l1(pk[0], pk[2]) < 1e-9, "identity unchanged:", identity(3).Mul(p)[1][2] == p[1][2])

	// Expected return time to each state is 1/pi.
	for i, s := range states {
		fmt.Printf("mean return time to %s: %.3f days\n", s, 1/v[i])
	}

	// Simulate a deterministic "expected" weekly forecast starting from rain.
	forecast := []float64{0, 0, 1}
	for day := 1; day <= 7; day++ {
		forecast = step(forecast, p)
	}
	fmt.Println("7-day forecast from rainy:", format(forecast))
}

// Output:
// row sunny  sums to 1.000
// row cloudy sums to 1.000
// row rainy  sums to 1.000
// iter 1: [0.7000 0.2000 0.1000]
// iter 2: [0.5700 0.2500 0.1800]
// iter 3: [0.5100 0.2680 0.2220]
// iter 4: [0.4818 0.2758 0.2424]
// converged after 38 iterations
//   pi(sunny) = 0.456522
//   pi(cloudy) = 0.282609
//   pi(rainy) = 0.260870
// residual |pi P - pi| < 1e-9: true
// P^1  row0 [0.7000 0.2000 0.1000]
// P^2  row0 [0.5700 0.2500 0.1800]
// P^4  row0 [0.4818 0.2758 0.2424]
// P^8  row0 [0.4578 0.2823 0.2599]
// P^16 row0 [0.4565 0.2826 0.2609]
// P^32 row0 [0.4565 0.2826 0.2609]
// P^64 rows agree: true identity unchanged: true
// mean return time to sunny: 2.190 days
// mean return time to cloudy: 3.538 days
// mean return time to rainy: 3.833 days
// 7-day forecast from rainy: [0.4535 0.2834 0.2631]
