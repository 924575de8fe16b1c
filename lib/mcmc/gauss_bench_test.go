package mcmc

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// BenchmarkGaussSamplers times the GRBM samplers on 100 chains at two
// shapes: 2×256 (the paper's Fig. 1 width), one op being one call of 100
// transitions, the sampling of one modified-CD update in notebook 04; and
// 784×100 (MNIST-like), one op being 10 transitions. Besides the wall time
// per op it reports the process's CPU time per op (cpu-ns/op, steadier on
// a shared machine) and the wall time per transition; -benchmem gives the
// allocations per op, which the samplers' steady state keeps at 0.
func BenchmarkGaussSamplers(b *testing.B) {
	samplers := []struct {
		name string
		make func() GaussianSampler
	}{
		{"gibbs", func() GaussianSampler { return NewGaussGibbs(1) }},
		{"langevin", func() GaussianSampler { return NewLangevin(0.01, false, 1) }},
		{"langevin_adj", func() GaussianSampler { return NewLangevin(0.01, true, 1) }},
		{"gl5", func() GaussianSampler { return NewGibbsLangevin(0.01, 5, false, 1) }},
		{"gl5_adj", func() GaussianSampler { return NewGibbsLangevin(0.01, 5, true, 1) }},
	}
	shapes := []struct{ nv, nh, steps int }{{2, 256, 100}, {784, 100, 10}}
	for _, sh := range shapes {
		for _, sp := range samplers {
			b.Run(fmt.Sprintf("%dx%d/%s", sh.nv, sh.nh, sp.name), func(b *testing.B) {
				benchGaussShape(b, sp.make(), sh.nv, sh.nh, sh.steps)
			})
		}
	}
}

// benchGaussShape times calls of steps transitions of s on 100 chains of
// an nv×nh GRBM (weights of standard deviation 0.1).
func benchGaussShape(b *testing.B, s GaussianSampler, nv, nh, steps int) {
	g, err := rbm.NewGaussian(nv, nh, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	c, err := NewGaussianChains(g, 100, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	if err := s.SampleGaussian(g, c, steps); err != nil { // buffers
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	t0 := cputime.Now()
	for b.Loop() {
		if err := s.SampleGaussian(g, c, steps); err != nil {
			b.Fatal(err)
		}
	}
	if t0 >= 0 {
		b.ReportMetric(float64((cputime.Now()-t0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*steps), "ns/step")
}
