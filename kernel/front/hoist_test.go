package front

import (
	"strings"
	"testing"
)

// TestCandidatesDeclaredOnce: the helpers of a function's reflection and
// %T are given one variable of the candidates, declared once after the
// file's imports, not a literal at each call; a cell of statements
// declares its own first.
func TestCandidatesDeclaredOnce(t *testing.T) {
	out := lowerCells(t, "import (\"fmt\"; \"reflect\")\ntype S struct{ a, b int }",
		"func loop(x any) (n int) {\n\tfor i := 0; i < 3; i++ {\n\t\tv := reflect.ValueOf(x)\n\t\tn += len(v.Type().String()) + v.NumMethod() + len(fmt.Sprintf(\"%T\", x))\n\t}\n\treturn n\n}",
		"var y any = S{}\nfmt.Printf(\"%T %v\\n\", y, reflect.TypeOf(y))")
	if got := strings.Count(out[1], "*new(S)"); got != 1 {
		t.Errorf("the function's cell has %d lists of candidates, want 1:\n%s", got, out[1])
	}
	for _, want := range []string{
		"package main\n\nvar Pcands_",
		"P.ValueTypeIn(v, Pcands_",
		"P.ValueNumMethod(v, Pcands_",
		"P.TypeName([]any{x}, Pcands_",
	} {
		if !strings.Contains(out[1], want) {
			t.Errorf("the function's cell lacks %q:\n%s", want, out[1])
		}
	}
	if !strings.Contains(out[2], "\n{\n\tvar Pcands_") || strings.Count(out[2], "*new(S)") != 1 || !strings.Contains(out[2], "P.TypeOfDynamic([]any{y}, Pcands_") {
		t.Errorf("the cell of statements does not declare its candidates once, first:\n%s", out[2])
	}
}
