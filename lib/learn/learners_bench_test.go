package learn

import (
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// BenchmarkLearnersMNIST measures one update of each learner on a 784×500
// RBM and a batch of 100 random binary images (the shape of
// BenchmarkCD1MNIST), with SGD and momentum. Compare each learner with CD
// of the same Steps (sampling steps per update): CD-1 for FPCD-1, PCD-1,
// Centered-1, S-DCP d=1, CS-DCP d=1 and SSD; CD-2 for S-DCP d=2 K'=1; CD-4
// for PT with 4 temperatures and K = 1 (t·K steps); PCD-1 and PCD-4 show
// what the persistent chains alone cost (the positive phase's product,
// which CD shares with its first half-step). Besides the wall time it
// reports cpu-ns/op, the process's CPU time (user and system) per update,
// which other processes on a shared machine disturb less; with
// GOMAXPROCS=1 and OPENBLAS_NUM_THREADS=1 it is the work of one update.
func BenchmarkLearnersMNIST(b *testing.B) {
	pt, err := NewPT(1, mustBetas(4), 0, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name string
		l    Learner
	}{
		{"CD-1", NewCD(1, mcmc.NewGibbs(1))},
		{"CD-2", NewCD(2, mcmc.NewGibbs(1))},
		{"CD-4", NewCD(4, mcmc.NewGibbs(1))},
		{"PCD-1", NewPCD(1, 0, mcmc.NewGibbs(1))},
		{"PCD-4", NewPCD(4, 0, mcmc.NewGibbs(1))},
		{"FPCD-1", NewFPCD(1, 0, 0.01, mcmc.NewGibbs(1))},
		{"Centered-1", NewCentered(1, mcmc.NewGibbs(1))},
		{"SDCP-d1-K1", NewSDCP(1, 1, mcmc.NewGibbs(1))},
		{"SDCP-d2-K1", NewSDCP(2, 1, mcmc.NewGibbs(1))},
		{"CSDCP-d1-K1", NewCSDCP(1, 1, mcmc.NewGibbs(1))},
		{"CSDCP-d2-K1", NewCSDCP(2, 1, mcmc.NewGibbs(1))},
		{"PT-4temps-K1", pt},
		{"SSD-PCD-1", NewSSD(NewPCD(1, 0, mcmc.NewGibbs(1)))},
	}
	x := randomBatch(100, 784, 0.13, 1)
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			o := &SGD{Rate: 1e-4, Momentum: 0.9}
			if err := c.l.Update(m, x, o); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				if err := c.l.Update(m, x, o); err != nil {
					b.Fatal(err)
				}
			}
			if cpu0 >= 0 {
				b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
			}
			b.ReportMetric(float64(c.l.Steps()), "steps/update")
		})
	}
}

// BenchmarkSharpMNIST measures the SVD and #-direction of SSD alone on a
// 784×500 weight gradient of rank about 100 (a CD-1 gradient of a batch of
// 100).
func BenchmarkSharpMNIST(b *testing.B) {
	m, _ := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	g, err := NewCD(1, mcmc.NewGibbs(1)).Gradient(m, randomBatch(100, 784, 0.13, 1))
	if err != nil {
		b.Fatal(err)
	}
	d := NewGrad(m)
	l := &SSD{}
	for b.Loop() {
		if err := Sharp(d, g, 784, 500, &l.svd, &l.u, &l.v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDCPMNISTPrecision times one update of the learners of notebook
// 03's MNIST comparison (784×500, batch 100, 24 Gibbs steps per update) in
// both precisions, so that the notebook's choice of float32 can say what
// it saves.
func BenchmarkDCPMNISTPrecision(b *testing.B) {
	x := randomBatch(100, 784, 0.13, 1)
	for _, name := range []string{"CD-24", "CG-24", "SDCP-d6-K4", "CSDCP-d6-K4"} {
		for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
			b.Run(name+"/"+p.String(), func(b *testing.B) {
				var l Learner
				switch name {
				case "CD-24":
					l = NewCD(24, mcmc.NewGibbs(1))
				case "CG-24":
					l = NewCentered(24, mcmc.NewGibbs(1))
				case "SDCP-d6-K4":
					l = NewSDCP(6, 4, mcmc.NewGibbs(1))
				case "CSDCP-d6-K4":
					l = NewCSDCP(6, 4, mcmc.NewGibbs(1))
				}
				m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				m.Precision = p
				o := &SGD{Rate: 0.01}
				if err := l.Update(m, x, o); err != nil {
					b.Fatal(err)
				}
				cpu0 := cpuTime()
				for b.Loop() {
					if err := l.Update(m, x, o); err != nil {
						b.Fatal(err)
					}
				}
				if cpu0 >= 0 {
					b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// BenchmarkSmallModel measures the learners of notebook 03's Figs. 1 and 2
// on their model, 9 visible and 4 hidden units on the 9 patterns of the
// Shifting Bar, one op being 100 full-batch updates of CD-12 or S-DCP
// (d = 3, K' = 4): at this size an update is a few hundred tiny products
// and rows of 4 or 9 units, so the fixed costs per call dominate (before
// 2026-11-27 the zeroing of a 256-element buffer of uniforms per row).
func BenchmarkSmallModel(b *testing.B) {
	set, err := data.ShiftingBar(9, 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"CD-12", "SDCP-3x4"} {
		b.Run(name, func(b *testing.B) {
			m, _ := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
			var l Learner = NewCD(12, mcmc.NewGibbs(1))
			if name != "CD-12" {
				l = NewSDCP(3, 4, mcmc.NewGibbs(1))
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Train(b.Context(), m, set, l, &Settings{Updates: 100, Rate: 0.3}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
