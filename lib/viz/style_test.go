package viz

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"testing"

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
