package viz

import (
	"bytes"
	"image"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestQuantile checks the interpolated quantiles on known data.
func TestQuantile(t *testing.T) {
	xs := []float64{4, 1, 3, 2, math.NaN()}
	for _, tc := range []struct{ q, want float64 }{
		{0, 1}, {0.5, 2.5}, {1, 4}, {0.25, 1.75}, {0.75, 3.25},
	} {
		if got := Quantile(xs, tc.q); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("Quantile(%v) = %v, want %v", tc.q, got, tc.want)
		}
	}
	if xs[0] != 4 {
		t.Error("Quantile changed its input")
	}
	if !math.IsNaN(Quantile([]float64{math.NaN()}, 0.5)) || !math.IsNaN(Quantile(xs, 2)) {
		t.Error("want NaN for no values and for q outside [0, 1]")
	}
}

// TestQuantiles checks median and band across runs on known data: five runs
// with y = x + k for k = 0..4 have median x + 2, quartiles x + 1 and x + 3.
func TestQuantiles(t *testing.T) {
	var runs []Series
	for k := 0; k < 5; k++ {
		runs = append(runs, Series{X: []float64{0, 10, 20}, Y: []float64{float64(k), 10 + float64(k), 20 + float64(k)}})
	}
	x, lo, med, hi, err := Quantiles(runs, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if med[i] != x[i]+2 || lo[i] != x[i]+1 || hi[i] != x[i]+3 {
			t.Errorf("at x = %v: lo %v med %v hi %v, want %v %v %v", x[i], lo[i], med[i], hi[i], x[i]+1, x[i]+2, x[i]+3)
		}
	}
	runs[3].X = []float64{0, 11, 20}
	if _, _, _, _, err := Quantiles(runs, 0.25); err == nil || !strings.Contains(err.Error(), "run 3") {
		t.Errorf("mismatched x: err = %v", err)
	}
	if _, _, _, _, err := Quantiles(runs[:1], 0.7); err == nil {
		t.Error("no error for q = 0.7")
	}
}

// render draws p to a PNG and returns its size in bytes (checks that
// every plotter draws without error).
func render(t *testing.T, p interface{ Draw(draw.Canvas) }) int {
	t.Helper()
	c := vgimg.New(4*vg.Inch, 3*vg.Inch)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// TestPlots checks that curves, bands and a reference line build and draw,
// that the legend names them, and that bad runs give errors.
func TestPlots(t *testing.T) {
	a := Series{Name: "CD-1", X: []float64{0, 1, 2, 3}, Y: []float64{-6, -4, math.NaN(), -3}}
	b := Series{Name: "PCD", X: []float64{0, 1, 2, 3}, Y: []float64{-6, -3.5, -3, -2.8}}
	p, err := Curves("BAS 3×3", "updates", "log-likelihood", a, b)
	if err != nil {
		t.Fatal(err)
	}
	if err := HLine(p, -math.Log(14), "−ln 14"); err != nil {
		t.Fatal(err)
	}
	if p.Y.Max < -math.Log(14) || p.X.Max != 3 {
		t.Errorf("axes y max %v, x max %v: reference line not in range", p.Y.Max, p.X.Max)
	}
	if n := render(t, p); n < 1000 {
		t.Errorf("PNG of %d bytes", n)
	}
	bp, err := Bands("seeds", "updates", "ll", 0.25, Group{Name: "CD", Runs: []Series{a, b, b}})
	if err != nil {
		t.Fatal(err)
	}
	render(t, bp)
	if _, err := Curves("", "", "", Series{X: []float64{1}, Y: nil}); err == nil {
		t.Error("no error for x and y of different lengths")
	}
	if err := HLine(p, math.NaN(), ""); err == nil {
		t.Error("no error for NaN reference line")
	}
}

// TestTiles checks image sizes, tile placement and normalisation.
func TestTiles(t *testing.T) {
	// Five 2×3 images: image k has every pixel k/4.
	x := mat.NewDense(5, 6, nil)
	for k := 0; k < 5; k++ {
		for j := 0; j < 6; j++ {
			x.Set(k, j, float64(k)/4)
		}
	}
	img, err := Tiles(x, 2, 3, 2, &TileOptions{Scale: 2, Pad: 1})
	if err != nil {
		t.Fatal(err)
	}
	// 2 grid columns, 3 grid rows: width 2·3·2 + 3 = 15, height 3·2·2 + 4 = 16.
	if b := img.Bounds(); b.Dx() != 15 || b.Dy() != 16 {
		t.Fatalf("size %v, want 15×16", b.Size())
	}
	g := img.(*image.Gray)
	// Tile 3 (grid row 1, column 1) starts at x = 1+6+1 = 8, y = 1+4+1 = 6; value 3/4 → 191.
	if v := g.GrayAt(8, 6).Y; v != 191 {
		t.Errorf("tile 3 pixel = %d, want 191", v)
	}
	if v := g.GrayAt(0, 0).Y; v != 128 {
		t.Errorf("gap pixel = %d, want 128", v)
	}
	// Normalised: a tile with values {−2, 2} maps to 0 and 255.
	f := mat.NewDense(1, 2, []float64{-2, 2})
	img, err = Tiles(f, 1, 2, 4, &TileOptions{Normalize: true, Pad: -1})
	if err != nil {
		t.Fatal(err)
	}
	g = img.(*image.Gray)
	if b := g.Bounds(); b.Dx() != 2 || b.Dy() != 1 || g.GrayAt(0, 0).Y != 0 || g.GrayAt(1, 0).Y != 255 {
		t.Errorf("normalised tile %v: %v", g.Bounds(), g.Pix)
	}
	for _, bad := range []struct {
		r, c, g int
	}{{2, 2, 2}, {0, 6, 1}, {2, 3, 0}} {
		if _, err := Tiles(x, bad.r, bad.c, bad.g, nil); err == nil {
			t.Errorf("no error for shape %d×%d, grid %d", bad.r, bad.c, bad.g)
		}
	}
}

// TestFilters checks that Filters draws the columns of W, normalised.
func TestFilters(t *testing.T) {
	// 4 visible (2×2) × 3 hidden; column j is j·(0, 1, 2, 3).
	w := mat.NewDense(4, 3, nil)
	for i := 0; i < 4; i++ {
		for j := 0; j < 3; j++ {
			w.Set(i, j, float64(i*(j+1)))
		}
	}
	img, err := Filters(w, 2, 2, 3, &TileOptions{Pad: -1})
	if err != nil {
		t.Fatal(err)
	}
	g := img.(*image.Gray)
	if b := g.Bounds(); b.Dx() != 6 || b.Dy() != 2 {
		t.Fatalf("size %v, want 6×2", b.Size())
	}
	// Every tile is 0, 1/3, 2/3, 1 of its range: pixels 0, 85, 170, 255.
	for j := 0; j < 3; j++ {
		got := []uint8{g.GrayAt(2*j, 0).Y, g.GrayAt(2*j+1, 0).Y, g.GrayAt(2*j, 1).Y, g.GrayAt(2*j+1, 1).Y}
		if got[0] != 0 || got[1] != 85 || got[2] != 170 || got[3] != 255 {
			t.Errorf("tile %d = %v, want [0 85 170 255]", j, got)
		}
	}
	if _, err := Filters(w, 3, 3, 1, nil); err == nil {
		t.Error("no error for a 3×3 shape with 4 visible units")
	}
}
