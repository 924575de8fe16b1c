package compiled

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCompileSmall measures a small cell's build with a warm go build
// cache: each iteration is a new source (a one-line change), so the unit
// is compiled and linked, the library not.
func BenchmarkCompileSmall(b *testing.B) {
	bl := newBuilder(b)
	for i := 0; b.Loop(); i++ {
		if _, err := bl.Compile(context.Background(), cell(fmt.Sprintf("func F(m *rbm.Binary) int { return m.Visible() + %d }", i))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompileCached measures a cell run again unchanged: the unit
// is already loaded.
func BenchmarkCompileCached(b *testing.B) {
	bl := newBuilder(b)
	c := "func F(m *rbm.Binary) int { return m.Visible() }"
	if _, err := bl.Compile(context.Background(), cell(c)); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := bl.Compile(context.Background(), cell(c)); err != nil {
			b.Fatal(err)
		}
	}
}
