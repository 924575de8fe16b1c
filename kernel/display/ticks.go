package display

import (
	"gonum.org/v1/plot"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
)

// readableTicks gives the axes of p that have gonum's default ticker
// (plot.DefaultTicks, what plot.New sets) the library's (viz.Ticks) while
// p is drawn, and returns the function that puts them back. The ticks are
// the same; only the labels differ: gonum writes those of steps below 0.1
// with as many significant digits as the step has decimals, so that a
// tick at 1.04 reads "1" and three at 99.93, 99.99 and 100.05 all read
// "1e+02", a figure that says something other than its data. A ticker of
// the cell's own choosing is left alone.
func readableTicks(p *plot.Plot) (restore func()) {
	x, y := p.X.Tick.Marker, p.Y.Tick.Marker
	if _, ok := x.(plot.DefaultTicks); ok {
		p.X.Tick.Marker = viz.Ticks{}
	}
	if _, ok := y.(plot.DefaultTicks); ok {
		p.Y.Tick.Marker = viz.Ticks{}
	}
	return func() { p.X.Tick.Marker, p.Y.Tick.Marker = x, y }
}
