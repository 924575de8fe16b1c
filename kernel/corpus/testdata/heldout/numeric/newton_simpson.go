// Newton's method for roots and composite Simpson's rule for definite integrals.
package main

import (
	"fmt"
	"math"
)

type fn func(float64) float64

func newton(f, df fn, x0 float64, tol float64, maxIter int) (float64, int, bool) {
	x := x0
	for i := 1; i <= maxIter; i++ {
		d := df(x)
		if d == 0 {
			return x, i, false
		}
		next := x - f(x)/d
		if math.Abs(next-x) < tol {
			return next, i, true
		}
		x = next
	}
	return x, maxIter, false
}

func simpson(f fn, a, b float64, n int) float64 {
	if n%2 == 1 {
		n++
	}
	h := (b - a) / float64(n)
	sum := f(a) + f(b)
	for i := 1; i < n; i++ {
		x := a + float64(i)*h
		if i%2 == 1 {
			sum += 4 * f(x)
		} else {
			sum += 2 * f(x)
		}
	}
	return sum * h / 3
}

func main() {
	for _, v := range []float64{2, 10, 144, 0.5} {
		root, iters, ok := newton(
			func(x float64) float64 { return x*x - v },
			func(x float64) float64 { return 2 * x },
			v, 1e-12, 50)
		fmt.Printf("sqrt(%g) ~ %.10f after %d iterations (converged=%t, math.Sqrt=%.10f)\n",
			v, root, iters, ok, math.Sqrt(v))
	}

	cubic := func(x float64) float64 { return x*x*x - 2*x - 5 }
	dcubic := func(x float64) float64 { return 3*x*x - 2 }
	r, n, _ := newton(cubic, dcubic, 2, 1e-12, 50)
	fmt.Printf("root of x^3-2x-5: %.9f (%d steps), |f(root)| < 1e-12: %t\n", r, n, math.Abs(cubic(r)) < 1e-12)

	_, n, ok := newton(func(x float64) float64 { return x*x + 1 },
		func(x float64) float64 { return 2 * x }, 0.5, 1e-12, 20)
	fmt.Println("x^2+1 from 0.5: converged =", ok, "steps =", n)

	r, _, _ = newton(math.Cos, func(x float64) float64 { return -math.Sin(x) }, 1, 1e-12, 50)
	fmt.Printf("cos root: %.8f, pi/2 = %.8f\n", r, math.Pi/2)

	integrals := []struct {
		name string
		f    fn
		a, b float64
		want float64
	}{
		{"x^2 on [0,3]", func(x float64) float64 { return x * x }, 0, 3, 9},
		{"sin on [0,pi]", math.Sin, 0, math.Pi, 2},
		{"exp on [0,1]", math.Exp, 0, 1, math.E - 1},
		{"1/x on [1,e]", func(x float64) float64 { return 1 / x }, 1, math.E, 1},
		{"4/(1+x^2) on [0,1]", func(x float64) float64 { return 4 / (1 + x*x) }, 0, 1, math.Pi},
	}
	for _, in := range integrals {
		for _, steps := range []int{4, 64} {
			got := simpson(in.f, in.a, in.b, steps)
			fmt.Printf("%-20s n=%-3d %.8f  err=%.1e\n", in.name, steps, got, math.Abs(got-in.want))
		}
	}
	fmt.Printf("odd n rounds up: %.6f\n", simpson(math.Sin, 0, math.Pi, 3))
}

// Output:
// sqrt(2) ~ 1.4142135624 after 6 iterations (converged=true, math.Sqrt=1.4142135624)
// sqrt(10) ~ 3.1622776602 after 7 iterations (converged=true, math.Sqrt=3.1622776602)
// sqrt(144) ~ 12.0000000000 after 9 iterations (converged=true, math.Sqrt=12.0000000000)
// sqrt(0.5) ~ 0.7071067812 after 5 iterations (converged=true, math.Sqrt=0.7071067812)
// root of x^3-2x-5: 2.094551482 (5 steps), |f(root)| < 1e-12: true
// x^2+1 from 0.5: converged = false steps = 20
// cos root: 1.57079633, pi/2 = 1.57079633
// x^2 on [0,3]         n=4   9.00000000  err=0.0e+00
// x^2 on [0,3]         n=64  9.00000000  err=0.0e+00
// sin on [0,pi]        n=4   2.00455975  err=4.6e-03
// sin on [0,pi]        n=64  2.00000006  err=6.5e-08
// exp on [0,1]         n=4   1.71831884  err=3.7e-05
// exp on [0,1]         n=64  1.71828183  err=5.7e-10
// 1/x on [1,e]         n=4   1.00081279  err=8.1e-04
// 1/x on [1,e]         n=64  1.00000002  err=1.7e-08
// 4/(1+x^2) on [0,1]   n=4   3.14156863  err=2.4e-05
// 4/(1+x^2) on [0,1]   n=64  3.14159265  err=5.8e-13
// odd n rounds up: 2.004560
