package dsl

import (
	"fmt"
	"go/scanner"
	"go/token"
	"sort"
)

// maxAxisLen and maxRuns bound what a sweep file may ask for, so that a
// typo such as range(0, 1e9) is an error, not an out-of-memory crash.
const (
	maxAxisLen = 100000
	maxRuns    = 10000000
)

// Spec is a checked sweep: every name resolved, every type verified, every
// axis expanded to its levels. Plan expands it into runs.
type Spec struct {
	File    string
	Name    string // from `sweep "name"`; empty if not given
	Seed    uint64
	Repeats int // 1 if not given
	Updates int // 0 if not given (allowed only without a learner)
	// Axes in declaration order; the axes of one zip group are adjacent
	// and share Group.
	Axes      []*Axis
	Data      *Component
	Test      *Component // the held-out data set; nil if the file has no test statement
	Model     *Component
	Learner   *Component // nil if the file has no learner statement
	Sampler   *Component // nil if the file has no sampler statement
	Skips     []Expr
	Measures  []*MeasureDef
	Summaries []SummarySpec
	Compares  []CompareSpec
	// ASHA is the early-stopping rule of an asha statement; nil if none.
	ASHA *ASHA

	reg Registry
}

// Axis is one axis of a sweep with its levels in the order written. Values
// hold int, float64, string or bool; names are strings.
type Axis struct {
	Name   string
	Type   Type
	Values []any
	Group  int // axes with the same Group move together (zip)
	Pos    token.Position
}

// Component is a checked data, test, model, learner or sampler statement.
type Component struct {
	Kind Kind
	Test bool // the test statement (Kind is KindDataset)
	Head Expr // *Ident or *AxisRef
	Args []*Arg
}

// MeasureDef is a checked measure statement.
type MeasureDef struct {
	// Name is the name its series goes by in results, summaries,
	// comparisons and asha: the alias of `measure NAME(…) as ALIAS`, or
	// else Measure.
	Name string
	// Measure is the library's name of the measurement (Registry).
	Measure string
	Args    []*Arg
	Every   int // 0: at the end of the run only
}

// SummarySpec asks for statistics across runs of one reduced measurement,
// per cell of the By axes. Stats are "median", "mean", "sd", "min", "max",
// "n" or "q0.25"-style quantiles (type 7). Reduce turns a run's series into
// one number: "max", "min", "final" or "mean".
type SummarySpec struct {
	Stats   []string
	Reduce  string
	Measure string
	By      []string
	// Better is the direction in which Measure improves, from its registry
	// entry (Entry.Better): "higher", "lower", or "" when unknown, in which
	// case the summary names no best cell.
	Better string
}

// CompareSpec asks for a paired comparison (Wilcoxon signed-rank test,
// pairs matched by seed) of level A against level B of Axis, per cell of
// the By axes, on Reduce of Measure.
type CompareSpec struct {
	Axis string
	// Zipped names the axes that move with Axis (its zip group); they are
	// ignored when matching pairs.
	Zipped  []string
	A, B    any
	Reduce  string
	Measure string
	By      []string
	// Alpha is the significance level α of the tests (`at α`; 0 means
	// 0.05): a cell is marked significant when its Holm-adjusted p ≤ α,
	// and its interval for the shift has level 1 − α.
	Alpha float64
}

// DefaultAlpha is the significance level of a compare statement without
// `at`.
const DefaultAlpha = 0.05

// Level returns c's significance level: Alpha, or DefaultAlpha when Alpha
// is 0.
func (c CompareSpec) Level() float64 {
	if c.Alpha == 0 {
		return DefaultAlpha
	}
	return c.Alpha
}

// Check resolves and type-checks a parsed sweep file against reg. It
// returns all errors found, sorted by position, as a scanner.ErrorList.
func Check(f *File, reg Registry) (*Spec, error) {
	if f == nil || reg == nil {
		return nil, fmt.Errorf("dsl: Check needs a file and a registry")
	}
	c := &checker{reg: reg, spec: &Spec{File: f.Name, Repeats: 1, reg: reg}, axes: map[string]*Axis{}}
	c.check(f)
	c.errs.Sort()
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	return c.spec, nil
}

// Compile parses and checks a sweep file: ParseFile then Check. Syntax and
// check errors are returned together, sorted by position.
func Compile(filename string, src []byte, reg Registry) (*Spec, error) {
	f, perr := ParseFile(filename, src)
	spec, cerr := Check(f, reg)
	if perr == nil {
		return spec, cerr
	}
	all, ok := perr.(scanner.ErrorList)
	if !ok {
		return nil, perr
	}
	// Check errors on a line with a syntax error are mostly its echoes.
	bad := map[int]bool{}
	for _, e := range all {
		bad[e.Pos.Line] = true
	}
	if l, ok := cerr.(scanner.ErrorList); ok {
		for _, e := range l {
			if !bad[e.Pos.Line] {
				all = append(all, e)
			}
		}
	}
	all.Sort()
	return nil, all
}

type checker struct {
	reg  Registry
	spec *Spec
	errs scanner.ErrorList
	axes map[string]*Axis
	seen map[string]token.Position // settings, components
	// sampleSeed is the file's seed, from which sample(…) draws levels.
	sampleSeed uint64
}

func (c *checker) errorf(pos token.Position, format string, args ...any) {
	c.errs.Add(pos, fmt.Sprintf(format, args...))
}

func (c *checker) axisNames() []string {
	names := make([]string, 0, len(c.axes))
	for n := range c.axes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (c *checker) once(key string, pos token.Position) bool {
	if prev, dup := c.seen[key]; dup {
		c.errorf(pos, "duplicate %s statement (first at %s)", key, shortPos(prev))
		return false
	}
	c.seen[key] = pos
	return true
}

func shortPos(p token.Position) string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

func (c *checker) check(f *File) {
	c.seen = map[string]token.Position{}
	c.sampleSeed = sampleSeedOf(f) // sample(…) draws from it
	// Axes first: other statements may refer to axes declared after them.
	for _, s := range f.Stmts {
		if a, ok := s.(*AxisStmt); ok {
			c.axis(a)
		}
	}
	sp := c.spec
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *SettingStmt:
			c.setting(s)
		case *ComponentStmt:
			if !c.once(s.Word(), s.At) {
				continue
			}
			comp := c.component(s)
			switch {
			case s.Test:
				sp.Test = comp
			case s.Kind == KindDataset:
				sp.Data = comp
			case s.Kind == KindModel:
				sp.Model = comp
			case s.Kind == KindLearner:
				sp.Learner = comp
			case s.Kind == KindSampler:
				sp.Sampler = comp
			}
		case *SkipStmt:
			if c.condType(s.Cond) {
				sp.Skips = append(sp.Skips, s.Cond)
			}
		case *MeasureStmt:
			c.measure(s)
		}
	}
	c.models(f)  // check_parts.go
	c.heldOut(f) // check_heldout.go
	// Reports last: they refer to measures.
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *SummaryStmt:
			c.summary(s)
		case *CompareStmt:
			c.compare(s)
		case *AshaStmt:
			c.asha(s)
		}
	}
	end := token.Position{Filename: f.Name, Line: 1, Column: 1}
	if _, ok := c.seen["seed"]; !ok {
		c.errorf(end, "missing seed statement (e.g. seed 1): every sweep needs a sweep seed")
	}
	if _, ok := c.seen["data"]; !ok {
		c.errorf(end, "missing data statement (e.g. data bars_stripes(size = 4))")
	}
	if _, ok := c.seen["model"]; !ok {
		c.errorf(end, "missing model statement (e.g. model binary(hidden = 16))")
	}
	if pos, ok := c.seen["learner"]; ok && sp.Updates == 0 {
		if _, ok := c.seen["updates"]; !ok {
			c.errorf(pos, "missing updates statement: a sweep with a learner needs the number of updates")
		}
	}
	c.runCap()
}

// runCap reports, at the repeat statement or at the axis where the count
// first passes it, a plan of more than maxRuns runs: the repeats times the
// number of levels of each axis (a zip group counting once), before skips.
func (c *checker) runCap() {
	total := c.spec.Repeats
	if total > maxRuns {
		c.errorf(c.seen["repeat"], "repeat %d: the plan would have more than %d runs", total, maxRuns)
		return
	}
	group := -1
	for _, a := range c.spec.Axes {
		if a.Group == group {
			continue
		}
		group = a.Group
		total *= len(a.Values) // at most maxRuns·maxAxisLen: no overflow
		if total > maxRuns {
			c.errorf(a.Pos, "axis %s: with its %d levels the plan has %d or more runs (%d repeats × the levels of the axes up to this one), more than the %d allowed (skip if is not subtracted)",
				a.Name, len(a.Values), total, c.spec.Repeats, maxRuns)
			return
		}
	}
}

func (c *checker) setting(s *SettingStmt) {
	if !c.once(s.Key, s.At) {
		return
	}
	v, t, ok := c.constant(s.Value)
	if !ok {
		return
	}
	if s.Key == "sweep" {
		if t != TypeString {
			c.errorf(s.Value.Pos(), "sweep wants a quoted name, found %s %s", t, exprText(s.Value))
			return
		}
		c.spec.Name = v.(string)
		return
	}
	if t != TypeInt {
		c.errorf(s.Value.Pos(), "%s wants an integer, found %s %s", s.Key, t, exprText(s.Value))
		return
	}
	n := v.(int)
	switch {
	case s.Key == "seed" && n < 0:
		c.errorf(s.Value.Pos(), "seed must not be negative, found %d", n)
	case s.Key == "seed":
		c.spec.Seed = uint64(n)
	case n < 1:
		c.errorf(s.Value.Pos(), "%s must be at least 1, found %d", s.Key, n)
	case s.Key == "repeat":
		c.spec.Repeats = n
	case s.Key == "updates":
		c.spec.Updates = n
	}
}

// constant evaluates a constant expression: a literal, a name or a negated
// number.
func (c *checker) constant(e Expr) (any, Type, bool) {
	switch e := e.(type) {
	case *BasicLit:
		return e.Value, e.Type, true
	case *Ident:
		return e.Name, TypeName, true
	case *UnaryExpr:
		if e.Op == "-" {
			v, t, ok := c.constant(e.X)
			switch {
			case !ok:
				return nil, 0, false
			case t == TypeInt:
				return -v.(int), t, true
			case t == TypeFloat:
				return -v.(float64), t, true
			}
			c.errorf(e.At, "cannot negate %s %s", t, exprText(e.X))
			return nil, 0, false
		}
	case *BadExpr:
		return nil, 0, false
	}
	c.errorf(e.Pos(), "expected a constant value, found %s", exprText(e))
	return nil, 0, false
}
