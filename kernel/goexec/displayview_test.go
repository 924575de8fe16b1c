package goexec

import (
	"strings"
	"testing"
)

// TestDisplayFormatsSessionValues: each function of kernel/display that
// formats an argument of type any (PlainText, Inline, Render,
// RenderForms, Show, a display's Show) writes a value of the session's
// types as the compiled display writes the value in a compiled program:
// the lines are go run's, with the display package and the same
// declarations. The interpreter's values printed without their String
// and Error methods and with X+name fields: "{Xa:1} {Xa:2} {Xa:1 Xb:2}
// &{Xa:3 Xb:4}" for the first line.
func TestDisplayFormatsSessionValues(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"fmt\"\n\ntype Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }\n\n"+
		"type Pv struct{ a, b int }\n\ntype Mx struct {\n\tA int\n\tb string\n}\n\ntype Er struct{ c int }\n\n"+
		"func (e *Er) Error() string { return fmt.Sprintf(\"er%d\", e.c) }\n\ntype N int\n\n"+
		"type Box struct {\n\tIn Pv\n\tT  Tm\n\tP  *Tm\n\tW  any\n}\n\ntype Bad struct{ a int }\n\nfunc (b Bad) String() string { panic(\"boom\") }")
	for _, c := range []struct{ code, gorun string }{
		{"fmt.Println(display.PlainText(Tm{1}), display.Inline(Tm{2}), display.PlainText(Pv{1, 2}), display.Inline(&Pv{3, 4}))",
			"tm1 tm2 {…} &{…}\n"},
		{"fmt.Println(display.PlainText([]Tm{{1}, {2}}), display.PlainText([]Pv{{1, 2}}), display.PlainText(Mx{1, \"x\"}), display.Inline([]*Mx{{2, \"y\"}}))",
			"[tm1 tm2] [{…}] {A:1 …} [&{A:2 …}]\n"},
		{"fmt.Println(display.PlainText(&Er{3}), display.Inline(&Er{4}), display.PlainText(map[string]Tm{\"k\": {5}}), display.PlainText(N(7)))",
			"error: er3 er4 map[k:tm5] 7\n"},
		{"var a any = Pv{5, 6}\nvar s fmt.Stringer = Tm{6}\n" +
			"fmt.Println(display.PlainText(a), display.Inline(s), display.PlainText([]any{Tm{7}, Mx{8, \"z\"}}), display.PlainText(make([]Pv, 25)))",
			"{…} tm6 [tm7 {A:8 …}] []main.Pv len 25\n[{…} {…} {…} {…} {…} {…} … {…} {…} {…} {…} {…} {…}]\n"},
		{"b, _ := display.Render(Pv{1, 2})\nfmt.Printf(\"%q %q\\n\", b.Data, display.RenderForms(&Tm{3}, display.Forms{}).Data)",
			"map[\"text/plain\":\"{…}\"] map[\"text/plain\":\"tm3\"]\n"},
		{"fmt.Println(display.PlainText(Box{Pv{1, 2}, Tm{3}, &Tm{4}, Mx{5, \"q\"}}), display.Inline(Bad{1}), display.PlainText([]Bad{{2}}))",
			"{In:{…} T:tm3 P:tm4 W:{A:5 …}} %!v(PANIC=String method: boom) [%!v(PANIC=String method: boom)]\n"},
		{"fmt.Println(display.PlainText(struct{ a, B int }{1, 2}))", "{B:2 …}\n"},
	} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.gorun {
			t.Errorf("%s\nprinted %q\ngo run  %q", c.code, got, c.gorun)
		}
	}
	// display.Show and a display's Show: the bundle's text (go run's).
	_, rec := run(t, e, "display.Show(Pv{1, 2})\ndisplay.Show([]Tm{{1}})\nd := display.New()\nd.Show(&Er{2})\nvar a2 any = Mx{3, \"w\"}\ndisplay.Show(a2)")
	texts, _ := rec.displays()
	if got, want := strings.Join(texts, "|"), "{…}|[tm1]|error: er2|{A:3 …}"; got != want {
		t.Errorf("display.Show's texts %q, go run %q", got, want)
	}
}

// TestDisplayJSONOfSessionValues: display.JSON and JSONBundle marshal
// their argument with encoding/json, which wrote yaegi's X+name fields
// for unexported ones (go run writes {} for Pv{1, 2}); then the cell was
// refused; now the argument goes as json.Marshal's does
// (TestJSONOfUnexportedFields), and the bundle holds go run's JSON.
func TestDisplayJSONOfSessionValues(t *testing.T) {
	e := newExec(t)
	run(t, e, "type Pv struct{ a, b int }\n\ntype Ex struct{ A int }\n\ntype Mixed struct {\n\tA  int\n\tpv Pv\n}")
	for _, c := range []struct{ code, want string }{
		{"b, _ := display.JSONBundle([]Pv{{1, 2}})\nfmt.Println(b.Data[\"text/plain\"])", "[\n  {}\n]\n"},
		{"b, _ := display.JSONBundle(Mixed{3, Pv{1, 2}})\nfmt.Println(b.Data[\"text/plain\"])", "{\n  \"A\": 3\n}\n"},
		{"b, _ := display.JSONBundle(Ex{4})\nfmt.Println(b.Data[\"text/plain\"])", "{\n  \"A\": 4\n}\n"},
	} {
		_, rec := run(t, e, c.code)
		if got := rec.stream("stdout"); got != c.want {
			t.Errorf("%s: %q, go run %q", c.code, got, c.want)
		}
	}
	_, rec := run(t, e, "display.JSON(Pv{1, 2})")
	texts, _ := rec.displays()
	if got := strings.Join(texts, "|"); got != "{}" {
		t.Errorf("display.JSON(Pv{1, 2}) showed %q, go run {}", got)
	}
}
