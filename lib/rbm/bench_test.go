package rbm

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	// With -tags openblas the products use OpenBLAS; without, pure Go.
	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkExactLogZ16x16 measures ExactLogZ of a 16×16 RBM (65,536
// visible states) with small weights (std 0.01, the usual initialisation:
// every block takes the product form) and very large ones (std 10: every
// block takes the safe form, one exponential per softplus term).
func BenchmarkExactLogZ16x16(b *testing.B) {
	for _, c := range []struct {
		name string
		std  float64
	}{{"std=0.01", 0.01}, {"std=10", 10}} {
		b.Run(c.name, func(b *testing.B) {
			r, err := NewBinary(16, 16, &Init{WeightStd: c.std, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := r.ExactLogZ(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAISMNIST measures one AIS estimate of log Z of a 784×500 RBM
// (weights N(0, 0.01²)): 100 annealing runs over 1,000 intermediate
// distributions, each a block Gibbs transition (two matrix products) and a
// weight update, the size of the comparison with numpy and JAX in
// bench/compare.sh. The sub-benchmark names the precision of the
// arithmetic. Besides the wall time it reports cpu-ns/op, the process's
// CPU time per estimate.
func BenchmarkAISMNIST(b *testing.B) {
	for _, p := range []Precision{Float64, Float32} {
		b.Run(p.String(), func(b *testing.B) {
			m, err := NewBinary(784, 500, &Init{WeightStd: 0.01, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			m.Precision = p
			s := &AISSettings{Chains: 100, Steps: 1000, Seed: 1}
			b.ReportAllocs()
			cpu0 := cputime.Now()
			for b.Loop() {
				if _, _, err := m.AIS(context.Background(), s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Now()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

func softplusInputs() []float64 {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, 1024)
	for i := range x {
		x[i] = 4 * rng.NormFloat64()
	}
	return x
}

var sink float64

// BenchmarkSoftplusSum measures the sum of 1024 softplus terms in the
// product form used by the exact computations.
func BenchmarkSoftplusSum(b *testing.B) {
	x := softplusInputs()
	for b.Loop() {
		sink = SoftplusSum(x)
	}
}

// BenchmarkSoftplusNaive measures the same sum with one Softplus call per
// term, for comparison.
func BenchmarkSoftplusNaive(b *testing.B) {
	x := softplusInputs()
	for b.Loop() {
		var s float64
		for _, y := range x {
			s += Softplus(y)
		}
		sink = s
	}
}

// BenchmarkFreeEnergies measures the free energies of a batch of 100 rows
// at 784×500 (one product and 50,000 softplus terms).
func BenchmarkFreeEnergies(b *testing.B) {
	r, err := NewBinary(784, 500, &Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	V := mat.NewDense(100, 784, nil)
	for i := 0; i < 100; i++ {
		FillState(V.RawRowView(i), rng.Int())
	}
	dst := make([]float64, 100)
	for b.Loop() {
		if _, err := r.FreeEnergies(dst, V); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSigmoidInPlace measures σ over 50,000 inputs (a 100×500 batch of
// hidden units).
func BenchmarkSigmoidInPlace(b *testing.B) {
	x := make([]float64, 50000)
	rng := rand.New(rand.NewPCG(1, 1))
	src := make([]float64, len(x))
	for i := range src {
		src[i] = 3 * rng.NormFloat64()
	}
	for b.Loop() {
		copy(x, src)
		SigmoidInPlace(x)
	}
}

// BenchmarkSigmoidCalls measures the same with one Sigmoid call per input.
func BenchmarkSigmoidCalls(b *testing.B) {
	x := make([]float64, 50000)
	rng := rand.New(rand.NewPCG(1, 1))
	src := make([]float64, len(x))
	for i := range src {
		src[i] = 3 * rng.NormFloat64()
	}
	for b.Loop() {
		copy(x, src)
		for i, v := range x {
			x[i] = Sigmoid(v)
		}
	}
}

// BenchmarkEnergyMNIST measures Energy of a 784×500 RBM at a random
// binary state (about half the units on): the per-step cost of an energy
// trace (mcmc.EnergyTrace) of the flip-the-state paper's 500-hidden MNIST
// model, one chain.
func BenchmarkEnergyMNIST(b *testing.B) {
	r, err := NewBinary(784, 500, &Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	v, h := make([]float64, 784), make([]float64, 500)
	for i := range v {
		v[i] = float64(rng.IntN(2))
	}
	for j := range h {
		h[j] = float64(rng.IntN(2))
	}
	for b.Loop() {
		_ = r.Energy(v, h)
	}
}
