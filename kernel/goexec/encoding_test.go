package goexec

import (
	"context"
	"testing"
)

// TestEncodingOfSessionMethodsRefused: encoding/json and encoding/xml
// reach values by reflection, which does not see the methods of the
// session's types: a value that holds one with a method they would call
// (MarshalJSON, MarshalText, UnmarshalJSON, MarshalXML, …), and xml of a
// named struct (its element is named after the type, which has no name in
// the interpreter), are refused with these messages. Before, each printed
// a wrong value silently (go run's in the comments). The forms yaegi's
// wrapper gets right run, with go run's output.
func TestEncodingOfSessionMethodsRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"encoding/json\"\n\t\"encoding/xml\"\n\t\"fmt\"\n\t\"os\"\n)\n\n"+
		"type J struct{ X int }\n\nfunc (j J) MarshalJSON() ([]byte, error) { return []byte(`\"j\"`), nil }\n\n"+
		"type JP struct{ X int }\n\nfunc (j *JP) MarshalJSON() ([]byte, error) { return []byte(`\"jp\"`), nil }\n\n"+
		"type T struct{ N int }\n\nfunc (t T) MarshalText() ([]byte, error) { return []byte(\"t\"), nil }\n\n"+
		"type U struct{ V int }\n\nfunc (u *U) UnmarshalJSON(b []byte) error { u.V = 42; return nil }\n\n"+
		"type H struct {\n\tA J\n\tB T\n}\n\ntype P struct{ Name string }\n\n"+
		"type PX struct {\n\tXMLName xml.Name `xml:\"px\"`\n\tName    string\n}\n\n"+
		"type Plain struct {\n\tName string `json:\"name\"`\n\tAge  int\n}")
	for _, c := range []struct{ code, want string }{
		// go run: {"A":"j","B":"t"}; the interpreter wrote {"A":{"X":0},"B":{"N":0}}.
		{"b, _ := json.Marshal(H{})", "cell line 1, column 22: json.Marshal of main.H cannot run in the interpreter: it reaches values by reflection, which does not see the MarshalJSON method of a type declared in a cell; run it compiled: declare the types and the function that calls json.Marshal in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
		// go run: {"X":1} (the method is on the pointer); the interpreter: "jp".
		{"b, _ := json.Marshal(JP{1})", "cell line 1, column 22: json.Marshal of main.JP cannot run in the interpreter: it reaches values by reflection, which does not see the MarshalJSON method of a type declared in a cell; run it compiled: declare the types and the function that calls json.Marshal in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
		// go run: {"t":1}; the interpreter: an error, nothing written.
		{"b, _ := json.MarshalIndent(map[T]int{{1}: 1}, \"\", \" \")", "cell line 1, column 28: json.MarshalIndent of map[main.T]int cannot run in the interpreter: it reaches values by reflection, which does not see the MarshalText method of a type declared in a cell; run it compiled: declare the types and the function that calls json.MarshalIndent in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
		// go run: "j"; the interpreter: {"X":1}.
		{"json.NewEncoder(os.Stdout).Encode(J{1})", "cell line 1, column 35: (*json.Encoder).Encode of main.J cannot run in the interpreter: it reaches values by reflection, which does not see the MarshalJSON method of a type declared in a cell; run it compiled: declare the types and the function that calls (*json.Encoder).Encode in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
		// go run: [{42}]; the interpreter: [{1}].
		{"var us []U\n_ = json.Unmarshal([]byte(`[{\"V\":1}]`), &us)", "cell line 2, column 41: json.Unmarshal of *[]main.U cannot run in the interpreter: it reaches values by reflection, which does not see the UnmarshalJSON method of a type declared in a cell; run it compiled: declare the types and the function that calls json.Unmarshal in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
		{"var u U\n_ = json.NewDecoder(os.Stdin).Decode(&u)", "cell line 2, column 38: (*json.Decoder).Decode of *main.U cannot run in the interpreter: it reaches values by reflection, which does not see the UnmarshalJSON method of a type declared in a cell; run it compiled: declare the types and the function that calls (*json.Decoder).Decode in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
		// go run: <P><Name>a</Name></P>; the interpreter: "xml: unsupported type".
		{"b, _ := xml.Marshal([]P{{\"a\"}})", "cell line 1, column 21: xml.Marshal of []main.P cannot run in the interpreter: xml names the element after the type P, which has no name in the interpreter (it would fail with \"unsupported type\"); give P an XMLName xml.Name field, or run it compiled: declare the types and the function that calls xml.Marshal in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee == nil || ee.Name != "CompileError" || len(ee.Traceback) == 0 || ee.Traceback[0] != c.want {
			t.Errorf("%q: %v, want a CompileError\n%s", c.code, ee, c.want)
		}
	}
	// What yaegi's wrapper gets right is not refused: go run's output.
	_, rec := run(t, e, "b1, _ := json.Marshal(J{1})\nb2, _ := json.Marshal(&JP{1})\nb3, _ := json.Marshal(T{1})\n"+
		"b4, _ := json.Marshal(Plain{\"a\", 3})\nvar p Plain\n_ = json.Unmarshal(b4, &p)\n"+
		"b5, _ := xml.Marshal(PX{Name: \"x\"})\nvar q P\n_ = xml.Unmarshal([]byte(\"<P><Name>z</Name></P>\"), &q)\n"+
		"fmt.Println(string(b1), string(b2), string(b3), string(b4), p, string(b5), q)")
	if got, want := rec.stream("stdout"), "\"j\" \"jp\" \"t\" {\"name\":\"a\",\"Age\":3} {a 3} <px><Name>x</Name></px> {z}\n"; got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
	// The refusal's fix: the types and the function in a cell of their
	// own, which takes the compiled road.
	run(t, e, "import \"encoding/json\"\n\ntype V struct{ N int }\n\nfunc (v *V) UnmarshalJSON(b []byte) error { v.N = len(b); return nil }\n\n"+
		"func load(b []byte) []V {\n\tvar vs []V\n\tjson.Unmarshal(b, &vs)\n\treturn vs\n}")
	if _, rec := run(t, e, "fmt.Println(load([]byte(`[1,22]`)))"); rec.stream("stdout") != "[{1} {2}]\n" {
		t.Errorf("compiled load printed %q, want go run's [{1} {2}]", rec.stream("stdout"))
	}
}
