package mcmc

import (
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/params32"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// exactModel returns a Float32 RBM whose products are exact in float32:
// weights and biases are multiples of 1/16 of magnitude at most 1/4, so
// every partial sum of a product with binary states is a multiple of 1/16
// below 2⁶ and rounds to itself, whatever the order of the sums. Two roads
// to the same product (H·Wᵀ through W, or through Wᵀ's rows) then give the
// same bits, and so the same chains. 128 visible and 96 hidden units: a
// band of 50 chains makes products above kern's least size for the binary
// product (m·n·k ≥ 2¹⁸).
func exactModel(t *testing.T) *rbm.Binary {
	t.Helper()
	m, err := rbm.NewBinary(128, 96, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := m.W.RawMatrix()
	for i := 0; i < w.Rows; i++ {
		for j := 0; j < w.Cols; j++ {
			w.Data[i*w.Stride+j] = float64((i*7+j*3)%9-4) / 16
		}
	}
	for i := range m.B {
		m.B[i] = float64(i%5-2) / 16
	}
	for j := range m.C {
		m.C[j] = float64(j%7-3) / 16
	}
	m.Precision = rbm.Float32
	return m
}

// withTransposed sets params32.UseTransposed to report on for the test.
func withTransposed(t *testing.T, on bool) {
	t.Helper()
	old := params32.UseTransposed
	params32.UseTransposed = func() bool { return on }
	t.Cleanup(func() { params32.UseTransposed = old })
}

// TestTransposedCopy checks the samplers' back products through a Float32
// model's transposed copy of W (params32.Transposed) against the products
// through W: on exactModel the two give the same sums bit for bit, so every
// sampler that uses the copy must give the same chains as on a clone that
// does not, over several calls, and again after W is written through
// Params and after Changed (a stale transpose would sample the old weights
// and differ). It also checks that the copy was made, so that the
// comparison is not of one road with itself, and that HiddenProb, which
// has no back product, does not make it.
func TestTransposedCopy(t *testing.T) {
	samplers := map[string]func() Sampler{
		"Gibbs": func() Sampler { return NewGibbs(3) },
		"Flip": func() Sampler {
			f, err := NewFlip(1, 3)
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
		"TemperedGibbs": func() Sampler {
			s, err := NewTemperedGibbs(1.5, 3)
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		"Tempered": func() Sampler {
			s, err := NewTempered(NewGibbs(3), []float64{1, 0.6, 0.2}, 2, 4)
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	}
	for name, mk := range samplers {
		t.Run(name, func(t *testing.T) {
			m := exactModel(t)
			run := func(m *rbm.Binary, on bool) *mat.Dense {
				withTransposed(t, on)
				c, err := NewChains(m, 100, rand.New(rand.NewPCG(5, 6)))
				if err != nil {
					t.Fatal(err)
				}
				s := mk()
				for range 3 {
					if err := s.Sample(m, c, 1); err != nil {
						t.Fatal(err)
					}
				}
				return mat.DenseCopyOf(c.V)
			}
			check := func(what string) {
				t.Helper()
				plain := run(m.Clone(), false)
				got := run(m, true)
				if !mat.Equal(got, plain) {
					t.Errorf("%s: the chains through the transposed copy differ from those through W", what)
				}
				if !params32.TransposedCurrent(m) {
					t.Errorf("%s: sampling did not make the transposed copy", what)
				}
			}
			check("a fresh model")
			m.Params()[0][5*96+7] = 0.25 // W₅,₇ through Params
			check("after a write through Params")
			w := m.W.RawMatrix().Data
			for i := range w {
				w[i] = -w[i]
			}
			m.Changed()
			check("after a direct write and Changed")
		})
	}
	t.Run("HiddenProb", func(t *testing.T) {
		withTransposed(t, true)
		m := exactModel(t)
		c, err := NewChains(m, 100, rand.New(rand.NewPCG(5, 6)))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.HiddenProb(m); err != nil {
			t.Fatal(err)
		}
		if params32.TransposedCurrent(m) {
			t.Error("HiddenProb made the transposed copy")
		}
	})
}

// TestTransposedCopyNotLeftOver checks that a sampler that builds its own
// layers on the chains' float32 storage (RatesFPCD's sampling under
// θ + θ_F, penalised here) does not meet the transposed copy that an
// earlier Gibbs call on the same chains left there (it is fl32(W)ᵀ of the
// model, not of θ + θ_F): its chains after a Gibbs call on c must be those
// it draws on a fresh Chains holding the same states.
func TestTransposedCopyNotLeftOver(t *testing.T) {
	withTransposed(t, true)
	m := exactModel(t)
	c, err := NewChains(m, 100, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	if err := NewGibbs(2).Sample(m, c, 1); err != nil { // leaves Wᵀ in c's layers
		t.Fatal(err)
	}
	fresh, err := NewChainsFrom(m, c.V)
	if err != nil {
		t.Fatal(err)
	}
	fresh.H.Copy(c.H)
	run := func(c *Chains) *mat.Dense {
		s, err := NewPenalized(0.5, 0.9, 1, 3)
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if err := s.Sample(m, c, 1); err != nil {
				t.Fatal(err)
			}
		}
		return c.V
	}
	if got, want := run(c), run(fresh); !mat.Equal(got, want) {
		t.Error("penalised sampling after a Gibbs call on the same chains differs from the same on fresh chains (a transposed copy left over)")
	}
}
