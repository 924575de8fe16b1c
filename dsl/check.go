package dsl

import (
	"fmt"
	"go/scanner"
	"go/token"
	"math"
	"sort"
	"strconv"
	"strings"
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

// Component is a checked data, model, learner or sampler statement.
type Component struct {
	Kind Kind
	Head Expr // *Ident or *AxisRef
	Args []*Arg
}

// MeasureDef is a checked measure statement.
type MeasureDef struct {
	Name  string
	Args  []*Arg
	Every int // 0: at the end of the run only
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
			if !c.once(string(s.Kind), s.At) {
				continue
			}
			comp := c.component(s)
			switch s.Kind {
			case KindDataset:
				sp.Data = comp
			case KindModel:
				sp.Model = comp
			case KindLearner:
				sp.Learner = comp
			case KindSampler:
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
	if _, ok := c.seen[string(KindDataset)]; !ok {
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

func (c *checker) axis(s *AxisStmt) {
	if len(s.Names) == 0 || s.Gen == nil {
		return // a syntax error was reported
	}
	var cols [][]any
	var types []Type
	if !s.Zipped {
		vals, t, ok := c.generate(s.Gen, s.Names[0].Name)
		if !ok {
			return
		}
		cols, types = [][]any{vals}, []Type{t}
	} else {
		var ok bool
		cols, types, ok = c.zipped(s)
		if !ok {
			return
		}
	}
	group := 0
	if n := len(c.spec.Axes); n > 0 {
		group = c.spec.Axes[n-1].Group + 1
	}
	for i, id := range s.Names {
		if id.Name == "" {
			return
		}
		if prev, dup := c.axes[id.Name]; dup {
			c.errorf(id.At, "duplicate axis %s (first at %s)", id.Name, shortPos(prev.Pos))
			continue
		}
		a := &Axis{Name: id.Name, Type: types[i], Values: cols[i], Group: group, Pos: id.At}
		if !s.Zipped {
			// Zipped axes may repeat a level (k = [1, 1] with d = [2, 3]);
			// a single axis may not.
			if dup := firstDuplicate(a.Values); dup != nil {
				c.errorf(s.Gen.Pos(), "axis %s has the level %s twice", id.Name, formatValue(dup))
				continue
			}
		}
		c.axes[id.Name] = a
		c.spec.Axes = append(c.spec.Axes, a)
	}
}

func firstDuplicate(vals []any) any {
	seen := map[any]bool{}
	for _, v := range vals {
		if seen[v] {
			return v
		}
		seen[v] = true
	}
	return nil
}

// zipped evaluates the generator of `axis (a, b) = ...`: a list of tuples
// or zip(gen, gen, ...), into one column per axis.
func (c *checker) zipped(s *AxisStmt) ([][]any, []Type, bool) {
	n := len(s.Names)
	cols := make([][]any, n)
	types := make([]Type, n)
	switch g := s.Gen.(type) {
	case *CallExpr:
		if g.Fun.Name == "sample" {
			var names []string
			for _, id := range s.Names {
				names = append(names, id.Name)
			}
			return c.sample(g, names)
		}
		if g.Fun.Name != "zip" {
			break
		}
		if len(g.Args) != n {
			c.errorf(g.At, "zip has %d generators for %d axes", len(g.Args), n)
			return nil, nil, false
		}
		for i, arg := range g.Args {
			vals, t, ok := c.generate(arg, s.Names[i].Name)
			if !ok {
				return nil, nil, false
			}
			if i > 0 && len(vals) != len(cols[0]) {
				c.errorf(arg.Pos(), "zip: %s has %d levels but %s has %d", s.Names[i].Name, len(vals), s.Names[0].Name, len(cols[0]))
				return nil, nil, false
			}
			cols[i], types[i] = vals, t
		}
		return cols, types, true
	case *ListExpr:
		rows := make([][]any, 0, len(g.Elems))
		for _, el := range g.Elems {
			tup, ok := el.(*TupleExpr)
			if !ok || len(tup.Elems) != n {
				c.errorf(el.Pos(), "zipped axis (%s) wants tuples of %d values, found %s", identList(s.Names), n, exprText(el))
				return nil, nil, false
			}
			rows = append(rows, nil)
			for _, x := range tup.Elems {
				v, t, ok := c.constant(x)
				if !ok {
					return nil, nil, false
				}
				rows[len(rows)-1] = append(rows[len(rows)-1], typed{v, t})
			}
		}
		if len(rows) == 0 {
			c.errorf(g.At, "zipped axis (%s) has no levels", identList(s.Names))
			return nil, nil, false
		}
		for i := 0; i < n; i++ {
			var col []typed
			for _, r := range rows {
				col = append(col, r[i].(typed))
			}
			vals, t, ok := c.unify(col, s.Names[i].Name, g.At)
			if !ok {
				return nil, nil, false
			}
			cols[i], types[i] = vals, t
		}
		if firstDuplicateRow(cols) {
			c.errorf(g.At, "zipped axis (%s) has a tuple twice", identList(s.Names))
			return nil, nil, false
		}
		return cols, types, true
	}
	c.errorf(s.Gen.Pos(), "zipped axis (%s) wants [(…), (…)], zip(…) or sample(…), found %s", identList(s.Names), exprText(s.Gen))
	return nil, nil, false
}

func firstDuplicateRow(cols [][]any) bool {
	seen := map[string]bool{}
	for i := range cols[0] {
		var b strings.Builder
		for _, col := range cols {
			fmt.Fprintf(&b, "%T:%v;", col[i], col[i])
		}
		if seen[b.String()] {
			return true
		}
		seen[b.String()] = true
	}
	return false
}

type typed struct {
	v any
	t Type
}

// unify gives a column of values one type: ints become floats in a column
// with floats; any other mix is an error.
func (c *checker) unify(col []typed, axis string, pos token.Position) ([]any, Type, bool) {
	t := col[0].t
	for _, x := range col[1:] {
		switch {
		case x.t == t:
		case x.t == TypeInt && t == TypeFloat, x.t == TypeFloat && t == TypeInt:
			t = TypeFloat
		default:
			c.errorf(pos, "axis %s mixes %s and %s levels", axis, t, x.t)
			return nil, 0, false
		}
	}
	vals := make([]any, len(col))
	for i, x := range col {
		vals[i] = x.v
		if t == TypeFloat && x.t == TypeInt {
			vals[i] = float64(x.v.(int))
		}
	}
	return vals, t, true
}

// generate evaluates a generator for one axis:
//
//	[a, b, c]                  the levels as written
//	range(from, to [, step])   integers from, from+step, … up to and including to
//	linspace(from, to, n)      n evenly spaced floats, both ends included
//	logspace(from, to, n)      n floats evenly spaced in log scale, both ends
//	                           included; from and to are the values, not exponents
func (c *checker) generate(e Expr, axis string) ([]any, Type, bool) {
	switch g := e.(type) {
	case *ListExpr:
		if len(g.Elems) == 0 {
			c.errorf(g.At, "axis %s has no levels", axis)
			return nil, 0, false
		}
		col := make([]typed, 0, len(g.Elems))
		for _, el := range g.Elems {
			v, t, ok := c.constant(el)
			if !ok {
				return nil, 0, false
			}
			col = append(col, typed{v, t})
		}
		return c.unify(col, axis, g.At)
	case *CallExpr:
		return c.call(g, axis)
	case *BadExpr:
		return nil, 0, false
	}
	c.errorf(e.Pos(), "axis %s wants a list, range, linspace, logspace or sample, found %s", axis, exprText(e))
	return nil, 0, false
}

func (c *checker) call(g *CallExpr, axis string) ([]any, Type, bool) {
	if g.Fun.Name == "sample" {
		cols, types, ok := c.sample(g, []string{axis})
		if !ok {
			return nil, 0, false
		}
		return cols[0], types[0], true
	}
	if g.Fun.Name == "zip" {
		c.errorf(g.At, "zip is for zipped axes: write axis (%s, other) = zip(…)", axis)
		return nil, 0, false
	}
	var nums []float64
	var types []Type
	for _, a := range g.Args {
		v, t, ok := c.constant(a)
		if !ok {
			return nil, 0, false
		}
		switch t {
		case TypeInt:
			nums = append(nums, float64(v.(int)))
		case TypeFloat:
			nums = append(nums, v.(float64))
		default:
			c.errorf(a.Pos(), "%s wants numbers, found %s %s", g.Fun.Name, t, exprText(a))
			return nil, 0, false
		}
		types = append(types, t)
	}
	text := exprText(g)
	switch g.Fun.Name {
	case "range":
		if len(nums) != 2 && len(nums) != 3 {
			c.errorf(g.At, "range wants (from, to) or (from, to, step), found %s", text)
			return nil, 0, false
		}
		for i, t := range types {
			if t != TypeInt {
				c.errorf(g.Args[i].Pos(), "range wants integers, found %s (use linspace for floats)", exprText(g.Args[i]))
				return nil, 0, false
			}
		}
		from, to, step := int(nums[0]), int(nums[1]), 1
		if len(nums) == 3 {
			step = int(nums[2])
		}
		switch {
		case step == 0:
			c.errorf(g.At, "bad range %s: step is zero", text)
			return nil, 0, false
		case (to-from)/step < 0 || (to != from && (to-from)*sign(step) < 0):
			c.errorf(g.At, "bad range %s: it is empty (from %d, step %d never reaches %d)", text, from, step, to)
			return nil, 0, false
		case (to-from)/step >= maxAxisLen:
			c.errorf(g.At, "bad range %s: more than %d levels", text, maxAxisLen)
			return nil, 0, false
		}
		var vals []any
		for i := 0; i <= (to-from)/step; i++ {
			vals = append(vals, from+i*step)
		}
		return vals, TypeInt, true
	case "linspace", "logspace":
		if len(nums) != 3 || types[2] != TypeInt {
			c.errorf(g.At, "%s wants (from, to, n) with an integer n, found %s", g.Fun.Name, text)
			return nil, 0, false
		}
		from, to, n := nums[0], nums[1], int(nums[2])
		switch {
		case n < 1 || n > maxAxisLen:
			c.errorf(g.At, "bad %s %s: n must be between 1 and %d", g.Fun.Name, text, maxAxisLen)
			return nil, 0, false
		case n > 1 && from == to:
			c.errorf(g.At, "bad %s %s: from equals to, so all %d levels are equal", g.Fun.Name, text, n)
			return nil, 0, false
		case g.Fun.Name == "logspace" && (from <= 0 || to <= 0):
			c.errorf(g.At, "bad logspace %s: the ends must be positive values, not exponents (e.g. logspace(0.001, 0.1, 3))", text)
			return nil, 0, false
		case math.IsInf(from, 0) || math.IsInf(to, 0) || math.IsNaN(from) || math.IsNaN(to):
			c.errorf(g.At, "bad %s %s: ends must be finite", g.Fun.Name, text)
			return nil, 0, false
		}
		vals := make([]any, n)
		for i := range vals {
			t := 0.0
			if n > 1 {
				t = float64(i) / float64(n-1)
			}
			if g.Fun.Name == "linspace" {
				vals[i] = from + t*(to-from)
			} else {
				vals[i] = math.Exp(math.Log(from) + t*(math.Log(to)-math.Log(from)))
			}
		}
		// Round to 15 significant digits: levels read as written
		// (0.01, not 0.010000000000000005), and the last bits of Exp and
		// Log, which may differ between platforms, cannot change keys.
		for i, v := range vals {
			vals[i], _ = strconv.ParseFloat(strconv.FormatFloat(v.(float64), 'g', 15, 64), 64)
		}
		vals[0], vals[n-1] = from, to
		if dup := firstDuplicate(vals); dup != nil {
			c.errorf(g.At, "bad %s %s: levels too close to be distinct", g.Fun.Name, text)
			return nil, 0, false
		}
		return vals, TypeFloat, true
	}
	c.errorf(g.Fun.At, "unknown generator %s%s (want range, linspace, logspace, sample or a [list])", g.Fun.Name,
		didYouMean(g.Fun.Name, []string{"range", "linspace", "logspace", "zip", "sample"}))
	return nil, 0, false
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// component checks a data/model/learner/sampler statement: the head must
// name an entry of the kind (or be an axis whose levels all do), every
// argument must be a parameter of at least one possible entry, values must
// have the parameter's type, and required parameters must be given.
func (c *checker) component(s *ComponentStmt) *Component {
	comp := &Component{Kind: s.Kind, Head: s.Head, Args: s.Args}
	entries := c.heads(s.Kind, s.Head)
	if len(entries) == 0 {
		return comp
	}
	c.args(string(s.Kind), entries, s.Args, s.At)
	return comp
}

// heads returns the registry entries a head can stand for.
func (c *checker) heads(kind Kind, head Expr) []*Entry {
	switch h := head.(type) {
	case *Ident:
		e, ok := c.reg.Lookup(kind, h.Name)
		if !ok {
			c.errorf(h.At, "unknown %s %s%s", kind, h.Name, didYouMean(h.Name, c.reg.Names(kind)))
			return nil
		}
		return []*Entry{e}
	case *AxisRef:
		a := c.axisRef(h)
		if a == nil {
			return nil
		}
		if a.Type != TypeName {
			c.errorf(h.At, "axis %s has %s levels, but %s $%s wants %s names", a.Name, a.Type, kind, a.Name, kind)
			return nil
		}
		var es []*Entry
		for _, v := range a.Values {
			e, ok := c.reg.Lookup(kind, v.(string))
			if !ok {
				c.errorf(a.Pos, "axis %s: unknown %s %s%s", a.Name, kind, v, didYouMean(v.(string), c.reg.Names(kind)))
				continue
			}
			es = append(es, e)
		}
		return es
	}
	return nil
}

func (c *checker) axisRef(r *AxisRef) *Axis {
	a, ok := c.axes[r.Name]
	if !ok {
		c.errorf(r.At, "unknown axis $%s%s", r.Name, didYouMean(r.Name, c.axisNames()))
	}
	return a
}

func (c *checker) args(what string, entries []*Entry, args []*Arg, at token.Position) {
	given := map[string]bool{}
	for _, a := range args {
		if a.Name == nil || a.Value == nil {
			continue
		}
		if given[a.Name.Name] {
			c.errorf(a.Name.At, "duplicate parameter %s", a.Name.Name)
			continue
		}
		given[a.Name.Name] = true
		var params []*Param
		var all []string
		for _, e := range entries {
			if p := e.Param(a.Name.Name); p != nil {
				params = append(params, p)
			}
			for _, p := range e.Params {
				all = append(all, p.Name)
			}
		}
		if len(params) == 0 {
			c.errorf(a.Name.At, "unknown parameter %s of %s %s%s", a.Name.Name, what, entryNames(entries), didYouMean(a.Name.Name, all))
			continue
		}
		for _, p := range params {
			if !c.value(a.Value, p, 0) {
				break
			}
		}
	}
	for _, e := range entries {
		for _, p := range e.Params {
			if p.Default == nil && !given[p.Name] {
				c.errorf(at, "missing parameter %s (%s) of %s %s", p.Name, p.Type, e.Kind, e.Name)
			}
		}
	}
}

func entryNames(es []*Entry) string {
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
	}
	return strings.Join(names, ", ")
}

// value checks that every value e can take is assignable to p.
func (c *checker) value(e Expr, p *Param, depth int) bool {
	if depth > maxDepth {
		c.errorf(e.Pos(), "expression nested too deeply")
		return false
	}
	switch e := e.(type) {
	case *IfExpr:
		if !c.condType(e.Cond) {
			return false
		}
		return c.value(e.Then, p, depth+1) && c.value(e.Else, p, depth+1)
	case *AxisRef:
		a := c.axisRef(e)
		if a == nil {
			return false
		}
		if !assignable(a.Type, p.Type) {
			c.errorf(e.At, "parameter %s wants %s, but axis %s has %s levels", p.Name, p.Type, a.Name, a.Type)
			return false
		}
		if a.Type == TypeName && p.Kind != "" {
			for _, v := range a.Values {
				if _, ok := c.reg.Lookup(p.Kind, v.(string)); !ok {
					c.errorf(e.At, "parameter %s: level %s of axis %s is not a %s%s", p.Name, v, a.Name, p.Kind, didYouMean(v.(string), c.reg.Names(p.Kind)))
					return false
				}
			}
		}
		if a.Type == TypeName && p.Values != nil {
			for _, v := range a.Values {
				if !contains(p.Values, v.(string)) {
					c.errorf(e.At, "parameter %s: level %s of axis %s is not one of %s%s", p.Name, v, a.Name, strings.Join(p.Values, ", "), didYouMean(v.(string), p.Values))
					return false
				}
			}
		}
		if p.Check != nil {
			for _, v := range a.Values {
				if err := p.Check(v); err != nil {
					c.errorf(e.At, "parameter %s: level %s of axis %s: %v", p.Name, formatValue(v), a.Name, err)
					return false
				}
			}
		}
		return true
	}
	v, t, ok := c.constant(e)
	if !ok {
		return false
	}
	if !assignable(t, p.Type) {
		hint := ""
		if t == TypeName && p.Type == TypeString {
			hint = " (quote it)"
		}
		c.errorf(e.Pos(), "parameter %s wants %s, found %s %s%s", p.Name, p.Type, t, exprText(e), hint)
		return false
	}
	if t == TypeName && p.Kind != "" {
		if _, ok := c.reg.Lookup(p.Kind, v.(string)); !ok {
			c.errorf(e.Pos(), "parameter %s: unknown %s %s%s", p.Name, p.Kind, v, didYouMean(v.(string), c.reg.Names(p.Kind)))
			return false
		}
	}
	if t == TypeName && p.Values != nil && !contains(p.Values, v.(string)) {
		c.errorf(e.Pos(), "parameter %s: %s is not one of %s%s", p.Name, v, strings.Join(p.Values, ", "), didYouMean(v.(string), p.Values))
		return false
	}
	if p.Check != nil {
		if err := p.Check(v); err != nil {
			c.errorf(e.Pos(), "parameter %s = %s: %v", p.Name, exprText(e), err)
			return false
		}
	}
	return true
}

func assignable(from, to Type) bool {
	return from == to || from == TypeInt && to == TypeFloat
}

// condType checks that e is a condition (a comparison, in, and, or, not).
func (c *checker) condType(e Expr) bool {
	t, ok := c.typeOf(e, 0)
	if ok && t != TypeBool {
		c.errorf(e.Pos(), "expected a condition, found %s %s", t, exprText(e))
		return false
	}
	return ok
}

// typeOf returns the type of an expression in a condition.
func (c *checker) typeOf(e Expr, depth int) (Type, bool) {
	if depth > maxDepth {
		c.errorf(e.Pos(), "expression nested too deeply")
		return 0, false
	}
	switch e := e.(type) {
	case *AxisRef:
		if a := c.axisRef(e); a != nil {
			return a.Type, true
		}
		return 0, false
	case *UnaryExpr:
		t, ok := c.typeOf(e.X, depth+1)
		if !ok {
			return 0, false
		}
		if e.Op == "not" && t != TypeBool || e.Op == "-" && t != TypeInt && t != TypeFloat {
			c.errorf(e.At, "operator %s does not apply to %s %s", e.Op, t, exprText(e.X))
			return 0, false
		}
		return t, true
	case *BinaryExpr:
		x, okx := c.typeOf(e.X, depth+1)
		if e.Op == "in" {
			list, ok := e.Y.(*ListExpr)
			if !ok {
				c.errorf(e.Y.Pos(), "in wants a [list], found %s", exprText(e.Y))
				return 0, false
			}
			ok = okx
			for _, el := range list.Elems {
				y, oky := c.typeOf(el, depth+1)
				if oky && okx && !comparable(x, y) {
					c.errorf(el.Pos(), "cannot compare %s with %s %s", x, y, exprText(el))
					ok = false
				}
				ok = ok && oky
			}
			return TypeBool, ok
		}
		y, oky := c.typeOf(e.Y, depth+1)
		if !okx || !oky {
			return 0, false
		}
		switch e.Op {
		case "and", "or":
			if x != TypeBool || y != TypeBool {
				c.errorf(e.At, "%s wants conditions on both sides, found %s", e.Op, exprText(e))
				return 0, false
			}
		case "==", "!=":
			if !comparable(x, y) {
				c.errorf(e.At, "cannot compare %s with %s in %s", x, y, exprText(e))
				return 0, false
			}
		default:
			if !comparable(x, y) || x != TypeInt && x != TypeFloat {
				c.errorf(e.At, "cannot order %s and %s in %s", x, y, exprText(e))
				return 0, false
			}
		}
		return TypeBool, true
	case *IfExpr:
		c.errorf(e.At, "if … then … else is a value, not a condition")
		return 0, false
	}
	_, t, ok := c.constant(e)
	return t, ok
}

func comparable(x, y Type) bool {
	num := func(t Type) bool { return t == TypeInt || t == TypeFloat }
	return x == y || num(x) && num(y)
}

func (c *checker) measure(s *MeasureStmt) {
	if s.Name == nil {
		return
	}
	for _, m := range c.spec.Measures {
		if m.Name == s.Name.Name {
			c.errorf(s.Name.At, "duplicate measure %s", s.Name.Name)
			return
		}
	}
	e, ok := c.reg.Lookup(KindMeasure, s.Name.Name)
	if !ok {
		c.errorf(s.Name.At, "unknown measure %s%s", s.Name.Name, didYouMean(s.Name.Name, c.reg.Names(KindMeasure)))
		return
	}
	c.args("measure", []*Entry{e}, s.Args, s.At)
	m := &MeasureDef{Name: s.Name.Name, Args: s.Args}
	if s.Every != nil {
		v, t, ok := c.constant(s.Every)
		if !ok {
			return
		}
		if t != TypeInt || v.(int) < 1 {
			c.errorf(s.Every.Pos(), "every wants a positive integer number of updates, found %s", exprText(s.Every))
			return
		}
		m.Every = v.(int)
	}
	c.spec.Measures = append(c.spec.Measures, m)
}

var reductions = []string{"max", "min", "final", "mean"}

func (c *checker) reduceAndMeasure(reduce, measure *Ident) bool {
	ok := true
	if reduce.Name != "" && !contains(reductions, reduce.Name) {
		c.errorf(reduce.At, "unknown reduction %s%s (want max, min, final or mean)", reduce.Name, didYouMean(reduce.Name, reductions))
		ok = false
	}
	if measure.Name == "" {
		return false
	}
	var names []string
	for _, m := range c.spec.Measures {
		names = append(names, m.Name)
	}
	if !contains(names, measure.Name) {
		c.errorf(measure.At, "measure %s is not taken by this sweep%s (add: measure %s every N)", measure.Name, didYouMean(measure.Name, names), measure.Name)
		ok = false
	}
	return ok && reduce.Name != ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (c *checker) byAxes(by []*Ident, exclude string) ([]string, bool) {
	ok := true
	var names []string
	for _, id := range by {
		if id.Name == "" {
			return nil, false
		}
		if _, found := c.axes[id.Name]; !found {
			c.errorf(id.At, "unknown axis %s%s", id.Name, didYouMean(id.Name, c.axisNames()))
			ok = false
			continue
		}
		if id.Name == exclude {
			c.errorf(id.At, "axis %s is the compared axis; it cannot also be a by axis", id.Name)
			ok = false
			continue
		}
		if contains(names, id.Name) {
			c.errorf(id.At, "axis %s listed twice", id.Name)
			ok = false
			continue
		}
		names = append(names, id.Name)
	}
	return names, ok
}

var statNames = []string{"median", "mean", "sd", "min", "max", "n", "q"}

func (c *checker) summary(s *SummaryStmt) {
	ok := c.reduceAndMeasure(s.Reduce, s.Measure)
	by, okBy := c.byAxes(s.By, "")
	spec := SummarySpec{Reduce: s.Reduce.Name, Measure: s.Measure.Name, By: by}
	if e, found := c.reg.Lookup(KindMeasure, s.Measure.Name); found {
		spec.Better = e.Better
	}
	for _, st := range s.Stats {
		name := st.Name.Name
		if name == "" {
			return
		}
		if !contains(statNames, name) {
			c.errorf(st.Name.At, "unknown statistic %s%s (want median, mean, sd, min, max, n or q(p))", name, didYouMean(name, statNames))
			ok = false
			continue
		}
		if name != "q" {
			if st.Arg != nil {
				c.errorf(st.Arg.Pos(), "statistic %s takes no argument", name)
				ok = false
			}
			spec.Stats = append(spec.Stats, name)
			continue
		}
		if st.Arg == nil {
			c.errorf(st.Name.At, "q wants a probability, e.g. q(0.25)")
			ok = false
			continue
		}
		v, t, okc := c.constant(st.Arg)
		if !okc {
			ok = false
			continue
		}
		var p float64
		switch t {
		case TypeInt:
			p = float64(v.(int))
		case TypeFloat:
			p = v.(float64)
		default:
			p = -1
		}
		if !(p >= 0 && p <= 1) {
			c.errorf(st.Arg.Pos(), "q wants a probability between 0 and 1, found %s", exprText(st.Arg))
			ok = false
			continue
		}
		spec.Stats = append(spec.Stats, "q"+formatValue(p))
	}
	if ok && okBy {
		c.spec.Summaries = append(c.spec.Summaries, spec)
	}
}

func (c *checker) compare(s *CompareStmt) {
	ok := c.reduceAndMeasure(s.Reduce, s.Measure)
	if s.Axis.Name == "" {
		return
	}
	a, found := c.axes[s.Axis.Name]
	if !found {
		c.errorf(s.Axis.At, "unknown axis %s%s", s.Axis.Name, didYouMean(s.Axis.Name, c.axisNames()))
		return
	}
	by, okBy := c.byAxes(s.By, a.Name)
	level := func(e Expr) any {
		v, t, okc := c.constant(e)
		if !okc {
			return nil
		}
		if t == TypeInt && a.Type == TypeFloat {
			v = float64(v.(int))
		}
		for _, x := range a.Values {
			if x == v {
				return v
			}
		}
		c.errorf(e.Pos(), "%s is not a level of axis %s (levels: %s)", exprText(e), a.Name, formatValues(a.Values))
		return nil
	}
	va, vb := level(s.A), level(s.B)
	if va == nil || vb == nil {
		return
	}
	if va == vb {
		c.errorf(s.B.Pos(), "compare wants two different levels, found %s twice", exprText(s.B))
		return
	}
	alpha := 0.0
	if s.Alpha != nil {
		v, t, okc := c.constant(s.Alpha)
		f, num := toFloat(v)
		switch {
		case !okc:
			ok = false
		case !num || t != TypeInt && t != TypeFloat || !(f > 0 && f < 1):
			c.errorf(s.Alpha.Pos(), "significance level at %s: want a number in (0, 1), e.g. at 0.05", exprText(s.Alpha))
			ok = false
		default:
			alpha = f
		}
	}
	if ok && okBy {
		var zipped []string
		for _, x := range c.spec.Axes {
			if x.Group == a.Group && x != a {
				zipped = append(zipped, x.Name)
			}
		}
		c.spec.Compares = append(c.spec.Compares, CompareSpec{Axis: a.Name, Zipped: zipped, A: va, B: vb, Reduce: s.Reduce.Name, Measure: s.Measure.Name, By: by, Alpha: alpha})
	}
}

func identList(ids []*Ident) string {
	var names []string
	for _, id := range ids {
		names = append(names, id.Name)
	}
	return strings.Join(names, ", ")
}

func formatValues(vals []any) string {
	var s []string
	for _, v := range vals {
		s = append(s, formatValue(v))
	}
	return strings.Join(s, ", ")
}

// formatValue writes a level as in a sweep file: floats in shortest form.
func formatValue(v any) string {
	switch v := v.(type) {
	case float64:
		return fmt.Sprint(v)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// exprText writes an expression back as source text, for error messages.
func exprText(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *AxisRef:
		return "$" + e.Name
	case *BasicLit:
		return e.Text
	case *UnaryExpr:
		if e.Op == "not" {
			return "not " + exprText(e.X)
		}
		return e.Op + exprText(e.X)
	case *BinaryExpr:
		return exprText(e.X) + " " + e.Op + " " + exprText(e.Y)
	case *IfExpr:
		return "if " + exprText(e.Cond) + " then " + exprText(e.Then) + " else " + exprText(e.Else)
	case *ListExpr:
		return "[" + exprList(e.Elems) + "]"
	case *TupleExpr:
		return "(" + exprList(e.Elems) + ")"
	case *CallExpr:
		return e.Fun.Name + "(" + exprList(e.Args) + ")"
	case nil:
		return "nothing"
	}
	return "?"
}

func exprList(es []Expr) string {
	var s []string
	for _, e := range es {
		s = append(s, exprText(e))
	}
	return strings.Join(s, ", ")
}
