package front

import (
	"go/printer"
	"go/token"
	"strings"
	"testing"
)

// lowerCells checks and lowers cells in one session and returns the
// source of each cell's lowered statements.
func lowerCells(t *testing.T, cells ...string) []string {
	t.Helper()
	s, fset := newTestSession()
	var out []string
	for _, code := range cells {
		chunks, err := ParseCell(fset, code)
		if err != nil {
			t.Fatalf("ParseCell(%q): %v", code, err)
		}
		res, err := s.Check(chunks, nil)
		if err != nil {
			t.Fatalf("Check(%q): %v", code, err)
		}
		lw := Lowering{Prefix: "P", Fset: fset, Info: res.Info, Scope: s.Scope()}
		if err := lw.Lower(chunks); err != nil {
			t.Fatalf("Lower(%q): %v", code, err)
		}
		s.Commit(res)
		var b strings.Builder
		for _, c := range chunks {
			if c.File != nil {
				printer.Fprint(&b, token.NewFileSet(), c.File)
			} else {
				printer.Fprint(&b, token.NewFileSet(), c.Body)
				if c.Final != nil {
					b.WriteString("\nfinal: ")
					printer.Fprint(&b, token.NewFileSet(), c.Final)
				}
			}
			b.WriteString("\n")
		}
		out = append(out, b.String())
	}
	return out
}

// TestBoundsGuardsAndInPlace: a loop's condition that indexes moves into
// its body, after the check; where no statement can precede an index,
// a condition or an operand of && or || is guarded (the helper is called
// only when the index is out of range), and any other expression gets
// the call that returns the index; a cell that declares a variable again
// with another type (a rebuild of the session's package) is checked too.
func TestBoundsGuardsAndInPlace(t *testing.T) {
	got := lowerCells(t,
		"xs := []int{1}\nk := 0",
		"for i := 0; i < xs[k]; i++ {\n}",
		"if k == 0 {\n} else if xs[k] == 2 {\n}",
		"if k > 0 && xs[k] == 1 {\n}",
		"g := func() int { return 1 }\ny := g() + xs[k]\n_ = y",
		"switch y := 1; xs[k] {\ncase y:\n}",
		"xs := []string{\"a\"}\n_ = xs[k]",
	)
	for i, want := range []string{
		"",
		"for i := 0; ; i++ {\n\t\tif k < 0 || k >= len(xs) {\n\t\t\tP.IndexOut(k, len(xs), ",
		"} else if (!(k < 0 || k >= len(xs)) || P.IndexOutB(k, len(xs), ",
		"if k > 0 && ((!(k < 0 || k >= len(xs)) || P.IndexOutB(k, len(xs), ",
		"y := g() + xs[P.Index(k, len(xs), ",
		"switch y := 1; {\n\tdefault:\n\t\tswitch xs[P.Index(k, len(xs), ",
		"if k < 0 || k >= len(xs) {\n\t\tP.IndexOut(k, len(xs), ",
	} {
		if !strings.Contains(got[i], want) {
			t.Errorf("cell %d lowered to\n%s\nwant it to hold\n%s", i, got[i], want)
		}
	}
}

// TestBoundsCallOperandsLowered: the forms of the checks of index
// expressions whose operands are not simple (kernel/goexec's
// TestBoundsCallOperands runs them against go run's output): an
// assignment whose right-hand side calls evaluates it into a temporary
// first, and is checked after; a call's result indexed is declared
// first (in a block of its own, beside a function's variables, or in a
// function literal that makes a session variable's value); an index
// that calls gets the helper that returns it; a call's result indexed
// after a call is checked in a function literal whose checks are marked
// (a negative position), and so is the final expression's, and a slice
// expression of a call's result or with a bound that calls; a function
// literal in the final expression is checked too.
func TestBoundsCallOperandsLowered(t *testing.T) {
	got := lowerCells(t,
		"xs := []int{1}\nk := 0\nf := func() []int { return xs }\nh := func() int { return 1 }",
		"xs[k] = h()",
		"_ = f()[k]",
		"y := f()[k]\n_ = y",
		"_ = xs[h()]",
		"_ = h() + f()[k]",
		"func() {\n\txs[k] = h()\n}()",
		"func q() int {\n\tz := f()[k]\n\treturn z\n}",
		"f()[k]",
		"for i := 0; i < f()[k]; i++ {\n}",
		"func q2() int {\n\ta, b := f()[k], 2\n\treturn a + b\n}",
		"_ = h() + len(f()[1:k])",
		"_ = xs[h():]",
	)
	for i, want := range []string{
		"",
		"{\n\t\tPA1 := h()\n\t\tif k < 0 || k >= len(xs) {\n\t\t\tP.IndexOut(k, len(xs), ",
		"{\n\t\tPT1 := f()\n\t\tif k < 0 || k >= len(PT1) {\n\t\t\tP.IndexOut(k, len(PT1), ",
		"y := func() int {\n\t\tPT1 := f()\n\t\tif k < 0 || k >= len(PT1) {\n\t\t\tP.IndexOut(k, len(PT1), -",
		"_ = xs[P.Index(h(), len(xs), ",
		"_ = h() + func(PX1 []int, PI2 int) []int {\n\t\treturn PX1[P.Index(PI2, len(PX1), -",
		"final: func() {\n\t{\n\t\tPA1 := h()\n\t\tif k < 0 || k >= len(xs) {",
		"func q() int {\n\tPT1 := f()\n\tif k < 0 || k >= len(PT1) {",
		"final: func() int {\n\tPT1 := f()\n\tif k < 0 || k >= len(PT1) {\n\t\tP.IndexOut(k, len(PT1), -",
		"for i := 0; ; i++ {\n\t\t{\n\t\t\tPT1 := f()\n\t\t\tif k < 0 || k >= len(PT1) {",
		"func q2() int {\n\tPT1 := f()\n\tif k < 0 || k >= len(PT1) {\n\t\tP.IndexOut(k, len(PT1), ",
		"_ = h() + len(func(PX1 []int, PL2 int, PL3 int) []int {\n\t\treturn PX1[P.Slice(PL2, PL3, cap(PX1), cap(PX1), false, true, -",
		"_ = func(PL1 int) []int {\n\t\treturn xs[P.Slice(PL1, len(xs), cap(xs), cap(xs), false, true, -",
	} {
		if !strings.Contains(got[i], want) {
			t.Errorf("cell %d lowered to\n%s\nwant it to hold\n%s", i, got[i], want)
		}
	}
}

// TestOrderedAssignFormsLowered: the forms orderedAssign left in
// yaegi's order (kernel/goexec's TestOrderedAssignForms runs them
// against go run's output): a comma-ok form on the right whose operands
// call is declared into two temporaries, which goexec zeroes on a miss;
// a comma-ok read into an element whose index calls evaluates the index
// first; a left-hand side's calls are evaluated first; an if's init
// statement runs in a block before it; a for loop's post statement is a
// call of a function literal, whose check is marked (a negative
// position). Without a call, a comma-ok read into an element is left to
// goexec (commaOKElement).
func TestOrderedAssignFormsLowered(t *testing.T) {
	got := lowerCells(t,
		"xs := []int{1}\nk := 0\nm := map[int]int{}\nh := func() int { return 1 }\np := func() *[1]int { return nil }\nvar ok bool",
		"xs[k], ok = m[h()]",
		"xs[h()], ok = m[k]",
		"(*p())[k] = h()",
		"if xs[k] = h(); k > 0 {\n}",
		"for i := 0; i < 1; xs[k] = h() {\n}",
		"xs[k], ok = m[k]",
	)
	for i, want := range []string{
		"",
		"{\n\t\tPA1, PA2 := m[h()]\n\t\tif k < 0 || k >= len(xs) {\n\t\t\tP.IndexOut(k, len(xs), ",
		"{\n\t\tPB1 := h()\n\t\tPA2, PA3 := m[k]\n\t\tif PB1 < 0 || PB1 >= len(xs) {",
		"{\n\t\tPB1 := p()\n\t\tPA2 := h()\n\t\tif k < 0 || k >= len((*PB1)) {",
		"{\n\t\t{\n\t\t\tPA1 := h()\n\t\t\tif k < 0 || k >= len(xs) {\n\t\t\t\tP.IndexOut(k, len(xs), 453)\n\t\t\t}\n\t\t\txs[k] = PA1\n\t\t}\n\t\tif k > 0 {",
		"for i := 0; i < 1; func() {\n\t\t{\n\t\t\tPA1 := h()\n\t\t\tif k < 0 || k >= len(xs) {\n\t\t\t\tP.IndexOut(k, len(xs), -",
		"{\n\tif k < 0 || k >= len(xs) {\n\t\tP.IndexOut(k, len(xs), 571)\n\t}\n\txs[k], ok = m[k]\n}",
	} {
		if !strings.Contains(got[i], want) {
			t.Errorf("cell %d lowered to\n%s\nwant it to hold\n%s", i, got[i], want)
		}
	}
}
