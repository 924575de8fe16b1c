// Logistic regression trained with batch gradient descent on a small fixed dataset.
package main

import (
	"fmt"
	"math"
)

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

type Model struct {
	W    [2]float64
	Bias float64
}

func (m Model) Predict(x [2]float64) float64 {
	return sigmoid(m.W[0]*x[0] + m.W[1]*x[1] + m.Bias)
}

func (m Model) Loss(xs [][2]float64, ys []float64) float64 {
	total := 0.0
	for i, x := range xs {
		p := m.Predict(x)
		p = math.Min(math.Max(p, 1e-12), 1-1e-12)
		total += -(ys[i]*math.Log(p) + (1-ys[i])*math.Log(1-p))
	}
	return total / float64(len(xs))
}

func (m *Model) Step(xs [][2]float64, ys []float64, lr float64) {
	var gw [2]float64
	var gb float64
	for i, x := range xs {
		diff := m.Predict(x) - ys[i]
		gw[0] += diff * x[0]
		gw[1] += diff * x[1]
		gb += diff
	}
	n := float64(len(xs))
	m.W[0] -= lr * gw[0] / n
	m.W[1] -= lr * gw[1] / n
	m.Bias -= lr * gb / n
}

func main() {
	for _, z := range []float64{-800, -5, -1, 0, 1, 5, 800} {
		fmt.Printf("sigmoid(%g) = %.6f\n", z, sigmoid(z))
	}

	xs := [][2]float64{
		{0.5, 1.0}, {1.0, 1.5}, {1.5, 0.5}, {2.0, 1.0}, {1.0, 0.2},
		{3.0, 3.5}, {3.5, 2.5}, {4.0, 3.0}, {2.5, 3.5}, {3.0, 2.0},
	}
	ys := []float64{0, 0, 0, 0, 0, 1, 1, 1, 1, 1}

	var m Model
	fmt.Printf("initial loss: %.6f\n", m.Loss(xs, ys))
	for epoch := 1; epoch <= 2000; epoch++ {
		m.Step(xs, ys, 0.5)
		if epoch == 1 || epoch%500 == 0 {
			fmt.Printf("epoch %4d loss %.5f w=[%.3f %.3f] b=%.3f\n", epoch, m.Loss(xs, ys), m.W[0], m.W[1], m.Bias)
		}
	}

	correct := 0
	for i, x := range xs {
		pred := 0.0
		if m.Predict(x) >= 0.5 {
			pred = 1
		}
		if pred == ys[i] {
			correct++
		}
	}
	fmt.Printf("training accuracy: %d/%d\n", correct, len(xs))

	for _, q := range [][2]float64{{1, 1}, {2.2, 2.2}, {4, 4}} {
		fmt.Printf("P(y=1 | %v) = %.4f\n", q, m.Predict(q))
	}
	fmt.Printf("model: %+v\n", Model{W: [2]float64{1.5, -0.25}, Bias: 2})
}

// Output:
// sigmoid(-800) = 0.000000
// sigmoid(-5) = 0.006693
// sigmoid(-1) = 0.268941
// sigmoid(0) = 0.500000
// sigmoid(1) = 0.731059
// sigmoid(5) = 0.993307
// sigmoid(800) = 1.000000
// initial loss: 0.693147
// epoch    1 loss 0.59129 w=[0.250 0.258] b=0.000
// epoch  500 loss 0.03739 w=[1.788 2.345] b=-7.857
// epoch 1000 loss 0.02139 w=[2.239 2.825] b=-9.713
// epoch 1500 loss 0.01530 w=[2.509 3.144] b=-10.868
// epoch 2000 loss 0.01201 w=[2.701 3.389] b=-11.717
// training accuracy: 10/10
// P(y=1 | [1 1]) = 0.0036
// P(y=1 | [2.2 2.2]) = 0.8431
// P(y=1 | [4 4]) = 1.0000
// model: {W:[1.5 -0.25] Bias:2}
