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
