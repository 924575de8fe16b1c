package dsl

import (
	"fmt"
	"go/scanner"
	"go/token"
	"sort"
	"strings"
)

// componentWord is how a component statement starts in a sweep file.
var componentWord = map[Kind]string{KindDataset: "data", KindModel: "model", KindLearner: "learner", KindSampler: "sampler"}

// Override applies command-line overrides to a parsed sweep file, as if
// the file said so, before it is checked. Each set is NAME=VALUE, VALUE
// written as in a sweep file:
//
//   - seed, repeat, updates or sweep: the setting (added if the file has none);
//   - an axis (not one of a zip group): the axis takes VALUE as its levels,
//     a list or generator (rate=[0.1,0.2], rate=logspace(0.001, 0.1, 3)) or
//     one level (rate=0.1);
//   - WHERE.PARAM, WHERE a component (data, test, model, learner, sampler)
//     or a measurement of the file: that argument, replaced or added;
//   - a bare PARAM: the argument of the one component or measurement whose
//     registry entry (any level's, for a head taken from an axis) has a
//     parameter PARAM; it is an error if several have it.
//
// The result is an ordinary plan: its keys, seeds and fingerprint follow
// from the overridden file. Errors name the override as a position
// ("-set hiden=3: unknown parameter hiden (did you mean hidden?)"); the
// value's own mistakes are reported by Check at "-set NAME:1:COL". It
// returns all errors as a scanner.ErrorList.
func Override(f *File, sets []string, reg Registry) error {
	var errs scanner.ErrorList
	for _, set := range sets {
		where := token.Position{Filename: "-set " + set}
		name, text, ok := strings.Cut(set, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			errs.Add(where, "want NAME=VALUE, e.g. -set rate=0.1")
			continue
		}
		value, err := parseValue("-set "+name, text)
		if err != nil {
			if l, ok := err.(scanner.ErrorList); ok {
				errs = append(errs, l...)
			} else {
				errs.Add(where, err.Error())
			}
			continue
		}
		if err := override(f, name, value, reg); err != nil {
			errs.Add(where, err.Error())
		}
	}
	errs.Sort()
	return errs.Err()
}

// parseValue parses text as one value of a sweep file (an operand:
// a constant, a list, a generator) and nothing after it.
func parseValue(filename, text string) (Expr, error) {
	p := &parser{file: &File{Name: filename}}
	p.lex = newLexer(filename, []byte(text), p.error)
	p.next()
	if p.tok == tEOF || p.tok == tNewline {
		p.errorExpected("value")
		return nil, p.errs.Err()
	}
	e := p.parseOperand()
	if p.tok != tEOF && p.tok != tNewline && len(p.errs) == 0 {
		p.error(p.pos, "expected the end of the value, found "+p.found())
	}
	p.errs.Sort()
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return e, nil
}

func override(f *File, name string, value Expr, reg Registry) error {
	switch name {
	case "seed", "repeat", "updates", "sweep":
		for _, s := range f.Stmts {
			if st, ok := s.(*SettingStmt); ok && st.Key == name {
				st.Value = value
				return nil
			}
		}
		f.Stmts = append(f.Stmts, &SettingStmt{At: value.Pos(), Key: name, Value: value})
		return nil
	}
	targets := overrideTargets(f, reg)
	if where, param, dotted := strings.Cut(name, "."); dotted {
		for _, t := range targets {
			if t.where == where {
				if !t.has(param) {
					return fmt.Errorf("unknown parameter %s of %s%s", param, t.what, didYouMean(param, t.params()))
				}
				t.set(param, value)
				return nil
			}
		}
		var wheres []string
		for _, t := range targets {
			wheres = append(wheres, t.where)
		}
		return fmt.Errorf("%s is not a component or measurement of this sweep (have: %s)%s", where, strings.Join(wheres, ", "), didYouMean(where, wheres))
	}
	for _, s := range f.Stmts {
		a, ok := s.(*AxisStmt)
		if !ok || len(a.Names) == 0 {
			continue
		}
		for _, id := range a.Names {
			if id.Name != name {
				continue
			}
			if a.Zipped {
				return fmt.Errorf("axis %s moves with others in a zip group; override the group in the file", name)
			}
			if _, isList := value.(*ListExpr); !isList {
				if _, isCall := value.(*CallExpr); !isCall {
					value = &ListExpr{At: value.Pos(), Elems: []Expr{value}}
				}
			}
			a.Gen = value
			return nil
		}
	}
	var found []*overrideTarget
	for _, t := range targets {
		if t.has(name) {
			found = append(found, t)
		}
	}
	switch len(found) {
	case 1:
		found[0].set(name, value)
		return nil
	case 0:
		cands := []string{"seed", "repeat", "updates"}
		for _, s := range f.Stmts {
			if a, ok := s.(*AxisStmt); ok {
				for _, id := range a.Names {
					cands = append(cands, id.Name)
				}
			}
		}
		for _, t := range targets {
			cands = append(cands, t.params()...)
		}
		return fmt.Errorf("unknown parameter %s: no setting, axis, component or measurement of this sweep has it%s", name, didYouMean(name, cands))
	}
	var both []string
	for _, t := range found {
		both = append(both, t.where+"."+name)
	}
	return fmt.Errorf("%s is a parameter of several parts of this sweep; say which: %s", name, strings.Join(both, " or "))
}

// overrideTarget is a component or measurement statement that an
// override can set an argument of.
type overrideTarget struct {
	where   string // data, test, model, learner, sampler, or the measurement's name
	what    string // e.g. "learner cd", "learner $learner (cd, pcd)"
	entries []*Entry
	args    *[]*Arg
}

func (t *overrideTarget) has(param string) bool {
	for _, e := range t.entries {
		if e.Param(param) != nil {
			return true
		}
	}
	return false
}

func (t *overrideTarget) params() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range t.entries {
		for _, p := range e.Params {
			if !seen[p.Name] {
				seen[p.Name] = true
				out = append(out, p.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (t *overrideTarget) set(param string, value Expr) {
	for _, a := range *t.args {
		if a.Name != nil && a.Name.Name == param {
			a.Value = value
			return
		}
	}
	*t.args = append(*t.args, &Arg{Name: &Ident{At: value.Pos(), Name: param}, Value: value})
}

// overrideTargets lists the component and measurement statements of f
// with the registry entries they may resolve to.
func overrideTargets(f *File, reg Registry) []*overrideTarget {
	levels := map[string][]string{} // axis name → its name levels
	for _, s := range f.Stmts {
		if a, ok := s.(*AxisStmt); ok && len(a.Names) == 1 {
			if l, ok := a.Gen.(*ListExpr); ok {
				for _, e := range l.Elems {
					if id, ok := e.(*Ident); ok {
						levels[a.Names[0].Name] = append(levels[a.Names[0].Name], id.Name)
					}
				}
			}
		}
	}
	var out []*overrideTarget
	for _, s := range f.Stmts {
		switch s := s.(type) {
		case *ComponentStmt:
			t := &overrideTarget{where: s.Word(), args: &s.Args}
			var names []string
			switch h := s.Head.(type) {
			case *Ident:
				names = []string{h.Name}
				t.what = s.Word() + " " + h.Name
			case *AxisRef:
				names = levels[h.Name]
				t.what = fmt.Sprintf("%s $%s (%s)", s.Word(), h.Name, strings.Join(names, ", "))
			}
			for _, n := range names {
				if e, ok := reg.Lookup(s.Kind, n); ok {
					t.entries = append(t.entries, e)
				}
			}
			out = append(out, t)
		case *MeasureStmt:
			if s.Name == nil {
				continue
			}
			t := &overrideTarget{where: s.Label(), what: "measure " + s.Label(), args: &s.Args}
			if e, ok := reg.Lookup(KindMeasure, s.Name.Name); ok {
				t.entries = []*Entry{e}
			}
			out = append(out, t)
		}
	}
	return out
}

// CompileWith is Compile with command-line overrides (see Override)
// applied to the parsed file before it is checked. A file with syntax
// errors gives Compile's errors; otherwise the overrides' errors, or the
// check's of the overridden file.
func CompileWith(filename string, src []byte, reg Registry, sets []string) (*Spec, error) {
	if len(sets) == 0 {
		return Compile(filename, src, reg)
	}
	f, perr := ParseFile(filename, src)
	if perr != nil {
		return Compile(filename, src, reg) // the file's own errors, as without overrides
	}
	if err := Override(f, sets, reg); err != nil {
		return nil, err
	}
	return Check(f, reg)
}

// SetFlags is a flag.Value that collects repeatable -set NAME=VALUE
// overrides, in order, for CompileWith: the command line's `-set` and the
// %%sweep cell magic's. Set refuses a value without "=" or with an empty
// name, so that the flag parser names the bad flag at once; the rest is
// checked by Override.
type SetFlags []string

// String returns the overrides separated by spaces.
func (s *SetFlags) String() string {
	if s == nil {
		return ""
	}
	return strings.Join(*s, " ")
}

// Set adds one override NAME=VALUE.
func (s *SetFlags) Set(v string) error {
	if name, _, ok := strings.Cut(v, "="); !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("want NAME=VALUE, e.g. -set rate=0.1, found %q", v)
	}
	*s = append(*s, v)
	return nil
}
