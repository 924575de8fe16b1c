package goexec

import "testing"

// TestYaegiRuntimeFailuresLowered: forms that yaegi v0.16.1 ran into a
// panic of its own, found running the held-out programs with every cell
// interpreted, give go run's output (the want lines are go run's): a shift
// of an untyped constant whose type comes from its context
// (bits[1]&(1<<(p%64)) of a []uint64: "reflect: call of
// reflect.Value.Uint on int Value"; shiftOperands), a range over a
// pointer to an array ("index out of range [-1]" at a cell's top level,
// "reflect: call of reflect.Value.Int on array Value" in a method of a
// pointer to an array type; rangeArrayPointers), and a range over a list
// of channels with a value variable ("reflect: call of reflect.Value.Len
// on int Value"; rangeChannelLists), of a variable and of a literal.
func TestYaegiRuntimeFailuresLowered(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Matrix [2][2]int

func (m *Matrix) Scale(f int) {
	for i := range m {
		for j := range m[i] {
			m[i][j] *= f
		}
	}
}

func mkc(v int) <-chan int {
	ch := make(chan int, 1)
	ch <- v
	close(ch)
	return ch
}`)
	_, rec := run(t, e, `bits := make([]uint64, 2)
var p uint32 = 70
bits[p/64] |= 1 << (p % 64)
fmt.Println(bits, bits[1]&(1<<(p%64)) == 0, bits[0]&(1<<(p%64)) == 0)
var sh uint8 = 9
fmt.Println(uint16(1)<<sh, int8(1)<<(sh-3))

arr := &[3]int{1, 2, 3}
for i := range arr {
	arr[i] *= 10
}
for i, v := range arr {
	fmt.Print(i, ":", v, " ")
}
n := 0
for range arr {
	n++
}
fmt.Println(n)
m := Matrix{{1, 2}, {3, 4}}
m.Scale(3)
fmt.Println(m)

cs := []<-chan int{mkc(1), mkc(2)}
for _, c := range cs {
	for r := range c {
		fmt.Print(r, " ")
	}
}
var c0 <-chan int
for i, c := range []<-chan int{mkc(3)} {
	c0 = c
	fmt.Print(i, len(c), " ")
}
fmt.Println(<-c0)`)
	want := "[0 64] false true\n512 64\n0:10 1:20 2:30 3\n[[3 6] [9 12]]\n1 2 0 1 3\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestConstantsWrittenOut: constants that yaegi failed to compute, given
// with the values Go computes (the want lines are go run's): blocks of
// iota it called a "constant definition loop" (_ = iota, then KB ByteSize
// = 1 << (10 * iota); a, b = iota, iota * 10 then c, d), and calls of
// real, imag and complex whose value is a constant (imag(2+5i) did not
// compile: "reflect: call of reflect.Value.Complex on interface Value").
// Each constant is written with its value (constDecls), and each such
// call replaced by its value (constants); the rest of the constants of
// every kind and type keep Go's values and types.
func TestConstantsWrittenOut(t *testing.T) {
	e := newExec(t)
	run(t, e, `import (
	"math"
	"time"
)

type ByteSize float64

const (
	_           = iota
	KB ByteSize = 1 << (10 * iota)
	MB
)

type Level int

const (
	Low Level = iota + 1
	Mid
	High
)

const (
	big    = 1 << 100
	small  = big >> 98
	third  = 1.0 / 3
	pi2    = math.Pi * 2
	r      = 'x'
	s      = "héllo"
	ok     = len(s) > 3
	wait   = 150 * time.Millisecond
	maxU   = math.MaxUint64
	mixed  = 'a' + 1
	neg    = -7 / 2
	cplx   = 2i * 3
	shiftF = 1 << 3.0
)`)
	_, rec := run(t, e, `const (
	a, b = iota, iota * 10
	c, d
)
fmt.Println(KB, MB, a, b, c, d)
fmt.Println(Low, Mid, High, small, third, pi2, r, s, ok, wait, uint64(maxU), mixed, neg, cplx, shiftF)
fmt.Printf("%T %T %T %T %T %T\n", r, mixed, third, wait, Mid, KB)
z := 3 + 4i
fmt.Println(z, real(z), imag(2+5i), complex(1, 2), third*3 == 1, float32(third))`)
	want := "1024 1.048576e+06 0 0 1 10\n" +
		"1 2 3 4 0.3333333333333333 6.283185307179586 120 héllo true 150ms 18446744073709551615 98 -3 (0+6i) 8\n" +
		"int32 int32 float64 time.Duration main.Level main.ByteSize\n" +
		"(3+4i) 3 5 (1+2i) true 0.33333334\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestNamesOfEarlierVariables: yaegi orders a cell's variables by every
// name in their declarations, so a field, key, parameter or local variable
// named like a variable of an earlier cell made the declaration wait for
// that variable for ever: "variable definition loop", reported as a
// RuntimeError, for code that Go runs. Such a declaration is split (var f
// T; f = …) and its type written as an alias (front/varnames.go). The
// expected lines are go run's.
func TestNamesOfEarlierVariables(t *testing.T) {
	e := newExec(t)
	run(t, e, "q := 5")
	_, rec := run(t, e, "type Config struct{ q, r int }\n\nvar s struct{ q int }\n"+
		"var f = func(x int) int { q := x; return q * 2 }\nvar p = Config{q: 1}\nvar g func(q int) int = f\n"+
		"var anon = struct {\n\tA int\n\tq string\n}{1, \"x\"}\n\n"+
		"fmt.Printf(\"%+v %d %+v %d %+v %T\\n\", s, f(3), p, g(4), anon, anon)")
	if want := "{q:0} 6 {q:1 r:0} 8 {A:1 q:x} struct { A int; q string }\n"; rec.stream("stdout") != want {
		t.Errorf("printed %q, go run %q", rec.stream("stdout"), want)
	}
	_, rec = run(t, e, "fmt.Println(1)\nvar h = func(x int) int { q := x; return q * 3 }\nfmt.Println(h(3), q)")
	if want := "1\n9 5\n"; rec.stream("stdout") != want {
		t.Errorf("a declaration between statements: printed %q, go run %q", rec.stream("stdout"), want)
	}
}
