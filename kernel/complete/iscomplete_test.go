package complete

import "testing"

func TestIsComplete(t *testing.T) {
	cases := []struct {
		code, status, indent string
	}{
		{"", StatusComplete, ""},
		{"  \n", StatusComplete, ""},
		{"x := 1", StatusComplete, ""},
		{`fmt.Println("hi")`, StatusComplete, ""},
		{"type T struct{ X int }\nT{3}", StatusComplete, ""},
		{"import \"fmt\"\nfunc f() int { return 1 }\nfmt.Println(f())", StatusComplete, ""},
		{"func (t T) M() {}\nx := func() int { return 2 }()", StatusComplete, ""},
		{"for i := 0; i < 3; i++ {\n\tfmt.Println(i)\n}", StatusComplete, ""},
		{"// just a comment", StatusComplete, ""},
		{"%%sweep\nlearners = cd, pcd", StatusComplete, ""},
		{"%time\nx := 1", StatusComplete, ""},
		{"fmt.Println?", StatusComplete, ""},
		{"mat.Dense.Mul??", StatusComplete, ""},
		{"?fmt", StatusComplete, ""},
		{"!ls\nfor {", StatusIncomplete, "\t"},
		{"x ?", StatusInvalid, ""},

		{"for i := 0; i < 3; i++ {", StatusIncomplete, "\t"},
		{"func f() {\n\tif x {", StatusIncomplete, "\t\t"},
		{"func f() {\n    if x {\n", StatusIncomplete, "    \t"},
		{"fmt.Println(1,", StatusIncomplete, "\t"},
		{"x := []int{\n\t1,\n\t2,", StatusIncomplete, "\t"},
		{"s := `raw\nstring", StatusIncomplete, "\t"},
		{"/* comment", StatusIncomplete, "\t"},
		{"x := 1 +", StatusIncomplete, "\t"},
		{"\ty :=", StatusIncomplete, "\t\t"},
		{"a := b &&\n", StatusIncomplete, "\t"},

		{"}", StatusInvalid, ""},
		{"f(]", StatusInvalid, ""},
		{"x := (1 + 2))", StatusInvalid, ""},
		{`s := "unterminated`, StatusInvalid, ""},
		{"x := := 2", StatusInvalid, ""},
		{"if x {\n}\nelse {\n}", StatusInvalid, ""},
		{"x := 1 @ 2", StatusInvalid, ""},
	}
	for _, c := range cases {
		status, indent := IsComplete(c.code)
		if status != c.status || indent != c.indent {
			t.Errorf("IsComplete(%q) = %q, %q; want %q, %q", c.code, status, indent, c.status, c.indent)
		}
	}
}
