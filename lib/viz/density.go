package viz

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Grid is a regular grid of values over the rectangle [X0, X1] × [Y0, Y1]:
// Z[r·Cols + c] is the value of the cell whose centre is
//
//	x_c = X0 + (c + ½)(X1 − X0)/Cols,  y_r = Y0 + (r + ½)(Y1 − Y0)/Rows,
//
// so row 0 is at the bottom. GridPoints gives the centres as the rows of a
// matrix, in the order of Z, to evaluate a density at.
type Grid struct {
	X0, X1, Y0, Y1 float64
	Cols, Rows     int
	Z              []float64
}

// validate reports a grid with a bad shape or rectangle.
func (g *Grid) validate() error {
	if g == nil {
		return errors.New("nil grid")
	}
	if g.Cols <= 0 || g.Rows <= 0 {
		return fmt.Errorf("grid is %d×%d cells, want at least 1×1", g.Cols, g.Rows)
	}
	if !(g.X1 > g.X0) || !(g.Y1 > g.Y0) || math.IsInf(g.X1-g.X0, 0) || math.IsInf(g.Y1-g.Y0, 0) {
		return fmt.Errorf("grid rectangle [%v, %v] × [%v, %v] is empty or not finite", g.X0, g.X1, g.Y0, g.Y1)
	}
	return nil
}

// GridPoints returns the Rows·Cols × 2 matrix of the cell centres (x_c,
// y_r) of g in the order of g.Z (row r, then column c), or an error for a
// grid with no cells or an empty or infinite rectangle. g.Z is not read.
func GridPoints(g *Grid) (*mat.Dense, error) {
	if err := g.validate(); err != nil {
		return nil, fmt.Errorf("viz: GridPoints: %w", err)
	}
	p := mat.NewDense(g.Rows*g.Cols, 2, nil)
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			p.Set(r*g.Cols+c, 0, g.x(c))
			p.Set(r*g.Cols+c, 1, g.y(r))
		}
	}
	return p, nil
}

func (g *Grid) x(c int) float64 { return g.X0 + (float64(c)+0.5)*(g.X1-g.X0)/float64(g.Cols) }
func (g *Grid) y(r int) float64 { return g.Y0 + (float64(r)+0.5)*(g.Y1-g.Y0)/float64(g.Rows) }

// expGrid is the plotter.GridXYZ of exp(z − max z) over a Grid.
type expGrid struct {
	g   *Grid
	max float64
}

func (e expGrid) Dims() (int, int)   { return e.g.Cols, e.g.Rows }
func (e expGrid) Z(c, r int) float64 { return math.Exp(e.g.Z[r*e.g.Cols+c] - e.max) }
func (e expGrid) X(c int) float64    { return e.g.x(c) }
func (e expGrid) Y(r int) float64    { return e.g.y(r) }
func (e expGrid) Min() float64       { return 0 }
func (e expGrid) Max() float64       { return 1 }

// Density returns a plot of the density p(x) = exp(logp.Z) on the grid
// logp as a heat map, each cell coloured by p/max p on a black-body scale
// from 0 (black) to 1 (white), with the rows of points (n×2: x, y; nil for
// none) drawn over it as small dots of colour c (nil: a light blue). Only
// the shape matters, so logp may be unnormalised (e.g. −F(x) of a GRBM);
// −∞ entries are density 0. It returns an error for a bad grid, a Z of the
// wrong length, a NaN or +∞ entry, a grid where every entry is −∞, or points
// without two columns.
func Density(title string, logp *Grid, points mat.Matrix, c color.Color) (*plot.Plot, error) {
	h, s, err := densityParts(logp, points, c)
	if err != nil {
		return nil, fmt.Errorf("viz: Density: %w", err)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Tick.Marker, p.Y.Tick.Marker = Ticks{}, Ticks{}
	p.Add(h)
	if s != nil {
		p.Add(s)
	}
	// The axes show the grid's rectangle whatever the points' range.
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = logp.X0, logp.X1, logp.Y0, logp.Y1
	return p, nil
}

// densityParts returns Density's heat map and scatter (nil without finite
// points).
func densityParts(logp *Grid, points mat.Matrix, c color.Color) (*plotter.HeatMap, *plotter.Scatter, error) {
	if err := logp.validate(); err != nil {
		return nil, nil, err
	}
	if len(logp.Z) != logp.Rows*logp.Cols {
		return nil, nil, fmt.Errorf("grid has %d values, want %d×%d = %d", len(logp.Z), logp.Cols, logp.Rows, logp.Rows*logp.Cols)
	}
	mx := math.Inf(-1)
	for i, z := range logp.Z {
		if math.IsNaN(z) || math.IsInf(z, 1) {
			return nil, nil, fmt.Errorf("log-density %v at grid value %d", z, i)
		}
		mx = math.Max(mx, z)
	}
	if math.IsInf(mx, -1) {
		return nil, nil, errors.New("density is 0 everywhere (every log-density is −∞)")
	}
	h := plotter.NewHeatMap(expGrid{logp, mx}, moreland.ExtendedBlackBody().Palette(256))
	h.Rasterized = true
	if points == nil {
		return h, nil, nil
	}
	n, cols := points.Dims()
	if cols != 2 {
		return nil, nil, fmt.Errorf("points have %d columns, want 2", cols)
	}
	xy := make(plotter.XYs, 0, n)
	for i := 0; i < n; i++ {
		x, y := points.At(i, 0), points.At(i, 1)
		if finite(x) && finite(y) {
			xy = append(xy, plotter.XY{X: x, Y: y})
		}
	}
	if len(xy) == 0 {
		return h, nil, nil
	}
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return nil, nil, err
	}
	if c == nil {
		c = color.RGBA{120, 200, 255, 255}
	}
	s.GlyphStyle.Color = c
	s.GlyphStyle.Radius = vg.Points(0.8)
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	return h, s, nil
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Row renders plots side by side, each w wide and h high, into one image
// (e.g. for display.Image), aligning their axes. It returns an error for
// no plots, a nil plot or a non-positive size.
func Row(plots []*plot.Plot, w, h vg.Length) (image.Image, error) {
	if len(plots) == 0 {
		return nil, errors.New("viz: Row: no plots")
	}
	if !(w > 0) || !(h > 0) {
		return nil, fmt.Errorf("viz: Row: size %v×%v is not positive", w, h)
	}
	for i, p := range plots {
		if p == nil {
			return nil, fmt.Errorf("viz: Row: plot %d is nil", i)
		}
	}
	drawn := make([]*plot.Plot, len(plots))
	for i, p := range plots {
		drawn[i] = ReadableTicks(p)
	}
	c := vgimg.New(w*vg.Length(len(plots)), h)
	dc := draw.New(c)
	t := draw.Tiles{Rows: 1, Cols: len(plots), PadX: vg.Points(4)}
	canvases := plot.Align([][]*plot.Plot{drawn}, t, dc)
	for i, p := range drawn {
		p.Draw(canvases[0][i])
	}
	return c.Image(), nil
}

// DensityScale returns a plot that is the colour scale of Density's heat
// maps: a vertical bar of the same black-body palette from 0 (black,
// bottom) to 1 (white, top), the value p/max p of a cell, with label on its
// axis. Put it beside density panels, e.g. as the last plot of Row.
func DensityScale(label string) *plot.Plot {
	cm := moreland.ExtendedBlackBody()
	cm.SetMin(0)
	cm.SetMax(1)
	p := plot.New()
	p.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	p.HideX()
	p.Y.Tick.Marker = Ticks{}
	p.Y.Label.Text = label
	p.Y.Min, p.Y.Max = 0, 1
	return p
}
