package learn

import (
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// benchSmall trains a 16×16 RBM on Artificial Modes (p_mut = 0.1, 1000
// examples) with batches of 100, the model of Brügge, Fischer and Igel's
// (2013) experiments and of notebook 01, one op being 100 updates of the
// learner that newLearner returns (made once, so that persistent chains
// carry on from op to op) through Train, in float64 and float32. Besides
// the wall time it reports cpu-ns/op, the process's CPU time per op, which
// other processes on a shared machine disturb less.
func benchSmall(b *testing.B, newLearner func() Learner) {
	set, err := data.ArtificialModes(0.1, 1000, 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
		b.Run(p.String(), func(b *testing.B) {
			m, err := rbm.NewBinary(16, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			m.Precision = p
			l := newLearner()
			s := &Settings{Updates: 100, BatchSize: 100, Rate: 0.05, Seed: 1}
			if _, err := Train(b.Context(), m, set, l, s); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := Train(b.Context(), m, set, l, s); err != nil {
					b.Fatal(err)
				}
			}
			if cpu0 >= 0 {
				b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkPTSmall measures parallel tempering on the paper's model (see
// benchSmall): 10-PT₁, notebook 01's choice, and 20-PT₁₀, the paper's
// (20 inverse temperatures uniform in [0, 1], 10 Gibbs steps each per
// update, 100 chains a temperature): one op is 100 updates.
func BenchmarkPTSmall(b *testing.B) {
	for _, c := range []struct {
		name string
		k, t int
	}{{"10-PT1", 1, 10}, {"20-PT10", 10, 20}} {
		b.Run(c.name, func(b *testing.B) {
			benchSmall(b, func() Learner {
				betas, err := mcmc.UniformBetas(c.t)
				if err != nil {
					b.Fatal(err)
				}
				l, err := NewPT(c.k, betas, 0, 1, mcmc.NewGibbs(1))
				if err != nil {
					b.Fatal(err)
				}
				return l
			})
		})
	}
}

// BenchmarkCD5Small measures CD-5 and PCD-5 with block Gibbs (G) and the
// flip-the-state operator (T) on the paper's model (see benchSmall), the
// runs of its Table 1: one op is 100 updates.
func BenchmarkCD5Small(b *testing.B) {
	for _, c := range []struct {
		name string
		l    func() Learner
	}{
		{"CD-5-G", func() Learner { return NewCD(5, mcmc.NewGibbs(1)) }},
		{"CD-5-T", func() Learner { return NewCD(5, mustFlip(1, 1)) }},
		{"PCD-5-G", func() Learner { return NewPCD(5, 0, mcmc.NewGibbs(1)) }},
		{"PCD-5-T", func() Learner { return NewPCD(5, 0, mustFlip(1, 1)) }},
	} {
		b.Run(c.name, func(b *testing.B) { benchSmall(b, c.l) })
	}
}
