package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestPanicLineAndMessage: a panic of top-level code names the statement
// that failed, and a runtime error reads as Go's.
func TestPanicLineAndMessage(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ code, value, where string }{
		{"x := 1\ny := 0\nz := x / y\n_ = z", "runtime error: integer divide by zero", "cell line 3, column 1, in the cell"},
		{"xs := []int{1}\ni := 5\nxs[i]", "runtime error: index out of range", "cell line 3, column 1, in the cell"},
		{"var p *struct{ A int }\n\np.A", "runtime error: invalid memory address or nil pointer dereference", "cell line 3, column 1, in the cell"},
		{"var x any = 3\n_ = x.(string)", "interface conversion: interface {} is int, not string", "cell line 2, column 1, in the cell"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee == nil {
			continue
		}
		if !strings.HasPrefix(ee.Value, c.value) {
			t.Errorf("%q: value %q, want it to start with %q", c.code, ee.Value, c.value)
		}
		if len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], c.where) {
			t.Errorf("%q: traceback %q, want it to start with %q", c.code, ee.Traceback, c.where)
		}
	}
}
