package dsl

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// PlanSchema names the version of the plan record format.
const PlanSchema = "rbm-kernel/sweep-plan/v1"

// PlanRecord is the canonical form of a checked plan, what a result folder
// records of the plan its results belong to (the file PlanFile). It is
// made from the checked Spec and the Plan, not from the file's bytes, so
// layout, comments, the title and the report statements do not change it.
//
// Fingerprint identifies the runs: the first 16 hex digits of the SHA-256
// of the lines "key seed" of every run, sorted by key. Two plans with the
// same fingerprint have the same runs with the same seeds, whatever the
// order of their axes or the spelling of their arguments. The other fields
// describe the plan in words, to say what changed between two plans and
// whether one only adds runs to the other (Grows).
type PlanRecord struct {
	Schema      string `json:"schema"`
	Fingerprint string `json:"fingerprint"`
	Runs        int    `json:"runs"`
	Seed        uint64 `json:"seed,string"`
	Repeats     int    `json:"repeats"`
	Updates     int    `json:"updates"`
	// Axes are the axis groups in declaration order (a zip group is one
	// entry with several names), each with its levels: one tuple per
	// level, one value per name.
	Axes []AxisRecord `json:"axes"`
	// Paired are the axes left out of the run seeds (Plan.Paired).
	Paired []string `json:"paired,omitempty"`
	// Components maps "data", "test" (only with a test statement, so that
	// the records of other plans are those they had), "model", "learner"
	// and "sampler" to the
	// statement's canonical text, e.g. "cd(k = 1, rate = $rate)":
	// arguments sorted by name, numbers in shortest form, operators
	// parenthesised.
	Components map[string]string `json:"components"`
	Measures   []string          `json:"measures,omitempty"`
	Skips      []string          `json:"skips,omitempty"`
	// ASHA is the early-stopping rule (ASHA.String()), "" for none. It is
	// not part of the runs' keys (a run trains the same up to where a
	// rule stops it), so it leaves Fingerprint unchanged; Store.Bind notes
	// a change, and Run runs again the runs stopped under another rule.
	ASHA string `json:"asha,omitempty"`
}

// AxisRecord is one axis group of a PlanRecord.
type AxisRecord struct {
	Names  []string `json:"names"`
	Levels [][]any  `json:"levels"`
}

// Record returns the canonical record of p.
func (p *Plan) Record() *PlanRecord {
	rec := &PlanRecord{Schema: PlanSchema, Fingerprint: p.Fingerprint(), Runs: len(p.Jobs), Components: map[string]string{}}
	spec := p.Spec
	if spec == nil {
		return rec
	}
	rec.Seed, rec.Repeats, rec.Updates = spec.Seed, spec.Repeats, spec.Updates
	rec.Paired = append([]string(nil), p.Paired...)
	for i := 0; i < len(spec.Axes); {
		j := i
		for j < len(spec.Axes) && spec.Axes[j].Group == spec.Axes[i].Group {
			j++
		}
		g := spec.Axes[i:j]
		ar := AxisRecord{}
		for _, a := range g {
			ar.Names = append(ar.Names, a.Name)
		}
		for l := range g[0].Values {
			var tuple []any
			for _, a := range g {
				tuple = append(tuple, a.Values[l])
			}
			ar.Levels = append(ar.Levels, tuple)
		}
		rec.Axes = append(rec.Axes, ar)
		i = j
	}
	for _, c := range []*Component{spec.Data, spec.Test, spec.Model, spec.Learner, spec.Sampler} {
		if c != nil {
			rec.Components[statementKey(c)] = canonExpr(c.Head) + canonArgs(c.Args)
		}
	}
	for _, m := range spec.Measures {
		s := m.Measure + canonArgs(m.Args)
		if m.Name != m.Measure {
			s += " as " + m.Name
		}
		if m.Every > 0 {
			s += " every " + strconv.Itoa(m.Every)
		}
		rec.Measures = append(rec.Measures, s)
	}
	for _, s := range spec.Skips {
		rec.Skips = append(rec.Skips, canonExpr(s))
	}
	rec.ASHA = spec.ASHA.String()
	return rec
}

// statementKey is the keyword of a component statement: "data" for the
// data set, "test" for the held-out one, otherwise the kind.
func statementKey(c *Component) string {
	switch {
	case c.Test:
		return "test"
	case c.Kind == KindDataset:
		return "data"
	}
	return string(c.Kind)
}

// Fingerprint returns the fingerprint of p's runs (see PlanRecord).
func (p *Plan) Fingerprint() string {
	lines := make([]string, len(p.Jobs))
	for i, j := range p.Jobs {
		lines[i] = j.Key + " " + strconv.FormatUint(j.Seed, 10) + "\n"
	}
	sort.Strings(lines)
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
	}
	return hex.EncodeToString(h.Sum(nil))[:KeyLen]
}

// canonArgs writes "(a = x, b = y)" with the arguments sorted by name, or
// "" for none.
func canonArgs(args []*Arg) string {
	if len(args) == 0 {
		return ""
	}
	parts := make([]string, 0, len(args))
	for _, a := range args {
		if a == nil || a.Name == nil {
			continue
		}
		parts = append(parts, a.Name.Name+" = "+canonExpr(a.Value))
	}
	sort.Strings(parts)
	return "(" + strings.Join(parts, ", ") + ")"
}

// canonExpr writes an expression in one canonical spelling: literals by
// their value (0.10 and 1e-1 are both 0.1), strings quoted, and every
// operand that is itself an operation in parentheses.
func canonExpr(e Expr) string {
	sub := func(x Expr) string {
		switch x.(type) {
		case *BinaryExpr, *IfExpr:
			return "(" + canonExpr(x) + ")"
		}
		return canonExpr(x)
	}
	switch e := e.(type) {
	case *BasicLit:
		return canonValue(e.Value)
	case *UnaryExpr:
		if e.Op == "not" {
			return "not " + sub(e.X)
		}
		return e.Op + sub(e.X)
	case *BinaryExpr:
		return sub(e.X) + " " + e.Op + " " + sub(e.Y)
	case *IfExpr:
		return "if " + sub(e.Cond) + " then " + sub(e.Then) + " else " + sub(e.Else)
	case *ListExpr:
		var s []string
		for _, x := range e.Elems {
			s = append(s, canonExpr(x))
		}
		return "[" + strings.Join(s, ", ") + "]"
	}
	return exprText(e)
}

// canonValue writes a value as its JSON, the form in which keys hash it.
func canonValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// maxChanges is how many differences Changes lists before "and N more".
const maxChanges = 8

// Changes lists, briefly, how the plan next differs from r: the seed, the
// repeats, the updates, each axis added, removed or with other levels, each
// component, the measurements, the skips and the compared axes. It is
// empty when the records describe the same plan (their runs may still
// differ, e.g. after a library default changed; compare fingerprints).
func (r *PlanRecord) Changes(next *PlanRecord) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if r.Seed != next.Seed {
		add("seed %d → %d", r.Seed, next.Seed)
	}
	if r.Repeats != next.Repeats {
		add("repeat %d → %d", r.Repeats, next.Repeats)
	}
	if r.Updates != next.Updates {
		add("updates %d → %d", r.Updates, next.Updates)
	}
	oldAxes, newAxes := axisIndex(r.Axes), axisIndex(next.Axes)
	for _, a := range r.Axes {
		name := strings.Join(a.Names, ", ")
		b, ok := newAxes[name]
		if !ok {
			add("axis %s removed", name)
			continue
		}
		removed, added := levelDiff(a.Levels, b.Levels)
		switch {
		case removed != "" && added != "":
			add("axis %s: levels %s removed, %s added", name, removed, added)
		case removed != "":
			add("axis %s: levels %s removed", name, removed)
		case added != "":
			add("axis %s: levels %s added", name, added)
		case canonValue(a.Levels) != canonValue(b.Levels):
			add("axis %s: levels reordered", name)
		}
	}
	for _, b := range next.Axes {
		if _, ok := oldAxes[strings.Join(b.Names, ", ")]; !ok {
			add("axis %s added", strings.Join(b.Names, ", "))
		}
	}
	if len(out) == 0 && canonValue(axisNames(r.Axes)) != canonValue(axisNames(next.Axes)) {
		add("axes reordered")
	}
	for _, k := range []string{"data", "test", "model", "learner", "sampler"} {
		a, b := r.Components[k], next.Components[k]
		if a != b {
			add("%s %s → %s", k, orNone(a), orNone(b))
		}
	}
	if a, b := strings.Join(r.Measures, "; "), strings.Join(next.Measures, "; "); a != b {
		add("measures %s → %s", orNone(a), orNone(b))
	}
	if a, b := strings.Join(r.Skips, "; "), strings.Join(next.Skips, "; "); a != b {
		add("skip if %s → %s", orNone(a), orNone(b))
	}
	if r.ASHA != next.ASHA {
		add("%s → %s", orNone(r.ASHA), orNone(next.ASHA))
	}
	if a, b := strings.Join(r.Paired, ", "), strings.Join(next.Paired, ", "); a != b {
		add("compared axes %s → %s (the runs' seeds change)", orNone(a), orNone(b))
	}
	if len(out) > maxChanges {
		out = append(out[:maxChanges], fmt.Sprintf("and %d more", len(out)-maxChanges))
	}
	return out
}

// Grows reports whether the plan next has every run of r, with the same
// key and seed, and more: it differs from r only by more repeats or by
// levels added to axes, every old level kept (in any order). Any other
// change (a level removed, an axis added or removed, a parameter, the seed,
// the updates, the measurements, the skips, the compared axes) is not
// growth.
func (r *PlanRecord) Grows(next *PlanRecord) bool {
	if r.Fingerprint == next.Fingerprint || next.Repeats < r.Repeats ||
		r.Seed != next.Seed || r.Updates != next.Updates ||
		canonValue(r.Components) != canonValue(next.Components) ||
		canonValue(r.Measures) != canonValue(next.Measures) ||
		canonValue(r.Skips) != canonValue(next.Skips) ||
		canonValue(r.Paired) != canonValue(next.Paired) ||
		len(r.Axes) != len(next.Axes) {
		return false
	}
	for i, a := range r.Axes {
		b := next.Axes[i]
		if canonValue(a.Names) != canonValue(b.Names) {
			return false
		}
		if removed, _ := levelDiff(a.Levels, b.Levels); removed != "" {
			return false
		}
	}
	return true
}

func axisIndex(axes []AxisRecord) map[string]AxisRecord {
	m := map[string]AxisRecord{}
	for _, a := range axes {
		m[strings.Join(a.Names, ", ")] = a
	}
	return m
}

func axisNames(axes []AxisRecord) [][]string {
	var names [][]string
	for _, a := range axes {
		names = append(names, a.Names)
	}
	return names
}

// levelDiff returns the levels of a not in b and those of b not in a, as
// text ("" for none), comparing levels by their JSON.
func levelDiff(a, b [][]any) (removed, added string) {
	in := func(x []any, list [][]any) bool {
		cx := canonValue(x)
		for _, y := range list {
			if canonValue(y) == cx {
				return true
			}
		}
		return false
	}
	text := func(t []any) string {
		if len(t) == 1 {
			return formatLevel(t[0])
		}
		var s []string
		for _, v := range t {
			s = append(s, formatLevel(v))
		}
		return "(" + strings.Join(s, ", ") + ")"
	}
	var rm, ad []string
	for _, x := range a {
		if !in(x, b) {
			rm = append(rm, text(x))
		}
	}
	for _, y := range b {
		if !in(y, a) {
			ad = append(ad, text(y))
		}
	}
	return strings.Join(rm, ", "), strings.Join(ad, ", ")
}

// formatLevel writes a level as in a sweep file; a float read back from
// JSON that is whole is written without a fraction.
func formatLevel(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return formatValue(v)
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
