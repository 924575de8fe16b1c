package front

import (
	"go/types"
	"strings"
	"sync"
)

// Augmented is the importer of compiled cells. A package of the standard
// library that has a symbol table (Tables, the session's) is that
// package, with the exported objects that Source (the package as the Go
// toolchain compiled it) declares and the table lacks added to its scope;
// one without a table (slices, maps, iter, cmp: generic, which the
// interpreter reads from source) is Source's, whole; any other package is
// Base's (the session's importer). The symbol tables are made for the
// interpreter: they hold the API of the Go release yaegi was made for and
// no generic functions or types, while compiled code may use what the
// toolchain has (sync.OnceValue, atomic.Pointer, strings.Lines). The
// objects of a table keep their identity, so a type of the package means
// the same in a compiled cell and in the session; an added object may
// mention Source's types, which are not the session's (strings.Lines
// returns Source's iter.Seq, which is what Source's slices.Collect takes;
// rarely, a newer function returns one of its package's older types, which
// then differs from the table's). It is safe for concurrent use.
type Augmented struct {
	Base   types.Importer
	Tables types.Importer
	Source types.Importer

	mu    sync.Mutex
	built map[string]*types.Package
}

// isStd reports whether path is of the standard library: its first
// element has no dot.
func isStd(path string) bool {
	return !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
}

// Import returns the package of path.
func (a *Augmented) Import(path string) (*types.Package, error) {
	if a.Source == nil || a.Tables == nil || path == "unsafe" || !isStd(path) {
		return a.Base.Import(path)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if q := a.built[path]; q != nil {
		return q, nil
	}
	if a.built == nil {
		a.built = map[string]*types.Package{}
	}
	p, err := a.Tables.Import(path)
	if err != nil {
		if src, err := a.Source.Import(path); err == nil {
			a.built[path] = src
			return src, nil
		}
		return a.Base.Import(path)
	}
	a.built[path] = p
	src, err := a.Source.Import(path)
	if err != nil {
		return p, nil
	}
	var missing []types.Object
	for _, name := range src.Scope().Names() {
		if obj := src.Scope().Lookup(name); obj.Exported() && p.Scope().Lookup(name) == nil {
			missing = append(missing, obj)
		}
	}
	if len(missing) == 0 {
		return p, nil
	}
	q := types.NewPackage(p.Path(), p.Name())
	for _, name := range p.Scope().Names() {
		q.Scope().Insert(p.Scope().Lookup(name))
	}
	for _, obj := range missing {
		q.Scope().Insert(obj)
	}
	q.SetImports(p.Imports())
	q.MarkComplete()
	a.built[path] = q
	return q, nil
}
