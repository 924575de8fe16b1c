package goexec

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// TestNestedMultiValueDefine runs, at a cell's top level, compound
// statements whose body declares several variables from one call or
// comma-ok expression: yaegi v0.16.1 rejects them ("undefined: idx")
// unless the executor wraps the statement in a function literal.
func TestNestedMultiValueDefine(t *testing.T) {
	for _, c := range []struct{ name, code, want string }{
		{"for", `for i := 0; i < 2; i++ { idx, err := strconv.Atoi("5"); fmt.Println(idx, err) }`, "5 <nil>\n5 <nil>\n"},
		{"if", `if true { idx, err := strconv.Atoi("6"); fmt.Println(idx, err) }`, "6 <nil>\n"},
		{"else", "if false {\n} else {\n\tidx, err := strconv.Atoi(\"7\")\n\tfmt.Println(idx, err)\n}", "7 <nil>\n"},
		{"block", `{ idx, err := strconv.Atoi("8"); fmt.Println(idx, err) }`, "8 <nil>\n"},
		{"range", `for _, s := range []string{"1", "x"} { v, err := strconv.Atoi(s); fmt.Println(v, err != nil) }`, "1 false\n0 true\n"},
		// Missing key first: yaegi (in any function) leaves v as it was
		// in the last iteration for a missing key; see docs/goexec.md.
		{"comma-ok", `m := map[string]int{"a": 1}; for _, k := range []string{"b", "a"} { v, ok := m[k]; fmt.Println(v, ok) }`, "0 false\n1 true\n"},
		{"switch", `switch n := 2; n { case 2: q, r := divmod(7, n); fmt.Println(q, r) }`, "3 1\n"},
		{"type switch", `var x any = "9"; switch s := x.(type) { case string: v, err := strconv.Atoi(s); fmt.Println(v, err) }`, "9 <nil>\n"},
		{"select", `ch := make(chan int, 1); ch <- 4; select { case v, ok := <-ch: w, err := strconv.Atoi("1"); fmt.Println(v, ok, w, err) }`, "4 true 1 <nil>\n"},
		{"labeled", "outer:\nfor i := 0; i < 3; i++ {\n\tfor {\n\t\tv, err := strconv.Atoi(\"1\")\n\t\tif i == 1 {\n\t\t\tbreak outer\n\t\t}\n\t\tfmt.Println(i, v, err)\n\t\tcontinue outer\n\t}\n}", "0 1 <nil>\n"},
		// A closure in the loop body, and a loop in a closure (which always
		// worked: it is a function body).
		{"closure in loop", `for i := 0; i < 1; i++ { f := func() (int, error) { a, b := strconv.Atoi("3"); return a, b }; v, err := f(); fmt.Println(v, err) }`, "3 <nil>\n"},
		{"loop in closure", `func() { for i := 0; i < 1; i++ { v, err := strconv.Atoi("2"); fmt.Println(v, err) } }()`, "2 <nil>\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newExec(t)
			run(t, e, "func divmod(a, b int) (int, int) { return a / b, a % b }")
			_, rec := run(t, e, c.code)
			if got := rec.stream("stdout"); got != c.want {
				t.Errorf("stdout = %q, want %q", got, c.want)
			}
		})
	}
}

// TestWrappedStatementUsesGlobals checks that a wrapped statement reads and
// writes the session's globals, declared in earlier cells or earlier in the
// same cell, and that the next cell sees what it wrote.
func TestWrappedStatementUsesGlobals(t *testing.T) {
	e := newExec(t)
	run(t, e, "total := 0")
	code := "n := 0\nfor _, s := range []string{\"1\", \"2\", \"x\", \"4\"} {\n\tv, err := strconv.Atoi(s)\n\tif err != nil {\n\t\tcontinue\n\t}\n\ttotal += v\n\tn++\n}\ntotal*10 + n"
	if got, _ := run(t, e, code); got != "73" {
		t.Errorf("result = %q, want 73 (total 7, n 3)", got)
	}
	if got, _ := run(t, e, "total"); got != "7" {
		t.Errorf("total in the next cell = %q, want 7", got)
	}
}

// TestWrappedStatementErrorPositions checks that compile errors and panics
// inside a wrapped statement name the cell's own line and column, and that
// the wrapper adds no frame to a panic's traceback.
func TestWrappedStatementErrorPositions(t *testing.T) {
	e := newExec(t)
	ee, _ := fail(t, e, context.Background(), "x := 1\nfor i := 0; i < 2; i++ {\n\tv, err := strconv.Atoi(\"1\")\n\tx = v + undefinedY\n\t_ = err\n}")
	if ee.Name != "CompileError" || !strings.Contains(ee.Value, "undefined: undefinedY") {
		t.Errorf("error = %s: %s, want a CompileError for undefinedY", ee.Name, ee.Value)
	}
	if len(ee.Traceback) < 3 || !strings.HasPrefix(ee.Traceback[0], "cell line 4, column 10:") ||
		ee.Traceback[1] != "     x = v + undefinedY" || ee.Traceback[2] != "             ^" {
		t.Errorf("Traceback = %q, want cell line 4, column 10 with its source line and caret", ee.Traceback)
	}

	ee, _ = fail(t, e, context.Background(), "y := 1\nif y > 0 {\n  v, ok := map[int]int{}[y]\n  _, _ = v, ok\n  panic(\"boom\")\n}")
	if ee.Name != "panic" || ee.Value != "boom" {
		t.Errorf("error = %s: %s, want panic: boom", ee.Name, ee.Value)
	}
	// yaegi positions a frame at the statement it runs; the cell's frame
	// starts at line 2 or later, and there is exactly one of it.
	if len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line ") ||
		strings.HasPrefix(ee.Traceback[0], "cell line 1,") || !strings.Contains(ee.Traceback[0], "in the cell: panic: boom") {
		t.Errorf("Traceback = %q, want it to start in the cell's if statement", ee.Traceback)
	}
	if n := strings.Count(strings.Join(ee.Traceback, "\n"), "in the cell"); n != 1 {
		t.Errorf("Traceback = %q: %d frames of the cell, want 1", ee.Traceback, n)
	}

	// A closure inside a wrapped statement is "func", called from the cell.
	ee, _ = fail(t, e, context.Background(), "for i := 0; i < 2; i++ {\n  if i == 1 { func() { panic(\"inner\") }() }\n}")
	if len(ee.Traceback) < 4 || !strings.HasPrefix(ee.Traceback[0], "cell line 2, column 24, in func: panic: inner") ||
		!strings.HasSuffix(ee.Traceback[3], "in the cell") || len(ee.Traceback) != 4 {
		t.Errorf("Traceback = %q, want the closure at cell line 2, column 24, then one frame of the cell", ee.Traceback)
	}

	// A panic in a goroutine started in a wrapped statement names its go
	// statement.
	ee, _ = fail(t, e, context.Background(), "for i := 0; i < 1; i++ {\n\tv, err := strconv.Atoi(\"1\")\n\t_, _ = v, err\n\tgo func() { panic(\"in goroutine\") }()\n}\nselect {}")
	if ee.Name != "panic" || ee.Value != "in goroutine" ||
		len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 4, column 2: panic in a goroutine") {
		t.Errorf("goroutine panic = %s: %s %q, want it at cell line 4, column 2", ee.Name, ee.Value, ee.Traceback)
	}
	if got, _ := run(t, e, "1 + 1"); got != "2" {
		t.Errorf("after the errors: 1 + 1 = %q", got)
	}
}

// TestInterruptWrappedLoop interrupts an endless loop that the executor
// wrapped (its body declares two variables from a call); the globals it
// set stay.
func TestInterruptWrappedLoop(t *testing.T) {
	e, c := newCancellableExec(t)
	ee, _ := fail(t, e, c.arm(), "import \"example.com/ctl\"\nn := 0\nfor {\n\tv, err := strconv.Atoi(\"1\")\n\tif err == nil {\n\t\tn += v\n\t}\n\tctl.Running()\n}")
	if ee.Name != "Interrupted" {
		t.Errorf("Name = %q, want Interrupted", ee.Name)
	}
	if got, _ := run(t, e, "n > 0"); got != "true" {
		t.Errorf("n > 0 = %q, want true (n was set before the interrupt)", got)
	}
}

// TestWrappedDefer shows where a defer in a top-level compound statement
// runs: when that statement ends, as in a function body (it is one). That
// is Go's order only when the statement ends the cell; before other
// statements it is refused (TestTopLevelDeferRefused; this test printed
// "deferred" before "after", where go run prints it last).
func TestWrappedDefer(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, "fmt.Println(\"before\")\nfor i := 0; i < 2; i++ {\n\tdefer fmt.Println(\"deferred\", i)\n}")
	if got, want := rec.stream("stdout"), "before\ndeferred 1\ndeferred 0\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	ee, _ := fail(t, e, context.Background(), "for i := 0; i < 2; i++ {\n\tdefer fmt.Println(\"deferred\")\n}\nfmt.Println(\"after\")")
	if ee == nil || ee.Name != "CompileError" {
		t.Errorf("a defer in a loop before other statements: %v, want a CompileError", ee)
	}
}

// TestTopLevelGoto checks that statements a goto crosses the bounds of
// stay unwrapped, so that the jumps still compile and run.
func TestTopLevelGoto(t *testing.T) {
	e := newExec(t)
	// The label and its goto are inside one statement: wrapped.
	if got, _ := run(t, e, "i := 0\nL: if i < 3 { i++; goto L }\ni"); got != "3" {
		t.Errorf("goto inside: i = %q, want 3", got)
	}
	// A goto from another statement to the labeled if, and a goto in an if
	// to a label outside it.
	code := "j := 0\nback: if j < 5 {\n\tj++\n}\nif j < 5 {\n\tgoto back\n}\nj"
	if got, _ := run(t, e, code); got != "5" {
		t.Errorf("goto across statements: j = %q, want 5", got)
	}
}

// TestTopLevelReturn checks that a return outside every function is a
// compile error at its position (wrapping would make it leave only its
// statement; yaegi itself fails with an internal error).
func TestTopLevelReturn(t *testing.T) {
	e := newExec(t)
	ee, _ := fail(t, e, context.Background(), "x := 1\nfor i := 0; i < 3; i++ {\n\tif i == x {\n\t\treturn\n\t}\n}")
	if ee.Name != "CompileError" || !strings.Contains(ee.Value, "return") ||
		len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 4, column 3:") {
		t.Errorf("error = %+v, want a CompileError about return at cell line 4, column 3", ee)
	}
	// A return in a function literal is fine.
	if got, _ := run(t, e, "for i := 0; i < 1; i++ { func() { return }() }\n5"); got != "5" {
		t.Errorf("return in a closure: %q, want 5", got)
	}
}

// TestWrapStatements checks which top-level statements wrapStatements puts
// in a function literal, and the ranges it returns.
func TestWrapStatements(t *testing.T) {
	fset := token.NewFileSet()
	code := "x := 1\nfor x < 3 {\n\tx++\n}\nif x > 0 { x-- }\nL: switch { default: x++ }\n{ x++ }\nM: x++\nN: if x < 9 { x++ }\ngoto N\nx"
	chunks, err := parseCell(fset, code, func(ast.Node) {})
	if err != nil {
		t.Fatal(err)
	}
	c := chunks[0]
	// The statements, less the position markers (markStatements).
	var list []ast.Stmt
	for _, s := range c.block.List {
		if es, ok := s.(*ast.ExprStmt); ok {
			if call, ok := es.X.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "At" {
					continue
				}
			}
		}
		list = append(list, s)
	}
	if len(list)*2 != len(c.block.List) {
		t.Errorf("%d statements, %d in all: want a position marker before each", len(list), len(c.block.List))
	}
	var kinds []string
	for _, s := range list {
		switch s := s.(type) {
		case *ast.ExprStmt:
			if call, ok := s.X.(*ast.CallExpr); ok {
				if _, ok := call.Fun.(*ast.FuncLit); ok {
					kinds = append(kinds, "wrapped")
					continue
				}
			}
			kinds = append(kinds, "expr")
		default:
			kinds = append(kinds, strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", s), "*ast."), "Stmt"))
		}
	}
	want := "Assign wrapped wrapped wrapped wrapped Labeled Labeled Branch"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("statements = %s, want %s", got, want)
	}
	wantSpans := []span{
		{cellPos{2, 1}, cellPos{4, 2}},
		{cellPos{5, 1}, cellPos{5, 17}},
		{cellPos{6, 1}, cellPos{6, 27}},
		{cellPos{7, 1}, cellPos{7, 8}},
	}
	if len(c.wrapped) != len(wantSpans) {
		t.Fatalf("spans = %v, want %v", c.wrapped, wantSpans)
	}
	for i, s := range wantSpans {
		if c.wrapped[i] != s {
			t.Errorf("span %d = %v, want %v", i, c.wrapped[i], s)
		}
	}
	// The wrapped statement keeps its nodes, hence its positions.
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, list[1]); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); !strings.HasPrefix(got, "func() {") || !strings.Contains(got, "for x < 3 {") || !strings.HasSuffix(got, "}()") {
		t.Errorf("wrapped for = %q", got)
	}
}

// BenchmarkLoopCell runs a cell whose loop the executor wraps in a
// function literal: 10,000 iterations updating a global.
func BenchmarkLoopCell(b *testing.B) {
	e := newExec(b)
	rec := &recorder{}
	ctx := context.Background()
	for b.Loop() {
		if _, err := e.Execute(ctx, "s := 0\nfor i := 0; i < 10000; i++ {\n\ts += i\n}\ns", rec); err != nil {
			b.Fatal(err)
		}
	}
}
