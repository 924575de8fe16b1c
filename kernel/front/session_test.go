package front

import (
	"fmt"
	"go/build"
	"go/token"
	"strings"
	"testing"
)

// newTestSession returns a session importing from the symbol tables and,
// for packages without one, from source.
func newTestSession() (*Session, *token.FileSet) {
	fset := token.NewFileSet()
	tables := tablesImporter()
	src := &SourceImporter{Context: build.Default, Fset: fset, Deps: tables}
	return NewSession(fset, Chain{tables, src}), fset
}

// checkCell parses and checks one cell, returning the error's text ("" on
// success).
func checkCell(t *testing.T, s *Session, fset *token.FileSet, code string) (*Checked, string) {
	t.Helper()
	chunks, err := ParseCell(fset, code)
	if err != nil {
		t.Fatalf("ParseCell(%q): %v", code, err)
	}
	res, err := s.Check(chunks, nil)
	s.Commit(res)
	if err != nil {
		var msgs []string
		for _, e := range err.(*Error).List {
			// A chunk's first line is its prefix.
			msgs = append(msgs, fmt.Sprintf("%d:%d: %s", e.Pos.Line-1, e.Pos.Column, e.Msg))
		}
		return nil, strings.Join(msgs, "\n")
	}
	return res, ""
}

// TestSessionCells runs sequences of cells through one session each and
// compares every cell's errors with Go's.
func TestSessionCells(t *testing.T) {
	type cell struct {
		code string
		err  string // a substring of the errors; "" for none
	}
	for _, tc := range []struct {
		name  string
		cells []cell
	}{
		{"globals cross cells", []cell{
			{"x := 1\ny := \"s\"", ""},
			{"z := x + len(y)", ""},
			{"var w float64 = z", "cannot use z (variable of type int) as float64 value"},
			{"x + 1.5", "1.5 (untyped float constant) truncated to int"},
		}},
		{"a failed cell declares nothing", []cell{
			{"a := 1\nb := undefinedName", "undefined: undefinedName"},
			{"a", "undefined: a"},
			{"var v int = \"s\"", "cannot use \"s\""},
			{"v", "undefined: v"},
		}},
		{"redeclared variables take their new type", []cell{
			{"x := 1", ""},
			{"x := \"s\"", ""},
			{"x + \"t\"", ""},
			{"x + 1", "mismatched types"},
			{"x := x + \"u\"", ""},
		}},
		{"types, methods and unexported fields across cells", []cell{
			{"type S struct{ a, b int }", ""},
			{"s := S{1, 2}", ""},
			{"func (s S) Sum() int { return s.a + s.b }", ""},
			{"s.Sum() + S{a: 3}.Sum()", ""},
			{"s.Missing()", "s.Missing undefined"},
			{"type S struct{ c int }", "type S is declared again, differently"},
			{"func (s S) Sum() int { return 0 }", "method S.Sum is declared again, differently"},
			{"type S struct{ a, b int }\n\nfunc (s S) Sum() int { return s.a + s.b }", ""},
			{"func (s S) Sum() int { return s.a + s.b }\nfunc (s S) Diff() int { return s.a - s.b }", ""},
			{"s.Sum() + s.Diff()", ""},
		}},
		{"functions see globals declared before them", []cell{
			{"n := 10\nfunc h() int { return n }\nh()", ""},
			{"func g() int { return h() * 2 }", ""},
			{"func h() string { return \"s\" }", ""},
			{"h() + \"t\"", ""},
		}},
		{"imports last for the session", []cell{
			{"import \"strings\"", ""},
			{"strings.ToUpper(\"a\")", ""},
			{"import str \"strconv\"\nstr.Itoa(3)", ""},
			{"str.Atoi(\"3\")", ""},
			{"strconv.Itoa(1)", "undefined: strconv"},
		}},
		{"constants keep their exact value and kind", []cell{
			{"const big = 1 << 100\nconst third = 1.0 / 3\nconst r = 'x'\ntype Color int\nconst Red Color = 2", ""},
			{"var f float64 = big >> 98", ""},
			{"var i int = big", "overflows"},
			{"third * 3 == 1", ""},
			{"var s string = string(r)", ""},
			{"var c Color = Red + 1", ""},
			{"var k int = Red", "cannot use Red"},
		}},
		{"Go's own errors", []cell{
			{"func f() int {\n}", "missing return"},
			{"for i := range 3 {\n\tx := i\n}", "declared and not used: x"},
			{"var p *int\np.x", "p.x undefined"},
			{"1 + \"a\"", "mismatched types"},
			{"len(1)", "invalid argument"},
		}},
		{"final expressions of every kind", []cell{
			{"func two() (int, error) { return 1, nil }\nfunc none() {}", ""},
			{"two()", ""},
			{"none()", ""},
			{"len(\"abc\")", ""},
			{"int64(3)", ""},
			{"1", ""},
			{"int", "int (type) is not an expression"},
		}},
		{"a rebuild keeps the types and values of the session", []cell{
			{"type P struct{ a int }\np := P{1}\nconst k = 1.5", ""},
			{"q := []P{p}\nfunc (p P) Twice() int { return 2 * p.a }", ""},
			{"func f() int { return 1 }", ""},
			{"func f() int { return 2 }", ""},
			{"q[0].a + p.Twice() + f()", ""},
			{"k * 2", ""},
			{"type Q struct{ b string }\np := Q{\"s\"}\np.b + \"t\"", ""},
			{"len(p.b) + q[0].Twice()", ""},
		}},
		{"unexported names of other packages keep their types", []cell{
			{"import \"math/rand/v2\"\nr := rand.New(rand.NewPCG(1, 2))", ""},
			{"func g() {}", ""},
			{"func g() {}", ""},
			{"r.IntN(3)", ""},
		}},
		{"predeclared names the interpreter needs are not declared at the top level", []cell{
			{"const nil = 1", "cannot declare nil at the top level"},
			{"iota := 5", "cannot declare iota at the top level"},
			{"type int float64", "cannot declare int"},
			{"func recover() {}", "cannot declare recover"},
			{"max := 3\nmax + 1", ""},
			{"func f() int {\n\tint := 2\n\treturn int\n}", ""},
		}},
		{"modern Go checks", []cell{
			{"for i := range 3 { _ = i }", ""},
			{"m := min(3, 1, 2)\nclear(map[int]int{})", ""},
			{"import \"slices\"\nxs := []int{3, 1}\nslices.Sort(xs)\nslices.Max(xs)", ""},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, fset := newTestSession()
			for i, c := range tc.cells {
				_, got := checkCell(t, s, fset, c.code)
				if c.err == "" && got != "" {
					t.Errorf("cell %d %q: errors\n%s\nwant none", i, c.code, got)
				}
				if c.err != "" && !strings.Contains(got, c.err) {
					t.Errorf("cell %d %q: errors\n%s\nwant one containing %q", i, c.code, got, c.err)
				}
			}
		})
	}
}

// TestSessionRebuilds checks which cells make the package anew, the cost
// that grows with the session: only a declaration of a name that the
// package has with another type or signature, a method of a type that
// the long-lived checker does not know, and the cell after a failed one.
func TestSessionRebuilds(t *testing.T) {
	s, fset := newTestSession()
	for _, c := range []struct {
		code    string
		rebuild bool
	}{
		{"x := 1", true}, // the first cell builds the package
		{"func f(n int) int { return n }\ntype T struct{ a int }", false},
		{"y := f(x)", false},
		{"x := 2", false}, // same type: the old object stays
		{"func f(n int) int { return f(n-1) + 1 }", false}, // same signature
		{"f(3) + x", false},
		{"func (t T) A() int { return t.a }", true}, // T was checked by a throwaway checker
		{"func (t T) B() int { return t.a }", false},
		{"T{1}.A() + T{2}.B()", false},
		{"x := \"s\"", true},                           // another type
		{"func f(s string) string { return s }", true}, // another signature
		{"f(x) + \"t\"", false},
		{"z := undefinedName", false},
		{"z := 1", false}, // nothing was added by the failed cell
		{"type U int\nvar w = undefinedName", false},
		{"w := 1", true}, // the failed cell declared U
	} {
		before := s.rebuilds
		_, errs := checkCell(t, s, fset, c.code)
		if errs != "" && !strings.Contains(c.code, "undefinedName") {
			t.Errorf("%q: %s", c.code, errs)
		}
		if got := s.rebuilds > before; got != c.rebuild {
			t.Errorf("%q: rebuilt %v, want %v", c.code, got, c.rebuild)
		}
	}
}

// benchmarkSession checks the codes in turn, b.N cells, in a session of
// cells.
func benchmarkSession(b *testing.B, cells int, codes ...string) {
	s, fset := newTestSession()
	check := func(code string) {
		chunks, err := ParseCell(fset, code)
		if err != nil {
			b.Fatal(err)
		}
		res, err := s.Check(chunks, nil)
		if err != nil {
			b.Fatalf("%q: %v", code, err)
		}
		s.Commit(res)
	}
	check("import \"fmt\"")
	for i := 0; i < cells/5; i++ {
		check(fmt.Sprintf("x%d := %d\nname%d := fmt.Sprint(\"cell\", x%d)", i, i, i, i))
		check(fmt.Sprintf("func f%d(xs []float64) float64 {\n\ts := 0.0\n\tfor _, x := range xs {\n\t\ts += x * %d\n\t}\n\treturn s\n}", i, i))
		check(fmt.Sprintf("type T%d struct{ a, b int }\n\nfunc (t T%d) Sum() int { return t.a + t.b }", i, i))
		check(fmt.Sprintf("t%d := T%d{1, 2}\nm%d := map[string]int{\"a\": t%d.Sum()}", i, i, i, i))
		check(fmt.Sprintf("for i := 0; i < 3; i++ {\n\tx%d += i\n}\nf%d([]float64{1, 2})", i, i))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		check(codes[i%len(codes)])
	}
}

// The front end's cost per cell must not grow with the session (issue 12).
func BenchmarkCheckTrivialFresh(b *testing.B)    { benchmarkSession(b, 5, "1") }
func BenchmarkCheckTrivialAfter200(b *testing.B) { benchmarkSession(b, 200, "1") }
func BenchmarkCheckUseFresh(b *testing.B)        { benchmarkSession(b, 5, "y := x0 + t0.Sum()\ny") }
func BenchmarkCheckUseAfter200(b *testing.B)     { benchmarkSession(b, 200, "y := x0 + t0.Sum()\ny") }
func BenchmarkCheckDeclFresh(b *testing.B) {
	benchmarkSession(b, 5, "func g(t T0) int { return t.Sum() * x0 }")
}
func BenchmarkCheckDeclAfter200(b *testing.B) {
	benchmarkSession(b, 200, "func g(t T0) int { return t.Sum() * x0 }")
}

// Declaring a variable again with another type makes the package anew,
// which costs what the session holds.
func BenchmarkCheckRetypeFresh(b *testing.B)    { benchmarkSession(b, 5, "x0 := \"s\"", "x0 := 1") }
func BenchmarkCheckRetypeAfter200(b *testing.B) { benchmarkSession(b, 200, "x0 := \"s\"", "x0 := 1") }
