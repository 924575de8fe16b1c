package front

import (
	"errors"
	"go/constant"
	"go/types"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/symbols"
	"github.com/traefik/yaegi/stdlib"
)

// lookup imports path and returns its object name.
func lookup(t *testing.T, im *Importer, path, name string) types.Object {
	t.Helper()
	pkg, err := im.Import(path)
	if err != nil {
		t.Fatal(err)
	}
	obj := pkg.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("%s.%s not found", path, name)
	}
	return obj
}

// is checks that got prints as want (package paths in full).
func is(t *testing.T, what string, got types.Type, want string) {
	t.Helper()
	if s := types.TypeString(got, nil); s != want {
		t.Errorf("%s: %s, want %s", what, s, want)
	}
}

func TestStdlibCases(t *testing.T) {
	im := tablesImporter()

	// time.Duration, its String method, and its typed constants.
	dur := lookup(t, im, "time", "Duration").Type().(*types.Named)
	is(t, "Duration underlying", dur.Underlying(), "int64")
	str, _, _ := types.LookupFieldOrMethod(dur, false, nil, "String")
	if f, ok := str.(*types.Func); !ok || f.Signature().Recv().Type() != dur {
		t.Errorf("Duration.String = %v", str)
	} else {
		is(t, "Duration.String", f.Type(), "func() string")
	}
	sec, ok := lookup(t, im, "time", "Second").(*types.Const)
	if !ok || sec.Type() != dur || sec.Val().String() != "1000000000" {
		t.Errorf("time.Second = %v", sec)
	}

	// Untyped constants; an untyped rune constant is an untyped int one.
	consts := []struct{ path, name, typ, val string }{
		{"math", "Pi", "untyped float", ""},
		{"math", "MaxInt64", "untyped int", "9223372036854775807"},
		{"math", "MaxUint64", "untyped int", "18446744073709551615"},
		{"time", "RFC3339", "untyped string", `"2006-01-02T15:04:05Z07:00"`},
		{"unicode/utf8", "RuneError", "untyped int", "65533"}, // untyped rune in Go
		{"os", "O_RDONLY", "int", "0"},
		{"io", "SeekEnd", "untyped int", "2"},
	}
	for _, c := range consts {
		obj, ok := lookup(t, im, c.path, c.name).(*types.Const)
		if !ok {
			t.Errorf("%s.%s is not a constant", c.path, c.name)
			continue
		}
		is(t, c.path+"."+c.name, obj.Type(), c.typ)
		if c.val != "" && obj.Val().ExactString() != c.val {
			t.Errorf("%s.%s = %s, want %s", c.path, c.name, obj.Val().ExactString(), c.val)
		}
	}
	if pi, _ := constant.Float64Val(lookup(t, im, "math", "Pi").(*types.Const).Val()); pi != math.Pi {
		t.Errorf("math.Pi = %v", pi)
	}

	// io.Reader is an interface with Read.
	reader := lookup(t, im, "io", "Reader").Type()
	it, ok := reader.Underlying().(*types.Interface)
	if !ok || it.NumMethods() != 1 || it.Method(0).Name() != "Read" {
		t.Fatalf("io.Reader = %v", reader.Underlying())
	}
	is(t, "Read", it.Method(0).Type(), "func([]uint8) (int, error)")
	if res := it.Method(0).Signature().Results(); res.At(1).Type() != types.Universe.Lookup("error").Type() {
		t.Errorf("Read's error is %v", res.At(1).Type())
	}

	// os.Args is a []string variable; os.FileMode is io/fs.FileMode.
	args, ok := lookup(t, im, "os", "Args").(*types.Var)
	if !ok || !types.Identical(args.Type(), types.NewSlice(types.Typ[types.String])) {
		t.Errorf("os.Args = %v", args)
	}
	mode := lookup(t, im, "os", "FileMode").(*types.TypeName)
	if !mode.IsAlias() || types.Unalias(mode.Type()) != lookup(t, im, "io/fs", "FileMode").Type() {
		t.Errorf("os.FileMode = %v", mode)
	}

	// Embedded fields: bufio.ReadWriter is struct{*Reader; *Writer}.
	rw := lookup(t, im, "bufio", "ReadWriter").Type()
	st := rw.Underlying().(*types.Struct)
	if st.NumFields() != 2 || !st.Field(0).Embedded() || st.Field(0).Name() != "Reader" {
		t.Errorf("bufio.ReadWriter = %v", st)
	}
	if st.Field(0).Type() != types.NewPointer(lookup(t, im, "bufio", "Reader").Type()) &&
		!types.Identical(st.Field(0).Type(), types.NewPointer(lookup(t, im, "bufio", "Reader").Type())) {
		t.Errorf("ReadWriter.Reader is %v", st.Field(0).Type())
	}
	if m, _, _ := types.LookupFieldOrMethod(types.NewPointer(rw), false, nil, "ReadString"); m == nil {
		t.Error("*bufio.ReadWriter has no ReadString")
	}

	// A recursive type: list.Element's next and Next are *Element.
	elem := lookup(t, im, "container/list", "Element").Type().(*types.Named)
	next, _, _ := types.LookupFieldOrMethod(elem, true, elem.Obj().Pkg(), "next")
	if v, ok := next.(*types.Var); !ok || !types.Identical(v.Type(), types.NewPointer(elem)) {
		t.Errorf("Element.next = %v", next)
	}
	nextM, _, _ := types.LookupFieldOrMethod(types.NewPointer(elem), false, nil, "Next")
	if f, ok := nextM.(*types.Func); !ok || f.Signature().Results().At(0).Type().(*types.Pointer).Elem() != elem {
		t.Errorf("Element.Next = %v", nextM)
	}

	// A variadic func.
	println := lookup(t, im, "fmt", "Println").(*types.Func)
	if sig := println.Signature(); !sig.Variadic() || sig.Params().Len() != 1 {
		t.Errorf("fmt.Println = %v", sig)
	}
	is(t, "fmt.Println", println.Type(), "func(...any) (int, error)")

	// Channel directions.
	ticker := lookup(t, im, "time", "Ticker").Type().Underlying().(*types.Struct)
	if ch, ok := ticker.Field(0).Type().(*types.Chan); !ok || ch.Dir() != types.RecvOnly || ch.Elem() != lookup(t, im, "time", "Time").Type() {
		t.Errorf("Ticker.C is %v", ticker.Field(0).Type())
	}
	is(t, "signal.Notify", lookup(t, im, "os/signal", "Notify").Type(), "func(chan<- os.Signal, ...os.Signal)")

	// A sealed interface and a type implementing it.
	expr := lookup(t, im, "go/ast", "Expr").Type()
	ident := lookup(t, im, "go/ast", "Ident").Type()
	if !types.Implements(types.NewPointer(ident), expr.Underlying().(*types.Interface)) {
		t.Error("*ast.Ident does not implement ast.Expr")
	}
	if types.Implements(ident, expr.Underlying().(*types.Interface)) {
		t.Error("ast.Ident implements ast.Expr")
	}

	// yaegi's restricted log.Logger is its wrapper type.
	is(t, "log.New", lookup(t, im, "log", "New").Type(),
		"func(io.Writer, string, int) *github.com/traefik/yaegi/stdlib.logLogger")
}

func TestLibraryCases(t *testing.T) {
	im := tablesImporter()
	is(t, "rbm.NewBinary", lookup(t, im, "github.com/rbm-kernel/rbm-kernel/lib/rbm", "NewBinary").Type(),
		"func(int, int, *github.com/rbm-kernel/rbm-kernel/lib/rbm.Init) (*github.com/rbm-kernel/rbm-kernel/lib/rbm.Binary, error)")
	dense := lookup(t, im, "gonum.org/v1/gonum/mat", "Dense").Type()
	matrix := lookup(t, im, "gonum.org/v1/gonum/mat", "Matrix").Type().Underlying().(*types.Interface)
	if types.Implements(dense, matrix) || !types.Implements(types.NewPointer(dense), matrix) {
		t.Error("mat.Matrix is implemented by *mat.Dense only")
	}
	// The field W of rbm.Binary is the same *mat.Dense.
	bin := lookup(t, im, "github.com/rbm-kernel/rbm-kernel/lib/rbm", "Binary").Type()
	w, _, _ := types.LookupFieldOrMethod(bin, false, nil, "W")
	if p, ok := w.Type().(*types.Pointer); !ok || p.Elem() != dense {
		t.Errorf("Binary.W is %v", w.Type())
	}
}

func TestImportErrors(t *testing.T) {
	im := NewImporter(stdlib.Symbols, symbols.Symbols)
	for _, path := range []string{"slices", "maps", "no/such/package", "internal/poll"} {
		pkg, err := im.Import(path)
		var ie *ImportError
		if pkg != nil || !errors.As(err, &ie) || ie.Path != path || !strings.Contains(err.Error(), `"`+path+`"`) {
			t.Errorf("Import(%q) = %v, %v", path, pkg, err)
		}
		if _, err2 := im.Import(path); err2 != err {
			t.Errorf("Import(%q) again: %v, want the cached %v", path, err2, err)
		}
	}
	if pkg, err := im.Import("unsafe"); pkg != types.Unsafe || err != nil {
		t.Errorf("Import(unsafe) = %v, %v", pkg, err)
	}
	if _, err := im.ImportFrom("fmt", "", 1); err == nil {
		t.Error("ImportFrom with mode 1 succeeds")
	}
	a, err := im.ImportFrom("fmt", "/somewhere", 0)
	if b, _ := im.Import("fmt"); err != nil || a != b {
		t.Errorf("ImportFrom(fmt) = %v, %v; Import gives %v", a, err, b)
	}
}

func TestConcurrentImports(t *testing.T) {
	im := NewImporter(stdlib.Symbols, symbols.Symbols)
	paths := im.Paths()
	results := make([][]*types.Package, 8)
	var wg sync.WaitGroup
	for g := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[g] = make([]*types.Package, len(paths))
			for i := range paths {
				j := (i + g*23) % len(paths) // a different order each
				if g%2 == 1 {
					j = len(paths) - 1 - j
				}
				results[g][j], _ = im.Import(paths[j])
				if pkg := results[g][j]; pkg != nil {
					_ = pkg.Scope().Names()
				}
			}
		}()
	}
	wg.Wait()
	for g := 1; g < len(results); g++ {
		for i := range paths {
			if results[g][i] != results[0][i] {
				t.Fatalf("goroutines 0 and %d got different packages for %q", g, paths[i])
			}
		}
	}
}

func BenchmarkImportAll(b *testing.B) {
	b.ReportAllocs()
	var retained uint64
	for range b.N {
		var before, after runtime.MemStats
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.StartTimer()
		im := NewImporter(stdlib.Symbols, symbols.Symbols)
		for _, path := range im.Paths() {
			_, _ = im.Import(path)
		}
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		retained = after.HeapAlloc - before.HeapAlloc
		runtime.KeepAlive(im)
		b.StartTimer()
	}
	b.ReportMetric(float64(retained)/(1<<20), "retained-MiB")
}

func BenchmarkImportFmt(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		im := NewImporter(stdlib.Symbols, symbols.Symbols)
		if _, err := im.Import("fmt"); err != nil {
			b.Fatal(err)
		}
	}
}
