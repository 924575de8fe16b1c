package goexec

import (
	"context"
	"strings"
	"testing"
)

// methodShapedDecls is a session's first cell: an enum with String (a
// type with methods on a type that is not a struct) and a list type with
// String, as users write them, and functions that put their values in an
// interface.
const methodShapedDecls = `import (
	"container/list"
	"context"
	"sync"
)

type Color int

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

type Path []int

func (p Path) String() string { return fmt.Sprintf("path of %d", len(p)) }

type key string

func pick() any { return Color(1) }

func keep[T any](v T) any { return v }

func show(x any) string {
	_, ok := x.(fmt.Stringer)
	return fmt.Sprintf("%T %v %v", x, x, ok)
}

func kind(x any) string {
	switch v := x.(type) {
	case fmt.Stringer:
		return "stringer " + v.String()
	case int:
		return fmt.Sprint("int ", v)
	}
	return "other"
}`

// TestMethodShapedTypesAsGo: in a session with type Color int that has
// String, values held by an any print, name their type, compare and
// assert as go run's (the want lines are go run's output of the same
// code as one program). yaegi holds a Color as a bare int wherever it is
// not in its wrapper (a []Color, a conversion any(c), a function's
// result, a value compiled code held), and the kernel printed
//
//	path of 2 map[x:green] path of 2
//	main.Path map[string]int main.Path
//	int 1 true | int 2 true | main.Path path of 2 true | … | int 5 true
//	int 2 true true true
//	int 0 true; int 0 true;
//	int 1 true
//	[green path of 1 path of 1 1]
//
// for the first lines: a []int printed with Path's String, a map of ints
// with Color's, a Color as an int, a plain int asserted to fmt.Stringer
// true, and 2 == Color(2).
func TestMethodShapedTypesAsGo(t *testing.T) {
	e := newExec(t)
	run(t, e, methodShapedDecls)
	_, rec := run(t, e, `var a any = []int{1, 2}
var b any = map[string]int{"x": 1}
var c any = []Color{0, 2}
fmt.Println(a, b, c)
fmt.Printf("%T %T %T\n", a, b, c)
fmt.Println(show(pick()), "|", show(any(Color(2))), "|", show(Path{1, 2}), "|", show(keep(Color(0))), "|", show(5))
var m sync.Map
m.Store("c", Color(2))
v, _ := m.Load("c")
fmt.Println(show(v), v == any(Color(2)), v == any(2))
l := list.New()
l.PushBack(Color(0))
l.PushBack(0)
for e := l.Front(); e != nil; e = e.Next() {
	fmt.Print(show(e.Value), "; ")
}
fmt.Println()
ctx := context.WithValue(context.Background(), key("k"), Color(1))
fmt.Println(show(ctx.Value(key("k"))))
fmt.Println([]any{Color(1), []Color{1}, []int{1}, 1})
fmt.Println(kind(Color(2)), "|", kind(2), "|", kind(v))`)
	want := `[1 2] map[x:1] [red blue]
[]int map[string]int []main.Color
main.Color green true | main.Color blue true | main.Path path of 2 true | main.Color red true | int 5 false
main.Color blue true true false
main.Color red true; int 0 false; 
main.Color green true
[green [green] [1] 1]
stringer blue | int 2 | stringer blue
`
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestMethodShapedUnrecordedRefused: a list that may be a []Color or a
// []int, which the front end did not see go into the interface (a
// generic function's result), ends the cell with an InterpreterLimit
// rather than be printed with or without Color's String (go run: [green
// blue]); a number that compiled code made is its own type (json's
// float64 in a session with a type Celsius float64 that has String).
func TestMethodShapedUnrecordedRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, methodShapedDecls)
	ee, rec := fail(t, e, context.Background(), "fmt.Println(keep([]Color{1, 2}))")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "is a main.Path or made of a main.Color or not") || rec.stream("stdout") != "" {
		t.Errorf("a []Color from a generic function: %s %q, printed %q; want an InterpreterLimit", ee.Name, ee.Value, rec.stream("stdout"))
	}
	run(t, e, "import \"encoding/json\"\n\ntype Celsius float64\n\nfunc (c Celsius) String() string { return fmt.Sprintf(\"%.1f°C\", float64(c)) }")
	_, rec = run(t, e, `var doc map[string]any
json.Unmarshal([]byte(`+"`"+`{"t": 21.5, "name": "lab"}`+"`"+`), &doc)
fmt.Printf("%v %T %v\n", doc["t"], doc["t"], Celsius(21.5))`)
	if got, want := rec.stream("stdout"), "21.5 float64 21.5°C\n"; got != want {
		t.Errorf("json's number in a session with Celsius: printed %q, go run %q", got, want)
	}
}
