package goexec

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// Each iteration of a loop has its own variables (Go 1.22): closures and
// pointers made in an iteration keep that iteration's value. The wanted
// results are what go run prints for the same code (Go 1.26).
func TestLoopVariablesPerIteration(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ name, code, want string }{
		{"three-clause loop, closures", `var fs []func() int
for i := 0; i < 3; i++ {
	fs = append(fs, func() int { return i })
}
fmt.Sprint(fs[0](), fs[1](), fs[2]())`, `"0 1 2"`},
		{"range loop, closures", `var gs []func() string
for k, v := range []string{"a", "b"} {
	gs = append(gs, func() string { return fmt.Sprint(k, v) })
}
gs[0]() + gs[1]()`, `"0a1b"`},
		{"range over a map, pointers", `m := map[string]int{"x": 1}
var ps []*string
for k := range m {
	ps = append(ps, &k)
}
*ps[0]`, `"x"`},
		{"pointers to the variable", `var qs []*int
for i := 0; i < 3; i++ {
	qs = append(qs, &i)
}
fmt.Sprint(*qs[0], *qs[1], *qs[2])`, `"0 1 2"`},
		{"body assigns the variable, continue and a label", `var ms []func() int
L:
for i := 0; i < 10; i++ {
	if i%2 == 0 {
		i++
		ms = append(ms, func() int { return i })
		continue L
	}
	if i > 6 {
		break L
	}
}
fmt.Sprint(len(ms), ms[0](), ms[1](), ms[2]())`, `"5 1 3 5"`},
		{"two variables, one changed through its pointer", `var ps []*int
for i, j := 0, 10; i < j; i, j = i+1, j-2 {
	ps = append(ps, &j)
	if i == 1 {
		j--
	}
}
fmt.Sprint(*ps[0], *ps[1], *ps[2])`, `"10 7 5"`},
		{"goroutines", `out := make([]int, 3)
var wg sync.WaitGroup
for i := 0; i < 3; i++ {
	wg.Add(1)
	go func() {
		defer wg.Done()
		out[i] = i * i
	}()
}
wg.Wait()
fmt.Sprint(out)`, `"[0 1 4]"`},
		{"in a declared function", `func closures() (s string) {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		s += fmt.Sprint(f())
	}
	return s
}
closures()`, `"012"`},
		{"a loop without closures is left alone", `n := 0
for i := 0; i < 5; i++ {
	i++
	n++
}
n`, "3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, _ := run(t, e, c.code); got != c.want {
				t.Errorf("got %s, want %s (Go's)", got, c.want)
			}
		})
	}
}

// The lowering leaves loops without escaping variables untouched.
func TestLowerLoopVarsLeavesPlainLoops(t *testing.T) {
	for _, code := range []string{
		"for i := 0; i < 3; i++ { fmt.Println(i) }",
		"for _, v := range xs { total += v }",
		"for i = 0; i < 3; i++ { fs = append(fs, func() int { return i }) }", // no :=, one variable by Go's rules too
	} {
		got := rewritten(t, code, lowerLoopVars)
		if strings.Contains(got, "__goexec") || strings.Count(got, ":=") != strings.Count(code, ":=") {
			t.Errorf("%s\nwas rewritten to\n%s", code, got)
		}
	}
}

// rewritten parses code as the body of a function, applies rewrite to it
// and prints the result.
func rewritten(t *testing.T, code string, rewrite func(ast.Node)) string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", "package p\nfunc f() {\n"+code+"\n}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	rewrite(body)
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, body); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
