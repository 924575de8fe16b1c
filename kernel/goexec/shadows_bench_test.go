package goexec

import "testing"

// The cost of the candidates of local types (front/shadows.go): 10,000
// helper calls a cell (DynamicOne of fmt.Fprintln, TypeName of %T) of an
// any holding a session struct, in a session without local types (the
// candidates are as before) and in one whose function declares a local
// type of other fields (one candidate more).
const shadowBenchLoop = "func loop(x any) {\n\tfor i := 0; i < 10000; i++ {\n\t\tfmt.Fprintln(io.Discard, x)\n\t\tfmt.Fprintf(io.Discard, \"%T\", x)\n\t}\n}"

func BenchmarkPrintAnySessionStruct(b *testing.B) {
	benchmarkCell(b, []string{"import (\n\t\"fmt\"\n\t\"io\"\n)\ntype S struct{ a, b int }\n" + shadowBenchLoop}, "loop(S{1, 2})")
}

func BenchmarkPrintAnySessionLocalType(b *testing.B) {
	benchmarkCell(b, []string{"import (\n\t\"fmt\"\n\t\"io\"\n)\ntype S struct{ a, b int }\n" + shadowBenchLoop +
		"\nfunc other() int {\n\ttype L struct{ c string }\n\treturn len([]L{{\"x\"}})\n}"}, "loop(S{1, 2})")
}

// A value of a session struct type without methods put in an []any
// 10,000 times a cell, in a session whose function declares a local type
// of the same fields: recorded (TagType) on this branch.
func BenchmarkAnyStructContested(b *testing.B) {
	benchmarkCell(b, []string{"type S struct{ a, b int }\nvar xs []any\nfunc loop() {\n\tfor i := 0; i < 10000; i++ {\n\t\txs = append(xs[:0], S{i, 2})\n\t}\n}" +
		"\nfunc other() int {\n\ttype L struct{ a, b int }\n\treturn len([]L{{1, 2}})\n}"}, "loop()")
}

// A pointer to a session struct type put in an []any 10,000 times a
// cell, in a session whose function declares a local type of the same
// fields: recorded with its description (TagType) on this branch.
func BenchmarkAnyPointerContested(b *testing.B) {
	benchmarkCell(b, []string{"type S struct{ a, b int }\nvar xs []any\nfunc loop() {\n\tfor i := 0; i < 10000; i++ {\n\t\txs = append(xs[:0], &S{i, 2})\n\t}\n}" +
		"\nfunc other() int {\n\ttype L struct{ a, b int }\n\treturn len([]L{{1, 2}})\n}"}, "loop()")
}

// 10,000 helper calls a cell (DynamicOne, TypeName) of an any holding a
// []S, in a session whose function declares a local type of S's fields:
// named and described by its record on this branch (contestedComposite).
func BenchmarkPrintAnyListContested(b *testing.B) {
	benchmarkCell(b, []string{"import (\n\t\"fmt\"\n\t\"io\"\n)\ntype S struct{ a, b int }\n" + shadowBenchLoop +
		"\nfunc other() int {\n\ttype L struct{ a, b int }\n\treturn len([]L{{1, 2}})\n}\nvar ls any = []S{{1, 2}}"}, "loop(ls)")
}
