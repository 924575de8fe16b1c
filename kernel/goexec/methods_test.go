package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestMethodsOfCellTypes: a value of a type declared in a cell is shown
// and printed through its Error or String method, as Go's fmt does (a
// cell's result that is an error is marked as one).
func TestMethodsOfCellTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "type T struct{ A int }\n\nfunc (t T) String() string { return fmt.Sprintf(\"T<%d>\", t.A) }")
	run(t, e, "type E struct{ code int }\n\nfunc (e E) Error() string { return fmt.Sprint(\"E\", e.code) }")
	run(t, e, "type Both struct{}\n\nfunc (Both) Error() string { return \"as error\" }\nfunc (Both) String() string { return \"as string\" }")
	for _, c := range []struct{ code, want string }{
		{"T{1}", "T<1>"},
		{"x := T{2}\n&x", "T<2>"},
		{"E{7}", "error: E7"},
		{"Both{}", "error: as error"},
		{"fmt.Sprint(E{8})", `"E8"`},
		{"fmt.Sprintf(\"%v|%s|%+v\", T{3}, E{4}, Both{})", `"T<3>|E4|as error"`},
		{"fmt.Errorf(\"wrap: %w\", E{9}).Error()", `"wrap: E9"`},
		{"type Code int\n\nfunc (c Code) Error() string { return fmt.Sprintf(\"code %d\", c) }\nfmt.Sprintf(\"%v %d %5.1f|%s\", Code(1), Code(2), 2.5, Code(3))", `"code 1 2   2.5|code 3"`},
		{"func mk() error { return E{5} }\nmk()", "error: E5"},
		{"err := mk()\nerr", "error: E5"},
		{"var gerr error = E{8}\nfmt.Sprint(gerr)", `"E8"`},
		{"gerr = E{10}\ngerr", "error: E10"},
		{"var gs fmt.Stringer = T{6}\ngs", "T<6>"},
		{"func() { gerr = E{11} }()\ngerr.Error()", `"E11"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestErrorChainsOfCellTypes: errors.Is and errors.As find errors of types
// declared in cells inside wrapped chains, as in Go.
func TestErrorChainsOfCellTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "type NotFound struct{ Name string }\n\nfunc (e *NotFound) Error() string { return \"not found: \" + e.Name }\n\nfunc find(n string) error { return fmt.Errorf(\"find: %w\", &NotFound{n}) }")
	run(t, e, "type Code int\n\nfunc (c Code) Error() string { return fmt.Sprint(\"code \", int(c)) }\n\nfunc h() error { return fmt.Errorf(\"h: %w\", Code(3)) }")
	for _, c := range []struct{ code, want string }{
		{"var nf *NotFound\nok := errors.As(find(\"x\"), &nf)\nfmt.Sprint(ok, \" \", nf.Name)", `"true x"`},
		{"errors.Is(h(), Code(3))", "true"},
		{"errors.Is(h(), Code(4))", "false"},
		{"var c Code\nerrors.As(h(), &c)\nint(c)", "3"},
		{"errors.Is(errors.Join(errors.New(\"a\"), h()), Code(3))", "true"},
		{"var ErrEmpty = errors.New(\"empty\")\nerrors.Is(fmt.Errorf(\"g: %w\", ErrEmpty), ErrEmpty)", "true"},
		{"var pe *os.PathError\n_, err := os.Open(\"/nonexistent/x\")\nerrors.As(err, &pe)", "true"},
		{"errors.Is(err, os.ErrNotExist)", "true"},
		{"var nf2 *NotFound\nerrors.As(h(), &nf2)", "false"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestUnexportedFieldsShown: a result whose type is a struct of the
// session with unexported fields shows Go's field names, not yaegi's.
func TestUnexportedFieldsShown(t *testing.T) {
	e := newExec(t)
	run(t, e, "type S struct{ a, b int }\n\ntype Outer struct {\n\tName  string\n\tinner S\n\tlist  []S\n}")
	for _, c := range []struct{ code, want string }{
		{"S{1, 2}", "{a:1 b:2}"},
		{"&S{3, 4}", "&{a:3 b:4}"},
		{"[]S{{1, 2}, {3, 4}}", "[{a:1 b:2} {a:3 b:4}]"},
		{"map[int]S{10: {1, 1}, 9: {2, 2}}", "map[9:{a:2 b:2} 10:{a:1 b:1}]"},
		{"Outer{\"x\", S{5, 6}, []S{{7, 8}}}", "{Name:x inner:{a:5 b:6} list:[{a:7 b:8}]}"},
		{"type P struct{ X, Y float64 }\nP{1.5, 2}", "{X:1.5 Y:2}"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestFmtOfSessionTypes: fmt's and log's printing functions print values
// of the session's types with Go's names of types and fields.
func TestFmtOfSessionTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Point struct{ X, Y int }\n\ntype rec struct {\n\tname string\n\ttags []string\n\tat   *Point\n}\n\ntype Level uint")
	for _, c := range []struct{ code, want string }{
		{"fmt.Sprintf(\"%v|%+v|%#v|%T\", Point{3, -4}, Point{3, -4}, Point{3, -4}, Point{})", `"{3 -4}|{X:3 Y:-4}|main.Point{X:3, Y:-4}|main.Point"`},
		{"r := rec{\"x\", []string{\"a\", \"b\"}, nil}\nfmt.Sprintf(\"%v|%+v\", r, r)", `"{x [a b] <nil>}|{name:x tags:[a b] at:<nil>}"`},
		{"fmt.Sprintf(\"%+v\", &r)", `"&{name:x tags:[a b] at:<nil>}"`},
		{"fmt.Sprintf(\"%#v\", []Point{{1, 2}})", `"[]main.Point{main.Point{X:1, Y:2}}"`},
		{"fmt.Sprintf(\"%v %T\", map[string]Point{\"b\": {1, 1}, \"a\": {2, 2}}, map[string]Point{})", `"map[a:{2 2} b:{1 1}] map[string]main.Point"`},
		{"fmt.Sprint(Level(2), \" \", fmt.Sprintf(\"%T %d\", Level(2), Level(2)))", `"2 main.Level 2"`},
		{"fmt.Sprintln(rec{name: \"y\"})", "\"{y [] <nil>}\\n\""},
		{"fmt.Sprintf(\"%5d|%x\", Point{1, 2}, Point{10, 11})", `"{    1     2}|{a b}"`},
		{"type Bytes []byte\nfmt.Sprintf(\"%s|%v|%T\", Bytes(\"ok\"), Bytes(\"ok\"), Bytes(nil))", `"ok|[111 107]|main.Bytes"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestCompletionUsesGoTypes: completion after "x." lists the fields and
// methods of a variable of a session type under their Go names, and
// inspect shows its Go type.
func TestCompletionUsesGoTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, "type S struct{ alpha, beta int }\n\nfunc (s S) Sum() int { return s.alpha + s.beta }\n\nfunc (s *S) Reset() { s.alpha, s.beta = 0, 0 }")
	run(t, e, "s := S{1, 2}")
	code := "s."
	c := e.Complete(code, len(code))
	got := strings.Join(c.Matches, " ")
	for _, want := range []string{"alpha", "beta", "Sum", "Reset"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("completion of %q = %q, missing %s", code, got, want)
		}
	}
	if strings.Contains(got, "Xalpha") {
		t.Errorf("completion of %q = %q: yaegi's field names", code, got)
	}
	data, ok := e.Inspect("s", 1, 0)
	if text, _ := data["text/plain"].(string); !ok || !strings.Contains(text, "var s S") {
		t.Errorf("inspect s = %v, %v; want its type S", data, ok)
	}
}

// TestJSONOfSessionStructs: encoding/json of a session struct with an
// unexported field writes what go run writes (yaegi would write the
// field as X+name; the cell was refused, TestJSONOfUnexportedFields),
// and one whose elements have a MarshalJSON method that json would not
// see is refused.
func TestJSONOfSessionStructs(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"encoding/json\"\n\ntype Pub struct {\n\tID   int    `json:\"id\"`\n\tName string `json:\"name\"`\n}\n\ntype Priv struct {\n\tID       int `json:\"id\"`\n\tinternal string\n}")
	if got, _ := run(t, e, "b, _ := json.Marshal(Pub{1, \"a\"})\nstring(b)"); got != `"{\"id\":1,\"name\":\"a\"}"` {
		t.Errorf("json of exported fields = %s", got)
	}
	// A MarshalJSON method does not help: json does not see it.
	run(t, e, "type Self struct{ hidden int }\n\nfunc (s Self) MarshalJSON() ([]byte, error) { return []byte(\"7\"), nil }")
	if ee, _ := fail(t, e, context.Background(), "b3, _ := json.Marshal([]Self{{1}})\n_ = b3"); ee == nil || ee.Name != "CompileError" {
		t.Errorf("json of a type with MarshalJSON and an unexported field: %v, want a CompileError", ee)
	}
	if got, _ := run(t, e, "b2, _ := json.Marshal(Priv{1, \"x\"})\nstring(b2)"); got != `"{\"id\":1}"` {
		t.Errorf("json of an unexported field = %s, go run {\"id\":1}", got)
	}
	// With a method of the value's own type, which yaegi passes on,
	// json calls it: go run's 7.
	if got, _ := run(t, e, "b4, _ := json.Marshal(Self{1})\nstring(b4)"); got != `"7"` {
		t.Errorf("json of a type with its own MarshalJSON = %s, go run 7", got)
	}
}

// A method promoted through an embedded field of an interface type:
// yaegi panicked on svc.Log("x") ("invalid interface value"), called or
// taken as a method value; the front end writes svc.Logger.Log. The lines
// are go run's.
func TestPromotedInterfaceMethod(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `type Logger interface{ Log(string) }
type prefixLog struct{ p string; lines *[]string }
func (l prefixLog) Log(s string) { *l.lines = append(*l.lines, l.p+s) }
type Service struct{ Logger; name string }
type Outer struct{ *Service }
var lines []string
svc := Service{prefixLog{"> ", &lines}, "svc"}
svc.Log("call")
f := svc.Log
f("value")
o := Outer{&svc}
o.Log("two deep")
var lg Logger = svc
lg.Log("interface")
fmt.Println(lines)`)
	if got, want := rec.stream("stdout"), "[> call > value > two deep > interface]\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// Method values of the session's types: Go evaluates the receiver when
// the method value is made (a copy for a value method, &x for a pointer
// method of an addressable x); yaegi read it when the method was called,
// so method values taken in a loop all ran on the loop's last value, and
// a later change of the variable showed. The lines are go run's.
func TestMethodValueBindsItsReceiver(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `type Point struct{ X, Y float64 }
func (p Point) String() string { return fmt.Sprintf("(%g,%g)", p.X, p.Y) }
type Counter struct{ n int }
func (c *Counter) Inc() int { c.n++; return c.n }
pts := []Point{{1, 2}, {3, 4}}
var fs []func() string
for _, p := range pts {
	fs = append(fs, p.String)
}
g := pts[0].String
pts[0].X = 100
cs := []*Counter{{}, {10}}
var incs []func() int
for _, c := range cs {
	incs = append(incs, c.Inc)
}
var plain Counter
inc := plain.Inc
inc()
fmt.Println(fs[0](), fs[1](), g(), incs[0](), incs[1](), incs[0](), plain.n)`)
	if got, want := rec.stream("stdout"), "(1,2) (3,4) (1,2) 1 11 2 1\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A method value promoted through an embedded struct binds its receiver
// too (a value method's copy, a pointer method's &d.Base); one promoted
// through an embedded interface still works. The lines are go run's.
func TestPromotedMethodValue(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `type Base struct{ ID int }
func (b Base) Describe() string { return fmt.Sprint("base ", b.ID) }
func (b *Base) Bump() { b.ID++ }
type Derived struct{ Base; Extra string }
type Logger interface{ Log(string) }
type pl struct{ p string }
func (l pl) Log(s string) { fmt.Println(l.p + s) }
type Svc struct{ Logger }
var ds []func() string
for i := 0; i < 3; i++ {
	d := Derived{Base{i}, "x"}
	ds = append(ds, d.Describe)
}
d := Derived{Base{7}, "y"}
bump := d.Bump
bump()
bump()
sv := Svc{pl{"> "}}
lf := sv.Log
lf("hi")
fmt.Println(ds[0](), ds[2](), d.ID)`)
	if got, want := rec.stream("stdout"), "> hi\nbase 0 base 2 9\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// A method expression of a session type (Celsius.F, (*Celsius).Inc) is a
// function with the receiver first: yaegi made one without it, and using
// it panicked ("reflect.Set: value of type func() float64 is not
// assignable to type func(float64) float64"). A method value of a value
// method taken from a pointer binds a copy of *p, as Go does: yaegi read
// *p when it was called (report() gave "b2"). Outputs are go run's.
func TestMethodExpressions(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Celsius float64\nfunc (c Celsius) F() float64 { return float64(c)*9/5 + 32 }\nfunc (c *Celsius) Inc(d float64) { *c += Celsius(d) }\nfunc (c Celsius) Sum(xs ...float64) float64 {\n\ts := float64(c)\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}\nfunc Map[T, U any](xs []T, f func(T) U) []U {\n\tvar out []U\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}\ntype Counter struct {\n\tname string\n\tn    int\n}\nfunc (c Counter) Report() string { return fmt.Sprint(c.name, c.n) }")
	_, rec := run(t, e, "fmt.Println(Map([]Celsius{0, 100}, Celsius.F))\nconv := Celsius.F\nc := Celsius(1)\ninc := (*Celsius).Inc\ninc(&c, 2)\nfmt.Println(conv(10), c, Celsius.Sum(1, 2, 3))\np := &Counter{\"a\", 1}\nreport := p.Report\np.name, p.n = \"b\", 2\nfmt.Println(report(), p.Report())\nfmt.Printf(\"%T\\n\", inc)")
	if got, want := rec.stream("stdout"), "[32 212]\n50 3 6\na1 b2\nfunc(*main.Celsius, float64)\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

// errors.Is with a target of static type error that holds a struct of
// several fields of the session: yaegi's wrapper keeps only its last
// field, so errors.Is(err, target) was true for E{2, "x"} against E{1,
// "x"}, silently; now an InterpreterLimit. A sentinel, a pointer, and a
// struct of one field compare as Go does (go run's answers).
func TestErrorsIsOfLostStructs(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"errors\"\ntype E struct{ Code int; Msg string }\nfunc (e E) Error() string { return fmt.Sprint(e.Code, e.Msg) }\nvar target error = E{1, \"x\"}\nerr := fmt.Errorf(\"wrap: %w\", E{2, \"x\"})")
	if ee, _ := fail(t, e, context.Background(), "errors.Is(err, target)"); ee == nil || ee.Name != "InterpreterLimit" {
		t.Errorf("errors.Is of a struct kept in part: %v, want an InterpreterLimit", ee)
	}
	for _, c := range []struct{ code, want string }{
		{"var sentinel = errors.New(\"s\")\nerrors.Is(fmt.Errorf(\"a: %w\", sentinel), sentinel)", "true"},
		{"type P struct{ n int }\nfunc (p *P) Error() string { return \"p\" }\nvar pt error = &P{1}\nerrors.Is(fmt.Errorf(\"a: %w\", pt), pt)", "true"},
		{"type One struct{ code int }\nfunc (o One) Error() string { return \"one\" }\nvar o1 error = One{3}\nfmt.Sprint(errors.Is(fmt.Errorf(\"a: %w\", One{3}), o1), errors.Is(fmt.Errorf(\"a: %w\", One{4}), o1))", `"true false"`},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}
