package data

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// MaxBarsAndStripes is the largest side D accepted by BarsAndStripes:
// 2^(D+1) patterns of D² pixels, 2^13 = 8192 patterns of 144 pixels at 12.
const MaxBarsAndStripes = 12

// BarsAndStripes returns the Bars and Stripes patterns of side d: d×d
// binary images in which either a subset of the columns is on (bars,
// label 0) or a subset of the rows is on (stripes, label 1). There are
// 2^d of each, 2^(d+1) in all, in which the all-0 and all-1 images appear
// twice (once as bars, once as stripes). With keepDuplicates they are all
// returned; without, the second copies are dropped, leaving 2^(d+1)-2
// distinct patterns (14 for d = 3, 30 for d = 4). Bars come first, in the
// order of the column subset's index (bit j set: column j on), then
// stripes likewise. Pixel (r, c) is column r·d+c. It returns an error for
// d < 1 or d > MaxBarsAndStripes.
func BarsAndStripes(d int, keepDuplicates bool) (*Set, error) {
	if d < 1 || d > MaxBarsAndStripes {
		return nil, fmt.Errorf("data: BarsAndStripes: side %d out of range 1…%d", d, MaxBarsAndStripes)
	}
	n := 1 << d
	var rows []float64
	var labels []int
	for stripes := 0; stripes < 2; stripes++ {
		for sub := 0; sub < n; sub++ {
			if stripes == 1 && !keepDuplicates && (sub == 0 || sub == n-1) {
				continue
			}
			for r := 0; r < d; r++ {
				for c := 0; c < d; c++ {
					line := c // bars: column c on
					if stripes == 1 {
						line = r
					}
					rows = append(rows, float64(sub>>line&1))
				}
			}
			labels = append(labels, stripes)
		}
	}
	name := fmt.Sprintf("bars-and-stripes-%dx%d", d, d)
	if keepDuplicates {
		name += "-dup"
	}
	return &Set{Name: name, X: mat.NewDense(len(labels), d*d, rows), Labels: labels, Rows: d, Cols: d}, nil
}

// MaxShiftingBar is the longest row ShiftingBar makes: 11585, the largest n
// with n·n ≤ MaxSetValues (its n examples have n units each).
const MaxShiftingBar = 11585

// ShiftingBar returns the n cyclic shifts of a bar of b ones in a row of n
// pixels: example k (label k) has x_i = 1 for i ∈ {k, k+1, …, k+b-1} mod n,
// else 0. The n patterns are distinct, so the best mean log-likelihood is
// -ln n. The image shape is 1×n. It returns an error unless 1 ≤ b < n and
// 2 ≤ n ≤ MaxShiftingBar.
func ShiftingBar(n, b int) (*Set, error) {
	if n < 2 || n > MaxShiftingBar {
		return nil, fmt.Errorf("data: ShiftingBar: length %d out of range 2…%d (MaxShiftingBar: the n×n set has at most MaxSetValues values)", n, MaxShiftingBar)
	}
	if b < 1 || b >= n {
		return nil, fmt.Errorf("data: ShiftingBar: bar width %d out of range 1…%d (length %d)", b, n-1, n)
	}
	x := mat.NewDense(n, n, nil)
	labels := make([]int, n)
	for k := 0; k < n; k++ {
		for i := 0; i < b; i++ {
			x.Set(k, (k+i)%n, 1)
		}
		labels[k] = k
	}
	return &Set{Name: fmt.Sprintf("shifting-bar-%d-%d", n, b), X: x, Labels: labels, Rows: 1, Cols: n}, nil
}

// BestLogLikelihood returns the largest mean log-likelihood any model can
// give the rows of s, reached by their empirical distribution p̂:
//
//	ℓ* = (1/N) Σ_n ln p̂(x_n) = Σ_x p̂(x) ln p̂(x),
//
// p̂(x) being the fraction of rows equal to x. For K distinct rows it is
// -ln K; duplicates raise it (Bars and Stripes 3×3: -ln 14 ≈ -2.64
// without duplicates, ≈ -2.60 with). It returns an error for an invalid set
// (see Validate).
func BestLogLikelihood(s *Set) (float64, error) {
	if err := s.Validate(); err != nil {
		return 0, fmt.Errorf("data: BestLogLikelihood: %w", err)
	}
	counts := make(map[string]int)
	key := make([]byte, 0, 8*s.Dim())
	for i := 0; i < s.Len(); i++ {
		key = key[:0]
		for _, x := range s.X.RawRowView(i) {
			b := math.Float64bits(x + 0) // +0 folds -0 into 0
			key = append(key, byte(b), byte(b>>8), byte(b>>16), byte(b>>24), byte(b>>32), byte(b>>40), byte(b>>48), byte(b>>56))
		}
		counts[string(key)]++
	}
	n := float64(s.Len())
	var ll float64
	for _, c := range counts {
		p := float64(c) / n
		ll += p * math.Log(p)
	}
	return ll, nil
}

// Threshold returns a binarised copy of s: x ← 1 if x > t, else 0. Labels
// and the image shape are kept. It returns an error for an invalid set.
func Threshold(s *Set, t float64) (*Set, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("data: Threshold: %w", err)
	}
	if math.IsNaN(t) {
		return nil, fmt.Errorf("data: Threshold: threshold is NaN")
	}
	out := s.copyShape("-thr")
	dst, src := out.X.RawMatrix().Data, mat.DenseCopyOf(s.X).RawMatrix().Data
	for i, x := range src {
		if x > t {
			dst[i] = 1
		}
	}
	return out, nil
}

// Stochastic returns a stochastically binarised copy of s: each x, which
// must lie in [0, 1], becomes 1 with probability x and 0 otherwise, drawn
// from a source seeded with seed (the same seed gives the same set).
// Labels and the image shape are kept. It returns an error for an invalid
// set or a value outside [0, 1] (naming its row and column).
func Stochastic(s *Set, seed uint64) (*Set, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("data: Stochastic: %w", err)
	}
	out := s.copyShape("-bin")
	rng := rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d))
	c := s.Dim()
	src := mat.DenseCopyOf(s.X).RawMatrix().Data
	dst := out.X.RawMatrix().Data
	for i, x := range src {
		if x < 0 || x > 1 {
			return nil, fmt.Errorf("data: Stochastic: set %q has %v at row %d, column %d, outside [0, 1]", s.Name, x, i/c, i%c)
		}
		if rng.Float64() < x {
			dst[i] = 1
		}
	}
	return out, nil
}

// copyShape returns a set with s's shape, labels (copied) and image shape,
// and zero values.
func (s *Set) copyShape(suffix string) *Set {
	out := &Set{Name: s.Name + suffix, X: mat.NewDense(s.Len(), s.Dim(), nil), Rows: s.Rows, Cols: s.Cols}
	if s.Labels != nil {
		out.Labels = append([]int(nil), s.Labels...)
	}
	return out
}
