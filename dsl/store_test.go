package dsl

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestStoreRoundTrip checks that a result survives Write and Read,
// including non-finite values and a 64-bit seed, and that files of another
// schema are rejected.
func TestStoreRoundTrip(t *testing.T) {
	st, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &Result{Key: "00ff", Index: 3, Seed: math.MaxUint64 - 1, Axes: []AxisValue{{"rate", 0.1}},
		Points: []Point{{"loglik", 100, -3.5}, {"loglik", 200, math.NaN()}, {"ais", 200, math.Inf(-1)}}}
	if err := st.Write(r); err != nil {
		t.Fatal(err)
	}
	got, err := st.Read("00ff")
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != r.Seed || got.Schema != ResultSchema || len(got.Points) != 3 ||
		got.Points[0].Value != -3.5 || !math.IsNaN(got.Points[1].Value) || !math.IsInf(got.Points[2].Value, -1) {
		t.Errorf("round trip: %+v", got)
	}
	b, _ := os.ReadFile(st.Path("00ff"))
	if !strings.Contains(string(b), `"seed": "18446744073709551614"`) {
		t.Errorf("seed not written as a decimal string:\n%s", b)
	}
	os.WriteFile(st.Path("bad"), []byte(`{"schema": "other/v9"}`), 0o644)
	if _, err := st.Load(); err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("Load accepted a foreign schema: %v", err)
	}
}

// TestWriteCSV checks the long format: one row per run, measure and step,
// axis columns, and a row for a failed run without points.
func TestWriteCSV(t *testing.T) {
	res := []*Result{
		{Key: "a", Index: 0, Seed: 5, Axes: []AxisValue{{"sampler", "gibbs"}, {"rate", 0.1}},
			Points: []Point{{"loglik", 100, -2}, {"loglik", 200, -1.5}}},
		{Key: "b", Index: 1, Seed: 6, Axes: []AxisValue{{"sampler", "flip"}, {"rate", 0.1}}, Error: "diverged, badly"},
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"key", "index", "repeat", "seed", "sampler", "rate", "status", "measure", "step", "value", "seconds", "error"},
		{"a", "0", "0", "5", "gibbs", "0.1", "ok", "loglik", "100", "-2", "0", ""},
		{"a", "0", "0", "5", "gibbs", "0.1", "ok", "loglik", "200", "-1.5", "0", ""},
		{"b", "1", "0", "6", "flip", "0.1", "failed", "", "", "", "0", "diverged, badly"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %v", len(rows), len(want), rows)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %v, want %v", i, rows[i], want[i])
		}
	}
}

// TestReport runs the resume sweep and checks its summary and paired
// comparison: the fake run gives flip a bonus of 0.2 over gibbs with noise
// of sd 0.1 per point, the same noise for both (paired seeds), so every
// pair differs by the same 0.2: W⁻ = 0 and the 4 differences form one tie
// group, so the normal approximation with tie correction applies:
// μ = 4·5/4 = 5, σ² = 4·5·9/24 − (4³−4)/48 = 6.25, z = (0−5)/2.5 = −2,
// p = 2Φ(−2) = erfc(√2) ≈ 0.0455.
func TestReport(t *testing.T) {
	p := mustPlan(t, resumeSweep)
	st, _ := OpenStore(t.TempDir())
	if _, err := Run(context.Background(), p, st, fakeRun, &Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	res, err := LoadResults(st.Dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := NewReport(p, res)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Results != 24 || rep.Failed != 8 || rep.Missing != 0 || len(rep.Summaries) != 1 || len(rep.Comparisons) != 1 {
		t.Fatalf("report %+v", rep)
	}
	s := rep.Summaries[0]
	// Cells sorted by level: flip before gibbs; flip is the best (higher
	// log-likelihood is better).
	if len(s.Cells) != 2 || s.Cells[0].Levels[0] != "flip" || s.Cells[1].N != 8 || s.Cells[1].Missing != 4 {
		t.Errorf("summary cells %+v", s.Cells)
	}
	if d := s.Cells[0].Stats[0] - s.Cells[1].Stats[0]; math.Abs(d-0.2) > 1e-9 {
		t.Errorf("median max loglik flip − gibbs = %v, want 0.2 (same noise per pair)", d)
	}
	if s.Best != 0 || s.BestStat != "median" || !strings.HasPrefix(s.BestLine(), "best: sampler=flip (median of max loglik ") {
		t.Errorf("best %d %q: %q", s.Best, s.BestStat, s.BestLine())
	}
	c := rep.Comparisons[0]
	if len(c.Cells) != 3 {
		t.Fatalf("comparison cells %+v", c.Cells)
	}
	// Two tests, both p = erfc(√2): Holm multiplies the smaller by 2 and
	// the larger by 1, then takes the running maximum, so both become
	// 2·erfc(√2) ≈ 0.091 > 0.05. Four pairs cannot reach 0.05 exactly
	// (2/2⁴ = 0.125), which each cell warns of.
	for _, cell := range c.Cells[:2] {
		if cell.Pairs != 4 || cell.Test.WMinus != 0 || cell.Test.WPlus != 10 || cell.Test.Exact || !near(cell.Test.Z, -2, 1e-12) || !near(cell.Test.P, math.Erfc(math.Sqrt2), 1e-12) {
			t.Errorf("cell %v: %+v", cell.Levels, cell)
		}
		if !near(cell.PHolm, 2*math.Erfc(math.Sqrt2), 1e-12) || cell.Significant || !strings.Contains(cell.Warning, "the smallest exact two-sided p with 4 pairs is 0.125") {
			t.Errorf("cell %v: p Holm %v significant %v warning %q", cell.Levels, cell.PHolm, cell.Significant, cell.Warning)
		}
		if !near(cell.Shift.Estimate, 0.2, 1e-9) || !math.IsInf(cell.Shift.Lo, -1) {
			t.Errorf("cell %v: shift %+v, want 0.2 with no 95%% interval from 4 pairs", cell.Levels, cell.Shift)
		}
	}
	if c.Tests != 2 {
		t.Errorf("%d tests, want 2", c.Tests)
	}
	if c.Cells[2].Err != "no complete pairs" {
		t.Errorf("failed-rate cell: %+v", c.Cells[2])
	}
	md := rep.Markdown()
	for _, want := range []string{"| sampler | median | n | missing |", "| 0.01 | 4 |", "no complete pairs"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if txt := rep.Text(); !strings.Contains(txt, "24 results, 8 failed, 0 missing") {
		t.Errorf("text report:\n%s", txt)
	}
}

// TestResultAccessors checks Series, Final and Level on a result whose
// points are stored out of step order, with two measurements and a
// measurement taken only at the end.
func TestResultAccessors(t *testing.T) {
	r := &Result{
		Axes: []AxisValue{{Name: "rate", Value: 0.05}, {Name: "op", Value: "flip"}},
		Points: []Point{
			{Measure: "loglik", Step: 200, Value: -3.5},
			{Measure: "tau", Step: 300, Value: 2.5},
			{Measure: "loglik", Step: 100, Value: -4},
			{Measure: "loglik", Step: 300, Value: -3.2},
		},
	}
	if steps, v := r.Series("loglik"); !reflect.DeepEqual(steps, []int{100, 200, 300}) || !reflect.DeepEqual(v, []float64{-4, -3.5, -3.2}) {
		t.Errorf("Series(loglik) = %v, %v", steps, v)
	}
	if f := r.Final("loglik"); f != -3.2 {
		t.Errorf("Final(loglik) = %v, want the value at step 300, -3.2", f)
	}
	if f := r.Final("tau"); f != 2.5 {
		t.Errorf("Final(tau) = %v, want 2.5", f)
	}
	if f := r.Final("ais"); !math.IsNaN(f) {
		t.Errorf("Final of a measurement without points = %v, want NaN", f)
	}
	if a, b, c := r.Level("rate"), r.Level("op"), r.Level("none"); a != "0.05" || b != "flip" || c != "" {
		t.Errorf("Level: rate %q, op %q, none %q; want 0.05, flip and empty", a, b, c)
	}
}
