package goexec

import "testing"

// TestUnexportedFieldsCallNoMethods: fmt calls no method of a value inside
// an unexported field (it cannot take it as an interface), so a
// time.Duration there prints as its number, 3, where an exported one
// prints 4ns. The kernel printed 3ns: yaegi exports the field (Xd), and
// GoValue's printer called Duration's String. The outputs are go run's
// of the same program; a cell's result is written as %+v.
func TestUnexportedFieldsCallNoMethods(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"time\"\n\ntype W struct {\n\td time.Duration\n\tE time.Duration\n}\n\ntype In struct{ D time.Duration }\n\n"+
		"type O struct {\n\tin In\n\tEx In\n\tds []time.Duration\n\tm  map[string]time.Duration\n}")
	_, rec := run(t, e, "fmt.Println(W{3, 4})\nfmt.Printf(\"%v %+v\\n\", W{3, 4}, W{3, 4})\n"+
		"o := O{In{1}, In{2}, []time.Duration{5, 6}, map[string]time.Duration{\"a\": 7}}\nfmt.Println(o)\nfmt.Printf(\"%+v\\n\", o)\nfmt.Println([]W{{8, 9}})")
	want := "{3 4ns}\n{3 4ns} {d:3 E:4ns}\n{{1} {2ns} [5 6] map[a:7]}\n{in:{D:1} Ex:{D:2ns} ds:[5 6] m:map[a:7]}\n[{8 9ns}]\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
	if got, _ := run(t, e, "W{3, 4}"); got != "{d:3 E:4ns}" {
		t.Errorf("the result W{3, 4} = %s, want %%+v's {d:3 E:4ns}", got)
	}
}
