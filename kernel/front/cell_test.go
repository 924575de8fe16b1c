package front

import (
	"strings"
	"testing"
)

func TestSplitItems(t *testing.T) {
	for _, c := range []struct {
		code string
		want string // D for a declaration, S for a statement, per item
	}{
		{"x := 1", "S"},
		{"import \"fmt\"\nfmt.Println(1)", "DS"},
		{"type T struct{ X int }; T{3}", "DS"},
		{"func f() {}\nf()", "DS"},
		{"func (t T) M() int {\n\treturn 1\n}", "D"},
		{"func() { fmt.Println(1) }()", "S"},
		{"func(x int) int { return x }(3)", "S"},
		{"var (\n\ta = 1\n\tb = 2\n)\nconst c = 3\na + b + c", "DDS"},
		{"for i := 0; i < 3; i++ {\n\tx += i\n}\nx", "SS"},
		{"// only a comment", ""},
		{"", ""},
	} {
		items, err := splitItems(c.code)
		if err != nil {
			t.Errorf("%q: %v", c.code, err)
			continue
		}
		var got strings.Builder
		for _, it := range items {
			if it.decl {
				got.WriteByte('D')
			} else {
				got.WriteByte('S')
			}
		}
		if got.String() != c.want {
			t.Errorf("%q: items %q, want %q", c.code, got.String(), c.want)
		}
	}
}
