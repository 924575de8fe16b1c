package goexec

import (
	"context"
	"fmt"
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

// TestLocalTypePointersAndListsAsGo: a pointer to a local type, a list of
// it and a map of pointers to it, stored in a sync.Map and read back as
// an any, in a session with a type of the same fields (Tm, with String),
// are named and printed as go run does; the kernel printed "*main.Tm tm1
// tm1" for the *L (the only candidate of its reflect type, *struct { Xa
// int }) and "[]struct { Xa int } [{Xa:1}] [{1}]" for the []L. The front
// end records where the cell puts such a value in an interface, with its
// description (TagType; also &Tm{…}, which yaegi holds bare too), an
// assertion or type switch of a *L to *Tm, or of a []L to []Tm, asks
// the record, and so do fmt's helpers for the []L inside a []any or a
// field of type any.
func TestLocalTypePointersAndListsAsGo(t *testing.T) {
	e := newExec(t)
	run(t, e, shadowSession)
	run(t, e, "import \"reflect\"")
	for _, c := range []struct{ what, code, gorun string }{
		{"a pointer", "func gp() any {\n\ttype L struct{ a int }\n\tvar m sync.Map\n\tm.Store(\"k\", &L{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\n" +
			"xp := gp()\nfmt.Printf(\"%T %+v %v %#v\\n\", xp, xp, xp, xp)", "*main.L &{a:1} &{1} &main.L{a:1}\n"},
		{"a list", "func gl() any {\n\ttype L struct{ a int }\n\tvar m sync.Map\n\tm.Store(\"k\", []L{{1}})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\n" +
			"xl := gl()\nfmt.Printf(\"%T %+v %v %#v\\n\", xl, xl, xl, xl)", "[]main.L [{a:1}] [{1}] []main.L{main.L{a:1}}\n"},
		{"a map of pointers", "func gm() any {\n\ttype L struct{ a int }\n\tvar m sync.Map\n\tm.Store(\"k\", map[string]*L{\"x\": {2}})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\n" +
			"xm := gm()\nfmt.Printf(\"%T %v\\n\", xm, xm != nil)", "map[string]*main.L true\n"},
		{"reflect.TypeOf", "fmt.Println(reflect.TypeOf(xp), reflect.TypeOf(xl))", "*main.L []main.L\n"},
		{"a type switch and an assertion of the *L to *Tm",
			"var q any = xp\nswitch v := q.(type) {\ncase *Tm:\n\tfmt.Println(\"Tm\", v)\ndefault:\n\tfmt.Println(\"other\")\n}\n_, ok2 := q.(*Tm)\nfmt.Println(ok2)",
			"other\nfalse\n"},
		{"a *Tm put in an any by the cell", "var p any = &Tm{4}\nfmt.Printf(\"%T %v %+v\\n\", p, p, p)\n_, ok := p.(fmt.Stringer)\nfmt.Println(ok, p.(*Tm).a)\n" +
			"switch v := p.(type) {\ncase *Tm:\n\tfmt.Println(\"Tm\", v)\ndefault:\n\tfmt.Println(\"other\")\n}", "*main.Tm tm4 tm4\ntrue 4\nTm tm4\n"},
		{"a []Tm put in an any by the cell", "var ts any = []Tm{{5}}\nfmt.Printf(\"%T %v %+v\\n\", ts, ts, ts)", "[]main.Tm [tm5] [tm5]\n"},
		{"a *Tm through the sync.Map", "func h() any {\n\tvar m sync.Map\n\tm.Store(\"k\", &Tm{1})\n\tv, _ := m.Load(\"k\")\n\treturn v\n}\nfmt.Println(h())", "tm1\n"},
		{"an assertion of the []L to []Tm", "_, okl := xl.([]Tm)\nvar yt any = []Tm{{2}}\nts2, ok2 := yt.([]Tm)\nfmt.Println(okl, ts2, ok2)", "false [tm2] true\n"},
		{"the []L in a []any and in a field of type any (DynamicIn, GoValueIn)",
			"type Box struct{ V any }\n\nxs := []any{xl}\nfmt.Printf(\"%v %+v %+v\\n\", xs, xs, Box{xl})", "[[{1}]] [[{a:1}]] {V:[{a:1}]}\n"},
	} {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.gorun {
			t.Errorf("%s: printed %q; want go run's %q", c.what, rec.stream("stdout"), c.gorun)
		}
	}
}

// TestLocalTypePointersRefused: a pointer or list of such a reflect type
// that went into an interface where the front end did not record it (a
// *Tm put in an any before a cell declared the local type; a *L or []L
// converted inside a generic function) ends the cell with an
// InterpreterLimit naming the types it may be made of, where the kernel
// named it *main.Tm (go run: tm1, &{1}, []main.L).
func TestLocalTypePointersRefused(t *testing.T) {
	const msg = "the interpreter cannot tell which of main.Tm, main.L this value of type %s is made of: it keeps them as one type. " +
		"Give them different underlying types, or run this code compiled (a cell with func main, or %%%%compile)"
	e := newExec(t)
	run(t, e, shadowSession)
	run(t, e, "var p0 any = &Tm{1}\n\nfunc keep[T any](v T) any { return v }")
	for _, c := range []struct{ what, code, typ, gorun string }{
		{"a *Tm put in an any before the local type", shadowLocal + "fmt.Println(p0)", "*struct { Xa int }", "tm1"},
		{"a *L put in an any by a generic function", "func g9() any {\n\ttype L struct{ a int }\n\treturn keep(&L{1})\n}\nfmt.Println(g9())",
			"*struct { Xa int }", "&{1}"},
		{"a []L put in an any by a generic function", "func g8() any {\n\ttype L struct{ a int }\n\treturn keep([]L{{1}})\n}\nfmt.Printf(\"%T\\n\", g8())",
			"[]struct { Xa int }", "[]main.L"},
	} {
		want := fmt.Sprintf(msg, c.typ)
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee.Name != "InterpreterLimit" || ee.Value != want || rec.stream("stdout") != "" {
			t.Errorf("%s: %s %q, printed %q; want the InterpreterLimit %q (go run: %q)", c.what, ee.Name, ee.Value, rec.stream("stdout"), want, c.gorun)
		}
	}
}
