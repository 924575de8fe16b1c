package viz

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
)

// Means returns, at every x of the runs (which must share their X values),
// the mean m and the sample standard deviation sd of the runs' Y values,
//
//	m = (1/n) Σᵢ yᵢ,  sd = √( Σᵢ (yᵢ − m)² / (n − 1) ),
//
// over the n runs whose value there is not NaN (sd is 0 for n = 1, and
// both are NaN for n = 0).
func Means(runs []Series) (x, mean, sd []float64, err error) {
	if len(runs) == 0 {
		return nil, nil, nil, errors.New("viz: Means: no runs")
	}
	if err := sharedX(runs); err != nil {
		return nil, nil, nil, fmt.Errorf("viz: Means: %w", err)
	}
	x = append([]float64(nil), runs[0].X...)
	mean, sd = make([]float64, len(x)), make([]float64, len(x))
	for k := range x {
		n, sum := 0, 0.0
		for _, r := range runs {
			if !math.IsNaN(r.Y[k]) {
				n++
				sum += r.Y[k]
			}
		}
		if n == 0 {
			mean[k], sd[k] = math.NaN(), math.NaN()
			continue
		}
		m, ss := sum/float64(n), 0.0
		for _, r := range runs {
			if !math.IsNaN(r.Y[k]) {
				ss += (r.Y[k] - m) * (r.Y[k] - m)
			}
		}
		mean[k] = m
		if n > 1 {
			sd[k] = math.Sqrt(ss / float64(n-1))
		}
	}
	return x, mean, sd, nil
}

// AddMeanBand adds to p the mean across runs as a line of colour c named
// name, and the band mean ± one standard deviation (see Means) as a
// translucent area of the same colour: the way papers that report "the
// mean over trials" draw their curves with their spread.
func AddMeanBand(p *plot.Plot, name string, runs []Series, c color.Color) error {
	if p == nil {
		return errors.New("viz: AddMeanBand: nil plot")
	}
	x, mean, sd, err := Means(runs)
	if err != nil {
		return fmt.Errorf("viz: AddMeanBand %q: %w", name, err)
	}
	lo, hi := make([]float64, len(x)), make([]float64, len(x))
	for k := range x {
		lo[k], hi[k] = mean[k]-sd[k], mean[k]+sd[k]
	}
	return addBand(p, "AddMeanBand", name, x, lo, mean, hi, c)
}

// MeanBands returns a plot with, for every group, the mean across its runs
// and the band of one standard deviation around it, one colour per group
// (Bands draws medians and quantiles instead).
func MeanBands(title, xlabel, ylabel string, groups ...Group) (*plot.Plot, error) {
	p := New(title, xlabel, ylabel)
	for i, g := range groups {
		if err := AddMeanBand(p, g.Name, g.Runs, Color(i)); err != nil {
			return nil, fmt.Errorf("viz: MeanBands: group %d: %w", i, err)
		}
	}
	return p, nil
}
