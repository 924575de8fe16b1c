package kern

import "math"

// SoftplusRun is the most values SoftplusLanes takes: a lane multiplies
// at most SoftplusRun/4 = 32 factors 1 + e^{−|y|} ∈ (1, 2], so no lane's
// product exceeds 2³², and the four lanes' product 2¹²⁸.
const SoftplusRun = 128

// SoftplusLanes returns Σ_j softplus(y_j) = Σ_j log(1 + e^{y_j}) for at
// most SoftplusRun finite values y_j, as
//
//	Σ_j max(y_j, 0) + log Π_j (1 + e^{−|y_j|}),
//
// with ExpNeg(max(−|y_j|, −708)) for e^{−|y_j|} (below e^{−708} the
// factor is 1 to double precision anyway) and one logarithm in all. Term j
// goes to lane j mod 4, and the lanes are combined as (l₀ + l₁) + (l₂ + l₃)
// and (p₀·p₁)·(p₂·p₃): the order of the AVX2 kernel (softplus_amd64.s),
// which takes four terms at a time where it runs, so that its result is
// the portable loop's bit for bit (TestSoftplusLanesSIMD). Each factor is
// within a few ulps, so the sum is within about 10⁻¹⁴ of the exact one
// plus 10⁻¹⁵ relative (TestSoftplusLanes).
func SoftplusLanes(y []float64) float64 {
	return SoftplusLanesShift(nil, y)
}

// SoftplusLanesShift returns SoftplusLanes of the values a_j + y_j
// (len(a) == len(y)), bit for bit, without writing them anywhere; a nil
// a stands for zeros.
func SoftplusLanesShift(a, y []float64) float64 {
	if len(y) > SoftplusRun {
		panic("kern: SoftplusLanes of more than SoftplusRun values")
	}
	if a != nil {
		a = a[:len(y)]
	}
	lin := [4]float64{}
	prod := [4]float64{1, 1, 1, 1}
	d := 0
	if haveSIMD && len(y) >= 4 {
		if a != nil {
			d = softplusShift64AVX2(&a[0], &y[0], len(y), &lin, &prod)
		} else {
			d = softplus64AVX2(&y[0], len(y), &lin, &prod)
		}
	}
	for j := d; j < len(y); j++ {
		v := y[j]
		if a != nil {
			v = a[j] + y[j]
		}
		av := math.Abs(v)
		lin[j&3] += 0.5 * (v + av) // max(v, 0), exactly
		prod[j&3] *= 1 + ExpNeg(max(-av, -708))
	}
	return ((lin[0] + lin[1]) + (lin[2] + lin[3])) + math.Log((prod[0]*prod[1])*(prod[2]*prod[3]))
}
