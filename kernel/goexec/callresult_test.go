package goexec

import "testing"

// callResultDecls declares types of the session with String or Error
// methods, on an int, a struct, a pointer and a list, and functions that
// return them.
const callResultDecls = `type W int

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
// and "[1] wrapped: %!w(struct {}={})", 1 for the assertion x.(W), and
// showed pickW(), w.Next() and First([]W{1}) as 1.
func TestCallResultsKeepMethods(t *testing.T) {
	e := newExec(t)
	run(t, e, callResultDecls)
	_, rec := run(t, e, `var w W
fmt.Println(pickW(), w.Next(), pickS(), pickP(), pickL(), pickE(), First([]S{{1}}), First([]W{1}))
fmt.Printf("%v %s %d %+v %v\n", pickW(), pickW(), pickW(), pickS(), (pickP()))
fmt.Println(fmt.Sprint(pickL()), fmt.Errorf("wrapped: %w", pickE()))
var x any = W(1)
fmt.Println(x.(W))`)
	want := "w w s p l e! s w\nw w 1 s p\nl wrapped: e!\nw\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	for code, want := range map[string]string{"pickW()": "w", "w.Next()": "w", "pickS()": "s", "pickP()": "p", "First([]W{1})": "w"} {
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
