package dsl

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestPalette checks that curves get distinct colours however many cells
// there are, and gonum's cycle for few.
func TestPalette(t *testing.T) {
	for _, n := range []int{1, 3, 7, 8, 12, 40} {
		seen := map[color.RGBA]bool{}
		for _, c := range palette(n) {
			r, g, b, a := c.RGBA()
			k := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
			if seen[k] {
				t.Errorf("palette(%d) repeats %v", n, k)
			}
			seen[k] = true
		}
	}
	if hsv(0, 1, 1) != (color.RGBA{255, 0, 0, 255}) || hsv(1.0/3, 1, 1) != (color.RGBA{0, 255, 0, 255}) || hsv(2.0/3, 1, 1) != (color.RGBA{0, 0, 255, 255}) {
		t.Error("hsv: red, green or blue wrong")
	}
}

// TestPlotCommand runs a sweep and plots it: a PNG of the plot's size
// whose legend column, right of the plot, holds every cell's colour (the
// legend is drawn there, outside the data), an SVG naming every cell, and
// errors for an unknown measure, axis or file type.
func TestPlotCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	if err := os.WriteFile(file, []byte(resumeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	// some runs fail by design of fakeRun
	if _, err := RunSource(context.Background(), file, []byte(resumeSweep), testRegistry(t), fakeRun, nil); err != nil {
		t.Fatal(err)
	}
	plan, results := mustPlan(t, resumeSweep), filepath.Join(dir, "s.results")
	// cmd is `sweep plot` with the flags -measure, -by and -to.
	cmd := func(measure, by, to string) error { return PlotFile(plan, results, measure, by, 0.25, to, io.Discard) }
	if err := cmd("", "", ""); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "s.results", "loglik.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	w, h := 10*vg.Inch, 6*vg.Inch
	b := img.Bounds()
	if b.Dx() != int(w.Dots(vgimg.DefaultDPI)) || b.Dy() != int(h.Dots(vgimg.DefaultDPI)) {
		t.Errorf("png %v, want %v × %v at %v dpi", b, w, h, vgimg.DefaultDPI)
	}
	// The cells with results: (gibbs|flip) × (0.01, 0.1); rate 0.5 fails.
	res, _ := LoadResults(filepath.Join(dir, "s.results"))
	p, err := curvesPlot(res, "loglik", []string{"sampler", "rate"}, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	leg := p.Legend
	c := vgimg.New(w, h)
	legW := legendLayout(draw.New(c), &leg)
	if legW <= 0 {
		t.Fatal("empty legend")
	}
	x0 := int((w - legW).Dots(vgimg.DefaultDPI)) + 1 // past the anti-aliased edge of the plot's canvas
	for i, col := range palette(4) {
		want := color.RGBAModel.Convert(col).(color.RGBA)
		found := false
		for y := b.Min.Y; y < b.Max.Y && !found; y++ {
			for x := x0; x < b.Max.X; x++ {
				if color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == want {
					found = true
					break
				}
			}
		}
		if !found {
			t.Errorf("colour %d %v not in the legend column x ≥ %d", i, want, x0)
		}
	}
	// Below the legend the column is blank: no axis, grid line or curve
	// of the plot reaches into it.
	for y := b.Min.Y + b.Dy()/2; y < b.Max.Y; y++ {
		for x := x0; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r != 0xffff || g != 0xffff || bl != 0xffff {
				t.Fatalf("pixel (%d, %d) in the legend column is %v, not white", x, y, img.At(x, y))
			}
		}
	}
	svg := filepath.Join(dir, "by-sampler.svg")
	if err := cmd("", "sampler", svg); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(svg)
	for _, s := range []string{"sampler=gibbs", "sampler=flip", "<svg"} {
		if !bytes.Contains(text, []byte(s)) {
			t.Errorf("svg lacks %q", s)
		}
	}
	var ue *UsageError
	for _, c := range []struct{ measure, by, want string }{
		{"loglk", "", "-measure loglk: the sweep takes no such measurement (it takes loglik) (did you mean loglik?)"},
		{"", "sampler,rat", "unknown axis rat (did you mean rate?)"},
	} {
		err := cmd(c.measure, c.by, "")
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("plot -measure %q -by %q: %v, want %q", c.measure, c.by, err, c.want)
		}
	}
	if err := cmd("", "", filepath.Join(dir, "x.gif")); err == nil || !strings.Contains(err.Error(), "want a file ending in .png, .svg or .pdf") {
		t.Errorf("plot to .gif: %v", err)
	}
}
