package goexec

import (
	"context"
	"strings"
	"testing"
)

// Type switches with cases of the session's types take Go's case. yaegi
// fell to default for a struct type without methods inside a function,
// and for a value of a session type held by an error; the expected lines
// are what go run prints for the same code.
func TestTypeSwitchesOnSessionTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Celsius float64
func (c Celsius) Error() string { return "c" }
type Q struct{ X int }
type Shape interface{ Area() float64 }
type Sq struct{ S float64 }
func (s Sq) Area() float64 { return s.S * s.S }`)
	_, rec := run(t, e, `var e error = Celsius(1)
switch v := e.(type) {
case Celsius:
	fmt.Println("C", float64(v))
default:
	fmt.Println("default")
}
func f(y any) {
	switch v := y.(type) {
	case nil:
		fmt.Println("nil")
	case Q:
		fmt.Println("Q", v.X)
	case Shape:
		fmt.Println("shape", v.Area())
	case int, string:
		fmt.Printf("int or string %v\n", v)
	default:
		fmt.Println("default")
	}
}
f(Q{1}); f(Sq{2}); f(3); f("s"); f(nil); f(2.5)
L:
for i := 0; i < 3; i++ {
	switch x := any(i); x.(type) {
	case Q:
	case int:
		if i == 1 {
			break L
		}
		fmt.Println("i", i)
	}
}`)
	want := "C 1\nQ 1\nshape 4\nint or string 3\nint or string s\nnil\ndefault\ni 0\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}

// Two session types of one underlying type are one type to yaegi's
// assertions: it said that a Celsius held by an interface was a
// Fahrenheit. Where yaegi's wrapper of the value tells them apart, the
// answer is Go's; where nothing does, the cell ends with an
// InterpreterLimit instead of a guess.
func TestSameUnderlyingTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Celsius float64
type Fahrenheit float64
func (c Celsius) String() string { return "C" }
func (f Fahrenheit) String() string { return "F" }
func kind(x any) string {
	switch x.(type) {
	case Fahrenheit:
		return "F"
	case Celsius:
		return "C"
	}
	return "?"
}
func isF(x any) bool { _, ok := x.(Fahrenheit); return ok }`)
	_, rec := run(t, e, `fmt.Println(kind(Celsius(3)), kind(Fahrenheit(3)), isF(Celsius(1)), isF(Fahrenheit(1)))`)
	if got, want := rec.stream("stdout"), "C F false true\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	// A value held by fmt.Stringer reaches the interpreter in a wrapper
	// that keeps only the method: nothing tells the two types apart.
	ee, _ := fail(t, e, context.Background(), `var s fmt.Stringer = Celsius(2)
_, ok := s.(Fahrenheit)
fmt.Println(ok)`)
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.Fahrenheit, main.Celsius") {
		t.Errorf("s.(Fahrenheit): %s: %s, want an InterpreterLimit naming both types", ee.Name, ee.Value)
	}
}

// An assertion of a compiled value to an interface written in a cell:
// yaegi said false even when the value has the methods (errors.Join's
// error and interface{ Unwrap() []error }). The kernel gives Go's answer
// where yaegi's is right, and an InterpreterLimit where it is not.
func TestCompiledValueToCellInterface(t *testing.T) {
	e := newExec(t)
	run(t, e, `type MyStringer interface{ String() string }
type DummyStringer interface{ String() string }`)
	_, rec := run(t, e, `var d DummyStringer = time.Nanosecond
s, ok := d.(MyStringer)
_, hasUnwrap := error(io.EOF).(interface{ Unwrap() []error })
fmt.Println(s, ok, hasUnwrap)`)
	if got, want := rec.stream("stdout"), "1ns true false\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	ee, rec := fail(t, e, context.Background(), `err := errors.Join(errors.New("a"), errors.New("b"))
u, ok := err.(interface{ Unwrap() []error })
fmt.Println(u, ok)`)
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "*errors.joinError") || !strings.Contains(ee.Value, "interface { Unwrap() []error }") {
		t.Errorf("err.(interface{ Unwrap() []error }): %s: %s, want an InterpreterLimit naming the types", ee.Name, ee.Value)
	}
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("printed %q after the limit", out)
	}
	// recover does not turn the limit into a quiet wrong value.
	ee, _ = fail(t, e, context.Background(), `func() {
	defer func() { recover() }()
	_, ok := err.(interface{ Unwrap() []error })
	fmt.Println(ok)
}()`)
	if ee.Name != "InterpreterLimit" {
		t.Errorf("under recover: %s: %s, want InterpreterLimit", ee.Name, ee.Value)
	}
}

// %T of a value of a session type held by an interface names the type:
// a Code held by an error (yaegi's wrapper of the method keeps the bare
// int) and a struct type without methods held by an any were named int
// and struct { X int }. A plain int stays int.
func TestPercentTOfSessionValues(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Code int
func (c Code) Error() string { return fmt.Sprintf("code %d", int(c)) }
type Q struct{ X int }`)
	_, rec := run(t, e, `var err error = Code(404)
var y any = Q{1}
fmt.Printf("%v %d %T|%T %T %T\n", err, err, err, y, any(3), any(&Q{}))`)
	if got, want := rec.stream("stdout"), "code 404 404 main.Code|main.Q int *main.Q\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A verb that does not suit a value names its session type, as Go's fmt
// does, inside slices and structs too; other verbs go to each element.
// The lines are go run's for the same code.
func TestBadVerbNamesTheSessionType(t *testing.T) {
	e := newExec(t)
	run(t, e, `type celsius float64
func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }
type pair struct{ a, b int }
type blob struct{ B []byte; N int }`)
	_, rec := run(t, e, `c := celsius(21.5)
fmt.Printf("%v %s %d\n", c, c, []celsius{1, 2})
fmt.Printf("%d|%x|%s|%5.2f\n", c, pair{10, 11}, blob{[]byte("hi"), 3}, []celsius{1.5})
fmt.Printf("%d %v\n", &pair{1, 2}, []pair{{1, 2}})`)
	want := "21.5°C 21.5°C [%!d(main.celsius=1) %!d(main.celsius=2)]\n" +
		"%!d(main.celsius=21.5)|{a b}|{hi %!s(int=3)}|[ 1.50]\n" +
		"&{1 2} [{1 2}]\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}

// panic(x) of a value of a session type: the uncaught panic prints what
// Go's runtime prints (the Error or String method's text), and recover
// gives back a value with its type and methods (yaegi gave the bare
// struct: {7}, %T struct { C int }, and no Error method).
func TestPanicValueOfSessionType(t *testing.T) {
	e := newExec(t)
	run(t, e, `type E struct{ C int }
func (e E) Error() string { return fmt.Sprint("E", e.C) }
type S struct{ N int }
func (s S) String() string { return "S!" }`)
	// Held by an any, the value was in yaegi's wrapper, which was the
	// text: "{0xc000… {0x… 0x… 130}}".
	for _, c := range []struct{ cell, want string }{{`panic(E{7})`, "E7"}, {`panic(&S{1})`, "S!"},
		{"var ae any = E{8}\npanic(ae)", "E8"}, {"var as any = S{2}\npanic(as)", "S!"}} {
		ee, _ := fail(t, e, context.Background(), c.cell)
		if ee.Name != "panic" || ee.Value != c.want {
			t.Errorf("%s: %s: %s, want panic: %s", c.cell, ee.Name, ee.Value, c.want)
		}
	}
	_, rec := run(t, e, `func() {
	defer func() {
		r := recover()
		fmt.Println(r)
		fmt.Printf("%v %T\n", r, r)
		_, isErr := r.(error)
		v, isE := r.(E)
		fmt.Println(isErr, isE, v.C)
	}()
	panic(E{7})
}()`)
	if got, want := rec.stream("stdout"), "E7\nE7 main.E\ntrue true 7\n"; got != want {
		t.Errorf("recovered: printed %q, want %q", got, want)
	}
}

// TestErrorAssertionOfAny: x.(error), single-valued, of an any in a
// session that declares a type whose pointer is an error. The lowering
// returned AssertionPanic's any for the type without the method, which
// yaegi v0.16.1 refused for an error result ("cannot use (type valueT)
// as type errorT in return argument"). go run's output.
func TestErrorAssertionOfAny(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype MyErr struct{ msg string }\n\nfunc (e *MyErr) Error() string { return e.msg }")
	checkOutputs(t, e, []outputCase{
		{"y := reflect.ValueOf(errors.New(\"plain\")).Interface()\nfmt.Println(y.(error))", "plain\n"},
		{"var z any = reflect.ValueOf(&MyErr{\"z\"}).Interface()\nfmt.Println(z.(error))", "z\n"},
		{"var q any = errors.New(\"q\")\nerr := q.(error)\nfmt.Println(err)", "q\n"},
		{"func f() { defer func() { fmt.Println(recover()) }()\n\tvar m any = MyErr{\"v\"}\n\t_ = m.(error)\n}\nf()", "interface conversion: main.MyErr is not error: missing method Error\n"},
	})
}
