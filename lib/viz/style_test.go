package viz

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotutil"
)

// TestCurvesDistinctStyles checks that Curves draws its first
// Colors·Dashes = 40 runs in pairwise different (colour, dash pattern)
// styles, that the ten colours of the palette are pairwise different,
// and that runs 0–6 keep gonum/plot's soft colours (plots of up to seven
// series look as before the palette grew).
func TestCurvesDistinctStyles(t *testing.T) {
	n := Colors * Dashes
	seen := map[string]int{}
	for k := 0; k < n; k++ {
		c, dash := curveStyle(k)
		r, g, b, a := c.RGBA()
		key := fmt.Sprint(r, g, b, a, dash)
		if j, dup := seen[key]; dup {
			t.Errorf("runs %d and %d of Curves have the same style %s", j, k, key)
		}
		seen[key] = k
	}
	runs := make([]Series, n)
	for i := range runs {
		runs[i] = Series{Name: fmt.Sprint(i), X: []float64{0, 1}, Y: []float64{0, float64(i)}}
	}
	p, err := Curves("t", "x", "y", runs...)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < Colors; i++ {
		for j := i + 1; j < Colors; j++ {
			if sameColor(Color(i), Color(j)) {
				t.Errorf("colours %d and %d are the same", i, j)
			}
		}
	}
	for i, c := range plotutil.SoftColors {
		if !sameColor(Color(i), c) {
			t.Errorf("Color(%d) = %v, want gonum/plot's soft colour %v", i, Color(i), c)
		}
	}
	if !sameColor(Color(-1), Color(Colors-1)) || !sameColor(Color(Colors), Color(0)) || Dash(0) != nil || len(Dash(Dashes+1)) == 0 {
		t.Error("Color and Dash do not cycle")
	}
	if err := AddLine(p, Series{X: []float64{1}, Y: nil}, nil, Dash(1)); err == nil {
		t.Error("AddLine accepted a series with 1 x and 0 y values")
	}
}

// sameColor reports whether a and b have the same RGBA values.
func sameColor(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// TestTicksReadAsValues: every labelled tick's label reads as its value
// to within a millionth of the step between labelled ticks, and no two
// labels are the same, on ranges where gonum's labels do not (it writes
// steps below 0.1 with as many significant digits as the step has
// decimals: 1.04 as "1", and 99.93, 99.99 and 100.05 all as "1e+02"), on
// an axis of 10⁻¹⁹ at 10⁻⁴ that 17 decimals cannot label, on one at 10⁷,
// and on 4000 ranges drawn at random (fixed seed; see below).
func TestTicksReadAsValues(t *testing.T) {
	for _, c := range []struct {
		min, max float64
		want     []string
	}{
		{-2.77, -2.63, []string{"-2.75", "-2.7", "-2.65"}},
		{0.95, 1.12, []string{"0.96", "1.04", "1.12"}},
		{99.91, 100.07, []string{"99.93", "99.99", "100.05"}},
		{1.45e7, 1.55e7, []string{"14500000", "15000000", "15500000"}},
	} {
		var got []string
		for _, tk := range (Ticks{}).Ticks(c.min, c.max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("[%g, %g]: labels %q, want %q", c.min, c.max, got, c.want)
		}
	}
	// Gonum's tick at 0 on an axis of 10⁻⁹ is 2·10⁻²⁵, which its label
	// read as; it reads "0".
	for _, tk := range (Ticks{}).Ticks(-1.59e-9, 1.99e-9) {
		if tk.Label != "" && math.Abs(tk.Value) < 1e-20 && tk.Label != "0" {
			t.Errorf("the tick at %g reads %q, want \"0\"", tk.Value, tk.Label)
		}
	}
	// readsAsValues checks the labels of the range [lo, hi]: distinct,
	// each within a millionth of the step of its tick's value.
	readsAsValues := func(lo, hi float64) {
		t.Helper()
		var vals []float64
		seen := map[string]bool{}
		ticks := Ticks{}.Ticks(lo, hi)
		for _, tk := range ticks {
			if tk.Label == "" {
				continue
			}
			if seen[tk.Label] {
				t.Fatalf("[%g, %g]: label %q twice", lo, hi, tk.Label)
			}
			seen[tk.Label] = true
			vals = append(vals, tk.Value)
		}
		step := math.Inf(1)
		for i := 1; i < len(vals); i++ {
			step = math.Min(step, vals[i]-vals[i-1])
		}
		for _, tk := range ticks {
			if tk.Label == "" {
				continue
			}
			v, err := strconv.ParseFloat(tk.Label, 64)
			if err != nil || len(vals) > 1 && math.Abs(v-tk.Value) > 1e-6*step {
				t.Fatalf("[%g, %g]: label %q for the value %g (step %g)", lo, hi, tk.Label, tk.Value, step)
			}
		}
	}
	// Gonum writes "0.0001007" three times, and no number of decimals up
	// to 17 tells these ticks apart.
	readsAsValues(0.00010069321723176, 0.00010069321723176+1e-19)
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 4000 {
		// Half the ranges are of moderate values (lower ends from −1000 to
		// 1000, widths from 10⁻⁴ to 10⁴), half of any magnitude from 10⁻⁸
		// to 10⁹ and widths from 10⁻¹² to 3 times it (exponent labels,
		// near-zero ticks, ranges too narrow for 17 decimals).
		lo := -1000 + 2000*rng.Float64()
		hi := lo + math.Pow(10, -4+8*rng.Float64())
		if k%2 == 1 {
			lo = math.Pow(10, -8+17*rng.Float64())
			if rng.IntN(2) == 0 {
				lo = -lo
			}
			hi = lo + math.Abs(lo)*math.Pow(10, -12+12.5*rng.Float64())
		}
		readsAsValues(lo, hi)
	}
}

// TestReadableTicks: ReadableTicks gives a copy of a plot whose axes
// have gonum's default ticker viz.Ticks, keeps a ticker of the caller's
// own, and leaves the plot itself as it was.
func TestReadableTicks(t *testing.T) {
	p := plot.New()
	own := plot.ConstantTicks{{Value: 1, Label: "one"}}
	p.X.Tick.Marker = own
	q := ReadableTicks(p)
	if q == p {
		t.Fatal("ReadableTicks returned the plot itself")
	}
	if _, ok := q.Y.Tick.Marker.(Ticks); !ok {
		t.Errorf("the copy's y ticker is %T, want viz.Ticks", q.Y.Tick.Marker)
	}
	if _, ok := q.X.Tick.Marker.(plot.ConstantTicks); !ok {
		t.Errorf("the copy's x ticker is %T, want the caller's plot.ConstantTicks", q.X.Tick.Marker)
	}
	if _, ok := p.Y.Tick.Marker.(plot.DefaultTicks); !ok {
		t.Errorf("the plot's own y ticker became %T", p.Y.Tick.Marker)
	}
}

// TestTicksTrimZeros: the library's tick labels are gonum's default ones
// without trailing zeros (gonum wrote "250.00" for a step of 250), and
// each still reads as its tick's value.
func TestTicksTrimZeros(t *testing.T) {
	for _, r := range [][2]float64{{200, 2400}, {0, 1}, {-3.2, -2.1}, {0, 1e7}, {1e-4, 3e-4}, {-180, -100}} {
		ticks := Ticks{}.Ticks(r[0], r[1])
		labelled := 0
		for _, tk := range ticks {
			if tk.Label == "" {
				continue
			}
			labelled++
			if strings.Contains(tk.Label, ".") && !strings.ContainsAny(tk.Label, "eE") &&
				(strings.HasSuffix(tk.Label, "0") || strings.HasSuffix(tk.Label, ".")) {
				t.Errorf("range %v: label %q has trailing zeros", r, tk.Label)
			}
			v, err := strconv.ParseFloat(tk.Label, 64)
			if err != nil || math.Abs(v-tk.Value) > 1e-9*math.Max(1, math.Abs(tk.Value)) {
				t.Errorf("range %v: label %q for the value %g", r, tk.Label, tk.Value)
			}
		}
		if labelled < 2 {
			t.Errorf("range %v: %d labelled ticks", r, labelled)
		}
	}
	if got := (Ticks{}).Ticks(200, 2400); got[0].Label == "250.00" {
		t.Errorf("first label %q", got[0].Label)
	}
}
