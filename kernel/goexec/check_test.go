package goexec

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// TestCheckedCells runs sequences of cells in one session each: a cell
// either gives its result or fails with an error containing err.
func TestCheckedCells(t *testing.T) {
	type cell struct{ code, want, err string }
	for _, tc := range []struct {
		name  string
		cells []cell
	}{
		{"a failed cell declares nothing", []cell{
			{"a := zz + 1", "", "undefined: zz"},
			{"b := len(qq)", "", "undefined: qq"},
			{"var d = ww + 1", "", "undefined: ww"},
			{"x9 := f7(3)", "", "undefined: f7"},
			{"a", "", "undefined: a"},
			{"b", "", "undefined: b"},
			{"d", "", "undefined: d"},
			{"x9", "", "undefined: x9"},
		}},
		{"an import of a failed cell can be made again", []cell{
			{"import \"reflect\"\n\nvar q int = \"x\"", "", "cannot use \"x\""},
			{"import \"reflect\"\n\nfunc h() string { return reflect.TypeOf(1).String() }", "", ""},
			{"h()", `"int"`, ""},
		}},
		{"a redeclaration reads the old value", []cell{
			{"r := 3", "", ""},
			{"y := r\nr := r + 1\ny", "3", ""},
			{"r", "4", ""},
			{"s, r := r, 5.5\ns", "4", ""},
			{"r", "5.5", ""},
			{"xs := []int{1}", "", ""},
			{"xs := append(xs, 2)\nxs := append(xs, 3)", "", "cell line 2, column 4: no new variables on left side of :="},
			{"xs := append(xs, 2)\nlen(xs)", "2", ""},
			{"n := 1\nfor i := 0; i < 3; i++ {\n\tn *= 2\n}", "", ""},
			{"m := n\nn := n + 1\nm + n", "17", ""},
		}},
		{"errors are Go's, at the cell's line and column", []cell{
			{"x := 1\ny := \"a\"\nz := x + y", "", "cell line 3, column 6: invalid operation: x + y (mismatched types int and string)"},
			{"func f() int {\n\treturn\n}", "", "cell line 2, column 2: not enough return values"},
			{"nz := 1.5\nfunc f() bool {\n\ttype float64 int\n\treturn min(2.5, nz) < 0\n}", "", "cell line 4, column 9: cannot run min here: its type float64 has no name at this point"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newExec(t)
			for _, c := range tc.cells {
				rec := &recorder{}
				res, err := e.Execute(context.Background(), c.code, rec)
				if c.err != "" {
					if err == nil {
						t.Errorf("%q: no error, want one containing %q", c.code, c.err)
					} else if text := errText(err); !strings.Contains(text, c.err) {
						t.Errorf("%q: error %s\nwant one containing %q", c.code, text, c.err)
					}
					continue
				}
				if err != nil {
					t.Errorf("%q: %s", c.code, errText(err))
					continue
				}
				if got := resultText(res); got != c.want {
					t.Errorf("%q = %q, want %q", c.code, got, c.want)
				}
			}
		})
	}
}

// errText is an error with its traceback, one line each.
func errText(err error) string {
	var ee *kernel.ExecError
	if errors.As(err, &ee) {
		return ee.Name + ": " + ee.Value + "\n" + strings.Join(ee.Traceback, "\n")
	}
	return err.Error()
}

// TestDeclaredMainRunsWhenCalled: yaegi runs a declared main after every
// execution; the kernel renames it (front.RenameMain), so it runs only
// when called, as in Go, and its panics name main. (With the compiled road
// open, a self-contained main is compiled instead: TestCompiledRoad.)
func TestDeclaredMainRunsWhenCalled(t *testing.T) {
	e, err := New(Options{Interpreted: true})
	if err != nil {
		t.Fatal(err)
	}
	_, rec := run(t, e, "func main() { fmt.Println(\"main ran\") }")
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("declaring main printed %q", out)
	}
	if got, rec := run(t, e, "1 + 1"); got != "2" || rec.stream("stdout") != "" {
		t.Errorf("1 + 1 = %q, printing %q; want 2 and nothing", got, rec.stream("stdout"))
	}
	if _, rec := run(t, e, "main()"); rec.stream("stdout") != "main ran\n" {
		t.Errorf("main() printed %q", rec.stream("stdout"))
	}
	run(t, e, "func main() {\n\tpanic(\"boom\")\n}")
	ee, _ := fail(t, e, context.Background(), "main()")
	if text := errText(ee); !strings.Contains(text, "in main") || strings.Contains(text, "rbmkernel") {
		t.Errorf("panic in main: %s", text)
	}
}

// TestModernGo runs what yaegi lacks and the front end lowers: range over
// an integer, min, max and clear, with Go's answers.
func TestModernGo(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ code, want string }{
		{"s := \"\"\nfor i := range 3 {\n\ts += fmt.Sprint(i)\n}\ns", `"012"`},
		{"n := 0\nfor range 4 {\n\tn++\n}\nn", "4"},
		{"type Count uint8\nvar c Count = 3\nvar last Count\nfor i := range c {\n\tlast = i\n}\nlast", "2"},
		{"var j int64\nfor j = range 5 {\n}\nj", "4"},
		{"k := 0\nouter:\nfor i := range 10 {\n\tfor j := range 10 {\n\t\tif i*j > 20 {\n\t\t\tbreak outer\n\t\t}\n\t\tk++\n\t}\n}\nk", "37"},
		{"fs := []func() int{}\nfor i := range 3 {\n\tfs = append(fs, func() int { return i })\n}\nfs[0]() + fs[1]()*10 + fs[2]()*100", "210"},
		{"changed := 0\nfor i := range 3 {\n\ti += 10\n\tchanged += i\n}\nchanged", "33"},
		{"min(3, 1, 2)", "1"},
		{"const c = max(1, 2.5)\nc * 2", "5"},
		{"x := 2.5\nmin(1, x)", "1"},
		{"max(\"apple\", \"pear\")", `"pear"`},
		{"math.IsNaN(min(1.0, math.NaN(), 0))", "true"},
		{"math.Signbit(min(0.0, math.Copysign(0, -1)))", "true"},
		{"math.Signbit(max(math.Copysign(0, -1), 0.0))", "false"},
		{"nz := math.Copysign(0, -1)\nmath.Signbit(min(nz, 0.0)) && math.Signbit(min(0.0, nz)) && !math.Signbit(max(nz, 0))", "true"},
		{"type Temp float64\nmath.Signbit(float64(min(Temp(nz), 0)))", "true"},
		{"var u uint8 = 200\nmax(u, 100)", "200"},
		{"const small int8 = min(3, 4)\nsmall", "3"},
		{"func levels() uint {\n\ttype Level uint\n\tlo, hi := Level(2), Level(9)\n\treturn uint(min(hi, lo) + max(lo, hi))\n}\nlevels()", "11"},
		{"type Celsius float64\nconst hot Celsius = 40\nmax(hot, 30) + 0.5", "40.5"},
		{"m := map[float64]int{1: 1, math.NaN(): 2}\nclear(m)\nlen(m)", "0"},
		{"xs := []int{1, 2, 3}\nclear(xs[1:])\nxs", "[1 0 0]"},
		{"import \"unsafe\"\nunsafe.Sizeof(int64(0)) + unsafe.Sizeof(int8(0))", "9"},
		{"func smallest(xs ...float64) float64 {\n\tm := xs[0]\n\tfor _, x := range xs {\n\t\tm = min(m, x)\n\t}\n\treturn m\n}\nsmallest(3, 1.5, 2)", "1.5"},
	} {
		got, _ := run(t, e, c.code)
		if got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestParallelAssign: an assignment of several values one of which is a
// call ("a, b = x, math.Sin(x)") gives every left-hand side its value
// (yaegi set the others to zero: a was 0), in functions and at a cell's
// top level, with constants beside the call keeping their left-hand
// side's type.
func TestParallelAssign(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ code, want string }{
		{"var pa, pb float64\npx := 2.0\npa, pb = px, math.Sqrt(4*px*px)\nfmt.Sprint(pa, pb)", `"2 4"`},
		{"func sq(v float64) float64 { return v * v }\nfunc p1() (float64, float64, float64) {\n\tx := 3.0\n\tvar a, b, c float64\n\ta, b, c = x, x+1, sq(x)\n\treturn a, b, c\n}\nfmt.Sprint(p1())", `"3 4 9"`},
		{"func p2() (int, int) {\n\tx := 3\n\tvar a, b int\n\ta, b = x, len(\"ab\")\n\treturn a, b\n}\nfmt.Sprint(p2())", `"3 2"`},
		{"func p3() (float64, int) {\n\tvar a float64\n\tvar b int\n\tfor i := 0; i < 2; i++ {\n\t\ta, b = 1, strings.Count(\"aaa\", \"a\")+i\n\t}\n\treturn a, b\n}\nfmt.Sprint(p3())", `"1 4"`},
		{"pi := 0\nps := []int{10, 20}\nps[pi], pi = 99, len(ps)-1\nfmt.Sprint(ps, pi)", `"[99 20] 1"`},
		{"pa, pb = math.Sqrt(9), pa\nfmt.Sprint(pa, pb)", `"3 2"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestStringMethodsOfElements: fmt calls the String and Error methods of
// the session's values that it prints inside others (slice and map
// elements, exported fields, through pointers when the method has a
// pointer receiver), and not under unexported fields or for %#v, as Go
// does (yaegi printed them as structs or numbers). The expected texts are
// what go run prints for the same program.
func TestStringMethodsOfElements(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Point struct{ X, Y float64 }\nfunc (p Point) String() string { return fmt.Sprintf(\"(%.1f, %.1f)\", p.X, p.Y) }\n"+
		"type C float64\nfunc (c C) String() string { return fmt.Sprintf(\"%.1f°C\", float64(c)) }\n"+
		"type PP struct{ n int }\nfunc (p *PP) String() string { return \"PP\" }\n"+
		"type box struct {\n\tA Point\n\tb Point\n}")
	for _, c := range []struct{ code, want string }{
		{"fmt.Sprintln([]Point{{1, 2}, {3, 4}})", `"[(1.0, 2.0) (3.0, 4.0)]\n"`},
		{"fmt.Sprintf(\"%v|%+v|%#v\", []Point{{1, 2}}, []Point{{1, 2}}, []Point{{1, 2}})", `"[(1.0, 2.0)]|[(1.0, 2.0)]|[]main.Point{main.Point{X:1, Y:2}}"`},
		{"fmt.Sprint([]C{21.5, 3})", `"[21.5°C 3.0°C]"`},
		{"fmt.Sprint(map[string]C{\"a\": 1})", `"map[a:1.0°C]"`},
		{"fmt.Sprint([]PP{{1}}, []*PP{{1}})", `"[{1}] [PP]"`},
		{"fmt.Sprintf(\"%+v\", box{Point{1, 2}, Point{3, 4}})", `"{A:(1.0, 2.0) b:{X:3 Y:4}}"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%s = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestInterpreterCannotCompile: a cell that type-checks but that yaegi
// fails to compile (a package-level comma-ok assertion to an instance of
// a generic type, var b, ok = a.(Box[int]): "nil type") ends with an
// InterpreterLimit that says the cell is valid Go and what to do, keeping
// yaegi's message, not with a CompileError that reads as a fault of the
// cell. (The examples before, a slice literal of a generic type with a
// String method and a generic function of two type parameters taken as a
// value, print go run's [a=1 b=2] and 2 since the front end asserts to
// the instance's alias and wraps the value, TestAssertionsToInstances,
// TestGenericFunctionValues.)
func TestInterpreterCannotCompile(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Pair[K comparable, V any] struct {\n\tKey K\n\tVal V\n}\n\n"+
		"func (p Pair[K, V]) String() string { return fmt.Sprintf(\"%v=%v\", p.Key, p.Val) }\n\ntype Box[T any] struct{ V T }")
	if _, rec := run(t, e, "ps := []Pair[string, int]{{\"a\", 1}, {\"b\", 2}}\nfmt.Println(ps)"); rec.stream("stdout") != "[a=1 b=2]\n" {
		t.Errorf("a list of a generic type with String printed %q, go run %q", rec.stream("stdout"), "[a=1 b=2]\n")
	}
	ee, _ := fail(t, e, context.Background(), "var a any = Box[int]{3}\nvar b, ok = a.(Box[int])")
	prefix, suffix := "the interpreter cannot compile this cell, which is valid Go (yaegi: ",
		"); run it compiled (a cell with func main, or %%compile), or write the construct another way"
	if ee.Name != "InterpreterLimit" || !strings.HasPrefix(ee.Value, prefix) || !strings.HasSuffix(ee.Value, suffix) ||
		len(ee.Value) == len(prefix)+len(suffix) || !strings.HasSuffix(ee.Traceback[0], ee.Value) {
		t.Errorf("%s %q %q; want an InterpreterLimit %q…%q with yaegi's message", ee.Name, ee.Value, ee.Traceback, prefix, suffix)
	}
	// A cell that does not type-check is still Go's CompileError.
	if ee, _ := fail(t, e, context.Background(), "var q int = \"x\""); ee.Name != "CompileError" {
		t.Errorf("a type error: %s %q; want a CompileError", ee.Name, ee.Value)
	}
}

// TestNewOfExpression: new(x) of an expression (Go 1.26) is a pointer to
// a new variable holding x, of x's type (an untyped constant's default
// type). yaegi took it for new of a type: new(42) pointed to 0 and
// new("cfg") to "", silently. The expected lines are go run's: a
// composite literal, a typed constant, a call evaluated once, a new
// variable each iteration, a copy of a variable, a slice, in a generic
// function, and the types.
func TestNewOfExpression(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"time\"\n)\n\ntype Point struct{ X, Y int }\n\nvar calls int\n\n"+
		"func next() int { calls++; return calls * 10 }\n\nfunc ptr[T any](v T) *T { return new(v) }")
	_, rec := run(t, e, "p := new(Point{1, 2})\nd := new(time.Second)\nq := new(next())\nvar ps []*int\n"+
		"for i := range 3 {\n\tps = append(ps, new(i*i))\n}\nx := 5\npx := new(x)\nx = 6\ns := new([]string{\"a\"})\n"+
		"fmt.Println(*p, *d, *q, calls, *ps[0], *ps[1], *ps[2], *px, x, *s, *ptr(2.5), *ptr(\"g\"))\n"+
		"fmt.Printf(\"%T %T %T\\n\", new(1.5), new('r'), new(uint8(3)))\n"+
		"o := struct{ Name *string }{Name: new(\"cfg\")}\nfmt.Println(*new(42), *o.Name)")
	want := "{1 2} 1s 10 1 0 1 4 5 6 [a] 2.5 g\n*float64 *int32 *uint8\n42 cfg\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}
