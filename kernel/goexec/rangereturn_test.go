package goexec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRangeOverFuncReturns: a return of the enclosing function inside the
// body of a range over a function (a first match, a named result set
// before a bare return, a function without results, a return from a
// switch, and from a range over a function nested in another), with the
// iterator's deferred cleanup running when the loop ends early: the
// corpus's testdata/rangereturn.go as cells, against its Output comment
// (go run's); before, the kernel refused such a return.
func TestRangeOverFuncReturns(t *testing.T) {
	runProgramCells(t, "rangereturn.go")
}

// runProgramCells runs the corpus's testdata program name (in
// kernel/corpus/testdata) as two cells, its declarations and then the body
// of its main, and compares what they print with the program's Output
// comment, which is go run's.
func runProgramCells(t *testing.T, name string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "corpus", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	decls, rest, ok := strings.Cut(string(src), "\nfunc main() {\n")
	body, output, ok2 := strings.Cut(rest, "\n}\n\n// Output:\n")
	if !ok || !ok2 {
		t.Fatalf("%s: no main followed by an Output comment", name)
	}
	_, decls, _ = strings.Cut(decls, "package main\n")
	var want strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(output, "\n"), "\n") {
		want.WriteString(strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ") + "\n")
	}
	var lines []string
	for _, line := range strings.Split(body, "\n") {
		lines = append(lines, strings.TrimPrefix(line, "\t"))
	}
	e := newExec(t)
	run(t, e, decls)
	_, rec := run(t, e, strings.Join(lines, "\n"))
	if got := rec.stream("stdout"); got != want.String() {
		t.Errorf("%s printed\n%s\ngo run\n%s", name, got, want.String())
	}
}

// TestRangeOverFuncReturnInClosure: the return is a function literal's,
// with an untyped nil among its results (a cell's top-level function
// value), as go run prints it.
func TestRangeOverFuncReturnInClosure(t *testing.T) {
	e := newExec(t)
	run(t, e, `func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("  cleanup", n)
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}`)
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
