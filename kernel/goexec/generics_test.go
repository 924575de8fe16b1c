package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestGenericStandardPackages runs the generic functions of slices, maps
// and cmp that the kernel provides (yaegi's own copy gave wrong answers:
// slices.Contains([]int{3, 1, 2}, 2) was false), with Go's answers, on
// basic types and on the session's own types.
func TestGenericStandardPackages(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"cmp\"\n\t\"maps\"\n\t\"slices\"\n)\n\ntype P struct {\n\tname string\n\tage  int\n}\n\ntype Names []string")
	for _, c := range []struct{ code, want string }{
		{"xs := []int{3, 1, 2}\nslices.Contains(xs, 2)", "true"},
		{"slices.Index(xs, 2)", "2"},
		{"slices.Sort(xs)\nxs", "[1 2 3]"},
		{"slices.BinarySearch(xs, 2)", "1, true"},
		{"slices.Max(xs) + slices.Min(xs)*10", "13"},
		{"slices.Reverse(xs)\nxs", "[3 2 1]"},
		{"ys := slices.Clone(xs)\nys[0] = 9\nfmt.Sprint(xs, ys)", `"[3 2 1] [9 2 1]"`},
		{"slices.Insert(xs, 1, 7, 8)", "[3 7 8 2 1]"},
		{"slices.Delete([]int{0, 1, 2, 3}, 1, 3)", "[0 3]"},
		{"slices.Compact([]int{1, 1, 2, 2, 2, 3})", "[1 2 3]"},
		{"fs := []float64{2, math.NaN(), 1}\nslices.Sort(fs)\nfmt.Sprint(fs)", `"[NaN 1 2]"`},
		{"ps := []P{{\"b\", 30}, {\"a\", 20}, {\"c\", 30}}\nslices.SortStableFunc(ps, func(a, b P) int { return cmp.Compare(b.age, a.age) })\nps[0].name + ps[1].name + ps[2].name", `"bca"`},
		{"slices.SortFunc(ps, func(a, b P) int { return strings.Compare(a.name, b.name) })\nps[0].name", `"a"`},
		{"slices.IndexFunc(ps, func(p P) bool { return p.age == 30 })", "1"},
		{"oldest := slices.MaxFunc(ps, func(a, b P) int { return cmp.Compare(a.age, b.age) })\noldest.name", `"b"`},
		{"ns := Names{\"b\", \"a\"}\nslices.Sort(ns)\nns2 := slices.Clone(ns)\nns = ns2\nns", "[a b]"},
		{"m := map[string]int{\"b\": 2, \"a\": 1, \"c\": 3}\nslices.Sorted(maps.Keys(m))", "[a b c]"},
		{"slices.Sorted(maps.Values(m))", "[1 2 3]"},
		{"len(slices.Collect(maps.Keys(m)))", "3"},
		{"m2 := maps.Clone(m)\ndelete(m2, \"a\")\nfmt.Sprint(len(m), len(m2), maps.Equal(m, m2))", `"3 2 false"`},
		{"cmp.Compare(2, 1) + cmp.Compare(\"a\", \"b\")*10", "-9"},
		{"cmp.Or(\"\", \"x\", \"y\")", `"x"`},
		{"slices.Equal([]string{\"a\"}, []string{\"a\"})", "true"},
		{"func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K { return slices.Sorted(maps.Keys(m)) }\nsortedKeys(map[int]bool{3: true, 1: false})", "[1 3]"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
	// What the kernel does not provide is refused, never run by yaegi.
	for _, code := range []string{
		"slices.CompareFunc([]int{1}, []int{1}, func(a, b int) int { return a - b })",
		"f := slices.Contains[[]int]\n_ = f",
		"slices.Insert([]int{1}, 0, []int{2, 3}...)",
	} {
		ee, _ := fail(t, e, context.Background(), code)
		if ee == nil || ee.Name != "CompileError" {
			t.Errorf("%q: %v, want a CompileError", code, ee)
		}
	}
}

// TestRangeOverFunctions: range over functions (Go 1.23) and over the
// standard iterators, lowered by the front end.
func TestRangeOverFunctions(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"iter\"\n\nfunc count(n int) iter.Seq[int] {\n\treturn func(yield func(int) bool) {\n\t\tfor i := range n {\n\t\t\tif !yield(i) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}\n\nfunc pairs() iter.Seq2[string, int] {\n\treturn func(yield func(string, int) bool) {\n\t\t_ = yield(\"a\", 1) && yield(\"b\", 2) && yield(\"c\", 3)\n\t}\n}")
	for _, c := range []struct{ code, want string }{
		{"s := 0\nfor v := range count(5) {\n\ts += v\n}\ns", "10"},
		{"got := []int{}\nfor v := range count(100) {\n\tif v%2 == 1 {\n\t\tcontinue\n\t}\n\tif v > 6 {\n\t\tbreak\n\t}\n\tgot = append(got, v)\n}\ngot", "[0 2 4 6]"},
		{"keys := \"\"\nfor k, v := range pairs() {\n\tkeys += fmt.Sprint(k, v)\n}\nkeys", `"a1b2c3"`},
		{"n := 0\nfor range count(3) {\n\tn++\n}\nn", "3"},
		{"out := \"\"\nfor i, v := range slices.Backward([]string{\"x\", \"y\"}) {\n\tout += fmt.Sprint(i, v)\n}\nout", `"1y0x"`},
		{"sum := 0\nfor _, v := range slices.All([]int{1, 2}) {\n\tsum += v\n}\nfor v := range slices.Values([]int{10}) {\n\tsum += v\n}\nsum", "13"},
		{"import \"maps\"\nm := map[string]int{\"a\": 1, \"b\": 2}\nt := 0\nfor k := range maps.Keys(m) {\n\tt += len(k)\n}\nfor v := range maps.Values(m) {\n\tt += v * 10\n}\nt", "32"},
		{"func firstOver(lim int) int {\n\tfound := -1\n\tfor v := range count(100) {\n\t\tswitch {\n\t\tcase v > lim:\n\t\t\tfound = v\n\t\t}\n\t\tif found >= 0 {\n\t\t\tbreak\n\t\t}\n\t}\n\treturn found\n}\nfirstOver(41)", "42"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
	// A defer inside the body (which would run when the yield function
	// returns) is refused, not run wrongly.
	ee, _ := fail(t, e, context.Background(), "func first() int {\n\tfor v := range count(3) {\n\t\tdefer fmt.Println(v)\n\t}\n\treturn -1\n}")
	if ee == nil || ee.Name != "CompileError" {
		t.Errorf("a defer inside a range over a function: %v, want a CompileError", ee)
	}
}

// TestGenericStandardPackagesReview: the cases a review found wrong.
func TestGenericStandardPackagesReview(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"cmp\"\n\t\"maps\"\n\t\"slices\"\n)")
	for _, c := range []struct{ code, want string }{
		// Untyped constants and nil take the parameter's type.
		{"fs := []float64{1, 2, 3}\nslices.Contains(fs, 2)", "true"},
		{"slices.Index([]int64{1, 2}, 2)", "1"},
		{"slices.BinarySearch(fs, 2)", "1, true"},
		{"var f float64 = 2.5\ncmp.Compare(f, 1)", "1"},
		{"slices.Insert(fs, 0, 5)", "[5 1 2 3]"},
		{"slices.Index([]*int{nil}, nil)", "0"},
		{"slices.Equal([]int{}, nil)", "true"},
		{"slices.Concat(nil, []int{1})", "[1]"},
		{"slices.Clone([]any{1, \"a\"})", "[1 a]"},
		// CompactFunc compares each element with the one before it.
		{"slices.CompactFunc([]int{1, 2, 3, 4}, func(a, b int) bool { d := a - b; return d <= 1 && d >= -1 })", "[1]"},
		{"slices.CompactFunc([]int{1, 2, 5, 6}, func(a, b int) bool { return a == b+1 })", "[1 5]"},
		// Insert within capacity shares the array, as Go's.
		{"s := make([]int, 3, 10)\nu := slices.Insert(s, 3, 4)\nu[0] = 99\ns[0]", "99"},
		// maps.DeleteFunc with a NaN key.
		{"m := map[float64]int{math.NaN(): 1, 2: 2}\nmaps.DeleteFunc(m, func(k float64, v int) bool { return v == 2 })\nlen(m)", "1"},
		// NaN wins over an infinity in min and max.
		{"x := math.NaN()\nmath.IsNaN(max(x, math.Inf(1))) && math.IsNaN(min(x, math.Inf(-1)))", "true"},
		// A conversion as the final expression is its value.
		{"time.Duration(1500)", "1.5µs"},
		{"type MyInt int\nMyInt(3)", "3"},
		{"[]byte(\"x\")", "[120]"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
	// cmp.Or of an interface type is refused.
	if ee, _ := fail(t, e, context.Background(), "var e1, e2 error\ncmp.Or(e1, e2)"); ee == nil || ee.Name != "CompileError" {
		t.Errorf("cmp.Or of errors: %v, want a CompileError", ee)
	}
	// A cell the lowering refuses declares nothing.
	fail(t, e, context.Background(), "declaredHere := 5\nf := slices.Contains[[]int]\n_ = f")
	if ee, _ := fail(t, e, context.Background(), "declaredHere"); ee == nil || !strings.Contains(ee.Value, "undefined: declaredHere") {
		t.Errorf("a name of a refused cell: %v, want undefined", ee)
	}
}

// A generic function of a cell called with type arguments that Go
// infers: yaegi inferred them wrongly and refused the call ("cannot use
// type func(int) string as type func(int) int"); the front end writes
// them out. Also from a later cell, and with a partial instantiation.
func TestInferredTypeArguments(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}
fmt.Println(Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i * 2) }))`)
	_, rec2 := run(t, e, `type P struct{ X int }
fmt.Println(Map([]P{{1}, {2}}, func(p P) float64 { return float64(p.X) / 2 }), Map[int]([]int{3}, strconv.Itoa))`)
	if got, want := rec.stream("stdout")+rec2.stream("stdout"), "[2 4]\n[0.5 1] [3]\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A generic function whose result is an instance of a generic type of the
// session (func NewQ[T any]() *Q[T]), its result declared at the top
// level: yaegi's global analysis could not type it, and q := NewQ[int]()
// failed with "not a generic type: func() *Q", var q = NewQ[int]() with
// "constant definition loop", and var q *Q[int] = NewQ[int]() left q nil
// without an error. Declared with its type first, each runs; outputs are
// go run's.
func TestGenericResultDeclarations(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Q[T any] struct{ items []T }\nfunc (q *Q[T]) Push(x T) { q.items = append(q.items, x) }\nfunc NewQ[T any]() *Q[T] { return &Q[T]{} }")
	for _, c := range []struct{ code, want string }{
		{"q := NewQ[int]()\nq.Push(1)\nq.items", "[1]"},
		{"type R[T any] struct{ items []T }\nfunc (r R[T]) Len() int { return len(r.items) }\nfunc NewR[T any](x T) R[T] { return R[T]{[]T{x}} }\nr := NewR(1)\nr.Len()", "1"},
		{"var q2 *Q[int] = NewQ[int]()\nq2 == nil", "false"},
		{"var q3 = NewQ[string]()\nq3.Push(\"a\")\nq3.items", "[a]"},
		{"var q4, k = NewQ[int](), 3\nfmt.Sprint(q4 == nil, k)", `"false 3"`},
		{"type P[K comparable, V any] struct{ Key K; Val V }\nfunc MkP[K comparable, V any](k K, v V) P[K, V] { return P[K, V]{k, v} }\np, n := MkP(\"a\", 1.5), 2\nfmt.Sprint(p.Key, p.Val, n)", `"a1.5 2"`},
		{"func Id[T any](x T) T { return x }\nvar m = Id(4)\nm", "4"},
		// Not generic: a var spec of several values that reads an earlier
		// cell is assigned in a statement (splitInits), one value each.
		{"x := 2.0\nvar a, b = x, math.Sqrt(x * 8)\nfmt.Sprint(a, b)", `"2 4"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// A -0.0 passed to a function of the session arrives as -0.0: yaegi
// copied an argument into the callee's frame only when reflect did not
// call it zero, so the parameter kept +0.0 (math.Signbit(x) false, 1/x
// +Inf), silently; generic functions, float32, complex, struct and array
// parameters alike. Outputs are go run's.
func TestNegativeZeroArguments(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"math\"\n\nfunc signbit(x float64) bool { return math.Signbit(x) }\nfunc inverse(x float64) float64 { return 1 / x }\ntype pt struct{ X, Y float64 }\nfunc ptSign(p pt) bool { return math.Signbit(p.Y) }\nfunc gen[F float32 | float64](x F) bool { return math.Signbit(float64(x)) }\nfunc sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }\nz := math.Copysign(0, -1)")
	for _, c := range []struct{ code, want string }{
		{"fmt.Sprint(signbit(z), inverse(z))", `"true -Inf"`},
		{"fmt.Sprint(ptSign(pt{0, z}), gen(z), gen(float32(z)), signbit(-0.0))", `"true true true false"`},
		{"func twice(x float64) float64 { return inverse(x) * 2 }\ntwice(z)", "-Inf"},
		{"sigmoid(z)", "0.5"},
		// Methods (argument and receiver), function values, results,
		// deferred calls and go statements keep the sign.
		{"type F64 float64\nfunc (f F64) Sign() bool { return math.Signbit(float64(f)) }\ntype V struct{ x float64 }\nfunc (v V) Both(y float64) bool { return math.Signbit(v.x) && math.Signbit(y) }\n" +
			"func ret() float64 { return z }\nfs := []func(float64) bool{signbit}\nfunc deferred() (r bool) {\n\tzz := z\n\tdefer func() { r = signbit(zz) }()\n\treturn false\n}\n" +
			"ch := make(chan bool)\ngo func(x float64) { ch <- signbit(x) }(z)\nfmt.Sprint(F64(z).Sign(), V{z}.Both(z), math.Signbit(ret()), fs[0](z), deferred(), <-ch)", `"true true true true true true"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// A -0.0 argument of a generic function whose instance's type has an
// instance of a generic type (pair[struct{ q int }]), which the front end
// does not write and so cannot call through its value: the argument goes
// through NoNegZero, which ends the cell on a -0.0; other values pass
// (go run's output). yaegi printed 1 for Go's -1, silently.
func TestNegativeZeroGenericInstance(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"math\"\n)\n\ntype pair[T any] struct{ a T }\n\nfunc sgn[T any](x float64, _ T) float64 { return math.Copysign(1, x) }\n\n"+
		"func mk() pair[struct{ q int }] { return pair[struct{ q int }]{} }\n\ntype C float64\n\ntype P2 struct{ A, B float64 }\n\n"+
		"func sg2[T any](x C, p P2, _ T) bool { return math.Signbit(float64(x)) || math.Signbit(p.B) }\n\nvar z = math.Copysign(0, -1)")
	checkOutputs(t, e, []outputCase{
		{"fmt.Println(sgn(-2, mk()), sgn(0, mk()), sgn(math.Copysign(3, -1), mk()))", "-1 1 -1\n"},
		{"fmt.Println(sg2(C(-1), P2{1, 2}, mk()), sg2(C(1), P2{0, 0}, mk()), sg2(C(1), P2{1, z}, mk()))", "true false true\n"},
	})
	for _, c := range []struct{ code, fn string }{
		{"fmt.Println(sgn(math.Copysign(0, -1), mk()))", "sgn"},
		{"fmt.Println(sg2(C(1), P2{0, z}, mk()))", "sg2"},
		{"fmt.Println(sg2(C(z), P2{}, mk()))", "sg2"},
	} {
		msg := "a -0.0 argument of " + c.fn + " cannot run in the interpreter: " + c.fn + " would receive +0.0 (the interpreter does not copy an " +
			"argument that reflect calls zero, and the kernel cannot call " + c.fn + " through its value, as it does otherwise, since its type " +
			"has an instance of a generic type); run this code compiled (a cell with func main, or %%compile)"
		if ee, rec := fail(t, e, context.Background(), c.code); ee != nil && (ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "") {
			t.Errorf("%q: %s %q, printed %q; want the InterpreterLimit %q", c.code, ee.Name, ee.Value, rec.stream("stdout"), msg)
		}
	}
}

// TestGenericStringer: a value of a generic type of the session with a
// String or Error method is shown and printed with the method, as Go
// prints it. The cell's result was "{a:2 b:func() string}" (yaegi's
// wrapper of the instance's methods is built wrongly), fmt printed a
// []Pair[int]'s elements as structs and %d gave "{2 10897760}".
func TestGenericStringer(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Pair[T any] struct{ a, b T }\nfunc (p Pair[T]) String() string { return fmt.Sprintf(\"<%v,%v>\", p.a, p.b) }\n"+
		"type E[T any] struct{ v T }\nfunc (e E[T]) Error() string { return fmt.Sprint(\"err \", e.v) }")
	for _, c := range []struct{ code, want string }{
		{"p := Pair[int]{1, 2}\np", "<1,2>"},
		{"&p", "<1,2>"},
		{"Pair[string]{\"x\", \"y\"}", "<x,y>"},
		{"E[float64]{0.5}", "err 0.5"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q shown as %q, want %q", c.code, got, c.want)
		}
	}
	_, rec := run(t, e, "fmt.Println(p, []Pair[int]{p, p}, &p)\nfmt.Printf(\"%v %s %+v %d %#v\\n\", p, p, p, p, p)\nfmt.Println(map[string]Pair[int]{\"k\": p})")
	if got, want := rec.stream("stdout"), "<1,2> [<1,2> <1,2>] <1,2>\n<1,2> <1,2> <1,2> {1 2} main.Pair[int]{a:1, b:2}\nmap[k:<1,2>]\n"; got != want {
		t.Errorf("printed %q, want Go's %q", got, want)
	}
	// Held by a variable of an interface type in a function: "{7}" before.
	_, rec = run(t, e, "func g() {\n\tvar err error = E[int]{7}\n\tfmt.Println(err)\n\tvar s fmt.Stringer\n\ts = Pair[int]{1, 2}\n\tfmt.Println(s)\n}\ng()")
	if got, want := rec.stream("stdout"), "err 7\n<1,2>\n"; got != want {
		t.Errorf("printed %q, want Go's %q", got, want)
	}
}

// TestGenericMethodNamesRefused: yaegi keeps one instance of a generic
// method by its name and type arguments, without its receiver's type:
// with Stack[T] and Queue[T] both declaring Kind, (&Queue[int]{}).Kind()
// said "stack" (Go: "queue"), silently. Such a declaration is refused,
// naming the other type; a generic function of a method's name too. (A
// cell of declarations alone whose struct types have no unexported
// field would take the compiled road instead.)
func TestGenericMethodNamesRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Stack[T any] struct{ xs []T }\nfunc (s *Stack[T]) Kind() string { return \"stack\" }")
	for _, c := range []struct{ code, where, msg string }{
		{"type Queue[T any] struct{ xs []T }\nfunc (q *Queue[T]) Kind() string { return \"queue\" }", "cell line 2, column 20", "Kind is also the name of a method of the generic type Stack"},
		{"func Kind[T any](x T) string { return \"f\" }\nKind(1)", "cell line 1, column 6", "Kind is also the name of a method of the generic type Stack"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee.Name != "CompileError" || !strings.Contains(ee.Value, c.msg) || len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], c.where+": ") {
			t.Errorf("%q: %s %q %q, want a CompileError at %s: %s", c.code, ee.Name, ee.Value, ee.Traceback, c.where, c.msg)
		}
	}
	// The same type again, and another name, are fine.
	run(t, e, "type Stack[T any] struct{ xs []T }\nfunc (s *Stack[T]) Kind() string { return \"stack\" }")
	_, rec := run(t, e, "type Queue[T any] struct{ xs []T }\nfunc (q *Queue[T]) QueueKind() string { return \"queue\" }\nfmt.Println((&Stack[int]{}).Kind(), (&Queue[int]{}).QueueKind())")
	if got := rec.stream("stdout"); got != "stack queue\n" {
		t.Errorf("printed %q", got)
	}
}

// TestGenericTypeNamesAsGo: %T and reflect.TypeOf of instances of a
// cell's generic type write the type arguments separated by a comma
// alone, as reflect names them (the expected lines are go run's); the
// kernel wrote go/types' "main.Pair[string, main.Weight]". Such a value
// held by an interface, or a pointer to one, is named so too (recorded
// where it went in, tagInstance), also in a session whose only types are
// generic: it printed struct { First int; Second string }, and
// reflect.TypeOf said so. (One that a generic function puts in the
// interface: TestInstancesThroughGenericFunctions.)
func TestGenericTypeNamesAsGo(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Weight float64\n\ntype Pair[A, B any] struct {\n\tFirst  A\n\tSecond B\n}")
	_, rec := run(t, e, "var p Pair[string, Weight]\nvar a any = Pair[int, []Weight]{}\n"+
		"fmt.Printf(\"%T %T %T %T\\n\", p, []Pair[int, float64]{}, map[string]Pair[int, int]{}, a)\n"+
		"fmt.Println(reflect.TypeOf(p), reflect.TypeOf(&p))\nfmt.Printf(\"%v %+v\\n\", p, Pair[int, Weight]{1, 2})")
	want := "main.Pair[string,main.Weight] []main.Pair[int,float64] map[string]main.Pair[int,int] main.Pair[int,[]main.Weight]\n" +
		"main.Pair[string,main.Weight] *main.Pair[string,main.Weight]\n{ 0} {First:1 Second:2}\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	only := newExec(t)
	run(t, only, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pair[A, B any] struct {\n\tFirst  A\n\tSecond B\n}\n\n"+
		"func wrap() any { return Pair[uint8, int]{1, 2} }\n\nvar held any = Pair[string, int]{\"a\", 1}")
	_, rec = run(t, only, "var a any = Pair[int, string]{1, \"x\"}\np := &Pair[string, bool]{\"s\", true}\nvar b any = p\n"+
		"xs := []any{Pair[int, int]{}, 3}\nm := map[string]any{\"k\": Pair[float64, int]{}}\n"+
		"fmt.Printf(\"%T %T %T %T %T\\n\", a, b, xs[0], m[\"k\"], xs[1])\n"+
		"fmt.Println(reflect.TypeOf(a), reflect.TypeOf(b), reflect.TypeOf(a).Name())\n"+
		"fmt.Printf(\"%v %+v %T %T\\n\", a, b, held, wrap())")
	want = "main.Pair[int,string] *main.Pair[string,bool] main.Pair[int,int] main.Pair[float64,int] int\n" +
		"main.Pair[int,string] *main.Pair[string,bool] Pair[int,string]\n" +
		"{1 x} &{First:s Second:true} main.Pair[string,int] main.Pair[uint8,int]\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("held by interfaces: printed\n%s\ngo run\n%s", got, want)
	}
}

// TestYaegiReflectFaultIsInterpreterLimit: an instance of a generic type
// used in a function of one cell and again in a later cell made yaegi
// panic when the later cell ran ("reflect.Set: value of type struct {
// First int; Second int } is not assignable to type context.Context"),
// which was reported as the cell's own panic; go run prints {0 0}. The
// cause, a literal of an instance compiled into the flow of an earlier
// one, is lowered away now (front's instanceLiterals), and the cell
// prints Go's answer. A reflect.Set panic in a cell that does not use
// reflect is still taken for the interpreter's fault and ends the cell
// with an InterpreterLimit with yaegi's text (yaegiReflectFault); a
// cell's own reflect.Set of a wrong type keeps Go's panic.
func TestYaegiReflectFaultIsInterpreterLimit(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pair[A, B any] struct {\n\tFirst  A\n\tSecond B\n}\n\nfunc wrap() any { return Pair[int, int]{1, 2} }")
	if _, rec := run(t, e, "fmt.Println(Pair[int, int]{}, wrap())"); rec.stream("stdout") != "{0 0} {1 2}\n" {
		t.Errorf("a literal of an instance used in an earlier cell's function: printed %q, go run %q", rec.stream("stdout"), "{0 0} {1 2}\n")
	}
	fault := "reflect.Set: value of type struct { First int; Second int } is not assignable to type context.Context"
	if !yaegiReflectFault(fault, "fmt.Println(Pair[int, int]{})") {
		t.Errorf("yaegiReflectFault(%q) in a cell without reflect = false, want true", fault)
	}
	if yaegiReflectFault(fault, "reflect.ValueOf(&x).Elem().Set(v)") {
		t.Errorf("yaegiReflectFault(%q) in a cell that uses reflect = true, want false", fault)
	}
	ee, _ := fail(t, e, context.Background(), "x := 1\nreflect.ValueOf(&x).Elem().Set(reflect.ValueOf(\"s\"))")
	if ee == nil || ee.Name != "panic" || ee.Value != "reflect.Set: value of type string is not assignable to type int" {
		t.Errorf("the cell's own reflect.Set: %v, want Go's panic", ee)
	}
}

// TestInstanceLiteralsRunTheirOwnCode: a composite literal of an instance
// of a generic type of two type parameters ran, in yaegi, the code of the
// first literal of that instance compiled: the later cell printed the
// earlier cell's line again and nothing of its own, and a second literal
// in one cell skipped the statements before it (front's
// instanceLiterals). The expected lines are go run's.
func TestInstanceLiteralsRunTheirOwnCode(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Pair[K comparable, V any] struct {\n\tFirst  K\n\tSecond V\n}\n\n"+
		"func show(xs ...any) { fmt.Println(len(xs), xs) }\n\nfunc mk(a, b int) *Pair[int, int] { return &Pair[int, int]{a, b} }")
	cells := []struct{ code, want string }{
		{"x := Pair[int, int]{1, 2}\nfmt.Println(\"first\", x)", "first {1 2}\n"},
		{"show(Pair[int, int]{5, 6})\nfmt.Println(\"after\")", "1 [{5 6}]\nafter\n"},
		{"y := Pair[int, int]{First: 7}\nfmt.Println(\"y\", y)\nz := Pair[int, int]{Second: 8}\nfmt.Println(\"z\", z)", "y {7 0}\nz {0 8}\n"},
		{"p := &Pair[int, int]{3, 4}\np.First++\nq := mk(1, 1)\nq.Second = 9\nfmt.Println(*p, *q, *mk(2, 2))", "{4 4} {1 9} {2 2}\n"},
		{"ps := []Pair[string, int]{{\"a\", 1}}\nm := map[Pair[int, int]]string{{1, 2}: \"k\"}\nfmt.Println(ps, m[Pair[int, int]{1, 2}], Pair[string, int]{\"b\", 2})", "[{a 1}] k {b 2}\n"},
	}
	for _, c := range cells {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.want {
			t.Errorf("%s\nprinted %q, go run %q", c.code, rec.stream("stdout"), c.want)
		}
	}
}

// TestInstancesThroughGenericFunctions: a value of an instance that a
// generic function of the session puts in an interface (the front end
// sees only a T there, and records nothing) is named by its candidate
// as Go names it, also in a list or behind a pointer: %T printed struct {
// First bool; Second bool }. Where the session has another type of the
// same fields, or the cell an unnamed struct of them, the value could be
// either, and the cell ends with an InterpreterLimit that names both.
// The expected lines are go run's.
func TestInstancesThroughGenericFunctions(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pair[K comparable, V any] struct {\n\tFirst  K\n\tSecond V\n}\n\n"+
		"type Weight float64\n\nfunc keep[T any](v T) any { return v }")
	_, rec := run(t, e, "a := keep(Pair[bool, bool]{true, false})\nw := keep(Pair[string, Weight]{\"w\", 1})\n"+
		"fmt.Printf(\"%T %v %T\\n\", a, a, w)\nfmt.Println(reflect.TypeOf(a), reflect.TypeOf(w))\n"+
		"switch a.(type) {\ncase Pair[bool, bool]:\n\tfmt.Println(\"pair\")\n}")
	want := "main.Pair[bool,bool] {true false} main.Pair[string,main.Weight]\nmain.Pair[bool,bool] main.Pair[string,main.Weight]\npair\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	_, rec = run(t, e, "fmt.Printf(\"%T %T %T\\n\", keep(&Pair[int, int]{1, 2}), keep([]Pair[int, int]{{1, 2}}), keep(map[string]*Pair[int, string]{}))")
	if got, want := rec.stream("stdout"), "*main.Pair[int,int] []main.Pair[int,int] map[string]*main.Pair[int,string]\n"; got != want {
		t.Errorf("made of instances: printed %q, go run %q", got, want)
	}
	ee, _ := fail(t, e, context.Background(), "u := keep(struct{ First, Second int }{3, 4})\nfmt.Printf(\"%T\\n\", u)")
	if ee == nil || ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.Pair[int,int], struct { First int; Second int }") {
		t.Errorf("an unnamed struct of an instance's fields: %v, want an InterpreterLimit naming both", ee)
	}
	run(t, e, "type Q struct{ First, Second bool }")
	ee, _ = fail(t, e, context.Background(), "fmt.Printf(\"%T\\n\", keep(Q{}))")
	if ee == nil || ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "main.Q, main.Pair[bool,bool]") {
		t.Errorf("a session type of an instance's fields: %v, want an InterpreterLimit naming both", ee)
	}
}

// TestRecursiveGenericTypesRefused: a generic type that refers to itself
// on a cycle with a type of two or more type parameters (a list entry
// Entry[K, V] with next *Entry[K, V], through a list, a map, a function
// field, swapped arguments or another generic type) made yaegi
// instantiate it without end: the cell ended with a StackOverflow, and a
// later cell that used the session's types ended the worker's process
// ("fatal error: stack overflow"). The front end refuses it before
// anything runs, naming the cycle; a type of one type parameter that
// refers to itself runs, with go run's output.
func TestRecursiveGenericTypesRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"")
	refused := []struct{ decl, cycle string }{
		{"type Entry[K comparable, V any] struct {\n\tKey  K\n\tVal  V\n\tnext *Entry[K, V]\n}", "Entry → Entry"},
		{"type Tree[K comparable, V any] struct {\n\tKey  K\n\tKids []Tree[K, V]\n}", "Tree → Tree"},
		{"type Trie[K comparable, V any] struct {\n\tVal  V\n\tKids map[K]*Trie[K, V]\n}", "Trie → Trie"},
		{"type Alt[K, V any] struct {\n\tK    K\n\tNext *Alt[V, K]\n}", "Alt → Alt"},
		{"type Fn[K, V any] struct {\n\tK K\n\tF func(Fn[K, V]) V\n}", "Fn → Fn"},
		{"type A[T any] struct {\n\tV T\n\tB *B[T, int]\n}\n\ntype B[K, V any] struct {\n\tK K\n\tA *A[K]\n}", "A → B → A"},
	}
	for _, c := range refused {
		// With a statement: declarations alone would take the compiled
		// road, where they are Go's.
		ee, _ := fail(t, e, context.Background(), c.decl+"\n\nfmt.Println(\"declared\")")
		if ee == nil || ee.Name != "CompileError" || !strings.Contains(ee.Value, "refers to itself ("+c.cycle+") with two or more type parameters") {
			t.Errorf("%s\nended with %v, want a CompileError naming %s", c.decl, ee, c.cycle)
		}
	}
	run(t, e, "type Node[T any] struct {\n\tV    T\n\tNext *Node[T]\n}\n\ntype Pair[K comparable, V any] struct {\n\tK K\n\tV []V\n}")
	_, rec := run(t, e, "n := &Node[string]{V: \"a\", Next: &Node[string]{V: \"b\"}}\np := Pair[int, string]{1, []string{\"x\"}}\nfmt.Println(n.V, n.Next.V, n.Next.Next == nil, p)")
	if got, want := rec.stream("stdout"), "a b true {1 [x]}\n"; got != want {
		t.Errorf("a list of one type parameter: printed %q, go run %q", got, want)
	}
}

// TestGenericConstructorsOfTwoParameters: a constructor of a generic
// container of two type parameters called in a cell's top-level code
// (om := NewOM[string, int](), func NewOM[K comparable, V any]()
// *OrderedMap[K, V]) failed in yaegi's compiler ("CFG post-order panic:
// … nil pointer dereference"; the call runs in a function's body), and so
// did a variable declared without a value as a pointer to such an
// instance (var p *KV[string, int]), in a function or a block, and two
// of them in one declaration. The front end calls the constructor in a
// function literal (topInstanceCalls) and gives such a variable nil
// (nilPointerVars). The expected lines are go run's.
func TestGenericConstructorsOfTwoParameters(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype OrderedMap[K comparable, V any] struct {\n\tkeys []K\n\tvals map[K]V\n}\n\n"+
		"func NewOM[K comparable, V any]() *OrderedMap[K, V] {\n\treturn &OrderedMap[K, V]{vals: make(map[K]V)}\n}\n\n"+
		"func (m *OrderedMap[K, V]) Set(k K, v V) {\n\tif _, ok := m.vals[k]; !ok {\n\t\tm.keys = append(m.keys, k)\n\t}\n\tm.vals[k] = v\n}\n\n"+
		"func (m *OrderedMap[K, V]) Get(k K) (V, bool) {\n\tv, ok := m.vals[k]\n\treturn v, ok\n}\n\n"+
		"type KV[K comparable, V any] struct {\n\tKey K\n\tVal V\n}")
	cells := []struct{ code, want string }{
		{"om := NewOM[string, int]()\nom.Set(\"b\", 2)\nom.Set(\"a\", 1)\nom.Set(\"b\", 3)\nv, ok := om.Get(\"b\")\nfmt.Println(om.keys, v, ok)", "[b a] 3 true\n"},
		{"fmt.Println(len(NewOM[int, []string]().vals), NewOM[float64, bool]().keys == nil)", "0 true\n"},
		{"func() {\n\tvar p *KV[string, int]\n\tfmt.Println(p == nil)\n}()\nif true {\n\tvar z, w *KV[string, int]\n\tfmt.Println(z == w)\n}", "true\ntrue\n"},
		{"func count[K comparable, V any](m *OrderedMap[K, V]) int {\n\tvar last *KV[K, V]\n\tfor _, k := range m.keys {\n\t\tlast = &KV[K, V]{k, m.vals[k]}\n\t}\n\t_ = last\n\treturn len(m.keys)\n}\n\nfmt.Println(count(om))", "2\n"},
	}
	for _, c := range cells {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.want {
			t.Errorf("%s\nprinted %q, go run %q", c.code, rec.stream("stdout"), c.want)
		}
	}
}

// TestInstancesAsTypeArguments: an instance of two or more type
// arguments as a type argument, written (Map[KV[string, int], string],
// NewOM[string, KV[string, int]](), Box[KV[string, int]]{}) or inferred
// (Map(es, f) over a []KV[string, int]), ended with yaegi's compiler
// panic or a wrong inference ("cannot use type func(main.KV[string,int])
// string as type func(main.KV[string,int]) main.KV[string,int]"); the
// front end writes it as a type alias declared at the package level
// (instanceAlias). The expected lines are go run's.
func TestInstancesAsTypeArguments(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"strings\"\n)\n\ntype KV[K comparable, V any] struct {\n\tKey K\n\tVal V\n}\n\n"+
		"type Box[T any] struct{ V T }\n\ntype OM[K comparable, V any] struct{ vals map[K]V }\n\n"+
		"func NewOM[K comparable, V any]() *OM[K, V] { return &OM[K, V]{vals: map[K]V{}} }\n\n"+
		"func Map[T, U any](xs []T, f func(T) U) []U {\n\tout := make([]U, 0, len(xs))\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}")
	_, rec := run(t, e, "es := []KV[string, int]{{\"a\", 1}, {\"b\", 2}}\n"+
		"labels := Map(es, func(e KV[string, int]) string { return fmt.Sprintf(\"%s:%d\", e.Key, e.Val) })\n"+
		"vals := Map[KV[string, int], int](es, func(e KV[string, int]) int { return e.Val })\n"+
		"m := NewOM[string, KV[string, int]]()\nm.vals[\"x\"] = es[1]\nb := Box[KV[string, int]]{es[0]}\n"+
		"fmt.Println(strings.Join(labels, \",\"), vals, m.vals, b.V.Key)\nfmt.Printf(\"%T %T\\n\", b, m)")
	want := "a:1,b:2 [1 2] map[x:{b 2}] a\nmain.Box[main.KV[string,int]] *main.OM[string,main.KV[string,int]]\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	// A type made of such an instance, in a list of type arguments (M
	// and V of a map[string][]KV[string, int]): "undefined type for K".
	run(t, e, "func Entries[M ~map[K]V, K comparable, V any](m M) []KV[K, V] {\n\tvar out []KV[K, V]\n\tfor k, v := range m {\n\t\tout = append(out, KV[K, V]{k, v})\n\t}\n\treturn out\n}")
	_, rec = run(t, e, "groups := map[string][]KV[string, int]{\"a\": {{\"a\", 1}, {\"a\", 3}}}\nfmt.Println(Entries(groups))")
	if got, want := rec.stream("stdout"), "[{a [{a 1} {a 3}]}]\n"; got != want {
		t.Errorf("a map of lists of instances: printed %q, go run %q", got, want)
	}
}

// TestInstanceAliasesNotCompleted: the type aliases that the front end
// declares for instances used as type arguments are not offered as
// completions of the session's names.
func TestInstanceAliasesNotCompleted(t *testing.T) {
	e := newExec(t)
	run(t, e, "type KV[K comparable, V any] struct {\n\tKey K\n\tVal V\n}\n\ntype Box[T any] struct{ V T }\n\nvar kvBox Box[KV[string, int]]")
	run(t, e, "b := Box[KV[int, int]]{}\n_ = b")
	for _, m := range e.Complete("_", 1).Matches {
		if strings.HasPrefix(m, rtName) {
			t.Errorf("completion offers the front end's %s", m)
		}
	}
	if got := e.Complete("kvB", 3).Matches; len(got) != 1 || got[0] != "kvBox" {
		t.Errorf("completions of kvB: %v, want [kvBox]", got)
	}
}

// TestFieldsNamedAsTypeParameters: a generic struct whose fields have
// the names of its type parameters (type KV[K comparable, V comparable]
// struct{ K K; V V }, type W[T any] struct{ T T }), with methods that
// select them (kv.K) and keyed literals (KV[V, K]{K: kv.V, V: kv.K}),
// ended with "undefined selector: K": yaegi instantiates a generic
// declaration by replacing every identifier of a type parameter's name.
// The front end renames such type parameters (renameTypeParams). The
// expected lines are go run's.
func TestFieldsNamedAsTypeParameters(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype KV[K comparable, V comparable] struct {\n\tK K\n\tV V\n}\n\n"+
		"func (kv KV[K, V]) Describe() string { return fmt.Sprintf(\"%v->%v\", kv.K, kv.V) }\n\n"+
		"func (kv KV[K, V]) Swap() KV[V, K] { return KV[V, K]{K: kv.V, V: kv.K} }\n\n"+
		"type W[T any] struct{ T T }\n\nfunc Wrap[T any](v T) W[T] { return W[T]{T: v} }")
	_, rec := run(t, e, "kv := KV[string, int]{K: \"a\", V: 1}\nfmt.Println(kv.Describe(), kv.Swap().Describe(), kv.Swap().Swap() == kv)\n"+
		"fmt.Printf(\"%+v %+v %v\\n\", kv, W[int]{5}, Wrap(2.5).T)")
	if got, want := rec.stream("stdout"), "a->1 1->a true\n{K:a V:1} {T:5} 2.5\n"; got != want {
		t.Errorf("printed %q, go run %q", got, want)
	}
}

// TestAssertionsToInstances: a comma-ok type assertion to an instance of
// a generic type (b, ok := a.(Box[int]), also in an if statement's init
// and in a function) ended with "nil type" in yaegi's compiler, and so
// did printing a value of a generic type of two type arguments with a
// String method, which the front end prints through v.(Pair[string,
// int]).String(). The first is a type switch in a function literal now
// (commaOKInstances), the second asserts to the instance's alias
// (assertedType). The expected lines are go run's.
func TestAssertionsToInstances(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Box[T any] struct{ V T }\n\ntype Pair[K comparable, V any] struct {\n\tKey K\n\tVal V\n}\n\n"+
		"func (p Pair[K, V]) String() string { return fmt.Sprintf(\"%v=%v\", p.Key, p.Val) }\n\n"+
		"func MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }\n\n"+
		"func unbox(a any) (int, bool) {\n\tb, ok := a.(Box[int])\n\treturn b.V, ok\n}")
	_, rec := run(t, e, "var a any = Box[int]{3}\nb, ok := a.(Box[int])\nc, ok2 := a.(Box[string])\nd, ok3 := a.(Pair[int, int])\n"+
		"if e, ok4 := a.(Box[int]); ok4 {\n\tfmt.Println(\"e\", e.V)\n}\nfmt.Println(b, ok, c, ok2, d, ok3)\nfmt.Println(unbox(a))\nfmt.Println(unbox(Box[bool]{}))\n"+
		"p := MakePair(\"answer\", 42)\nfmt.Println(p, []Pair[string, int]{p})")
	want := "e 3\n{3} true {} false 0=0 false\n3 true\n0 false\nanswer=42 [answer=42]\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestGenericCodePrintsLaterTypes: a value of a type parameter printed by
// fmt in a generic function or method is printed with its String method
// when the type argument is an instance of a generic type that a later
// cell makes, or a list or pointer of one, or a type with String
// declared after the function: Show(Pair[string, int]{"a", 1}) printed
// {a 1}, a Pair whose Val is a []Pair printed its elements as structs,
// Show(Color(2)) printed 2, and Show([]Color{1}) printed [1] (refused
// now: the interpreter holds it as a []int). The dynamic helpers of generic code were
// written when its cell ran; each later cell registers the session's
// candidates and stringers as it knows them, and the helpers fall back on
// them (front's registerLate, goexec's late.go). The expected lines are go
// run's, the cells in the order of a session.
func TestGenericCodePrintsLaterTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Pair[K comparable, V any] struct {\n\tKey K\n\tVal V\n}\n\n"+
		"func (p Pair[K, V]) String() string { return fmt.Sprintf(\"%v=%v\", p.Key, p.Val) }\n\n"+
		"func Show[T any](v T) string { return fmt.Sprint(v) }\n\n"+
		"func Debug[T any](label string, v T) string { return fmt.Sprintf(\"%s: %v (%T)\", label, v, v) }")
	cells := []struct{ code, want string }{
		{"fmt.Println(Show(Pair[string, int]{\"a\", 1}), Show([]Pair[string, int]{{\"b\", 2}}), Show(&Pair[int, bool]{3, true}))", "a=1 [b=2] 3=true\n"},
		{"inner := []Pair[string, int]{{\"a\", 1}, {\"a\", 3}}\nfmt.Println(Pair[string, []Pair[string, int]]{\"a\", inner})", "a=[a=1 a=3]\n"},
		{"fmt.Println(Debug(\"p\", Pair[string, float64]{\"x\", 0.5}))", "p: x=0.5 (main.Pair[string,float64])\n"},
		{"type Color int\n\nfunc (c Color) String() string { return \"c!\" }\n\nfmt.Println(Show(Color(2)), Show(struct{ A int }{4}))", "c! {4}\n"},
	}
	for _, c := range cells {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.want {
			t.Errorf("%s\nprinted %q, go run %q", c.code, rec.stream("stdout"), c.want)
		}
	}
	// A []Color is a []int to the interpreter, and the generic function
	// gives no record of it: refused (go run [c!]), where it printed [1].
	ee, _ := fail(t, e, context.Background(), "fmt.Println(Show([]Color{1}))")
	if ee == nil || ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "is made of a main.Color or not") {
		t.Errorf("Show([]Color{1}): %v, want an InterpreterLimit", ee)
	}
}

// TestGenericAnyOfLaterTypes: a generic function that puts a value of
// its type parameter in an any, declared before the session had a type
// on a type that is not a struct with methods, gave such a type's value
// bare later: Wrap(Color(1)) printed 1 and %T int (go run: C1,
// main.Color). Such a conversion is held by a variable in every session
// now (front's heldByVariable). The expected lines are go run's.
func TestGenericAnyOfLaterTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "func Wrap[T any](v T) any { return v }\n\nfunc Pick[T any](xs []T, i int) any { return xs[i] }")
	_, rec := run(t, e, "type Color int\n\nfunc (c Color) String() string { return \"C\" + fmt.Sprint(int(c)) }\n\n"+
		"fmt.Println(Wrap(Color(1)), Pick([]Color{1, 2}, 1), Wrap(3))\nvar a any = Wrap(Color(2))\nfmt.Printf(\"%v %T\\n\", a, a)")
	if want := "C1 C2 3\nC2 main.Color\n"; rec.stream("stdout") != want {
		t.Errorf("printed %q, go run %q", rec.stream("stdout"), want)
	}
}

// TestMinMaxOfTypeParameters: min and max of a type parameter's values in
// a generic function (func Clamp[T cmp.Ordered](v, lo, hi T) T { return
// min(max(v, lo), hi) }) ended with yaegi's compiler panic; they are a
// function literal of the type parameter now (front's minMaxParam), with
// the spec's NaN and -0.0 (NegZeroFirst, PosZeroFirst). The expected
// lines are go run's.
func TestMinMaxOfTypeParameters(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"cmp\"\n\t\"fmt\"\n\t\"math\"\n)\n\ntype Meters float64\n\n"+
		"func Min3[T cmp.Ordered](a, b, c T) T { return min(a, b, c) }\n\nfunc Max2[T cmp.Ordered](a, b T) T { return max(a, b) }\n\n"+
		"func Clamp[T cmp.Ordered](v, lo, hi T) T { return min(max(v, lo), hi) }")
	_, rec := run(t, e, "nan, negz := math.NaN(), math.Copysign(0, -1)\n"+
		"fmt.Println(Min3(3, 1, 2), Min3(\"b\", \"a\", \"c\"), Max2(Meters(1.5), 2), Min3(1.0, nan, 0.5), Max2(nan, 1.0), Clamp(15, 0, 10), Clamp(-3.5, -1, 1))\n"+
		"fmt.Println(math.Signbit(Min3(0.0, negz, 1)), math.Signbit(Max2(negz, 0.0)), math.Signbit(Min3(negz, 0.0, 1)), math.Signbit(Max2(0.0, negz)))\n"+
		"fmt.Printf(\"%T\\n\", Max2(Meters(1.5), 2))")
	want := "1 a 2 NaN NaN 10 -1\ntrue false true false\nmain.Meters\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestGenericCallsInGenericBodies: a generic function called with its
// type arguments inferred from the enclosing one's type parameters
// (float64(Sum(xs)) in func Average[T Number]) ended with a nil
// dereference for a []Meters, since the front end wrote the call out as
// Sum[T](xs), on which yaegi fails; it is left inferred now, and a
// recursive call (height(n.left) in height) is still written out, which
// yaegi needs. The expected lines are go run's.
func TestGenericCallsInGenericBodies(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"cmp\"\n\t\"fmt\"\n)\n\ntype Meters float64\n\ntype Number interface {\n\t~int | ~int64 | ~float64\n}\n\n"+
		"func Sum[T Number](xs []T) T {\n\tvar total T\n\tfor _, x := range xs {\n\t\ttotal += x\n\t}\n\treturn total\n}\n\n"+
		"func Average[T Number](xs []T) float64 {\n\treturn float64(Sum(xs)) / float64(len(xs))\n}\n\n"+
		"type node[T cmp.Ordered] struct {\n\tval         T\n\tleft, right *node[T]\n}\n\n"+
		"func height[T cmp.Ordered](n *node[T]) int {\n\tif n == nil {\n\t\treturn 0\n\t}\n\treturn 1 + max(height(n.left), height(n.right))\n}")
	_, rec := run(t, e, "dists := []Meters{1.5, 2.25, 3}\nfmt.Printf(\"%v %T %.3f %v\\n\", Sum(dists), Sum(dists), Average(dists), Average([]int{1, 2}))\n"+
		"fmt.Println(height(&node[int]{1, &node[int]{val: 0}, nil}))")
	if got, want := rec.stream("stdout"), "6.75 main.Meters 2.250 1.5\n2\n"; got != want {
		t.Errorf("printed %q, go run %q", got, want)
	}
}

// TestCellThatDoesNotCompileDeclaresNothing: a cell that the front end
// accepts but yaegi fails to compile runs nothing, and its variables are
// not the session's: a later cell's q of the failed cell's q = 5 printed
// 0; it is "undefined: q" now, as after a cell that does not type-check.
// The packages imported for it automatically stay imported, and a cell
// that panics at run time keeps what it assigned, as before.
func TestCellThatDoesNotCompileDeclaresNothing(t *testing.T) {
	e := newExec(t)
	run(t, e, "func Z[K, V any]() int { return 2 }\n\ntype Box[T any] struct{ V T }")
	if ee, _ := fail(t, e, context.Background(), "var q = 5\nvar a any = Box[int]{3}\nvar b, ok = a.(Box[int])\n\nfmt.Println(q, b, ok)"); ee == nil || ee.Name != "InterpreterLimit" {
		t.Fatalf("the cell yaegi cannot compile: %v, want an InterpreterLimit", ee)
	}
	if ee, _ := fail(t, e, context.Background(), "fmt.Println(q)"); ee == nil || ee.Name != "CompileError" || !strings.Contains(ee.Value, "undefined: q") {
		t.Errorf("q after the cell that did not compile: %v, want undefined: q", ee)
	}
	if ee, _ := fail(t, e, context.Background(), "x := 5\npanic(\"boom\")"); ee == nil || ee.Name != "panic" {
		t.Errorf("a panic: %v", ee)
	}
	if _, rec := run(t, e, "fmt.Println(x, Z[int, int]())"); rec.stream("stdout") != "5 2\n" {
		t.Errorf("after a panic printed %q, want %q", rec.stream("stdout"), "5 2\n")
	}
}

// TestGenericFunctionValues: a generic function of two type parameters
// used as a value, not called (f := Pair2[int, string], var g func(int,
// string) string = Pair2, an argument of Map) ended with "invalid type in
// assignment"; it is a function literal that calls it now
// (genericFuncValues), variadic ones too. The expected lines are go
// run's.
func TestGenericFunctionValues(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\nfunc Map[T, U any](xs []T, f func(T) U) []U {\n\tout := make([]U, 0, len(xs))\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}\n\n"+
		"func Pair2[A, B any](a A, b B) string { return fmt.Sprint(a, b) }\n\nfunc Label[K comparable, V any](k K) V { var v V; _ = k; return v }\n\n"+
		"func Join[A, B any](a A, bs ...B) int { return len(bs) }")
	_, rec := run(t, e, "f := Pair2[int, string]\nvar g func(int, string) string = Pair2\nh := Join[string, int]\n"+
		"fmt.Println(f(1, \"a\"), g(2, \"b\"), h(\"x\", 1, 2, 3), Map([]int{7}, Label[int, float64]))")
	if got, want := rec.stream("stdout"), "1a 2b 3 [0]\n"; got != want {
		t.Errorf("printed %q, go run %q", got, want)
	}
}

// TestInstanceAliasesAcrossChunks: the alias of an instance is declared
// for the first chunk of a cell that uses it. A cell whose statements are
// split by a variable declared at its top level (var pe *ParseErr) used
// the alias of Result[int] (made for a later chunk, the String method
// printed through it) in an earlier chunk, before its declaration:
// "undefined: __goexecinst2_2". The expected lines are go run's.
func TestInstanceAliasesAcrossChunks(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n)\n\ntype Result[T any] struct {\n\tVal T\n\tErr error\n}\nfunc (r Result[T]) String() string {\n\tif r.Err != nil {\n\t\treturn \"err(\" + r.Err.Error() + \")\"\n\t}\n\treturn fmt.Sprintf(\"ok(%v)\", r.Val)\n}\ntype ParseErr struct{ Line int }\nfunc (e *ParseErr) Error() string { return fmt.Sprintf(\"line %d\", e.Line) }\nfunc Try[T any](f func() (T, error)) Result[T] {\n\tv, err := f()\n\treturn Result[T]{v, err}\n}\nfunc Collect[T any](rs ...Result[T]) ([]T, error) {\n\tvar out []T\n\tvar errs []error\n\tfor _, r := range rs {\n\t\tif r.Err != nil {\n\t\t\terrs = append(errs, r.Err)\n\t\t\tcontinue\n\t\t}\n\t\tout = append(out, r.Val)\n\t}\n\treturn out, errors.Join(errs...)\n}\n")
	_, rec := run(t, e, "a := Try(func() (int, error) { return 1, nil })\nb := Try(func() (int, error) { return 0, &ParseErr{3} })\nfmt.Println(a, b)\nvals, err := Collect(a, b, Try(func() (int, error) { return 5, nil }))\nfmt.Println(vals, err)\nvar pe *ParseErr\nfmt.Println(errors.As(err, &pe), pe.Line)\nrs := []Result[string]{{Val: \"x\"}, {Err: errors.New(\"boom\")}}\nfmt.Println(rs)\n")
	if got, want := rec.stream("stdout"), "ok(1) err(line 3)\n[1 5] line 3\ntrue 3\n[ok(x) err(boom)]\n"; got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestRefusalInsideFmtEndsTheCell: a refusal raised inside a String or
// Format method that fmt calls (a generic Stack[Temp]'s String printing
// its []Temp, which the interpreter holds as a []float64) was printed by
// fmt as %!v(PANIC=Format method: …) and the cell reported success; the
// cell ends with the InterpreterLimit now (limitOf, exec).
func TestRefusalInsideFmtEndsTheCell(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Stack[T any] struct{ items []T }\n\n"+
		"func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }\n\n"+
		"func (s Stack[T]) String() string { return fmt.Sprintf(\"stack%v\", s.items) }\n\n"+
		"type Temp float64\n\nfunc (t Temp) String() string { return fmt.Sprintf(\"%.1f°\", float64(t)) }")
	if _, rec := run(t, e, "var s Stack[int]\ns.Push(1)\nfmt.Println(s)"); rec.stream("stdout") != "stack[1]\n" {
		t.Errorf("Stack[int] printed %q, want %q", rec.stream("stdout"), "stack[1]\n")
	}
	ee, rec := fail(t, e, context.Background(), "var ts Stack[Temp]\nts.Push(21.5)\nfmt.Println(ts)")
	if ee == nil || ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "is made of a main.Temp or not") ||
		!strings.Contains(ee.Value, "raised inside a String or Format method that fmt called") {
		t.Errorf("Stack[Temp] printed %q and ended with %v, want an InterpreterLimit", rec.stream("stdout"), ee)
	}
}
