package goexec

import (
	"context"
	"strings"
	"testing"
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
