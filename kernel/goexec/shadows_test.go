package goexec

import (
	"context"
	"testing"
)

// shadowSession is a session with a type whose reflect type (yaegi's
// struct { Xa int }) a local type "type L struct{ a int }" and the
// unnamed struct{ a int } share, with a String method, and another type.
const shadowSession = "import (\n\t\"fmt\"\n\t\"sync\"\n)\n\n" +
	"type Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }\n\ntype Pv struct{ a, b int }"

// shadowLocal declares g, whose local type L is stored in a sync.Map and
// read back as an any: the value reaches the helpers without yaegi's
// description of its type.
const shadowLocal = "func g() any {\n\ttype L struct{ a int }\n\tvar m sync.Map\n\tm.Store(\"k\", L{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\n"

// TestLocalTypeSharingSessionTypeRefused: a value of a local type, or of
// an unnamed struct type, that comes back from compiled code (a
// sync.Map) as an any, in a session with a type of the same fields, ends
// the cell with an InterpreterLimit naming both types; go run prints
// "main.L {a:1} {1}" (and "struct { a int } {a:1} {1}"). The kernel
// printed "main.Tm tm1 tm1": the only candidate of yaegi's reflect type
// was Tm, whose String ran on L's value. A value of Tm itself coming back
// so is refused too (the kernel cannot tell; go run "main.Tm tm1 tm1"),
// and one put in an any by the cell's own code keeps its name.
func TestLocalTypeSharingSessionTypeRefused(t *testing.T) {
	const pr = "fmt.Printf(\"%T %+v %v\\n\", x, x, x)"
	limit := func(names string) string {
		return "the interpreter cannot tell which of " + names + " a value of type struct { Xa int } is: it keeps them as one type. " +
			"Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"
	}
	for _, c := range []struct {
		what   string
		before []string
		code   string
		names  string
		gorun  string
	}{
		{"a local type of a function of the same cell", nil, shadowLocal + "x := g()\n" + pr, "main.Tm, main.L", "main.L {a:1} {1}"},
		{"a local type of a function of an earlier cell", []string{shadowLocal}, "x := g()\n" + pr, "main.Tm, main.L", "main.L {a:1} {1}"},
		{"printed with %v alone (DynamicOne)", []string{shadowLocal}, "x := g()\nfmt.Println(x)", "main.Tm, main.L", "{1}"},
		{"an unnamed struct type",
			[]string{"func g() any {\n\tvar m sync.Map\n\tm.Store(\"k\", struct{ a int }{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}"},
			"x := g()\n" + pr, "main.Tm, struct { a int }", "struct { a int } {a:1} {1}"},
		{"a value of the session type itself, in a session with the local type",
			[]string{shadowLocal, "func h() any {\n\tvar m sync.Map\n\tm.Store(\"k\", Tm{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}"},
			"x := h()\n" + pr, "main.Tm, main.L", "main.Tm tm1 tm1"},
	} {
		e := newExec(t)
		run(t, e, shadowSession)
		for _, b := range c.before {
			run(t, e, b)
		}
		ee, rec := fail(t, e, context.Background(), c.code)
		if want := limit(c.names); ee.Name != "InterpreterLimit" || ee.Value != want || rec.stream("stdout") != "" {
			t.Errorf("%s: %s %q, printed %q; want the InterpreterLimit %q (go run: %q)", c.what, ee.Name, ee.Value, rec.stream("stdout"), want, c.gorun)
		}
	}

	// Values that yaegi describes (put in an interface by the cell) keep
	// their names in such a session.
	e := newExec(t)
	run(t, e, shadowSession)
	run(t, e, shadowLocal)
	if _, rec := run(t, e, "var a any = Tm{3}\nvar p any = &Tm{4}\nfmt.Printf(\"%T %v %+v %T %v\\n\", a, a, a, p, p)"); rec.stream("stdout") != "main.Tm tm3 tm3 *main.Tm tm4\n" {
		t.Errorf("Tm held by an any: printed %q; want go run's %q", rec.stream("stdout"), "main.Tm tm3 tm3 *main.Tm tm4\n")
	}
}

// TestLocalTypeNamedAsGo: in a session without a type of the same
// fields, a value of a local type (or of an unnamed struct type with an
// unexported field) that comes back from compiled code as an any is
// named and printed as go run does; the kernel printed yaegi's reflect
// type, "struct { Xa int } {Xa:1} {1}".
func TestLocalTypeNamedAsGo(t *testing.T) {
	const pr = "fmt.Printf(\"%T %+v %v %#v\\n\", x, x, x, x)"
	for _, c := range []struct {
		what, session, code, gorun string
	}{
		{"a session with another type", "type Pv struct{ a, b int }", shadowLocal + "x := g()\n" + pr,
			"main.L {a:1} {1} main.L{a:1}\n"},
		{"a session without types", "", shadowLocal + "x := g()\n" + pr, "main.L {a:1} {1} main.L{a:1}\n"},
		{"an unnamed struct type", "type Pv struct{ a, b int }",
			"func g() any {\n\tvar m sync.Map\n\tm.Store(\"k\", struct{ a int }{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\nx := g()\n" + pr,
			"struct { a int } {a:1} {1} struct { a int }{a:1}\n"},
	} {
		e := newExec(t)
		run(t, e, "import (\n\t\"fmt\"\n\t\"sync\"\n)\n\n"+c.session)
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.gorun {
			t.Errorf("%s: printed %q; want go run's %q", c.what, rec.stream("stdout"), c.gorun)
		}
	}
}
