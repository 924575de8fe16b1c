package learn

import (
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkModifiedCDFig1 times one modified-CD update as notebook 04's
// Fig. 1 cells run it at the paper's width: a 2×256 GRBM, a batch of 100
// standard normal points, 100 transitions of each sampler (Gibbs-Langevin
// with K = 5, the Langevin samplers with the marginal statistics), sampled
// positive hidden states. It reports the process's CPU time per update
// (cpu-ns/op) beside the wall time, and the allocations per update.
func BenchmarkModifiedCDFig1(b *testing.B) {
	for _, sp := range []struct {
		name     string
		marginal bool
		make     func() mcmc.GaussianSampler
	}{
		{"gibbs", false, func() mcmc.GaussianSampler { return mcmc.NewGaussGibbs(1) }},
		{"langevin", true, func() mcmc.GaussianSampler { return mcmc.NewLangevin(0.1, false, 1) }},
		{"langevin_adj", true, func() mcmc.GaussianSampler { return mcmc.NewLangevin(0.1, true, 1) }},
		{"gl5", false, func() mcmc.GaussianSampler { return mcmc.NewGibbsLangevin(0.1, 5, false, 1) }},
		{"gl5_adj", false, func() mcmc.GaussianSampler { return mcmc.NewGibbsLangevin(0.1, 5, true, 1) }},
	} {
		b.Run(sp.name, func(b *testing.B) {
			g, err := rbm.NewGaussian(2, 256, &rbm.Init{WeightStd: 0.1, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			batch := mat.NewDense(100, 2, nil)
			for i := range batch.RawMatrix().Data {
				batch.RawMatrix().Data[i] = rng.NormFloat64()
			}
			l := NewModifiedCD(100, sp.make(), 0.1, 2)
			l.Marginal, l.SamplePositive = sp.marginal, true
			opt := &SGD{Rate: 1e-4}
			if err := l.Update(g, batch, opt); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cputime.Now()
			for b.Loop() {
				if err := l.Update(g, batch, opt); err != nil {
					b.Fatal(err)
				}
			}
			if cpu0 >= 0 {
				b.ReportMetric(float64((cputime.Now()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// TestParamsNoAlloc checks that params returns the slices of m.Params(),
// in order, for the models it special-cases, and fills its buffer without
// allocating once the buffer is large enough.
func TestParamsNoAlloc(t *testing.T) {
	g, err := rbm.NewGaussian(3, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := rbm.NewBinary(3, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []rbm.Model{g, b} {
		want := m.Params()
		buf := params(m, nil)
		if len(buf) != len(want) {
			t.Fatalf("%T: params gives %d slices, Params %d", m, len(buf), len(want))
		}
		for k := range want {
			if &buf[k][0] != &want[k][0] || len(buf[k]) != len(want[k]) {
				t.Errorf("%T: slice %d of params is not slice %d of Params", m, k, k)
			}
		}
		if a := testing.AllocsPerRun(10, func() { buf = params(m, buf) }); a != 0 {
			t.Errorf("%T: params allocates %v times per call", m, a)
		}
	}
}
