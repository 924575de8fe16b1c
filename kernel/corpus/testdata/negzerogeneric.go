// Arguments of a generic function whose type has an instance of a generic
// type (the kernel checks each float argument for -0.0 instead of calling
// it through its value); values that are not -0.0 pass.
package main

import (
	"fmt"
	"math"
)

type pair[T any] struct{ a T }

type celsius float64

type vec struct{ X, Y float64 }

func sign[T any](x float64, _ T) float64 { return math.Copysign(1, x) }

func warmer[T any](c celsius, v vec, _ T) bool { return c > 0 || math.Signbit(v.Y) }

func mk() pair[struct{ q int }] { return pair[struct{ q int }]{} }

func main() {
	for _, x := range []float64{-2, 0, 3, math.Copysign(3, -1)} {
		fmt.Println(x, sign(x, mk()))
	}
	fmt.Println(warmer(celsius(1), vec{0, 0}, mk()), warmer(celsius(-1), vec{1, -1}, mk()), warmer(0, vec{}, mk()))
}

// Output:
// -2 -1
// 0 1
// 3 1
// -3 -1
// true true false
