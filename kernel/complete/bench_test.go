package complete

import (
	"strings"
	"sync"
	"testing"

	"github.com/traefik/yaegi/stdlib"
)

// stdImports is what a typical session has imported.
var stdImports = map[string]string{
	"fmt": "fmt", "math": "math", "strings": "strings", "strconv": "strconv",
	"sort": "sort", "time": "time", "os": "os", "io": "io", "rand": "math/rand/v2",
	"context": "context",
}

func TestPackagesFromYaegiStdlib(t *testing.T) {
	// The real tables written by `yaegi extract`.
	pkgs := PackagesFromSymbols(stdlib.Symbols, stdImports)
	want := map[string]map[string]string{
		"io":      {"EOF": KindVar, "Reader": KindType, "Copy": KindFunc, "SeekEnd": KindConst},
		"math":    {"Pi": KindConst, "Sqrt": KindFunc},
		"rand":    {"New": KindFunc, "Rand": KindType, "NewPCG": KindFunc},
		"strings": {"Builder": KindType, "ToUpper": KindFunc},
		"time":    {"Second": KindConst, "Duration": KindType, "Now": KindFunc},
	}
	for short, names := range want {
		for n, kind := range names {
			m, ok := findName(pkgs[short].Members, n)
			if !ok || m.Kind != kind {
				t.Errorf("%s.%s: got %+v (found %v), want kind %s", short, n, m, ok, kind)
			}
		}
	}
	all := PackagesFromSymbols(stdlib.Symbols, nil)
	if p := all["rand"]; p.Path != "math/rand" {
		t.Errorf("nil imported: rand is %q, want the shorter math/rand", p.Path)
	}
}

func benchEnv() *Env {
	return &Env{Packages: PackagesFromSymbols(stdlib.Symbols, stdImports), Globals: testEnv().Globals}
}

func BenchmarkPackagesFromSymbols(b *testing.B) {
	for b.Loop() {
		PackagesFromSymbols(stdlib.Symbols, stdImports)
	}
}

func BenchmarkCompleteMember(b *testing.B) {
	env := benchEnv()
	code := "x := 1\ns := strings.To"
	for b.Loop() {
		Complete(code, len(code), env)
	}
}

func BenchmarkCompletePrefix(b *testing.B) {
	env := benchEnv()
	code := strings.Repeat("weights := 3 * weightSum\n", 40) + "we"
	for b.Loop() {
		Complete(code, len(code), env)
	}
}

func BenchmarkInspect(b *testing.B) {
	env := benchEnv()
	Inspect("fmt.Println", 11, 0, env) // decode the embedded docs once
	b.ResetTimer()
	for b.Loop() {
		Inspect("fmt.Println", 11, 0, env)
	}
}

func BenchmarkIsComplete(b *testing.B) {
	code := "type T struct{ X int }\nfunc f(t T) int {\n\treturn t.X\n}\n" + strings.Repeat("x := f(T{3})\nfmt.Println(x)\n", 25)
	for b.Loop() {
		IsComplete(code)
	}
}

func BenchmarkLoadDocs(b *testing.B) {
	for b.Loop() {
		docsOnce = sync.Once{}
		if _, err := loadDocs(); err != nil {
			b.Fatal(err)
		}
	}
}
