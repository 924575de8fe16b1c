package dsl

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Reduce turns the series of one measurement of a run into one number:
// "max", "min", "final" (the value at the largest step) or "mean". NaN
// values are ignored by max, min and mean. It returns false if the run has
// no finite value of the measurement or how is unknown.
func Reduce(r *Result, measure, how string) (float64, bool) {
	if r == nil {
		return 0, false
	}
	_, vals := r.Series(measure)
	var v float64
	switch how {
	case "final":
		if len(vals) == 0 {
			return 0, false
		}
		v = vals[len(vals)-1]
	case "max", "min", "mean":
		var finite []float64
		for _, x := range vals {
			if !math.IsNaN(x) {
				finite = append(finite, x)
			}
		}
		if len(finite) == 0 {
			return 0, false
		}
		v = finite[0]
		for _, x := range finite[1:] {
			switch how {
			case "max":
				v = math.Max(v, x)
			case "min":
				v = math.Min(v, x)
			}
		}
		if how == "mean" {
			v = Mean(finite)
		}
	default:
		return 0, false
	}
	return v, !math.IsNaN(v)
}

// SummaryTable holds statistics per cell of a SummarySpec's By axes.
type SummaryTable struct {
	Spec  SummarySpec
	Cells []SummaryCell
	// Best is the index in Cells of the best cell: the one whose first
	// location statistic (BestStat: median, mean, min, max or a quantile)
	// is highest, or lowest, as Spec.Better says; the first in Cells' order
	// among equals. −1 when Spec.Better is "", the spec has no location
	// statistic, or no cell has a value.
	Best     int
	BestStat string
	// Ties counts the other cells whose BestStat equals the best's.
	Ties int
}

// SummaryCell is one row of a SummaryTable: the By levels, the number of
// runs used (N), the number left out because they failed, were stopped
// early by the sweep's asha rule (their series end at a smaller budget) or
// had no value (Missing), and one value per statistic of the spec.
type SummaryCell struct {
	Levels  []any
	N       int
	Missing int
	Stats   []float64
}

// Summarize computes s over results: each successful run is reduced to one
// number (s.Reduce of s.Measure), runs are grouped by their levels of s.By,
// and each statistic is computed per cell. Cells are sorted by their
// levels, the first By axis slowest: numbers ascending, names and strings
// in byte order, false before true. The best cell (SummaryTable.Best) is
// found when s.Better is set. It returns an error for an unknown statistic
// or reduction.
func Summarize(results []*Result, s SummarySpec) (*SummaryTable, error) {
	if !contains(reductions, s.Reduce) {
		return nil, fmt.Errorf("dsl: summary: unknown reduction %q", s.Reduce)
	}
	stats := s.Stats
	if len(stats) == 0 {
		stats = []string{"median", "q0.25", "q0.75", "n"}
	}
	fns := make([]func([]float64) float64, len(stats))
	for i, name := range stats {
		f, err := statFunc(name)
		if err != nil {
			return nil, err
		}
		fns[i] = f
	}
	t := &SummaryTable{Spec: s}
	t.Spec.Stats = stats
	groups, order := group(results, s.By)
	for _, k := range order {
		g := groups[k]
		c := SummaryCell{Levels: g.levels}
		var vals []float64
		for _, r := range g.results {
			v, ok := Reduce(r, s.Measure, s.Reduce)
			if r.Error != "" || r.Stopped != nil || !ok {
				c.Missing++
				continue
			}
			vals = append(vals, v)
		}
		c.N = len(vals)
		for _, f := range fns {
			c.Stats = append(c.Stats, f(vals))
		}
		t.Cells = append(t.Cells, c)
	}
	sort.SliceStable(t.Cells, func(i, j int) bool { return levelsLess(t.Cells[i].Levels, t.Cells[j].Levels) })
	t.findBest()
	return t, nil
}

// findBest sets Best, BestStat and Ties.
func (t *SummaryTable) findBest() {
	t.Best = -1
	col := -1
	for i, name := range t.Spec.Stats {
		if name != "n" && name != "sd" {
			col = i
			break
		}
	}
	if col < 0 || t.Spec.Better != "higher" && t.Spec.Better != "lower" {
		return
	}
	t.BestStat = t.Spec.Stats[col]
	for i, c := range t.Cells {
		v := c.Stats[col]
		if math.IsNaN(v) {
			continue
		}
		if t.Best < 0 {
			t.Best = i
			continue
		}
		b := t.Cells[t.Best].Stats[col]
		if t.Spec.Better == "higher" && v > b || t.Spec.Better == "lower" && v < b {
			t.Best = i
		}
	}
	if t.Best < 0 {
		return
	}
	for i, c := range t.Cells {
		if i != t.Best && c.Stats[col] == t.Cells[t.Best].Stats[col] {
			t.Ties++
		}
	}
}

// levelsLess orders cells by their levels, the first slowest.
func levelsLess(a, b []any) bool {
	for i := range a {
		if i >= len(b) {
			return false
		}
		if c := levelOrder(a[i], b[i]); c != 0 {
			return c < 0
		}
	}
	return len(a) < len(b)
}

// levelOrder compares two levels: numbers by value and before other
// values, false before true, the rest by their written form.
func levelOrder(x, y any) int {
	xf, xn := toFloat(x)
	yf, yn := toFloat(y)
	switch {
	case xn && yn:
		switch {
		case xf < yf:
			return -1
		case xf > yf:
			return 1
		}
		return 0
	case xn:
		return -1
	case yn:
		return 1
	}
	xb, xok := x.(bool)
	yb, yok := y.(bool)
	if xok && yok {
		switch {
		case xb == yb:
			return 0
		case !xb:
			return -1
		}
		return 1
	}
	return strings.Compare(formatValue(x), formatValue(y))
}

func statFunc(name string) (func([]float64) float64, error) {
	switch name {
	case "median":
		return Median, nil
	case "mean":
		return Mean, nil
	case "sd":
		return SD, nil
	case "n":
		return func(x []float64) float64 { return float64(len(x)) }, nil
	case "min":
		return func(x []float64) float64 { return Quantile(0, x) }, nil
	case "max":
		return func(x []float64) float64 { return Quantile(1, x) }, nil
	}
	var p float64
	if _, err := fmt.Sscanf(name, "q%g", &p); err == nil && p >= 0 && p <= 1 {
		return func(x []float64) float64 { return Quantile(p, x) }, nil
	}
	return nil, fmt.Errorf("dsl: unknown statistic %q (want median, mean, sd, min, max, n or q<p>)", name)
}

type cellGroup struct {
	levels  []any
	results []*Result
}

// group groups results by their levels of axes, in order of first
// appearance.
func group(results []*Result, axes []string) (map[string]*cellGroup, []string) {
	groups := map[string]*cellGroup{}
	var order []string
	for _, r := range results {
		var levels []any
		var key strings.Builder
		for _, a := range axes {
			v, _ := r.Value(a)
			levels = append(levels, v)
			fmt.Fprintf(&key, "%s\x00", formatValue(v))
		}
		g, ok := groups[key.String()]
		if !ok {
			g = &cellGroup{levels: levels}
			groups[key.String()] = g
			order = append(order, key.String())
		}
		g.results = append(g.results, r)
	}
	return groups, order
}

// ComparisonTable holds a paired comparison per cell of a CompareSpec's By
// axes, sorted by the cells' levels as a SummaryTable's are.
type ComparisonTable struct {
	Spec  CompareSpec
	Cells []CompareCell
	// Tests is the number of cells with a test: the family over which
	// Holm's correction controls the chance of any false significance.
	Tests int
}

// CompareCell is one row of a ComparisonTable. Pairs are the runs at
// level A and level B that agree on every other axis and on the seed;
// MedianA and MedianB are the medians of the reduced values of the paired
// runs, Test the Wilcoxon signed-rank test of the differences A − B (its
// WPlus sums the ranks where A is higher, WMinus where B is), Shift the
// Hodges–Lehmann estimate of the median difference A − B with its
// interval of level 1 − α, PHolm the p-value adjusted by Holm's method
// over the table's tests (NaN without a test). Significant is PHolm ≤ α.
// Err says why there is no test (e.g. no pairs); Warning, when not empty,
// says that the cell's pairs are too few for the exact test ever to reach
// α (SmallestP(Test.N) > α), whatever the data; where ties made the test
// use the normal approximation, its p may be below α all the same and is
// not to be trusted.
type CompareCell struct {
	Levels           []any
	Pairs            int
	MedianA, MedianB float64
	Test             WilcoxonResult
	Shift            Shift
	PHolm            float64
	Significant      bool
	Err              string
	Warning          string
}

// Compare computes the paired comparisons of c over results: per cell of
// c.By, the Wilcoxon test and the Hodges–Lehmann shift of the paired
// differences, then Holm's adjustment of the cells' p-values.
func Compare(results []*Result, c CompareSpec) (*ComparisonTable, error) {
	if !contains(reductions, c.Reduce) {
		return nil, fmt.Errorf("dsl: compare: unknown reduction %q", c.Reduce)
	}
	alpha := c.Level()
	if !(alpha > 0 && alpha < 1) {
		return nil, fmt.Errorf("dsl: compare: significance level %v is not in (0, 1)", alpha)
	}
	skip := append([]string{c.Axis}, c.Zipped...)
	t := &ComparisonTable{Spec: c}
	groups, order := group(results, c.By)
	for _, k := range order {
		g := groups[k]
		cell := CompareCell{Levels: g.levels}
		type pair struct {
			a, b     float64
			hasA, hb bool
		}
		pairs := map[string]*pair{}
		var porder []string
		for _, r := range g.results {
			lv, _ := r.Value(c.Axis)
			isA, isB := cmp(lv, c.A) == 0, cmp(lv, c.B) == 0
			if !isA && !isB || r.Error != "" || r.Stopped != nil {
				continue
			}
			v, ok := Reduce(r, c.Measure, c.Reduce)
			if !ok {
				continue
			}
			var key strings.Builder
			fmt.Fprintf(&key, "%d\x00", r.Seed)
			for _, a := range r.Axes {
				if !contains(skip, a.Name) {
					fmt.Fprintf(&key, "%s=%s\x00", a.Name, formatValue(a.Value))
				}
			}
			p, ok := pairs[key.String()]
			if !ok {
				p = &pair{}
				pairs[key.String()] = p
				porder = append(porder, key.String())
			}
			if isA {
				p.a, p.hasA = v, true
			} else {
				p.b, p.hb = v, true
			}
		}
		var xa, xb []float64
		for _, k := range porder {
			if p := pairs[k]; p.hasA && p.hb {
				xa = append(xa, p.a)
				xb = append(xb, p.b)
			}
		}
		cell.Pairs = len(xa)
		cell.MedianA, cell.MedianB = Median(xa), Median(xb)
		cell.PHolm = math.NaN()
		cell.Shift = Shift{Estimate: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), Coverage: math.NaN()}
		if len(xa) == 0 {
			cell.Err = "no complete pairs"
		} else if res, err := Wilcoxon(xa, xb); err != nil {
			cell.Err = strings.TrimPrefix(err.Error(), "dsl: wilcoxon: ")
			cell.Test = res
		} else {
			cell.Test = res
		}
		if len(xa) > 0 {
			if sh, err := HodgesLehmann(xa, xb, 1-alpha); err == nil {
				cell.Shift = sh
			}
		}
		if cell.Err == "" && SmallestP(cell.Test.N) > alpha {
			cell.Warning = fmt.Sprintf("%d pairs cannot reach p ≤ %s: the smallest exact two-sided p with %d pairs is %s",
				cell.Test.N, formatNum(alpha), cell.Test.N, formatNum(SmallestP(cell.Test.N)))
			if !cell.Test.Exact {
				cell.Warning += " (the normal approximation's smaller p is not to be trusted)"
			}
		}
		t.Cells = append(t.Cells, cell)
	}
	sort.SliceStable(t.Cells, func(i, j int) bool { return levelsLess(t.Cells[i].Levels, t.Cells[j].Levels) })
	p := make([]float64, len(t.Cells))
	for i, cell := range t.Cells {
		p[i] = math.NaN()
		if cell.Err == "" {
			p[i] = cell.Test.P
			t.Tests++
		}
	}
	for i, adj := range Holm(p) {
		t.Cells[i].PHolm = adj
		t.Cells[i].Significant = adj <= alpha
	}
	return t, nil
}

// Report is the analysis a sweep file asks for: its summaries and paired
// comparisons, computed from the results.
type Report struct {
	Name    string
	Results int // results of the plan's runs (all results when plan is nil)
	Failed  int // of them failed
	// Stopped counts the results of runs stopped early by an asha rule
	// (Result.Stopped); the tables leave them out.
	Stopped int
	Missing int // planned runs without a result (when a plan was given)
	// Other counts the results given that are not of the plan's runs
	// (another plan's, see Plan.Select); they are not counted above.
	Other       int
	Summaries   []*SummaryTable
	Comparisons []*ComparisonTable
}

// NewReport computes every summary and comparison of plan.Spec over the
// results of plan's runs (Plan.Select), counting the others in Other.
// plan may be nil only for counting: every result is then counted, Missing
// is 0 and no tables are made.
func NewReport(plan *Plan, results []*Result) (*Report, error) {
	rep := &Report{}
	if plan != nil {
		results, rep.Other = plan.Select(results)
	}
	var kept []*Result
	for _, r := range results {
		if r == nil {
			continue
		}
		kept = append(kept, r)
		switch r.Status() {
		case "failed":
			rep.Failed++
		case "stopped":
			rep.Stopped++
		}
	}
	results = kept
	rep.Results = len(results)
	if plan == nil || plan.Spec == nil {
		return rep, nil
	}
	rep.Name = plan.Spec.Name
	have := map[string]bool{}
	for _, r := range results {
		have[r.Key] = true
	}
	for _, j := range plan.Jobs {
		if !have[j.Key] {
			rep.Missing++
		}
	}
	for _, s := range plan.Spec.Summaries {
		t, err := Summarize(results, s)
		if err != nil {
			return nil, err
		}
		rep.Summaries = append(rep.Summaries, t)
	}
	for _, c := range plan.Spec.Compares {
		t, err := Compare(results, c)
		if err != nil {
			return nil, err
		}
		rep.Comparisons = append(rep.Comparisons, t)
	}
	return rep, nil
}

// Text renders the report as plain text with aligned columns.
func (r *Report) Text() string { return r.render(false) }

// Markdown renders the report as Markdown tables.
func (r *Report) Markdown() string { return r.render(true) }

func (r *Report) render(md bool) string {
	var b strings.Builder
	title := r.Name
	if title == "" {
		title = "sweep"
	}
	if md {
		fmt.Fprintf(&b, "## %s\n\n", title)
	} else {
		fmt.Fprintf(&b, "%s\n", title)
	}
	fmt.Fprintf(&b, "%d results, %d failed, %d missing", r.Results, r.Failed, r.Missing)
	if r.Stopped > 0 {
		fmt.Fprintf(&b, "; %d stopped early by asha, left out of the tables", r.Stopped)
	}
	if r.Other > 0 {
		fmt.Fprintf(&b, " (%d results of runs not in this plan left out)", r.Other)
	}
	b.WriteString("\n\n")
	for _, t := range r.Summaries {
		b.WriteString(t.render(md))
		b.WriteString("\n")
	}
	for _, t := range r.Comparisons {
		b.WriteString(t.render(md))
		b.WriteString("\n")
	}
	return b.String()
}

// Text renders the table as plain text.
func (t *SummaryTable) Text() string { return t.render(false) }

// Markdown renders the table as Markdown.
func (t *SummaryTable) Markdown() string { return t.render(true) }

func (t *SummaryTable) render(md bool) string {
	title := fmt.Sprintf("%s of %s %s", strings.Join(t.Spec.Stats, ", "), t.Spec.Reduce, t.Spec.Measure)
	if len(t.Spec.By) > 0 {
		title += " by " + strings.Join(t.Spec.By, ", ")
	}
	head := append(append([]string{}, t.Spec.By...), t.Spec.Stats...)
	head = append(head, "missing")
	var rows [][]string
	for _, c := range t.Cells {
		var row []string
		for _, l := range c.Levels {
			row = append(row, formatValue(l))
		}
		for i, v := range c.Stats {
			if t.Spec.Stats[i] == "n" {
				row = append(row, fmt.Sprint(int(v)))
			} else {
				row = append(row, formatNum(v))
			}
		}
		row = append(row, fmt.Sprint(c.Missing))
		rows = append(rows, row)
	}
	out := renderTable(title, head, rows, md)
	if line := t.BestLine(); line != "" {
		if md {
			out += "\n"
		}
		out += line + "\n"
	}
	return out
}

// BestLine describes the best cell, e.g. "best: sampler=flip (median of
// max loglik -9.81; higher is better)", or returns "" when the table has
// fewer than two cells or no best cell.
func (t *SummaryTable) BestLine() string {
	if t.Best < 0 || len(t.Cells) < 2 {
		return ""
	}
	c := t.Cells[t.Best]
	var lv []string
	for i, l := range c.Levels {
		lv = append(lv, t.Spec.By[i]+"="+formatValue(l))
	}
	col := 0
	for i, name := range t.Spec.Stats {
		if name == t.BestStat {
			col = i
			break
		}
	}
	line := fmt.Sprintf("best: %s (%s of %s %s %s; %s is better)", strings.Join(lv, ", "), t.BestStat,
		t.Spec.Reduce, t.Spec.Measure, formatNum(c.Stats[col]), t.Spec.Better)
	if t.Ties > 0 {
		line += fmt.Sprintf(", tied with %d other cells", t.Ties)
	}
	return line
}

// Text renders the table as plain text.
func (t *ComparisonTable) Text() string { return t.render(false) }

// Markdown renders the table as Markdown.
func (t *ComparisonTable) Markdown() string { return t.render(true) }

func (t *ComparisonTable) render(md bool) string {
	s := t.Spec
	alpha := s.Level()
	a, b := formatValue(s.A), formatValue(s.B)
	title := fmt.Sprintf("%s %s vs %s on %s %s (Wilcoxon signed-rank, paired by seed; differences %s − %s)", s.Axis,
		a, b, s.Reduce, s.Measure, a, b)
	if len(s.By) > 0 {
		title += " by " + strings.Join(s.By, ", ")
	}
	ci := fmt.Sprintf("%s%% CI", formatNum(100*(1-alpha)))
	head := append(append([]string{}, s.By...), "pairs", "median "+a, "median "+b, "shift (HL)", ci, "W+", "W-", "p", "p Holm", "")
	var rows [][]string
	var notes []string
	for _, c := range t.Cells {
		var row []string
		var lv []string
		for i, l := range c.Levels {
			row = append(row, formatValue(l))
			lv = append(lv, s.By[i]+"="+formatValue(l))
		}
		row = append(row, fmt.Sprint(c.Pairs), formatNum(c.MedianA), formatNum(c.MedianB), formatNum(c.Shift.Estimate), formatInterval(c.Shift))
		if c.Err != "" {
			row = append(row, "", "", "", "", c.Err)
		} else {
			mark := ""
			if c.Significant {
				mark = "*"
			}
			if !c.Test.Exact {
				mark += " (normal approx.)"
			}
			row = append(row, formatNum(c.Test.WPlus), formatNum(c.Test.WMinus), formatNum(c.Test.P), formatNum(c.PHolm), strings.TrimSpace(mark))
		}
		rows = append(rows, row)
		if c.Warning != "" {
			where := strings.Join(lv, ", ")
			if where == "" {
				where = "all runs"
			}
			notes = append(notes, fmt.Sprintf("warning: %s: %s", where, c.Warning))
		}
	}
	out := renderTable(title, head, rows, md)
	sep := "\n"
	if md {
		out += "\n"
		sep = "\n\n"
	}
	out += fmt.Sprintf("W+ sums the ranks of pairs where %s is higher, W- where %s is; shift: Hodges–Lehmann median of %s − %s with its %s%% interval (the signed-rank test inverted); p Holm: adjusted over the %d tests of this table; * p Holm ≤ %s", a, b, a, b, formatNum(100*(1-alpha)), t.Tests, formatNum(alpha)) + sep
	for _, n := range notes {
		out += n + sep
	}
	return out
}

// formatInterval writes a shift's interval as [lo, hi], or "none" when
// the pairs are too few for its level.
func formatInterval(s Shift) string {
	switch {
	case math.IsNaN(s.Lo):
		return ""
	case math.IsInf(s.Lo, -1):
		return "none (too few pairs)"
	}
	return "[" + formatNum(s.Lo) + ", " + formatNum(s.Hi) + "]"
}

func formatNum(v float64) string {
	if math.IsNaN(v) {
		return "NaN"
	}
	return fmt.Sprintf("%.4g", v)
}

func renderTable(title string, head []string, rows [][]string, md bool) string {
	var b strings.Builder
	if md {
		fmt.Fprintf(&b, "**%s**\n\n", title)
		b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
		for range head {
			b.WriteString("---|")
		}
		b.WriteString("\n")
		for _, r := range rows {
			b.WriteString("| " + strings.Join(r, " | ") + " |\n")
		}
		return b.String()
	}
	width := make([]int, len(head))
	for i, h := range head {
		width[i] = len(h)
	}
	for _, r := range rows {
		for i, c := range r {
			if i < len(width) && len(c) > width[i] {
				width[i] = len(c)
			}
		}
	}
	line := func(cells []string) {
		var parts []string
		for i, c := range cells {
			parts = append(parts, fmt.Sprintf("%-*s", width[i], c))
		}
		b.WriteString(strings.TrimRight(strings.Join(parts, "  "), " ") + "\n")
	}
	b.WriteString(title + "\n")
	line(head)
	for _, r := range rows {
		line(r)
	}
	return b.String()
}
