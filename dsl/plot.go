package dsl

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
)

// Sweep is a sweep that has been run and loaded: what the %%sweep cell
// magic of the kernel leaves in a variable for later cells. Dir is the
// result folder, Plan the planned runs, Summary what the last Run did (nil
// if it did not run), Results the results in Dir of the plan's runs
// (Plan.Select) and Report the file's summaries and comparisons over them.
type Sweep struct {
	Name    string
	Dir     string
	Plan    *Plan
	Summary *Summary
	Results []*Result
	Report  *Report
}

// Curves is the package function Curves over s.Results.
func (s *Sweep) Curves(measure string, by []string, q float64) (*plot.Plot, error) {
	if s == nil {
		return nil, fmt.Errorf("dsl: Curves: nil sweep")
	}
	return Curves(s.Results, measure, by, q)
}

// Box is the package function Box over s.Results.
func (s *Sweep) Box(measure, reduce string, by []string) (*plot.Plot, error) {
	if s == nil {
		return nil, fmt.Errorf("dsl: Box: nil sweep")
	}
	return Box(s.Results, measure, reduce, by)
}

// measureNames returns the names of the measurements present in results,
// sorted.
func measureNames(results []*Result) []string {
	seen := map[string]bool{}
	for _, r := range results {
		if r == nil {
			continue
		}
		for _, p := range r.Points {
			seen[p.Measure] = true
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// checkMeasure returns an error naming the known measurements if no result
// has a point of measure.
func checkMeasure(what string, results []*Result, measure string) error {
	names := measureNames(results)
	if !contains(names, measure) {
		if len(names) == 0 {
			return fmt.Errorf("dsl: %s: unknown measure %q: the %d results have no measurements", what, measure, len(results))
		}
		return fmt.Errorf("dsl: %s: unknown measure %q (the results have %s)%s", what, measure,
			strings.Join(names, ", "), didYouMean(measure, names))
	}
	return nil
}

// cellName names a cell by its levels, "a=x, b=y", or "all" without axes.
func cellName(by []string, levels []any) string {
	if len(by) == 0 {
		return "all"
	}
	parts := make([]string, len(by))
	for i, a := range by {
		parts[i] = a + "=" + formatValue(levels[i])
	}
	return strings.Join(parts, ", ")
}

// Curves returns a plot of measure against the number of updates with, for
// each cell of the axes by (cells in the order of their levels; no axes:
// one cell of all runs), the median across the cell's successful runs and
// the band between the q- and (1−q)-quantiles (type 7): at each step t,
// Q_q(y_1(t), …, y_n(t)) ≤ band ≤ Q_{1−q}(…). q = 0.25 gives the
// interquartile range; q must be in [0, ½]. The runs of a cell must have
// the measure at the same steps; failed runs and runs whose steps differ
// from the cell's first run are left out. It returns an error for a
// measure no result has, an axis no result has, or a bad q.
func Curves(results []*Result, measure string, by []string, q float64) (*plot.Plot, error) {
	gs, err := checkedGroups("Curves", results, measure, by, q)
	if err != nil {
		return nil, err
	}
	p, err := viz.Bands(measure, "updates", measure, q, gs...)
	if err != nil {
		return nil, fmt.Errorf("dsl: Curves of %s: %w", measure, err)
	}
	return p, nil
}

// curveGroups returns the runs of Curves, one group per cell.
// checkedGroups is curveGroups after checking q, the measure and the axes
// for the function what (Curves, plot).
func checkedGroups(what string, results []*Result, measure string, by []string, q float64) ([]viz.Group, error) {
	if !(q >= 0 && q <= 0.5) {
		return nil, fmt.Errorf("dsl: %s: q = %v not in [0, 0.5]", what, q)
	}
	if err := checkMeasure(what, results, measure); err != nil {
		return nil, err
	}
	if err := checkAxes(what, results, by); err != nil {
		return nil, err
	}
	return curveGroups(results, measure, by)
}

func curveGroups(results []*Result, measure string, by []string) ([]viz.Group, error) {
	groups, order := group(nonNil(results), by)
	sort.SliceStable(order, func(i, j int) bool { return levelsLess(groups[order[i]].levels, groups[order[j]].levels) })
	var gs []viz.Group
	for _, k := range order {
		g := groups[k]
		gr := viz.Group{Name: cellName(by, g.levels)}
		var first []int
		for _, r := range g.results {
			if r.Error != "" {
				continue
			}
			steps, vals := r.Series(measure)
			if len(steps) == 0 {
				continue
			}
			if first == nil {
				first = steps
			} else if !equalInts(first, steps) {
				continue
			}
			x := make([]float64, len(steps))
			for i, s := range steps {
				x[i] = float64(s)
			}
			gr.Runs = append(gr.Runs, viz.Series{X: x, Y: vals})
		}
		if len(gr.Runs) > 0 {
			gs = append(gs, gr)
		}
	}
	if len(gs) == 0 {
		return nil, fmt.Errorf("dsl: Curves: no successful run has measure %q", measure)
	}
	return gs, nil
}

// Box returns a plot with one box per cell of the axes by (in order of
// first appearance; no axes: one box of all runs) of the successful runs'
// reduce ("max", "min", "final" or "mean") of measure: the box spans the
// quartiles with a line at the median, and the whiskers reach the most
// extreme values within 1.5 times the interquartile range (gonum's
// plotter.BoxPlot). It returns an error for an unknown reduction or
// measure, an axis no result has, or when no run has a value.
func Box(results []*Result, measure, reduce string, by []string) (*plot.Plot, error) {
	if !contains(reductions, reduce) {
		return nil, fmt.Errorf("dsl: Box: unknown reduction %q (want %s)", reduce, strings.Join(reductions, ", "))
	}
	if err := checkMeasure("Box", results, measure); err != nil {
		return nil, err
	}
	if err := checkAxes("Box", results, by); err != nil {
		return nil, err
	}
	names, cells, err := boxCells(results, measure, reduce, by)
	if err != nil {
		return nil, err
	}
	p := plot.New()
	p.Y.Tick.Marker = viz.Ticks{} // labels that read as their values
	p.Title.Text = reduce + " " + measure
	p.Y.Label.Text = reduce + " " + measure
	p.X.Label.Text = strings.Join(by, ", ")
	p.Add(plotter.NewGrid())
	for i, vals := range cells {
		b, err := plotter.NewBoxPlot(vg.Points(20), float64(i), vals)
		if err != nil {
			return nil, fmt.Errorf("dsl: Box: cell %s: %w", names[i], err)
		}
		b.FillColor = plotutil.Color(i)
		p.Add(b)
	}
	p.NominalX(names...)
	return p, nil
}

// boxCells returns the names and the values of the boxes of Box.
func boxCells(results []*Result, measure, reduce string, by []string) ([]string, []plotter.Values, error) {
	groups, order := group(nonNil(results), by)
	var names []string
	var cells []plotter.Values
	for _, k := range order {
		g := groups[k]
		var vals plotter.Values
		for _, r := range g.results {
			if v, ok := Reduce(r, measure, reduce); ok && r.Error == "" && !math.IsInf(v, 0) {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			continue
		}
		names = append(names, cellName(by, g.levels))
		cells = append(cells, vals)
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("dsl: Box: no successful run has a value of %s %s", reduce, measure)
	}
	return names, cells, nil
}

// checkAxes returns an error if some axis of by is not an axis of any
// result.
func checkAxes(what string, results []*Result, by []string) error {
	have := map[string]bool{}
	var names []string
	for _, r := range results {
		if r == nil {
			continue
		}
		for _, a := range r.Axes {
			if !have[a.Name] {
				have[a.Name] = true
				names = append(names, a.Name)
			}
		}
	}
	for _, a := range by {
		if !have[a] {
			return fmt.Errorf("dsl: %s: unknown axis %q (the results have %s)", what, a, strings.Join(names, ", "))
		}
	}
	return nil
}

func nonNil(results []*Result) []*Result {
	out := make([]*Result, 0, len(results))
	for _, r := range results {
		if r != nil {
			out = append(out, r)
		}
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
