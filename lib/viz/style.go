package viz

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// palette is the colour cycle of Curves and Bands: gonum/plot's seven soft
// colours (plotutil.SoftColors, so that plots of up to seven series look
// as they did), then grey, teal and olive.
var palette = []color.Color{
	color.RGBA{R: 241, G: 90, B: 96, A: 255},   // red
	color.RGBA{R: 122, G: 195, B: 106, A: 255}, // green
	color.RGBA{R: 90, G: 155, B: 212, A: 255},  // blue
	color.RGBA{R: 250, G: 167, B: 91, A: 255},  // orange
	color.RGBA{R: 158, G: 103, B: 171, A: 255}, // purple
	color.RGBA{R: 206, G: 112, B: 88, A: 255},  // brown
	color.RGBA{R: 215, G: 127, B: 180, A: 255}, // pink
	color.RGBA{R: 110, G: 110, B: 110, A: 255}, // grey
	color.RGBA{R: 60, G: 180, B: 180, A: 255},  // teal
	color.RGBA{R: 175, G: 175, B: 60, A: 255},  // olive
}

// dashes are the line patterns of Dash: solid, dashed, dotted, dash-dotted.
var dashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(3)},
	{vg.Points(1.5), vg.Points(2.5)},
	{vg.Points(6), vg.Points(2.5), vg.Points(1.5), vg.Points(2.5)},
}

// Colors is the number of distinct colours of Color, and Dashes the number
// of distinct line patterns of Dash: Curves draws up to Colors·Dashes = 40
// series without repeating a style.
const (
	Colors = 10
	Dashes = 4
)

// Color returns colour i of the library's palette of Colors = 10
// distinguishable colours (red, green, blue, orange, purple, brown, pink,
// grey, teal, olive), cycling: Color(i) = Color(i mod 10); negative i
// counts from the end.
func Color(i int) color.Color {
	return palette[((i%Colors)+Colors)%Colors]
}

// Dash returns line pattern i of Dashes = 4 (solid, dashed, dotted,
// dash-dotted; solid is nil), cycling as Color does.
func Dash(i int) []vg.Length {
	return dashes[((i%Dashes)+Dashes)%Dashes]
}

// curveStyle is the style of run i of Curves: Color(i), Dash(i / Colors).
func curveStyle(i int) (color.Color, []vg.Length) {
	return Color(i), Dash(i / Colors)
}

// Ticks is the tick marker of the library's plots: gonum's default ticks
// (plot.DefaultTicks) with every label written so that it reads as its
// tick's value, to within a millionth of the step between labelled ticks,
// and without trailing zeros ("250", "1250" and "2250" where gonum writes
// "250.00", …: it gives all labels two decimals when the step between
// them is not whole, such as 2.5·10²). Gonum writes the labels of steps
// below 0.1 with as many significant digits as the step has decimals,
// which rounds −2.85 to "−2.9" and −3.15 to "−3.1" on an axis from −3.2 to
// −2.8, and writes 99.93, 99.99 and 100.05 all as "1e+02"; Ticks keeps
// gonum's labels where they read as their values and otherwise writes the
// fewest decimals that do ("−2.85", "99.93"). A tick within that
// tolerance of 0 reads "0".
type Ticks struct{}

// Ticks returns the tick marks for the range [min, max].
func (Ticks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	relabel(ts)
	return ts
}

// ReadableTicks returns a copy of p in which the axes that have gonum's
// default ticker (plot.DefaultTicks, what plot.New sets) have Ticks: the
// same ticks, with labels that read as their values. A ticker of the
// caller's own choosing is kept. The copy shares p's plotters; drawing it
// leaves p as it is (gonum's Draw writes the axes' ranges of the plot it
// draws). The kernel draws every plot a cell shows through it, and so
// does Row.
func ReadableTicks(p *plot.Plot) *plot.Plot {
	q := *p
	if _, ok := q.X.Tick.Marker.(plot.DefaultTicks); ok {
		q.X.Tick.Marker = Ticks{}
	}
	if _, ok := q.Y.Tick.Marker.(plot.DefaultTicks); ok {
		q.Y.Tick.Marker = Ticks{}
	}
	return &q
}

// relabel rewrites the labels of ts's labelled ticks so that each reads
// as its tick's value to within tol, a millionth of the least step between
// labelled ticks (labelTolerance): gonum's label without trailing zeros
// when every one does, else the fewest decimals (or, when gonum wrote some
// label in exponent form, significant digits) for which every one does,
// else the shortest form that reads as the value exactly. A tick within
// tol of 0 (gonum's ticks at 0 can be 10⁻²⁵ off) is labelled "0".
func relabel(ts []plot.Tick) {
	var vals []float64
	exp := false
	for _, t := range ts {
		if t.Label != "" {
			vals = append(vals, t.Value)
			exp = exp || strings.ContainsAny(t.Label, "eE")
		}
	}
	tol := labelTolerance(vals)
	labels := make([]string, len(ts))
	// set writes the labels that format gives, and reports true, if every
	// one reads as its tick's value to within tol; else it changes nothing.
	set := func(format func(t plot.Tick) string) bool {
		for i, t := range ts {
			if t.Label == "" {
				continue
			}
			label := "0"
			if math.Abs(t.Value) > tol {
				label = format(t)
			}
			x, err := strconv.ParseFloat(label, 64)
			if err != nil || math.Abs(x-t.Value) > tol {
				return false
			}
			labels[i] = label
		}
		for i, t := range ts {
			if t.Label != "" {
				ts[i].Label = labels[i]
			}
		}
		return true
	}
	if set(func(t plot.Tick) string { return trimZeros(t.Label) }) {
		return
	}
	for digits := 0; digits <= 17; digits++ {
		if set(func(t plot.Tick) string {
			if exp {
				return strconv.FormatFloat(t.Value, 'g', digits+1, 64)
			}
			return trimZeros(strconv.FormatFloat(t.Value, 'f', digits, 64))
		}) {
			return
		}
	}
	// A range so narrow that 17 decimals do not tell its ticks apart (a
	// width of 10⁻¹⁹ at 10⁻⁴): the shortest form, which reads exactly.
	set(func(t plot.Tick) string { return strconv.FormatFloat(t.Value, 'g', -1, 64) })
}

// labelTolerance is a millionth of the least difference between
// successive values of vals (sorted as ticks are), or, with fewer than two
// values, 10⁻⁹ of the largest magnitude (at least 1).
func labelTolerance(vals []float64) float64 {
	step := math.Inf(1)
	for i := 1; i < len(vals); i++ {
		if d := math.Abs(vals[i] - vals[i-1]); d > 0 && d < step {
			step = d
		}
	}
	if !math.IsInf(step, 1) {
		return step * 1e-6
	}
	m := 1.0
	for _, v := range vals {
		m = math.Max(m, math.Abs(v))
	}
	return m * 1e-9
}

// trimZeros removes the trailing zeros of a decimal fraction, and its
// point when nothing is left after it: "250.00" → "250", "0.50" → "0.5".
func trimZeros(label string) string {
	if !strings.Contains(label, ".") || strings.ContainsAny(label, "eE") {
		return label
	}
	label = strings.TrimRight(label, "0")
	return strings.TrimSuffix(label, ".")
}
