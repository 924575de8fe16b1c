package viz

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Pairs is one group of paired values: pair i is the point (X[i], Y[i]),
// e.g. one model's autocorrelation time under two samplers, and the
// group is named Name in a legend.
type Pairs struct {
	Name string
	X, Y []float64
}

// Paired returns a scatter plot of paired values, group i in Color(i) as
// filled circles, with the diagonal y = x dashed across the range of all
// values: a point below the diagonal has the smaller y, and the distance
// from it is the pair's difference (on logarithmic axes, its ratio). With
// logScale both axes are logarithmic, and every value must be positive;
// their ticks are at the powers of ten where they span a decade or more,
// and at round values (Ticks) where they span less.
// The legend, top left, names the groups and, unless diagonal is empty,
// the diagonal by that name (e.g. "τ_T = τ_G"). It returns an
// error if a group's X and Y differ in length, no group has a pair, or a
// value is NaN, infinite, or (with logScale) not positive.
func Paired(title, xlabel, ylabel, diagonal string, logScale bool, groups ...Pairs) (*plot.Plot, error) {
	scatters, diag, err := pairedParts(logScale, groups)
	if err != nil {
		return nil, err
	}
	p := New(title, xlabel, ylabel)
	if logScale {
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		// Ticks at the powers of ten where the axes span a decade or
		// more; on a narrower range there is no power of ten to label,
		// and the library's linear ticks (Ticks) label it instead.
		if lo, hi := diag.XYs[0].X, diag.XYs[1].X; hi >= 10*lo {
			p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{}, plot.LogTicks{}
		}
	}
	for k, sc := range scatters {
		if sc == nil {
			continue
		}
		p.Add(sc)
		if groups[k].Name != "" {
			p.Legend.Add(groups[k].Name, sc)
		}
	}
	p.Add(diag)
	if diagonal != "" {
		p.Legend.Add(diagonal, diag)
	}
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}

// pairedParts returns what Paired draws: the scatter of each group (nil
// for a group without pairs) and the diagonal.
func pairedParts(logScale bool, groups []Pairs) ([]*plotter.Scatter, *plotter.Line, error) {
	scatters := make([]*plotter.Scatter, len(groups))
	lo, hi := math.Inf(1), math.Inf(-1)
	for k, g := range groups {
		if len(g.X) != len(g.Y) {
			return nil, nil, fmt.Errorf("viz: Paired: group %d (%s) has %d x and %d y values", k, g.Name, len(g.X), len(g.Y))
		}
		xy := make(plotter.XYs, len(g.X))
		for i := range g.X {
			for _, v := range []float64{g.X[i], g.Y[i]} {
				if math.IsNaN(v) || math.IsInf(v, 0) || logScale && v <= 0 {
					return nil, nil, fmt.Errorf("viz: Paired: group %d (%s), pair %d: value %v cannot be drawn (logarithmic axes: %v)", k, g.Name, i, v, logScale)
				}
				lo, hi = min(lo, v), max(hi, v)
			}
			xy[i] = plotter.XY{X: g.X[i], Y: g.Y[i]}
		}
		if len(xy) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, nil, fmt.Errorf("viz: Paired: group %d (%s): %w", k, g.Name, err)
		}
		sc.GlyphStyle.Color = Color(k)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		sc.GlyphStyle.Radius = vg.Points(3)
		scatters[k] = sc
	}
	if math.IsInf(lo, 1) {
		return nil, nil, fmt.Errorf("viz: Paired: no pairs to draw in %d groups", len(groups))
	}
	// The diagonal reaches a little past the points: ÷/× 1.2 on
	// logarithmic axes, a tenth of the range (or of 1) on linear ones.
	a, b := lo/1.2, hi*1.2
	if !logScale {
		pad := 0.1 * max(hi-lo, 1)
		a, b = lo-pad, hi+pad
	}
	diag, err := plotter.NewLine(plotter.XYs{{X: a, Y: a}, {X: b, Y: b}})
	if err != nil {
		return nil, nil, fmt.Errorf("viz: Paired: %w", err)
	}
	diag.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	return scatters, diag, nil
}
