package mcmc

import (
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// BenchmarkFlipBarsAndStripes measures 5 steps of G (α = 0) and T (α = 1)
// on 30 chains of a 16×16 RBM, the CD-5 negative phase of notebook 01's
// Bars and Stripes runs, where the element-wise work, not the products,
// sets the time.
func BenchmarkFlipBarsAndStripes(b *testing.B) {
	for _, alpha := range []float64{0, 1} {
		b.Run(map[float64]string{0: "G", 1: "T"}[alpha], func(b *testing.B) {
			m, err := rbm.NewBinary(16, 16, &rbm.Init{WeightStd: 1, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			c, err := NewChains(m, 30, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				b.Fatal(err)
			}
			f, _ := NewFlip(alpha, 1)
			b.ReportAllocs()
			for b.Loop() {
				if err := f.Sample(m, c, 5); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
