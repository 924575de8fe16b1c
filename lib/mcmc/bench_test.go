package mcmc

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// BenchmarkGibbsMNIST measures one block Gibbs step (two matrix products,
// sigmoids and Bernoulli draws) of 100 chains of a 784×500 RBM, the size
// of the comparison with numpy and JAX in bench/compare.sh. The
// sub-benchmark names the precision of the arithmetic. Steady state does
// not allocate. Besides the wall time it reports cpu-ns/op, the process's
// CPU time per step (all its threads: with GOMAXPROCS and OpenBLAS threads
// above 1 it is the work, not the elapsed time).
func BenchmarkGibbsMNIST(b *testing.B) {
	b.Run("float64", func(b *testing.B) { benchGibbs(b, rbm.Float64) })
	b.Run("float32", func(b *testing.B) { benchGibbs(b, rbm.Float32) })
}

func benchGibbs(b *testing.B, p rbm.Precision) {
	m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	m.Precision = p
	c, err := NewChains(m, 100, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	g := NewGibbs(1)
	if err := g.Sample(m, c, 1); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0 := cputime.Now()
	for b.Loop() {
		if err := g.Sample(m, c, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cputime.Now()-cpu0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkRunChunks measures Run's own cost per chunk: 1000 chunks of one
// Gibbs transition of one chain of a 3×3 model, each observed.
func BenchmarkRunChunks(b *testing.B) {
	m, _ := rbm.NewBinary(3, 3, &rbm.Init{WeightStd: 1, Seed: 1})
	c, _ := NewChains(m, 1, rand.New(rand.NewPCG(1, 2)))
	g := NewGibbs(1)
	n := 0
	observe := func(int, *Chains) error { n++; return nil }
	for b.Loop() {
		if err := Run(context.Background(), g, m, c, 1000, 1, observe); err != nil {
			b.Fatal(err)
		}
	}
}
