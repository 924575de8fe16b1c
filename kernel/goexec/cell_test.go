package goexec

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
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

func TestParseCellKeepsPositions(t *testing.T) {
	fset := token.NewFileSet()
	code := "x := 1\ntype T int\n  y := T(x)\ny"
	chunks, err := parseCell(fset, code, func(ast.Node) {})
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 3 || chunks[0].block == nil || chunks[1].file == nil || chunks[2].final == nil {
		t.Fatalf("chunks = %+v, want statements, declarations, statements ending in an expression", chunks)
	}
	// y := T(x) is on the cell's line 3, column 3: line 4 of the chunk.
	p := fset.Position(chunks[2].block.List[0].Pos())
	if p.Line-1 != 3 || p.Column != 3 {
		t.Errorf("y := T(x) at chunk %d:%d, want cell 3:3", p.Line-1, p.Column)
	}
	if got := chunks[1].types; len(got) != 1 || got[0] != "T" {
		t.Errorf("types = %v, want [T]", got)
	}
	if got := chunks[2].vars; len(got) != 1 || got[0] != "y" {
		t.Errorf("vars = %v, want [y]", got)
	}
}

func TestGoRewrite(t *testing.T) {
	fset := token.NewFileSet()
	code := "go f(x, 1, nil, g())\ngo close(ch)\ngo obj.Method(a...)"
	r := newGoRewriter(fset, 7, nil)
	chunks, err := parseCell(fset, code, r.apply)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, chunks[0].block); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		// Function value and non-constant arguments evaluated first.
		"__goexecF, __goexecA0, __goexecA3 := f, x, g()",
		"__goexecF(__goexecA0, 1, nil, __goexecA3)",
		// Builtins are called directly.
		"close(__goexecA0)",
		// A method value binds its receiver at the go statement; ... kept.
		"__goexecF, __goexecA0 := obj.Method, a",
		"__goexecF(__goexecA0...)",
		// Each goroutine reports a panic with its cell and position.
		`__goexec.GoPanic(__goexecR, "7:1:1")`,
		`__goexec.GoPanic(__goexecR, "7:3:1")`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("rewritten code lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "go func()"); n != 3 {
		t.Errorf("%d goroutines in the rewrite, want 3:\n%s", n, out)
	}
}
