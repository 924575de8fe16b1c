package data_test

import (
	"context"
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

// A small classifier learns XOR, which no linear rule separates, and its
// tanh features serve as the space of a Fréchet distance.
func ExampleTrainClassifier() {
	x := mat.NewDense(200, 2, nil)
	y := make([]int, 200)
	for i := 0; i < 200; i++ {
		a, b := i%2, (i/2)%2
		x.Set(i, 0, float64(2*a-1))
		x.Set(i, 1, float64(2*b-1))
		y[i] = a ^ b
	}
	c, err := data.TrainClassifier(context.Background(), x, y, 2, data.ClassifierOptions{Hidden: 4, Epochs: 50, Rate: 0.5, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("accuracy %.2f, classes %.2f\n", c.Accuracy(x, y), c.ClassHistogram(x))
	// Output:
	// accuracy 1.00, classes [0.50 0.50]
}
