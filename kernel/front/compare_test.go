package front

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/symbols"
	"github.com/traefik/yaegi/stdlib"
)

// The tests of this file type-check programs twice, with the Importer and
// with go/types' source importer (the real packages), and compare.

// tablesImporter is an Importer of the kernel's tables, shared by tests.
var tablesImporter = sync.OnceValue(func() *Importer {
	return NewImporter(stdlib.Symbols, symbols.Symbols)
})

// srcFset and sourceImporter type-check the real packages from source, once.
var (
	srcFset        = token.NewFileSet()
	sourceImporter = sync.OnceValue(func() types.Importer {
		return importer.ForCompiler(srcFset, "source", nil)
	})
	srcMu sync.Mutex // the source importer is not safe for concurrent use
)

// checked is a program type-checked with one importer.
type checked struct {
	info *types.Info
	errs []types.Error
}

// check type-checks file f of fset with imp.
func check(fset *token.FileSet, f *ast.File, imp types.Importer) checked {
	var c checked
	c.info = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{
		Importer: imp,
		Error:    func(err error) { c.errs = append(c.errs, err.(types.Error)) },
	}
	conf.Check("p", fset, []*ast.File{f}, c.info) // errors are in c.errs
	return c
}

// checkBoth parses src and type-checks it with the Importer and with the
// source importer.
func checkBoth(t *testing.T, src string) (fset *token.FileSet, f *ast.File, ours, theirs checked) {
	t.Helper()
	srcMu.Lock()
	defer srcMu.Unlock()
	fset = srcFset
	f, err := parser.ParseFile(fset, "cell.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f, check(fset, f, tablesImporter()), check(fset, f, sourceImporter())
}

// unnamed returns t with the parameter and result names of its signatures
// dropped and its aliases replaced by their types: the tables know
// neither.
func unnamed(t types.Type) types.Type {
	tuple := func(tu *types.Tuple) *types.Tuple {
		vars := make([]*types.Var, tu.Len())
		for i := range vars {
			vars[i] = types.NewParam(token.NoPos, nil, "", unnamed(tu.At(i).Type()))
		}
		return types.NewTuple(vars...)
	}
	switch t := t.(type) {
	case *types.Alias: // os.FileInfo is fs.FileInfo for the tables
		return unnamed(types.Unalias(t))
	case *types.Signature:
		return types.NewSignatureType(nil, nil, nil, tuple(t.Params()), tuple(t.Results()), t.Variadic())
	case *types.Tuple:
		return tuple(t)
	case *types.Pointer:
		return types.NewPointer(unnamed(t.Elem()))
	case *types.Slice:
		return types.NewSlice(unnamed(t.Elem()))
	case *types.Array:
		return types.NewArray(unnamed(t.Elem()), t.Len())
	case *types.Map:
		return types.NewMap(unnamed(t.Key()), unnamed(t.Elem()))
	case *types.Chan:
		return types.NewChan(t.Dir(), unnamed(t.Elem()))
	}
	return t
}

// aliasRE and unalias undo the differences that reflect cannot see: any
// is interface{}, byte is uint8 and rune is int32.
var aliasRE = regexp.MustCompile(`interface\{\}|\bbyte\b|\brune\b`)

func unalias(s string) string {
	return aliasRE.ReplaceAllStringFunc(s, func(m string) string {
		return map[string]string{"interface{}": "any", "byte": "uint8", "rune": "int32"}[m]
	})
}

// typeString prints t qualified by package path, in the form that both
// importers must agree on.
func typeString(t types.Type) string {
	if t == nil {
		return "<nil>"
	}
	s := types.TypeString(unnamed(t), func(p *types.Package) string { return p.Path() })
	return unalias(s)
}

// describe is what must match for one expression: its mode, type and
// constant value.
func describe(tv types.TypeAndValue) string {
	modes := []struct {
		ok   bool
		name string
	}{
		{tv.IsVoid(), "void"}, {tv.IsType(), "type"}, {tv.IsBuiltin(), "builtin"},
		{tv.IsValue(), "value"}, {tv.IsNil(), "nil"}, {tv.Addressable(), "addressable"},
		{tv.Assignable(), "assignable"}, {tv.HasOk(), "commaok"},
	}
	var b strings.Builder
	for _, m := range modes {
		if m.ok {
			b.WriteString(m.name + " ")
		}
	}
	b.WriteString(typeString(tv.Type))
	if tv.Value != nil {
		b.WriteString(" = " + tv.Value.String())
	}
	return b.String()
}

// compareTypes checks that every expression has the same mode, type and
// value for both importers, and returns how many expressions it compared.
func compareTypes(t *testing.T, fset *token.FileSet, src string, ours, theirs checked) int {
	t.Helper()
	exprs := make([]ast.Expr, 0, len(theirs.info.Types))
	for e := range theirs.info.Types {
		exprs = append(exprs, e)
	}
	sort.Slice(exprs, func(i, j int) bool {
		if exprs[i].Pos() != exprs[j].Pos() {
			return exprs[i].Pos() < exprs[j].Pos()
		}
		return exprs[i].End() < exprs[j].End()
	})
	for _, e := range exprs {
		text := src[fset.Position(e.Pos()).Offset:fset.Position(e.End()).Offset]
		want := describe(theirs.info.Types[e])
		tv, ok := ours.info.Types[e]
		if !ok {
			t.Errorf("%s: %s: not recorded with the Importer, want %s", fset.Position(e.Pos()), text, want)
			continue
		}
		if got := describe(tv); got != want {
			t.Errorf("%s: %s:\n got %s\nwant %s", fset.Position(e.Pos()), text, got, want)
		}
	}
	return len(exprs)
}

// errorCode returns the go/types error code of err (an unexported field,
// which go/types invites tools to read by reflection).
func errorCode(err types.Error) int64 {
	return reflect.ValueOf(err).FieldByName("go116code").Int()
}

// errorString is err's position and message, with unalias applied.
func errorString(fset *token.FileSet, err types.Error) string {
	return fset.Position(err.Pos).String() + ": " + unalias(err.Msg)
}
