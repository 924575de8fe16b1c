package dsl

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
)

// plotFormats are the file types `sweep plot` writes, by extension.
var plotFormats = []string{"png", "svg", "pdf"}

// palette returns n distinct colours: gonum's default colour cycle when
// it has enough, otherwise n hues evenly spaced around the colour wheel
// (HSV with saturation 0.8 and value 0.75), so no two curves share a
// colour.
func palette(n int) []color.Color {
	out := make([]color.Color, n)
	if n <= len(plotutil.DefaultColors) {
		copy(out, plotutil.DefaultColors[:n])
		return out
	}
	for i := range out {
		out[i] = hsv(float64(i)/float64(n), 0.8, 0.75)
	}
	return out
}

// hsv converts a colour from hue h ∈ [0, 1), saturation s and value v to
// RGB: the standard six-sector formula.
func hsv(h, s, v float64) color.Color {
	h6 := h * 6
	sector := math.Floor(h6)
	f := h6 - sector
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, b float64
	switch int(sector) % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return color.RGBA{R: uint8(math.Round(255 * r)), G: uint8(math.Round(255 * g)), B: uint8(math.Round(255 * b)), A: 255}
}

// curvesPlot is Curves with a distinct colour per cell (palette), cells
// in the order of their levels.
func curvesPlot(results []*Result, measure string, by []string, q float64) (*plot.Plot, error) {
	gs, err := checkedGroups("plot", results, measure, by, q)
	if err != nil {
		return nil, err
	}
	p := viz.New(measure, "updates", measure)
	for i, c := range palette(len(gs)) {
		if err := viz.AddBand(p, gs[i].Name, gs[i].Runs, q, c); err != nil {
			return nil, fmt.Errorf("dsl: plot of %s: %w", measure, err)
		}
	}
	return p, nil
}

// legendLayout splits a canvas of width w into the plot's part, on the
// left, and a column on the right just wide enough for the legend, so
// that the legend never covers the data. It returns the width of the
// legend column (0 for an empty legend).
func legendLayout(c draw.Canvas, leg *plot.Legend) vg.Length {
	r := leg.Rectangle(c)
	if r.Max.X-r.Min.X <= 0 {
		return 0
	}
	return r.Max.X - r.Min.X + 2*leg.TextStyle.Font.Size
}

// savePlot writes p to path (.png, .svg or .pdf) at w × h with its legend
// in a column to the right of the plot, outside the data area.
func savePlot(p *plot.Plot, w, h vg.Length, path string) error {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	if !contains(plotFormats, format) {
		return fmt.Errorf("dsl: plot: %s: want a file ending in .png, .svg or .pdf", path)
	}
	cw, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return fmt.Errorf("dsl: plot: %w", err)
	}
	dc := draw.New(cw)
	leg := p.Legend
	legW := legendLayout(dc, &leg)
	if legW > w*3/5 {
		return fmt.Errorf("dsl: plot: the legend needs %.0f of the %.0f points of width; plot by fewer axes (-by)", float64(legW), float64(w))
	}
	p.Legend = plot.NewLegend() // drawn beside the plot below, not over it
	p.Draw(draw.Crop(dc, 0, -legW, 0, 0))
	p.Legend = leg
	leg.Left, leg.Top = true, true
	leg.YOffs = -p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y - p.Title.Padding
	leg.Draw(draw.Crop(dc, w-legW+leg.TextStyle.Font.Size, 0, 0, 0))
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("dsl: plot: %w", err)
	}
	if _, err := cw.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("dsl: plot: writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("dsl: plot: %w", err)
	}
	return nil
}

// PlotFile does what `sweep plot` does: it draws the curves of measure
// (default: the plan's first measurement) by the axes in by
// (comma-separated; default: every axis) of the results in dir of plan's
// runs, the median and the band between the q- and (1-q)-quantiles of
// each cell's runs, to the image file path (default: dir/<measure>.png;
// .png, .svg or .pdf), with notes on the folder and the file written on
// stderr. An unknown measurement or axis is a *UsageError naming the
// flag (-measure, -by).
func PlotFile(plan *Plan, dir, measure, by string, q float64, path string, stderr io.Writer) error {
	if measure == "" {
		if len(plan.Spec.Measures) == 0 {
			return usage(fmt.Errorf("sweep plot: the sweep takes no measurement"))
		}
		measure = plan.Spec.Measures[0].Name
	}
	var axes []string
	if by != "" {
		for _, a := range strings.Split(by, ",") {
			axes = append(axes, strings.TrimSpace(a))
		}
	} else {
		for _, a := range plan.Spec.Axes {
			axes = append(axes, a.Name)
		}
	}
	var known []string
	for _, a := range plan.Spec.Axes {
		known = append(known, a.Name)
	}
	for _, a := range axes {
		if !contains(known, a) {
			return usage(fmt.Errorf("sweep plot: -by %s: unknown axis %s%s", by, a, didYouMean(a, known)))
		}
	}
	var names []string
	for _, m := range plan.Spec.Measures {
		names = append(names, m.Name)
	}
	if !contains(names, measure) {
		return usage(fmt.Errorf("sweep plot: -measure %s: the sweep takes no such measurement (it takes %s)%s", measure, strings.Join(names, ", "), didYouMean(measure, names)))
	}
	if path == "" {
		path = filepath.Join(dir, measure+".png")
	}
	all, err := LoadResults(dir)
	if err != nil {
		return err
	}
	results, other := plan.Select(all)
	if err := FolderNote(stderr, dir, plan, other); err != nil {
		return err
	}
	p, err := curvesPlot(results, measure, axes, q)
	if err != nil {
		return err
	}
	if err := savePlot(p, 10*vg.Inch, 6*vg.Inch, path); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return nil
}
