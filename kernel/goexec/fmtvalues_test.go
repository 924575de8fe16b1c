package goexec

import (
	"context"
	"testing"
)

// TestFmtFunctionValues: fmt's printing functions taken as values before
// the session declares a type print as Go does (go run's output) while it
// has none, and for values of compiled types after; once it has types,
// %T or a value that may be of one ends the cell with an InterpreterLimit
// (sp("%T", Hs{1}) printed struct { Xx int } for main.Hs, silently).
func TestFmtFunctionValues(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n\t\"os\"\n)")
	run(t, e, "sp := fmt.Sprintf\npl := fmt.Println\npf := fmt.Printf\nfp := fmt.Fprintln\nef := fmt.Errorf\nap := fmt.Appendf\n"+
		"fns := map[string]func(...any) string{\"s\": fmt.Sprint}")
	checkOutputs(t, e, []outputCase{
		{"pl(sp(\"%d %v %T\", 1, []int{2}, 3.5), fns[\"s\"](\"x\", 4))\nfp(os.Stdout, \"to stdout\")\n" +
			"fmt.Println(ef(\"e%d: %w\", 1, errors.New(\"base\")), string(ap(nil, \"%x\", 255)))",
			"1 [2] float64 x4\nto stdout\ne1: base ff\n"},
		{"type Hs struct{ x int }\npl(1, \"a\", []int{2}, map[string]int{\"k\": 3})\npf(\"%d %s\\n\", 4, \"b\")",
			"1 a [2] map[k:3]\n4 b\n"},
	})
	limit := func(name string) string {
		return name + " used as a function value, taken before the session declared types, cannot print %T, or a value that may be of a " +
			"type declared in a cell, in the interpreter: it would print it as the interpreter holds it (without its type's name and methods, " +
			"with X+name fields), as the kernel rewrites fmt's arguments only in a direct call; call " + name +
			" directly, or run this code compiled (a cell with func main, or %%compile)"
	}
	for _, c := range []struct{ code, name string }{
		{"fmt.Println(sp(\"%T\", Hs{1}))", "fmt.Sprintf"},
		{"pf(\"%T\\n\", 3)", "fmt.Printf"},
		{"pl(Hs{2})", "fmt.Println"},
		{"pl([]any{Hs{3}})", "fmt.Println"},
		{"pl(&Hs{5})", "fmt.Println"},
		{"fmt.Println(fns[\"s\"](map[string]any{\"k\": Hs{6}}))", "fmt.Sprint"},
		// A St is, to the interpreter, an int: every int is refused.
		{"type St int\nfunc (s St) String() string { return \"st\" }\npl(St(4))", "fmt.Println"},
		{"pl(7)", "fmt.Println"},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee != nil && (ee.Name != "InterpreterLimit" || ee.Value != limit(c.name) || rec.stream("stdout") != "") {
			t.Errorf("%q: %s %q, printed %q; want the InterpreterLimit %q", c.code, ee.Name, ee.Value, rec.stream("stdout"), limit(c.name))
		}
	}
}

// TestSpreadTypeVerbs: %T of the elements of a spread []any printed the
// type of goexec's wrapper of a session value (goexec.goValue for
// main.Hv); now the element's type's name, with Go's %!T(MISSING) for a
// verb without its element. go run's output.
func TestSpreadTypeVerbs(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Hv struct{ x int }\n\ntype St int\n\nfunc (s St) String() string { return \"st\" }")
	checkOutputs(t, e, []outputCase{
		{"xs := []any{Hv{1}, 2, St(3), &Hv{4}}\nfmt.Printf(\"%T %v %T %T|%+v\\n\", xs...)\nfmt.Printf(\"%T %T %T %T %T\\n\", xs...)\n" +
			"ys := []any{3, 4, Hv{5}}\nfmt.Print(fmt.Sprintf(\"%*d %T\\n\", ys...))",
			"main.Hv 2 main.St *main.Hv|%!v(MISSING)\nmain.Hv int main.St *main.Hv %!T(MISSING)\n  4 main.Hv\n"},
		// A slice literal spread: its length is its number of elements
		// (goexec.goValue was printed for Hv{1}).
		{"fmt.Printf(\"%T %v %T\\n\", []any{Hv{1}, 2, St(3)}...)\nfmt.Printf(\"%T|%T\\n\", []any{&Hv{4}}...)",
			"main.Hv 2 main.St\n*main.Hv|%!T(MISSING)\n"},
	})
}

// TestSpreadCallTypeVerbs: %T of the elements of a spread argument that
// is a call or a slice expression (fmt.Printf("%T\n", hvs()...)) is Go's:
// the kernel's wrapper (goexec.goValue) or yaegi's type was printed. The
// slice is evaluated once, after a writer; the lines are go run's of the
// same function in a program.
func TestSpreadCallTypeVerbs(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"os\"\n)\n\ntype Hv struct{ x int }\n\ntype Sl []int\n\ntype St struct{ A int }\n\nfunc (s St) String() string { return \"st\" }")
	checkOutputs(t, e, []outputCase{
		{"calls := 0\nfunc hvs() []any { calls++; return []any{Hv{1}, Sl{2}, St{3}, 4} }\nfunc show() {\n" +
			"\tdefer fmt.Printf(\"%T\\n\", hvs()[1:2]...)\n" +
			"\tfmt.Printf(\"%T %T %T %T\\n\", hvs()...)\n" +
			"\ts := fmt.Sprintf(\"%T|%v|%+v\", hvs()[:3]...)\n\tfmt.Println(s)\n" +
			"\tn, err := fmt.Fprintf(os.Stdout, \"%T %v\\n\", hvs()[:2]...)\n\tfmt.Println(n, err)\n" +
			"\tfmt.Println(fmt.Errorf(\"%T %d\", hvs()[2:]...))\n" +
			"\tfmt.Printf(\"%T %T %T\\n\", hvs()[:2]...)\n}\nshow()\nfmt.Println(calls)",
			"main.Hv main.Sl main.St int\nmain.Hv|[2]|st\nmain.Hv [2]\n12 <nil>\nmain.St 4\nmain.Hv main.Sl %!T(MISSING)\nmain.Sl\n6\n"},
	})
}

// TestTypeVerbOfTypeLiterals: %T of a value whose type is written with a
// struct or interface literal is reflect's spelling (struct { A int; B
// string }, interface {}), where the kernel wrote go/types' (struct{A
// int; B string}) or yaegi's own name of an interface literal with
// methods (map[string]interp.valueInterface); make of a channel with a
// direction, which yaegi's reflect.MakeChan refused with a panic, makes
// one. The expected lines are go run's.
func TestTypeVerbOfTypeLiterals(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"bytes\"\n\ntype Inner struct{ V int }")
	_, rec := run(t, e, "xs := []any{1}\n"+
		"fmt.Printf(\"%T|%T|%T\\n\", xs, map[string]interface{ String() string }{}, struct{}{})\n"+
		"e := struct {\n\tInner\n\tbytes.Buffer\n\tX int `json:\"x\"`\n}{}\nfmt.Printf(\"%T\\n\", e)\n"+
		"var fn func(a ...any) (int, error)\nfmt.Printf(\"%T\\n\", fn)\n"+
		"ch := make(chan<- struct{ A, B int }, 1)\nch <- struct{ A, B int }{1, 2}\nfmt.Printf(\"%T %d\\n\", ch, len(ch))\n"+
		"p := &struct{ n [2]float64 }{}\nfmt.Printf(\"%T %v\\n\", p, p)")
	want := "[]interface {}|map[string]interface { String() string }|struct {}\n" +
		"struct { main.Inner; bytes.Buffer; X int \"json:\\\"x\\\"\" }\n" +
		"func(...interface {}) (int, error)\n" +
		"chan<- struct { A int; B int } 1\n" +
		"*struct { n [2]float64 } &{[0 0]}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestVerbsThatDoNotCallMethods: fmt calls a value's Error or String for
// %v, %s, %q, %x and %X only; for %d, %f, %o and the like it prints the
// value itself. yaegi hands a value of a type of the session with
// methods to fmt in its wrapper, and for such a verb fmt printed the
// wrapper, the value beside a function: %d of an E{6} with Error gave
// "{6 10889792}", of an &E{6} two numbers, also through a format that is
// not a constant, and %d of a nil *E "<nil>". fmt.Errorf's %w, through a
// format that is not a constant, is handed the error itself. The
// expected lines are go run's.
func TestVerbsThatDoNotCallMethods(t *testing.T) {
	e := newExec(t)
	run(t, e, "type E struct{ code int }\n\nfunc (e E) Error() string { return fmt.Sprintf(\"E%d\", e.code) }\n\n"+
		"type S struct{ n int }\n\nfunc (s S) String() string { return \"S!\" }\n\ntype P struct{ a, b int }\n\n"+
		"type W struct {\n\tIn E\n\tN  int\n}\n\ntype PS struct{ n int }\n\nfunc (p *PS) String() string { return \"ps\" }")
	_, rec := run(t, e, "fmt.Printf(\"%d|%x|%d|%5d|%o\\n\", E{6}, E{7}, S{3}, S{4}, P{1, 2})\n"+
		"fmt.Printf(\"%d %v\\n\", []E{{1}}, []S{{2}})\nfmt.Println(fmt.Sprintf(\"%d\", E{9}))\n"+
		"fmt.Printf(\"%d|%d|%d|%d\\n\", &E{6}, W{E{1}, 2}, &PS{3}, PS{4})\n"+
		"format := \"%d %v\\n\"\nfmt.Printf(format, E{5}, E{5})\nvar pe *E\nfmt.Printf(\"%d\\n\", pe)\n"+
		"fmt.Printf(\"%6.2f|%x\\n\", E{7}, W{E{1}, 2})\n"+
		"wrap := \"wrap: %w\"\nerr := fmt.Errorf(wrap, E{3})\nfmt.Println(err, errors.Unwrap(err) != nil)")
	want := "{6}|4537|{3}|{    4}|{1 2}\n[{1}] [S!]\n{9}\n&{6}|{{1} 2}|&{3}|{4}\n{5} E5\n0\n{%!f(int=    07)}|{4531 2}\nwrap: E3 true\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}
