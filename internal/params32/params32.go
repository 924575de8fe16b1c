// Package params32 is the bridge through which lib/mcmc, lib/learn and
// lib/rbm reach the float32 copy of a binary model's parameters (see
// docs/precision.md), without it appearing in the exported API of lib.
//
// lib/rbm keeps, in every *rbm.Binary of precision Float32, a copy
//
//	W32_ij = fl32(W_ij),  B32_i = fl32(B_i),  C32_j = fl32(C_j)
//
// (fl32: rounding to the nearest float32) from which the samplers, the
// learners' products and AIS read the parameters, so that no call rounds
// the m·n weights again. The library's optimiser (learn.SGD) writes the
// copy in the same pass as the float64 parameters; anything else that
// writes W, B or C marks the copy stale (rbm.Binary.Changed, or fetching
// rbm.Binary.Params), and Of makes it again before returning it.
//
// Beside the copy a model keeps, under OpenBLAS, its transpose, Wᵀ in
// float32, for the samplers' back products H·Wᵀ, which with it are sums
// of Wᵀ's rows picked by the binary states (kern's binary product) rather
// than a BLAS call. Transposed makes it on demand; a writer of the copy's
// W calls Wrote, and the next Transposed makes it again. Whether a
// product goes through the transpose depends only on the BLAS, never on
// what was called before, so that a seeded sampler gives the same chains
// on its first call as on any later one.
package params32

import "github.com/rbm-kernel/rbm-kernel/internal/kern"

// Params is a float32 copy of a binary RBM's parameters: W (m×n, row-major,
// Stride n), B (m) and C (n).
type Params struct {
	W    kern.General[float32]
	B, C []float32
}

// Of returns the float32 copy of the parameters of m, an *rbm.Binary,
// current with its float64 parameters, or nil when m's precision is not
// Float32 (the copy is then marked stale, since nothing keeps it current).
// The caller may write the copy only to keep it equal to fl32 of the
// float64 parameters (as learn.SGD does). Set by lib/rbm when it is
// initialised.
var Of func(m any) *Params

// Current returns m's float32 copy as it is, without making it again, and
// whether it is marked current (nil, false when it was never made): for
// tests that check that the library keeps it current. Set by lib/rbm.
var Current func(m any) (p *Params, valid bool)

// Transposed returns what Of returns and the transpose of the copy's
// weights, WT_ji = fl32(W_ij) (n_h × n_v, row stride n_v), current with
// the copy (made again if W changed), or a matrix with no rows when m's
// precision is not Float32 or UseTransposed reports false: both under one
// check of the copy. Set by lib/rbm.
var Transposed func(m any) (*Params, kern.General[float32])

// TransposedCurrent reports whether m's transposed copy is made and
// current, without making it: for tests. Set by lib/rbm.
var TransposedCurrent func(m any) bool

// Wrote tells m that its float32 copy's W was written through Of (as
// learn.SGD does, keeping it fl32 of the float64 W): the transposed copy,
// if any, is stale. Set by lib/rbm.
var Wrote func(m any)

// UseTransposed reports whether the samplers' back products go through
// the transposed copy: under OpenBLAS, not under gonum's BLAS, whose
// products H·Wᵀ the samplers keep to bit for bit (kern.GonumBLAS). Tests
// replace it to check the two roads against each other.
var UseTransposed = func() bool { return !kern.GonumBLAS[float32]() }
