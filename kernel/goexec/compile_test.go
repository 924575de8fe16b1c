package goexec

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// newCompilingExec returns an Executor whose compiled cells are built in a
// temporary folder.
func newCompilingExec(t *testing.T) *Executor {
	t.Helper()
	e, err := New(Options{CompiledDir: t.TempDir()})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return e
}

// TestCompiledCell runs a compiled cell's functions, types, methods,
// variables and constants from interpreted cells, with library values
// crossing both ways.
func TestCompiledCell(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
// Sigmoid sets dst to 1/(1+exp(-x)) elementwise.
func Sigmoid(dst, x *mat.Dense) {
	r, c := x.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			dst.Set(i, j, 1/(1+math.Exp(-x.At(i, j))))
		}
	}
	calls++
}

var calls int

const Half = 0.5

type Counter struct{ N int }

func (c *Counter) Add(k int) int { c.N += k; return c.N }

func (c Counter) String() string { return fmt.Sprintf("Counter(%d)", c.N) }

func hidden(x int) int { return x * 3 }
`)
	run(t, e, `x := mat.NewDense(1, 2, []float64{0, 2})
y := mat.NewDense(1, 2, nil)
Sigmoid(y, x)`)
	if got, _ := run(t, e, `y.At(0, 0)`); got != "0.5" {
		t.Errorf("Sigmoid(0) = %s, want 0.5", got)
	}
	if got, _ := run(t, e, `calls`); got != "1" {
		t.Errorf("calls = %s, want 1", got)
	}
	run(t, e, `calls = 10`)
	run(t, e, `Sigmoid(y, x)`)
	if got, _ := run(t, e, `calls`); got != "11" {
		t.Errorf("calls after calls = 10 and a call = %s, want 11", got)
	}
	if got, _ := run(t, e, `Half * 4`); got != "2" {
		t.Errorf("Half * 4 = %s, want 2", got)
	}
	if got, _ := run(t, e, `c := &Counter{}
c.Add(2)
c.Add(3)`); got != "5" {
		t.Errorf("Counter.Add = %s, want 5", got)
	}
	if _, rec := run(t, e, `fmt.Println(*c)`); rec.stream("stdout") != "Counter(5)\n" {
		t.Errorf("fmt.Println(*c) printed %q, want Counter(5) (its String method)", rec.stream("stdout"))
	}
	if got, _ := run(t, e, `hidden(14)`); got != "42" {
		t.Errorf("hidden(14) = %s, want 42", got)
	}
	if got, _ := run(t, e, `fmt.Sprintf("%T", *c)`); got != `"compiled.Counter"` {
		t.Errorf("%%T of a compiled type = %s", got)
	}
}

// TestCompiledCellAgain checks that a compiled cell run again with a
// change replaces its names for later cells, that values made before keep
// their old type, and that a later compiled cell sees the earlier ones.
func TestCompiledCellAgain(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, "%%compile\nfunc F() int { return 1 }\ntype T struct{ A int }")
	run(t, e, "old := T{A: 1}")
	run(t, e, "%%compile\nfunc F() int { return 2 }\ntype T struct{ A, B int }\nfunc G() int { return F() * 10 }")
	if got, _ := run(t, e, "F() + G()"); got != "22" {
		t.Errorf("F() + G() after the change = %s, want 22", got)
	}
	if got, _ := run(t, e, "T{A: 1, B: 2}.B"); got != "2" {
		t.Errorf("the new T: %s, want 2", got)
	}
	if got, _ := run(t, e, "old.A"); got != "1" {
		t.Errorf("a value of the old T: %s", got)
	}
	run(t, e, "%%compile\nfunc H() int { return G() + 1 }")
	if got, _ := run(t, e, "H()"); got != "21" {
		t.Errorf("H() = %s, want 21", got)
	}
	// An interpreted declaration takes the name back.
	run(t, e, "func F() int { return 7 }")
	if got, _ := run(t, e, "F()"); got != "7" {
		t.Errorf("F() after an interpreted F: %s, want 7", got)
	}
}

// TestCompiledCellErrors checks the errors of a compiled cell: each names
// what is wrong and where, and the session goes on.
func TestCompiledCellErrors(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, "answer := 42")
	for _, tc := range []struct{ cell, name, want string }{
		{"%%compile\nfunc F() int { return answer }", "CompileError", "cell line 2, column 23: undefined: answer"},
		{"%%compile\nx := 1", "CompileError", "cell line 2, column 1: expected declaration, found x (a compiled cell holds declarations only"},
		{"%%compile\nfunc rbm() {}", "CompileError", "cell line 2, column 6: rbm is the name of a pre-imported package of the session"},
		{"%%compile\nimport \"example.com/nowhere\"", "CompileError", "could not import example.com/nowhere"},
		{"%%compile -O2\nfunc F() {}", "UsageError", "%%compile takes no arguments"},
	} {
		ee, _ := fail(t, e, context.Background(), tc.cell)
		got := strings.Join(ee.Traceback, "\n")
		if ee.Name != tc.name || !strings.Contains(got, tc.want) {
			t.Errorf("%q: %s %s\nwant %s containing %q", tc.cell, ee.Name, got, tc.name, tc.want)
		}
	}
	if got, _ := run(t, e, "answer"); got != "42" {
		t.Errorf("after the failures, answer = %s", got)
	}
	// A panic in compiled code is the cell's error.
	run(t, e, "%%compile\nfunc Boom(s []int) int { return s[5] }")
	ee, _ := fail(t, e, context.Background(), "Boom([]int{1})")
	if !strings.Contains(ee.Value, "index out of range [5] with length 1") {
		t.Errorf("a panic in compiled code: %s: %s", ee.Name, ee.Value)
	}
	// A generic of a compiled cell is refused in an interpreted one.
	run(t, e, "%%compile\nfunc Sum[T int | float64](xs []T) T { var s T; for _, x := range xs { s += x }; return s }\nfunc SumInts(xs []int) int { return Sum(xs) }")
	ee, _ = fail(t, e, context.Background(), "Sum([]int{1, 2})")
	if !strings.Contains(ee.Value, "Sum is generic, and declared in a compiled cell") {
		t.Errorf("a compiled generic in an interpreted cell: %s: %s", ee.Name, ee.Value)
	}
	if got, _ := run(t, e, "SumInts([]int{1, 2})"); got != "3" {
		t.Errorf("SumInts = %s, want 3", got)
	}
}

// TestCompiledSampler hands a sampler declared in a compiled cell to the
// library's training loop from an interpreted cell: the loop calls its
// Sample method natively (it counts the steps it was asked for).
func TestCompiledSampler(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
import "github.com/rbm-kernel/rbm-kernel/lib/mcmc"

// Counting is block Gibbs that counts the transitions asked of it.
type Counting struct {
	Inner *mcmc.Gibbs
	Steps int
}

func (s *Counting) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	s.Steps += steps
	return s.Inner.Sample(m, c, steps)
}
`)
	run(t, e, `set := &data.Set{Name: "four", X: mat.NewDense(4, 4, []float64{1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1})}
m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
s := &Counting{Inner: mcmc.NewGibbs(1)}
_, err := learn.Train(ctx, m, set, learn.NewCD(3, s), &learn.Settings{Updates: 20, Rate: 0.1})`)
	if got, rec := run(t, e, "fmt.Println(err)"); rec.stream("stdout") != "<nil>\n" {
		t.Fatalf("Train: %s%s", got, rec.stream("stdout"))
	}
	if got, _ := run(t, e, "s.Steps"); got != "60" {
		t.Errorf("the compiled sampler was asked for %s transitions, want 20 updates × CD-3 = 60", got)
	}
}

// TestCompiledInterface implements an interface of a compiled cell with
// an interpreted type, and hands a value of it to compiled code, which
// calls its methods (the interpreter's wrapper type of the interface).
func TestCompiledInterface(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
// Energy is a function of a state with a name.
type Energy interface {
	Of(x []float64) float64
	Name() string
	Scaled(k float64, xs ...float64) (float64, error)
	Units(m *rbm.Binary, w ...*mat.Dense) (visible, hidden int)
}

// Size asks e for m's size (a method whose signature names packages).
func Size(e Energy, m *rbm.Binary) int { v, h := e.Units(m); return 10*v + h }

// Lowest returns the name of the energy lowest at x.
func Lowest(x []float64, es ...Energy) string {
	best, name := 0.0, ""
	for i, e := range es {
		if v := e.Of(x); i == 0 || v < best {
			best, name = v, e.Name()
		}
	}
	return name
}

// ScaledSum calls Scaled.
func ScaledSum(e Energy) float64 { v, _ := e.Scaled(2, 1, 2, 3); return v }
`)
	run(t, e, `type quad struct{ c float64 }
func (q quad) Of(x []float64) float64 { s := 0.0; for _, v := range x { s += q.c * v * v }; return s }
func (q quad) Name() string { return fmt.Sprint("quad", q.c) }
func (q quad) Scaled(k float64, xs ...float64) (float64, error) { s := 0.0; for _, v := range xs { s += k * v }; return s, nil }
func (q quad) Units(m *rbm.Binary, w ...*mat.Dense) (int, int) { return m.W.Dims() }`)
	if got, _ := run(t, e, "m, _ := rbm.NewBinary(3, 2, nil)\nSize(quad{1}, m)"); got != "32" {
		t.Errorf("Size = %s, want 32", got)
	}
	if got, _ := run(t, e, `ScaledSum(quad{1})`); got != "12" {
		t.Errorf("ScaledSum = %s, want 12", got)
	}
	if got, _ := run(t, e, `Lowest([]float64{1, 2}, []Energy{quad{3}, quad{1}, quad{2}}...)`); got != `"quad1"` {
		t.Errorf("Lowest = %s, want \"quad1\"", got)
	}
	if got, _ := run(t, e, `Lowest([]float64{1, 2}, quad{3}, quad{1}, quad{2})`); got != `"quad1"` {
		t.Errorf("Lowest = %s, want \"quad1\"", got)
	}
}

// TestCompiledProgress: a cell that is built shows a progress bar; the same
// cell again, already loaded, shows nothing.
func TestCompiledProgress(t *testing.T) {
	e := newCompilingExec(t)
	// A source no earlier test of this process has loaded (-count=2).
	cell := fmt.Sprintf("%%%%compile\nfunc ProgressShown() int64 { return %d }", time.Now().UnixNano())
	_, rec := run(t, e, cell)
	plain, _ := rec.displays()
	if len(plain) == 0 || !strings.Contains(plain[len(plain)-1], "%%compile") {
		t.Errorf("a built cell showed %q, want a %%%%compile progress bar", plain)
	}
	_, rec = run(t, e, cell)
	if plain, _ := rec.displays(); len(plain) != 0 {
		t.Errorf("a loaded cell showed %q, want nothing", plain)
	}
}

// TestCompiledOutput: what compiled code prints (fmt.Print*, and os.Stdout
// or os.Stderr handed on as a writer) is the cell's output, in order with
// what the interpreted code around it prints.
func TestCompiledOutput(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
import (
	"io"
	"os"
	"text/tabwriter"
)

// isFile: an os.Stdout passed as an interface that an io.Writer does not
// satisfy (io.WriteCloser) or that fmt would print (any) stays the file.
func isFile(w io.WriteCloser, v any) bool { _, ok := v.(*os.File); return ok && w == os.Stdout }

// pair has two results, which fmt.Println prints.
func pair(n int) (int, string) { return n, "pair" }

func Report(n int) {
	fmt.Println("report of", n, isFile(os.Stdout, os.Stdout))
	fmt.Println(pair(n))
	fmt.Printf("%d squared is %d\n", n, n*n)
	fmt.Print()
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	fmt.Fprintln(w, "a\tb")
	w.Flush()
	fmt.Fprintln(os.Stderr, "warning", n)
	println("builtin", n, 1.5)
}
`)
	_, rec := run(t, e, `fmt.Println("before")
Report(3)
fmt.Println("after")`)
	if got, want := rec.stream("stdout"), "before\nreport of 3 true\n3 pair\n3 squared is 9\na b\nafter\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	if got, want := rec.stream("stderr"), "warning 3\nbuiltin 3 1.5\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// roadProgram is a Go program pasted as a cell, with what the interpreter
// gets wrong or refuses: a String method with a width, a field promoted
// through an embedded pointer, errors.As into a struct type of the
// program, a type switch on an error, and maps.Keys of the generic
// standard library.
const roadProgram = `import (
	"errors"
	"maps"
	"slices"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type base struct{ id int }

type item struct {
	*base
	name string
}

type NotFound struct{ Key string }

func (e NotFound) Error() string { return "not found: " + e.Key }

func find(k string) error { return fmt.Errorf("lookup: %w", NotFound{k}) }

func main() {
	fmt.Printf("[%-8v]\n", Celsius(21.5))
	it := item{&base{7}, "x"}
	it.id++
	fmt.Println(it.id, it.base.id)
	var nf NotFound
	fmt.Println(errors.As(find("k"), &nf), nf.Key)
	switch err := error(errors.New("plain")).(type) {
	case NotFound:
		fmt.Println("NotFound")
	case error:
		fmt.Println("error", err)
	}
	m := map[string]int{"b": 2, "a": 1}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	fmt.Printf("%T %#v\n", it, NotFound{"z"})
}
`

// refusedDecls are declarations that the front end refuses to interpret:
// errors.As into a struct type of the session.
const refusedDecls = `type Missing struct{ Key string }

func (m Missing) Error() string { return "missing " + m.Key }

func asMissing(err error) string {
	var m Missing
	if errors.As(err, &m) {
		return m.Key
	}
	return ""
}`

// TestCompiledRoad: a program pasted as a cell (it declares main) takes
// the compiled road and prints what Go prints; declarations that the front
// end refuses are compiled instead of refused; declarations that use the
// interpreted session stay interpreted.
func TestCompiledRoad(t *testing.T) {
	e := newCompilingExec(t)
	want := "[21.5°C  ]\n8 8\ntrue k\nerror plain\n[a b]\nmain.item main.NotFound{Key:\"z\"}\n"
	_, rec := run(t, e, roadProgram+"main()")
	if got := rec.stream("stdout"); got != want {
		t.Errorf("the program printed %q, want Go's %q", got, want)
	}
	// Its names are the session's.
	if got, _ := run(t, e, `find("z").Error()`); got != `"lookup: not found: z"` {
		t.Errorf("find after the program: %s", got)
	}

	// A program is not an importable package: a compiled cell cannot use
	// its names.
	ee, _ := fail(t, e, context.Background(), "%%compile\nfunc G() error { return find(\"g\") }")
	if !strings.Contains(ee.Value, "find is declared by a cell built as a Go program") {
		t.Errorf("a compiled cell using a program's name: %s: %s", ee.Name, ee.Value)
	}

	// Declarations alone that the interpreter would refuse.
	run(t, e, refusedDecls)
	if got, _ := run(t, e, `asMissing(fmt.Errorf("wrapped: %w", Missing{"q"}))`); got != `"q"` {
		t.Errorf("asMissing = %s, want \"q\"", got)
	}

	// A program that uses the session's variables is interpreted.
	run(t, e, "scale := 3")
	_, rec = run(t, e, "func main() { fmt.Println(scale * 2) }\nmain()")
	if got := rec.stream("stdout"); got != "6\n" {
		t.Errorf("a program using the session printed %q, want 6", got)
	}
}

// TestInterpretedOption: with Options.Interpreted the front end's refusal
// stands.
func TestInterpretedOption(t *testing.T) {
	e, err := New(Options{CompiledDir: t.TempDir(), Interpreted: true})
	if err != nil {
		t.Fatal(err)
	}
	ee, _ := fail(t, e, context.Background(), refusedDecls)
	if !strings.Contains(ee.Value, "errors.As with a target of type Missing") {
		t.Errorf("refused as %s: %s", ee.Name, ee.Value)
	}
}

// TestCompiledNewerAPI: a compiled cell may use what the Go toolchain has
// and the interpreter's symbol tables lack (generic types and functions of
// the standard library, and API newer than yaegi's tables).
func TestCompiledNewerAPI(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
import (
	"sync"
	"sync/atomic"
)

var latest atomic.Pointer[string]

var config = sync.OnceValue(func() int { return 42 })

// Lines counts the lines of s with strings.Lines.
func Lines(s string) int {
	n := 0
	for range strings.Lines(s) {
		n++
	}
	return n
}

// Latest stores s and returns what was stored, and config's value.
func Latest(s string) (string, int) {
	latest.Store(&s)
	return *latest.Load(), config()
}
`)
	if got, _ := run(t, e, `Lines("a\nb\nc")`); got != "3" {
		t.Errorf("Lines = %s, want 3", got)
	}
	if got, _ := run(t, e, `s, n := Latest("x")
fmt.Sprint(s, n)`); got != `"x42"` {
		t.Errorf("Latest = %s, want \"x42\"", got)
	}
}

// describeCell holds errors.As into a struct type of the cell, which the
// interpreter cannot run (yaegi keeps no such value inside an error), so
// the front end refuses it, and the cell, all declarations, takes the
// compiled road. (Its type switch with case error, which yaegi missed,
// is lowered and runs interpreted: TestSwitchForms.)
const describeCell = `import "errors"

type parseErr struct{ Line int }

func (p parseErr) Error() string { return fmt.Sprint("line ", p.Line) }

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case []int:
		return fmt.Sprint(len(x), " ints")
	case error:
		var pe parseErr
		if errors.As(x, &pe) {
			return fmt.Sprint("parse error at ", pe.Line)
		}
		return "error: " + x.Error()
	default:
		return fmt.Sprintf("other %T", x)
	}
}`

// TestSwitchForms: a tagless switch with a case of several expressions
// (yaegi tested the first only) and a type switch with case error (yaegi
// missed that case, for errors.New's error and a cell's type with Error
// alike) are lowered and give Go's answers in the interpreter; a cell the
// front end refuses (describeCell's errors.As) is compiled on the road.
func TestSwitchForms(t *testing.T) {
	in, err := New(Options{Interpreted: true})
	if err != nil {
		t.Fatal(err)
	}
	letter := "func letter(r rune) bool {\n\tswitch {\n\tcase r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':\n\t\treturn true\n\t}\n\treturn false\n}\nfmt.Sprint(letter('b'), letter('B'), letter('1'))"
	if got, _ := run(t, in, letter); got != `"true true false"` {
		t.Errorf("a tagless switch with two expressions in a case: %s, want \"true true false\"", got)
	}
	run(t, in, "import \"errors\"\n\ntype codeErr struct{ Code int }\n\nfunc (c codeErr) Error() string { return fmt.Sprint(\"code \", c.Code) }\n\n"+
		"func kind(v any) string {\n\tswitch x := v.(type) {\n\tcase nil:\n\t\treturn \"nil\"\n\tcase []int:\n\t\treturn fmt.Sprint(len(x), \" ints\")\n"+
		"\tcase error:\n\t\treturn \"error: \" + x.Error()\n\tdefault:\n\t\treturn fmt.Sprintf(\"other %T\", x)\n\t}\n}")
	got, _ := run(t, in, `fmt.Sprint(kind(nil), "|", kind([]int{1, 2}), "|", kind(errors.New("boom")), "|", kind(codeErr{3}), "|", kind(2.5))`)
	if want := `"nil|2 ints|error: boom|error: code 3|other float64"`; got != want {
		t.Errorf("the type switch with case error interpreted: %s, want %s (go run's)", got, want)
	}
	ee, _ := fail(t, in, context.Background(), describeCell)
	if !strings.Contains(ee.Value, "errors.As with a target of type parseErr") {
		t.Errorf("errors.As into a cell's struct interpreted: %s: %s", ee.Name, ee.Value)
	}

	e := newCompilingExec(t)
	// With an unexported field, the type would lose it for later cells if
	// compiled: the refusal stands.
	ee, _ = fail(t, e, context.Background(), strings.ReplaceAll(describeCell, "Line", "line"))
	if !strings.Contains(ee.Value, "errors.As with a target of type parseErr") {
		t.Errorf("the cell with an unexported field: %s: %s", ee.Name, ee.Value)
	}
	run(t, e, describeCell)
	got, _ = run(t, e, `fmt.Sprint(describe(nil), "|", describe([]int{1, 2}), "|", describe(errors.New("boom")), "|", describe(parseErr{3}), "|", describe(2.5))`)
	if want := `"nil|2 ints|error: boom|parse error at 3|other float64"`; got != want {
		t.Errorf("the cell compiled: %s, want %s", got, want)
	}
}

// TestTemplateRefused: a template over a cell type with methods is
// refused in the interpreter (reflection does not see the methods: "can't
// evaluate field Total" after part of the output), and the cell, all
// declarations, takes the compiled road; data without methods runs.
func TestTemplateRefused(t *testing.T) {
	const cell = `import "text/template"

type line struct {
	Name  string
	Qty   int
	Price float64
}

func (l line) Total() float64 { return float64(l.Qty) * l.Price }

func report(ls []line) string {
	var sb strings.Builder
	t := template.Must(template.New("r").Parse("{{range .}}{{.Name}}={{printf \"%.2f\" .Total}};{{end}}"))
	if err := t.Execute(&sb, ls); err != nil {
		return "error: " + err.Error()
	}
	return sb.String()
}`
	in, err := New(Options{Interpreted: true})
	if err != nil {
		t.Fatal(err)
	}
	ee, _ := fail(t, in, context.Background(), cell)
	if !strings.Contains(ee.Value, "template Execute with data of type []main.line cannot run in the interpreter") {
		t.Errorf("interpreted: %s: %s", ee.Name, ee.Value)
	}
	if got, _ := run(t, in, "import \"text/template\"\nvar sb strings.Builder\ntemplate.Must(template.New(\"p\").Parse(\"{{.A}}+{{.B}}\")).Execute(&sb, struct{ A, B int }{1, 2})\nsb.String()"); got != `"1+2"` {
		t.Errorf("a template over data without methods: %s", got)
	}
	e := newCompilingExec(t)
	run(t, e, cell)
	if got, _ := run(t, e, `report([]line{{"bolts", 250, 0.12}, {"paint", 2, 17.99}})`); got != `"bolts=30.00;paint=35.98;"` {
		t.Errorf("compiled: %s", got)
	}
}

// TestPointerConstraintRefused: a type parameter constrained to a
// pointer to another (PT interface{ *T; M() }) made yaegi's compiler
// fail ("panic: runtime error: index out of range [0] with length 0"),
// or a cell's statements silently not run; the front end refuses it,
// naming the parameter and its line. Declarations alone take the
// compiled road, and a non-generic function there calls the generic
// one for the type needed, as Go does ([{1} {1} {1}]).
func TestPointerConstraintRefused(t *testing.T) {
	e := newCompilingExec(t)
	ee, _ := fail(t, e, context.Background(), "type C struct{ n int }\nfunc (c *C) Set(v int) { c.n = v }\nfunc Make[T any, PT interface{ *T; Set(int) }](v int) T {\n\tvar x T\n\tPT(&x).Set(v)\n\treturn x\n}\nMake[C](4)")
	if ee.Name != "CompileError" || !strings.Contains(ee.Value, "type parameter PT has a pointer constraint (interface{Set(int); *T}") ||
		len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 3, column 18: ") {
		t.Errorf("refused as %s: %q, traceback %q", ee.Name, ee.Value, ee.Traceback)
	}
	run(t, e, "type Counter struct{ N int }\nfunc (c *Counter) Inc() { c.N++ }\ntype Incer[T any] interface {\n\t*T\n\tInc()\n}\n"+
		"func IncAll[T any, PT Incer[T]](xs []T) {\n\tfor i := range xs {\n\t\tPT(&xs[i]).Inc()\n\t}\n}\nfunc IncCounters(xs []Counter) { IncAll(xs) }")
	if _, rec := run(t, e, "cs := make([]Counter, 3)\nIncCounters(cs)\nfmt.Println(cs)"); rec.stream("stdout") != "[{1} {1} {1}]\n" {
		t.Errorf("IncCounters printed %q", rec.stream("stdout"))
	}
}

// TestCompiledTypeInInterface: a value of a type declared in a %%compile
// cell, held by an any or an interface of the library, prints with its
// type's name (compiled.T, the unit's package) in an ordinary cell, also
// in a session that declares a type on a type that is not a struct; it
// was refused ("the interpreter cannot tell whether this value of type
// compiled.T held by an interface is a compiled.T or not"), as if yaegi
// kept compiled.T as the underlying type of another.
func TestCompiledTypeInInterface(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, "%%compile\ntype T struct{ A int }\n\ntype RS struct{ n int }\n\n"+
		"func (r *RS) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error { return nil }\n\nfunc MkT() any { return T{1} }")
	want := "*compiled.RS\ncompiled.T {2}\ncompiled.T {1}\n"
	code := "var s mcmc.Sampler = &RS{}\nfmt.Printf(\"%T\\n\", s)\nvar a any = T{2}\nfmt.Printf(\"%T %v\\n\", a, a)\nfmt.Printf(\"%T %v\\n\", MkT(), MkT())"
	if _, rec := run(t, e, code); rec.stream("stdout") != want {
		t.Errorf("printed %q, want %q", rec.stream("stdout"), want)
	}
	run(t, e, "type N int")
	if _, rec := run(t, e, code); rec.stream("stdout") != want {
		t.Errorf("in a session with type N int: printed %q, want %q", rec.stream("stdout"), want)
	}
}
