package goexec

import "testing"

// TestReflectTypeOfDynamic: reflect.TypeOf of an interface holding a
// value of a session type has Go's name (yaegi's reflect type has none:
// struct { X int } and "" for main.R and R). go run's output. What is
// left (docs/goexec.md, "Still wrong"): the reflect.Value's Type().
func TestReflectTypeOfDynamic(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype R struct{ X int }\n\ntype C int\n\nfunc (c C) String() string { return \"c\" }\n\n"+
		"func show(v any) {\n\tt := reflect.TypeOf(v)\n\tif t == nil {\n\t\tfmt.Println(\"nil\")\n\t\treturn\n\t}\n\tfmt.Printf(\"%v %q %v\\n\", t, t.Name(), t.Kind())\n}")
	_, rec := run(t, e, "show(R{1})\nshow(&R{2})\nshow(C(3))\nshow(4)\nshow(nil)\nvar y any = R{5}\nfmt.Println(reflect.TypeOf(y), reflect.TypeOf(y).NumField())")
	want := "main.R \"R\" struct\n*main.R \"\" ptr\nmain.C \"C\" int\nint \"int\" int\nnil\nmain.R 1\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
	// Measured, as docs/goexec.md says: reflect.ValueOf(x).Type() keeps
	// yaegi's unnamed type (go run: main.R).
	if _, rec := run(t, e, "fmt.Println(reflect.ValueOf(R{6}).Type())"); rec.stream("stdout") != "struct { X int }\n" {
		t.Errorf("reflect.ValueOf(R{6}).Type() printed %q; docs/goexec.md says struct { X int } (go run: main.R): update them", rec.stream("stdout"))
	}
}
