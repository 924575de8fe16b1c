package goexec

import (
	"context"
	"strings"
	"testing"
)

// == and != of interface values holding the session's types with
// methods, and a switch on such a value: yaegi compared its own wrappers
// (false for the same *MyErr held by error and by any, false for two
// Sq{1} in a Shape of the cell's) or panicked (two error values of a
// struct type; a switch on an error with a case of a sentinel). The
// expected lines are go run's for the same code.
func TestInterfaceEquality(t *testing.T) {
	e := newExec(t)
	run(t, e, `type MyErr struct{ Op string; Code int }
func (e *MyErr) Error() string { return e.Op }
var ErrX = &MyErr{"x", 1}
var ErrY = &MyErr{"y", 2}
var ErrS = errors.New("s")
func get(i int) error {
	switch i {
	case 0:
		return ErrX
	case 1:
		return ErrS
	case 2:
		return nil
	}
	return ErrY
}
type Shape interface{ Area() float64 }
type Sq struct{ W float64 }
func (s Sq) Area() float64 { return s.W * s.W }
type V struct{ A int }
func (v V) Error() string { return "v" }`)
	_, rec := run(t, e, `e0 := get(0)
var x any = e0
fmt.Println(e0 == ErrX, x == ErrX, get(0) != get(3), get(1) == ErrS, get(2) == nil)
var s1, s2 Shape = Sq{1}, Sq{1}
fmt.Println(s1 == s2, s1 == Sq{1}, s1 != Sq{2})
var a, b, c error = V{1}, V{1}, V{2}
fmt.Println(a == b, a == c, a == error(V{1}))
for i := 0; i < 4; i++ {
	switch err := get(i); err {
	case ErrX, ErrY:
		fmt.Println(i, "mine", err)
	case ErrS:
		fmt.Println(i, "s")
		fallthrough
	case nil:
		fmt.Println(i, "nil or after s")
	}
}
L:
	switch get(0) {
	case ErrX:
		for {
			break L
		}
		fmt.Println("not here")
	}`)
	want := "true true true true true\ntrue true true\ntrue false true\n" +
		"0 mine x\n1 s\n1 nil or after s\n2 nil or after s\n3 mine y\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
	// A struct of two fields in error's wrapper has lost its first: the
	// comparison is refused rather than guessed. A slice in an interface
	// panics as Go's runtime does.
	run(t, e, `type W struct{ A, B int }
func (w W) Error() string { return "w" }
type F func()
func (F) Error() string { return "f" }`)
	ee, _ := fail(t, e, context.Background(), `var p, q error = W{1, 2}, W{9, 2}
fmt.Println(p == q)`)
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.W") {
		t.Errorf("W{1, 2} == W{9, 2} in errors: %s: %s, want an InterpreterLimit naming main.W", ee.Name, ee.Value)
	}
	ee, _ = fail(t, e, context.Background(), `var sa, sb Shape = nil, nil
var fa, fb any = []int{1}, []int{1}
fmt.Println(sa == sb)
fmt.Println(fa == fb)`)
	if !strings.Contains(ee.Value, "comparing uncomparable type []int") {
		t.Errorf("[]int == []int in anys: %s: %s, want Go's run-time error", ee.Name, ee.Value)
	}
}

// A map keyed by an interface that a type of the session with methods
// can be held by: yaegi keeps such keys in different wrappers by how the
// value came into the interface, so m[Sq{3}] = 1 then m[sh] (sh a Shape
// holding Sq{3}) gave 0 where Go gives 1, and a map[Shape]int panicked.
// Such keys are refused before the cell runs; a key of type any is
// checked when it runs; other keys of such a map work as in Go (the
// counts are go run's).
func TestInterfaceMapKeys(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Shape interface{ Area() float64 }
type Sq struct{ W float64 }
func (s Sq) Area() float64 { return s.W * s.W }
type S struct{ A int }
var av any = Sq{3}
var as any = S{1}
var sh Shape = Sq{3}`)
	for _, cell := range []string{
		"m := map[any]int{}\nm[Sq{3}] = 1",
		"m := map[any]int{}\nfmt.Println(m[sh])",
		"m := map[Shape]string{Sq{1}: \"one\"}\n_ = m",
		"m2 := map[any]bool{}\ndelete(m2, &Sq{1})",
	} {
		ee, _ := fail(t, e, context.Background(), cell)
		if ee.Name != "CompileError" || !strings.Contains(ee.Value, "cannot run in the interpreter") {
			t.Errorf("%s: %s: %s, want a CompileError refusing the key", cell, ee.Name, ee.Value)
		}
	}
	ee, _ := fail(t, e, context.Background(), "m := map[any]int{}\nm[av] = 1")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.Sq") {
		t.Errorf("m[av]: %s: %s, want an InterpreterLimit naming main.Sq", ee.Name, ee.Value)
	}
	_, rec := run(t, e, `m := map[any]int{}
for _, k := range []any{1, "a", 1, as, S{1}} { m[k]++ }
fmt.Println(len(m), m[1], m[as])
delete(m, as)
errs := map[error]int{io.EOF: 1}
errs[io.EOF]++
fmt.Println(len(m), errs[io.EOF])`)
	if got, want := rec.stream("stdout"), "3 2 2\n2 2\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}
