package dsl

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
)

// pairedResults makes, for each rate, one pair of results per difference
// d: sampler a with max loglik d and sampler b with 0, sharing a seed.
func pairedResults(diffs map[float64][]float64) []*Result {
	var out []*Result
	seed := uint64(0)
	for _, rate := range []float64{0.5, 0.01, 0.1} { // not in sorted order
		for _, d := range diffs[rate] {
			seed++
			for _, s := range []struct {
				name string
				v    float64
			}{{"flip", d}, {"gibbs", 0}} {
				out = append(out, &Result{Key: fmt.Sprint(seed, s.name), Seed: seed,
					Axes:   []AxisValue{{"sampler", s.name}, {"rate", rate}},
					Points: []Point{{Measure: "loglik", Step: 1, Value: s.v}}})
			}
		}
	}
	return out
}

// enumeratedP is the exact two-sided p of W⁺ = w with n ranks, from all
// 2ⁿ sign assignments.
func enumeratedP(n, w int) float64 {
	count := enumerateW(n)
	le, ge := 0, 0
	for s, c := range count {
		if s <= w {
			le += c
		}
		if s >= w {
			ge += c
		}
	}
	return math.Min(1, 2*float64(min(le, ge))/float64(int(1)<<n))
}

// TestCompareReadsRight checks what a comparison reports, per cell sorted
// by rate: W⁺ and W⁻, the exact p (from enumerating all sign
// assignments), Holm's adjustment over the three cells worked by hand, the
// Hodges–Lehmann shift and interval, and the warning of a cell whose 5
// pairs cannot reach 0.05.
func TestCompareReadsRight(t *testing.T) {
	res := pairedResults(map[float64][]float64{
		0.01: {1, 2, 3, 4, 5},                 // W⁺ = 15, p = 2/32
		0.1:  {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, // W⁺ = 55, p = 2/1024
		0.5:  {1, -2, 3, -4, 5, -6, 7, 8},     // W⁺ = 24, W⁻ = 12
	})
	tab, err := Compare(res, CompareSpec{Axis: "sampler", A: "flip", B: "gibbs", Reduce: "max", Measure: "loglik", By: []string{"rate"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Cells) != 3 || tab.Tests != 3 {
		t.Fatalf("%d cells, %d tests", len(tab.Cells), tab.Tests)
	}
	want := []struct {
		rate        float64
		wplus, wmin float64
		p           float64
		warn        bool
		est, lo, hi float64
	}{
		{0.01, 15, 0, enumeratedP(5, 15), true, 3, math.Inf(-1), math.Inf(1)},
		{0.1, 55, 0, enumeratedP(10, 55), false, 5.5, 3, 8},
		{0.5, 24, 12, enumeratedP(8, 24), false, walshMedian([]float64{1, -2, 3, -4, 5, -6, 7, 8}), math.NaN(), math.NaN()},
	}
	// Holm by hand: p(0.1) = 2/1024 is smallest (×3), then p(0.01) = 1/16
	// (×2 = 0.125), then p(0.5) (×1, at least 0.125).
	p8 := enumeratedP(8, 24)
	holm := []float64{0.125, 3 * 2.0 / 1024, math.Max(0.125, p8)}
	for i, w := range want {
		c := tab.Cells[i]
		if c.Levels[0] != w.rate {
			t.Fatalf("cell %d is rate %v, want %v (sorted ascending)", i, c.Levels[0], w.rate)
		}
		if c.Test.WPlus != w.wplus || c.Test.WMinus != w.wmin || !c.Test.Exact || math.Abs(c.Test.P-w.p) > 1e-15 {
			t.Errorf("rate %v: W+ %v W- %v p %v exact %v, want %v %v %v", w.rate, c.Test.WPlus, c.Test.WMinus, c.Test.P, c.Test.Exact, w.wplus, w.wmin, w.p)
		}
		if math.Abs(c.PHolm-holm[i]) > 1e-15 || c.Significant != (holm[i] <= 0.05) {
			t.Errorf("rate %v: p Holm %v significant %v, want %v", w.rate, c.PHolm, c.Significant, holm[i])
		}
		if (c.Warning != "") != w.warn {
			t.Errorf("rate %v: warning %q", w.rate, c.Warning)
		}
		if c.Shift.Estimate != w.est || !math.IsNaN(w.lo) && (c.Shift.Lo != w.lo || c.Shift.Hi != w.hi) {
			t.Errorf("rate %v: shift %+v, want %v [%v, %v]", w.rate, c.Shift, w.est, w.lo, w.hi)
		}
	}
	if !tab.Cells[1].Significant {
		t.Error("10 pairs all positive: want significant after Holm (0.00586 ≤ 0.05)")
	}
	if w := tab.Cells[0].Warning; w != "5 pairs cannot reach p ≤ 0.05: the smallest exact two-sided p with 5 pairs is 0.0625" {
		t.Errorf("warning %q", w)
	}
	txt := tab.Text()
	for _, s := range []string{"W+", "W-", "p Holm", "shift (HL)", "95% CI", "[3, 8]", "none (too few pairs)",
		"warning: rate=0.01: 5 pairs cannot reach", "differences flip − gibbs"} {
		if !strings.Contains(txt, s) {
			t.Errorf("text lacks %q:\n%s", s, txt)
		}
	}
	// At α = 0.001 the 10-pair cell (Holm 0.00586) is no longer
	// significant, the 8-pair cell warns (2/256 > 0.001), and the
	// interval has level 99.9%.
	tab, _ = Compare(res, CompareSpec{Axis: "sampler", A: "flip", B: "gibbs", Reduce: "max", Measure: "loglik", By: []string{"rate"}, Alpha: 0.001})
	if tab.Cells[1].Significant || tab.Cells[2].Warning == "" || !strings.Contains(tab.Text(), "99.9% CI") {
		t.Errorf("α = 0.001:\n%s", tab.Text())
	}
}

// TestSummaryBest checks the order of summary cells (numbers ascending)
// and the best line's direction: the highest median log-likelihood, the
// lowest median reconstruction error, and none for a measure of unknown
// direction or a table of statistics without a location.
func TestSummaryBest(t *testing.T) {
	var res []*Result
	for i, rate := range []float64{0.5, 0.01, 0.1} {
		for rep := 0; rep < 3; rep++ {
			v := float64(i*10 + rep) // medians 1, 11, 21 for 0.5, 0.01, 0.1
			res = append(res, &Result{Key: fmt.Sprint(rate, rep), Axes: []AxisValue{{"rate", rate}},
				Points: []Point{{Measure: "m", Step: 1, Value: v}}})
		}
	}
	for _, c := range []struct {
		better, stats string
		best          int
		rate          string
	}{
		{"higher", "median", 1, "rate=0.1"},
		{"lower", "median", 2, "rate=0.5"},
		{"lower", "n,sd,mean", 2, "rate=0.5"},
		{"", "median", -1, ""},
		{"higher", "n,sd", -1, ""},
	} {
		tab, err := Summarize(res, SummarySpec{Stats: strings.Split(c.stats, ","), Reduce: "max", Measure: "m", By: []string{"rate"}, Better: c.better})
		if err != nil {
			t.Fatal(err)
		}
		var order []any
		for _, cell := range tab.Cells {
			order = append(order, cell.Levels[0])
		}
		if fmt.Sprint(order) != "[0.01 0.1 0.5]" {
			t.Errorf("order %v, want ascending", order)
		}
		if tab.Best != c.best || c.best >= 0 && !strings.HasPrefix(tab.BestLine(), "best: "+c.rate+" (") || c.best < 0 && tab.BestLine() != "" {
			t.Errorf("%s %s: best %d %q, want %d %s", c.better, c.stats, tab.Best, tab.BestLine(), c.best, c.rate)
		}
	}
}

// TestCompareAt checks that `at α` reaches the comparison and that the
// report of a sweep file shows the best line and the Holm column.
func TestCompareAt(t *testing.T) {
	src := strings.Replace(resumeSweep, "compare sampler flip vs gibbs on max loglik by rate",
		"compare sampler flip vs gibbs on max loglik by rate at 0.01", 1)
	p := mustPlan(t, src)
	if a := p.Spec.Compares[0].Alpha; a != 0.01 {
		t.Fatalf("alpha %v, want 0.01", a)
	}
	st, _ := OpenStore(t.TempDir())
	if _, err := Run(context.Background(), p, st, fakeRun, &Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	res, _ := LoadResults(st.Dir)
	rep, err := NewReport(p, res)
	if err != nil {
		t.Fatal(err)
	}
	md := rep.Markdown()
	for _, s := range []string{"best: sampler=flip (median of max loglik", "| p Holm |", "99% CI", "* p Holm ≤ 0.01"} {
		if !strings.Contains(md, s) {
			t.Errorf("report lacks %q:\n%s", s, md)
		}
	}
}
