package goexec

import "testing"

// TestRangeOverFuncReturns: a return of the enclosing function inside the
// body of a range over a function (a first match, a named result set
// before a bare return, a function without results, a return from a
// switch, and from a range over a function nested in another), with the
// iterator's deferred cleanup running when the loop ends early. The want
// lines are go run's output of the same code as one program; before, the
// kernel refused such a return.
func TestRangeOverFuncReturns(t *testing.T) {
	e := newExec(t)
	run(t, e, rangeReturnDecls)
	_, rec := run(t, e, rangeReturnMain)
	want := `  cleanup 10
5 true
  cleanup 3
-1 false
  cleanup 10
6 too big at 3
  cleanup 3
3 <nil>
  cleanup 3
1c
v 0
v 1
leaving at 2
  cleanup 5
  cleanup 5
  cleanup 2
three no three
3
`
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// rangeReturnDecls and rangeReturnMain are the program's declarations
// and its main's body, as two cells.
const rangeReturnDecls = `import (
	"fmt"
	"maps"
	"slices"
)

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("  cleanup", n)
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func pairs(yield func(string, int) bool) {
	for i, s := range []string{"a", "b", "c"} {
		if !yield(s, i) {
			return
		}
	}
}

func firstOver(n, limit int) (int, bool) {
	for v := range count(n) {
		if v*v > limit {
			return v, true
		}
	}
	return -1, false
}

func named(n int) (sum int, err error) {
	for v := range count(n) {
		sum += v
		if sum > 5 {
			err = fmt.Errorf("too big at %d", v)
			return
		}
	}
	return sum, nil
}

func nested() string {
	for i := range count(3) {
		for k, v := range pairs {
			if i == 1 && v == 2 {
				return fmt.Sprint(i, k)
			}
		}
	}
	return "none"
}

func noResult(n int) {
	for v := range count(n) {
		if v == 2 {
			fmt.Println("leaving at", v)
			return
		}
		fmt.Println("v", v)
	}
	fmt.Println("not reached")
}

func inSwitch(n int) string {
	for v := range count(n) {
		switch {
		case v == 3:
			return "three"
		case v > 10:
			break
		}
	}
	return "no three"
}`

const rangeReturnMain = `fmt.Println(firstOver(10, 20))
fmt.Println(firstOver(3, 20))
fmt.Println(named(10))
fmt.Println(named(3))
fmt.Println(nested())
noResult(5)
fmt.Println(inSwitch(5), inSwitch(2))
total := 0
for _, v := range slices.Sorted(maps.Values(map[string]int{"x": 1, "y": 2})) {
	total += v
}
fmt.Println(total)`

// TestRangeOverFuncReturnInClosure: the return is a function literal's,
// with an untyped nil among its results (a cell's top-level function
// value), as go run prints it.
func TestRangeOverFuncReturnInClosure(t *testing.T) {
	e := newExec(t)
	run(t, e, rangeReturnDecls)
	_, rec := run(t, e, `f := func() (string, error) {
	for v := range count(5) {
		if v == 3 {
			return fmt.Sprint("closure ", v), nil
		}
	}
	return "", nil
}
fmt.Println(f())`)
	if got, want := rec.stream("stdout"), "  cleanup 5\nclosure 3 <nil>\n"; got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestParallelAssignUntypedNil: an assignment of several values with an
// untyped nil among them, in a function literal, a function and at the
// top level, to an error and to a slice (go run: x <nil>, x <nil>, y
// <nil>, x []); yaegi panicked with "reflect: New(nil)" in each.
func TestParallelAssignUntypedNil(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `g := func() (string, error) {
	var r1 string
	var r2 error
	r1, r2 = "x", nil
	return r1, r2
}
fmt.Println(g())
func g2() (string, error) {
	var r1 string
	var r2 error
	r1, r2 = "x", nil
	return r1, r2
}
fmt.Println(g2())
var a string
var b error
a, b = "y", nil
fmt.Println(a, b)
func g3() (string, []int) {
	var r1 string
	var r2 []int
	r1, r2 = "x", nil
	return r1, r2
}
fmt.Println(g3())`)
	if got, want := rec.stream("stdout"), "x <nil>\nx <nil>\ny <nil>\nx []\n"; got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}
