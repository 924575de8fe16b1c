package goexec

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestSharedReflectTypeNamed: in a session with types on types that are
// not structs (type Sl []int, type N int), which the interpreter holds in
// an interface as their underlying types, %T, %#v and reflect.TypeOf of
// an interface name the value's type as Go does where the front end saw
// it go into the interface (TagType); the lines are go run's. The kernel
// printed main.Sl for a []int ("main.Sl [1]" on the first line), int for
// a main.N, and main.Sl{1} for %#v of a []int.
func TestSharedReflectTypeNamed(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n\t\"sync\"\n)\n\ntype Sl []int\n\ntype N int\n\ntype Q struct{ a int }\n\nfunc mk() any { return N(4) }")
	_, rec := run(t, e, `var aj any = []int{1}
fmt.Printf("%T %v\n", aj, aj)
var ak any = Sl{1}
var al any = N(3)
var am any = 3
fmt.Printf("%T %T %T %v %v\n", ak, al, am, reflect.TypeOf(al), reflect.TypeOf(am))
fmt.Printf("%T %v\n", mk(), reflect.TypeOf(mk()))
xs := []any{N(5), 6, Sl{7}, []int{8}, []N{9}, &[]int{}}
for _, x := range xs {
	fmt.Printf("%T ", x)
}
fmt.Println()
var ch = make(chan any, 1)
ch <- N(9)
var sm sync.Map
sm.Store(1, N(2))
v, _ := sm.Load(1)
fmt.Printf("%T %T\n", <-ch, v)
n := N(3)
var an any
an = n
bn := an
fmt.Printf("%T %T %#v %#v %#v\n", an, bn, aj, al, ak)`)
	want := "[]int [1]\nmain.Sl main.N int main.N int\nmain.N main.N\nmain.N int main.Sl []int []main.N *[]int \nmain.N main.N\nmain.N main.N []int{1} 3 main.Sl{1}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	// A value put in the interface where the front end does not look
	// (reflect's Interface) cannot be told from a main.N: refused.
	ee, rec := fail(t, e, context.Background(), "x := reflect.ValueOf(7).Interface()\nfmt.Printf(\"%T\\n\", x)")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "cannot tell whether this value of type int held by an interface is a main.N or not") ||
		rec.stream("stdout") != "" {
		t.Errorf("%%T of an int from reflect: %s %q, printed %q; want an InterpreterLimit (go run: int)", ee.Name, ee.Value, rec.stream("stdout"))
	}
}

// TestSharedReflectTypeComposites: a list or map made of such a type's
// reflect type ([]main.N is a []int to the interpreter) is named as Go
// names it where the front end saw it go into the interface, and refused
// where it did not (a multi-value assignment); the kernel printed []int
// for the []main.N. go run: "[]main.N []int map[string]int []string".
func TestSharedReflectTypeComposites(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"strings\"\n)\n\ntype N int\n\ntype S string")
	checkOutputs(t, e, []outputCase{{"var a any = []N{1}\nvar b any = []int{2}\nvar c any = map[string]int{}\nvar d any = strings.Fields(\"x y\")\n" +
		"fmt.Printf(\"%T %T %T %T\\n\", a, b, c, d)", "[]main.N []int map[string]int []string\n"}})
	ee, _ := fail(t, e, context.Background(), "ff := func() ([]int, error) { return []int{1}, nil }\nvar y any\nvar err error\n"+
		"y, err = ff()\n_ = err\nfmt.Printf(\"%T\\n\", y)")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "value of type []int held by an interface is made of a main.N or not") {
		t.Errorf("%%T of a []int from a multi-value assignment: %s %q, want an InterpreterLimit (go run: []int)", ee.Name, ee.Value)
	}
}

// TestSharedReflectTypeAssertions: type switches and assertions between a
// session type on a type that is not a struct and its underlying type
// (yaegi compares reflect types, which are the same): go run's answers.
// The kernel matched case Sl for a []int, said true for 3 asserted to N,
// and printed "int 1" for an N in a switch with case int.
func TestSharedReflectTypeAssertions(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Sl []int\n\ntype N int")
	_, rec := run(t, e, `var bj any = []int{1}
switch bj.(type) {
case Sl:
	fmt.Println("Sl")
case []int:
	fmt.Println("[]int")
}
var bk any = 3
_, isN := bk.(N)
_, isI := bk.(int)
fmt.Println(isN, isI)
var bm any = N(3)
_, isN2 := bm.(N)
_, isI2 := bm.(int)
fmt.Println(isN2, isI2)
for _, x := range []any{N(1), 2, Sl{3}, []int{4}, "s"} {
	switch v := x.(type) {
	case int:
		fmt.Println("int", v)
	case []int:
		fmt.Println("[]int", v)
	default:
		fmt.Printf("other %T\n", v)
	}
}`)
	want := "[]int\nfalse true\ntrue false\nother main.N\nint 2\nother main.Sl\n[]int [4]\nother string\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	// Go's panic of a failed single-value assertion.
	ee, _ := fail(t, e, context.Background(), "var bn any = Sl{5}\nfmt.Println(bn.([]int))")
	if !strings.Contains(ee.Value, "interface conversion: interface {} is main.Sl, not []int") {
		t.Errorf("bn.([]int): %s %q; go run panics with interface conversion: interface {} is main.Sl, not []int", ee.Name, ee.Value)
	}
	// Put in the interface by reflect, unseen: refused.
	ee, _ = fail(t, e, context.Background(), "var bo any = reflect.ValueOf(7).Interface()\n_, isN3 := bo.(N)\nfmt.Println(isN3)")
	if ee.Name != "InterpreterLimit" {
		t.Errorf("bo.(N) of an int from reflect: %s %q, want an InterpreterLimit (go run: false)", ee.Name, ee.Value)
	}
}

// TestSharedReflectTypeEquality: == between an interface and a value of a
// type on int, or an interface holding one, compares the dynamic types as
// Go does (yaegi compared reflect types, the same: a == N(3) was true for
// a holding 3). The line is go run's.
func TestSharedReflectTypeEquality(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype N int")
	checkOutputs(t, e, []outputCase{{"var a any = 3\nvar b any = N(3)\nvar c any = N(3)\n" +
		"fmt.Println(a == N(3), a == any(N(3)), a == 3, a != N(3), b == c, b == N(3), b == 3, a == b)", "false false true true true true false false\n"}})
}

// TestSharedReflectTypeMapKeys: a map with empty-interface keys would
// keep N(1) and 1 (type N int) as one key (go run: two): a key of type N
// is refused before the cell runs, one held by an interface when it
// runs; an int key works.
func TestSharedReflectTypeMapKeys(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype N int\n\nvar mk = map[any]int{}")
	_, rec := run(t, e, "mk[1] = 2\nfmt.Println(len(mk), mk[1])")
	if got := rec.stream("stdout"); got != "1 2\n" {
		t.Errorf("an int key: printed %q, go run %q", got, "1 2\n")
	}
	ee, _ := fail(t, e, context.Background(), "mk[N(1)] = 1")
	if !strings.Contains(ee.Value, "a key of type main.N in a map keyed by any cannot run in the interpreter") {
		t.Errorf("mk[N(1)]: %s %q, want it refused", ee.Name, ee.Value)
	}
	ee, _ = fail(t, e, context.Background(), "var kv any = N(1)\nmk[kv] = 3")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "a map key of type main.N cannot be kept by the interpreter apart from one of type int") {
		t.Errorf("mk[kv] of an N: %s %q, want an InterpreterLimit", ee.Name, ee.Value)
	}
}

// TestTypeTagsGenerations: a recorded value is still named after
// typeTagsMax others were recorded (the table's older generation), and
// looked up it stays; a value in a box of numbers and one in a box with
// pointers (a slice, held weakly) alike.
func TestTypeTagsGenerations(t *testing.T) {
	x := tagType([]int{1}, "main.Sl")
	y := tagType(7, "main.N")
	for i := range typeTagsMax + 10 {
		tagType(i, "int")
	}
	xs := []any{x, y}
	for i, want := range []string{"main.Sl", "main.N"} {
		if name, ok := taggedName(reflect.ValueOf(xs).Index(i)); !ok || name != want {
			t.Errorf("element %d: %q %v, want %q", i, name, ok, want)
		}
	}
	for i := range typeTagsMax + 10 {
		tagType(i, "int")
	}
	if name, ok := taggedName(reflect.ValueOf(xs).Index(0)); !ok || name != "main.Sl" {
		t.Errorf("looked up, then typeTagsMax more: %q %v, want main.Sl", name, ok)
	}
}
