package goexec

import "testing"

// The cost of TagType (typetags.go) on common paths, in a session with a
// type on int (type N int), 10,000 times a cell: fmt.Fprintln of an int
// (not recorded: fmt's arguments are not), appending ints to a []any
// (each recorded), and reflect.TypeOf of an any holding an int (looked
// up).
const sharedSession = "import (\n\t\"fmt\"\n\t\"io\"\n\t\"reflect\"\n)\n\ntype N int\n\n" +
	"func printInts() {\n\tfor i := 0; i < 10000; i++ {\n\t\tfmt.Fprintln(io.Discard, i)\n\t}\n}\n\n" +
	"func anyInts() int {\n\tvar xs []any\n\tfor i := 0; i < 10000; i++ {\n\t\txs = append(xs, i)\n\t}\n\treturn len(xs)\n}\n\n" +
	"func typeOfs(x any) (n int) {\n\tfor i := 0; i < 10000; i++ {\n\t\tn += len(reflect.TypeOf(x).String())\n\t}\n\treturn n\n}"

func BenchmarkPrintIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "printInts()")
}

func BenchmarkAnyIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "_ = anyInts()")
}

func BenchmarkTypeOfIntSharedSession(b *testing.B) {
	benchmarkCell(b, []string{sharedSession}, "_ = typeOfs(3)")
}
