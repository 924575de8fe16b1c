package kern_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestFlipBernoulliSIMD checks FlipBernoulli's AVX2 kernel against its
// portable loop, bit for bit, on rows of every length from 1 to 40 (the
// kernel's groups of 4 and the loop's remainder) and on a long row that
// spans chunks, with q at the edges (0, ½ and its neighbours, 1, tiny) and
// at random (in float32 also ½'s float32 neighbours), and states 0, 1 and
// a value other than 0 (taken as 1), in both precisions.
func TestFlipBernoulliSIMD(t *testing.T) {
	t.Run("float64", testFlipBernoulliSIMD[float64])
	t.Run("float32", testFlipBernoulliSIMD[float32])
}

func testFlipBernoulliSIMD[T kern.Float](t *testing.T) {
	edges := []float64{0, 1, 0.5, math.Nextafter(0.5, 0), math.Nextafter(0.5, 1), 1e-300, math.Nextafter(1, 0), 0.25, 0.75,
		float64(math.Nextafter32(0.5, 0)), float64(math.Nextafter32(0.5, 1)), float64(math.Nextafter32(1, 0)), 1e-30}
	rng := rand.New(rand.NewPCG(7, 8))
	lengths := []int{1000}
	for n := 1; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		p := make([]T, n)
		s := make([]T, n)
		for i := range p {
			if rng.IntN(4) == 0 {
				p[i] = T(edges[rng.IntN(len(edges))])
			} else {
				p[i] = T(rbm.Sigmoid(6 * rng.NormFloat64()))
			}
			s[i] = T([]float64{0, 1, 0.3}[rng.IntN(3)])
		}
		run := func(simd bool) []T {
			defer kern.SetSIMD(kern.SetSIMD(simd))
			out := append([]T(nil), s...)
			src := rand.NewPCG(uint64(n), 9)
			u := kern.NewUniforms[T](src)
			kern.FlipBernoulli(p, out, 1, &u, make([]T, 256))
			return out
		}
		fast, loop := run(true), run(false)
		// The rule, one element at a time, as the sampler's reference.
		src := rand.NewPCG(uint64(n), 9)
		u := kern.NewUniforms[T](src)
		for i := range p {
			want := T(0)
			if u.Next() < T(kern.FlipProb(float64(s[i]), float64(p[i]))) {
				want = 1
			}
			if fast[i] != want || loop[i] != want {
				t.Fatalf("n = %d, element %d (q = %v, s = %v): AVX2 %v, loop %v, rule %v", n, i, p[i], s[i], fast[i], loop[i], want)
			}
		}
	}
}
