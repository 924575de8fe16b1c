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
