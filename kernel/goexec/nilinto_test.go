package goexec

import (
	"context"
	"testing"
)

// TestNilIntoCompiledInterfaceRefused: a nil pointer of a session type
// with methods (and a nil value of such a type on a map or slice) that a
// cell converts to a compiled interface (error, fmt.Stringer) ends the
// cell with an InterpreterLimit, in every place Go converts it: a return
// of a function whose result is error (`var p *E; return p`), a var
// declaration, an assignment, a call's result, a conversion (*E)(nil), an
// element of a literal and an argument. go run prints false for every
// `== nil` below (the interface holds the typed nil); yaegi made each a
// nil interface and the kernel printed true, silently. A non-nil pointer
// still goes into the interface with its methods, and an interface
// declared in a cell, or any, keeps a nil pointer as Go does.
func TestNilIntoCompiledInterfaceRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype E struct{ code int }\n\nfunc (p *E) Error() string {\n\tif p == nil {\n\t\treturn \"nil E\"\n\t}\n\treturn fmt.Sprint(\"E\", p.code)\n}\n\n"+
		"type Hist map[string]int\n\nfunc (h Hist) String() string { return fmt.Sprint(\"hist\", len(h)) }\n\n"+
		"type L []int\n\nfunc (l L) String() string { return fmt.Sprint(\"L\", len(l)) }\n\n"+
		"type I interface{ Error() string }\n\n"+
		"func mayFail(fail bool) error {\n\tvar p *E\n\tif fail {\n\t\tp = &E{7}\n\t}\n\treturn p\n}\n\n"+
		"func mk() *E { return nil }\n\nfunc isNil(err error) bool { return err == nil }")
	msg := func(typ, iface string) string {
		return "a nil " + typ + " converted to " + iface + " cannot run in the interpreter: in Go the " + iface + " holds the nil " + typ +
			" and is not nil (its methods are called with a nil receiver), the interpreter would make it a nil " + iface +
			". Return or assign nil itself where there is no value (return nil, not a nil " + typ +
			"), or run this code compiled (a cell with func main, or %%compile)"
	}
	for _, c := range []struct{ code, typ, iface string }{
		{"fmt.Println(\"before\")\nerr := mayFail(false)\nfmt.Println(err == nil)", "*main.E", "error"},
		{"fmt.Println(\"before\")\nvar p *E\nvar err error = p\nfmt.Println(err == nil)", "*main.E", "error"},
		{"fmt.Println(\"before\")\nvar err error\nerr = mk()\nfmt.Println(err == nil)", "*main.E", "error"},
		{"fmt.Println(\"before\")\nvar err error = (*E)(nil)\nfmt.Println(err == nil)", "*main.E", "error"},
		{"fmt.Println(\"before\")\nerrs := []error{mk()}\nfmt.Println(errs[0] == nil)", "*main.E", "error"},
		{"fmt.Println(\"before\")\nfmt.Println(isNil(mk()))", "*main.E", "error"},
		{"fmt.Println(\"before\")\nvar h Hist\nvar s fmt.Stringer = h\nfmt.Println(s == nil)", "main.Hist", "fmt.Stringer"},
		{"fmt.Println(\"before\")\nvar l L\nss := []fmt.Stringer{l}\nfmt.Println(ss[0] == nil)", "main.L", "fmt.Stringer"},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		if want := msg(c.typ, c.iface); ee.Name != "InterpreterLimit" || ee.Value != want || rec.stream("stdout") != "before\n" {
			t.Errorf("%q: %s %q, printed %q; want the InterpreterLimit %q after \"before\" (go run: false)", c.code, ee.Name, ee.Value, rec.stream("stdout"), want)
		}
	}
	// What Go gives, and the interpreter too: non-nil values, nil itself,
	// a nil pointer in an interface of the cell or in any.
	_, rec := run(t, e, "err := mayFail(true)\nfmt.Println(err == nil, err)\n"+
		"var ok error = nil\nfmt.Println(ok == nil, isNil(nil))\n"+
		"var ip I = mk()\nfmt.Println(ip == nil, ip.Error())\n"+
		"var a any = mk()\nfmt.Println(a == nil)\n"+
		"var s fmt.Stringer = Hist{\"a\": 1}\nfmt.Println(s == nil, s)")
	if got, want := rec.stream("stdout"), "false E7\ntrue true\nfalse nil E\nfalse\nfalse hist1\n"; got != want {
		t.Errorf("printed %q; want go run's %q", got, want)
	}
}

// BenchmarkPointerIntoError measures 10,000 conversions of a pointer of
// the session into error, each checked for nil (NilIntoInterface) in a
// call of its own: a variable's (converted in such a call before the
// check too) and a call's result (converted in place before).
func BenchmarkPointerIntoError(b *testing.B) {
	decl := "type E struct{ code int }\n\nfunc (p *E) Error() string { return \"E\" }\n\nfunc mk(i int) *E { return &E{i} }\n\nvar errs []error\n\n"
	b.Run("variable", func(b *testing.B) {
		benchmarkCell(b, []string{decl + "func loop() {\n\tfor i := 0; i < 10000; i++ {\n\t\tp := &E{i}\n\t\terrs = append(errs[:0], p)\n\t}\n}"}, "loop()")
	})
	b.Run("call", func(b *testing.B) {
		benchmarkCell(b, []string{decl + "func loop() {\n\tfor i := 0; i < 10000; i++ {\n\t\terrs = append(errs[:0], mk(i))\n\t}\n}"}, "loop()")
	})
}
