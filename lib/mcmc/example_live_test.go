package mcmc_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TemperedGibbs samples p_T ∝ e^{−E/T}; raising T flattens it. With visible
// biases 3 and no weights, p_T(v_i = 1) = σ(3/T): 0.95 at T = 1, about
// 0.5 at T = 100.
func ExampleTemperedGibbs() {
	m, _ := rbm.NewBinary(4, 2, nil)
	for i := range m.B {
		m.B[i] = 3
	}
	s, _ := mcmc.NewTemperedGibbs(1, 1)
	c, _ := mcmc.NewChains(m, 1000, rand.New(rand.NewPCG(1, 2)))
	on := func() float64 {
		var n float64
		for _, x := range c.V.RawMatrix().Data {
			n += x
		}
		return n / 4000
	}
	_ = s.Sample(m, c, 10)
	fmt.Println("T = 1, within 0.02 of σ(3) = 0.953:", math.Abs(on()-rbm.Sigmoid(3)) < 0.02)
	_ = s.SetTemperature(100) // may be called from another goroutine meanwhile
	_ = s.Sample(m, c, 10)
	fmt.Println("T = 100, within 0.03 of σ(0.03) = 0.507:", math.Abs(on()-rbm.Sigmoid(0.03)) < 0.03)
	// Output:
	// T = 1, within 0.02 of σ(3) = 0.953: true
	// T = 100, within 0.03 of σ(0.03) = 0.507: true
}
