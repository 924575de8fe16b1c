package dsl

// asha checks an asha statement (after the settings, components and
// measures, which it refers to) and sets Spec.ASHA.
func (c *checker) asha(s *AshaStmt) {
	if !c.once("asha", s.At) || s.Measure == nil || s.Measure.Name == "" {
		return
	}
	sp := c.spec
	rule := &ASHA{Measure: s.Measure.Name, Eta: 3}
	ok := true
	var m *MeasureDef
	var names []string
	for _, md := range sp.Measures {
		names = append(names, md.Name)
		if md.Name == rule.Measure {
			m = md
		}
	}
	switch {
	case m == nil:
		c.errorf(s.Measure.At, "asha: measure %s is not taken by this sweep%s (add: measure %s every N)",
			rule.Measure, didYouMean(rule.Measure, names), rule.Measure)
		ok = false
	case m.Every == 0:
		c.errorf(s.Measure.At, "asha: measure %s is taken at the end of the run only, so no run can be ranked before it ends (add every N to its measure statement)", rule.Measure)
		ok = false
	}
	if e, found := c.reg.Lookup(KindMeasure, c.libraryMeasure(rule.Measure)); found {
		rule.Better = e.Better
	}
	if s.Better != nil {
		if rule.Better != "" && s.Better.Name != rule.Better {
			c.errorf(s.Better.At, "asha: %s is better for measure %s, not %s (asha would keep the worst runs); write asha on %s %s or leave the direction out",
				rule.Better, rule.Measure, s.Better.Name, rule.Measure, rule.Better)
			ok = false
		}
		rule.Better = s.Better.Name
	}
	if rule.Better == "" && m != nil {
		c.errorf(s.Measure.At, "asha: measure %s has no known direction: write asha on %s higher (or lower) from N", rule.Measure, rule.Measure)
		ok = false
	}
	if from, good := c.ashaInt(s.From, "from", "a positive integer number of updates (the first rung)", 1); good {
		rule.From = from
	} else {
		ok = false
	}
	if s.Eta != nil {
		if eta, good := c.ashaInt(s.Eta, "eta", "an integer of at least 2 (the reduction factor)", 2); good {
			rule.Eta = eta
		} else {
			ok = false
		}
	}
	if !ok || s.From == nil {
		return
	}
	if sp.Learner == nil {
		c.errorf(s.At, "asha stops training runs early, but this sweep has no learner statement")
		return
	}
	if rule.From >= sp.Updates {
		c.errorf(s.From.Pos(), "asha: from %d is not before the last update (updates %d): a run that reaches the first rung has ended", rule.From, sp.Updates)
		return
	}
	if rule.From%m.Every != 0 {
		c.errorf(s.From.Pos(), "asha: from %d is not a step at which %s is measured (every %d): make it a multiple of %d", rule.From, rule.Measure, m.Every, m.Every)
		return
	}
	rule.Rungs = rungsBelow(rule.From, rule.Eta, sp.Updates)
	sp.ASHA = rule
}

// ashaInt reads the constant integer e, at least min, of an asha statement.
func (c *checker) ashaInt(e Expr, word, want string, min int) (int, bool) {
	if e == nil {
		return 0, false // a syntax error, reported by the parser
	}
	v, t, ok := c.constant(e)
	if !ok {
		return 0, false
	}
	if n, isInt := v.(int); t == TypeInt && isInt && n >= min {
		return n, true
	}
	c.errorf(e.Pos(), "asha: %s wants %s, found %s", word, want, exprText(e))
	return 0, false
}
