package goexec

import (
	"context"
	"strings"
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
		"type Plain struct {\n\tName string `json:\"name\"`\n\tAge  int\n}\n\n"+
		"type XS struct {\n\tXMLName xml.Name `xml:\"xs\"`\n\tName    string\n\tsecret  int\n}")
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
		// go run: <xs><Name>n</Name></xs>; the interpreter wrote <xs><Name>n</Name><Xsecret>3</Xsecret></xs>.
		{"b, _ := xml.Marshal(XS{Name: \"n\", secret: 3})", "cell line 1, column 21: xml.Marshal of main.XS cannot run in the interpreter: it would write the struct's unexported fields (yaegi exports them as X+name); copy the value into a struct with only exported fields, or run it compiled: declare the types and the function that calls xml.Marshal in a cell of their own (such a cell takes the compiled road), or use a %%compile cell"},
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

// TestJSONOfUnexportedFields: json.Marshal, MarshalIndent and
// (*Encoder).Encode of the session's structs with unexported fields
// write what go run writes (the expected lines are its output): the
// unexported fields left out, also of embedded, pointed-to, listed and
// mapped structs, tags and omitempty kept, <, > and & escaped unless the
// Encoder is told not to. They were refused ("it would write the
// struct's unexported fields"); before that, json wrote yaegi's
// X+name fields ({"Xa":1,"Xb":2} for {}).
func TestJSONOfUnexportedFields(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"os\"\n)\n\n"+
		"type Inner struct {\n\tZ    int `json:\"z,omitempty\"`\n\thide string\n}\n\n"+
		"type Item struct {\n\tName     string  `json:\"name\"`\n\tPriority float64 `json:\"prio\"`\n\tindex    int\n\tInner\n"+
		"\tSub  *Inner           `json:\"sub\"`\n\tTags map[string]Inner `json:\"tags,omitempty\"`\n\tList []Inner\n}\n\n"+
		"type Pv struct{ a, b int }")
	_, rec := run(t, e, "b, err := json.Marshal(Item{Name: \"<a&b>\", Priority: 1.5, index: 3, Inner: Inner{7, \"h\"}, List: []Inner{{1, \"x\"}}})\n"+
		"fmt.Println(string(b), err)\n"+
		"b, err = json.MarshalIndent([]*Item{{Name: \"p\", Sub: &Inner{2, \"q\"}, Tags: map[string]Inner{\"k\": {0, \"s\"}}}, nil}, \"\", \" \")\n"+
		"fmt.Println(string(b), err)\n"+
		"enc := json.NewEncoder(os.Stdout)\nenc.SetEscapeHTML(false)\nenc.Encode(map[string]Item{\"m\": {Name: \"<x>\"}})\n"+
		"b, _ = json.Marshal(Pv{1, 2})\nfmt.Println(string(b))")
	want := `{"name":"\u003ca\u0026b\u003e","prio":1.5,"z":7,"sub":null,"List":[{"z":1}]} <nil>
[
 {
  "name": "p",
  "prio": 0,
  "sub": {
   "z": 2
  },
  "tags": {
   "k": {}
  },
  "List": null
 },
 null
] <nil>
{"m":{"name":"<x>","prio":0,"sub":null,"List":null}}
{}
`
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestJSONDecodeUnexportedFields: json.Unmarshal and (*Decoder).Decode
// into the session's structs with unexported fields give go run's values
// (the expected lines are its output), the decoder's UseNumber and
// DisallowUnknownFields kept; a key that would set an unexported field
// through yaegi's X+name (which set x from "Xx", where Go leaves it) ends
// the cell with an InterpreterLimit.
func TestJSONDecodeUnexportedFields(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"strings\"\n)\n\n"+
		"type Cfg struct {\n\tName  string `json:\"name\"`\n\tRate  float64\n\tV     any\n\tsteps int\n\tSub   []Sub\n}\n\n"+
		"type Sub struct {\n\tK    int\n\tseen bool\n}")
	_, rec := run(t, e, "var c Cfg\n"+
		"err := json.Unmarshal([]byte(`{\"name\":\"a\",\"rate\":0.5,\"steps\":9,\"V\":7,\"Sub\":[{\"K\":1,\"seen\":true},{\"k\":2}]}`), &c)\n"+
		"fmt.Printf(\"%+v %v\\n\", c, err)\n"+
		"dec := json.NewDecoder(strings.NewReader(`{\"V\": 12345678901234567890} {\"name\": \"b\"} {\"Name\": \"c\", \"extra\": 1}`))\n"+
		"dec.UseNumber()\nvar a, b Cfg\nfmt.Println(dec.Decode(&a), dec.Decode(&b))\n"+
		"fmt.Printf(\"%v %T %+v\\n\", a.V, a.V, b)\n"+
		"dec.DisallowUnknownFields()\nvar d Cfg\nfmt.Println(dec.Decode(&d), d.Name)\nvar e Cfg\nfmt.Println(dec.Decode(&e))")
	want := `{Name:a Rate:0.5 V:7 steps:0 Sub:[{K:1 seen:false} {K:2 seen:false}]} <nil>
<nil> <nil>
12345678901234567890 json.Number {Name:b Rate:0 V:<nil> steps:0 Sub:[]}
json: unknown field "extra" c
EOF
`
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	for _, code := range []string{
		"var c2 Cfg\n_ = json.Unmarshal([]byte(`{\"Xsteps\": 3}`), &c2)",
		"var s2 []Sub\n_ = json.Unmarshal([]byte(`[{\"K\": 1}, {\"xseen\": true}]`), &s2)",
		"var c3 Cfg\n_ = json.NewDecoder(strings.NewReader(`{\"Sub\": [{\"XSEEN\": true}]}`)).Decode(&c3)",
	} {
		ee, rec := fail(t, e, context.Background(), code)
		if ee == nil || ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "would set the unexported field") || rec.stream("stdout") != "" {
			t.Errorf("%q: %v, want an InterpreterLimit", code, ee)
		}
	}
}

// TestJSONTypeErrorsNamed: json's type errors of decoding into the
// session's structs name the struct as go run does (the expected lines
// are its output): json takes the name from the reflect type, which yaegi
// builds without one ("Go struct field .id"). One that would name a
// session type by its underlying type ends the cell. Embedded structs:
// json of them writes go run's text (yaegi did not mark the field
// embedded: {"Name":"n","Inner":{"z":5}} for {"Name":"n","z":5}), and
// decoding into them, which set no promoted field, is refused.
func TestJSONTypeErrorsNamed(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"encoding/json\"\n\t\"fmt\"\n)\n\ntype ID int\n\n"+
		"type Employee struct {\n\tID    int    `json:\"id\"`\n\tName  string `json:\"name\"`\n\tSubs  []Sub\n\tByKey map[string]*Sub `json:\"by\"`\n\tOwn   ID\n}\n\n"+
		"type Sub struct {\n\tK int\n}\n\n"+
		"type Inner struct {\n\tZ int `json:\"z\"`\n}\n\ntype Outer struct {\n\tName string\n\tInner\n}\n\ntype PO struct {\n\t*Inner\n\tW int\n}")
	_, rec := run(t, e, "var e Employee\n"+
		"fmt.Println(json.Unmarshal([]byte(`{\"id\": \"x\"}`), &e))\n"+
		"fmt.Println(json.Unmarshal([]byte(`{\"Subs\": [{\"K\": true}]}`), &e))\n"+
		"fmt.Println(json.Unmarshal([]byte(`{\"by\": {\"a\": {\"k\": []}}}`), &e))\n"+
		"var es []Employee\nfmt.Println(json.Unmarshal([]byte(`[{\"name\": 3}]`), &es))\n"+
		"b, _ := json.Marshal(Outer{\"n\", Inner{5}})\nfmt.Println(string(b))\n"+
		"b, _ = json.Marshal(PO{&Inner{3}, 4})\nfmt.Println(string(b))")
	want := `json: cannot unmarshal string into Go struct field Employee.id of type int
json: cannot unmarshal bool into Go struct field Sub.Subs.K of type int
json: cannot unmarshal array into Go struct field Sub.by.K of type int
json: cannot unmarshal number into Go struct field Employee.name of type string
{"Name":"n","z":5}
{"z":3,"W":4}
`
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
	// go run: "… Employee.Own of type main.ID"; json would write "of type int".
	ee, _ := fail(t, e, context.Background(), "var e2 Employee\nfmt.Println(json.Unmarshal([]byte(`{\"Own\": \"s\"}`), &e2))")
	if ee == nil || ee.Name != "InterpreterLimit" || !strings.Contains(ee.Value, "it would name main.ID as int") {
		t.Errorf("a type error naming main.ID: %v, want an InterpreterLimit", ee)
	}
	// go run: 5 n <nil>; the interpreter: 0 n <nil>.
	ee, _ = fail(t, e, context.Background(), "var o Outer\nerr := json.Unmarshal([]byte(`{\"Name\": \"n\", \"z\": 5}`), &o)\nfmt.Println(o.Z, o.Name, err)")
	if ee == nil || ee.Name != "CompileError" || !strings.Contains(ee.Value, "would not set the fields they promote") {
		t.Errorf("json into an embedded struct: %v, want a CompileError", ee)
	}
}
