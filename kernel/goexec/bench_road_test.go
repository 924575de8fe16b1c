package goexec

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// BenchmarkRoadCellBuild runs a cell of declarations alone that the front
// end refuses (describeCell's errors.As into a struct type of the cell), which takes
// the compiled road, each time with a source of its own (a comment), so
// that the go command builds it: the latency of an automatically
// compiled cell with a warm build cache of the packages it imports.
func BenchmarkRoadCellBuild(b *testing.B) {
	e, err := New(Options{CompiledDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := e.Execute(context.Background(), "import \"fmt\"", &recorder{}); err != nil {
		b.Fatal(err)
	}
	nonce := time.Now().UnixNano()
	// One build first, for the build cache of what every unit imports.
	if _, err := e.Execute(context.Background(), unique(fmt.Sprint("warm ", nonce)), &recorder{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := e.Execute(context.Background(), unique(fmt.Sprint(nonce, " ", i)), &recorder{}); err != nil {
			b.Fatal(err)
		}
	}
}

// unique returns describeCell with the comment c in describe's body.
func unique(c string) string {
	return strings.Replace(describeCell, "func describe(v any) string {", "func describe(v any) string {\n\t// "+c, 1)
}

// BenchmarkAssertMapContested: 10,000 assertions a cell of an any holding
// a recorded map[string]S to map[string]S, in a session whose function
// declares a local type of S's fields: each asks SessionType on this
// branch (contestedComposite); main asserted bare (and said true for a
// map of the local type).
func BenchmarkAssertMapContested(b *testing.B) {
	benchmarkCell(b, []string{"type S struct{ a, b int }\nvar q any = map[string]S{\"x\": {1, 2}}\nvar n int\n" +
		"func loop() {\n\tfor i := 0; i < 10000; i++ {\n\t\tif _, ok := q.(map[string]S); ok {\n\t\t\tn++\n\t\t}\n\t}\n}" +
		"\nfunc other() int {\n\ttype L struct{ a, b int }\n\treturn len([]L{{1, 2}})\n}"}, "loop()")
}

// BenchmarkAssertSliceContested: the same with a []S asserted to []S,
// which main lowered already (contestedList): the cost of an assertion
// that asks SessionType, for comparison.
func BenchmarkAssertSliceContested(b *testing.B) {
	benchmarkCell(b, []string{"type S struct{ a, b int }\nvar q any = []S{{1, 2}}\nvar n int\n" +
		"func loop() {\n\tfor i := 0; i < 10000; i++ {\n\t\tif _, ok := q.([]S); ok {\n\t\t\tn++\n\t\t}\n\t}\n}" +
		"\nfunc other() int {\n\ttype L struct{ a, b int }\n\treturn len([]L{{1, 2}})\n}"}, "loop()")
}
