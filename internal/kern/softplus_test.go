package kern_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
)

// softplusInputs returns n values drawn from a mixture of scales, a
// quarter of them edge values: zeros of both signs, the clamp at ±708 and
// its neighbours, values beyond it, and tiny ones.
func softplusInputs(rng *rand.Rand, n int) []float64 {
	edges := []float64{0, math.Copysign(0, -1), 708, -708, math.Nextafter(708, 0), math.Nextafter(-708, 0),
		708.5, -708.5, 745.2, -745.2, 1e4, -1e4, 1e-300, -1e-300, 36.7, -36.7, 1, -1}
	scales := []float64{0.5, 5, 50, 500}
	y := make([]float64, n)
	for i := range y {
		if rng.IntN(4) == 0 {
			y[i] = edges[rng.IntN(len(edges))]
		} else {
			y[i] = scales[rng.IntN(len(scales))] * rng.NormFloat64()
		}
	}
	return y
}

// TestSoftplusLanesSIMD: the AVX2 kernel gives the portable loop's sum bit
// for bit, for every length up to kern.SoftplusRun (so every tail of 0 to
// 3 terms after the groups of 4) and inputs with edge values. It fails on
// a kernel that rounds one operation differently (a fused multiply-add, a
// lane out of order, the clamp taken with another sign of zero that
// changes a bit).
func TestSoftplusLanesSIMD(t *testing.T) {
	was := kern.SetSIMD(true)
	on := kern.SetSIMD(was)
	if !on {
		t.Skip("no AVX2 on this processor: only the portable path runs")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for n := 0; n <= kern.SoftplusRun; n++ {
		for rep := 0; rep < 20; rep++ {
			y := softplusInputs(rng, n)
			sum := func(simd bool) float64 {
				defer kern.SetSIMD(kern.SetSIMD(simd))
				return kern.SoftplusLanes(y)
			}
			fast, loop := sum(true), sum(false)
			if math.Float64bits(fast) != math.Float64bits(loop) {
				t.Fatalf("n = %d: AVX2 %v (%#x), loop %v (%#x) for %v", n, fast, math.Float64bits(fast), loop, math.Float64bits(loop), y)
			}
			// The shifted form: a + x with x = y − a, so that a_j + x_j
			// rounds to values near y's, against SoftplusLanes of those sums.
			a := softplusInputs(rng, n)
			x := make([]float64, n)
			ax := make([]float64, n)
			for j := range x {
				x[j] = y[j] - a[j]
				ax[j] = a[j] + x[j]
			}
			shift := func(simd bool) float64 {
				defer kern.SetSIMD(kern.SetSIMD(simd))
				return kern.SoftplusLanesShift(a, x)
			}
			want := kern.SoftplusLanes(ax) // SIMD or not: the same bits, as checked above
			for _, simd := range []bool{true, false} {
				if got := shift(simd); math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("n = %d, simd %v: SoftplusLanesShift %v, SoftplusLanes of the sums %v", n, simd, got, want)
				}
			}
		}
	}
}

// TestSoftplusLanes compares the sum with Σ_j max(y_j, 0) + log1p(e^{−|y_j|})
// of math's functions. Each factor 1 + e^{−|y|} is within about 4 ulps of
// its value (ExpNeg's few ulps on e ≤ 1, one rounding of the addition),
// so a product of at most 128 of them is within 128·4·2⁻⁵³ ≈ 5.7·10⁻¹⁴
// relative and its logarithm within that absolutely; the linear parts,
// summed in 4 lanes, within 128·2⁻⁵³ relative of their sum, as is the
// reference's own sum. Hence the tolerance 10⁻¹³ + 3·10⁻¹⁴·|sum|, which
// an error of a single term of 10⁻¹² (a wrong polynomial coefficient, a
// table entry off by one) exceeds.
func TestSoftplusLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, simd := range []bool{true, false} {
		was := kern.SetSIMD(simd)
		for n := 0; n <= kern.SoftplusRun; n++ {
			for rep := 0; rep < 20; rep++ {
				y := softplusInputs(rng, n)
				var want float64
				for _, v := range y {
					want += max(v, 0) + math.Log1p(math.Exp(-math.Abs(v)))
				}
				got := kern.SoftplusLanes(y)
				if d := math.Abs(got - want); d > 1e-13+3e-14*math.Abs(want) {
					t.Fatalf("simd %v, n = %d: %v, want %v (difference %.3g)", simd, n, got, want, d)
				}
			}
		}
		kern.SetSIMD(was)
	}
}

// BenchmarkSoftplusLanes sums 128 values, with the AVX2 kernel and with
// the portable loop.
func BenchmarkSoftplusLanes(b *testing.B) {
	y := softplusInputs(rand.New(rand.NewPCG(1, 2)), kern.SoftplusRun)
	for _, simd := range []bool{true, false} {
		name := "loop"
		if simd {
			name = "avx2"
		}
		b.Run(name, func(b *testing.B) {
			defer kern.SetSIMD(kern.SetSIMD(simd))
			var s float64
			for b.Loop() {
				s += kern.SoftplusLanes(y)
			}
			sinkFloat = s
		})
	}
}

var sinkFloat float64
