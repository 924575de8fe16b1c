package front

import (
	"strings"
	"testing"
)

// TestUnwrapperLowering: with a session type that has an Unwrap method,
// errors.Is, As and Unwrap get the helpers that call it through a type
// switch of the cell; without one they keep their forms.
func TestUnwrapperLowering(t *testing.T) {
	out := lowerCells(t,
		"import (\"errors\"; \"fmt\")\nvar base = errors.New(\"base\")\nvar e error = base\nvar ok = errors.Is(e, base)\nvar _ = fmt.Sprint()",
		"type W struct{ err error }\nfunc (w *W) Error() string { return \"w\" }\nfunc (w *W) Unwrap() error { return w.err }\ntype M []error\nfunc (m M) Error() string { return \"m\" }\nfunc (m M) Unwrap() []error { return m }",
		"var nf *W\nfmt.Println(errors.Is(e, base), errors.As(e, &nf), errors.Unwrap(e))")
	if strings.Contains(out[0], "Unwrap") {
		t.Errorf("no Unwrap method in the session, lowered:\n%s", out[0])
	}
	for _, want := range []string{
		"var Pcands_1 = []interface{}{\"main.M\"",
		"P.ErrorsIsInUnwrap(e, base, Pcands_1, func(PE any)",
		"P.ErrorsAsUnwrap(e, &nf, func(PE any)",
		"P.ErrorsUnwrap(e, func(PE any)",
		"case M:\n\t\treturn nil, PU.Unwrap(), true\n\tcase *M:\n\t\treturn nil, PU.Unwrap(), true\n\tcase *W:\n\t\treturn PU.Unwrap(), nil, true\n",
	} {
		if !strings.Contains(out[2], want) {
			t.Errorf("lowered cell lacks %q:\n%s", want, out[2])
		}
	}
}
