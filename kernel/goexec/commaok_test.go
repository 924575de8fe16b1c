package goexec

import "testing"

// A comma-ok map read gives the zero value for a missing key, also where
// the variable keeps its storage (a loop, =). The wanted results are what
// go run prints for the same code.
func TestCommaOKMapRead(t *testing.T) {
	e := newExec(t)
	run(t, e, "m := map[int]int{0: 1, 2: 1}")
	for _, c := range []struct{ name, code, want string }{
		{":= in a loop", "var vs []int\nvar oks []bool\nfor k := 0; k < 4; k++ {\n\tv, ok := m[k]\n\tvs = append(vs, v)\n\toks = append(oks, ok)\n}\nfmt.Sprint(vs, oks)", `"[1 0 1 0] [true false true false]"`},
		{"= to variables declared outside", "var v int\nvar ok bool\nvar vs []int\nfor k := 0; k < 4; k++ {\n\tv, ok = m[k]\n\tvs = append(vs, v)\n}\nfmt.Sprint(vs, ok)", `"[1 0 1 0] false"`},
		{"ok discarded, :=", "ms := map[string][]int{\"a\": {1}}\nvar ws [][]int\nfor _, k := range []string{\"a\", \"b\"} {\n\tw, _ := ms[k]\n\tws = append(ws, w)\n}\nfmt.Sprint(ws)", `"[[1] []]"`},
		{"ok discarded, = to a field", "type S struct{ f int }\nvar s S\nvar fs []int\nfor k := 0; k < 4; k++ {\n\ts.f, _ = m[k]\n\tfs = append(fs, s.f)\n}\nfmt.Sprint(fs)", `"[1 0 1 0]"`},
		{"= to slice elements", "a := make([]int, 4)\noks := make([]bool, 4)\na[1] = 9\nfor k := 0; k < 4; k++ {\n\ta[k], oks[k] = m[k]\n}\nfmt.Sprint(a, oks)", `"[1 0 1 0] [true false true false]"`},
		{"= to a map element, ok discarded", "out := map[int]int{1: 5}\nfor k := 0; k < 3; k++ {\n\tout[k], _ = m[k]\n}\nfmt.Sprint(out)", `"map[0:1 1:0 2:1]"`},
		{"in a switch case", "var cs []int\nfor k := 0; k < 3; k++ {\n\tswitch {\n\tdefault:\n\t\tv, _ := m[k]\n\t\tcs = append(cs, v)\n\t}\n}\nfmt.Sprint(cs)", `"[1 0 1]"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, _ := run(t, e, c.code); got != c.want {
				t.Errorf("got %s, want %s (Go's)", got, c.want)
			}
		})
	}
}

// A comma-ok assertion of a nil interface value to error or to an
// interface of a compiled package gives nil, false: yaegi panicked
// ("reflect: call of reflect.Value.Type on zero Value"), so `if err, ok :=
// r.(error); ok` after a recover that found nothing ended the cell. Values
// that are there, of the session's types too, assert as before. Outputs
// are go run's.
func TestNilCommaOKAssertions(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `import "errors"

type T struct{ n int }

func (t T) Error() string { return fmt.Sprint("t", t.n) }

func check(r any) string {
	if err, ok := r.(error); ok {
		return "error " + err.Error()
	}
	s, ok := r.(fmt.Stringer)
	return fmt.Sprint("not ", s == nil, ok)
}
fmt.Println(check(nil), check(errors.New("x")), check(T{3}), check(4))`)
	_, rec2 := run(t, e, `import "runtime"

func safe(f func()) (msg string) {
	defer func() {
		r := recover()
		re, ok := r.(runtime.Error)
		msg = fmt.Sprint(ok, re != nil)
	}()
	f()
	return
}
fmt.Println(safe(func() {}), safe(func() { var m map[int]int; m[1] = 1 }))
var e any = T{5}
v, ok := e.(error)
fmt.Println(v, ok)`)
	want := "not true false error x error t3 not true false\nfalse false true true\nt5 true\n"
	if got := rec.stream("stdout") + rec2.stream("stdout"); got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}
