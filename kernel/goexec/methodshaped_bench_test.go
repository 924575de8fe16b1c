package goexec

import "testing"

// The cost of the lowering of a session with a type with methods on a
// type that is not a struct (type Color int with String; see
// methodShapedDesc), 10,000 times a cell: appending ints to a []any (each
// recorded, as in a session with type N int), returning a Color as an any
// (through a variable, heldByVariable), and printing such an any to
// io.Discard (DynamicOne).
const colorSession = "import (\n\t\"fmt\"\n\t\"io\"\n)\n\ntype Color int\n\n" +
	"func (c Color) String() string { return [...]string{\"red\", \"green\", \"blue\"}[c] }\n\n" +
	"func anyInts() int {\n\tvar xs []any\n\tfor i := 0; i < 10000; i++ {\n\t\txs = append(xs, i)\n\t}\n\treturn len(xs)\n}\n\n" +
	"func pickColor(i int) any { return Color(i % 3) }\n\n" +
	"func colorsAny() (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tif pickColor(i) != nil {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n\n" +
	"func printColors() {\n\tfor i := 0; i < 10000; i++ {\n\t\tfmt.Fprintln(io.Discard, pickColor(i))\n\t}\n}"

func BenchmarkAnyIntColorSession(b *testing.B) {
	benchmarkCell(b, []string{colorSession}, "_ = anyInts()")
}

func BenchmarkReturnColorAny(b *testing.B) {
	benchmarkCell(b, []string{colorSession}, "_ = colorsAny()")
}

func BenchmarkPrintColorAny(b *testing.B) {
	benchmarkCell(b, []string{colorSession}, "printColors()")
}

// BenchmarkGenericAnyPlainSession: a generic function's value of its type
// parameter returned as an any, 10,000 times a cell, in a session without
// a type on a type that is not a struct: held by a variable all the same
// (heldByVariable), since a later cell may declare one.
func BenchmarkGenericAnyPlainSession(b *testing.B) {
	benchmarkCell(b, []string{"func wrapAny[T any](v T) any { return v }\n\n" +
		"func wrapped() (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tif wrapAny(i) != nil {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}"}, "_ = wrapped()")
}
