package goexec

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// TestCheckedCells runs sequences of cells in one session each: a cell
// either gives its result or fails with an error containing err.
func TestCheckedCells(t *testing.T) {
	type cell struct{ code, want, err string }
	for _, tc := range []struct {
		name  string
		cells []cell
	}{
		{"a failed cell declares nothing", []cell{
			{"a := zz + 1", "", "undefined: zz"},
			{"b := len(qq)", "", "undefined: qq"},
			{"var d = ww + 1", "", "undefined: ww"},
			{"x9 := f7(3)", "", "undefined: f7"},
			{"a", "", "undefined: a"},
			{"b", "", "undefined: b"},
			{"d", "", "undefined: d"},
			{"x9", "", "undefined: x9"},
		}},
		{"an import of a failed cell can be made again", []cell{
			{"import \"reflect\"\n\nvar q int = \"x\"", "", "cannot use \"x\""},
			{"import \"reflect\"\n\nfunc h() string { return reflect.TypeOf(1).String() }", "", ""},
			{"h()", `"int"`, ""},
		}},
		{"a redeclaration reads the old value", []cell{
			{"r := 3", "", ""},
			{"y := r\nr := r + 1\ny", "3", ""},
			{"r", "4", ""},
			{"s, r := r, 5.5\ns", "4", ""},
			{"r", "5.5", ""},
			{"xs := []int{1}", "", ""},
			{"xs := append(xs, 2)\nxs := append(xs, 3)", "", "cell line 2, column 4: no new variables on left side of :="},
			{"xs := append(xs, 2)\nlen(xs)", "2", ""},
			{"n := 1\nfor i := 0; i < 3; i++ {\n\tn *= 2\n}", "", ""},
			{"m := n\nn := n + 1\nm + n", "17", ""},
		}},
		{"errors are Go's, at the cell's line and column", []cell{
			{"x := 1\ny := \"a\"\nz := x + y", "", "cell line 3, column 6: invalid operation: x + y (mismatched types int and string)"},
			{"func f() int {\n\treturn\n}", "", "cell line 2, column 2: not enough return values"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newExec(t)
			for _, c := range tc.cells {
				rec := &recorder{}
				res, err := e.Execute(context.Background(), c.code, rec)
				if c.err != "" {
					if err == nil {
						t.Errorf("%q: no error, want one containing %q", c.code, c.err)
					} else if text := errText(err); !strings.Contains(text, c.err) {
						t.Errorf("%q: error %s\nwant one containing %q", c.code, text, c.err)
					}
					continue
				}
				if err != nil {
					t.Errorf("%q: %s", c.code, errText(err))
					continue
				}
				if got := resultText(res); got != c.want {
					t.Errorf("%q = %q, want %q", c.code, got, c.want)
				}
			}
		})
	}
}

// errText is an error with its traceback, one line each.
func errText(err error) string {
	var ee *kernel.ExecError
	if errors.As(err, &ee) {
		return ee.Name + ": " + ee.Value + "\n" + strings.Join(ee.Traceback, "\n")
	}
	return err.Error()
}

// TestDeclaredMainRunsWhenCalled: yaegi runs a declared main after every
// execution; the kernel renames it (front.RenameMain), so it runs only
// when called, as in Go, and its panics name main.
func TestDeclaredMainRunsWhenCalled(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, "func main() { fmt.Println(\"main ran\") }")
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("declaring main printed %q", out)
	}
	if got, rec := run(t, e, "1 + 1"); got != "2" || rec.stream("stdout") != "" {
		t.Errorf("1 + 1 = %q, printing %q; want 2 and nothing", got, rec.stream("stdout"))
	}
	if _, rec := run(t, e, "main()"); rec.stream("stdout") != "main ran\n" {
		t.Errorf("main() printed %q", rec.stream("stdout"))
	}
	run(t, e, "func main() {\n\tpanic(\"boom\")\n}")
	ee, _ := fail(t, e, context.Background(), "main()")
	if text := errText(ee); !strings.Contains(text, "in main") || strings.Contains(text, "rbmkernel") {
		t.Errorf("panic in main: %s", text)
	}
}
