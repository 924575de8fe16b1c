package goexec

import (
	"context"
	"strings"
	"testing"
)

// reflectSession declares the types of the reflect tests below: Hm with a
// method on its value, Hv with an unexported field and a method on its
// pointer, Ht with an exported and an unexported method.
const reflectSession = "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Hm struct{ X int }\n\nfunc (Hm) Hello() {}\n\n" +
	"type Hv struct{ x int }\n\nfunc (*Hv) P() {}\n\ntype Ht struct{ Y float64 }\n\nfunc (Ht) Hi()     {}\nfunc (Ht) hidden() {}"

// TestReflectValuesKept: a reflect.Value or reflect.Type kept in a
// variable, or taken from an interface, answers about a value of a
// session type as Go does (front/reflectvalues.go): yaegi's type was
// struct { Xx int } for main.Hv, NumMethod 0, and reflect.ValueOf of an
// any its wrapper interp.valueInterface (Type interp.valueInterface,
// NumField 2). The outputs are go run's of the same statements in
// func main.
func TestReflectValuesKept(t *testing.T) {
	e := newExec(t)
	run(t, e, reflectSession)
	checkOutputs(t, e, []outputCase{
		{"var hm any = Hm{1}\nrv := reflect.ValueOf(hm)\nfmt.Println(rv.Type(), rv.NumMethod(), rv.Kind(), rv.NumField(), rv.Field(0).Int())",
			"main.Hm 1 struct 1 1\n"},
		{"rw := reflect.ValueOf(Hv{1})\nfmt.Println(rw.Type(), rw.NumMethod(), rw.Type().Name(), rw.Type().PkgPath())",
			"main.Hv 0 Hv main\n"},
		{"fmt.Println(reflect.ValueOf(hm).NumMethod(), reflect.ValueOf(hm).MethodByName(\"Nope\").IsValid())",
			"1 false\n"},
		{"var pp any = &Hv{}\nfmt.Println(reflect.TypeOf(pp).NumMethod(), reflect.ValueOf(pp).Type(), reflect.ValueOf(pp).NumMethod(), reflect.ValueOf(pp).Elem().Type())",
			"1 *main.Hv 1 main.Hv\n"},
		{"tt := reflect.TypeOf(Ht{})\nfmt.Println(tt.NumMethod(), tt == reflect.TypeOf(Ht{2}), tt.Name(), tt.PkgPath(), reflect.PointerTo(tt), reflect.TypeOf(&Ht{}).Elem())",
			"1 true Ht main *main.Ht main.Ht\n"},
		{"var a4 any = Hm{4}\nfmt.Println(reflect.ValueOf(&a4).Elem().Type(), reflect.ValueOf(&a4).Elem().Elem().Type())",
			"interface {} main.Hm\n"},
		{"fmt.Println(reflect.ValueOf(3).Type(), reflect.ValueOf(struct{ A, B int }{1, 2}).Type(), reflect.ValueOf([]any{1}).Index(0).Elem().Type())",
			"int struct { A int; B int } int\n"},
		{"m := map[string]Hm{\"a\": {2}}\nfmt.Println(reflect.ValueOf(m).MapIndex(reflect.ValueOf(\"a\")).Type(), reflect.TypeOf(m), reflect.TypeOf(m).Elem(), reflect.TypeOf(m).Key())",
			"main.Hm map[string]main.Hm main.Hm string\n"},
		{"_, ok := tt.MethodByName(\"hidden\")\nfmt.Println(ok, rv.Interface().(Hm).X)",
			"false 1\n"},
		// An unexported field's name was yaegi's X+name, and FieldByName
		// found that one.
		{"tf := reflect.TypeOf(Hv{1})\nf0 := tf.Field(0)\n_, ok1 := tf.FieldByName(\"Xx\")\ng, ok2 := tf.FieldByName(\"x\")\n" +
			"fmt.Println(f0.Name, f0.PkgPath, f0.IsExported(), ok1, ok2, g.Name, reflect.ValueOf(hm).Type().Field(0).Name)",
			"x main false false true x X\n"},
		// reflect's functions given a reflect.Type with Go's name: New
		// and Zero panicked with "interface conversion: reflect.Type is
		// goexec.sessionType, not *reflect.rtype".
		{"nv := reflect.New(reflect.TypeOf(Hm{})).Elem()\nnv.Field(0).SetInt(5)\n" +
			"fmt.Println(nv.Interface().(Hm).X, nv.Type(), reflect.Zero(tt).Type(), reflect.TypeOf(Hm{}).AssignableTo(reflect.TypeOf(hm)))",
			"5 main.Hm main.Ht true\n"},
	})
	// An error holding a pointer: yaegi's Value was its wrapper of the
	// error's methods (Elem panicked). (re.Interface().(error) is yaegi's
	// CompileError "cannot use (type valueT) as type errorT in return
	// argument", on main too.)
	run(t, e, "type ME struct{ c int }\n\nfunc (m *ME) Error() string { return \"me\" }\n\nvar err error = &ME{1}")
	checkOutputs(t, e, []outputCase{
		{"re := reflect.ValueOf(err)\nfmt.Println(re.Kind(), re.Type(), re.Elem().Field(0).Int(), re.NumMethod())\nfmt.Printf(\"%T %v\\n\", re.Interface(), re.Interface())",
			"ptr *main.ME 1 1\n*main.ME me\n"},
	})
	// Two types of one underlying struct type: the interpreter keeps them
	// as one reflect type. Asking its name ends the cell; its kind is
	// yaegi's answer, and Go's.
	run(t, e, "type Hs struct{ x int }")
	checkOutputs(t, e, []outputCase{{"rk := reflect.ValueOf(Hv{1})\nfmt.Println(rk.Type().Kind(), rk.Type().NumField())", "struct 1\n"}})
	ee, rec := fail(t, e, context.Background(), "fmt.Println(rk.Type())")
	msg := "the interpreter cannot tell which of main.Hs, main.Hv a value of type struct { Xx int } is: it keeps them as one type. " +
		"Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"
	if ee != nil && (ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "") {
		t.Errorf("rk.Type() of a type two session types share: %s %q, printed %q; want the InterpreterLimit %q", ee.Name, ee.Value, rec.stream("stdout"), msg)
	}
}

// TestReflectMethodsRefused: the methods of a session type that reflect
// would give (Method, MethodByName of an exported method) end the cell
// with an InterpreterLimit naming the call and the type: yaegi's reflect
// type has none (MethodByName's Value was invalid, Method(0) panicked
// with reflect's index out of range).
func TestReflectMethodsRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, reflectSession+"\n\nvar hm any = Hm{1}\n\nvar tt = reflect.TypeOf(Ht{})")
	fix := ", a type declared in a cell, cannot run in the interpreter: its reflect type has none of "
	tail := "'s methods. Call the method directly (or through an interface), or run this code compiled (a cell with func main, or %%compile)"
	for _, c := range []struct{ code, msg string }{
		{"fmt.Println(reflect.ValueOf(hm).MethodByName(\"Hello\").IsValid())", "reflect.Value.MethodByName of main.Hm" + fix + "main.Hm" + tail},
		{"rv := reflect.ValueOf(hm)\nfmt.Println(rv.Method(0).IsValid())", "reflect.Value.Method of main.Hm" + fix + "main.Hm" + tail},
		{"fmt.Println(tt.Method(0).Name)", "reflect.Type.Method of main.Ht" + fix + "main.Ht" + tail},
		{"_, ok := tt.MethodByName(\"Hi\")\nfmt.Println(ok)", "reflect.Type.MethodByName of main.Ht" + fix + "main.Ht" + tail},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee == nil {
			continue
		}
		if ee.Name != "InterpreterLimit" || ee.Value != c.msg {
			t.Errorf("%q: %s %q, want the InterpreterLimit %q", c.code, ee.Name, ee.Value, c.msg)
		}
		if out := rec.stream("stdout"); out != "" {
			t.Errorf("%q printed %q before the refusal", c.code, out)
		}
	}
}

// TestPromotedFieldByName: FieldByName through a reflect.Type kept in a
// variable finds promoted fields, through a pointer too, as Go does, and
// Field of an embedded field is Anonymous: yaegi's embedded fields are
// not, so reflect found none ("[] false" for B). go run's output.
func TestPromotedFieldByName(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pa struct{ A, B int }\n\ntype In struct{ C string }\n\n"+
		"type Em struct {\n\tPa\n\tz bool\n\t*In\n}\n\ntype Two struct {\n\tPa\n\tQ  struct{ A int }\n\tPb Pa\n}")
	checkOutputs(t, e, []outputCase{
		{"te := reflect.TypeOf(Em{})\nfor _, n := range []string{\"B\", \"Pa\", \"z\", \"C\", \"In\", \"Q\"} {\n\tf, ok := te.FieldByName(n)\n\tfmt.Println(n, f.Name, f.Index, ok, f.Anonymous, f.PkgPath)\n}\n" +
			"f := te.Field(0)\nfmt.Println(f.Name, f.Anonymous, f.Index)\ntt := reflect.TypeOf(Two{})\nfor _, n := range []string{\"A\", \"B\", \"Pb\"} {\n\tf, ok := tt.FieldByName(n)\n\tfmt.Println(n, f.Name, f.Index, ok)\n}",
			"B B [0 1] true false \nPa Pa [0] true true \nz z [1] true false main\nC C [2 0] true false \nIn In [2] true true \nQ  [] false false \nPa true [0]\nA A [0 0] true\nB B [0 1] true\nPb Pb [2] true\n"},
	})
}

// TestStructFieldTypeNamed: a StructField's Type of a field written with
// a session type has Go's name (yaegi's had none: struct { X int } for
// main.In, []int for main.Sl), through a reflect.Type kept in a variable,
// reflect.TypeOf(x).Field directly, FieldByName, v.Type().Field and an
// interface's dynamic type. The lines are go run's of the same statements
// in func main.
func TestStructFieldTypeNamed(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Sl []int\n\ntype In struct{ X int }\n\nfunc (In) M() {}\n\n"+
		"type Out struct {\n\tI In\n\tS Sl\n\tP *In\n\tL []In\n\tN int\n}")
	checkOutputs(t, e, []outputCase{
		{"ot := reflect.TypeOf(Out{})\nfmt.Println(ot.Field(0).Type, ot.Field(1).Type, ot.Field(2).Type, ot.Field(3).Type, ot.Field(4).Type)\n" +
			"fmt.Println(ot.Field(0).Type.Name(), ot.Field(0).Type.PkgPath(), ot.Field(0).Type.NumMethod(), ot.Field(0).Type.Field(0).Name, ot.Field(1).Type.Kind())",
			"main.In main.Sl *main.In []main.In int\nIn main 1 X slice\n"},
		{"f, _ := reflect.TypeOf(Out{}).FieldByName(\"S\")\nfmt.Println(reflect.TypeOf(Out{}).Field(0).Type, f.Type, f.Type.Name())",
			"main.In main.Sl Sl\n"},
		{"ov := reflect.ValueOf(Out{})\ng, _ := ov.Type().FieldByName(\"I\")\nvar oa any = Out{}\n" +
			"fmt.Println(ov.Type().Field(0).Type, g.Type, reflect.TypeOf(oa).Field(1).Type, reflect.TypeOf(&Out{}).Elem().Field(2).Type)",
			"main.In main.In main.Sl *main.In\n"},
	})
}

// TestReflectValuesSharedTypes: a reflect.Value kept in a variable, of a
// static type that the interpreter keeps as another's reflect type: a
// session type on a type that is not a struct (main.Sl is, to yaegi,
// []int: sv.Type() printed []int), the type it is on, a type written with
// it, and an unnamed struct type with the fields of a session struct
// (av.Type() printed main.Pa). reflect.ValueOf of such a static type is
// ValueOfStatic, which keeps the type's name; the lines are go run's of
// the same statements in func main. A Value of such a reflect type that
// did not come from it (a field, an interface's) ends the cell with an
// InterpreterLimit when its type is asked: nothing tells []int from
// main.Sl.
func TestReflectValuesSharedTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pa struct{ A, B int }\n\ntype Sl []int\n\ntype N int\n\ntype Out struct{ S Sl }")
	checkOutputs(t, e, []outputCase{
		{"sv := reflect.ValueOf(Sl{1})\nfmt.Println(sv.Type(), sv.Type().Name(), sv.Len(), sv.CanSet(), sv.Interface().(Sl))",
			"main.Sl Sl 1 false [1]\n"},
		{"iv := reflect.ValueOf([]int{1})\nnv := reflect.ValueOf(N(3))\nn3 := reflect.ValueOf(3)\nps := reflect.ValueOf(&Sl{2})\n" +
			"fmt.Println(iv.Type(), nv.Type(), n3.Type(), ps.Type(), ps.Elem().Len(), nv.Int())",
			"[]int main.N int *main.Sl 1 3\n"},
		{"av := reflect.ValueOf(struct{ A, B int }{1, 2})\npv := reflect.ValueOf(Pa{1, 2})\nhv := reflect.ValueOf(struct{ x int }{1})\n" +
			"fmt.Println(av.Type(), pv.Type(), hv.Type(), av.Type() == pv.Type())",
			"struct { A int; B int } main.Pa struct { x int } false\n"},
		{"ls := reflect.ValueOf([]Sl{{1}})\nfmt.Println(ls.Type(), ls.Len())", "[]main.Sl 1\n"},
	})
	msg := "the interpreter cannot tell whether this reflect.Value of type []int is a main.Sl or not: it keeps main.Sl as []int. " +
		"Ask reflect.TypeOf of a variable of the type, or run this code compiled (a cell with func main, or %%compile)"
	for _, code := range []string{
		"ov := reflect.ValueOf(Out{})\nfmt.Println(ov.Field(0).Type())",
		"var ai any = Sl{1}\nrv := reflect.ValueOf(ai)\nfmt.Println(rv.Type())",
	} {
		ee, rec := fail(t, e, context.Background(), code)
		if ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "" {
			t.Errorf("%q: %s %q, printed %q; want the InterpreterLimit %q (go run: main.Sl)", code, ee.Name, ee.Value, rec.stream("stdout"), msg)
		}
	}
}

// TestSharedStructIntoInterface: a value of an unnamed struct type with
// the fields of a session struct type put in an interface in a cell's
// code is refused before the cell runs: the interpreter keeps both as one
// type, so that == with a Pa{1, 2} held by an any said true and %T of a
// pointer printed *main.Pa (go run's false and *struct { A int; B int }). Its
// static uses are Go's (go run's lines).
func TestSharedStructIntoInterface(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\ntype Pa struct{ A, B int }")
	for _, c := range []struct{ code, typ string }{
		{"var ua any = struct{ A, B int }{1, 2}\nfmt.Printf(\"%T\\n\", ua)", "struct{A int; B int}"},
		{"xs := []any{&struct{ A, B int }{1, 2}}\nfmt.Printf(\"%T\\n\", xs...)", "*struct{A int; B int}"},
	} {
		ee, rec := fail(t, e, context.Background(), c.code)
		named := strings.Replace(c.typ, "struct{A int; B int}", "main.Pa", 1)
		why := "== and type switches and assertions would take it for "
		if strings.HasPrefix(named, "*") {
			why = "%T, reflect and type switches would name it "
		}
		msg := "a value of " + c.typ + ", an unnamed type with the fields of " + named + ", put in an interface (any) cannot run in the interpreter: " +
			"it keeps both as one type, so " + why + named + "; convert it to " + named +
			" or declare a type of its own, or run it compiled (a cell with func main, or %%compile)"
		if ee.Name != "CompileError" || !strings.Contains(ee.Value, msg) || rec.stream("stdout") != "" {
			t.Errorf("%q: %s %q, printed %q; want the CompileError %q", c.code, ee.Name, ee.Value, rec.stream("stdout"), msg)
		}
	}
	checkOutputs(t, e, []outputCase{
		{"fmt.Printf(\"%T %v\\n\", struct{ A, B int }{1, 2}, struct{ A, B int }{1, 2})\nfmt.Println(reflect.TypeOf(struct{ A, B int }{1, 2}))\n" +
			"ts := []struct{ A, B int }{{1, 2}}\nfmt.Println(ts, Pa(ts[0]))",
			"struct { A int; B int } {1 2}\nstruct { A int; B int }\n[{1 2}] {1 2}\n"},
	})
}
