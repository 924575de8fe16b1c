package viz_test

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// A 2-D density on a 60×60 grid over [−3, 3]², drawn as a heat map, two
// panels side by side.
func ExampleDensity() {
	g := &viz.Grid{X0: -3, X1: 3, Y0: -3, Y1: 3, Cols: 60, Rows: 60}
	pts, err := viz.GridPoints(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	g.Z = make([]float64, g.Rows*g.Cols)
	for k := range g.Z {
		x, y := pts.At(k, 0), pts.At(k, 1)
		g.Z[k] = -0.5 * (x*x + 4*y*y) // log N(0, diag(1, 1/4)), unnormalised
	}
	p, err := viz.Density("N(0, diag(1, 1/4))", g, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := viz.Row([]*plot.Plot{p, p}, 2*vg.Inch, 2*vg.Inch)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx() > img.Bounds().Dy())
	// Output:
	// true
}
