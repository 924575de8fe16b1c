package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestSpreadTypeVerbsVariableFormat: %T of the elements of a spread
// argument with a format that is not a constant is Go's (the format's
// verbs are read when the call runs), or, where the format or the slice
// cannot be read twice, a format with %T ends the cell with an
// InterpreterLimit. The lines are go run's; the kernel printed
// "goexec.goValue goexec.goValue 3" for the first.
func TestSpreadTypeVerbsVariableFormat(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"strings\"\n)\n\ntype Hv struct{ x int }\n\ntype Sl []int\n\nfunc (s Sl) String() string { return \"sl\" }")
	_, rec := run(t, e, `f := "%T %T %v\n"
xs := []any{Hv{1}, Sl{2}, 3}
fmt.Printf(f, xs...)
s := fmt.Sprintf(f, xs...)
fmt.Print(s)
g := "%v|%T|%d\n"
fmt.Printf(g, xs...)
fmt.Printf(strings.Repeat("%v ", 2)+"\n", xs[:2]...)`)
	want := "main.Hv main.Sl 3\nmain.Hv main.Sl 3\n{1}|main.Sl|3\n{1} sl \n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%q\ngo run\n%q", got, want)
	}
	ee, rec := fail(t, e, context.Background(), "fmt.Printf(strings.Repeat(\"%T \", 2)+\"\\n\", xs[:2]...)")
	if ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "with %T of the elements of a spread argument cannot run in the interpreter here") ||
		rec.stream("stdout") != "" {
		t.Errorf("%%T with a format made by a call and a slice expression: %s %q, printed %q; want an InterpreterLimit (go run: main.Hv main.Sl)",
			ee.Name, ee.Value, rec.stream("stdout"))
	}
}
