package data_test

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"gonum.org/v1/gonum/mat"
)

// The squared Fréchet distance between the Gaussians fitted to two small
// 2-D sets whose sample covariances are diagonal: ‖Δm‖² plus the squared
// differences of the standard deviations.
func ExampleFrechet() {
	// Mean (0, 0), standard deviations (1, 1) (divisor n − 1 = 3).
	a := mat.NewDense(4, 2, []float64{1.2247, 0, -1.2247, 0, 0, 1.2247, 0, -1.2247})
	// Mean (3, 0), standard deviations (2, 1).
	b := mat.NewDense(4, 2, []float64{3 + 2.4495, 0, 3 - 2.4495, 0, 3, 1.2247, 3, -1.2247})
	d2, err := data.Frechet(a, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("d² = %.3f (closed form 3² + (2−1)² = 10)\n", d2)
	// Output:
	// d² = 10.000 (closed form 3² + (2−1)² = 10)
}
