package viz

import (
	"math"
	"strings"
	"testing"
)

// TestMeans checks mean and sample standard deviation across runs on known
// data: y = x + k for k = 0, 2, 4 has mean x + 2 and sd 2 (deviations −2,
// 0, 2: √(8/2)); a NaN leaves its run out at that x.
func TestMeans(t *testing.T) {
	var runs []Series
	for _, k := range []float64{0, 2, 4} {
		runs = append(runs, Series{X: []float64{0, 10, 20}, Y: []float64{k, 10 + k, 20 + k}})
	}
	runs[2].Y[2] = math.NaN() // at x = 20 only 20 and 22: mean 21, sd √2
	x, mean, sd, err := Means(runs)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]float64{{2, 2}, {12, 2}, {21, math.Sqrt2}}
	for k := range x {
		if math.Abs(mean[k]-want[k][0]) > 1e-12 || math.Abs(sd[k]-want[k][1]) > 1e-12 {
			t.Errorf("at x = %v: mean %v sd %v, want %v %v", x[k], mean[k], sd[k], want[k][0], want[k][1])
		}
	}
	if _, m, s, _ := Means(runs[:1]); m[0] != 0 || s[0] != 0 {
		t.Errorf("one run: mean %v sd %v, want 0 0", m[0], s[0])
	}
	runs[1].X = []float64{0, 11, 20}
	if _, _, _, err := Means(runs); err == nil || !strings.Contains(err.Error(), "run 1") {
		t.Errorf("mismatched x: err = %v", err)
	}
	if _, _, _, err := Means(nil); err == nil {
		t.Error("no error for no runs")
	}
}

// TestMeanBands checks that mean bands build and draw, with the band of
// one standard deviation inside the axes.
func TestMeanBands(t *testing.T) {
	a := Series{X: []float64{0, 1, 2}, Y: []float64{-6, -4, -3}}
	b := Series{X: []float64{0, 1, 2}, Y: []float64{-5, -3, math.NaN()}}
	p, err := MeanBands("trials", "updates", "ATLL", Group{Name: "CD", Runs: []Series{a, b}}, Group{Name: "CS-DCP", Runs: []Series{b, b}})
	if err != nil {
		t.Fatal(err)
	}
	if n := render(t, p); n < 1000 {
		t.Errorf("rendered PNG of %d bytes", n)
	}
	// CD's band reaches mean − sd = −5.5 − √½ at x = 0 and mean + sd =
	// −3.5 + √½ at x = 1: the axes take the band in, not only the means.
	if lo, hi := -5.5-math.Sqrt(0.5), -3.5+math.Sqrt(0.5); p.Y.Min > lo+1e-9 || p.Y.Max < hi-1e-9 {
		t.Errorf("y axis [%v, %v] does not hold the band [%v, %v]", p.Y.Min, p.Y.Max, lo, hi)
	}
	if _, err := MeanBands("t", "x", "y", Group{Name: "bad", Runs: []Series{a, {X: []float64{0}, Y: []float64{1}}}}); err == nil || !strings.Contains(err.Error(), "group 0") {
		t.Errorf("bad group: err = %v", err)
	}
}
