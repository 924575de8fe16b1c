package dsl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
)

// fakeResults returns 2 learners × 3 rates × reps runs, each with loglik at
// steps 10, 20, 30, and one failed run that must be left out.
func fakeResults(reps int) []*Result {
	var out []*Result
	for _, l := range []string{"cd", "pcd"} {
		for _, rate := range []float64{0.01, 0.05, 0.1} {
			for r := 0; r < reps; r++ {
				res := &Result{Key: l, Repeat: r, Axes: []AxisValue{{Name: "learner", Value: l}, {Name: "rate", Value: rate}}}
				for s := 1; s <= 3; s++ {
					res.Points = append(res.Points, Point{Measure: "loglik", Step: 10 * s, Value: -10 + float64(s) + rate + float64(r)})
				}
				out = append(out, res)
			}
		}
	}
	out = append(out, &Result{Key: "bad", Error: "boom", Axes: []AxisValue{{Name: "learner", Value: "cd"}, {Name: "rate", Value: 0.01}},
		Points: []Point{{Measure: "loglik", Step: 10, Value: 100}}}, nil)
	return out
}

func TestCurvesGroups(t *testing.T) {
	res := fakeResults(3)
	for _, tc := range []struct {
		by   []string
		want int
	}{{nil, 1}, {[]string{"learner"}, 2}, {[]string{"learner", "rate"}, 6}} {
		p, err := Curves(res, "loglik", tc.by, 0.25)
		if err != nil {
			t.Fatalf("Curves by %v: %v", tc.by, err)
		}
		// The failed run's value 100 must not enter the band: the y range
		// stays below 0 (the largest value is −10 + 3 + 0.1 + 2).
		if p.Y.Max >= 0 || p.X.Min != 10 || p.X.Max != 30 {
			t.Errorf("Curves by %v: x in [%v, %v], y max %v; want x in [10, 30], y < 0", tc.by, p.X.Min, p.X.Max, p.Y.Max)
		}
		gs, err := curveGroups(res, "loglik", tc.by)
		if err != nil {
			t.Fatal(err)
		}
		if len(gs) != tc.want {
			t.Errorf("Curves by %v: %d groups, want %d", tc.by, len(gs), tc.want)
		}
		per := 6 * 3 / tc.want
		for _, g := range gs {
			if len(g.Runs) != per {
				t.Errorf("Curves by %v: group %s has %d runs, want %d", tc.by, g.Name, len(g.Runs), per)
			}
		}
		if tc.want == 2 && gs[0].Name != "learner=cd" {
			t.Errorf("first group named %q, want learner=cd", gs[0].Name)
		}
	}
}

func TestBoxGroups(t *testing.T) {
	res := fakeResults(4)
	p, err := Box(res, "loglik", "max", []string{"learner", "rate"})
	if err != nil {
		t.Fatal(err)
	}
	// max loglik is −7 + rate + r, so within [−6.99, −3.9].
	if p.Y.Max > -3.9+1e-9 || p.Y.Min < -6.99-1e-9 {
		t.Errorf("y range [%v, %v], want within [−6.99, −3.9]", p.Y.Min, p.Y.Max)
	}
	names, cells, err := boxCells(res, "loglik", "max", []string{"learner", "rate"})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 6 || names[0] != "learner=cd, rate=0.01" || names[5] != "learner=pcd, rate=0.1" {
		t.Errorf("box names %q, want 6 from learner=cd, rate=0.01 to learner=pcd, rate=0.1", names)
	}
	for i, c := range cells {
		if len(c) != 4 {
			t.Errorf("box %s has %d values, want 4 (the failed run left out)", names[i], len(c))
		}
	}
	if c := cells[0]; c[0] != -7+0.01 || c[3] != -7+0.01+3 {
		t.Errorf("box %s values %v, want −6.99 … −3.99", names[0], c)
	}
	// The y axis labels its ticks as the library's plots do (viz.Ticks:
	// gonum's own ticker rounds labels of steps below 0.1).
	if _, ok := p.Y.Tick.Marker.(viz.Ticks); !ok {
		t.Errorf("y tick marker %T, want viz.Ticks", p.Y.Tick.Marker)
	}
}

func TestPlotErrors(t *testing.T) {
	res := fakeResults(2)
	if _, err := Curves(res, "logik", nil, 0.25); err == nil || !strings.Contains(err.Error(), `unknown measure "logik"`) || !strings.Contains(err.Error(), "did you mean loglik") {
		t.Errorf("Curves of an unknown measure: %v", err)
	}
	if _, err := Box(res, "energy", "max", nil); err == nil || !strings.Contains(err.Error(), "unknown measure") {
		t.Errorf("Box of an unknown measure: %v", err)
	}
	if _, err := Box(res, "loglik", "largest", nil); err == nil || !strings.Contains(err.Error(), "unknown reduction") {
		t.Errorf("Box with an unknown reduction: %v", err)
	}
	if _, err := Curves(res, "loglik", []string{"sampler"}, 0.25); err == nil || !strings.Contains(err.Error(), `unknown axis "sampler"`) {
		t.Errorf("Curves by an unknown axis: %v", err)
	}
	if _, err := Curves(res, "loglik", nil, 0.7); err == nil {
		t.Error("Curves with q = 0.7: no error")
	}
	if _, err := (*Sweep)(nil).Curves("loglik", nil, 0.25); err == nil {
		t.Error("Curves of a nil sweep: no error")
	}
	s := &Sweep{Results: res}
	if _, err := s.Box("loglik", "final", []string{"learner"}); err != nil {
		t.Errorf("Sweep.Box: %v", err)
	}
}

// ExampleCurves plots the median log-likelihood per learner with its
// interquartile band, and a box plot of each run's maximum.
func ExampleCurves() {
	var results []*Result
	for _, learner := range []string{"cd", "pcd"} {
		for rep := 0; rep < 5; rep++ {
			r := &Result{Axes: []AxisValue{{Name: "learner", Value: learner}}}
			for step := 100; step <= 500; step += 100 {
				r.Points = append(r.Points, Point{Measure: "loglik", Step: step, Value: -10 + float64(step)/100 + float64(rep)/10})
			}
			results = append(results, r)
		}
	}
	curves, err := Curves(results, "loglik", []string{"learner"}, 0.25)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: updates %v to %v\n", curves.Title.Text, curves.X.Min, curves.X.Max)
	box, err := Box(results, "loglik", "max", []string{"learner"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %.1f to %.1f\n", box.Title.Text, box.Y.Min, box.Y.Max)
	_, err = Curves(results, "recon", nil, 0.25)
	fmt.Println(err)
	// Output:
	// loglik: updates 100 to 500
	// max loglik: -5.0 to -4.6
	// dsl: Curves: unknown measure "recon" (the results have loglik)
}

// BenchmarkCurves builds the band plot of 2 cells × 25 runs × 200 steps.
func BenchmarkCurves(b *testing.B) {
	var results []*Result
	for i := 0; i < 50; i++ {
		r := &Result{Axes: []AxisValue{{Name: "learner", Value: []string{"cd", "pcd"}[i%2]}}}
		for s := 1; s <= 200; s++ {
			r.Points = append(r.Points, Point{Measure: "loglik", Step: 10 * s, Value: float64(i*s%17) - 20})
		}
		results = append(results, r)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Curves(results, "loglik", []string{"learner"}, 0.25); err != nil {
			b.Fatal(err)
		}
	}
}
