package goexec

import "testing"

// TestCommaOKNamedBool: a comma-ok assignment to an element whose index
// calls, with an ok of a named boolean type, zeroes the element on a miss
// (the front end left it, and yaegi kept the old value: [7 7 7] false).
// go run's output of the same function.
func TestCommaOKNamedBool(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `import "fmt"

type B bool

var m = map[int]int{1: 10}
var a = []int{7, 7, 7}
var ok B

func g() int { return 1 }
func h() int { return 5 }
func f() {
	a[g()], ok = m[5]
	fmt.Println(a, ok)
	a[2], ok = m[h()]
	fmt.Println(a, ok)
	ch := make(chan int)
	close(ch)
	a[g()+1], ok = <-ch
	fmt.Println(a, ok)
	var x any = "s"
	a[0], ok = x.(int)
	fmt.Println(a, ok)
	a[g()], ok = m[1]
	fmt.Println(a, ok)
}

f()`)
	want := "[7 0 7] false\n[7 0 0] false\n[7 0 0] false\n[0 0 0] false\n[0 10 0] true\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
}

// TestCommaOKAssertionZeroes: a comma-ok type assertion that fails gives
// the zero value (yaegi kept the variable's last value: "7 false", and in
// a loop the last iteration's, "1 false"); lowerCommaOK zeroes it as for
// a map read. go run's output.
func TestCommaOKAssertionZeroes(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, "import \"fmt\"\nfunc f() {\n\tv, ok := 7, true\n\tvar x any = \"s\"\n\tv, ok = x.(int)\n\tfmt.Println(v, ok)\n\ta := []int{7}\n\ta[0], ok = x.(int)\n\tfmt.Println(a, ok)\n\tch := make(chan int, 1)\n\tclose(ch)\n\tv = 7\n\tv, ok = <-ch\n\tfmt.Println(v, ok)\n\tfor _, y := range []any{1, \"s\"} {\n\t\tw, ok := y.(int)\n\t\tfmt.Println(w, ok)\n\t}\n}\nf()")
	want := "0 false\n[0] false\n0 false\n1 true\n0 false\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
}
