package goexec

import "testing"

// TestStillWrongMeasured runs the silent wrong values that
// docs/goexec.md still lists ("Still wrong" and the -0.0 arguments) and
// asserts the kernel's answer is exactly what the docs say, with go
// run's answer beside it. When a change fixes one, this test fails:
// move the case to a test of Go's answer and update the docs.
func TestStillWrongMeasured(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"")
	for _, c := range []struct{ what, code, kernel, gorun string }{
		{"fmt.Sprintf as a function value taken before the session declares a type (next case)",
			"sp := fmt.Sprintf", "", ""},
		{"fmt.Sprintf through a function value taken before the session declared types",
			"type Hs struct{ x int }\nfmt.Println(sp(\"%T\", Hs{1}))",
			"struct { Xx int }\n", "main.Hs\n"},
	} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.kernel {
			t.Errorf("%s: printed %q; docs/goexec.md says %q (go run: %q): update them", c.what, got, c.kernel, c.gorun)
		}
	}
}
