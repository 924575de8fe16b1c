package dsl

// This file checks what a test statement (the held-out data set) asks of
// the rest of a sweep: the measures that score it, and its width.

import (
	"fmt"
	"go/token"
)

// heldOut reports a measure whose parameter on can be test (a constant,
// a level of the axis it names, a branch of an if, or the default of a
// measure that scores the test set unless told otherwise, as frechet) in
// a sweep without a test statement, at that value; and a test set whose width differs from
// the training set's, when neither statement depends on an axis (NewPlan
// checks every run's).
func (c *checker) heldOut(f *File) {
	sp := c.spec
	for _, s := range f.Stmts {
		m, ok := s.(*MeasureStmt)
		if !ok || m.Name == nil || sp.Test != nil {
			continue
		}
		e, ok := c.reg.Lookup(KindMeasure, m.Name.Name)
		if !ok || e.Param(OnParam) == nil {
			continue
		}
		given := false
		for _, a := range m.Args {
			given = given || a.Name != nil && a.Name.Name == OnParam
		}
		if !given && e.Param(OnParam).Default == "test" {
			c.errorf(m.Name.At, "measure %s scores the test set by default (on = test), but the sweep has no test statement: add a line test DATASET(…) naming the held-out data, e.g. test mnist(skip = 9000, n = 1000), or give on = train", m.Name.Name)
		}
		for _, a := range m.Args {
			if a.Name == nil || a.Name.Name != OnParam || a.Value == nil {
				continue
			}
			if pos, how, ok := c.takesTest(a.Value, 0); ok {
				c.errorf(pos, "measure %s scores the test set (%s), but the sweep has no test statement: add a line test DATASET(…) naming the held-out data, e.g. test mnist(skip = 9000, n = 1000)", m.Name.Name, how)
			}
		}
	}
	if sp.Data == nil || sp.Test == nil || dependsOnAxis(sp.Data) || dependsOnAxis(sp.Test) {
		return
	}
	for _, e := range c.errs {
		if l := e.Pos.Line; l == sp.Data.Head.Pos().Line || l == sp.Test.Head.Pos().Line {
			return // a width from arguments in error would mislead
		}
	}
	env := map[string]any{}
	data, err := resolve(c.reg, KindDataset, sp.Data.Head, sp.Data.Args, env)
	if err != nil {
		return // reported by the component's check
	}
	test, err := resolve(c.reg, KindDataset, sp.Test.Head, sp.Test.Args, env)
	if err != nil {
		return
	}
	if err := widthError(c.reg, data, test, sp.Data.Head.Pos()); err != nil {
		c.errorf(sp.Test.Head.Pos(), "%v", err)
	}
}

// takesTest reports whether the value e of a measure's on can be test,
// where, and how.
func (c *checker) takesTest(e Expr, depth int) (token.Position, string, bool) {
	if depth > maxDepth {
		return token.Position{}, "", false
	}
	switch e := e.(type) {
	case *Ident:
		if e.Name == "test" {
			return e.At, "on = test", true
		}
	case *AxisRef:
		if a := c.axes[e.Name]; a != nil && a.Type == TypeName && contains(anyStrings(a.Values), "test") {
			return e.At, fmt.Sprintf("on = $%s, whose axis has the level test", e.Name), true
		}
	case *IfExpr:
		if pos, how, ok := c.takesTest(e.Then, depth+1); ok {
			return pos, how, true
		}
		return c.takesTest(e.Else, depth+1)
	}
	return token.Position{}, "", false
}

// anyStrings returns the strings among vs.
func anyStrings(vs []any) []string {
	var out []string
	for _, v := range vs {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// dependsOnAxis reports whether a component's head or arguments refer to
// an axis.
func dependsOnAxis(comp *Component) bool {
	if refersToAxis(comp.Head, 0) {
		return true
	}
	for _, a := range comp.Args {
		if a != nil && refersToAxis(a.Value, 0) {
			return true
		}
	}
	return false
}

// refersToAxis reports whether e holds a $axis.
func refersToAxis(e Expr, depth int) bool {
	if depth > maxDepth {
		return true
	}
	switch e := e.(type) {
	case *AxisRef:
		return true
	case *UnaryExpr:
		return refersToAxis(e.X, depth+1)
	case *BinaryExpr:
		return refersToAxis(e.X, depth+1) || refersToAxis(e.Y, depth+1)
	case *IfExpr:
		return refersToAxis(e.Cond, depth+1) || refersToAxis(e.Then, depth+1) || refersToAxis(e.Else, depth+1)
	case *ListExpr:
		for _, x := range e.Elems {
			if refersToAxis(x, depth+1) {
				return true
			}
		}
	}
	return false
}
