package goexec

import "testing"

// A cell whose result is a []Hm of 20 structs, each with a field of a
// type with String (Tm), shown whole: the result's text calls Tm's String
// for the exported field (Result, the session's methods below the top)
// on this branch.
func BenchmarkResultFieldMethods(b *testing.B) {
	benchmarkCell(b, []string{"import \"fmt\"\n\ntype Tm struct{ a int }\n\nfunc (t Tm) String() string { return fmt.Sprintf(\"tm%d\", t.a) }\n\n" +
		"type Hm struct {\n\tt Tm\n\tU Tm\n}\n\nvar hs = make([]Hm, 20)"}, "hs")
}
