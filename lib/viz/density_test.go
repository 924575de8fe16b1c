package viz

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// TestDensity checks the grid geometry (cell centres), that the heat map
// holds exp(z − max z) with range [0, 1] (peak 1 at the largest z, 0 for
// −∞), that the points are kept, and that the plot renders.
func TestDensity(t *testing.T) {
	g := &Grid{X0: -2, X1: 2, Y0: -1, Y1: 1, Cols: 4, Rows: 2}
	pts, err := GridPoints(g)
	if err != nil {
		t.Fatal(err)
	}
	// Column centres −1.5, −0.5, 0.5, 1.5; row centres −0.5, 0.5 (row 0 at the bottom).
	if pts.At(0, 0) != -1.5 || pts.At(0, 1) != -0.5 || pts.At(7, 0) != 1.5 || pts.At(7, 1) != 0.5 {
		t.Errorf("grid points %v", mat.Formatted(pts))
	}
	// log p = −x²/2 − y²/2 + 7 (unnormalised), one cell at −∞.
	g.Z = make([]float64, 8)
	for k := range g.Z {
		x, y := pts.At(k, 0), pts.At(k, 1)
		g.Z[k] = -0.5*(x*x+y*y) + 7
	}
	g.Z[3] = math.Inf(-1)
	pm := mat.NewDense(2, 2, []float64{0, 0, 1, math.NaN()})
	h, s, err := densityParts(g, pm, color.White)
	if err != nil {
		t.Fatal(err)
	}
	if s == nil {
		t.Fatal("scatter missing")
	}
	p, err := Density("N(0, I)", g, pm, color.White)
	if err != nil {
		t.Fatal(err)
	}
	if h.Min != 0 || h.Max != 1 {
		t.Errorf("heat map range [%v, %v], want [0, 1]", h.Min, h.Max)
	}
	// Cells (1, 0) and (2, 0), ..., all at x² + y² = 0.5: the peak, 1.
	if z := h.GridXYZ.Z(1, 0); math.Abs(z-1) > 1e-15 {
		t.Errorf("peak cell %v, want 1", z)
	}
	if z, want := h.GridXYZ.Z(0, 0), math.Exp(-0.5*(2.25+0.25)+0.5*0.5); math.Abs(z-want) > 1e-15 {
		t.Errorf("corner cell %v, want %v", z, want)
	}
	if z := h.GridXYZ.Z(3, 0); z != 0 {
		t.Errorf("−∞ cell %v, want 0", z)
	}
	if len(s.XYs) != 1 {
		t.Errorf("%d points kept, want 1 (the NaN one dropped)", len(s.XYs))
	}
	if p.X.Min != -2 || p.Y.Max != 1 {
		t.Errorf("axes [%v, %v] × [%v, %v], want the grid's rectangle", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	if n := render(t, p); n < 1000 {
		t.Errorf("PNG of %d bytes", n)
	}
	img, err := Row([]*plot.Plot{p, p, p}, 2*vg.Inch, 2*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 2*b.Dy() {
		t.Errorf("row of three square plots is %d×%d", b.Dx(), b.Dy())
	}
}

// TestDensityBadInput checks the errors.
func TestDensityBadInput(t *testing.T) {
	good := func() *Grid { return &Grid{X0: 0, X1: 1, Y0: 0, Y1: 1, Cols: 2, Rows: 1, Z: []float64{0, 1}} }
	for _, tc := range []struct {
		name string
		g    *Grid
		pts  mat.Matrix
		want string
	}{
		{"nil grid", nil, nil, "nil grid"},
		{"no cells", &Grid{X1: 1, Y1: 1}, nil, "0×0 cells"},
		{"empty rectangle", &Grid{X0: 1, X1: 1, Y1: 1, Cols: 1, Rows: 1, Z: []float64{0}}, nil, "empty or not finite"},
		{"short Z", &Grid{X1: 1, Y1: 1, Cols: 2, Rows: 2, Z: []float64{0}}, nil, "1 values, want 2×2 = 4"},
		{"NaN", func() *Grid { g := good(); g.Z[1] = math.NaN(); return g }(), nil, "NaN at grid value 1"},
		{"all zero density", func() *Grid { g := good(); g.Z[0], g.Z[1] = math.Inf(-1), math.Inf(-1); return g }(), nil, "0 everywhere"},
		{"points", good(), mat.NewDense(1, 3, nil), "3 columns"},
	} {
		_, err := Density("", tc.g, tc.pts, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := GridPoints(&Grid{Cols: 1, Rows: 1}); err == nil {
		t.Error("GridPoints of an empty rectangle: no error")
	}
	if _, err := Row(nil, vg.Inch, vg.Inch); err == nil {
		t.Error("Row of no plots: no error")
	}
	if _, err := Row([]*plot.Plot{nil}, vg.Inch, vg.Inch); err == nil {
		t.Error("Row of a nil plot: no error")
	}
}

// TestDensityScale draws the colour scale and checks its colours: the
// bottom of the bar is black (p = 0) and the top white (p = 1), as in
// Density's heat maps.
func TestDensityScale(t *testing.T) {
	p := DensityScale("p / max p")
	if p.Y.Label.Text != "p / max p" || p.Y.Min != 0 || p.Y.Max != 1 {
		t.Fatalf("axis %q [%v, %v]", p.Y.Label.Text, p.Y.Min, p.Y.Max)
	}
	img, err := Row([]*plot.Plot{p}, vg.Inch, 2*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	// The bar fills the plot area: its right part, clear of the axis, at
	// a fifth of the height from the top and from the bottom.
	x := b.Max.X - b.Dx()/4
	lum := func(y int) float64 {
		r, g, bl, _ := img.At(x, y).RGBA()
		return float64(r+g+bl) / 3 / 0xffff
	}
	if lo, hi := lum(b.Max.Y-b.Dy()/5), lum(b.Min.Y+b.Dy()/5); !(hi > lo+0.3) || lo > 0.5 {
		t.Errorf("bar brightness %.2f near the top, %.2f near the bottom: want dark at the bottom and much brighter at the top", hi, lo)
	}
}
