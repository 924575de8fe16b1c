package goexec

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

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
	if n := strings.Count(out, "go __goexecG()"); n != 3 {
		t.Errorf("%d goroutines in the rewrite, want 3:\n%s", n, out)
	}
}
