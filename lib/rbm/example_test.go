package rbm_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// A model with all parameters zero gives every one of the 2^(m+n) joint
// states the same probability: log Z = (m+n) log 2.
func ExampleBinary_ExactLogZ() {
	m, _ := rbm.NewBinary(3, 4, nil)
	lz, err := m.ExactLogZ()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("log Z = %.4f (7 log 2 = %.4f)\n", lz, 7*0.6931471805599453)
	// Output:
	// log Z = 4.8520 (7 log 2 = 4.8520)
}

func ExampleBinary_LogLikelihood() {
	m, _ := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 0.5, Seed: 1})
	data := mat.NewDense(2, 4, []float64{
		1, 0, 1, 0,
		0, 1, 0, 1,
	})
	ll, err := m.LogLikelihood(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	// A little below the uniform model's -4 log 2 = -2.77: random
	// weights put mass on other states.
	fmt.Printf("mean log-likelihood %.2f\n", ll)
	// Output:
	// mean log-likelihood -2.88
}

func ExampleBinary_ExactVisibleDist() {
	m, _ := rbm.NewBinary(2, 1, nil)
	m.B[0] = 10 // unit 0 is almost always on
	p, _ := m.ExactVisibleDist()
	i, _ := rbm.StateIndex([]float64{1, 0})
	fmt.Printf("p(v=10) = %.3f, table of %d states\n", p[i], len(p))
	// Output:
	// p(v=10) = 0.500, table of 4 states
}

func ExampleLoad() {
	m, _ := rbm.NewBinary(2, 3, &rbm.Init{WeightStd: 0.1, Seed: 2})
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(buf.Len(), "bytes")
	back, err := rbm.Load(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(mat.Equal(back.W, m.W))
	_, err = rbm.Load(bytes.NewReader([]byte("RBMK\x02\x00\x00\x00binary\x00\x00")))
	fmt.Println(err)
	// Output:
	// 124 bytes
	// true
	// rbm: Load: truncated: header has 16 of 32 bytes
}

// A model prints as a summary: shape, parameter count and the statistics
// of its weights and biases (the kernel shows the same as a table, with
// the filters when the visible layer is a square image).
func ExampleBinary_String() {
	m, _ := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
	fmt.Println(m)
	// Output:
	// binary RBM, 9 visible × 4 hidden units: 49 parameters (float64)
	// parameter       shape       mean     std       min      max
	// weights W         9×4  3.764e-05  0.0105  -0.02337  0.01942
	// visible bias b      9          0       0         0        0
	// hidden bias c       4          0       0         0        0
}

// The pseudo-log-likelihood needs no partition function: Σ_i log p(v_i |
// v_−i) per example, averaged. StochasticPseudoLogLikelihood is the
// one-unit estimate that scikit-learn's BernoulliRBM.score_samples
// reports, unbiased for it.
func ExampleBinary_PseudoLogLikelihood() {
	m, _ := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 1, Seed: 2})
	data := mat.NewDense(4, 4, []float64{
		1, 1, 0, 0,
		0, 0, 1, 1,
		1, 0, 1, 0,
		0, 1, 0, 1,
	})
	ctx := context.Background()
	pl, _ := m.PseudoLogLikelihood(ctx, data)
	ll, _ := m.LogLikelihood(data)
	one, _ := m.StochasticPseudoLogLikelihood(ctx, data, 1)
	fmt.Printf("pseudo-log-likelihood %.3f (log-likelihood %.3f)\n", pl, ll)
	fmt.Printf("one-unit estimate, seed 1: %.3f\n", one)
	// Output:
	// pseudo-log-likelihood -3.404 (log-likelihood -3.660)
	// one-unit estimate, seed 1: -4.043
}
