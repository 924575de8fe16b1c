package stream

import (
	"math/rand/v2"
	"testing"
)

// invState inverts State: the Feistel rounds undone in reverse
// order, (L_r, R_r) = (R_{r+1} ⊕ f_r(L_{r+1}), L_{r+1}).
func invState(hi, lo uint64) (seed, k uint64) {
	cs := rounds
	l, r := hi, lo
	for i := len(cs) - 1; i >= 0; i-- {
		l, r = r^Splitmix(l+cs[i]), l
	}
	return l, r
}

// TestStateBijective checks that State is invertible (so no
// two (seed, stream) pairs share a starting state) on random pairs and on
// the corners of the range.
func TestStateBijective(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pairs := [][2]uint64{{0, 0}, {0, 1}, {1, 0}, {^uint64(0), ^uint64(0)}, {^uint64(0), 0}}
	for range 1000 {
		pairs = append(pairs, [2]uint64{rng.Uint64(), rng.Uint64()})
	}
	for _, p := range pairs {
		hi, lo := State(p[0], p[1])
		if s, k := invState(hi, lo); s != p[0] || k != p[1] {
			t.Fatalf("State(%d, %d) = (%#x, %#x) inverts to (%d, %d)", p[0], p[1], hi, lo, s, k)
		}
	}
}
