package goexec

import (
	"context"
	"testing"
)

// TestLocalTypeIntoInterface: a value of a struct type declared inside a
// function (a local type), without methods, whose reflect type no other
// type of the session or the cell shares, put in an interface by the
// cell's own code runs and prints as go run does (issue 12: it was
// refused before the cell ran, "a value of L, a type declared inside a
// function, put in an interface (any) cannot run in the interpreter").
// It is a candidate of its own (front/shadows.go), which names it as Go
// does wherever the value goes; with no other type of its fields, ==,
// type switches and assertions have nothing to take it for. Each case's
// session cell declares the functions, and its cells run in order; want
// is go run's output of the same program.
func TestLocalTypeIntoInterface(t *testing.T) {
	for _, c := range []struct {
		what, session string
		cells         []string
		want          string
	}{
		{"a function returning a local type as any (issue 12)",
			"import (\n\t\"fmt\"\n\t\"reflect\"\n)\n\nfunc f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}",
			[]string{"fmt.Printf(\"%T %v\\n\", f(), f())", "x := f()\nfmt.Printf(\"%T %v %+v %#v %v\\n\", x, x, x, x, reflect.TypeOf(x))\nfmt.Println(x == f(), x == any(3))"},
			"main.L {1}\nmain.L {1} {a:1} main.L{a:1} main.L\ntrue false\n"},
		{"a slice of any built from local values",
			"import (\n\t\"fmt\"\n)\n\nfunc rows() []any {\n\ttype row struct {\n\t\tname string\n\t\tn    int\n\t}\n\tvar out []any\n\tfor i, s := range []string{\"a\", \"b\"} {\n\t\tout = append(out, row{s, i})\n\t}\n\treturn append(append(out, 7), []any{row{\"c\", 9}}...)\n}",
			[]string{"for _, r := range rows() {\n\tfmt.Printf(\"%T %+v|\", r, r)\n}\nfmt.Println()\nfmt.Println(rows())\nfmt.Printf(\"%v %+v\\n\", rows(), rows())"},
			"main.row {name:a n:0}|main.row {name:b n:1}|int 7|main.row {name:c n:9}|\n[{a 0} {b 1} 7 {c 9}]\n[{a 0} {b 1} 7 {c 9}] [{name:a n:0} {name:b n:1} 7 {name:c n:9}]\n"},
		{"a map[string]any of local values",
			"import (\n\t\"fmt\"\n)\n\nfunc config() map[string]any {\n\ttype limit struct{ lo, hi int }\n\tm := map[string]any{\"x\": limit{0, 10}}\n\tm[\"y\"] = limit{-1, 1}\n\tvar z any = limit{2, 3}\n\tm[\"z\"] = z\n\treturn m\n}",
			[]string{"m := config()\nfmt.Println(m)\nfmt.Printf(\"%T %+v %#v\\n\", m[\"y\"], m[\"y\"], m[\"z\"])\nfmt.Println(m[\"x\"] == m[\"y\"], m[\"z\"] == config()[\"z\"])"},
			"map[x:{0 10} y:{-1 1} z:{2 3}]\nmain.limit {lo:-1 hi:1} main.limit{lo:2, hi:3}\nfalse true\n"},
		{"a struct field of type any",
			"import (\n\t\"fmt\"\n)\n\ntype Box struct {\n\tLabel string\n\tV     any\n}\n\nfunc box() Box {\n\ttype point struct{ x, y float64 }\n\tb := Box{Label: \"p\", V: point{1, 2}}\n\treturn b\n}",
			[]string{"b := box()\nfmt.Printf(\"%T %+v|%+v|%v\\n\", b.V, b.V, b, b)\nfmt.Printf(\"%#v\\n\", b)"},
			"main.point {x:1 y:2}|{Label:p V:{x:1 y:2}}|{p {1 2}}\nmain.Box{Label:\"p\", V:main.point{x:1, y:2}}\n"},
		{"a type switch and assertions on local types",
			"import (\n\t\"fmt\"\n)\n\nfunc classify() string {\n\ttype circle struct{ r float64 }\n\ttype square struct{ side float64 }\n\tshapes := []any{circle{1}, square{2}, 3}\n\ts := \"\"\n\tfor _, sh := range shapes {\n\t\tswitch v := sh.(type) {\n\t\tcase circle:\n\t\t\ts += fmt.Sprint(\"circle \", v.r, \"; \")\n\t\tcase square:\n\t\t\ts += fmt.Sprint(\"square \", v.side, \"; \")\n\t\tdefault:\n\t\t\ts += fmt.Sprintf(\"%T; \", v)\n\t\t}\n\t}\n\t_, isSquare := shapes[0].(square)\n\tc, isCircle := shapes[0].(circle)\n\treturn fmt.Sprint(s, isSquare, \" \", c, \" \", isCircle)\n}",
			[]string{"fmt.Println(classify())"},
			"circle 1; square 2; int; false {1} true\n"},
		{"equality of interfaces holding local values",
			"import (\n\t\"fmt\"\n)\n\nfunc keys() (any, any, any) {\n\ttype key struct {\n\t\tid   int\n\t\tname string\n\t}\n\ttype other struct{ n int }\n\treturn key{1, \"a\"}, key{1, \"a\"}, other{1}\n}",
			[]string{"a, b, c := keys()\nfmt.Println(a == b, a != b, a == c, b == any(3))\nseen := map[any]bool{a: true}\nfmt.Println(seen[b], seen[c], len(seen))"},
			"true false false false\ntrue false 1\n"},
		{"printed through display and slog",
			"import (\n\t\"fmt\"\n\t\"log/slog\"\n\t\"os\"\n\t\"github.com/rbm-kernel/rbm-kernel/kernel/display\"\n)\n\nfunc reading() any {\n\ttype sample struct {\n\t\tSensor string\n\t\tvalue  float64\n\t}\n\treturn sample{\"t1\", 21.5}\n}",
			[]string{"fmt.Println(display.PlainText(reading()))\nlg := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {\n\tif a.Key == slog.TimeKey {\n\t\treturn slog.Attr{}\n\t}\n\treturn a\n}}))\nlg.Info(\"read\", \"v\", reading())"},
			"{Sensor:t1 \u2026}\nlevel=INFO msg=read v=\"{Sensor:t1 value:21.5}\"\n"},
		{"passed on through compiled code and read back",
			"import (\n\t\"fmt\"\n\t\"sync\"\n\t\"sort\"\n)\n\nfunc stored() (any, any) {\n\ttype entry struct{ k string; n int }\n\tvar m sync.Map\n\tm.Store(\"a\", entry{\"a\", 1})\n\tm.Store(\"p\", &entry{\"p\", 2})\n\ta, _ := m.Load(\"a\")\n\tp, _ := m.Load(\"p\")\n\tch := make(chan any, 1)\n\tch <- entry{\"c\", 3}\n\tc := <-ch\n\tfmt.Printf(\"%T %+v\\n\", c, c)\n\txs := []any{entry{\"z\", 1}, entry{\"y\", 2}}\n\tsort.Slice(xs, func(i, j int) bool { return xs[i].(entry).k < xs[j].(entry).k })\n\tfmt.Println(xs)\n\treturn a, p\n}",
			[]string{"a, p := stored()\nfmt.Printf(\"%T %+v %v|%T %+v %v\\n\", a, a, a, p, p, p)"},
			"main.entry {k:c n:3}\n[{y 2} {z 1}]\nmain.entry {k:a n:1} {a 1}|*main.entry &{k:p n:2} &{p 2}\n"},
		{"given to a function of the session and to a function value",
			"import (\n\t\"fmt\"\n)\n\nfunc show(x any) string { return fmt.Sprintf(\"%T %+v\", x, x) }\n\nvar hook = func(xs ...any) string { return fmt.Sprint(xs...) }\n\nfunc report() string {\n\ttype pair struct{ A int; b bool }\n\treturn show(pair{1, true}) + \" | \" + hook(pair{2, false}, any(pair{3, true}))\n}",
			[]string{"fmt.Println(report())"},
			"main.pair {A:1 b:true} | {2 false} {3 true}\n"},
		{"%T of the elements of a []any given with ...", "import \"fmt\"\n\nfunc pair() []any {\n\ttype cell struct{ row, col int }\n\treturn []any{cell{1, 2}, cell{3, 4}}\n}",
			[]string{"fmt.Printf(\"%T %T\\n\", pair()...)\nxs := pair()\nfmt.Printf(\"%T|%v|%+v\\n\", append(xs, 5)...)"},
			"main.cell main.cell\nmain.cell|{3 4}|5\n"},
	} {
		e := newExec(t)
		run(t, e, c.session)
		got := ""
		for _, code := range c.cells {
			rec := &recorder{}
			_, err := e.Execute(context.Background(), code, rec)
			got += rec.stream("stdout")
			if err != nil {
				got += "error: " + err.Error() + "\n"
				break
			}
		}
		if got != c.want {
			t.Errorf("%s: printed %q; want go run's %q", c.what, got, c.want)
		}
	}
}

// TestLocalTypeIntoInterfaceRefused: where the kernel still could not
// give Go's answer, a local type's value put in an interface by the
// cell, or an unnamed struct type's with the fields of a session struct
// type, is refused before the cell runs, with the reason: a type of the
// same fields beside it (yaegi keeps them as one reflect type, and ==,
// type switches and assertions compare those: go run prints false where
// the kernel printed true), a local type on a type that is not a struct
// (held as its underlying type: %T printed int for main.L), one with
// methods promoted from an embedded field (printed without them: "{tm1
// 2}" for go run's "tm1"), and one with a field of another local type
// (printed with X+name fields); a pointer to an unnamed struct type with
// the fields of a session type is named as the session type's pointer
// (go run *struct { n int } &{3}, the kernel *main.P &{3}).
func TestLocalTypeIntoInterfaceRefused(t *testing.T) {
	const why = "cannot run in the interpreter: "
	const fix = "; declare the type at the cell's top level, or run it compiled (a cell with func main, or %%compile)"
	for _, c := range []struct {
		what, session, code, msg string
	}{
		{"an unnamed struct type with the fields of a session type (issue 12)", "type P struct {\n\tname string\n\tn    int\n}",
			"var y any = struct{ name string; n int }{\"c\", 3}\nfmt.Printf(\"%T %v %v\\n\", y, y, y == any(P{\"c\", 3}))",
			"cell line 1, column 13: a value of struct{name string; n int}, an unnamed type with the fields of main.P, put in an interface (any) " + why +
				"it keeps both as one type, so == and type switches and assertions would take it for main.P; convert it to main.P or declare a type of its own, or run it compiled (a cell with func main, or %%compile)"},
		{"a pointer to one", "type P struct{ n int }", "xs := []any{&struct{ n int }{3}}\nfmt.Println(xs...)",
			"cell line 1, column 13: a value of *struct{n int}, an unnamed type with the fields of *main.P, put in an interface (any) " + why +
				"it keeps both as one type, so %T, reflect and type switches would name it *main.P; convert it to *main.P or declare a type of its own, or run it compiled (a cell with func main, or %%compile)"},
		{"a local type with the fields of a session type", "type Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }",
			"func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Println(f() == any(Tm{1}))",
			"cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"it keeps main.L and main.Tm, of the same fields, as one type, so == and type switches and assertions would take one for the other" + fix},
		{"a local type with the fields of an unnamed struct type of the cell", "",
			"func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Println(f() == any(struct{ a int }{1}))",
			"cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"it keeps main.L and struct { a int }, of the same fields, as one type, so == and type switches and assertions would take one for the other" + fix},
		{"two local types of the same fields", "",
			"func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfunc g() any {\n\ttype M struct{ a int }\n\treturn M{1}\n}\nfmt.Println(f() == g())",
			"cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"it keeps main.L and main.M, of the same fields, as one type, so == and type switches and assertions would take one for the other" + fix},
		{"two local types of the same name and fields", "",
			"func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfunc g() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Println(f() == g())",
			"cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"it keeps main.L and main.L (another function's), of the same fields, as one type, so == and type switches and assertions would take one for the other" + fix},
		{"a local type on a type that is not a struct", "", "func f() any {\n\ttype L int\n\treturn L(1)\n}\nfmt.Printf(\"%T\\n\", f())",
			"cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"it keeps it as int, so %T, reflect and type switches would name it int" + fix},
		{"a local type with promoted methods", "type Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }",
			"func f() any {\n\ttype L struct {\n\t\tTm\n\t\tb int\n\t}\n\treturn L{Tm{1}, 2}\n}\nfmt.Println(f())",
			"cell line 6, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"its methods, promoted from an embedded field, are not kept with it there, so it would print without them" + fix},
		{"a local type with a field of another local type", "",
			"func f() any {\n\ttype L0 struct{ a int }\n\ttype L struct{ b L0 }\n\treturn L{L0{1}}\n}\nfmt.Println(f())",
			"cell line 4, column 9: a value of L, a type declared inside a function, put in an interface (any) " + why +
				"its fields are of a type declared inside a function, which the interpreter's description of it cannot name, so it would print with X+name fields" + fix},
	} {
		e := newExec(t)
		run(t, e, "import \"fmt\"\n\n"+c.session)
		ee, rec := fail(t, e, context.Background(), c.code)
		if ee.Name != "CompileError" || len(ee.Traceback) == 0 || ee.Traceback[0] != c.msg || rec.stream("stdout") != "" {
			t.Errorf("%s: %s %q (%q), printed %q; want the CompileError %q", c.what, ee.Name, ee.Value, ee.Traceback, rec.stream("stdout"), c.msg)
		}
	}
}

// TestLocalTypeOtherFunctionLaterCell: a local type of the same name and
// fields as one of an earlier cell, declared in another function, is
// another type (go run: f() == g() is false), which the session kept as
// the earlier one (it keeps its cells' local types once by name and
// fields, so that a cell run again is not another type: yaegi's ==
// said true). The session now tells them apart by the function that
// declares each (a method's, "(main.T).m"), and the later one put in an
// interface is refused as two in one cell are; a cell of declarations
// alone so refused is compiled, where == is Go's. The cell that declares
// the same function again, and a method's, runs as before.
func TestLocalTypeOtherFunctionLaterCell(t *testing.T) {
	const msg = "cell line 3, column 9: a value of L, a type declared inside a function, put in an interface (any) cannot run in the interpreter: " +
		"it keeps main.L and main.L (another function's), of the same fields, as one type, so == and type switches and assertions would take one for the other; " +
		"declare the type at the cell's top level, or run it compiled (a cell with func main, or %%compile)"
	e := newExec(t)
	run(t, e, "import \"fmt\"")
	run(t, e, "func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}")
	ee, rec := fail(t, e, context.Background(), "func g() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Println(f() == g())")
	if ee.Name != "CompileError" || len(ee.Traceback) == 0 || ee.Traceback[0] != msg || rec.stream("stdout") != "" {
		t.Errorf("g's L beside f's: %s %q (%q), printed %q; want the CompileError %q (go run: false)", ee.Name, ee.Value, ee.Traceback, rec.stream("stdout"), msg)
	}
	run(t, e, "func g() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}")
	if _, rec := run(t, e, "fmt.Println(f() == g(), f() == f())"); rec.stream("stdout") != "false true\n" {
		t.Errorf("f() == g(), f() == f() printed %q; want go run's \"false true\\n\"", rec.stream("stdout"))
	}
	for i := range 2 {
		for _, code := range []string{
			"func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Println(f())",
			"type T struct{}\n\nfunc (T) m() any {\n\ttype M struct{ a string }\n\treturn M{\"x\"}\n}\nfmt.Println(T{}.m())",
		} {
			rec := &recorder{}
			if _, err := e.Execute(context.Background(), code, rec); err != nil || (rec.stream("stdout") != "{1}\n" && rec.stream("stdout") != "{x}\n") {
				t.Errorf("run %d of %q: printed %q, error %v; want go run's", i+1, code, rec.stream("stdout"), err)
			}
		}
	}
}

// TestRefusedDeclarationsWithMethodsAgain: a cell of declarations alone
// that the front end refuses is compiled, and declares its type as the
// compiled package's; the same cell run again, declaring the type and
// its methods again, made go/types panic in the session's check (the
// methods' receiver was the compiled type, which the checker had not
// declared): the session stopped checking cells ("the type checker
// failed"), and later cells ran unchecked.
func TestRefusedDeclarationsWithMethodsAgain(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"")
	const cell = "type T struct{}\n\nfunc (T) M() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\n\nfunc (T) N() any {\n\ttype L struct{ a int }\n\treturn L{2}\n}"
	for i := range 2 {
		run(t, e, cell)
		if e.front == nil {
			t.Fatalf("run %d: the session no longer checks its cells", i+1)
		}
	}
	if _, rec := run(t, e, "fmt.Println(T{}.M() == T{}.N())"); rec.stream("stdout") != "false\n" || e.front == nil {
		t.Errorf("T{}.M() == T{}.N() printed %q (checked: %v); want go run's \"false\\n\"", rec.stream("stdout"), e.front != nil)
	}
}

// TestLocalTypeThroughFmtValue: fmt's printing function taken as a value
// in a session without types of its own (FmtValue…, goexec/fmtvalues.go)
// ends the cell rather than print a local type's value as the
// interpreter holds it (struct { Xa int } {Xa:1}, go run main.S {a:1}).
// TestLocalTypeCellRunAgain: the cell that declares a local type and puts
// its value in an interface runs again (a notebook's cell run twice):
// the session keeps the type of the first run by name and fields, which
// is not another type of the same fields.
func TestLocalTypeCellRunAgain(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"")
	const cell = "func f() any {\n\ttype L struct{ a int }\n\treturn L{1}\n}\nfmt.Printf(\"%T %+v %v\\n\", f(), f(), f() == f())"
	for i := range 3 {
		rec := &recorder{}
		if _, err := e.Execute(context.Background(), cell, rec); err != nil || rec.stream("stdout") != "main.L {a:1} true\n" {
			t.Errorf("run %d: printed %q, error %v; want go run's \"main.L {a:1} true\\n\"", i+1, rec.stream("stdout"), err)
		}
	}
}

func TestLocalTypeThroughFmtValue(t *testing.T) {
	msg := "fmt.Printf used as a function value, taken before the session declared types, cannot print %T, or a value that may be of a type " +
		"declared in a cell, in the interpreter: it would print it as the interpreter holds it (without its type's name and methods, with X+name " +
		"fields), as the kernel rewrites fmt's arguments only in a direct call; call fmt.Printf directly, or run this code compiled (a cell with func main, or %%compile)"
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\nvar p = fmt.Printf")
	ee, rec := fail(t, e, context.Background(), "func r() any {\n\ttype S struct{ a int }\n\treturn S{1}\n}\np(\"%v %+v\\n\", r(), r())")
	if ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "" {
		t.Errorf("%s %q, printed %q; want the InterpreterLimit %q", ee.Name, ee.Value, rec.stream("stdout"), msg)
	}
	if _, rec := run(t, e, "p(\"%d %s\\n\", 1, \"a\")"); rec.stream("stdout") != "1 a\n" {
		t.Errorf("p(1, a) printed %q, want go run's \"1 a\\n\"", rec.stream("stdout"))
	}
}

// TestLocalTypeLaterSameFields: a local type's value put in an any when
// no other type had its fields is not recorded; a type of the same fields
// that a later cell declares shares its reflect type, and an assertion,
// a type switch or == between them, where yaegi said true (go run false),
// ends the cell with an InterpreterLimit naming both (front/typeswitch.go
// contestedNames, front/equality.go). Printing it stays Go's where the
// value was recorded, and ends the cell where not (%T: main.L).
func TestLocalTypeLaterSameFields(t *testing.T) {
	msg := "the interpreter cannot tell which of main.Qb, main.L a value of type struct { Xb string } is: it keeps them as one type. " +
		"Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\nfunc gq() any {\n\ttype L struct{ b string }\n\treturn L{\"v\"}\n}\n\nvar xq = gq()")
	run(t, e, "type Qb struct{ b string }")
	for _, code := range []string{
		"_, isQ := xq.(Qb)\nfmt.Println(isQ)",
		"fmt.Println(xq == any(Qb{\"v\"}))",
		"switch xq.(type) {\ncase Qb:\n\tfmt.Println(\"Qb\")\ndefault:\n\tfmt.Println(\"other\")\n}",
	} {
		ee, rec := fail(t, e, context.Background(), code)
		if ee.Name != "InterpreterLimit" || ee.Value != msg || rec.stream("stdout") != "" {
			t.Errorf("%q: %s %q, printed %q; want the InterpreterLimit %q (go run: false, other)", code, ee.Name, ee.Value, rec.stream("stdout"), msg)
		}
	}
	// A value of Qb put in an any by the cell is recorded, and told apart.
	if _, rec := run(t, e, "var q any = Qb{\"v\"}\n_, isQ := q.(Qb)\nfmt.Printf(\"%T %v %v\\n\", q, isQ, q == any(Qb{\"v\"}))"); rec.stream("stdout") != "main.Qb true true\n" {
		t.Errorf("a recorded Qb printed %q, want go run's \"main.Qb true true\\n\"", rec.stream("stdout"))
	}
}
