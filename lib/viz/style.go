package viz

import (
	"image/color"
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
// (plot.DefaultTicks) with every label written without trailing zeros
// ("250", "1250" and "2250" where gonum writes "250.00", …: it gives all
// labels two decimals when the step between them is not whole, such as
// 2.5·10²). Labels in exponent form are left as they are.
type Ticks struct{}

// Ticks returns the tick marks for the range [min, max].
func (Ticks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		ts[i].Label = trimZeros(ts[i].Label)
	}
	return ts
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
