package mcmc

import (
	"math/rand/v2"
	"testing"

	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// BenchmarkGibbs784x500 measures one block Gibbs step (two matrix products,
// sigmoids and Bernoulli draws) of 100 chains of a 784×500 RBM.
func BenchmarkGibbs784x500(b *testing.B) {
	m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	c, err := NewChains(m, 100, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	g := NewGibbs(1)
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Sample(m, c, 1); err != nil {
			b.Fatal(err)
		}
	}
}
