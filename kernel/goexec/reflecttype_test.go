package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestReflectTypeOfDynamic: reflect.TypeOf of an interface holding a
// value of a session type has Go's name (yaegi's reflect type has none:
// struct { X int } and "" for main.R and R). go run's output.
func TestReflectTypeOfDynamic(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype R struct{ X int }\n\ntype C int\n\nfunc (c C) String() string { return \"c\" }\n\n"+
		"func show(v any) {\n\tt := reflect.TypeOf(v)\n\tif t == nil {\n\t\tfmt.Println(\"nil\")\n\t\treturn\n\t}\n\tfmt.Printf(\"%v %q %v\\n\", t, t.Name(), t.Kind())\n}")
	_, rec := run(t, e, "show(R{1})\nshow(&R{2})\nshow(C(3))\nshow(4)\nshow(nil)\nvar y any = R{5}\nfmt.Println(reflect.TypeOf(y), reflect.TypeOf(y).NumField())")
	want := "main.R \"R\" struct\n*main.R \"\" ptr\nmain.C \"C\" int\nint \"int\" int\nnil\nmain.R 1\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
	// reflect.ValueOf(x).Type() is lowered as reflect.TypeOf(x) (yaegi's
	// type was struct { X int } for main.R, interp.valueInterface for an
	// any holding a type with methods); of a nil interface it panics.
	if _, rec := run(t, e, "var z any = C(7)\nfmt.Println(reflect.ValueOf(R{6}).Type(), reflect.ValueOf(&R{6}).Type(), reflect.ValueOf(y).Type(), reflect.ValueOf(z).Type().Name())"); rec.stream("stdout") != "main.R *main.R main.R C\n" {
		t.Errorf("reflect.ValueOf(…).Type() printed %q, want go run's \"main.R *main.R main.R C\\n\"", rec.stream("stdout"))
	}
	ee, _ := fail(t, e, context.Background(), "var n any\nfmt.Println(reflect.ValueOf(n).Type())")
	// Go's panic is "reflect: call of reflect.Value.Type on zero Value",
	// which the kernel writes as Go's nil dereference, as it does for
	// yaegi's panics of that text (goMessages).
	if ee == nil || ee.Name != "panic" || !strings.Contains(ee.Value, "nil pointer dereference") {
		t.Errorf("reflect.ValueOf(nil).Type(): %v, want a panic", ee)
	}
}
