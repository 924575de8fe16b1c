package dsl

// This file checks the measurements, summaries and comparisons.

import (
	"strings"
)

func (c *checker) measure(s *MeasureStmt) {
	if s.Name == nil {
		return
	}
	label, at := s.Label(), s.Name.At
	if s.As != nil {
		at = s.As.At
		if label == "" {
			return
		}
		if _, ok := c.reg.Lookup(KindMeasure, label); ok && label != s.Name.Name {
			c.errorf(at, "measure %s as %s: %s is the name of another measurement of the library; choose another name", s.Name.Name, label, label)
			return
		}
	}
	for _, m := range c.spec.Measures {
		if m.Name == label {
			c.errorf(at, "duplicate measure %s: give each a name of its own, e.g. measure %s(…) every N as %s_2", label, s.Name.Name, s.Name.Name)
			return
		}
	}
	e, ok := c.reg.Lookup(KindMeasure, s.Name.Name)
	if !ok {
		c.errorf(s.Name.At, "unknown measure %s%s", s.Name.Name, didYouMean(s.Name.Name, c.reg.Names(KindMeasure)))
		return
	}
	c.args("measure", []*Entry{e}, s.Args, s.At)
	m := &MeasureDef{Name: label, Measure: s.Name.Name, Args: s.Args}
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

// libraryMeasure returns the library's name of the measurement that goes
// by name in this sweep (name itself when no measure statement has it).
func (c *checker) libraryMeasure(name string) string {
	for _, m := range c.spec.Measures {
		if m.Name == name {
			return m.Measure
		}
	}
	return name
}

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
	if e, found := c.reg.Lookup(KindMeasure, c.libraryMeasure(s.Measure.Name)); found {
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
