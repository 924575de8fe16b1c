package dsl

// This file checks the components: their registry entries, arguments and value types.

import (
	"go/token"
	"strings"
)

// component checks a data/model/learner/sampler statement: the head must
// name an entry of the kind (or be an axis whose levels all do), every
// argument must be a parameter of at least one possible entry, values must
// have the parameter's type, and required parameters must be given.
func (c *checker) component(s *ComponentStmt) *Component {
	comp := &Component{Kind: s.Kind, Test: s.Test, Head: s.Head, Args: s.Args}
	entries := c.heads(s.Kind, s.Head)
	if len(entries) == 0 {
		return comp
	}
	what := string(s.Kind)
	if s.Test {
		what = "test " + what
	}
	c.args(what, entries, s.Args, s.At)
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

// models checks that the sampler, the learner and the measurements of f
// work on its model (Entry.Models), and so do the samplers that a
// measurement's parameters name (tau's and frechet's sampler), reporting
// each that does not at its name, with the names of its kind that do. Where the model or the other
// statement is an axis, every pair of levels that a run can meet is
// checked: all pairs, or the pairs of one row where both axes are of one
// zip group.
func (c *checker) models(f *File) {
	var model *ComponentStmt
	for _, s := range f.Stmts {
		if s, ok := s.(*ComponentStmt); ok && s.Kind == KindModel {
			model = s
		}
	}
	if model == nil {
		return
	}
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *ComponentStmt:
			if s.Kind == KindSampler || s.Kind == KindLearner {
				c.modelPairs(model, s.Kind, s.Head)
			}
		case *MeasureStmt:
			if s.Name != nil {
				c.modelPairs(model, KindMeasure, s.Name)
				c.namedSamplers(model, s)
			}
		}
	}
}

// namedSamplers checks the arguments of measurement s whose parameter
// names a sampler (Param.Kind) against the model, as modelPairs checks
// the sampler statement: a measurement that would run a sampler of
// another kind of model fails before anything runs, not in every run.
func (c *checker) namedSamplers(model *ComponentStmt, s *MeasureStmt) {
	e, ok := c.reg.Lookup(KindMeasure, s.Name.Name)
	if !ok {
		return
	}
	for _, a := range s.Args {
		if a.Name == nil || a.Value == nil {
			continue
		}
		for _, q := range e.Params {
			if q.Name == a.Name.Name && q.Kind == KindSampler {
				c.modelPairs(model, KindSampler, a.Value)
			}
		}
	}
}

// modelPairs reports the names that head (of kind) can stand for which do
// not work on a model that the model statement can name with them.
func (c *checker) modelPairs(model *ComponentStmt, kind Kind, head Expr) {
	models, others := c.levels(model.Head), c.levels(head)
	zipped := false
	if a, ok := model.Head.(*AxisRef); ok {
		if b, ok := head.(*AxisRef); ok {
			zipped = c.axes[a.Name] != nil && c.axes[b.Name] != nil && c.axes[a.Name].Group == c.axes[b.Name].Group
		}
	}
	reported := map[string]bool{}
	for i, m := range models {
		for j, o := range others {
			if zipped && i != j {
				continue
			}
			e, ok := c.reg.Lookup(kind, o)
			if !ok || e.Models == nil || contains(e.Models, m) || reported[o] {
				continue
			}
			if _, ok := c.reg.Lookup(KindModel, m); !ok {
				continue // reported as unknown
			}
			reported[o] = true
			c.errorf(head.Pos(), "%s %s does not work on model %s (it works on %s)%s",
				kind, o, m, strings.Join(e.Models, ", "), c.worksOn(kind, m))
		}
	}
}

// levels returns the names a head can stand for: an identifier's name,
// or the levels of the axis it refers to.
func (c *checker) levels(head Expr) []string {
	switch h := head.(type) {
	case *Ident:
		return []string{h.Name}
	case *AxisRef:
		a := c.axes[h.Name]
		if a == nil || a.Type != TypeName {
			return nil
		}
		out := make([]string, 0, len(a.Values))
		for _, v := range a.Values {
			out = append(out, v.(string))
		}
		return out
	}
	return nil
}

// worksOn names the entries of kind that work on model m, as
// "; for gaussian: a, b", or "".
func (c *checker) worksOn(kind Kind, m string) string {
	var names []string
	for _, n := range c.reg.Names(kind) {
		if e, _ := c.reg.Lookup(kind, n); e.Models == nil || contains(e.Models, m) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "; for " + m + ": " + strings.Join(names, ", ")
}
