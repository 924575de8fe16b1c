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

// TestLocalTypeSharingSessionType: a value of a local type, or of an
// unnamed struct type, that comes back from compiled code (a sync.Map)
// as an any, in a session with a type of the same fields (Tm, with a
// String method), is named and printed as go run does: the kernel
// printed "main.Tm tm1 tm1", Tm being the only candidate of yaegi's
// reflect type, whose String ran on L's value. The front end records
// where the cell puts such a value in an interface (TagType).
func TestLocalTypeSharingSessionType(t *testing.T) {
	const pr = "fmt.Printf(\"%T %+v %v %#v\\n\", x, x, x, x)"
	for _, c := range []struct {
		what   string
		before []string
		code   string
		gorun  string
	}{
		{"a local type of a function of the same cell", nil, shadowLocal + "x := g()\n" + pr, "main.L {a:1} {1} main.L{a:1}\n"},
		{"a local type of a function of an earlier cell", []string{shadowLocal}, "x := g()\n" + pr, "main.L {a:1} {1} main.L{a:1}\n"},
		{"printed with %v alone (DynamicOne)", []string{shadowLocal}, "x := g()\nfmt.Println(x)", "{1}\n"},
		{"an unnamed struct type",
			[]string{"func g() any {\n\tvar m sync.Map\n\tm.Store(\"k\", struct{ a int }{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}"},
			"x := g()\n" + pr, "struct { a int } {a:1} {1} struct { a int }{a:1}\n"},
		{"a value of the session type with methods put in an any by the cell", []string{shadowLocal},
			"var a any = Tm{3}\nvar p any = &Tm{4}\nfmt.Printf(\"%T %v %+v %T %v\\n\", a, a, a, p, p)", "main.Tm tm3 tm3 *main.Tm tm4\n"},
		{"a value of a session type without methods put in an any by the cell",
			[]string{"type S struct{ b int }\n\nfunc h() int {\n\ttype L2 struct{ b int }\n\treturn len([]L2{})\n}"},
			"var sb any = S{3}\nfmt.Printf(\"%T %+v %v %#v %v\\n\", sb, sb, sb, sb, sb == any(S{3}))", "main.S {b:3} {3} main.S{b:3} true\n"},
	} {
		e := newExec(t)
		run(t, e, shadowSession)
		for _, b := range c.before {
			run(t, e, b)
		}
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.gorun {
			t.Errorf("%s: printed %q; want go run's %q", c.what, rec.stream("stdout"), c.gorun)
		}
	}
}

// TestLocalTypeSharingSessionTypeRefused: a value of such a reflect type
// that went into an interface where the front end does not record it (a
// value of Tm itself put in the sync.Map: Tm has methods, which yaegi's
// wrapper keeps where the cell's code holds it in an interface, but not
// in the sync.Map; a local type's value converted inside a generic
// function) ends the cell with an InterpreterLimit naming the types that
// share the reflect type. go run prints "main.Tm tm1 tm1" and
// "main.L {a:1} {1}"; the kernel printed "main.Tm tm1 tm1" for both.
func TestLocalTypeSharingSessionTypeRefused(t *testing.T) {
	const pr = "fmt.Printf(\"%T %+v %v\\n\", x, x, x)"
	msg := "the interpreter cannot tell which of main.Tm, main.L a value of type struct { Xa int } is: it keeps them as one type. " +
		"Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"
	for _, c := range []struct {
		what   string
		before []string
		code   string
		gorun  string
	}{
		{"a value of the session type itself, in a session with the local type",
			[]string{shadowLocal, "func h() any {\n\tvar m sync.Map\n\tm.Store(\"k\", Tm{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}"},
			"x := h()\n" + pr, "main.Tm tm1 tm1"},
		{"the same printed with %v alone (DynamicOne)",
			[]string{shadowLocal, "func h() any {\n\tvar m sync.Map\n\tm.Store(\"k\", Tm{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}"},
			"fmt.Println(h())", "tm1"},
		{"a local type's value put in an any by a generic function",
			[]string{"func keep[T any](v T) any { return v }"},
			"func g() any {\n\ttype L struct{ a int }\n\treturn keep(L{1})\n}\nx := g()\n" + pr, "main.L {a:1} {1}"},
	} {
		e := newExec(t)
		run(t, e, shadowSession)
		for _, b := range c.before {
			run(t, e, b)
		}
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "" {
			t.Errorf("%s: %s %q, printed %q; want the InterpreterLimit %q (go run: %q)", c.what, ee.Name, ee.Value, rec.stream("stdout"), msg, c.gorun)
		}
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
