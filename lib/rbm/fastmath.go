package rbm

import "github.com/rbm-kernel/rbm-kernel/internal/kern"

// expNeg returns e^z for -708 ≤ z ≤ 0 (the caller clamps z): kern.ExpNeg,
// an in-line exponential with a relative error of a few ulps (TestExpNeg).
func expNeg(z float64) float64 { return kern.ExpNeg(z) }
