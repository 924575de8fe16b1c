package goexec

import "testing"

// TestBoundsOperandsOnce checks index and slice expressions whose operand
// is neither simple nor a call's result, against go run's output for the
// same program: (*p())[i], an element's field of a call's result
// (s.f()[0].xs[k]), a string field, a pointer-to-array field. Out of
// range, the message and the position are Go's (yaegi gave "index out of
// range" with reflect's message); in range, assignments and addresses
// reach the original elements, as in Go.
func TestBoundsOperandsOnce(t *testing.T) {
	e := newExec(t)
	run(t, e, `import "fmt"
var arr3 = [3]int{1, 2, 3}
func pa() *[3]int { fmt.Println("pa"); return &arr3 }
type In struct {
	xs   []int
	name string
	a    *[2]int
	arr  [2]int
}
type S struct{ in []In }
func (s S) f() []In { fmt.Println("f"); return s.in }
var sv = S{in: []In{{xs: []int{1, 2}, name: "ab", a: &[2]int{4, 5}}}}
func g() int { fmt.Println("g"); return 1 }`)
	checkPanics(t, e, []panicCase{
		{"k := 5\n_ = (*pa())[k]", "pa\n", "index out of range [5] with length 3", "cell line 2, column 5, in the cell", "    _ = (*pa())[k]"},
		{"k := 5\n_ = sv.f()[0].xs[k]", "f\n", "index out of range [5] with length 2", "cell line 2, column 5, in the cell", "    _ = sv.f()[0].xs[k]"},
		{"k := 9\n_ = sv.f()[0].name[k]", "f\n", "index out of range [9] with length 2", "cell line 2, column 5, in the cell", "    _ = sv.f()[0].name[k]"},
		{"j := 5\n_ = (*pa())[1:j]", "pa\n", "slice bounds out of range [:5] with length 3", "cell line 2, column 5, in the cell", "    _ = (*pa())[1:j]"},
		{"j := 5\n_ = sv.f()[0].xs[1:j]", "f\n", "slice bounds out of range [:5] with capacity 2", "cell line 2, column 5, in the cell", "    _ = sv.f()[0].xs[1:j]"},
		{"k := 3\n_ = sv.f()[0].a[k]", "f\n", "index out of range [3] with length 2", "cell line 2, column 5, in the cell", "    _ = sv.f()[0].a[k]"},
		// An array value: its call's result is declared before the
		// statement, as a call's result indexed.
		{"k := 3\n_ = sv.f()[0].arr[k]", "f\n", "index out of range [3] with length 2", "cell line 2, column 5, in the cell", "    _ = sv.f()[0].arr[k]"},
		// After another call of the statement: no statement can come
		// first, the operand is passed to a function literal once.
		{"k := 5\n_ = g() + sv.f()[0].xs[k]", "g\nf\n", "index out of range [5] with length 2", "cell line 2, column 11, in the cell", "    _ = g() + sv.f()[0].xs[k]"},
		{"k := 4\n_ = g() + (*pa())[k]", "g\npa\n", "index out of range [4] with length 3", "cell line 2, column 11, in the cell", "    _ = g() + (*pa())[k]"},
		{"j := 4\n_ = g() + len(sv.f()[0].name[1:j])", "g\nf\n", "slice bounds out of range [:4] with length 2", "cell line 2, column 15, in the cell", "    _ = g() + len(sv.f()[0].name[1:j])"},
	})
	checkOutputs(t, e, []outputCase{
		{"(*pa())[1] = 7\nfmt.Println(arr3)", "pa\n[1 7 3]\n"},
		{"sv.f()[0].xs[1] = 9\nfmt.Println(sv.in[0].xs)", "f\n[1 9]\n"},
		{"q := &sv.f()[0].xs[0]\n*q = 6\nfmt.Println(sv.in[0].xs)", "f\n[6 9]\n"},
		{"fmt.Println((*pa())[0:2], sv.f()[0].name[1:])", "pa\nf\n[1 7] b\n"},
		{"_ = g() + sv.f()[0].xs[0]\ng()\nsv.f()[0].xs[0] = g() + 4\nfmt.Println(sv.in[0].xs)", "g\nf\ng\nf\ng\n[5 9]\n"},
	})
}
