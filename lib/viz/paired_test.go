package viz

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

// TestPaired checks what Paired draws: one scatter per group that has
// pairs, at the given points, then the diagonal across the range of all
// values (÷/× 1.2 on logarithmic axes, a tenth of the range either side
// on linear ones), and the legend entries named; and that it refuses
// what it cannot draw.
func TestPaired(t *testing.T) {
	a := Pairs{Name: "a", X: []float64{1, 10}, Y: []float64{2, 5}}
	b := Pairs{Name: "b", X: []float64{20}, Y: []float64{0.5}}
	groups := []Pairs{a, {Name: "empty"}, b}
	scatters, diag, err := pairedParts(true, groups)
	if err != nil {
		t.Fatal(err)
	}
	if len(scatters) != 3 || scatters[0] == nil || scatters[1] != nil || scatters[2] == nil {
		t.Fatalf("scatters %v, want one for each group with pairs", scatters)
	}
	if got := scatters[2].XYs; len(got) != 1 || got[0].X != 20 || got[0].Y != 0.5 {
		t.Errorf("third group's points %v, want (20, 0.5)", got)
	}
	if c := scatters[2].GlyphStyle.Color; c != Color(2) {
		t.Errorf("group 2's colour %v, want Color(2) %v (the colour of its index)", c, Color(2))
	}
	d := diag.XYs
	if len(d) != 2 || math.Abs(d[0].X-0.5/1.2) > 1e-12 || math.Abs(d[1].X-20*1.2) > 1e-12 || d[0].X != d[0].Y || d[1].X != d[1].Y {
		t.Errorf("diagonal %v, want from 0.5/1.2 to 20·1.2 on y = x", d)
	}
	p, err := Paired("τ", "G", "T", "T = G", true, groups...)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Legend.Top || !p.Legend.Left || p.X.Min != d[0].X || p.Y.Max != d[1].Y {
		t.Errorf("legend top %v left %v, x from %v, y to %v: want top left, the diagonal's range", p.Legend.Top, p.Legend.Left, p.X.Min, p.Y.Max)
	}
	if n := render(t, p); n < 1000 {
		t.Errorf("PNG of %d bytes", n)
	}
	if _, ok := p.X.Tick.Marker.(plot.LogTicks); !ok {
		t.Errorf("axes from %v to %v (more than a decade) ticked by %T, want plot.LogTicks", p.X.Min, p.X.Max, p.X.Tick.Marker)
	}
	// Less than a decade (1.5/1.2 to 5·1.2): no power of ten to label, so
	// the round values of Ticks, and at least two of them labelled.
	p, err = Paired("", "", "", "", true, Pairs{X: []float64{2, 5}, Y: []float64{1.5, 3}})
	if err != nil {
		t.Fatal(err)
	}
	labelled := 0
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if tk.Label != "" {
			labelled++
		}
	}
	if _, ok := p.X.Tick.Marker.(Ticks); !ok || labelled < 2 {
		t.Errorf("axes from %v to %v ticked by %T with %d labels, want Ticks with at least 2", p.X.Min, p.X.Max, p.X.Tick.Marker, labelled)
	}

	_, diag, err = pairedParts(false, []Pairs{{X: []float64{-1, 3}, Y: []float64{0, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if d := diag.XYs; math.Abs(d[0].X+1.4) > 1e-12 || math.Abs(d[1].X-3.4) > 1e-12 {
		t.Errorf("linear diagonal %v, want from −1.4 to 3.4 (a tenth of the range 4 either side)", d)
	}

	for _, c := range []struct {
		log    bool
		groups []Pairs
		want   string
	}{
		{false, []Pairs{{Name: "g", X: []float64{1}, Y: nil}}, "group 0 (g) has 1 x and 0 y values"},
		{false, []Pairs{{X: []float64{1}, Y: []float64{math.NaN()}}}, "pair 0: value NaN"},
		{true, []Pairs{{X: []float64{1, 0}, Y: []float64{1, 1}}}, "pair 1: value 0 cannot be drawn (logarithmic axes: true)"},
		{false, []Pairs{{}, {}}, "no pairs to draw in 2 groups"},
	} {
		if _, err := Paired("", "", "", "", c.log, c.groups...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want %q", c.groups, err, c.want)
		}
	}
}
