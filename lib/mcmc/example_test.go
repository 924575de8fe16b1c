package mcmc_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Run 1000 block Gibbs chains of a small RBM with strong positive visible
// biases and look at the mean visible state.
func ExampleGibbs() {
	m, _ := rbm.NewBinary(4, 2, nil)
	for i := range m.B {
		m.B[i] = 3 // p(v_i = 1) = σ(3) ≈ 0.95 with zero weights
	}
	c, _ := mcmc.NewChains(m, 1000, rand.New(rand.NewPCG(1, 2)))
	if err := mcmc.NewGibbs(1).Sample(m, c, 10); err != nil {
		fmt.Println(err)
		return
	}
	var on float64
	for _, x := range c.V.RawMatrix().Data {
		on += x
	}
	frac := on / 4000
	fmt.Println("within 0.02 of σ(3) = 0.953:", math.Abs(frac-rbm.Sigmoid(3)) < 0.02)
	// Output:
	// within 0.02 of σ(3) = 0.953: true
}
