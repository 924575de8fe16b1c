package mcmc

import (
	"math/rand/v2"
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
