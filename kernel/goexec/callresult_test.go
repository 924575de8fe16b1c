package goexec

import (
	"context"
	"strings"
	"testing"
)

// callResultDecls declares types of the session with String or Error
// methods, on an int, a struct, a pointer and a list, and functions that
// return them.
const callResultDecls = `import "slices"

type W int

func (d W) String() string { return "w" }
func (d W) Next() W        { return d + 1 }

type S struct{ a int }

func (s S) String() string { return "s" }

type P struct{ a int }

func (p *P) String() string { return "p" }

type L []int

func (l L) String() string { return "l" }

type E struct{}

func (E) Error() string { return "e!" }

func First[T any](xs []T) T { return xs[0] }
func pickW() W                { w := W(1); return w }
func pickS() S                { return S{1} }
func pickP() *P               { return &P{1} }
func pickL() L                { return L{1} }
func pickE() E                { return E{} }`

// TestCallResultsKeepMethods: the result of a call, of a type of the
// session with a String or Error method, printed by fmt or shown as a
// cell's result, is printed with the method, as go run prints it (the
// want lines are go run's output of the same code as one program). yaegi
// hands a call's result to compiled code without its methods, and the
// kernel printed "1 1 {1} &{1} [1] {} {1} 1", "1 %!s(int=1) 1 {Xa:1} p"
// and "[1] wrapped: %!w(struct {}={})", 1 for the assertion x.(W),
// "[1 2] []int" for slices.Clone of a []W (a generic function of the
// standard library, which the kernel runs through a helper), and showed
// pickW(), w.Next() and First([]W{1}) as 1.
func TestCallResultsKeepMethods(t *testing.T) {
	e := newExec(t)
	run(t, e, callResultDecls)
	_, rec := run(t, e, `var w W
fmt.Println(pickW(), w.Next(), pickS(), pickP(), pickL(), pickE(), First([]S{{1}}), First([]W{1}))
fmt.Printf("%v %s %d %+v %v\n", pickW(), pickW(), pickW(), pickS(), (pickP()))
fmt.Println(fmt.Sprint(pickL()), fmt.Errorf("wrapped: %w", pickE()))
var x any = W(1)
fmt.Println(x.(W))
fmt.Printf("%v %T\n", slices.Clone([]W{1, 2}), slices.Clone([]W{1}))`)
	want := "w w s p l e! s w\nw w 1 s p\nl wrapped: e!\nw\n[w w] []main.W\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	// A list or map of W (a type with String that is not a struct) was
	// shown with numbers: [1], map[a:1], [1 2].
	for code, want := range map[string]string{"pickW()": "w", "w.Next()": "w", "pickS()": "s", "pickP()": "p", "First([]W{1})": "w",
		"[]W{1}": "[w]", `map[string]W{"a": 1}`: "map[a:w]", "slices.Clone([]W{1, 2})": "[w w]"} {
		if got, _ := run(t, e, code); got != want {
			t.Errorf("the result of %s is shown as %q, want %q (fmt's %%v)", code, got, want)
		}
	}
}

// TestSessionInterfaceValuesPrinted: a value held by an interface that a
// cell declares with String in its method set (Named embeds
// fmt.Stringer), or writes as a literal, is printed with the method, as
// go run prints it (the want lines are go run's). yaegi hands such a value
// to fmt without the method: the kernel printed "{rex} {rex} {rex} {lit}
// %!v(PANIC=Format method: reflect.Set: value of type interface {} is
// not assignable to type interp.valueInterface)" and "{rex} {rex}
// {"rex"} {%!d(main.string=rex)}" (for %d, a field's predeclared type
// named as the session's).
func TestSessionInterfaceValuesPrinted(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Named interface {
	fmt.Stringer
	Name() string
}

type Dog struct{ n string }

func (d Dog) String() string { return "dog " + d.n }
func (d Dog) Name() string   { return d.n }

func mkN() Named { return Dog{"rex"} }`)
	_, rec := run(t, e, `n := mkN()
var lit interface{ String() string } = Dog{"lit"}
fmt.Println(n, mkN(), Named(mkN()), lit, []Named{mkN()})
fmt.Printf("%s %v %q %d\n", mkN(), n, n, mkN())`)
	want := "dog rex dog rex dog rex dog lit [dog rex]\ndog rex dog rex \"dog rex\" {%!d(string=rex)}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestSessionInterfaceFields: a struct with a field of an interface type
// that a cell declares, printed by fmt, prints the field's value with its
// String method, and a method whose parameter has no name runs when called
// through the interface, as go run does (the want lines are go run's).
// The kernel panicked "reflect.Set: value of type int is not assignable
// to type float64" on cs[0].Schedule.Rate(3) of Constant's Rate(int), and
// printed %+v of a Config as "%!v(PANIC=Format method: reflect.Set: value
// of type interface {} is not assignable to type interp.valueInterface)"
// (and, with that fixed alone, the field as {node:0xc000… value:{…}}).
func TestSessionInterfaceFields(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Schedule interface {
	Rate(step int) float64
	fmt.Stringer
}

type Constant struct{ Eta float64 }

func (c Constant) Rate(int) float64 { return c.Eta }
func (c Constant) String() string   { return fmt.Sprintf("const(%g)", c.Eta) }

type Decay struct{ Eta0, Tau float64 }

func (d *Decay) Rate(t int) float64 { return d.Eta0 / (1 + float64(t)/d.Tau) }
func (d *Decay) String() string     { return fmt.Sprintf("decay(%g,%g)", d.Eta0, d.Tau) }

type Config struct {
	Name     string
	Schedule Schedule
	extra    map[string]float64
}`)
	_, rec := run(t, e, `cs := []Config{{"a", Constant{0.1}, nil}, {"b", &Decay{0.5, 5}, map[string]float64{"k": 1}}, {Name: "z"}}
fmt.Printf("%+v\n", cs[0])
fmt.Println(cs, cs[0].Schedule.Rate(3))
fmt.Printf("%v|%+v\n", cs[2], cs[1])`)
	want := "{Name:a Schedule:const(0.1) extra:map[]}\n" +
		"[{a const(0.1) map[]} {b decay(0.5,5) map[k:1]} {z <nil> map[]}] 0.1\n" +
		"{z <nil> map[]}|{Name:b Schedule:decay(0.5,5) extra:map[k:1]}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestGenericValuesPrinted: a value of a type parameter printed by fmt
// inside a generic function is printed with its type's String, and named
// by %T, as go run does (the want lines are go run's); the kernel printed
// "1 {1} &{1}" for Show of a Color, an S and a *P, "c=0 (int)" and
// "s={2} (struct { Xa int })". A
// list of a type parameter's values that the interpreter holds as a
// []int, in a session with a type Color int that has String, cannot be
// told from a []int: refused, not printed as numbers (it printed [0 1],
// go run [red green]).
func TestGenericValuesPrinted(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Color int

func (c Color) String() string { return [...]string{"red", "green"}[c] }

type S struct{ a int }

func (s S) String() string { return "s!" }

type P struct{ a int }

func (p *P) String() string { return "p!" }

func Show[T any](v T) string { return fmt.Sprint(v) }

func ShowAll[T any](vs []T) string { return fmt.Sprint(vs) }

func Debug[T any](label string, v T) { fmt.Printf("%s=%v (%T)\n", label, v, v) }`)
	_, rec := run(t, e, `fmt.Println(Show(Color(1)), Show(S{1}), Show(&P{1}), Show(3), Show("x"))
Debug("c", Color(0))
Debug("s", S{2})
Debug("n", 4.5)`)
	want := "green s! p! 3 x\nc=red (main.Color)\ns=s! (main.S)\nn=4.5 (float64)\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	ee, rec := fail(t, e, context.Background(), "fmt.Println(ShowAll([]Color{0, 1}))")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "made of a main.Color") || rec.stream("stdout") != "" {
		t.Errorf("ShowAll of a []Color: %s %q, printed %q; want an InterpreterLimit", ee.Name, ee.Value, rec.stream("stdout"))
	}
}
