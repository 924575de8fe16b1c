package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestCellMust: the notebooks' settings cells bind must := cell.Must (the
// pre-imported kernel/cell); a nil error does nothing, in a cell and in a
// function declared by a later cell, and an error stops the cell with its
// message, as the func must each notebook used to declare did.
func TestCellMust(t *testing.T) {
	e := newExec(t)
	run(t, e, "must := cell.Must // stops the cell with err\nmust(nil)")
	run(t, e, "func open(name string) error {\n\t_, err := os.Stat(name)\n\tmust(nil)\n\treturn err\n}")
	if got, _ := run(t, e, "must(nil)\n\"still here\""); got != `"still here"` {
		t.Errorf("after must(nil): %q", got)
	}
	ee, _ := fail(t, e, context.Background(), "x := 1\nmust(fmt.Errorf(\"no such file %d\", x))\nx = 2")
	if ee == nil {
		return
	}
	if ee.Name != "panic" || !strings.Contains(ee.Value, "no such file 1") {
		t.Errorf("must(err): %s: %q, want a panic with the error's message", ee.Name, ee.Value)
	}
	if len(ee.Traceback) == 0 || !strings.Contains(strings.Join(ee.Traceback, "\n"), "cell line 2") {
		t.Errorf("traceback %q does not name the cell's line 2", ee.Traceback)
	}
}
