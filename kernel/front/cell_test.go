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

// TestSplitProgram: the declarations and the rest of a cell keep the
// cell's positions; imports are in both; main is found.
func TestSplitProgram(t *testing.T) {
	code := "import \"strings\"\n\ntype T struct{ A int }\n\nfunc main() {\n\tfmt.Println(strings.ToUpper(\"x\"))\n}\nx := 1\nmain()"
	p, ok := SplitProgram(code)
	if !ok || !p.Main || !p.Statements {
		t.Fatalf("SplitProgram = %+v, %v", p, ok)
	}
	if len(p.Decls) != len(code) || len(p.Rest) != len(code) || strings.Count(p.Decls, "\n") != strings.Count(code, "\n") {
		t.Fatalf("the parts do not keep the cell's positions: %q, %q", p.Decls, p.Rest)
	}
	for _, c := range []struct {
		part, text string
		in         bool
	}{
		{p.Decls, "import \"strings\"", true}, {p.Decls, "type T struct", true}, {p.Decls, "func main() {", true},
		{p.Decls, "x := 1", false}, {p.Decls, "main()\n", false},
		{p.Rest, "import \"strings\"", true}, {p.Rest, "x := 1", true}, {p.Rest, "type T", false}, {p.Rest, "func main", false},
	} {
		if strings.Contains(c.part, c.text) != c.in {
			t.Errorf("%q in %q: %v, want %v", c.text, c.part, !c.in, c.in)
		}
	}
	if !strings.HasSuffix(p.Rest, "main()") {
		t.Errorf("the rest does not end with the call: %q", p.Rest)
	}
	if p, ok := SplitProgram("func f() int { return 1 }"); !ok || p.Main || p.Statements {
		t.Errorf("declarations only: %+v, %v", p, ok)
	}
	if _, ok := SplitProgram("import \"os\"\nx := os.Args"); ok {
		t.Error("a cell that declares only imports split")
	}
	if p, _ := SplitProgram("func (s S) main() {}\nfunc mainly() {}"); p.Main {
		t.Error("a method main or a function mainly counts as main")
	}
}

// TestUnexportedFields finds the struct types that lose fields compiled.
func TestUnexportedFields(t *testing.T) {
	for code, want := range map[string]bool{
		"type T struct{ A, B int }":                            false,
		"type T struct{ A int; b int }":                        true,
		"type T struct{ *base }":                               true,
		"type T struct{ fmt.Stringer; X int }":                 false,
		"type T struct{ _ int; X int }":                        false,
		"func f() { type in struct{ x int } }":                 false,
		"type T int\nfunc (T) String() string { return \"\" }": false,
	} {
		p, ok := SplitProgram(code)
		if !ok {
			t.Fatalf("%q does not split", code)
		}
		if got := p.UnexportedFields(); got != want {
			t.Errorf("%q: UnexportedFields = %v, want %v", code, got, want)
		}
	}
}
