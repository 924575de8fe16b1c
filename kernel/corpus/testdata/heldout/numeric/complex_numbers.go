// Complex arithmetic with math/cmplx: roots of unity, a small DFT, quadratic roots, and formatting.
package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func round(c complex128, places int) complex128 {
	p := math.Pow(10, float64(places))
	r := math.Round(real(c)*p) / p
	i := math.Round(imag(c)*p) / p
	// Normalize negative zero so output is stable.
	if r == 0 {
		r = 0
	}
	if i == 0 {
		i = 0
	}
	return complex(r, i)
}

func dft(x []complex128) []complex128 {
	n := len(x)
	out := make([]complex128, n)
	for k := range n {
		var s complex128
		for t := range n {
			angle := -2 * math.Pi * float64(k*t) / float64(n)
			s += x[t] * cmplx.Exp(complex(0, angle))
		}
		out[k] = s
	}
	return out
}

func quadraticRoots(a, b, c float64) (complex128, complex128) {
	disc := cmplx.Sqrt(complex(b*b-4*a*c, 0))
	return (complex(-b, 0) + disc) / complex(2*a, 0), (complex(-b, 0) - disc) / complex(2*a, 0)
}

func main() {
	z := complex(3, 4)
	w := 1 - 2i
	fmt.Println("z =", z, "w =", w)
	fmt.Println("z+w =", z+w, "z*w =", z*w, "z/w =", z/w)
	fmt.Println("|z| =", cmplx.Abs(z), "conj(z) =", cmplx.Conj(z))
	fmt.Printf("phase(z) = %.6f rad\n", cmplx.Phase(z))
	r, theta := cmplx.Polar(z)
	fmt.Printf("polar: r=%.4f theta=%.4f, back=%.4f\n", r, theta, cmplx.Rect(r, theta))
	fmt.Printf("%v %.2f %g %e\n", w, z, complex64(z), real(z))

	fmt.Println("4th roots of unity:")
	for k := range 4 {
		root := cmplx.Exp(complex(0, 2*math.Pi*float64(k)/4))
		fmt.Printf("  k=%d %v\n", k, round(root, 6))
	}

	e := cmplx.Exp(complex(0, math.Pi)) + 1
	fmt.Printf("e^(i*pi)+1 close to 0: %v\n", cmplx.Abs(e) < 1e-15)
	fmt.Println("sqrt(-1) =", cmplx.Sqrt(-1), "i*i =", 1i*1i)

	signal := []complex128{1, 2, 3, 4, 0, 0, 0, 0}
	spec := dft(signal)
	fmt.Println("DFT:")
	for k, v := range spec {
		fmt.Printf("  X[%d] = %6.3f  |X|=%.4f\n", k, round(v, 3), cmplx.Abs(v))
	}

	for _, q := range [][3]float64{{1, -3, 2}, {1, 2, 5}, {2, 4, 2}} {
		r1, r2 := quadraticRoots(q[0], q[1], q[2])
		fmt.Printf("%gx^2%+gx%+g: roots %v and %v\n", q[0], q[1], q[2], r1, r2)
	}
	fmt.Println("inf:", cmplx.IsInf(cmplx.Inf()), "nan:", cmplx.IsNaN(cmplx.NaN()))
	var c64 complex64 = 1.5 + 0.25i
	fmt.Printf("complex64 %v real=%T %v\n", c64, real(c64), imag(c64)*2)
}

// Output:
// z = (3+4i) w = (1-2i)
// z+w = (4+2i) z*w = (11-2i) z/w = (-1+2i)
// |z| = 5 conj(z) = (3-4i)
// phase(z) = 0.927295 rad
// polar: r=5.0000 theta=0.9273, back=(3.0000+4.0000i)
// (1-2i) (3.00+4.00i) (3+4i) 3.000000e+00
// 4th roots of unity:
//   k=0 (1+0i)
//   k=1 (0+1i)
//   k=2 (-1+0i)
//   k=3 (0-1i)
// e^(i*pi)+1 close to 0: true
// sqrt(-1) = (0+1i) i*i = (-1+0i)
// DFT:
//   X[0] = (10.000+0.000i)  |X|=10.0000
//   X[1] = (-0.414-7.243i)  |X|=7.2545
//   X[2] = (-2.000+2.000i)  |X|=2.8284
//   X[3] = ( 2.414-1.243i)  |X|=2.7153
//   X[4] = (-2.000+0.000i)  |X|=2.0000
//   X[5] = ( 2.414+1.243i)  |X|=2.7153
//   X[6] = (-2.000-2.000i)  |X|=2.8284
//   X[7] = (-0.414+7.243i)  |X|=7.2545
// 1x^2-3x+2: roots (2+0i) and (1+0i)
// 1x^2+2x+5: roots (-1+2i) and (-1-2i)
// 2x^2+4x+2: roots (-1+0i) and (-1+0i)
// inf: true nan: true
// complex64 (1.5+0.25i) real=float32 0.5
