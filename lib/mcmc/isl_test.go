package mcmc

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// barsAndStripes3 returns the 14 distinct 3×3 bars-and-stripes patterns
// (every subset of rows on, or every subset of columns on; the empty and
// full patterns counted once).
func barsAndStripes3() *mat.Dense {
	seen := map[[9]float64]bool{}
	var rows []float64
	for mask := 0; mask < 8; mask++ {
		for _, horizontal := range []bool{true, false} {
			var p [9]float64
			for r := 0; r < 3; r++ {
				for c := 0; c < 3; c++ {
					line := c
					if horizontal {
						line = r
					}
					p[3*r+c] = float64(mask >> line & 1)
				}
			}
			if !seen[p] {
				seen[p] = true
				rows = append(rows, p[:]...)
			}
		}
	}
	return mat.NewDense(len(rows)/9, 9, rows)
}

// TestISLMaximum checks the bound that makes ISL a mixing measure: for a
// test set of N distinct binary patterns, no density, and so no Parzen
// density of N samples, has a mean log-likelihood above the empirical
// distribution's −log N (Gibbs' inequality). With the samples equal to the
// test set (and the width chosen on it) ISL reaches that maximum up to the
// kernel's own loss: −log N + D·log β ≤ ISL ≤ −log N, with β = 0.999 the
// largest default width. A sample set that misses one pattern (a
// duplicate in its place) falls clearly below.
func TestISLMaximum(t *testing.T) {
	x := barsAndStripes3()
	n, d := x.Dims()
	if n != 14 {
		t.Fatalf("%d bars-and-stripes patterns, want 14", n)
	}
	curve, err := ISL(context.Background(), x, x, x, &ISLSettings{Binary: true})
	if err != nil {
		t.Fatal(err)
	}
	last := len(curve.Sizes) - 1
	got, w := curve.LogLik[last], curve.Width[last]
	lo, hi := -math.Log(14)+float64(d)*math.Log(0.999), -math.Log(14)
	t.Logf("ISL_14 = %.5f with β = %v; bounds [%.5f, %.5f]", got, w, lo, hi)
	if got < lo-1e-12 || got > hi+1e-12 {
		t.Errorf("ISL_14 = %v outside [%v, %v]", got, lo, hi)
	}
	if w != 0.999 {
		t.Errorf("chosen width %v, want the sharpest 0.999", w)
	}
	miss := mat.DenseCopyOf(x)
	miss.SetRow(13, x.RawRowView(0))
	other, err := ISL(context.Background(), miss, x, x, &ISLSettings{Binary: true})
	if err != nil {
		t.Fatal(err)
	}
	if o := other.LogLik[len(other.LogLik)-1]; o > got-0.1 {
		t.Errorf("ISL with a pattern missing = %v, not clearly below %v", o, got)
	}
	// The curve is evaluated at 1, 2, 5, 10, 14.
	if want := []int{1, 2, 5, 10, 14}; len(curve.Sizes) != len(want) || curve.Sizes[2] != 5 {
		t.Errorf("sizes %v, want %v", curve.Sizes, want)
	}
}

// TestParzenDirect checks ParzenLogLikelihood against the kernels written
// out, for both kernels, with more samples than one chunk.
func TestParzenDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const ns, nt, d = 300, 7, 5
	s, x := mat.NewDense(ns, d, nil), mat.NewDense(nt, d, nil)
	for _, binary := range []bool{true, false} {
		for _, m := range []*mat.Dense{s, x} {
			for i := range m.RawMatrix().Data {
				if binary {
					m.RawMatrix().Data[i] = float64(rng.IntN(2))
				} else {
					m.RawMatrix().Data[i] = rng.NormFloat64()
				}
			}
		}
		width := 0.8
		if !binary {
			width = 0.7
		}
		got, err := ParzenLogLikelihood(s, x, binary, width)
		if err != nil {
			t.Fatal(err)
		}
		var want float64
		for i := 0; i < nt; i++ {
			var p float64
			for k := 0; k < ns; k++ {
				var lk float64
				for j := 0; j < d; j++ {
					a, b := x.At(i, j), s.At(k, j)
					if binary {
						if a == b {
							lk += math.Log(width)
						} else {
							lk += math.Log(1 - width)
						}
					} else {
						lk += -(a-b)*(a-b)/(2*width*width) - 0.5*math.Log(2*math.Pi*width*width)
					}
				}
				p += math.Exp(lk) / ns
			}
			want += math.Log(p) / nt
		}
		if math.Abs(got-want) > 1e-10 {
			t.Errorf("binary %v: Parzen log-likelihood %v, want %v", binary, got, want)
		}
	}
}

// TestISLGaussian checks that for real data the curve rises with N and
// picks a width from the default grid, and that cancellation stops it.
func TestISLGaussian(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	gen := func(n int) *mat.Dense {
		m := mat.NewDense(n, 2, nil)
		for i := 0; i < n; i++ {
			c := float64(rng.IntN(2)*6 - 3) // modes at ±3
			m.Set(i, 0, c+0.5*rng.NormFloat64())
			m.Set(i, 1, 0.5*rng.NormFloat64())
		}
		return m
	}
	samples, test, valid := gen(1000), gen(300), gen(300)
	curve, err := ISL(context.Background(), samples, test, valid, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("sizes %v: ISL %.3f, widths %.3f", curve.Sizes, curve.LogLik, curve.Width)
	if first, last := curve.LogLik[0], curve.LogLik[len(curve.LogLik)-1]; !(last > first+1) {
		t.Errorf("ISL does not rise: %v → %v", first, last)
	}
	// The mixture ½N((±3, 0), 0.25 I) has (its modes barely overlap)
	// differential entropy log 2 + log(2πe·0.25) = 2.145 nats, so the true
	// density's mean log-likelihood on 300 test points is −2.145 with
	// standard deviation sqrt(var(log p)/300) ≈ sqrt(1/300) = 0.058 (in 2-D
	// var(log p) = d/2 = 1 within a mode). A Parzen estimate of 1000
	// samples lies below the truth in expectation, but not by much: we
	// require −2.6 ≤ ISL ≤ −2.145 + 4·0.058 = −1.91.
	if last := curve.LogLik[len(curve.LogLik)-1]; last > -1.91 || last < -2.6 {
		t.Errorf("ISL_1000 = %v, want in [−2.6, −1.91]", last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ISL(ctx, samples, test, valid, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestISLBadInput checks the errors.
func TestISLBadInput(t *testing.T) {
	x := barsAndStripes3()
	bg := context.Background()
	for i, f := range []func() error{
		func() error { _, err := ISL(bg, x, mat.NewDense(2, 3, nil), x, nil); return err },
		func() error { _, err := ISL(bg, nil, x, x, nil); return err },
		func() error { _, err := ISL(bg, x, x, x, &ISLSettings{Binary: true, Widths: []float64{1}}); return err },
		func() error { _, err := ISL(bg, x, x, x, &ISLSettings{Widths: []float64{-1}}); return err },
		func() error { _, err := ISL(bg, x, x, x, &ISLSettings{Sizes: []int{5, 3}}); return err },
		func() error { _, err := ISL(bg, x, x, x, &ISLSettings{Sizes: []int{20}}); return err },
		func() error { _, err := ParzenLogLikelihood(x, x, true, 0.4); return err },
		func() error {
			_, err := ParzenLogLikelihood(x, mat.NewDense(1, 9, []float64{math.NaN(), 0, 0, 0, 0, 0, 0, 0, 0}), false, 1)
			return err
		},
	} {
		if f() == nil {
			t.Errorf("case %d: no error", i)
		}
	}
}

// TestISLBinaryDirect checks the binary ISL curve, which keeps counts of
// samples by Hamming distance, against log-likelihoods summed kernel by
// kernel (log-sum-exp over the samples, per point and width) at every
// size of the default grid: 700 samples (three chunks) of 100 units, the
// sizes falling inside chunks, every default width, test and validation
// values and the chosen widths. Agreement to 1e-9 nats: the two differ by
// rounding only, while a count put at the wrong distance moves a point's
// log-likelihood by at least |log β − log(1 − β)|/N ≥ 3·10⁻⁴ at N = 700.
func TestISLBinaryDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const ns, d = 700, 100
	proto := make([]float64, d) // samples and points scatter around one pattern
	for j := range proto {
		proto[j] = float64(rng.IntN(2))
	}
	set := func(n int, flip float64) *mat.Dense {
		m := mat.NewDense(n, d, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < d; j++ {
				v := proto[j]
				if rng.Float64() < flip {
					v = 1 - v
				}
				m.Set(i, j, v)
			}
		}
		return m
	}
	samples, test, valid := set(ns, 0.3), set(20, 0.25), set(15, 0.25)
	curve, err := ISL(context.Background(), samples, test, valid, &ISLSettings{Binary: true})
	if err != nil {
		t.Fatal(err)
	}
	widths := defaultWidths(samples, true)
	direct := func(x *mat.Dense, n int, beta float64) float64 {
		r, _ := x.Dims()
		var mean float64
		for i := 0; i < r; i++ {
			ls := make([]float64, n)
			mx := math.Inf(-1)
			for k := 0; k < n; k++ {
				for j := 0; j < d; j++ {
					if x.At(i, j) == samples.At(k, j) {
						ls[k] += math.Log(beta)
					} else {
						ls[k] += math.Log(1 - beta)
					}
				}
				mx = math.Max(mx, ls[k])
			}
			var s float64
			for _, l := range ls {
				s += math.Exp(l - mx)
			}
			mean += (mx + math.Log(s/float64(n))) / float64(r)
		}
		return mean
	}
	for i, n := range curve.Sizes {
		best, bestV := 0, math.Inf(-1)
		for w, beta := range widths {
			if v := direct(valid, n, beta); v > bestV {
				best, bestV = w, v
			}
		}
		wantT := direct(test, n, widths[best])
		if curve.Width[i] != widths[best] || math.Abs(curve.ValidLogLik[i]-bestV) > 1e-9 || math.Abs(curve.LogLik[i]-wantT) > 1e-9 {
			t.Errorf("N = %d: width %v, validation %v, test %v; want %v, %v, %v",
				n, curve.Width[i], curve.ValidLogLik[i], curve.LogLik[i], widths[best], bestV, wantT)
		}
	}
}

// BenchmarkISLMNIST measures the ISL curve of 10,000 binary samples of
// 784 units on 1,000 test and 1,000 validation points with the default
// widths and sizes, the shape of notebook 02's measurements.
func BenchmarkISLMNIST(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	fill := func(n int) *mat.Dense {
		m := mat.NewDense(n, 784, nil)
		for i := range m.RawMatrix().Data {
			m.RawMatrix().Data[i] = b2f(rng.Float64() < 0.15)
		}
		return m
	}
	samples, test, valid := fill(10000), fill(1000), fill(1000)
	for b.Loop() {
		if _, err := ISL(context.Background(), samples, test, valid, &ISLSettings{Binary: true}); err != nil {
			b.Fatal(err)
		}
	}
}
