package compiled

import (
	"context"
	"errors"
	"go/constant"
	"go/scanner"
	"go/token"
	"go/types"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/traefik/yaegi/stdlib"
	"gonum.org/v1/gonum/mat"

	"github.com/rbm-kernel/rbm-kernel/kernel/front"
	"github.com/rbm-kernel/rbm-kernel/kernel/symbols"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// newBuilder returns a Builder for the test binary, its units in a
// temporary folder (the go command's build cache stays the user's).
func newBuilder(t testing.TB) *Builder {
	t.Helper()
	tc, err := Host(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBuilder(tc, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var tables = front.NewImporter(stdlib.Symbols, symbols.Symbols)

// cell returns a Cell of body that sees the names of the units.
func cell(body string, units ...*Unit) *Cell {
	scope := map[string]types.Object{}
	for _, u := range units {
		for _, n := range u.Names {
			scope[n] = u.Pkg.Scope().Lookup(n)
		}
	}
	return &Cell{
		Fset: token.NewFileSet(), Filename: "cell", Body: body, Scope: scope,
		Auto:     map[string]string{"rbm": "github.com/rbm-kernel/rbm-kernel/lib/rbm", "math": "math"},
		Importer: tables,
	}
}

func call(t *testing.T, u *Unit, name string, args ...any) []reflect.Value {
	t.Helper()
	f, ok := u.Symbols[name]
	if !ok {
		t.Fatalf("%s is not in the unit's table (%v)", name, u.Names)
	}
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		in[i] = reflect.ValueOf(a)
	}
	return f.Call(in)
}

const energyCell = `
// Energy is -b·v for the visible vector v of m (a test of the boundary).
func Energy(m *rbm.Binary, v []float64) float64 {
	s := 0.0
	for i, x := range v {
		s -= m.B[i] * x
	}
	calls++
	return s
}

var calls int

const Scale = 2.5
const big = 1 << 70

type point struct{ x, y float64 }

func (p point) Norm() float64 { return math.Hypot(p.x, p.y) }
`

// TestCompile builds a cell that uses the library (pre-imported by name),
// calls its function with a library value, and reads its variables,
// constants and types through the table.
func TestCompile(t *testing.T) {
	b := newBuilder(t)
	u, err := b.Compile(context.Background(), cell(energyCell))
	if err != nil {
		t.Fatal(err)
	}
	m, err := rbm.NewBinary(3, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	copy(m.B, []float64{1, 2, 3})
	got := call(t, u, "Energy", m, []float64{1, 0, 1})[0].Float()
	if got != -4 {
		t.Errorf("Energy = %v, want -4", got)
	}
	if n := u.Symbols["calls"].Elem().Int(); n != 1 {
		t.Errorf("calls = %d after one call, want 1 (the table's variable is the unit's)", n)
	}
	u.Symbols["calls"].Elem().SetInt(10)
	call(t, u, "Energy", m, []float64{0, 0, 0})
	if n := u.Symbols["calls"].Elem().Int(); n != 11 {
		t.Errorf("calls = %d, want 11", n)
	}
	if s := u.Symbols["Scale"].Interface(); s == nil {
		t.Error("Scale missing")
	}
	if got := u.Symbols["big"].Interface().(constant.Value).ExactString(); got != "1180591620717411303424" {
		t.Errorf("big = %s, want 2^70 exactly", got)
	}
	pt := u.Symbols["point"].Type().Elem()
	if pt.Name() != "point" || pt.PkgPath() != u.Path {
		t.Errorf("point is %s in %q, want point in %q", pt.Name(), pt.PkgPath(), u.Path)
	}
	if u.Cached {
		t.Error("a first build is reported cached")
	}
	// The same cell again: the loaded unit, no build.
	again, err := b.Compile(context.Background(), cell(energyCell))
	if err != nil {
		t.Fatal(err)
	}
	if !again.Cached || again.Path != u.Path {
		t.Errorf("the same cell again: cached %v, path %s (first %s)", again.Cached, again.Path, u.Path)
	}
}

// TestLaterCells checks that a cell uses the names of an earlier one,
// exported and not, with the earlier unit's state shared (one copy of its
// package in the process), and that declaring a name again replaces it
// for later cells only.
func TestLaterCells(t *testing.T) {
	b := newBuilder(t)
	ctx := context.Background()
	u1, err := b.Compile(ctx, cell(`
var count int
type Vec []float64
func sq(x float64) float64 { count++; return x * x }
func Norm2(v Vec) float64 { s := 0.0; for _, x := range v { s += sq(x) }; return s }
`))
	if err != nil {
		t.Fatal(err)
	}
	u2, err := b.Compile(ctx, cell(`
func Twice(v Vec) float64 { return 2 * Norm2(v) + sq(0) }
func Count() int { return count }
func sq(x float64) float64 { return -1 } // declared again: Twice's sq(0) is this one
`, u1))
	if err != nil {
		t.Fatal(err)
	}
	v := reflect.New(u1.Symbols["Vec"].Type().Elem()).Elem()
	v.Set(reflect.ValueOf([]float64{1, 2}).Convert(v.Type()))
	got := u2.Symbols["Twice"].Call([]reflect.Value{v})[0].Float()
	if got != 2*5-1 {
		t.Errorf("Twice(Vec{1, 2}) = %v, want 9", got)
	}
	if n := call(t, u2, "Count")[0].Int(); n != 2 {
		t.Errorf("Count() = %d after Norm2 squared two numbers, want 2 (the first unit's variable)", n)
	}
	if n := u1.Symbols["count"].Elem().Int(); n != 2 {
		t.Errorf("the first unit's count = %d, want 2", n)
	}
}

// TestCellErrors checks that a cell that does not compile gives Go's
// errors at the cell's positions (line L of the body is line L+1 of the
// cell: its first line is the magic), and nothing is built.
func TestCellErrors(t *testing.T) {
	b := newBuilder(t)
	for _, tc := range []struct{ body, want string }{
		{"func F() int { return \"x\" }", `cell:2:23: cannot use "x" (untyped string constant) as int value in return statement`},
		{"x := 1", "cell:2:1: expected declaration, found x (a compiled cell holds declarations only"},
		{"func F() { undefinedName() }", "cell:2:12: undefined: undefinedName"},
		{"\n\nfunc F() { var unused int }", "cell:4:16: declared and not used: unused"},
		{"func XRbmkernelSymbols() {}", "cell:2:6: the names XRbmkernelSymbols and XRbmkernel_… are the kernel's"},
	} {
		_, err := b.Compile(context.Background(), cell(tc.body))
		var list scanner.ErrorList
		if !errors.As(err, &list) {
			t.Errorf("%q: error %v (%T), want a scanner.ErrorList", tc.body, err, err)
			continue
		}
		if got := list[0].Error(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q:\n got %s\nwant %s", tc.body, got, tc.want)
		}
	}
}

// TestNative checks that a compiled loop is the
// compiled library's arithmetic (the same float64 result as Go's math).
func TestNative(t *testing.T) {
	b := newBuilder(t)
	u, err := b.Compile(context.Background(), cell(`
import "gonum.org/v1/gonum/mat"

func Sigmoid(dst, x *mat.Dense) {
	r, c := x.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			dst.Set(i, j, 1/(1+math.Exp(-x.At(i, j))))
		}
	}
}
`))
	if err != nil {
		t.Fatal(err)
	}
	x := mat.NewDense(2, 2, []float64{-1, 0, 1, 2})
	dst := mat.NewDense(2, 2, nil)
	call(t, u, "Sigmoid", dst, x)
	for i, v := range []float64{-1, 0, 1, 2} {
		if got, want := dst.RawMatrix().Data[i], 1/(1+math.Exp(-v)); got != want {
			t.Errorf("sigmoid(%v) = %v, want %v", v, got, want)
		}
	}
}
