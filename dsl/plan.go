package dsl

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"sort"
	"strings"
)

// KeyLen is the length in hex digits of a run key.
const KeyLen = 16

// Plan is the expansion of a Spec into runs, in a deterministic order: the
// repeat is the slowest index, then the axes (zip groups moving together)
// in declaration order, the first declared varying slowest. Combinations
// removed by `skip if` are left out.
type Plan struct {
	Spec *Spec
	Jobs []*Job
	// Paired names the axes left out of the seed derivation: those of
	// the compare statements and the axes zipped with them.
	Paired []string
}

// AxisValue is the level of one axis in a run.
type AxisValue struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Job is one training (or sampling) run of a sweep.
type Job struct {
	Index  int         // position in the plan
	Repeat int         // 0 ≤ Repeat < Spec.Repeats
	Axes   []AxisValue // in declaration order
	Config Config
	// Key identifies the run: the first KeyLen hex digits of
	//	SHA-256(canonical JSON of {axes, config, repeat, seed})
	// where seed is the sweep seed. It names the result file.
	Key string
	// Seed is the run's random seed: the first 8 bytes (big-endian) of
	//	SHA-256(canonical JSON of {axes minus Plan.Paired, repeat, seed}).
	// Runs that differ only in a compared axis share it, so a paired test
	// compares runs that used the same random numbers where they could.
	Seed uint64
	// Checkpoint, if not empty, is the file in which the run may save
	// its state while it runs, and from which it resumes when the file
	// exists, so that a run killed or interrupted before it ends goes on
	// where it stopped at the next Run of the sweep. Run sets it to
	// Store.CheckpointPath(Key) and removes the file once the run's
	// result is stored; RunLibrary uses it (learn.Checkpoint), another
	// RunFunc may ignore it.
	Checkpoint string
	// CheckpointEvery is the number of updates between saves of the
	// checkpoint (Options.CheckpointEvery); 0 means every 5 minutes.
	CheckpointEvery int
	// Log, if not nil, receives what the run has to say while it runs,
	// as lines of text: Run sets it to the run's log, <key>.log beside its
	// result (Store.LogPath), which `sweep status` shows for failed runs.
	// RunLibrary writes where it resumes from and each measurement.
	Log io.Writer
	// Observe, if not nil, is to be called by the run function with each
	// point as soon as it is measured, in the order taken. When it returns
	// true the run stops there: the run function returns the points taken
	// so far, that one included, and no error. An error it returns fails
	// the run. Run sets it when the plan has an early-stopping rule
	// (Spec.ASHA); RunLibrary calls it; a RunFunc that ignores it is
	// never stopped early.
	Observe func(p Point) (stop bool, err error)
}

// Value returns the level of the named axis in r and whether r has it.
func (r *Job) Value(axis string) (any, bool) {
	for _, a := range r.Axes {
		if a.Name == axis {
			return a.Value, true
		}
	}
	return nil, false
}

// Config is the canonical configuration of a run: what the library builds
// and runs, with every parameter's value (defaults filled in), except the
// parameters marked Param.OmitDefault while they have their default.
type Config struct {
	Data Part `json:"data"`
	// Test is the held-out data set of the test statement, which the
	// measures with on = test score; nil without one (and then absent
	// from the JSON, so that the keys of sweeps without a test statement
	// are those they had before it existed).
	Test     *Part  `json:"test,omitempty"`
	Model    Part   `json:"model"`
	Learner  *Part  `json:"learner,omitempty"`
	Sampler  *Part  `json:"sampler,omitempty"`
	Updates  int    `json:"updates"`
	Measures []Part `json:"measures,omitempty"`
}

// Part is a resolved registry entry with all its parameters. Every is
// used by measures only: take the measure every Every updates (0: at the
// end only).
type Part struct {
	Name   string         `json:"name"`
	Params map[string]any `json:"params"`
	Every  int            `json:"every,omitempty"`
	// As is the name a measurement's series goes by when the sweep
	// names it (`measure ais(…) as ais_final`); empty: Name.
	As string `json:"as,omitempty"`
}

// Label returns the name a measurement's series goes by: As, or else
// Name.
func (p Part) Label() string {
	if p.As != "" {
		return p.As
	}
	return p.Name
}

// NewPlan expands spec into its runs. It fails if the plan would hold more
// than ten million runs, if a value cannot be computed, or if two runs get
// the same key.
func NewPlan(spec *Spec) (*Plan, error) {
	if spec == nil || spec.reg == nil {
		return nil, fmt.Errorf("dsl: NewPlan needs a Spec made by Check")
	}
	p := &Plan{Spec: spec}
	p.Paired = pairedAxes(spec)
	groups, err := axisGroups(spec)
	if err != nil {
		return nil, err
	}
	idx := make([]int, len(groups))
	keys := map[string]int{}
	for rep := 0; rep < spec.Repeats; rep++ {
		for i := range idx {
			idx[i] = 0
		}
		for {
			var axes []AxisValue
			env := map[string]any{}
			for gi, g := range groups {
				for _, a := range g {
					axes = append(axes, AxisValue{a.Name, a.Values[idx[gi]]})
					env[a.Name] = a.Values[idx[gi]]
				}
			}
			skip := false
			for _, s := range spec.Skips {
				v, err := eval(s, env)
				if err != nil {
					return nil, err
				}
				if v == true {
					skip = true
					break
				}
			}
			if !skip {
				r, err := p.newRun(len(p.Jobs), rep, axes, env)
				if err != nil {
					return nil, err
				}
				if prev, dup := keys[r.Key]; dup {
					return nil, fmt.Errorf("dsl: %s: runs %d and %d have the same key %s", spec.File, prev, r.Index, r.Key)
				}
				keys[r.Key] = r.Index
				p.Jobs = append(p.Jobs, r)
			}
			// Advance the odometer: the last group varies fastest.
			k := len(groups) - 1
			for ; k >= 0; k-- {
				idx[k]++
				if idx[k] < len(groups[k][0].Values) {
					break
				}
				idx[k] = 0
			}
			if k < 0 {
				break
			}
		}
	}
	return p, nil
}

// axisGroups groups the axes of spec, each zip group one entry, and checks
// the cap on the number of runs (the checker reports it with a position).
func axisGroups(spec *Spec) ([][]*Axis, error) {
	var groups [][]*Axis
	for _, a := range spec.Axes {
		if len(groups) == 0 || groups[len(groups)-1][0].Group != a.Group {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], a)
	}
	total := spec.Repeats
	for _, g := range groups {
		total *= len(g[0].Values)
		if total > maxRuns {
			return nil, fmt.Errorf("dsl: %s: sweep has more than %d runs", spec.File, maxRuns)
		}
	}
	return groups, nil
}

// CountRuns returns the number of runs of the plan of spec, len(Jobs) of
// NewPlan(spec), without making the plan: the repeats times the number of
// combinations of axis levels that no skip condition removes. It keeps one
// combination in memory at a time (NewPlan needs about 2 KB per run), and
// without skip statements it only multiplies.
func CountRuns(spec *Spec) (int, error) {
	if spec == nil || spec.reg == nil {
		return 0, fmt.Errorf("dsl: CountRuns needs a Spec made by Check")
	}
	groups, err := axisGroups(spec)
	if err != nil {
		return 0, err
	}
	combos := 1
	for _, g := range groups {
		combos *= len(g[0].Values)
	}
	if len(spec.Skips) == 0 || combos == 0 {
		return combos * spec.Repeats, nil
	}
	idx := make([]int, len(groups))
	env := map[string]any{}
	kept := 0
	for {
		for gi, g := range groups {
			for _, a := range g {
				env[a.Name] = a.Values[idx[gi]]
			}
		}
		skip := false
		for _, s := range spec.Skips {
			v, err := eval(s, env)
			if err != nil {
				return 0, err
			}
			if v == true {
				skip = true
				break
			}
		}
		if !skip {
			kept++
		}
		k := len(groups) - 1
		for ; k >= 0; k-- {
			idx[k]++
			if idx[k] < len(groups[k][0].Values) {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			return kept * spec.Repeats, nil
		}
	}
}

func pairedAxes(spec *Spec) []string {
	groups := map[int]bool{}
	for _, c := range spec.Compares {
		for _, a := range spec.Axes {
			if a.Name == c.Axis {
				groups[a.Group] = true
			}
		}
	}
	var names []string
	for _, a := range spec.Axes {
		if groups[a.Group] {
			names = append(names, a.Name)
		}
	}
	return names
}

func (p *Plan) newRun(index, rep int, axes []AxisValue, env map[string]any) (*Job, error) {
	spec := p.Spec
	r := &Job{Index: index, Repeat: rep, Axes: axes}
	var err error
	part := func(c *Component) *Part {
		if c == nil || err != nil {
			return nil
		}
		var pt *Part
		pt, err = resolve(spec.reg, c.Kind, c.Head, c.Args, env)
		return pt
	}
	if d := part(spec.Data); d != nil {
		r.Config.Data = *d
	}
	r.Config.Test = part(spec.Test)
	if err == nil && r.Config.Test != nil {
		if e := widthError(spec.reg, &r.Config.Data, r.Config.Test, spec.Data.Head.Pos()); e != nil {
			return nil, fmt.Errorf("dsl: %s: run %d: %v", spec.Test.Head.Pos(), index, e)
		}
	}
	if m := part(spec.Model); m != nil {
		r.Config.Model = *m
	}
	r.Config.Learner = part(spec.Learner)
	r.Config.Sampler = part(spec.Sampler)
	r.Config.Updates = spec.Updates
	for _, m := range spec.Measures {
		pt, e := resolve(spec.reg, KindMeasure, &Ident{Name: m.Measure}, m.Args, env)
		if e != nil {
			return nil, e
		}
		pt.Every = m.Every
		if m.Name != m.Measure {
			pt.As = m.Name
		}
		r.Config.Measures = append(r.Config.Measures, *pt)
	}
	if err != nil {
		return nil, err
	}
	axisMap := map[string]any{}
	seedMap := map[string]any{}
	for _, a := range axes {
		axisMap[a.Name] = a.Value
		if !contains(p.Paired, a.Name) {
			seedMap[a.Name] = a.Value
		}
	}
	key, err := hashJSON(map[string]any{"axes": axisMap, "config": r.Config, "repeat": rep, "seed": spec.Seed})
	if err != nil {
		return nil, err
	}
	r.Key = hex.EncodeToString(key[:])[:KeyLen]
	sd, err := hashJSON(map[string]any{"axes": seedMap, "repeat": rep, "seed": spec.Seed})
	if err != nil {
		return nil, err
	}
	r.Seed = binary.BigEndian.Uint64(sd[:8])
	return r, nil
}

// hashJSON is SHA-256 of the canonical JSON of v: encoding/json sorts map
// keys and writes floats in their shortest round-trip form, so equal
// configurations give equal bytes on every platform.
func hashJSON(v any) ([32]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return [32]byte{}, fmt.Errorf("dsl: canonical configuration: %w", err)
	}
	return sha256.Sum256(b), nil
}

// resolve evaluates a component for one combination of axis levels.
func resolve(reg Registry, kind Kind, head Expr, args []*Arg, env map[string]any) (*Part, error) {
	hv, err := eval(head, env)
	if err != nil {
		return nil, err
	}
	name, _ := hv.(string)
	e, ok := reg.Lookup(kind, name)
	if !ok {
		return nil, fmt.Errorf("dsl: %s: unknown %s %v", head.Pos(), kind, hv)
	}
	pt := &Part{Name: name, Params: map[string]any{}}
	for _, p := range e.Params {
		pt.Params[p.Name] = p.Default
	}
	for _, a := range args {
		p := e.Param(a.Name.Name)
		if p == nil {
			continue // a parameter of another level of the axis
		}
		v, err := eval(a.Value, env)
		if err != nil {
			return nil, err
		}
		pt.Params[p.Name] = v
	}
	for _, p := range e.Params {
		if i, isInt := pt.Params[p.Name].(int); isInt && p.Type == TypeFloat {
			pt.Params[p.Name] = float64(i)
		}
		if pt.Params[p.Name] == nil {
			return nil, fmt.Errorf("dsl: %s: missing parameter %s of %s %s", head.Pos(), p.Name, kind, name)
		}
		if p.OmitDefault && sameValue(pt.Params[p.Name], p.Default) {
			delete(pt.Params, p.Name) // the configuration (and key) it had before p existed
		}
	}
	return pt, nil
}

// sameValue reports whether v and w are the same value of a parameter: equal
// numbers (an int and a float64 compare by value), or equal strings or
// bools.
func sameValue(v, w any) bool {
	if _, num := toFloat(v); num {
		return cmp(v, w) == 0
	}
	return v == w
}

// widthError returns an error when the registry knows the widths of the
// training set data and the test set test and they differ, or nil;
// dataAt is the position of the data statement's head.
func widthError(reg Registry, data, test *Part, dataAt token.Position) error {
	width := func(p *Part) int {
		e, ok := reg.Lookup(KindDataset, p.Name)
		if !ok || e.Width == nil {
			return 0
		}
		return e.Width(p.Params)
	}
	dw, tw := width(data), width(test)
	if dw == 0 || tw == 0 || dw == tw {
		return nil
	}
	return fmt.Errorf("test set %s has %d columns, but the training set %s (data, line %d) has %d: a model of the one cannot score the other; give the test set the training set's width",
		partText(test), tw, partText(data), dataAt.Line, dw)
}

// partText writes a part as in a sweep file, its parameters sorted by
// name: bars_stripes(duplicates = false, size = 3).
func partText(p *Part) string {
	names := make([]string, 0, len(p.Params))
	for n := range p.Params {
		names = append(names, n)
	}
	sort.Strings(names)
	args := make([]string, 0, len(names))
	for _, n := range names {
		v := formatValue(p.Params[n])
		if v == "" {
			v = `""`
		}
		args = append(args, n+" = "+v)
	}
	if len(args) == 0 {
		return p.Name
	}
	return p.Name + "(" + strings.Join(args, ", ") + ")"
}

// eval computes an expression for one combination of axis levels.
func eval(e Expr, env map[string]any) (any, error) {
	switch e := e.(type) {
	case *BasicLit:
		return e.Value, nil
	case *Ident:
		return e.Name, nil
	case *AxisRef:
		v, ok := env[e.Name]
		if !ok {
			return nil, fmt.Errorf("dsl: %s: unknown axis $%s", e.At, e.Name)
		}
		return v, nil
	case *UnaryExpr:
		x, err := eval(e.X, env)
		if err != nil {
			return nil, err
		}
		switch x := x.(type) {
		case int:
			return -x, nil
		case float64:
			return -x, nil
		case bool:
			return !x, nil
		}
	case *IfExpr:
		cond, err := eval(e.Cond, env)
		if err != nil {
			return nil, err
		}
		if cond == true {
			return eval(e.Then, env)
		}
		return eval(e.Else, env)
	case *BinaryExpr:
		x, err := eval(e.X, env)
		if err != nil {
			return nil, err
		}
		switch e.Op {
		case "and", "or":
			if (x == true) == (e.Op == "or") {
				return x, nil // short circuit
			}
			return eval(e.Y, env)
		case "in":
			list, _ := e.Y.(*ListExpr)
			if list == nil {
				break
			}
			for _, el := range list.Elems {
				y, err := eval(el, env)
				if err != nil {
					return nil, err
				}
				if cmp(x, y) == 0 {
					return true, nil
				}
			}
			return false, nil
		}
		y, err := eval(e.Y, env)
		if err != nil {
			return nil, err
		}
		c := cmp(x, y)
		switch e.Op {
		case "==":
			return c == 0, nil
		case "!=":
			return c != 0, nil
		case "<":
			return c == -1, nil
		case "<=":
			return c == -1 || c == 0, nil
		case ">":
			return c == 1, nil
		case ">=":
			return c == 1 || c == 0, nil
		}
	}
	return nil, fmt.Errorf("dsl: %s: cannot evaluate %s", e.Pos(), exprText(e))
}

// cmp compares two values: -1, 0, 1, or 2 if they are unordered (different
// types, or NaN).
func cmp(x, y any) int {
	xf, xnum := toFloat(x)
	yf, ynum := toFloat(y)
	if xnum && ynum {
		switch {
		case xf < yf:
			return -1
		case xf > yf:
			return 1
		case xf == yf:
			return 0
		}
		return 2
	}
	if x == y {
		return 0
	}
	return 2
}

func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}
