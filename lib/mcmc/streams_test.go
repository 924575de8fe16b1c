package mcmc

import (
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestStreamsDistinct checks that no two (seed, stream) pairs in a
// realistic range (seeds 0…1023 and a few large ones, streams 0…63, that
// is up to 1,024 chains) share a stream. It asks for more than distinct
// states: that no two share either 64-bit word of the state, nor the first
// output. Among n = 66,000 well-mixed 64-bit words the chance of any
// coincidence is about n²/2⁶⁵ ≈ 1.2·10⁻¹⁰, so a shared word means
// structure (the former derivation shared whole states between seeds s and
// s+2, and words between neighbouring streams).
func TestStreamsDistinct(t *testing.T) {
	seeds := make([]uint64, 0, 1031)
	for s := range uint64(1024) {
		seeds = append(seeds, s)
	}
	seeds = append(seeds, 1<<32, 1<<63, 1<<63+1, ^uint64(0), ^uint64(0)-2, 0x9e3779b97f4a7c15, 2017)
	type at struct{ seed, k uint64 }
	his := make(map[uint64]at)
	los := make(map[uint64]at)
	outs := make(map[uint64]at)
	for _, s := range seeds {
		var srcs []rand.PCG
		src := streams(&srcs, s, 64*blockRows)
		for k := range src {
			hi, lo := streamState(s, uint64(k))
			first := src[k].Uint64()
			for _, c := range []struct {
				m    map[uint64]at
				w    uint64
				what string
			}{{his, hi, "high word"}, {los, lo, "low word"}, {outs, first, "first output"}} {
				if o, dup := c.m[c.w]; dup {
					t.Fatalf("stream %d of seed %d and stream %d of seed %d share their %s %#x", k, s, o.k, o.seed, c.what, c.w)
				}
				c.m[c.w] = at{s, uint64(k)}
			}
		}
	}
}

// TestSeedsShareNoRows is the regression test of the collision: 32 chains
// from identical (zero) starts, one step of NewGibbs(1) and of NewGibbs(3)
// (and of NewFlip with the same seeds). Before the fix, chains 16–31 of the
// first were chains 0–15 of the second. The model has 64 visible and 48
// hidden units with small weights, so every unit is close to a fair coin:
// two independent chains agree on all 112 units with probability about
// 2⁻¹¹², never by chance among 32² pairs.
func TestSeedsShareNoRows(t *testing.T) {
	m, err := rbm.NewBinary(64, 48, &rbm.Init{WeightStd: 0.05, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	run := func(s Sampler) *Chains {
		t.Helper()
		c, err := NewChainsFrom(m, mat.NewDense(32, 64, nil))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Sample(m, c, 1); err != nil {
			t.Fatal(err)
		}
		return c
	}
	flip := func(seed uint64) Sampler {
		f, err := NewFlip(0.5, seed)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	for _, pair := range []struct {
		name string
		a, b Sampler
	}{
		{"Gibbs", NewGibbs(1), NewGibbs(3)},
		{"Flip", flip(1), flip(3)},
	} {
		a, b := run(pair.a), run(pair.b)
		for i := range 32 {
			for j := range 32 {
				if mat.Equal(a.V.RowView(i), b.V.RowView(j)) && mat.Equal(a.H.RowView(i), b.H.RowView(j)) {
					t.Errorf("%s: chain %d of seed 1 equals chain %d of seed 3", pair.name, i, j)
				}
			}
		}
	}
}
