package dsl

// This file checks the axes: lists, zipped groups and generators.

import (
	"fmt"
	"go/token"
	"math"
	"strconv"
	"strings"
)

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
