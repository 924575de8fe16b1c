package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestCompiledRoadNamesMain: the types of a cell that takes the compiled
// road on its own (declarations alone, refused for the interpreter) are
// named main.T for %T, %#v and reflect, as go run names them; the
// kernel named them compiled.T (a local type compiled.L), its unit being
// a package named compiled. Such a cell is built as a Go program now
// (compiled.Cell.Program), as a cell that declares main is.
func TestCompiledRoadNamesMain(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)")
	// f's local type is interpreted; g's, of the same name and fields, is
	// refused (TestLocalTypeOtherFunctionLaterCell), and g is compiled.
	run(t, e, "func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}")
	run(t, e, "func g() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}")
	run(t, e, describeCell)
	for _, c := range []struct{ what, code, gorun string }{
		{"a local type of a compiled function", "fmt.Printf(\"%T %#v %v\\n\", g(), g(), reflect.TypeOf(g()))", "main.L main.L{a:1} main.L\n"},
		{"a type of a compiled cell", "fmt.Printf(\"%T %#v %v\\n\", parseErr{3}, parseErr{3}, reflect.TypeOf(parseErr{3}))", "main.parseErr main.parseErr{Line:3} main.parseErr\n"},
		{"a compiled function's %T", "fmt.Println(describe(struct{}{}), describe(parseErr{4}))", "other struct {} parse error at 4\n"},
	} {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.gorun {
			t.Errorf("%s: printed %q; want go run's %q", c.what, rec.stream("stdout"), c.gorun)
		}
	}
	// A program is not an importable package: a %%compile cell cannot
	// use the names of a cell that took the road, and says so.
	ee, _ := fail(t, e, context.Background(), "%%compile\nfunc D(v any) string { return describe(v) }")
	if ee.Name != "CompileError" || !strings.Contains(ee.Value, "describe is declared by a cell built as a Go program") {
		t.Errorf("a %%%%compile cell using a compiled road's name: %s: %s", ee.Name, ee.Value)
	}
}

// TestCompiledRoadAfterRoad: a cell refused for the interpreter that uses
// the names of an earlier cell that took the compiled road cannot take
// the road itself (a program is not importable): the refusal stands and
// says why the road is closed.
func TestCompiledRoadAfterRoad(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, "import \"fmt\"")
	run(t, e, describeCell)
	ee, _ := fail(t, e, context.Background(), "type otherErr struct{ N int }\n\nfunc (o otherErr) Error() string { return \"other\" }\n\n"+
		"func d2(err error) string {\n\tvar oe otherErr\n\tif errors.As(err, &oe) {\n\t\treturn describe(err)\n\t}\n\treturn \"\"\n}")
	want := "errors.As with a target of type otherErr, a struct declared in a cell, cannot run in the interpreter (it does not keep such a value inside an error); give otherErr's methods pointer receivers and use a *otherErr; " +
		"the cell cannot run compiled either: describe is declared by a cell built as a Go program (one that declares func main, or declarations alone that took the compiled road), " +
		"which a compiled cell cannot import: declare describe in a %%compile cell, or in this one"
	if ee.Name != "CompileError" || ee.Value != want {
		t.Errorf("refused as %s: %q; want %q", ee.Name, ee.Value, want)
	}
}
