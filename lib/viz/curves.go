package viz

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Series is one curve: the points (X[i], Y[i]), named Name in a legend.
// NaN values of Y are gaps (not drawn, ignored by Quantiles).
type Series struct {
	Name string
	X, Y []float64
}

// New returns an empty plot with the given title and axis labels and a
// legend in the lower right corner (where learning curves leave room).
func New(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Legend.Top = false
	p.Legend.Left = false
	p.X.Tick.Marker, p.Y.Tick.Marker = Ticks{}, Ticks{}
	p.Add(plotter.NewGrid())
	return p
}

// Curves returns a plot with one line per run, named in the legend when
// the run has a Name. Run i is drawn in Color(i) with the line pattern
// Dash(i / Colors), so the first Colors·Dashes = 40 runs all differ in
// colour or pattern. It returns an error if a run's X and Y differ in
// length or a run has no points.
func Curves(title, xlabel, ylabel string, runs ...Series) (*plot.Plot, error) {
	p := New(title, xlabel, ylabel)
	for i, r := range runs {
		c, dash := curveStyle(i)
		if err := AddLine(p, r, c, dash); err != nil {
			return nil, fmt.Errorf("viz: Curves: run %d: %w", i, err)
		}
	}
	return p, nil
}

// AddCurve adds the run r to p as a solid line of colour c (nil: black),
// with a legend entry when r.Name is not empty. NaN points break the line.
func AddCurve(p *plot.Plot, r Series, c color.Color) error {
	if err := AddLine(p, r, c, nil); err != nil {
		return fmt.Errorf("viz: AddCurve: %w", err)
	}
	return nil
}

// AddLine adds the run r to p as a line of colour c (nil: black) and dash
// pattern dash (nil: solid; e.g. Dash(1)), with a legend entry when r.Name
// is not empty. NaN points break the line.
func AddLine(p *plot.Plot, r Series, c color.Color, dash []vg.Length) error {
	if p == nil {
		return errors.New("viz: AddLine: nil plot")
	}
	if len(r.X) != len(r.Y) {
		return fmt.Errorf("viz: AddLine: series %q has %d x and %d y values", r.Name, len(r.X), len(r.Y))
	}
	if len(r.X) == 0 {
		return fmt.Errorf("viz: AddLine: series %q has no points", r.Name)
	}
	if c == nil {
		c = color.Black
	}
	var first *plotter.Line
	for _, seg := range segments(r.X, r.Y) {
		l, err := plotter.NewLine(seg)
		if err != nil {
			return fmt.Errorf("viz: AddLine: series %q: %w", r.Name, err)
		}
		l.Color = c
		l.Dashes = dash
		l.Width = vg.Points(1.5)
		p.Add(l)
		if first == nil {
			first = l
		}
	}
	if first != nil && r.Name != "" {
		p.Legend.Add(r.Name, first)
	}
	return nil
}

// segments splits the points at NaN or infinite values.
func segments(x, y []float64) []plotter.XYs {
	var out []plotter.XYs
	var cur plotter.XYs
	for i := range x {
		if math.IsNaN(y[i]) || math.IsInf(y[i], 0) || math.IsNaN(x[i]) || math.IsInf(x[i], 0) {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, plotter.XY{X: x[i], Y: y[i]})
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// Quantile returns the q-quantile of xs (NaN values ignored; NaN if none
// is left) by linear interpolation between order statistics: with the
// sorted values s_0 ≤ … ≤ s_{n−1} and h = (n−1)q,
//
//	Q(q) = s_⌊h⌋ + (h − ⌊h⌋)(s_{⌊h⌋+1} − s_⌊h⌋),
//
// numpy's default definition; Q(½) is the usual median. q outside [0, 1]
// gives NaN. xs is not changed.
func Quantile(xs []float64, q float64) float64 {
	if !(q >= 0 && q <= 1) {
		return math.NaN()
	}
	s := make([]float64, 0, len(xs))
	for _, x := range xs {
		if !math.IsNaN(x) {
			s = append(s, x)
		}
	}
	if len(s) == 0 {
		return math.NaN()
	}
	slices.Sort(s)
	h := float64(len(s)-1) * q
	lo := int(math.Floor(h))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

// Quantiles returns, at every x of the runs (which must share their X
// values), the q-quantile lo, the median med and the (1−q)-quantile hi of
// the runs' Y values, with NaN values ignored. q must be in [0, ½].
func Quantiles(runs []Series, q float64) (x, lo, med, hi []float64, err error) {
	if len(runs) == 0 {
		return nil, nil, nil, nil, errors.New("viz: Quantiles: no runs")
	}
	if !(q >= 0 && q <= 0.5) {
		return nil, nil, nil, nil, fmt.Errorf("viz: Quantiles: q = %v not in [0, 0.5]", q)
	}
	x = runs[0].X
	if err := sharedX(runs); err != nil {
		return nil, nil, nil, nil, fmt.Errorf("viz: Quantiles: %w", err)
	}
	lo, med, hi = make([]float64, len(x)), make([]float64, len(x)), make([]float64, len(x))
	col := make([]float64, len(runs))
	for k := range x {
		for i, r := range runs {
			col[i] = r.Y[k]
		}
		lo[k], med[k], hi[k] = Quantile(col, q), Quantile(col, 0.5), Quantile(col, 1-q)
	}
	return append([]float64(nil), x...), lo, med, hi, nil
}

// sharedX checks that every run has as many x and y values as run 0 and
// the same x values.
func sharedX(runs []Series) error {
	x := runs[0].X
	for i, r := range runs {
		if len(r.Y) != len(x) || len(r.X) != len(x) {
			return fmt.Errorf("run %d (%q) has %d x and %d y values, run 0 has %d", i, r.Name, len(r.X), len(r.Y), len(x))
		}
		for k := range x {
			if r.X[k] != x[k] {
				return fmt.Errorf("run %d (%q) has x[%d] = %v, run 0 has %v (runs must share x)", i, r.Name, k, r.X[k], x[k])
			}
		}
	}
	return nil
}

// AddBand adds to p the median across runs as a line of colour c named
// name, and the band between the q- and (1−q)-quantiles (see Quantiles)
// as a translucent area of the same colour. Positions where every run is
// NaN are left out.
func AddBand(p *plot.Plot, name string, runs []Series, q float64, c color.Color) error {
	if p == nil {
		return errors.New("viz: AddBand: nil plot")
	}
	x, lo, med, hi, err := Quantiles(runs, q)
	if err != nil {
		return fmt.Errorf("viz: AddBand %q: %w", name, err)
	}
	return addBand(p, "AddBand", name, x, lo, med, hi, c)
}

// addBand draws the line (x, med) of colour c named name over the
// translucent area between lo and hi, leaving out positions where med is
// NaN; fn names the caller in errors.
func addBand(p *plot.Plot, fn, name string, x, lo, med, hi []float64, c color.Color) error {
	if c == nil {
		c = color.Black
	}
	r, g, b, _ := c.RGBA()
	fill := color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 64}
	var upper, lower plotter.XYs
	for k := range x {
		if math.IsNaN(med[k]) {
			continue
		}
		upper = append(upper, plotter.XY{X: x[k], Y: hi[k]})
		lower = append(lower, plotter.XY{X: x[k], Y: lo[k]})
	}
	if len(upper) == 0 {
		return fmt.Errorf("viz: %s %q: every value is NaN", fn, name)
	}
	slices.Reverse(lower)
	poly, err := plotter.NewPolygon(append(upper, lower...))
	if err != nil {
		return fmt.Errorf("viz: %s %q: %w", fn, name, err)
	}
	poly.Color = fill
	poly.LineStyle.Width = 0
	p.Add(poly)
	if err := AddCurve(p, Series{Name: name, X: x, Y: med}, c); err != nil {
		return fmt.Errorf("viz: %s: %w", fn, err)
	}
	return nil
}

// Group is a set of runs of one configuration (e.g. one learner over many
// seeds), drawn as one median line with its quantile band.
type Group struct {
	Name string
	Runs []Series
}

// Bands returns a plot with, for every group, the median across its runs
// and the band between the q- and (1−q)-quantiles (q = 0.25 gives the
// interquartile range), one colour per group.
func Bands(title, xlabel, ylabel string, q float64, groups ...Group) (*plot.Plot, error) {
	p := New(title, xlabel, ylabel)
	for i, g := range groups {
		if err := AddBand(p, g.Name, g.Runs, q, Color(i)); err != nil {
			return nil, fmt.Errorf("viz: Bands: group %d: %w", i, err)
		}
	}
	return p, nil
}

// HLine adds a dashed horizontal reference line y = value (e.g. the best
// possible log-likelihood −ln 14 of Bars and Stripes), named label in the
// legend when label is not empty. Call it after adding the curves: the line
// spans their x range (or the function range of the plot when empty) and
// the y axis is extended to include it.
func HLine(p *plot.Plot, value float64, label string) error {
	if p == nil {
		return errors.New("viz: HLine: nil plot")
	}
	if math.IsNaN(value) || math.IsInf(value, 0) {
		return fmt.Errorf("viz: HLine: value %v is not finite", value)
	}
	x0, x1 := p.X.Min, p.X.Max
	if !(x0 < x1) {
		x0, x1 = 0, 1
	}
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: value}, {X: x1, Y: value}})
	if err != nil {
		return fmt.Errorf("viz: HLine: %w", err)
	}
	l.Color = color.Gray{Y: 80}
	l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(l)
	if label != "" {
		p.Legend.Add(label, l)
	}
	return nil
}
