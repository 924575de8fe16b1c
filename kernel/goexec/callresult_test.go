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
