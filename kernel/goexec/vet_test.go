package goexec

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// TestVetterAgreesWithExecutor: for a session of cells, the Vetter finds
// the error that the Executor reports when it runs them, at the same line
// and column, and finds none where the Executor ran the cell.
func TestVetterAgreesWithExecutor(t *testing.T) {
	cells := []string{
		"x := 1\nfmt.Println(x)",
		"func twice(n int) int { return 2 * n }",
		"y := twice(x)\nvar s string = y",
		"m, err := rbm.NewBinary(4, 2, nil)\nif err != nil {\n\tpanic(err)\n}\nm.NoSuchMethod()",
		"import \"unicode/utf8\"\n\nutf8.RuneCountInString(\"x\") + \"a\"",
		"z := undefinedName + 1",
		"for i := range 3 {\n\tfmt.Println(i +)\n}",
		"twice(x)",
	}
	e := newExec(t)
	v := NewVetter(Options{})
	for i, code := range cells {
		_, err := e.Execute(context.Background(), code, &recorder{})
		diags, note := v.Cell(code)
		if note != "" {
			t.Errorf("cell %d: note %q", i+1, note)
		}
		if err == nil {
			if len(diags) > 0 {
				t.Errorf("cell %d ran, but vet reports %v", i+1, diags)
			}
			continue
		}
		if len(diags) == 0 {
			t.Errorf("cell %d failed (%v), but vet reports nothing", i+1, err)
			continue
		}
		var ee *kernel.ExecError
		if !errors.As(err, &ee) || len(ee.Traceback) == 0 {
			t.Errorf("cell %d: %v is not a CompileError with a traceback", i+1, err)
			continue
		}
		want := fmt.Sprintf("cell line %d, column %d: %s", diags[0].Line, diags[0].Col, diags[0].Msg)
		if ee.Traceback[0] != want {
			t.Errorf("cell %d: the kernel says\n%s\nvet says\n%s", i+1, ee.Traceback[0], want)
		}
	}
}
