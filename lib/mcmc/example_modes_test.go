package mcmc_test

import (
	"context"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Measure how long chains stay in the mode they start in (the
// flip-the-state paper's Table 4) on a model that sends every chain to
// "all on" in one step: a chain started in the mode "all off" leaves it
// at step 1, one started in "all on" never leaves (−1), and the chain
// from all off makes no class change after its first step (Table 3).
func ExampleFirstClassChanges() {
	m, _ := rbm.NewBinary(3, 2, nil)
	for i := range m.B {
		m.B[i] = 30 // p(v_i = 1 | h) = σ(30): on, whatever h
	}
	modes := mat.NewDense(2, 3, []float64{0, 0, 0, 1, 1, 1})
	first, err := mcmc.FirstClassChanges(context.Background(), mcmc.NewGibbs(1), m, modes, modes, 100)
	if err != nil {
		fmt.Println(err)
		return
	}
	n, err := mcmc.ClassChangesFrom(context.Background(), mcmc.NewGibbs(2), m, []float64{0, 0, 0}, modes, 100)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("steps to the first class change:", first)
	fmt.Println("class changes in 100 steps from all off:", n)
	// Output:
	// steps to the first class change: [1 -1]
	// class changes in 100 steps from all off: 0
}
