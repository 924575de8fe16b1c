package goexec

import "testing"

// The cost of TagType (typetags.go) on common paths, in a session with a
// type on int (type N int), 10,000 times a cell: fmt.Fprintln of an int
// (not recorded: fmt's arguments are not), appending ints to a []any
// (each recorded), reflect.TypeOf of an any holding an int (looked up),
// == of an any and a string (left to yaegi: no type on string), and of
// an any and an int (InterfaceEqual, the operand recorded).
const sharedSession = "import (\n\t\"fmt\"\n\t\"io\"\n\t\"reflect\"\n)\n\ntype N int\n\n" +
	"func printInts() {\n\tfor i := 0; i < 10000; i++ {\n\t\tfmt.Fprintln(io.Discard, i)\n\t}\n}\n\n" +
	"func anyInts() int {\n\tvar xs []any\n\tfor i := 0; i < 10000; i++ {\n\t\txs = append(xs, i)\n\t}\n\treturn len(xs)\n}\n\n" +
	"func typeOfs(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tn += len(reflect.TypeOf(x).String())\n\t}\n\treturn n\n}\n\n" +
	"func equals(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tif x == \"a\" {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n\n" +
	"func equalInts(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tif x == 3 {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}"

func BenchmarkPrintIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "printInts()")
}

func BenchmarkAnyIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "_ = anyInts()")
}

func BenchmarkTypeOfIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "_ = typeOfs(3)")
}

func BenchmarkEqualAnySharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "_ = equals(\"a\")")
}

func BenchmarkEqualIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "_ = equalInts(3)")
}
