package show

import (
	"math"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	s := Of([]float64{1, 2, 3, 4, math.NaN(), math.Inf(1)})
	if s.N != 4 || s.NaN != 2 || s.Mean != 2.5 || s.Min != 1 || s.Max != 4 {
		t.Errorf("Of = %+v, want N 4, NaN 2, mean 2.5, min 1, max 4", s)
	}
	if want := math.Sqrt(1.25); math.Abs(s.Std-want) > 1e-15 {
		t.Errorf("Std = %v, want %v (population)", s.Std, want)
	}
	if got := strings.Join(s.Row(), "|"); got != "2.5|1.118|1|4|2 not finite" {
		t.Errorf("Row = %q", got)
	}
	e := Of(nil)
	if e.N != 0 || !math.IsNaN(e.Mean) || !math.IsNaN(e.Max) {
		t.Errorf("Of(nil) = %+v, want NaN statistics", e)
	}
}

func TestNumCount(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{{0, "0"}, {math.Copysign(0, -1), "0"}, {0.010034, "0.01003"}, {-6.23838, "-6.238"}, {1.5e-5, "1.5e-05"}, {1234, "1234"}, {12345, "1.234e+04"}, {math.NaN(), "NaN"}} {
		if got := Num(c.x); got != c.want {
			t.Errorf("Num(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {393284, "393,284"}, {-1234567, "-1,234,567"}} {
		if got := Count(c.n); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestTable(t *testing.T) {
	got := Table([]string{"name", "n"}, [][]string{{"μ", "1"}, {"weights", "1,000"}})
	want := "name         n\nμ            1\nweights  1,000"
	if got != want {
		t.Errorf("Table =\n%s\nwant\n%s", got, want)
	}
	if got := Table(nil, [][]string{{"a", "b"}, {"", "c"}}); got != "a  b\n   c" {
		t.Errorf("Table without header = %q", got)
	}
}

func TestSquareSide(t *testing.T) {
	for n, want := range map[int]int{784: 28, 9: 3, 16: 4, 4: 0, 1: 0, 0: 0, 10: 0, 785: 0} {
		k, ok := SquareSide(n)
		if k != want || ok != (want > 0) {
			t.Errorf("SquareSide(%d) = %d, %v; want %d", n, k, ok, want)
		}
	}
}

func TestGrid(t *testing.T) {
	// Two 1×2 tiles, scale 2: tile 0 normalised from [-1, 3] (black,
	// white), tile 1 constant (mid-grey).
	vals := [][]float64{{-1, 3}, {5, 5}}
	img := Grid(2, 1, 2, 2, true, func(k int, dst []float64) { copy(dst, vals[k]) })
	if b := img.Bounds(); b.Dx() != 2*(4+1)+1 || b.Dy() != 2+2 {
		t.Fatalf("bounds %v, want 11×4", b)
	}
	for _, c := range []struct {
		x, y int
		want uint8
	}{{0, 0, 128}, {1, 1, 0}, {2, 2, 0}, {3, 1, 255}, {4, 2, 255}, {5, 1, 128}, {6, 1, 128}, {9, 2, 128}} {
		if got := img.ColorIndexAt(c.x, c.y); got != c.want {
			t.Errorf("pixel (%d, %d) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
	// Intensities: clamped to [0, 1]; twelve tiles wrap after ten.
	img = Grid(12, 1, 1, 1, false, func(k int, dst []float64) { dst[0] = float64(k) - 0.5 })
	if b := img.Bounds(); b.Dx() != 21 || b.Dy() != 5 {
		t.Fatalf("bounds %v, want 21×5", b)
	}
	if got := img.ColorIndexAt(1, 1); got != 0 {
		t.Errorf("-0.5 drawn as %d, want 0", got)
	}
	if got := img.ColorIndexAt(3, 1); got != 128 {
		t.Errorf("0.5 drawn as %d, want 128", got)
	}
	if got := img.ColorIndexAt(3, 3); got != 255 {
		t.Errorf("tile 11 (10.5) drawn as %d, want 255", got)
	}
	if Scale(28, 28) != 1 || Scale(3, 3) != 8 || Scale(4, 4) != 6 || Scale(1, 9) != 3 {
		t.Errorf("Scale: 28→%d 3→%d 4→%d 1×9→%d, want 1 8 6 3", Scale(28, 28), Scale(3, 3), Scale(4, 4), Scale(1, 9))
	}
}
