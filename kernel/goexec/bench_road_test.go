package goexec

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// BenchmarkRoadCellBuild runs a cell of declarations alone that the front
// end refuses (describeCell's type switch with case error), which takes
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
