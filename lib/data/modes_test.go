package data

import (
	"math"
	"testing"
)

func TestArtificialModesBasis(t *testing.T) {
	b := ArtificialModesBasis()
	if r, c := b.Dims(); r != 4 || c != 16 {
		t.Fatalf("basis is %dx%d, want 4x16", r, c)
	}
	// The documented pixels: all 0, all 1, bottom half on, top half on.
	for i := 0; i < 16; i++ {
		want := [4]float64{0, 1, b2f(i >= 8), b2f(i < 8)}
		for m := 0; m < 4; m++ {
			if b.At(m, i) != want[m] {
				t.Errorf("mode %d pixel %d = %v, want %v", m, i, b.At(m, i), want[m])
			}
		}
	}
	// Far apart: every pair at Hamming distance ≥ 8, complements at 16.
	for m := 0; m < 4; m++ {
		for k := m + 1; k < 4; k++ {
			d := 0
			for i := 0; i < 16; i++ {
				if b.At(m, i) != b.At(k, i) {
					d++
				}
			}
			want := 8
			if k == m+1 && m%2 == 0 {
				want = 16
			}
			if d != want {
				t.Errorf("Hamming(mode %d, mode %d) = %d, want %d", m, k, d, want)
			}
		}
	}
	// A fresh matrix each call: changing one leaves the next intact.
	b.Set(0, 0, 5)
	if ArtificialModesBasis().At(0, 0) != 0 {
		t.Error("basis shared between calls")
	}
}

func TestArtificialModes(t *testing.T) {
	basis := ArtificialModesBasis()
	// pmut 0 gives the modes themselves, pmut 1 their complements.
	for _, p := range []float64{0, 1} {
		s, err := ArtificialModes(p, 9, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 9; k++ {
			if s.Labels[k] != k%4 {
				t.Fatalf("label %d = %d, want %d", k, s.Labels[k], k%4)
			}
			for i := 0; i < 16; i++ {
				want := basis.At(k%4, i)
				if p == 1 {
					want = 1 - want
				}
				if s.X.At(k, i) != want {
					t.Fatalf("pmut %v: example %d pixel %d = %v, want %v", p, k, i, s.X.At(k, i), want)
				}
			}
		}
	}

	// The flip frequency. With n = 10,000 examples of 16 pixels the number
	// of flipped pixels F is Binomial(N = 160,000, p); its standard
	// deviation is sqrt(N p (1-p)) = 120 for p = 0.1 and 39.8 for p = 0.01.
	// A deviation of more than 5 standard deviations has probability below
	// 6e-7 under a correct sampler (normal approximation, N p ≥ 1600), and
	// with the fixed seed the test is deterministic. The same bound is
	// checked per mode (N = 40,000: sd 60 and 19.9).
	for _, p := range []float64{0.01, 0.1} {
		s, err := ArtificialModes(p, 10000, 42)
		if err != nil {
			t.Fatal(err)
		}
		if s.Rows != 4 || s.Cols != 4 || s.Len() != 10000 || s.Dim() != 16 {
			t.Fatalf("shape %dx%d image %dx%d", s.Len(), s.Dim(), s.Rows, s.Cols)
		}
		var flips [4]int
		nearest := 0
		for k := 0; k < s.Len(); k++ {
			m := s.Labels[k]
			best, bestD := -1, 17
			for c := 0; c < 4; c++ {
				d := 0
				for i := 0; i < 16; i++ {
					x := s.X.At(k, i)
					if x != 0 && x != 1 {
						t.Fatalf("value %v at (%d, %d)", x, k, i)
					}
					if x != basis.At(c, i) {
						d++
					}
				}
				if c == m {
					flips[m] += d
				}
				if d < bestD {
					best, bestD = c, d
				}
			}
			if best == m {
				nearest++
			}
		}
		total := flips[0] + flips[1] + flips[2] + flips[3]
		sd := math.Sqrt(160000 * p * (1 - p))
		if dev := math.Abs(float64(total) - 160000*p); dev > 5*sd {
			t.Errorf("pmut %v: %d flips, want %v ± %.0f", p, total, 160000*p, 5*sd)
		}
		for m, f := range flips {
			if dev := math.Abs(float64(f) - 40000*p); dev > 5*sd/2 {
				t.Errorf("pmut %v: mode %d has %d flips, want %v ± %.0f", p, m, f, 40000*p, 5*sd/2)
			}
		}
		// Most examples stay nearest to their own mode: it takes ≥ 4 flips
		// to tie with or pass another mode (distance 8), and
		// P(Binomial(16, p) ≥ 4) = 0.068 at p = 0.1 and 1.7e-5 at p = 0.01.
		// So at most 680 ± 25 (sd) examples of 10,000 may leave at 0.1 and
		// 0.17 at 0.01; fewer than 9,000 (resp. 9,990) staying is many
		// standard deviations out.
		if min := map[float64]int{0.01: 9990, 0.1: 9000}[p]; nearest < min {
			t.Errorf("pmut %v: %d examples nearest their mode, want ≥ %d", p, nearest, min)
		}
	}

	// Same seed, same set; another seed, another set.
	a, _ := ArtificialModes(0.1, 100, 3)
	b, _ := ArtificialModes(0.1, 100, 3)
	c, _ := ArtificialModes(0.1, 100, 4)
	same, other := true, true
	for i, x := range a.X.RawMatrix().Data {
		same = same && x == b.X.RawMatrix().Data[i]
		other = other && x == c.X.RawMatrix().Data[i]
	}
	if !same || other {
		t.Errorf("seeding: same seed equal %v, other seed equal %v", same, other)
	}
}

func TestArtificialModesBad(t *testing.T) {
	for _, c := range []struct {
		p float64
		n int
	}{{-0.1, 10}, {1.5, 10}, {math.NaN(), 10}, {0.1, 0}, {0.1, -3}, {0.1, MaxArtificialModes + 1}} {
		if s, err := ArtificialModes(c.p, c.n, 1); err == nil || s != nil {
			t.Errorf("ArtificialModes(%v, %d): no error", c.p, c.n)
		}
	}
}

// BenchmarkArtificialModes makes the papers' 10,000 examples at pmut 0.1.
func BenchmarkArtificialModes(b *testing.B) {
	for b.Loop() {
		if _, err := ArtificialModes(0.1, 10000, 1); err != nil {
			b.Fatal(err)
		}
	}
}
