package learn

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"github.com/rbm-kernel/rbm-kernel/lib/viz"
	"gonum.org/v1/plot"
)

// How a history shows itself: a title line, a table of the last value of
// each series, and the learning curves as a plot. Notebooks show them
// together (the kernel's display finds the methods String, Table and
// Plot); programs print h, call them, or save the plot.

// plotBuckets is the number of buckets a long series is drawn from: a
// series of more than 2·plotBuckets points is drawn through the minimum
// and the maximum of each bucket (see Plot).
const plotBuckets = 500

// String returns a summary of h: its updates and time on a first line,
// then, for each series, its number of points, its last value and the
// update it was measured at, and its minimum and maximum (Table), e.g.
//
//	training history: 1,000 updates in 1.234s, 1 series
//	series  points    last  at update     min     max
//	loglik     101  -6.466      1,000  -9.011  -6.466
func (h *History) String() string {
	if h == nil {
		return "training history <nil>"
	}
	title := fmt.Sprintf("training history: %s updates in %v, %d series",
		show.Count(h.Updates), roundDuration(h.Elapsed), len(h.series))
	if len(h.series) == 0 {
		return strings.TrimSuffix(title, "0 series") + "no observations (Settings.Observers was empty)"
	}
	return title + "\n" + show.Table(h.Table())
}

// roundDuration keeps 4 significant digits of d (3 from 1000 s on: whole
// seconds).
func roundDuration(d time.Duration) time.Duration {
	for unit := time.Duration(1); unit < time.Hour; unit *= 10 {
		if d < 10000*unit {
			return d.Round(unit)
		}
	}
	return d.Round(time.Second)
}

// Table returns one row per series, in the order of Names: its name, its
// number of points, its last value and the update that value was measured
// after, and the minimum and maximum of its values (NaN ignored).
func (h *History) Table() (header []string, rows [][]string) {
	if h == nil {
		return nil, nil
	}
	for _, s := range h.series {
		last, at := "", ""
		if n := len(s.Y); n > 0 {
			last, at = show.Num(s.Y[n-1]), show.Count(int(s.X[n-1]))
		}
		st := show.Of(s.Y)
		rows = append(rows, []string{s.Name, show.Count(len(s.Y)), last, at, show.Num(st.Min), show.Num(st.Max)})
	}
	return []string{"series", "points", "last", "at update", "min", "max"}, rows
}

// Plot returns the learning curves of h: each series against the number
// of updates, one colour per series, named in the legend; a single series
// has no legend and names the y axis, which is "value" otherwise. It returns nil for a history without points.
//
// A series of more than 1,000 points is drawn through the smallest and
// the largest value of each of 500 runs of consecutive points (in the
// order they were measured), which keeps its extremes and its shape at
// the resolution of a plot; NaN values are gaps. Series() gives every
// point.
func (h *History) Plot() *plot.Plot {
	if h == nil {
		return nil
	}
	var runs []viz.Series
	for _, s := range h.series {
		if len(s.Y) == 0 {
			continue
		}
		x, y := thin(s.X, s.Y, plotBuckets)
		runs = append(runs, viz.Series{Name: s.Name, X: x, Y: y})
	}
	if len(runs) == 0 {
		return nil
	}
	ylabel := "value"
	if len(runs) == 1 {
		ylabel, runs[0].Name = runs[0].Name, "" // no legend for one curve
	}
	p, err := viz.Curves("", "updates", ylabel, runs...)
	if err != nil {
		return nil // not reached: every run has as many x as y, and points
	}
	return p
}

// thin returns the points of (x, y) when there are at most 2·buckets of
// them; otherwise, for each of buckets runs of consecutive points, the
// point of its smallest and of its largest finite value, in their order,
// and a NaN point (a gap) after a run that holds a NaN.
func thin(x, y []float64, buckets int) (tx, ty []float64) {
	n := len(y)
	if n <= 2*buckets {
		return x, y
	}
	tx = make([]float64, 0, 3*buckets)
	ty = make([]float64, 0, 3*buckets)
	for b := 0; b < buckets; b++ {
		lo, hi := b*n/buckets, (b+1)*n/buckets
		imin, imax, gap := -1, -1, false
		for i := lo; i < hi; i++ {
			v := y[i]
			if math.IsNaN(v) {
				gap = true
				continue
			}
			if imin < 0 || v < y[imin] {
				imin = i
			}
			if imax < 0 || v > y[imax] {
				imax = i
			}
		}
		switch {
		case imin < 0:
		case imin == imax:
			tx, ty = append(tx, x[imin]), append(ty, y[imin])
		default:
			i, j := min(imin, imax), max(imin, imax)
			tx, ty = append(tx, x[i], x[j]), append(ty, y[i], y[j])
		}
		if gap {
			tx, ty = append(tx, x[hi-1]), append(ty, math.NaN())
		}
	}
	return tx, ty
}
