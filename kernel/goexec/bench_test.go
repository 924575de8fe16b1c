package goexec

import (
	"context"
	"fmt"
	"testing"
)

// sessionCells are 200 cells of a notebook's kinds: variables, functions,
// types with methods, loops, library calls.
func sessionCells() []string {
	var cells []string
	for i := 0; i < 40; i++ {
		cells = append(cells,
			fmt.Sprintf("x%d := %d\nname%d := fmt.Sprint(\"cell\", x%d)", i, i, i, i),
			fmt.Sprintf("func f%d(xs []float64) float64 {\n\ts := 0.0\n\tfor _, x := range xs {\n\t\ts += x * %d\n\t}\n\treturn s\n}", i, i),
			fmt.Sprintf("type T%d struct{ a, b int }\n\nfunc (t T%d) Sum() int { return t.a + t.b }", i, i),
			fmt.Sprintf("t%d := T%d{1, 2}\nm%d := map[string]int{\"a\": t%d.Sum()}", i, i, i, i),
			fmt.Sprintf("for i := 0; i < 3; i++ {\n\tx%d += i\n}\nf%d([]float64{1, 2})", i, i),
		)
	}
	return cells
}

// benchmarkCell runs code b.N times in a session that first ran cells.
func benchmarkCell(b *testing.B, cells []string, code string) {
	benchmarkCellWith(b, Options{}, cells, code)
}

func benchmarkCellWith(b *testing.B, opts Options, cells []string, code string) {
	e, err := New(opts)
	if err != nil {
		b.Fatal(err)
	}
	rec := &recorder{}
	for _, c := range cells {
		if _, err := e.Execute(context.Background(), c, rec); err != nil {
			b.Fatalf("%q: %v", c, err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Execute(context.Background(), code, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// The front end's cost (issue 12): a cell in a session of 200 cells must
// not be measurably slower than in a fresh one.
func BenchmarkTrivialCellFresh(b *testing.B)    { benchmarkCell(b, nil, "1") }
func BenchmarkTrivialCellAfter200(b *testing.B) { benchmarkCell(b, sessionCells(), "1") }
func BenchmarkUseCellFresh(b *testing.B) {
	benchmarkCell(b, sessionCells()[:5], "y := x0 + t0.Sum()\ny")
}
func BenchmarkUseCellAfter200(b *testing.B) {
	benchmarkCell(b, sessionCells(), "y := x0 + t0.Sum()\ny")
}

// The same without the front end, to see what it costs.
func BenchmarkTrivialCellFreshNoCheck(b *testing.B) {
	benchmarkCellWith(b, Options{NoCheck: true}, nil, "1")
}
func BenchmarkTrivialCellAfter200NoCheck(b *testing.B) {
	benchmarkCellWith(b, Options{NoCheck: true}, sessionCells(), "1")
}

// A cell that declares a variable again (a cell run again) makes the
// front end rebuild its package: that cost grows with the session.
func BenchmarkRedeclareFresh(b *testing.B) { benchmarkCell(b, sessionCells()[:5], "x0 := 7") }
func BenchmarkRedeclareAfter200(b *testing.B) {
	benchmarkCell(b, sessionCells(), "x0 := 7")
}

// A cell whose result is a library value, end to end (issue 25): the
// cell runs, its value is captured and rendered (text, table, picture).
func BenchmarkResultModel784x500(b *testing.B) {
	benchmarkCell(b, []string{"m, _ := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})"}, "m")
}

func BenchmarkResultHistory10000(b *testing.B) {
	benchmarkCell(b, []string{`h := &learn.History{Updates: 100000}
for i := 0; i < 10000; i++ {
	h.Add("loglik", 10*i, float64(i)/100, -140+40*(1-math.Exp(-float64(i)/2000))+math.Sin(float64(i)/7))
}`}, "h")
}

// The candidates of the session's types that the helpers of interface
// values (InterfaceEqual, DynamicOne, TypeName, …) are given at each call
// (candidates.go): in a loop, they are read anew at each iteration.
// BenchmarkInterfaceEqualLoop compares 1,000 interface values of the
// session's types in one cell; BenchmarkCandidateList reads one list of
// four types, as such a call does.
func BenchmarkInterfaceEqualLoop(b *testing.B) {
	benchmarkCell(b, []string{"type Shape interface{ Area() float64 }\ntype Sq struct{ S float64 }\nfunc (s Sq) Area() float64 { return s.S * s.S }\ntype Ci struct{ R float64 }\nfunc (c Ci) Area() float64 { return 3 * c.R * c.R }\nshapes := []Shape{Sq{1}, Ci{2}, Sq{1}, Ci{1}}"},
		"n := 0\nfor i := range 1000 {\n\tif shapes[i%4] == shapes[0] {\n\t\tn++\n\t}\n}\nn")
}

func BenchmarkCandidateList(b *testing.B) {
	type sq struct{ S float64 }
	type ci struct{ R float64 }
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		cands := candidateList([]any{"main.Ci", ci{}, "Area", "N7:main.CiS1:1:RO7:float64", "*main.Ci", (*ci)(nil), "Area", "PN7:main.CiS1:1:RO7:float64",
			"main.Sq", sq{}, "Area", "N7:main.SqS1:1:SO7:float64", "*main.Sq", (*sq)(nil), "Area", "PN7:main.SqS1:1:SO7:float64"})
		if len(cands) != 4 {
			b.Fatal(len(cands))
		}
	}
}

// The cost of the bounds checks made where no statement can precede
// an index (front/bounds.go): a loop whose condition indexes (a guard),
// and one whose body indexes after a call (a call of the helper Index),
// 100,000 iterations each, with and without the checks.
func benchmarkLoopIndex(b *testing.B, noBounds bool, loop string) {
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	e.noBounds = noBounds
	rec := &recorder{}
	decl := "func loop(xs []int, k int) int {\n\ts := 0\n" + loop + "\treturn s\n}\nlims := []int{0, 100000}"
	if _, err := e.Execute(context.Background(), decl, rec); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Execute(context.Background(), "_ = loop(lims, 1)", rec); err != nil {
			b.Fatal(err)
		}
	}
}

const (
	headerLoop = "\tfor i := 0; i < xs[k]; i++ {\n\t\ts += i\n\t}\n"
	callLoop   = "\tfor i := 0; i < 100000; i++ {\n\t\ts += min(i, 3) + xs[k]\n\t}\n"
)

func BenchmarkHeaderIndexChecked(b *testing.B)    { benchmarkLoopIndex(b, false, headerLoop) }
func BenchmarkHeaderIndexUnchecked(b *testing.B)  { benchmarkLoopIndex(b, true, headerLoop) }
func BenchmarkAfterCallIndexChecked(b *testing.B) { benchmarkLoopIndex(b, false, callLoop) }
func BenchmarkAfterCallIndexUnchecked(b *testing.B) {
	benchmarkLoopIndex(b, true, callLoop)
}

// The cost of evaluating a deferred method call's receiver at the defer
// statement (front/defer.go: defer c.Get() of a value c becomes a call
// of a function literal that takes it) and of assigning a whole
// struct through its address (*&p = P{…}, front.structAssigns), 100,000
// calls or iterations.
func BenchmarkDeferMethod(b *testing.B) {
	benchmarkCell(b, []string{"type C struct{ n int }\nfunc (c C) Get() int { return c.n }\nfunc work(c C) {\n\tdefer c.Get()\n}\nfunc loop(c C) {\n\tfor i := 0; i < 100000; i++ {\n\t\twork(c)\n\t}\n}\nc := C{}"}, "loop(c)")
}

// A pointer receiver that nothing assigns keeps its form (fixedVar).
func BenchmarkDeferPointerMethod(b *testing.B) {
	benchmarkCell(b, []string{"type C struct{ n int }\nfunc (c *C) Done() { c.n++ }\nfunc work(c *C) {\n\tdefer c.Done()\n}\nfunc loop(c *C) {\n\tfor i := 0; i < 100000; i++ {\n\t\twork(c)\n\t}\n}\nc := &C{}"}, "loop(c)")
}

func BenchmarkStructAssign(b *testing.B) {
	benchmarkCell(b, []string{"type P struct{ X, Y float64 }\nfunc loop() float64 {\n\tvar p P\n\tq := &p\n\ts := 0.0\n\tfor i := 0; i < 100000; i++ {\n\t\tp = P{float64(i), 1}\n\t\ts += q.X\n\t}\n\treturn s\n}"}, "_ = loop()")
}

// A struct variable that nothing else reaches keeps its assignment.
func BenchmarkStructAssignLocal(b *testing.B) {
	benchmarkCell(b, []string{"type P struct{ X, Y float64 }\nfunc loop() float64 {\n\tvar p P\n\ts := 0.0\n\tfor i := 0; i < 100000; i++ {\n\t\tp = P{float64(i), 1}\n\t\ts += p.X\n\t}\n\treturn s\n}"}, "_ = loop()")
}

// errors.Is in a session without an Unwrap method keeps ErrorsIsIn;
// with one, it gets ErrorsIsInUnwrap and a function literal a call.
func BenchmarkErrorsIs(b *testing.B) {
	benchmarkCell(b, []string{"import \"errors\"\nvar base = errors.New(\"b\")\ntype E struct{ n int }\nfunc (e *E) Error() string { return \"e\" }\nfunc loop(err error) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tif errors.Is(err, base) {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\nvar err error = &E{1}"}, "_ = loop(err)")
}

func BenchmarkErrorsIsUnwrap(b *testing.B) {
	benchmarkCell(b, []string{"import \"errors\"\nvar base = errors.New(\"b\")\ntype E struct{ n int }\nfunc (e *E) Error() string { return \"e\" }\nfunc (e *E) Unwrap() error { return nil }\nfunc loop(err error) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tif errors.Is(err, base) {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\nvar err error = &E{1}"}, "_ = loop(err)")
}

// fmt.Sprint of a []any: Dynamic without session types, DynamicIn (the
// candidates, and a look at each element) with one.
func BenchmarkSprintAnySlice(b *testing.B) {
	benchmarkCell(b, []string{"import \"fmt\"\nfunc loop(xs []any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tn += len(fmt.Sprint(xs))\n\t}\n\treturn n\n}\nxs := []any{1, \"a\", 2.5}"}, "_ = loop(xs)")
}

func BenchmarkSprintAnySliceSession(b *testing.B) {
	benchmarkCell(b, []string{"import \"fmt\"\ntype S struct{ a, b int }\nfunc loop(xs []any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tn += len(fmt.Sprint(xs))\n\t}\n\treturn n\n}\nxs := []any{1, \"a\", 2.5}"}, "_ = loop(xs)")
}

// reflect.TypeOf of an any: as it was without session types,
// TypeOfDynamic with one.
func BenchmarkTypeOfAny(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\nfunc loop(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tn += len(reflect.TypeOf(x).String())\n\t}\n\treturn n\n}"}, "_ = loop(3)")
}

func BenchmarkTypeOfAnySession(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\ntype S struct{ a, b int }\nfunc loop(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tn += len(reflect.TypeOf(x).String())\n\t}\n\treturn n\n}"}, "_ = loop(3)")
}

// reflect.ValueOf(x).Type() of an any, the Value kept in a variable: as
// it was without session types; ValueOfDynamic and ValueTypeIn with one.
func BenchmarkValueTypeAny(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\nfunc loop(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tv := reflect.ValueOf(x)\n\t\tn += len(v.Type().String()) + v.NumMethod()\n\t}\n\treturn n\n}"}, "_ = loop(3)")
}

func BenchmarkValueTypeAnySession(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\ntype S struct{ a, b int }\nfunc loop(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tv := reflect.ValueOf(x)\n\t\tn += len(v.Type().String()) + v.NumMethod()\n\t}\n\treturn n\n}"}, "_ = loop(3)")
}

// The same with a value of the session's type in the any.
func BenchmarkValueTypeAnySessionValue(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\ntype S struct{ a, b int }\nfunc loop(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tv := reflect.ValueOf(x)\n\t\tn += len(v.Type().String()) + v.NumMethod()\n\t}\n\treturn n\n}"}, "_ = loop(S{1, 2})")
}

// reflect.ValueOf of a []int kept in a variable, in a session with a type
// on []int: ValueOfStatic (a copy of the value, kept for ValueTypeIn).
func BenchmarkValueOfStatic(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\ntype Sl []int\nfunc loop(x []int) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tv := reflect.ValueOf(x)\n\t\tn += v.Len()\n\t}\n\treturn n\n}"}, "_ = loop([]int{1, 2})")
}

// BenchmarkValueTypeAnySession in a session with a type on []int:
// ValueTypeInShared and ValueNumMethodShared.
func BenchmarkValueTypeAnySessionShared(b *testing.B) {
	benchmarkCell(b, []string{"import \"reflect\"\ntype Sl []int\nfunc loop(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tv := reflect.ValueOf(x)\n\t\tn += len(v.Type().String()) + v.NumMethod()\n\t}\n\treturn n\n}"}, "_ = loop(3)")
}
