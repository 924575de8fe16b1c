package front

import (
	"strings"
	"testing"
)

// TestDeferPromotedAndSpreadLowering: a deferred promoted method's
// receiver is the embedded field, evaluated at the defer statement, and a
// deferred call with a spread argument becomes a call of a function
// literal that takes the slice (yaegi passed it as one argument).
func TestDeferPromotedAndSpreadLowering(t *testing.T) {
	out := lowerCells(t, "type In struct{ n int }\nfunc (i In) Show() {}\nfunc (i *In) PShow() {}\ntype Out struct{ In }\n"+
		"func f(xs ...int) {\n\to := Out{}\n\tdefer o.Show()\n\tdefer o.PShow()\n\tdefer f(xs...)\n\to.n = 1\n}")
	for _, want := range []string{
		"PD2 := o.In\n\t\tdefer PD2.Show()",
		"PD4 := &o.In\n\t\tdefer PD4.PShow()",
		"PD6 := xs\n\t\tdefer func(PP5 []int) {\n\t\t\tf(PP5...)\n\t\t}(PD6)",
	} {
		if !strings.Contains(out[0], want) {
			t.Errorf("lowered cell lacks %q:\n%s", want, out[0])
		}
	}
}

// TestUnwritableSignatureKeepsCall: a call whose signature cannot be
// written in the cell (a generic function instantiated with a type that
// has no name here) stays a direct call, its float argument checked by
// NoNegZero; typeExpr gave a nil *ast.FuncType as a type, and the
// lowering that followed crashed the kernel.
func TestUnwritableSignatureKeepsCall(t *testing.T) {
	out := lowerCells(t, "import \"math\"\ntype pair[T any] struct{ a T }\nfunc sgn[T any](x float64, _ T) float64 { return math.Copysign(1, x) }\n"+
		"func mk() pair[struct{ q int }] { return pair[struct{ q int }]{} }\nz := math.Copysign(0, -1)\nvar r = sgn(z, mk())")
	if !strings.Contains(out[0], `sgn(P.NoNegZero(z, "sgn").(float64), mk())`) {
		t.Errorf("the call changed:\n%s", out[0])
	}
}

// TestCommaOKNamedBoolLowering: an ok of a named boolean type beside an
// element whose index calls is assigned through a conversion of the
// temporary, as a bool's is assigned directly.
func TestCommaOKNamedBoolLowering(t *testing.T) {
	out := lowerCells(t, "type B bool\nvar m = map[int]int{}\nvar a = []int{0, 0}\nvar ok B\nfunc g() int { return 1 }\nfunc f() {\n\ta[g()], ok = m[5]\n}")
	if !strings.Contains(out[0], "a[PB1], ok = PA2, B(PA3)") {
		t.Errorf("lowered:\n%s", out[0])
	}
}
