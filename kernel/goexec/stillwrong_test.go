package goexec

import "testing"

// TestStillWrongMeasured runs the silent wrong values that
// docs/goexec.md still lists ("Still wrong" and the -0.0 arguments) and
// asserts the kernel's answer is exactly what the docs say, with go
// run's answer beside it. When a change fixes one, this test fails:
// move the case to a test of Go's answer and update the docs.
func TestStillWrongMeasured(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n\t\"math\"\n)")
	for _, c := range []struct{ what, code, kernel, gorun string }{
		{"a type declared inside a function, through an interface",
			"func local() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Printf(\"%v %+v %T\\n\", local(), local(), local())",
			"{1} {Xa:1} struct { Xa int }\n", "{1} {a:1} main.L\n"},
		{"a -0.0 argument to a generic instance over a type the cell cannot name",
			"type pair[T any] struct{ a T }\nfunc sgn[T any](x float64, _ T) float64 { return math.Copysign(1, x) }\n" +
				"func mk() pair[struct{ q int }] { return pair[struct{ q int }]{} }\nfmt.Println(sgn(math.Copysign(0, -1), mk()))",
			"1\n", "-1\n"},
		{"an Unwrap method with a value receiver of a struct held by error",
			"type V struct{ err error }\nfunc (v V) Error() string { return \"v\" }\nfunc (v V) Unwrap() error { return v.err }\n" +
				"fmt.Println(errors.Unwrap(V{errors.New(\"base\")}))",
			"<nil>\n", "base\n"},
	} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.kernel {
			t.Errorf("%s: printed %q; docs/goexec.md says %q (go run: %q): update them", c.what, got, c.kernel, c.gorun)
		}
	}
}
