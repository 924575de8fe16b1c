package mcmc

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestFloat32CopyFollowsWrites checks the contract of a Float32 model's
// float32 copy of its parameters (rbm.Binary.Changed): after each way of
// writing the parameters that the contract covers (Changed after a direct
// write; a write through Params; W replaced; a bias written directly,
// which the spot check of the biases catches), block Gibbs sampling of
// the model gives the chains, bit for bit, that it gives on a clone, whose
// copy is made afresh from the same float64 parameters. A stale copy would
// sample the old parameters and differ.
func TestFloat32CopyFollowsWrites(t *testing.T) {
	m, err := rbm.NewBinary(7, 5, &rbm.Init{WeightStd: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	m.Precision = rbm.Float32
	sample := func(m *rbm.Binary) *mat.Dense {
		c, err := NewChains(m, 40, rand.New(rand.NewPCG(4, 5)))
		if err != nil {
			t.Fatal(err)
		}
		if err := NewGibbs(6).Sample(m, c, 3); err != nil {
			t.Fatal(err)
		}
		return c.V
	}
	sample(m) // makes the copy
	for _, w := range []struct {
		name  string
		write func()
	}{
		{"direct write of W, then Changed", func() {
			for i, x := range m.W.RawMatrix().Data {
				m.W.RawMatrix().Data[i] = -2 * x
			}
			m.Changed()
		}},
		{"one weight written through Params", func() { m.Params()[0][17] += 3 }},
		{"W replaced", func() {
			w := mat.DenseCopyOf(m.W)
			w.Scale(0.5, w)
			m.W = w
		}},
		{"hidden bias written directly", func() { m.C[2] = 4 }},
		{"visible bias written directly", func() { m.B[6] = -4 }},
	} {
		w.write()
		got, want := sample(m), sample(m.Clone())
		if !mat.Equal(got, want) {
			t.Errorf("%s: the model samples other chains than its fresh clone (stale float32 copy)", w.name)
		}
	}
}

// TestFloat32CopyConcurrentReaders runs four samplers and an AIS estimate
// at once on one fresh Float32 model (methods that only read a model may
// run concurrently, rbm's package doc): the first reads make the float32
// copy, every read checks it. Each goroutine's result must be the one it
// gives alone, and the race detector (go test -race) must see no race.
func TestFloat32CopyConcurrentReaders(t *testing.T) {
	fresh := func() *rbm.Binary {
		m, err := rbm.NewBinary(30, 20, &rbm.Init{WeightStd: 0.5, Seed: 8})
		if err != nil {
			t.Fatal(err)
		}
		m.Precision = rbm.Float32
		return m
	}
	sample := func(m *rbm.Binary, seed uint64) *mat.Dense {
		c, err := NewChains(m, 20, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Error(err)
			return nil
		}
		if err := NewGibbs(seed).Sample(m, c, 5); err != nil {
			t.Error(err)
		}
		return c.V
	}
	ais := func(m *rbm.Binary) float64 {
		z, _, err := m.AIS(context.Background(), &rbm.AISSettings{Chains: 10, Steps: 50, Seed: 3})
		if err != nil {
			t.Error(err)
		}
		return z
	}
	alone := fresh()
	var want [4]*mat.Dense
	for i := range want {
		want[i] = sample(alone, uint64(i+1))
	}
	wantZ := ais(alone)
	m := fresh()
	var got [4]*mat.Dense
	var gotZ float64
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = sample(m, uint64(i+1)) })
	}
	wg.Go(func() { gotZ = ais(m) })
	wg.Wait()
	for i := range got {
		if got[i] == nil || !mat.Equal(got[i], want[i]) {
			t.Errorf("sampler %d: chains differ from its run alone", i)
		}
	}
	if gotZ != wantZ {
		t.Errorf("AIS: %v concurrently, %v alone", gotZ, wantZ)
	}
}
