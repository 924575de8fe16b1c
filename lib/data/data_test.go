package data

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func rowKey(s *Set, i int) string {
	var b strings.Builder
	for _, x := range s.X.RawRowView(i) {
		if x == 1 {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

func TestBarsAndStripes(t *testing.T) {
	for d := 1; d <= 5; d++ {
		for _, dup := range []bool{true, false} {
			s, err := BarsAndStripes(d, dup)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(); err != nil {
				t.Fatal(err)
			}
			want := 1<<(d+1) - 2
			if dup {
				want += 2
			}
			if s.Len() != want || s.Dim() != d*d || s.Rows != d || s.Cols != d {
				t.Fatalf("d=%d dup=%v: %d×%d set, image %dx%d; want %d rows", d, dup, s.Len(), s.Dim(), s.Rows, s.Cols, want)
			}
			seen := map[string]int{}
			for i := 0; i < s.Len(); i++ {
				seen[rowKey(s, i)]++
				img := s.X.RawRowView(i)
				// Every pattern is constant along columns (bars) or rows
				// (stripes), as its label says.
				for r := 0; r < d; r++ {
					for c := 0; c < d; c++ {
						x := img[r*d+c]
						if x != 0 && x != 1 {
							t.Fatalf("non-binary pixel %v", x)
						}
						var ref float64
						if s.Labels[i] == 0 {
							ref = img[c] // bars: same as row 0
						} else {
							ref = img[r*d] // stripes: same as column 0
						}
						if x != ref {
							t.Fatalf("d=%d pattern %d (label %d) is neither bars nor stripes: %v", d, i, s.Labels[i], img)
						}
					}
				}
			}
			distinct := 1<<(d+1) - 2
			if d == 1 {
				distinct = 2 // bars and stripes of one pixel coincide
			}
			if d > 1 && len(seen) != distinct {
				t.Errorf("d=%d dup=%v: %d distinct patterns, want %d", d, dup, len(seen), distinct)
			}
			best, err := BestLogLikelihood(s)
			if err != nil {
				t.Fatal(err)
			}
			if d > 1 && !dup && math.Abs(best+math.Log(float64(distinct))) > 1e-12 {
				t.Errorf("d=%d: best log-likelihood %v, want -ln %d", d, best, distinct)
			}
		}
	}
	// The documented values: 3×3 with duplicates, 12 patterns of 1/16 and
	// 2 of 2/16.
	s, _ := BarsAndStripes(3, true)
	if MaxShiftingBar*MaxShiftingBar > MaxSetValues || (MaxShiftingBar+1)*(MaxShiftingBar+1) <= MaxSetValues {
		t.Errorf("MaxShiftingBar %d is not the largest n with n² ≤ MaxSetValues", MaxShiftingBar)
	}
	best, _ := BestLogLikelihood(s)
	want := 12.0/16*math.Log(1.0/16) + 2.0/8*math.Log(1.0/8)
	if math.Abs(best-want) > 1e-12 {
		t.Errorf("3×3 with duplicates: best %v, want %v", best, want)
	}
	for _, d := range []int{0, -1, MaxBarsAndStripes + 1} {
		if _, err := BarsAndStripes(d, true); err == nil {
			t.Errorf("BarsAndStripes(%d) accepted", d)
		}
	}
}

func TestShiftingBar(t *testing.T) {
	s, err := ShiftingBar(9, 3)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 9 || s.Dim() != 9 || s.Rows != 1 || s.Cols != 9 {
		t.Fatalf("shape %d×%d image %dx%d", s.Len(), s.Dim(), s.Rows, s.Cols)
	}
	if got := rowKey(s, 7); got != "100000011" {
		t.Errorf("shift 7 is %s, want 100000011 (wraps around)", got)
	}
	for i := 0; i < 9; i++ {
		var ones float64
		for _, x := range s.X.RawRowView(i) {
			ones += x
		}
		if ones != 3 {
			t.Errorf("row %d has %v ones", i, ones)
		}
	}
	best, _ := BestLogLikelihood(s)
	if math.Abs(best+math.Log(9)) > 1e-12 {
		t.Errorf("best %v, want -ln 9", best)
	}
	// MaxShiftingBar + 1 would make a set above MaxSetValues (1<<16 was
	// accepted and needed 32 GiB).
	for _, c := range [][2]int{{1, 1}, {9, 0}, {9, 9}, {9, -2}, {1 << 20, 1}, {1 << 16, 1}, {MaxShiftingBar + 1, 1}} {
		if _, err := ShiftingBar(c[0], c[1]); err == nil {
			t.Errorf("ShiftingBar(%d, %d) accepted", c[0], c[1])
		}
	}
}

func TestBinarize(t *testing.T) {
	s := &Set{Name: "grey", X: mat.NewDense(2, 3, []float64{0, 0.5, 1, 0.2, 0.7, 0.5}), Labels: []int{4, 5}}
	th, err := Threshold(s, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(th.X, mat.NewDense(2, 3, []float64{0, 0, 1, 0, 1, 0})) {
		t.Errorf("Threshold: %v", mat.Formatted(th.X))
	}
	if th.Labels[1] != 5 || s.X.At(0, 1) != 0.5 {
		t.Error("Threshold lost labels or changed its input")
	}
	a, err := Stochastic(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Stochastic(s, 1)
	if !mat.Equal(a.X, b.X) {
		t.Error("Stochastic with the same seed differs")
	}
	if a.X.At(0, 0) != 0 || a.X.At(0, 2) != 1 {
		t.Error("Stochastic: probabilities 0 and 1 not respected")
	}
	if _, err := Stochastic(&Set{X: mat.NewDense(1, 2, []float64{0, 1.5})}, 1); err == nil || !strings.Contains(err.Error(), "row 0, column 1") {
		t.Errorf("Stochastic of 1.5: %v", err)
	}
	if _, err := Threshold(nil, 0.5); err == nil {
		t.Error("Threshold(nil) accepted")
	}
}

// TestStochasticMean: over 20,000 draws of p = 0.3 the mean has standard
// deviation √(0.3·0.7/20000) ≈ 0.0032; 5σ = 0.016 fails by chance with
// probability below 1e-6 (and the seed is fixed).
func TestStochasticMean(t *testing.T) {
	x := mat.NewDense(200, 100, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = 0.3
	}
	b, err := Stochastic(&Set{X: x}, 7)
	if err != nil {
		t.Fatal(err)
	}
	var s float64
	for _, v := range b.X.RawMatrix().Data {
		s += v
	}
	if m := s / 20000; math.Abs(m-0.3) > 0.016 {
		t.Errorf("mean %v, want 0.3 ± 0.016", m)
	}
}

func TestBatcherReuse(t *testing.T) {
	s, _ := ShiftingBar(10, 2)
	b := NewBatcher(s, 4, 1)
	if b.BatchesPerEpoch() != 3 {
		t.Fatalf("BatchesPerEpoch %d", b.BatchesPerEpoch())
	}
	// Warm up one epoch, then no allocation at all.
	for i := 0; i < 3; i++ {
		b.Next()
	}
	allocs := testing.AllocsPerRun(30, func() { b.Next() })
	if allocs != 0 {
		t.Errorf("Next allocates %v times per call", allocs)
	}
	// Each epoch covers every row exactly once, sizes 4, 4, 2.
	b = NewBatcher(s, 4, 1)
	for e := 0; e < 3; e++ {
		seen := map[string]int{}
		for k, want := range []int{4, 4, 2} {
			x := b.Next()
			if r, _ := x.Dims(); r != want {
				t.Fatalf("epoch %d batch %d has %d rows, want %d", e, k, r, want)
			}
			for i := 0; i < want; i++ {
				var key strings.Builder
				for _, v := range x.RawRowView(i) {
					key.WriteByte('0' + byte(v))
				}
				seen[key.String()]++
			}
		}
		if len(seen) != 10 {
			t.Errorf("epoch %d saw %d distinct rows, want 10", e, len(seen))
		}
	}
	if b := NewBatcher(nil, 4, 1); b.Next() != nil || b.BatchesPerEpoch() != 0 {
		t.Error("batcher over nil set")
	}
}
