package learn

import (
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkCD1MNIST measures one CD-1 update (five matrix products,
// sigmoids, Bernoulli draws and an SGD step with momentum) of a 784×500 RBM
// on a batch of 100 random binary images (each pixel on with probability
// 0.13, MNIST's mean), the size of the comparison with numpy and JAX in
// bench/compare.sh, which runs the same algorithm in the same precision.
// The sub-benchmark names the precision of the arithmetic. Steady state
// does not allocate. Besides the wall time it reports cpu-ns/op, the
// process's CPU time per update, which a loaded machine disturbs less.
func BenchmarkCD1MNIST(b *testing.B) {
	b.Run("float64", func(b *testing.B) { benchCD1(b, rbm.Float64) })
	b.Run("float32", func(b *testing.B) { benchCD1(b, rbm.Float32) })
}

func benchCD1(b *testing.B, p rbm.Precision) {
	m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	m.Precision = p
	x := benchBatch(100, 784)
	l := NewCD(1, mcmc.NewGibbs(1))
	o := &SGD{Rate: 0.01, Momentum: 0.9}
	if err := l.Update(m, x, o); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu0 := cputime.Now()
	for b.Loop() {
		if err := l.Update(m, x, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cputime.Now()-cpu0)/float64(b.N), "cpu-ns/op")
}

// benchBatch returns n random binary rows of length d, each element 1 with
// probability 0.13.
func benchBatch(n, d int) *mat.Dense {
	rng := rand.New(rand.NewPCG(1, 2))
	x := mat.NewDense(n, d, nil)
	for i, raw := 0, x.RawMatrix().Data; i < len(raw); i++ {
		if rng.Float64() < 0.13 {
			raw[i] = 1
		}
	}
	return x
}
