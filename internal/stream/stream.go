// Package stream derives the random streams of the library's parallel
// work from one seed: stream k of seed s is a PCG source whose 128-bit
// state is State(s, k). lib/mcmc gives each block of 16 chains a stream,
// lib/rbm each block of AIS runs, so that the draws do not depend on how
// many goroutines run the blocks.
package stream

import "math/rand/v2"

// State returns the 128-bit PCG state (hi, lo) of random stream k of
// seed: the image of the pair (seed, k) under a four-round Feistel network
// whose round function is the SplitMix64 finaliser with a different odd
// offset per round,
//
//	(L₀, R₀) = (seed, k),  (L_{r+1}, R_{r+1}) = (R_r, L_r ⊕ f_r(R_r)),
//
// returning (L₄, R₄). Each round is invertible whatever f_r is, so the map
// (seed, k) → (hi, lo) is a bijection of 128-bit words: no two (seed,
// stream) pairs ever start at the same state, and both words depend on
// both inputs. (A former derivation, (splitmix(seed+2k),
// splitmix(seed+2k+1)), made stream k of seed s+2 stream k+1 of seed s.)
func State(seed, k uint64) (hi, lo uint64) {
	l, r := seed, k
	for _, c := range rounds {
		l, r = r, l^Splitmix(r+c)
	}
	return l, r
}

// rounds are the offsets of State's four Feistel rounds.
var rounds = [4]uint64{0x9e3779b97f4a7c15, 0xd1b54a32d192ed03, 0xabc98388fb8fac03, 0x8cb92ba72f3d8dd7}

// New returns the source of stream k of seed, started at State(seed, k).
func New(seed, k uint64) *rand.PCG { return rand.NewPCG(State(seed, k)) }

// Splitmix is the SplitMix64 finaliser, a bijective mixing of x with
// golden-ratio offset: it turns neighbouring integers into unrelated seeds.
func Splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
