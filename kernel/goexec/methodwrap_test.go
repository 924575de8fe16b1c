package goexec

import (
	"context"
	"strings"
	"testing"
)

// A struct of the session with an Error method, held by error: yaegi's
// wrapper of error's method set keeps its last field in place of the
// value (interp.getConcreteValue), so the value passed on as any
// printed as that field ("1" for E7{8, 1}), recover gave the field, and
// %T said int. Go's answers are the method's text, the error itself and
// main.E7; where the kept field cannot tell the types apart, the cell
// ends with an InterpreterLimit. The expected lines are go run's.
func TestStructHeldByCompiledInterface(t *testing.T) {
	e := newExec(t)
	run(t, e, `type E7 struct{ C, D int }
func (e E7) Error() string { return fmt.Sprint("E", e.C, "/", e.D) }
var err7 error = E7{8, 1}
func show(v any) { fmt.Println(v) }
func caught() (r any) {
	defer func() { r = recover() }()
	panic(err7)
}`)
	_, rec := run(t, e, `show(err7)
var b any = err7
fmt.Println(b, []any{err7})
r := caught()
e2, ok := r.(error)
fmt.Println(e2, ok)
fmt.Printf("%T %v %+v %s\n", err7, err7, b, b)`)
	want := "E8/1\nE8/1 [E8/1]\nE8/1 true\nmain.E7 E8/1 E8/1 E8/1\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
	// %d and %#v print the value without its methods: {8 1} and
	// main.E7{C:8, D:1}, which the wrapper no longer holds.
	for _, verb := range []string{"%d", "%#v"} {
		ee, _ := fail(t, e, context.Background(), `fmt.Printf("`+verb+`\n", err7)`)
		if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.E7") {
			t.Errorf("Printf(%s, err7): %s: %s, want an InterpreterLimit naming main.E7", verb, ee.Name, ee.Value)
		}
	}
	// A second error type whose last field is an int: %T cannot choose.
	run(t, e, `type E1 struct{ C int }
func (e E1) Error() string { return "e1" }`)
	ee, _ := fail(t, e, context.Background(), `fmt.Printf("%T\n", err7)`)
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.E1, main.E7") {
		t.Errorf("%%T of err7 beside E1: %s: %s, want an InterpreterLimit naming both", ee.Name, ee.Value)
	}
	// A type without methods cannot be in error's wrapper, so it is no
	// candidate; nor is a pointer, which the wrapper keeps whole.
	_, rec = run(t, e, `type P struct{ A, B int }
var perr error = &E1{3}
fmt.Printf("%T %v\n", perr, perr)`)
	if got, want := rec.stream("stdout"), "*main.E1 e1\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A struct with unexported fields held bare by any (in a cell function,
// a global or a parameter) prints with Go's field names, not yaegi's
// X-prefixed ones, for %+v and %#v.
func TestUnexportedFieldsThroughAny(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `type S struct{ a, B int }
var a any = S{1, 2}
func f(q any) string { return fmt.Sprintf("%+v|%#v", q, q) }
fmt.Printf("%+v|%#v|%v\n", a, a, a)
fmt.Println(f(S{3, 4}))`)
	want := "{a:1 B:2}|main.S{a:1, B:2}|{1 2}\n{a:3 B:4}|main.S{a:3, B:4}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}

// A printing statement ahead of a type declared further down the same
// cell: the lowering of %T lists the session's types, and listed one the
// interpreter had not met yet ("undefined: F5").
func TestTypeDeclaredLaterInTheCell(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `var b any = 1
fmt.Printf("%T\n", b)
type F5 struct{ C, D int }
fmt.Println(F5{2, 3})`)
	if got, want := rec.stream("stdout"), "int\n{2 3}\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// Values of the session's types put into an interface of another package
// in a loop (a []fmt.Stringer, a map of them, a []error): yaegi's wrapper
// read its receiver, when String was called, from the slot the value came
// from, so every element printed as the loop's last, for values and
// pointers alike. The lines are go run's.
func TestCompiledInterfaceFilledInLoop(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `type Point struct{ X, Y float64 }
func (p Point) String() string { return fmt.Sprintf("(%g,%g)", p.X, p.Y) }
type Ref struct{ N int }
func (r *Ref) String() string { return fmt.Sprint("r", r.N) }
type E struct{ Code int }
func (e E) Error() string { return fmt.Sprint("E", e.Code) }
func collect(ps []Point) (out []fmt.Stringer) {
	for _, p := range ps {
		out = append(out, p)
	}
	return
}
pts := []Point{{1, 2}, {3, 4}}
var items []fmt.Stringer
for _, p := range pts {
	items = append(items, p)
}
refs := map[int]fmt.Stringer{}
for i := 0; i < 3; i++ {
	r := &Ref{i}
	refs[i] = r
}
var errs []error
for i := 0; i < 3; i++ {
	errs = append(errs, E{i})
}
fmt.Println(items, collect(pts), refs[0], refs[2], errs)`)
	if got, want := rec.stream("stdout"), "[(1,2) (3,4)] [(1,2) (3,4)] r0 r2 [E0 E1 E2]\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}
