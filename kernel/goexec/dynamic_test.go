package goexec

import (
	"context"
	"strings"
	"testing"
)

// A package-level variable whose value reads a variable of an earlier
// cell, which yaegi refused ("variable definition loop"): each form is
// declared in a cell of its own and printed; the lines are what go run
// prints for the same declarations in one file.
func TestGlobalsReadEarlierCells(t *testing.T) {
	e := newExec(t)
	for _, cell := range []string{
		`var a = 1`,
		`c := 3`,
		`type R struct{ W, H int }
func (r R) Area() int { return r.W * r.H }
type Shape interface{ Area() int }`,
		`r := R{2, 3}`,
		// One cell: the order of initialisation is Go's (d before b,
		// which reads it; e through a function of the cell), whatever the
		// order of the declarations.
		`var b = d * 10
var d = a + c
func twiceD() int { return 2 * d }
var e = twiceD()
var s Shape = r
var x, y = r.W, r.H + a
var _ = a
var z = 7`,
	} {
		if _, rec := run(t, e, cell); rec.stream("stderr") != "" {
			t.Fatalf("cell %q: %s", cell, rec.stream("stderr"))
		}
	}
	_, rec := run(t, e, `fmt.Println(b, d, e, s.Area(), x, y, z)`)
	if got, want := rec.stream("stdout"), "40 4 8 6 2 4 7\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	// The moved variables are declared in their cell with their types,
	// so a function of a later cell sees them.
	run(t, e, `func sum() int { return b + d + e }`)
	if got, _ := run(t, e, `sum()`); got != "52" {
		t.Errorf("sum() = %s, want 52", got)
	}
}

// A value of a session type with methods held by an empty interface is
// printed as Go prints it: yaegi handed fmt its own wrapper, which
// printed as "{0xc000… {0xc000… 0xc000… 409}}" (Dynamic). The lines are
// what go run prints for the same program.
func TestEmptyInterfacePrintsTheValue(t *testing.T) {
	e := newExec(t)
	run(t, e, `type R struct{ W, H float64 }
func (r R) Area() float64 { return r.W * r.H }
type S struct{ N int }
func (s S) String() string { return fmt.Sprint("S#", s.N) }
type P struct {
	N  int
	in R
}
func (p *P) Bump() { p.N++ }
func mk() R { return R{7, 7} }
func show(x any) string { return fmt.Sprint(x) }`)
	_, rec := run(t, e, `q := R{5, 5}
var l any = q
var k any
k = mk()
xs := []any{q, 1}
m := map[string]any{"a": q}
p := &P{1, R{2, 2}}
var pv any = *p
var ps any = p
var st any = S{3}
fmt.Println(l, k, show(q))
fmt.Println(xs...)
fmt.Println(xs, m)
fmt.Printf("%v %+v %T %T %T\n", pv, pv, pv, ps, l)
fmt.Println(st, ps)
r, ok := l.(R)
fmt.Println(r.Area(), ok)
switch v := l.(type) {
case interface{ Area() float64 }:
	fmt.Println("area", v.Area())
default:
	fmt.Println("no area")
}`)
	want := `{5 5} {7 7} {5 5}
{5 5} 1
[{5 5} 1] map[a:{5 5}]
{1 {2 2}} {N:1 in:{W:2 H:2}} main.P *main.P main.R
S#3 &{1 {2 2}}
25 true
area 25
`
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}

// Comma-ok forms at the top level of a cell, which yaegi could not
// compile there ("nil type"), and assertions to an interface of a value
// of a session type held by an empty interface, which panicked inside
// yaegi or said false. The lines are what go run prints.
func TestCommaOKAndInterfaceAssertions(t *testing.T) {
	e := newExec(t)
	run(t, e, `type R struct{ W, H float64 }
func (r R) Area() float64 { return r.W * r.H }
type Shape interface{ Area() float64 }
var m = map[string]int{"a": 1}
var l any = R{1, 2}`)
	_, rec := run(t, e, `v, ok := m["a"]
w, ok2 := m["b"]
ch := make(chan int, 1)
ch <- 4
close(ch)
c, ok3 := <-ch
c2, ok4 := <-ch
n, ok5 := l.(int)
s, ok6 := l.(Shape)
r, ok7 := l.(R)
fmt.Println(v, ok, w, ok2, c, ok3, c2, ok4, n, ok5, ok6, s.Area(), r.W, ok7)
q := R{3, 4}
var k any = q
fmt.Println(k.(Shape).Area())
_, isShape := any(5).(Shape)
fmt.Println(isShape)`)
	if got, want := rec.stream("stdout"), "1 true 0 false 4 true 0 false 0 false true 2 1 true\n12\nfalse\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	// Method sets as Go has them: Box's Scale is on *Box, E's Error on E.
	run(t, e, `type Box struct{ W float64 }
func (b *Box) Scale(f float64) { b.W *= f }
type Scaler interface{ Scale(float64) }
type E struct{ C int }
func (e E) Error() string { return fmt.Sprint("E", e.C) }
type Named struct{ N string }
func (n Named) String() string { return "<" + n.N + ">" }`)
	_, rec = run(t, e, `var b any = Box{1}
_, valueScales := b.(Scaler)
_, pointerScales := any(&Box{1}).(Scaler)
_, pointerErrs := any(&E{4}).(error)
fmt.Println(valueScales, pointerScales, pointerErrs)
fmt.Printf("[%-6v][%6s][%#v]\n", Named{"a"}, Named{"b"}, Named{"c"})`)
	if got, want := rec.stream("stdout"), "false true true\n[<a>   ][   <b>][main.Named{N:\"c\"}]\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	ee, _ := fail(t, e, context.Background(), `_ = b.(Scaler)`)
	if want := "interface conversion: main.Box is not main.Scaler: missing method Scale"; !strings.Contains(ee.Value, want) {
		t.Errorf("b.(Scaler) panicked with %q, want %q", ee.Value, want)
	}
	// A failed single-value assertion still panics, with Go's message.
	ee, _ = fail(t, e, context.Background(), `_ = any(5).(Shape)`)
	if !strings.Contains(ee.Value, "is not") || !strings.Contains(ee.Value, "Shape") {
		t.Errorf("failed assertion: %q, want a panic saying 5 is not a Shape", ee.Value)
	}
}

// reflect.TypeOf of a value of a session type has Go's name: yaegi's
// reflect type of "type T int" is int, of a struct an unnamed struct.
func TestTypeOfSessionTypes(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `import "reflect"

type T int
type S struct{ A int }
func (S) M() {}

a := T(12)
fmt.Println(reflect.TypeOf(a), reflect.TypeOf(&S{}), reflect.TypeOf(S{}).Name(), reflect.TypeOf(&S{}).Name() == "")
fmt.Println(reflect.TypeOf(a).Kind(), reflect.TypeOf(S{}).NumField(), reflect.TypeOf(a) == reflect.TypeOf(T(3)), reflect.TypeOf(5))`)
	if got, want := rec.stream("stdout"), "main.T *main.S S true\nint 1 true int\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A receive as an operand of && or ||, its value sent by another
// goroutine: yaegi gave false (yaegi's chan8.go), the front end converts
// the receive to its type.
func TestReceiveInLogicalOperands(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `type flag bool

func recv() (bool, bool, flag) {
	m := make(chan bool)
	f := make(chan flag)
	go func() {
		m <- true
		m <- true
		f <- true
	}()
	and := <-m && true
	or := (<-m) || false
	named := <-f && flag(true)
	return and, or, named
}

fmt.Println(recv())`)
	if got, want := rec.stream("stdout"), "true true true\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A global set by a multi-valued := from a call (m, err := f()), returned
// by a function that another function calls: yaegi gave the global a
// broken slot, and the call panicked ("reflect: call of reflect.Value.Set
// on zero Value"); now the variables are declared with their types and
// assigned. Redeclaring one of them keeps Go's meaning.
func TestMultiValuedGlobalsInFunctions(t *testing.T) {
	e := newExec(t)
	run(t, e, `m, _ := rbm.NewBinary(3, 2, nil)`)
	run(t, e, `func h() *rbm.Binary { return m }
func g() int { return h().Visible() }`)
	if got, _ := run(t, e, `g()`); got != "3" {
		t.Errorf("g() = %q, want 3", got)
	}
	_, rec := run(t, e, `a, err := strconv.Atoi("x")
b, err := strconv.Atoi("7")
fmt.Println(a, b, err)`)
	if got, want := rec.stream("stdout"), "0 7 <nil>\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}
