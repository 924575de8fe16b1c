package goexec

import "testing"

// TestResultCallsFieldMethods: a cell's result is written as fmt's %+v,
// which calls the String method of a value below the top (but not in an
// unexported field); the result's printer had the session's methods only
// at the top and wrote such a value field by field ({t:{a:1} U:{a:2}}
// for Hm{Tm{1}, Tm{2}}, [{a:3}] for []Tm{{3}}), also for a type with a
// display method (HTML). Each answer is go run's
// fmt.Printf("%+v\n", …) of the same expression.
func TestResultCallsFieldMethods(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }\n\n"+
		"type Hm struct {\n\tt Tm\n\tU Tm\n}\n\ntype G[T any] struct {\n\tt T\n\tU T\n}\n\n"+
		"type Pt struct{ x, y int }\n\nfunc (p *Pt) String() string { return fmt.Sprintf(\"pt(%d,%d)\", p.x, p.y) }\n\n"+
		"type Hp struct {\n\tP *Pt\n\tQ Pt\n\tM map[string]Tm\n}\n\n"+
		"type Hh struct {\n\tt Tm\n\tU Tm\n}\n\nfunc (h Hh) HTML() string { return \"<b>h</b>\" }")
	for _, c := range []struct{ code, gorun string }{
		{"Hm{Tm{1}, Tm{2}}", "{t:{a:1} U:tm2}"},
		{"[]Tm{{3}}", "[tm3]"},
		{"[]Hm{{Tm{1}, Tm{2}}}", "[{t:{a:1} U:tm2}]"},
		{"G[Tm]{Tm{1}, Tm{2}}", "{t:{a:1} U:tm2}"},
		{"Hp{&Pt{1, 2}, Pt{3, 4}, map[string]Tm{\"k\": {5}}}", "{P:pt(1,2) Q:{x:3 y:4} M:map[k:tm5]}"},
		{"&Hm{Tm{1}, Tm{2}}", "&{t:{a:1} U:tm2}"},
		{"Tm{3}", "tm3"},
		{"Hh{Tm{1}, Tm{2}}", "{t:{a:1} U:tm2}"}, // with its HTML (Rich)
	} {
		if got, _ := run(t, e, c.code); got != c.gorun {
			t.Errorf("the result %s = %q; want %q (go run's %%+v)", c.code, got, c.gorun)
		}
	}
}
