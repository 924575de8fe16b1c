package goexec

import "testing"

// TestStillWrongMeasured runs the silent wrong values that
// docs/goexec.md still lists ("Still wrong") and asserts the kernel's
// answer is exactly what the docs say, with go run's answer beside it.
// When a change fixes one, this test fails: move the case to a test of
// Go's answer and update the docs.
func TestStillWrongMeasured(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pa struct{ A, B int }\n\ntype Hv struct{ x int }\n\ntype Sl []int")
	for _, c := range []struct{ what, code, kernel, gorun string }{} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.kernel {
			t.Errorf("%s: printed %q; docs/goexec.md says %q (go run: %q): update them", c.what, got, c.kernel, c.gorun)
		}
	}
}
