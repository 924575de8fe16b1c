package mcmc

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
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

// BenchmarkOneChainMNIST measures one sample of a single chain of a 784×500
// RBM, the way notebook 02 draws its sample sequences: a block Gibbs step
// (Gibbs), one rates-FPCD update with one Gibbs step (RatesFPCD), and one
// rates-herding update (Herding, at most 10 alternations), in each
// precision. Breuleux et al. (2011) found Gibbs 2 to 7 times faster per
// sample than rates-FPCD; the ratio of the first two is that comparison.
// cpu-ns/op is the process's CPU time per sample (see BenchmarkGibbsMNIST).
func BenchmarkOneChainMNIST(b *testing.B) {
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
		b.Run(p.String(), func(b *testing.B) { benchOneChain(b, p) })
	}
}

func benchOneChain(b *testing.B, p rbm.Precision) {
	m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	m.Precision = p
	r := rand.New(rand.NewPCG(3, 4))
	data := mat.NewDense(200, 784, nil)
	for i := range data.RawMatrix().Data {
		if r.Float64() < 0.15 {
			data.RawMatrix().Data[i] = 1
		}
	}
	rates, err := NewRates(m, data)
	if err != nil {
		b.Fatal(err)
	}
	fpcd, _ := NewRatesFPCD(rates, 0.01, 1, 1, 1)
	herd, _ := NewHerding(rates, 0.01, 1, 10)
	for _, s := range []struct {
		name string
		s    Sampler
	}{{"Gibbs", NewGibbs(1)}, {"RatesFPCD", fpcd}, {"Herding", herd}} {
		b.Run(s.name, func(b *testing.B) {
			c, err := NewChainsFrom(m, data.Slice(0, 1, 0, 784))
			if err != nil {
				b.Fatal(err)
			}
			if err := s.s.Sample(m, c, 1); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu0 := cputime.Now()
			for b.Loop() {
				if err := s.s.Sample(m, c, 1); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Now()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}
