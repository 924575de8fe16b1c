package front

import (
	"strings"
	"testing"
)

// TestValueOfTypeLowering: reflect.ValueOf(x).Type() of a session type
// becomes TypeOf's lowering, of an interface ValueTypeDynamic; of a type
// of another package it is left alone.
func TestValueOfTypeLowering(t *testing.T) {
	out := lowerCells(t, "import (\"fmt\"; \"reflect\")\ntype R struct{ X int }",
		"var n any = R{1}\nfmt.Println(reflect.ValueOf(R{2}).Type(), reflect.ValueOf(n).Type(), reflect.ValueOf(3).Type())")
	for _, want := range []string{
		`P.TypeOf(R{2}, "main.R", "R", "")`,
		`var Pcands_1 = []interface{}{"main.R", *new(R), "", "N6:main.RS1:1:XO3:int", "*main.R", (*R)(nil)`,
		`P.ValueTypeDynamic([]any{n}, Pcands_1...)`,
		`reflect.ValueOf(3).Type()`,
	} {
		if !strings.Contains(out[1], want) {
			t.Errorf("lowered cell lacks %q:\n%s", want, out[1])
		}
	}
}

// TestFmtValueLowering: fmt's printing functions used as values in a
// session without types become their helpers (goexec/fmtvalues.go), once
// each, also inside a call's arguments; a call of them stays a call.
func TestFmtValueLowering(t *testing.T) {
	out := lowerCells(t, "import \"fmt\"",
		"sp := fmt.Sprintf\nfns := []func(...any) (int, error){fmt.Println, fmt.Print}\nfmt.Println(sp(\"%d\", 1), fmt.Sprint(fmt.Errorf))")
	for _, want := range []string{
		`sp := P.FmtValueSprintf(fmt.Sprintf, "fmt.Sprintf")`,
		`{P.FmtValuePrint(fmt.Println, "fmt.Println"), P.FmtValuePrint(fmt.Print, "fmt.Print")}`,
		`fmt.Sprint(P.FmtValueErrorf(fmt.Errorf, "fmt.Errorf"))`,
	} {
		if !strings.Contains(out[1], want) {
			t.Errorf("lowered cell lacks %q:\n%s", want, out[1])
		}
	}
}
