package kern_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
)

// TestConvertBitForBit checks that Convert gives Go's conversion bit for
// bit in both directions, with and without the AVX2 kernels, on lengths
// that leave tails of 1 to 3 and on values that round, overflow float32
// (to ±Inf), fall below its normal range, are infinite or NaN.
func TestConvertBitForBit(t *testing.T) {
	defer kern.SetSIMD(true)
	rng := rand.New(rand.NewPCG(21, 22))
	special := []float64{0, math.Copysign(0, -1), 1e39, -1e39, 1e-40, -3e-45, 1e-50,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat32, 1 + 0x1p-24, 1 + 0x1p-24 + 0x1p-52}
	for _, n := range []int{0, 1, 3, 4, 5, 15, 16, 17, 100, 1003} {
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64() * math.Exp(10*rng.NormFloat64())
			if rng.IntN(10) == 0 {
				x[i] = special[rng.IntN(len(special))]
			}
		}
		for _, on := range []bool{false, true} {
			kern.SetSIMD(on)
			d32 := make([]float32, n)
			kern.Convert(d32, x)
			d64 := make([]float64, n)
			kern.Convert(d64, d32)
			for i := range x {
				if want := float32(x[i]); math.Float32bits(d32[i]) != math.Float32bits(want) {
					t.Fatalf("SIMD %v, n %d: float32(%v) = %v, want %v", on, n, x[i], d32[i], want)
				}
				if want := float64(d32[i]); math.Float64bits(d64[i]) != math.Float64bits(want) {
					t.Fatalf("SIMD %v, n %d: float64(%v) = %v, want %v", on, n, d32[i], d64[i], want)
				}
			}
		}
	}
}

// TestMomentum checks Momentum's step against the formula
// d = μ·v + ε·(g − λ·θ), v ← d, θ ← θ + d, t32 = fl32(θ), each operation
// rounded, bit for bit, in all four combinations of the gradient's
// precision and of t32, with and without the AVX2 kernels, on lengths
// that leave tails.
func TestMomentum(t *testing.T) {
	defer kern.SetSIMD(true)
	rng := rand.New(rand.NewPCG(23, 24))
	const rate, mom, wd = 0.013, 0.9, 0.0002
	for _, n := range []int{1, 3, 4, 7, 8, 1001} {
		th0, v0, g := make([]float64, n), make([]float64, n), make([]float64, n)
		g32 := make([]float32, n)
		for i := range th0 {
			th0[i], v0[i], g[i] = rng.NormFloat64(), 0.1*rng.NormFloat64(), rng.NormFloat64()
			g32[i] = float32(g[i])
		}
		for _, on := range []bool{false, true} {
			kern.SetSIMD(on)
			for _, use32 := range []bool{false, true} {
				for _, withT := range []bool{false, true} {
					th, v := append([]float64(nil), th0...), append([]float64(nil), v0...)
					var t32 []float32
					if withT {
						t32 = make([]float32, n)
					}
					gi := g
					if use32 {
						kern.Momentum(th, v, g32, t32, rate, mom, wd)
						gi = make([]float64, n)
						kern.SetSIMD(false)
						kern.Convert(gi, g32)
						kern.SetSIMD(on)
					} else {
						kern.Momentum(th, v, g, t32, rate, mom, wd)
					}
					for i := range th {
						a := mom * v0[i]
						b := wd * th0[i]
						c := gi[i] - b
						e := rate * c
						d := a + e
						x := th0[i] + d
						if math.Float64bits(v[i]) != math.Float64bits(d) || math.Float64bits(th[i]) != math.Float64bits(x) {
							t.Fatalf("SIMD %v, float32 gradient %v, t32 %v, n %d, element %d: v, θ = %v, %v, want %v, %v", on, use32, withT, n, i, v[i], th[i], d, x)
						}
						if withT && math.Float32bits(t32[i]) != math.Float32bits(float32(x)) {
							t.Fatalf("SIMD %v, float32 gradient %v, n %d, element %d: t32 = %v, want %v", on, use32, n, i, t32[i], float32(x))
						}
					}
				}
			}
		}
	}
}

// TestAddScaled checks AddScaled against dst_i + f·x_i, the product
// rounded before the sum, bit for bit, for both precisions of x, with and
// without the AVX2 kernels, on lengths that leave tails.
func TestAddScaled(t *testing.T) {
	defer kern.SetSIMD(true)
	rng := rand.New(rand.NewPCG(25, 26))
	for _, n := range []int{1, 3, 4, 7, 8, 9, 12, 500} {
		d0, x := make([]float64, n), make([]float64, n)
		x32 := make([]float32, n)
		for i := range d0 {
			d0[i], x[i] = rng.NormFloat64(), rng.NormFloat64()
			x32[i] = float32(x[i])
		}
		const f = 0.01
		for _, on := range []bool{false, true} {
			kern.SetSIMD(on)
			d64, d32 := append([]float64(nil), d0...), append([]float64(nil), d0...)
			kern.AddScaled(d64, f, x)
			kern.AddScaled(d32, f, x32)
			for i := range d0 {
				p64, p32 := f*x[i], f*float64(x32[i])
				if want := d0[i] + p64; math.Float64bits(d64[i]) != math.Float64bits(want) {
					t.Fatalf("SIMD %v, n %d, element %d: float64 %v, want %v", on, n, i, d64[i], want)
				}
				if want := d0[i] + p32; math.Float64bits(d32[i]) != math.Float64bits(want) {
					t.Fatalf("SIMD %v, n %d, element %d: float32 %v, want %v", on, n, i, d32[i], want)
				}
			}
		}
	}
}
