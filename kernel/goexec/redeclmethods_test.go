package goexec

import "testing"

// TestRedeclaringCellKeepsStringers: a cell that declares a variable of
// the session again (var c any = 1) is checked partly against the package
// made anew (front's Session.rebuild), and its earlier statements' types
// were the old objects of the session's types, for which the lowering
// found no name: fmt.Println([]Tm{{5}}) printed [{5}], silently, where go
// run prints [tm5]. The lines are go run's.
func TestRedeclaringCellKeepsStringers(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }\n\n"+
		"type Pv struct{ a, b int }\n\nvar c any\n\nvar d any")
	for _, c := range []struct{ code, gorun string }{
		{"fmt.Println([]Tm{{5}})\nvar c any = 1\n_ = c", "[tm5]\n"},
		{"fmt.Printf(\"%+v %T\\n\", Pv{1, 2}, []Pv{})\nvar d any = 1\n_ = d", "{a:1 b:2} []main.Pv\n"},
		{"fmt.Println(display.PlainText([]Tm{{6}}))\nvar c any = 2\n_ = c", "[tm6]\n"},
	} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.gorun {
			t.Errorf("%q printed %q; go run %q", c.code, got, c.gorun)
		}
	}
}
