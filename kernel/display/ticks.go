package display

import (
	"gonum.org/v1/plot"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
)

// readableTicks returns p to draw, or, when an axis of p has gonum's
// default ticker (plot.DefaultTicks, what plot.New sets), a copy of p
// whose such axes have the library's (viz.Ticks); p itself is not
// changed. The ticks are the same; only the labels differ: gonum writes
// those of steps below 0.1 with as many significant digits as the step
// has decimals, so that a tick at 1.04 reads "1" and three at 99.93,
// 99.99 and 100.05 all read "1e+02", a figure that says something other
// than its data. A ticker of the cell's own choosing is left alone.
func readableTicks(p *plot.Plot) *plot.Plot {
	_, x := p.X.Tick.Marker.(plot.DefaultTicks)
	_, y := p.Y.Tick.Marker.(plot.DefaultTicks)
	if !x && !y {
		return p
	}
	q := *p
	if x {
		q.X.Tick.Marker = viz.Ticks{}
	}
	if y {
		q.Y.Tick.Marker = viz.Ticks{}
	}
	return &q
}
