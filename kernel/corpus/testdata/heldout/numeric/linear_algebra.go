// Matrix multiply and transpose on [][]float64, and Gaussian elimination for determinants and linear solves.
package main

import (
	"errors"
	"fmt"
	"math"
)

type Matrix [][]float64

var errSingular = errors.New("matrix is singular")

func zeros(rows, cols int) Matrix {
	m := make(Matrix, rows)
	for i := range m {
		m[i] = make([]float64, cols)
	}
	return m
}

func (m Matrix) Mul(o Matrix) Matrix {
	out := zeros(len(m), len(o[0]))
	for i := range m {
		for j := range o[0] {
			for k := range o {
				out[i][j] += m[i][k] * o[k][j]
			}
		}
	}
	return out
}

func (m Matrix) T() Matrix {
	out := zeros(len(m[0]), len(m))
	for i, row := range m {
		for j, v := range row {
			out[j][i] = v
		}
	}
	return out
}

// eliminate reduces [m | b] to upper-triangular form with partial pivoting,
// returning the determinant of m and the solution x of m*x = b.
func (m Matrix) eliminate(b []float64) (det float64, x []float64, err error) {
	n := len(m)
	aug := zeros(n, n+1)
	for i := range m {
		copy(aug[i], m[i])
		aug[i][n] = b[i]
	}
	det = 1
	for col := range n {
		p := col
		for r := col + 1; r < n; r++ {
			if math.Abs(aug[r][col]) > math.Abs(aug[p][col]) {
				p = r
			}
		}
		if math.Abs(aug[p][col]) < 1e-12 {
			return 0, nil, errSingular
		}
		if p != col {
			aug[p], aug[col] = aug[col], aug[p]
			det = -det
		}
		det *= aug[col][col]
		for r := col + 1; r < n; r++ {
			f := aug[r][col] / aug[col][col]
			for c := col; c <= n; c++ {
				aug[r][c] -= f * aug[col][c]
			}
		}
	}
	x = make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := aug[i][n]
		for j := i + 1; j < n; j++ {
			s -= aug[i][j] * x[j]
		}
		x[i] = s / aug[i][i]
	}
	return det, x, nil
}

func (m Matrix) Print(name string) {
	fmt.Printf("%s (%dx%d):\n", name, len(m), len(m[0]))
	for _, row := range m {
		fmt.Printf("%8.2f\n", row)
	}
}

func main() {
	a := Matrix{{1, 2, 3}, {4, 5, 6}}
	b := Matrix{{7, 8}, {9, 10}, {11, 12}}
	a.T().Print("A^T")
	a.Mul(b).Print("A*B")

	c := Matrix{{2, 1, -1}, {-3, -1, 2}, {-2, 1, 2}}
	det, x, err := c.eliminate([]float64{8, -11, -3})
	fmt.Printf("det=%.4f x=[%.4f %.4f %.4f] err=%v\n", det, x[0], x[1], x[2], err)

	d := Matrix{{2, -1, 0, 3}, {1, 4, -2, 0}, {0, 5, 1, -1}, {3, 0, 2, 2}}
	zero := make([]float64, 4)
	dd, _, _ := d.eliminate(zero)
	dt, _, _ := d.T().eliminate(zero)
	d2, _, _ := d.Mul(d).eliminate(zero)
	fmt.Printf("det(D)=%.6f det(D^T)=%.6f det(D*D)=%.4f\n", dd, dt, d2)

	h := Matrix{{1, 1.0 / 2, 1.0 / 3}, {1.0 / 2, 1.0 / 3, 1.0 / 4}, {1.0 / 3, 1.0 / 4, 1.0 / 5}}
	rhs := h.Mul(Matrix{{1}, {1}, {1}}).T()[0]
	hd, hx, _ := h.eliminate(rhs)
	fmt.Printf("hilbert: det=%.4e rhs=%.4f x=%.6f\n", hd, rhs, hx)

	_, _, err = a.Mul(a.T()).Mul(Matrix{{1, 1}, {1, 1}}).eliminate([]float64{1, 2})
	fmt.Println("rank-1 solve:", err, errors.Is(err, errSingular))
}

// Output:
// A^T (3x2):
// [    1.00     4.00]
// [    2.00     5.00]
// [    3.00     6.00]
// A*B (2x2):
// [   58.00    64.00]
// [  139.00   154.00]
// det=-1.0000 x=[2.0000 3.0000 -1.0000] err=<nil>
// det(D)=-74.000000 det(D^T)=-74.000000 det(D*D)=5476.0000
// hilbert: det=4.6296e-04 rhs=[1.8333 1.0833 0.7833] x=[1.000000 1.000000 1.000000]
// rank-1 solve: matrix is singular true
