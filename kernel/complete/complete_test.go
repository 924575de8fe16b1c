package complete

import (
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// testSymbols is a yaegi-style symbol table for a few names of fmt, io and
// mat, written as `yaegi extract` writes them.
func testSymbols() map[string]map[string]reflect.Value {
	return map[string]map[string]reflect.Value{
		"fmt/fmt": {
			"Println":  reflect.ValueOf(fmt.Println),
			"Printf":   reflect.ValueOf(fmt.Printf),
			"Sprint":   reflect.ValueOf(fmt.Sprint),
			"Stringer": reflect.ValueOf((*fmt.Stringer)(nil)),
			"_Stringer": reflect.ValueOf((*struct {
				IValue  any
				WString func() string
			})(nil)),
		},
		"io/io": {
			"EOF":      reflect.ValueOf(&io.EOF).Elem(),
			"SeekEnd":  reflect.ValueOf(io.SeekEnd),
			"Reader":   reflect.ValueOf((*io.Reader)(nil)),
			"ReadFull": reflect.ValueOf(io.ReadFull),
		},
		"gonum.org/v1/gonum/mat/mat": {
			"NewDense":    reflect.ValueOf(mat.NewDense),
			"NewVecDense": reflect.ValueOf(mat.NewVecDense),
			"Dense":       reflect.ValueOf((*mat.Dense)(nil)),
			"Matrix":      reflect.ValueOf((*mat.Matrix)(nil)),
			"Formatted":   reflect.ValueOf(mat.Formatted),
		},
	}
}

func testEnv() *Env {
	d := mat.NewDense(2, 2, nil)
	return &Env{
		Packages: PackagesFromSymbols(testSymbols(), map[string]string{
			"fmt": "fmt", "io": "io", "mat": "gonum.org/v1/gonum/mat",
		}),
		Globals: GlobalsFromValues(map[string]reflect.Value{
			"weights":   reflect.ValueOf(&d).Elem(),
			"weightSum": reflect.ValueOf(new(float64)).Elem(),
			"train":     reflect.ValueOf(func(n int) error { return nil }),
		}),
	}
}

func TestPackagesFromSymbolsKinds(t *testing.T) {
	pkgs := PackagesFromSymbols(testSymbols(), map[string]string{"fmt": "fmt", "io": "io", "m": "gonum.org/v1/gonum/mat", "x": "no/such"})
	want := map[string]map[string]string{
		"fmt": {"Println": KindFunc, "Stringer": KindType},
		"io":  {"EOF": KindVar, "SeekEnd": KindConst, "Reader": KindType, "ReadFull": KindFunc},
		"m":   {"NewDense": KindFunc, "Dense": KindType},
	}
	for short, names := range want {
		p, ok := pkgs[short]
		if !ok {
			t.Fatalf("package %q missing from %v", short, pkgs)
		}
		for n, kind := range names {
			m, ok := findName(p.Members, n)
			if !ok || m.Kind != kind {
				t.Errorf("%s.%s: got %+v (found %v), want kind %s", short, n, m, ok, kind)
			}
		}
	}
	if _, ok := findName(pkgs["fmt"].Members, "_Stringer"); ok {
		t.Error("interface wrapper _Stringer listed as a member")
	}
	if p := pkgs["x"]; p.Path != "no/such" || len(p.Members) != 0 {
		t.Errorf("unknown path: got %+v, want the path with no members", p)
	}
	if p := pkgs["m"]; p.Name != "m" || p.Path != "gonum.org/v1/gonum/mat" {
		t.Errorf("renamed import: got name %q path %q", p.Name, p.Path)
	}
	dense, _ := findName(pkgs["m"].Members, "Dense")
	if _, ok := findName(dense.Members, "Mul"); !ok {
		t.Errorf("type Dense lacks method Mul in %v", dense.Members)
	}
	all := PackagesFromSymbols(testSymbols(), nil)
	if all["mat"].Path != "gonum.org/v1/gonum/mat" || len(all) != 3 {
		t.Errorf("nil imported: got %v", all)
	}
}

func TestGlobalsFromValues(t *testing.T) {
	env := testEnv()
	w, ok := findName(env.Globals, "weights")
	if !ok || w.Kind != KindVar || w.Type != "*mat.Dense" || w.Named != "gonum.org/v1/gonum/mat.Dense" {
		t.Fatalf("weights: got %+v", w)
	}
	if _, ok := findName(w.Members, "At"); !ok {
		t.Errorf("weights lacks method At")
	}
	f, _ := findName(env.Globals, "train")
	if f.Kind != KindFunc || f.String() != "func train(int) error" {
		t.Errorf("train: got %+v, String %q", f, f.String())
	}
}

func TestCompleteGlobalFromEarlierCell(t *testing.T) {
	code := "x := wei"
	r := Complete(code, len([]rune(code)), testEnv())
	if want := []string{"weightSum", "weights"}; !slices.Equal(r.Matches, want) {
		t.Errorf("matches %v, want %v", r.Matches, want)
	}
	if r.Start != 5 || r.End != 8 {
		t.Errorf("start, end = %d, %d, want 5, 8", r.Start, r.End)
	}
	if len(r.Types) != len(r.Matches) || r.Types[0] != KindVar {
		t.Errorf("types %v", r.Types)
	}
}

func TestCompletePackageMembers(t *testing.T) {
	code := "m := mat.New"
	r := Complete(code, len(code), testEnv())
	if want := []string{"NewDense", "NewVecDense"}; !slices.Equal(r.Matches, want) {
		t.Errorf("matches %v, want %v", r.Matches, want)
	}
	if r.Start != 9 || r.End != 12 {
		t.Errorf("start, end = %d, %d, want 9, 12", r.Start, r.End)
	}
	r = Complete("mat.", 4, testEnv())
	for _, n := range []string{"Dense", "Formatted", "Matrix", "NewDense"} {
		if !slices.Contains(r.Matches, n) {
			t.Errorf("mat. lacks %s: %v", n, r.Matches)
		}
	}
	if r.Start != 4 || r.End != 4 {
		t.Errorf("empty prefix: start, end = %d, %d, want 4, 4", r.Start, r.End)
	}
	// Methods of a global's type, and of a type name.
	r = Complete("weights.Mu", 10, testEnv())
	if !slices.Contains(r.Matches, "Mul") || !slices.Contains(r.Matches, "MulElem") {
		t.Errorf("weights.Mu: %v", r.Matches)
	}
	r = Complete("mat.Dense.Ap", 12, testEnv())
	if !slices.Equal(r.Matches, []string{"Apply"}) {
		t.Errorf("mat.Dense.Ap: %v", r.Matches)
	}
}

func TestCompletePackageNameAndKeywords(t *testing.T) {
	r := Complete("ma", 2, testEnv())
	// The package first, then builtins and keywords.
	if want := []string{"mat", "make", "map", "max"}; !slices.Equal(r.Matches, want) {
		t.Errorf("matches %v, want %v", r.Matches, want)
	}
	if r.Types[0] != KindPackage || r.Types[1] != KindBuiltin || r.Types[2] != KindKeyword {
		t.Errorf("types %v", r.Types)
	}
}

func TestCompleteCellIdentifiers(t *testing.T) {
	code := "func helper() {}\nvar counter int\nhe"
	r := Complete(code, len(code), nil)
	if !slices.Equal(r.Matches, []string{"helper"}) || r.Types[0] != KindFunc {
		t.Errorf("matches %v types %v", r.Matches, r.Types)
	}
	r = Complete(code[:len(code)-2]+"cou", len(code)+1, nil)
	if !slices.Equal(r.Matches, []string{"counter"}) || r.Types[0] != KindVar {
		t.Errorf("matches %v types %v", r.Matches, r.Types)
	}
}

func TestCompleteCodePoints(t *testing.T) {
	// Two-byte and four-byte runes before the cursor: positions must count
	// code points, not bytes.
	code := "s := \"héllo 🙂\"; ζ := 1\nfmt.Pr"
	cursor := len([]rune(code))
	r := Complete(code, cursor, testEnv())
	if !slices.Equal(r.Matches, []string{"Printf", "Println"}) {
		t.Errorf("matches %v", r.Matches)
	}
	if r.Start != cursor-2 || r.End != cursor {
		t.Errorf("start, end = %d, %d, want %d, %d", r.Start, r.End, cursor-2, cursor)
	}
	// A non-ASCII identifier as the prefix.
	code = "ζeta := 1\nζ"
	r = Complete(code, len([]rune(code)), nil)
	if !slices.Equal(r.Matches, []string{"ζeta"}) || r.Start != 10 || r.End != 11 {
		t.Errorf("ζ: matches %v start %d end %d", r.Matches, r.Start, r.End)
	}
	// The cursor in the middle of a line with a following text.
	code = "ζ := fmt.Pr(1)"
	r = Complete(code, 11, testEnv())
	if !slices.Equal(r.Matches, []string{"Printf", "Println"}) || r.Start != 9 || r.End != 11 {
		t.Errorf("mid-line: %+v", r)
	}
}

func TestCompleteNothingInStringsAndComments(t *testing.T) {
	for _, code := range []string{`s := "ma`, "// ma", "/* ma */"[:5], "x := `ma"} {
		if r := Complete(code, len(code), testEnv()); len(r.Matches) != 0 {
			t.Errorf("%q: got %v, want no matches inside a literal or comment", code, r.Matches)
		}
	}
}

func TestCompleteCaseInsensitiveFallback(t *testing.T) {
	r := Complete("mat.newd", 8, testEnv())
	if !slices.Equal(r.Matches, []string{"NewDense"}) {
		t.Errorf("got %v", r.Matches)
	}
}

func TestCompleteCursorOutOfRange(t *testing.T) {
	// Must not panic; the cursor is clamped.
	for _, c := range []int{-3, 0, 100} {
		r := Complete("fmt", c, testEnv())
		if r.Start < 0 || r.End > 3 || r.Start > r.End {
			t.Errorf("cursor %d: start %d end %d", c, r.Start, r.End)
		}
	}
}

func TestInspect(t *testing.T) {
	env := testEnv()
	cases := []struct {
		code   string
		cursor int // -1: end of code
		want   []string
	}{
		{"fmt.Println", -1, []string{"func Println(a ...any) (n int, err error)", "Println formats"}},
		{"fmt.Println(", -1, []string{"func Println(a ...any)"}},
		{"fmt.Println(x)", 6, []string{"func Println(a ...any)"}},
		{"m := mat.NewDense(3, 3, nil)", 12, []string{"func NewDense(r, c int, data []float64) *Dense", "NewDense creates"}},
		{"mat.Dense.Mul", -1, []string{"func (m *Dense) Mul(a, b Matrix)"}},
		{"weights.Mul", -1, []string{"func (m *Dense) Mul(a, b Matrix)"}},
		{"weights", -1, []string{"var weights *mat.Dense"}},
		{"mat", -1, []string{`package mat // import "gonum.org/v1/gonum/mat"`, "Package mat"}},
		{"len", -1, []string{"func len(v Type) int"}},
		{"ζ := fmt.Sprint", -1, []string{"func Sprint(a ...any) string"}},
	}
	for _, c := range cases {
		cur := c.cursor
		if cur < 0 {
			cur = len([]rune(c.code))
		}
		text, found := Inspect(c.code, cur, 0, env)
		if !found {
			t.Errorf("%q at %d: not found", c.code, cur)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%q at %d: text lacks %q:\n%s", c.code, cur, w, text)
			}
		}
	}
	for _, code := range []string{"nosuch", "fmt.NoSuch", "", "1 + "} {
		if text, found := Inspect(code, len(code), 0, env); found {
			t.Errorf("%q: found %q, want nothing", code, text)
		}
	}
	text, _ := Inspect("mat.Dense", 9, 1, env)
	if !strings.Contains(text, "Methods:") || !strings.Contains(text, "func (m *Dense) Mul(a, b Matrix)") {
		t.Errorf("detail 1 of mat.Dense lacks its methods:\n%s", text)
	}
}

func TestInspectLibDocs(t *testing.T) {
	// The library's docs are embedded by go generate; rbm.NewBinary must be
	// there once lib/rbm declares it.
	pd, ok := Doc("github.com/rbm-kernel/rbm-kernel/lib/rbm")
	if !ok {
		t.Fatal("no docs for lib/rbm: run go generate ./kernel/complete")
	}
	if _, ok := pd.Members["NewBinary"]; !ok {
		t.Skip("lib/rbm has no NewBinary in the embedded docs")
	}
	env := &Env{Packages: map[string]Package{"rbm": {Name: "rbm", Path: "github.com/rbm-kernel/rbm-kernel/lib/rbm"}}}
	text, found := Inspect("rbm.NewBinary", 13, 0, env)
	if !found || !strings.Contains(text, "func NewBinary(") {
		t.Errorf("rbm.NewBinary: found %v, text %q", found, text)
	}
}

func TestDocsCoverRequiredPackages(t *testing.T) {
	for _, p := range []string{"builtin", "fmt", "math", "math/rand/v2", "strings", "strconv", "sort", "slices", "maps", "time", "context", "errors", "os", "io", "bytes", "image", "image/color", "sync",
		"gonum.org/v1/gonum/mat", "gonum.org/v1/gonum/floats", "gonum.org/v1/gonum/stat", "gonum.org/v1/gonum/stat/distuv",
		"gonum.org/v1/plot", "gonum.org/v1/plot/plotter", "gonum.org/v1/plot/vg", "gonum.org/v1/plot/vg/draw",
		"github.com/rbm-kernel/rbm-kernel/lib/rbm", "github.com/rbm-kernel/rbm-kernel/lib/data"} {
		pd, ok := Doc(p)
		if !ok || len(pd.Members) == 0 {
			t.Errorf("no docs for %s", p)
		}
	}
	if len(docsGz) > 1<<20 {
		t.Errorf("embedded docs are %d bytes, over 1 MiB", len(docsGz))
	}
}
