package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestSessionValuesIntoCompiledAny: a value of a type an interpreted cell
// declared, handed to a compiled cell's empty interface, is the
// interpreter's form of it there: Show(S{1, 2}) gave "{1 2}|struct { Xa
// int; Xb int }" (go run: "{1 2}|main.S"), Id(Color(2)).(Color) false,
// fmt.Println(Keep(Color(1))...) "1" (go run "C1"), silently. Such a
// value is refused before the cell runs when its static type names a
// session type, and when the cell runs when an interface holds it; what
// compiled code sees rightly (numbers, strings, the library's values, an
// interface with methods, whose methods run in the interpreter) goes as
// before. Compiled code that formats such a value held as an interface
// with methods printed the interpreter's wrapper ("4.0 {2 0xa61a40}", go
// run "4.0 {2}"): the cell ends with a refusal, unless the interface has
// String (or Error, GoString, Format), which fmt calls.
func TestSessionValuesIntoCompiledAny(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
func Show(v any) string { return fmt.Sprintf("%v|%T", v, v) }

func Id(v any) any { return v }

type Box struct {
	V any
	N int
}

func Keep(vs ...any) []any { return vs }

func Count(m map[string]any) int { return len(m) }

var Held any

type Shape interface{ Area() float64 }

func Desc(s Shape) string { return fmt.Sprintf("%.1f %v", s.Area(), s) }

type Named interface{ String() string }

func Say(n Named) string { return fmt.Sprint(n, "!") }

func Total(ss ...Shape) float64 {
	t := 0.0
	for _, s := range ss {
		t += s.Area()
	}
	return t
}`)
	run(t, e, `type S struct{ a, b int }
type Color int
func (c Color) String() string { return "C" + fmt.Sprint(int(c)) }
type Sq struct{ side float64 }
func (q Sq) Area() float64 { return q.side * q.side }`)
	for _, c := range []struct{ code, want string }{
		{`fmt.Println(Show(1), Show("x"), Show([]int{1}))`, "1|int x|string [1]|[]int\n"},
		{"var y any = 5\nfmt.Println(Show(y))", "5|int\n"},
		{`fmt.Println(Keep(1, "a"), Total(Sq{2}, Sq{1}), Count(map[string]any{"k": 1.5}))`, "[1 a] 5 1\n"},
		{"m, _ := rbm.NewBinary(2, 3, nil)\nfmt.Println(Show(m.W.RawMatrix().Rows))", "2|int\n"},
		{"Held = 7\nfmt.Println(Show(Held), Box{V: 2}.V)", "7|int 2\n"},
		{`fmt.Println(Say(Color(1)))`, "C1!\n"},
	} {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.want {
			t.Errorf("%s: printed %q, want %q", c.code, rec.stream("stdout"), c.want)
		}
	}
	// A type of a cell on the compiled road is a compiled type named
	// main.T, which compiled code sees rightly.
	run(t, e, `import "text/template"

type line struct{ Name string }

func (l line) Upper() string { return strings.ToUpper(l.Name) }

func report(l line) string {
	var sb strings.Builder
	template.Must(template.New("r").Parse("{{.Upper}}")).Execute(&sb, l)
	return sb.String()
}`)
	if _, rec := run(t, e, "var a any = line{\"c\"}\nfmt.Println(Show(line{\"b\"}), Show(a), report(line{\"d\"}))"); rec.stream("stdout") != "{b}|main.line {c}|main.line D\n" {
		t.Errorf("a type of the compiled road: printed %q", rec.stream("stdout"))
	}
	for _, c := range []struct{ code, name, want string }{
		{`Show(S{1, 2})`, "CompileError", "a value of type main.S cannot go to Show (declared in a %%compile cell) as any"},
		{`Show([]Color{1, 2})`, "CompileError", "a value of type []main.Color cannot go to Show"},
		{`Keep(1, Color(1))`, "CompileError", "a value of type main.Color cannot go to argument 2 of Keep"},
		{`b := Box{V: S{3, 4}}`, "CompileError", "cannot go to field V of Box"},
		{`b := Box{S{3, 4}, 1}`, "CompileError", "cannot go to field V of Box"},
		{`Held = Color(2)`, "CompileError", "cannot go to the variable Held"},
		{`Count(map[string]any{"k": Sq{1}})`, "InterpreterLimit", "a value of type main.Sq cannot go to Count"},
		{"var x any = S{1, 2}\nShow(x)", "InterpreterLimit", "a value of type main.S cannot go to Show"},
		{"ks := []any{1, Color(1)}\nKeep(ks...)", "InterpreterLimit", "a value of type main.Color cannot go to Keep"},
		{"var c any = Color(3)\nId(c)", "InterpreterLimit", "a value of type main.Color cannot go to Id"},
		{"s := Desc(Sq{2})", "InterpreterLimit", "compiled code formatted (%v) a value of a type declared in an interpreted cell, held as compiled.Shape"},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee.Name != c.name || !strings.Contains(ee.Value, c.want) {
			t.Errorf("%s: %s: %s, want %s containing %q", c.code, ee.Name, ee.Value, c.name, c.want)
		}
		if out := rec.stream("stdout"); out != "" {
			t.Errorf("%s: printed %q before the refusal", c.code, out)
		}
	}
}
