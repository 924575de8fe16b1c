package goexec

import (
	"context"
	"testing"
)

// TestStaticRefusals: what yaegi would answer wrongly, silently, and the
// front end sees before the cell runs is refused, with the construct,
// its line and column and the fix (front/refuse_static.go; docs/goexec.md).
// Each cell holds a statement, so that it is refused rather than compiled.
func TestStaticRefusals(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype R struct{ X int }\n\ntype M struct{ X, y int }\n\n"+
		"func (m M) Hello() string { return \"hi\" }\n\ntype V struct {\n\tn   int\n\terr error\n}\n\n"+
		"func (v V) Error() string { return \"v\" }\n\nfunc (v V) Unwrap() error { return v.err }")
	for _, c := range []struct{ what, code, msg string }{
		{"ValueOf(x).NumMethod of a type with methods", "m := M{1, 2}\nfmt.Println(reflect.ValueOf(m).NumMethod())",
			"cell line 2, column 13: reflect.ValueOf(x).NumMethod of a type declared in a cell cannot run in the interpreter: it would give a wrong answer about its methods (main.M has methods the interpreter's reflect type does not have: NumMethod gives 0); run it compiled (a cell with func main, or %%compile)"},
		{"ValueOf(x).MethodByName", "fmt.Println(reflect.ValueOf(&M{}).MethodByName(\"Hello\").IsValid())",
			"cell line 1, column 13: reflect.ValueOf(x).MethodByName of a type declared in a cell cannot run in the interpreter: it would give a wrong answer about its methods (*main.M has methods the interpreter's reflect type does not have: NumMethod gives 0); run it compiled (a cell with func main, or %%compile)"},
		{"TypeOf(x).Method", "fmt.Println(reflect.TypeOf(M{}).Method(0).Name)",
			"cell line 1, column 13: reflect.TypeOf(x).Method of a type declared in a cell cannot run in the interpreter: it would give a wrong answer about its methods (main.M has methods the interpreter's reflect type does not have: NumMethod gives 0); run it compiled (a cell with func main, or %%compile)"},
		{"TypeOf(x).Field of a struct with an unexported field", "fmt.Println(reflect.TypeOf(M{}).Field(1).Name)",
			"cell line 1, column 13: reflect.TypeOf(x).Field of a type declared in a cell cannot run in the interpreter: it would give a wrong answer about the fields of main.M (the interpreter names an unexported field X+name); run it compiled (a cell with func main, or %%compile)"},
		{"ValueOf(x).Type().FieldByName", "f, _ := reflect.ValueOf(M{}).Type().FieldByName(\"y\")\nfmt.Println(f.Name)",
			"cell line 1, column 9: reflect.ValueOf(x).Type().FieldByName of a type declared in a cell cannot run in the interpreter: it would give a wrong answer about the fields of main.M (the interpreter names an unexported field X+name); run it compiled (a cell with func main, or %%compile)"},
		{"errors.Unwrap with a value-receiver Unwrap", "var err error = V{1, errors.New(\"base\")}\nfmt.Println(errors.Unwrap(err))",
			"cell line 2, column 13: errors.Unwrap cannot run in the interpreter in a session whose struct type main.V has an Unwrap method with a value receiver: the interpreter keeps such a value held as error as its last field only, so errors.Unwrap would give <nil>; use a pointer receiver (func (v *V) Unwrap() error) and a *V as the error, or run it compiled (a cell with func main, or %%compile)"},
		{"fmt.Sprint as a function value", "f := fmt.Sprint\nfmt.Println(f(M{1, 2}))",
			"cell line 1, column 6: fmt.Sprint used as a function value cannot run in the interpreter: the values it prints would not get the kernel's lowering of fmt's arguments (types declared in cells would print without their names and with X+name fields); call fmt.Sprint directly, or run it compiled (a cell with func main, or %%compile)"},
		{"a local type of a session type's fields into an any", "func local() any {\n\ttype L struct{ X int }\n\treturn L{1}\n}\nfmt.Println(local())",
			"cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) cannot run in the interpreter: it keeps main.L and main.R, of the same fields, as one type, so == and type switches and assertions would take one for the other; declare the type at the cell's top level, or run it compiled (a cell with func main, or %%compile)"},
		{"a local type of a session type's fields appended to a []any", "func loc2() []any {\n\ttype L struct{ X int }\n\tvar xs []any\n\treturn append(xs, L{1})\n}\nfmt.Println(loc2())",
			"cell line 4, column 20: a value of L, a type declared inside a function, put in an interface (any) cannot run in the interpreter: it keeps main.L and main.R, of the same fields, as one type, so == and type switches and assertions would take one for the other; declare the type at the cell's top level, or run it compiled (a cell with func main, or %%compile)"},
		{"a local type on int into an any parameter", "func keep(x any) {}\nfunc loc() {\n\ttype L int\n\tkeep(L(2))\n}\nloc()",
			"cell line 4, column 7: a value of L, a type declared inside a function, put in an interface (any) cannot run in the interpreter: it keeps it as int, so %T, reflect and type switches would name it int; declare the type at the cell's top level, or run it compiled (a cell with func main, or %%compile)"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee == nil || ee.Name != "CompileError" || len(ee.Traceback) == 0 || ee.Traceback[0] != c.msg {
			t.Errorf("%s: got %v, want the CompileError %q", c.what, ee, c.msg)
		}
	}
}

// TestStaticRefusalsLeaveRightForms: the forms next to those that
// TestStaticRefusals refuses run, with go run's output:
// reflect.ValueOf(x).Field(i).Int(), NumField and Kind, NumMethod of a
// type without methods, Field of a struct with exported fields only,
// ValueOf(x).Type() (lowered to the TypeOf helper), errors.Unwrap with a
// pointer receiver, and local types printed by fmt directly or not put in
// an interface.
func TestStaticRefusalsLeaveRightForms(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"errors\"\n\t\"fmt\"\n\t\"reflect\"\n\t\"sort\"\n)\n\ntype R struct{ X int }\n\ntype M struct{ X, y int }\n\n"+
		"func (m M) Hello() string { return \"hi\" }\n\ntype P struct {\n\tn   int\n\terr error\n}\n\n"+
		"func (p *P) Error() string { return \"p\" }\n\nfunc (p *P) Unwrap() error { return p.err }\n\n"+
		"func loc() {\n\ttype L0 struct{}\n\ttype L1 struct{ A int }\n\ttype L2 struct{ a int }\n\ttype L3 int\n"+
		"\tfmt.Printf(\"%v %+v %T|\", L0{}, L1{1}, L2{2})\n\tfmt.Printf(\"%v %+v %T\\n\", L3(3), L2{4}, L3(3))\n"+
		"\tx := []L2{{5}}\n\tfmt.Println(x, len(x))\n\ttype byLen []string\n\ts := byLen{\"bb\", \"a\"}\n"+
		"\tsort.Slice(s, func(i, j int) bool { return len(s[i]) < len(s[j]) })\n\tfmt.Println(s)\n}")
	_, rec := run(t, e, "m := M{1, 2}\n"+
		"fmt.Println(reflect.ValueOf(m).Field(0).Int(), reflect.ValueOf(m).NumField(), reflect.ValueOf(m).Kind(), reflect.ValueOf(m).Field(1).Int())\n"+
		"fmt.Println(reflect.ValueOf(R{6}).Type(), reflect.ValueOf(m).Type(), reflect.ValueOf(&m).Type(), reflect.ValueOf(R{6}).Type().Name())\n"+
		"fmt.Println(reflect.ValueOf(R{1}).NumMethod(), reflect.TypeOf(R{1}).NumMethod(), reflect.TypeOf(R{}).Field(0).Name, reflect.ValueOf(R{}).Type().Field(0).Name)\n"+
		"var err error = &P{1, errors.New(\"base\")}\n"+
		"fmt.Println(errors.Unwrap(err), errors.Unwrap(fmt.Errorf(\"w: %w\", err)) == err)\n"+
		"loc()")
	want := "1 2 struct 2\nmain.R main.M *main.M R\n0 0 X X\nbase true\n{} {A:1} main.L2|3 {a:4} main.L3\n[{5}] 1\n[a bb]\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
	// Without types of the session, fmt's printing functions may be
	// function values.
	e2 := newExec(t)
	if _, rec := run(t, e2, "import \"fmt\"\n\np := fmt.Println\np(1, \"a\")"); rec.stream("stdout") != "1 a\n" {
		t.Errorf("p := fmt.Println printed %q, want go run's \"1 a\\n\"", rec.stream("stdout"))
	}
}
