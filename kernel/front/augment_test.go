package front

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/traefik/yaegi/stdlib"
)

// fakeImporter returns the packages it holds.
type fakeImporter map[string]*types.Package

func (f fakeImporter) Import(path string) (*types.Package, error) {
	if p, ok := f[path]; ok {
		return p, nil
	}
	return nil, &ImportError{Path: path, Reason: "not in the fake"}
}

// TestAugmented: a package keeps the base's objects (the same objects, so
// types mean the same) and gains what the source has and the base lacks;
// a package without a symbol table is the source's; a package outside the
// standard library is the base's.
func TestAugmented(t *testing.T) {
	base := NewImporter(stdlib.Symbols)
	src := types.NewPackage("sync", "sync")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	src.Scope().Insert(types.NewFunc(token.NoPos, src, "OnceNew", sig))
	src.Scope().Insert(types.NewFunc(token.NoPos, src, "unexportedNew", sig))
	src.Scope().Insert(types.NewTypeName(token.NoPos, src, "Mutex", nil)) // the base has it: not taken
	other := types.NewPackage("example.com/p", "p")
	iter := types.NewPackage("iter", "iter")
	a := &Augmented{
		Base:   Chain{base, fakeImporter{"example.com/p": other}},
		Tables: base,
		Source: fakeImporter{"sync": src, "example.com/p": types.NewPackage("example.com/p", "p"), "iter": iter},
	}

	got, err := a.Import("sync")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := base.Import("sync")
	if got.Scope().Lookup("Mutex") != want.Scope().Lookup("Mutex") {
		t.Error("sync.Mutex is not the base's object")
	}
	if got.Scope().Lookup("OnceNew") == nil {
		t.Error("sync.OnceNew, which only the source has, is missing")
	}
	if got.Scope().Lookup("unexportedNew") != nil {
		t.Error("an unexported name of the source was added")
	}
	if again, _ := a.Import("sync"); again != got {
		t.Error("a second import gives another package")
	}
	if p, _ := a.Import("example.com/p"); p != other {
		t.Error("a package outside the standard library is not the base's")
	}
	if p, _ := a.Import("strings"); p != must(base.Import("strings")) {
		t.Error("a package the source lacks is not the tables'")
	}
	if p, _ := a.Import("iter"); p != iter {
		t.Error("a package without a symbol table is not the source's")
	}
}

func must(p *types.Package, err error) *types.Package {
	if err != nil {
		panic(err)
	}
	return p
}
