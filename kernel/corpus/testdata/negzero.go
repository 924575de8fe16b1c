// Negative zero passed to functions: the callee sees -0.0, as Go passes it
// (the interpreter used to copy +0.0 into the parameter).
package main

import (
	"fmt"
	"math"
)

type point struct{ X, Y float64 }

func signbit(x float64) bool { return math.Signbit(x) }

func inverse(x float64) float64 { return 1 / x }

func identity(x float64) float64 { return x }

func second(a, b float64) bool { return math.Signbit(b) }

func narrow(x float32) bool { return math.Signbit(float64(x)) }

func cplx(c complex128) bool { return math.Signbit(imag(c)) }

func pointSign(p point) bool { return math.Signbit(p.Y) }

func arraySign(a [2]float64) bool { return math.Signbit(a[1]) }

func generic[F float32 | float64](x F) bool { return math.Signbit(float64(x)) }

func relu(x float64) float64 {
	if x > 0 {
		return x
	}
	return x * 0
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func main() {
	z := math.Copysign(0, -1)
	fmt.Println(signbit(z), inverse(z), identity(z), second(1, z))
	fmt.Println(narrow(float32(z)), cplx(complex(0, z)), pointSign(point{0, z}), arraySign([2]float64{0, z}))
	fmt.Println(generic(z), generic(float32(z)), relu(z), sigmoid(z))
	fmt.Println(signbit(-0.0), signbit(0), math.Signbit(identity(z)))
	zs := []float64{z, 0}
	for _, v := range zs {
		fmt.Print(signbit(v), " ", inverse(v), ";")
	}
	fmt.Println()
}

// Output:
// true -Inf -0 true
// true true true true
// true true -0 0.5
// false false true
// true -Inf;false +Inf;
