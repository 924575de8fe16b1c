package goexec

import (
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/complete"
	"github.com/rbm-kernel/rbm-kernel/kernel/internal/preimport"
)

// TestPreimportedHaveAll checks that every package of the one list
// (kernel/internal/preimport) has what it needs: a pre-imported one its
// short name in DefaultImports, a symbol table under that name, and
// documentation for Inspect; every other one its documentation, and its
// table unless it is marked NoSymbols. A package added to the list without
// running `go generate ./kernel/...` fails here.
func TestPreimportedHaveAll(t *testing.T) {
	names := make(map[string]string)
	for _, p := range preimport.List {
		if p.Preimported() {
			if other, dup := names[p.Name]; dup {
				t.Errorf("short name %q is both %s and %s", p.Name, other, p.Path)
			}
			names[p.Name] = p.Path
			if got := DefaultImports[p.Name]; got != p.Path {
				t.Errorf("DefaultImports[%q] = %q, want %q", p.Name, got, p.Path)
			}
		}
		if !p.NoSymbols {
			name, ok := symbolName(p.Path)
			switch {
			case !ok:
				t.Errorf("%s has no symbol table (run go generate ./kernel/symbols)", p.Path)
			case p.Preimported() && name != p.Name:
				t.Errorf("%s's symbol table names the package %q, the list %q", p.Path, name, p.Name)
			}
		}
		d, ok := complete.Doc(p.Path)
		if !ok {
			t.Errorf("%s has no documentation (run go generate ./kernel/complete)", p.Path)
		} else if len(d.Members) == 0 {
			t.Errorf("%s's documentation lists no exported name", p.Path)
		}
	}
	if len(DefaultImports) != len(names) {
		t.Errorf("DefaultImports has %d names, the list %d", len(DefaultImports), len(names))
	}
	// What the issue that made the list found missing: dsl and input had
	// symbol tables but no documentation.
	for _, path := range []string{preimport.Module + "/dsl", preimport.Module + "/kernel/input"} {
		if _, ok := complete.Doc(path); !ok {
			t.Errorf("%s is not documented", path)
		}
	}
}
