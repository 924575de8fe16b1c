package goexec

import "testing"

// TestLocalTypeMapsAsGo: an assertion or a type switch (one that binds
// the value too: its case map[string]Tm was taken) of an any holding
// a map, an array or a channel made of a local type L (at any depth:
// map[string][]L, *[1]L, []*L) to the same kind of type made of a session
// type of L's fields (Tm) gives go run's answer; yaegi's
// q.(map[string]Tm) of a map[string]L said true (both are
// map[string]struct { Xa int } to yaegi).
func TestLocalTypeMapsAsGo(t *testing.T) {
	e := newExec(t)
	run(t, e, shadowSession)
	for _, c := range []struct{ what, code, gorun string }{
		{"a map of L to map[string]Tm", "func gm2() any {\n\ttype L struct{ a int }\n\treturn map[string]L{\"x\": {2}}\n}\n" +
			"q := gm2()\n_, ok := q.(map[string]Tm)\nvar yt any = map[string]Tm{\"y\": {3}}\nm2, ok2 := yt.(map[string]Tm)\nfmt.Println(ok, m2, ok2)",
			"false map[y:tm3] true\n"},
		{"a map keyed by L to map[Tm]int", "func gk() any {\n\ttype L struct{ a int }\n\treturn map[L]int{{2}: 1}\n}\n" +
			"qk := gk()\n_, ok := qk.(map[Tm]int)\nfmt.Println(ok)", "false\n"},
		{"an array of L to [1]Tm", "func ga() any {\n\ttype L struct{ a int }\n\treturn [1]L{{2}}\n}\n" +
			"qa := ga()\n_, ok := qa.([1]Tm)\nfmt.Println(ok)", "false\n"},
		{"a channel of L to chan Tm", "func gc() any {\n\ttype L struct{ a int }\n\treturn make(chan L)\n}\n" +
			"qc := gc()\n_, ok := qc.(chan Tm)\nfmt.Println(ok)", "false\n"},
		{"a type switch of the map", "switch q.(type) {\ncase map[string]Tm:\n\tfmt.Println(\"Tm\")\ndefault:\n\tfmt.Println(\"other\")\n}", "other\n"},
		{"type switches that bind the value, of the map of L, of a map of Tm and of a list of L",
			"func gl2() any {\n\ttype L struct{ a int }\n\treturn []L{{6}}\n}\n" +
				"for _, x := range []any{q, yt, gl2()} {\n\tswitch v := x.(type) {\n\tcase map[string]Tm:\n\t\tfmt.Println(\"map\", v)\n\tcase []Tm:\n\t\tfmt.Println(\"list\", v)\n\tdefault:\n\t\tfmt.Printf(\"other %T\\n\", v)\n\t}\n}",
			"other map[string]main.L\nmap map[y:tm3]\nother []main.L\n"},
		{"deeper: a map of lists, a pointer to an array, a list of pointers, a map of pointers",
			"func gd() (any, any, any, any) {\n\ttype L struct{ a int }\n\tvar a, b, c, d any = map[string][]L{\"x\": {{2}}}, &[1]L{{1}}, []*L{{3}}, map[string]*L{\"y\": {4}}\n\treturn a, b, c, d\n}\n" +
				"a, b, c, d := gd()\n_, oa := a.(map[string][]Tm)\n_, ob := b.(*[1]Tm)\n_, oc := c.([]*Tm)\n_, od := d.(map[string]*Tm)\n" +
				"var p any = map[string][]Tm{\"z\": {{5}}}\npm, op := p.(map[string][]Tm)\nfmt.Println(oa, ob, oc, od, pm, op)",
			"false false false false map[z:[tm5]] true\n"},
		{"the single-value assertion of the map", "func as1() {\n\tdefer func() { fmt.Println(recover()) }()\n\t_ = q.(map[string]Tm)\n}\nas1()",
			"interface conversion: interface {} is map[string]main.L, not map[string]main.Tm\n"},
	} {
		if _, rec := run(t, e, c.code); rec.stream("stdout") != c.gorun {
			t.Errorf("%s: printed %q; want go run's %q", c.what, rec.stream("stdout"), c.gorun)
		}
	}
}
