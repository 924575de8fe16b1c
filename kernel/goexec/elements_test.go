package goexec

import "testing"

// TestElementMethodsPrinted: fmt prints the elements and fields of a
// session type's value with their String or Error method, with the verb's
// flags and width, as Go does: a composite of session types held by an
// interface (var a any = ts), a field of an interface type holding one,
// and %q, %x, %5v of the elements. The expected output is go run's of
// the same statements in main. Before: [T1 T2] for %q, %x and %5v,
// [{1} {2}] for the interface, {T5 {6}} for the field, {Xa:1 Xb:2} for
// a struct held bare by an element or field.
func TestElementMethodsPrinted(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype T struct{ n int }\n\nfunc (t T) String() string { return fmt.Sprint(\"T\", t.n) }\n\n"+
		"type PT struct{ m int }\n\nfunc (t *PT) String() string { return fmt.Sprint(\"P\", t.m) }\n\n"+
		"type Box struct {\n\tV fmt.Stringer\n\tW any\n}\n\ntype E struct{ c int }\n\nfunc (e E) Error() string { return fmt.Sprint(\"E\", e.c) }")
	_, rec := run(t, e, "ts := []T{{1}, {2}}\n"+
		"fmt.Printf(\"%s|%q|%d|%x|%5v|%-4s|%+v|\\n\", ts, ts, ts, ts, ts, ts, ts)\n"+
		"var a any = ts\nfmt.Println(a)\nfmt.Printf(\"%v %s %q\\n\", a, a, a)\n"+
		"var m any = map[string][]E{\"k\": {{3}}}\nfmt.Println(m, Box{T{5}, T{6}}, Box{nil, E{7}})\n"+
		"fmt.Printf(\"%+v|%6v|\\n\", Box{T{5}, &PT{8}}, [2]T{{1}, {2}})")
	want := "[T1 T2]|[\"T1\" \"T2\"]|[{1} {2}]|[5431 5432]|[   T1    T2]|[T1   T2  ]|[T1 T2]|\n" +
		"[T1 T2]\n[T1 T2] [T1 T2] [\"T1\" \"T2\"]\nmap[k:[E3]] {T5 T6} {<nil> E7}\n{V:T5 W:P8}|[    T1     T2]|\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%q\nwant go run's\n%q", got, want)
	}
	// A composite of session types, or a struct without methods, held
	// bare by an interface that is a field or an element of a []any or
	// map (DynamicIn, GoValueIn): go run's output.
	run(t, e, "type S struct{ a, b int }\n\ntype H struct{ V any }")
	_, rec = run(t, e, "fmt.Println(Box{T{5}, ts}, []any{T{7}, ts})\n"+
		"fmt.Printf(\"%+v|%+v|%+v|%+v\\n\", []any{S{1, 2}}, map[string]any{\"k\": S{3, 4}}, H{S{5, 6}}, []any{[]S{{1, 1}}})")
	if got, want := rec.stream("stdout"), "{T5 [T1 T2]} [T7 [T1 T2]]\n[{a:1 b:2}]|map[k:{a:3 b:4}]|{V:{a:5 b:6}}|[[{a:1 b:1}]]\n"; got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
}
