package front

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"sync"
)

// Chain is an importer that asks a list of importers in order and returns
// the first package found. When all fail, the error is the first one's
// (the symbol tables' ImportError says why the package has no table).
type Chain []types.Importer

// Import returns the package of path from the first importer that has it.
func (c Chain) Import(path string) (*types.Package, error) {
	var first error
	for _, im := range c {
		p, err := im.Import(path)
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = &ImportError{Path: path, Reason: "no importer"}
	}
	return nil, first
}

// SourceImporter type-checks packages from their Go source, found with a
// go/build context (GOROOT and GOPATH): the packages without a symbol
// table that yaegi interprets from source, such as the generic standard
// packages slices, maps and cmp, and a user's packages under
// Options.GoPath. The packages it imports are asked of Deps first (the
// symbol-table Importer), so that a type is the same *types.Type whichever
// way it was reached. Function bodies are not checked. It is safe for
// concurrent use; packages are built once.
type SourceImporter struct {
	Context build.Context  // where to find sources
	Fset    *token.FileSet // positions of the parsed files
	Deps    types.Importer // asked first for the packages a source package imports; may be nil

	mu    sync.Mutex
	built map[string]*types.Package
	errs  map[string]error
}

// Import parses and type-checks the package at path from source.
func (s *SourceImporter) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.load(path)
}

// load builds path with s.mu held; it calls itself for dependencies that
// Deps does not have.
func (s *SourceImporter) load(path string) (*types.Package, error) {
	if p := s.built[path]; p != nil {
		return p, nil
	}
	if err := s.errs[path]; err != nil {
		return nil, err
	}
	if s.built == nil {
		s.built, s.errs = map[string]*types.Package{}, map[string]error{}
	}
	p, err := s.check(path)
	if err != nil {
		s.errs[path] = err
		return nil, err
	}
	s.built[path] = p
	return p, nil
}

// check finds, parses and type-checks the package at path.
func (s *SourceImporter) check(path string) (*types.Package, error) {
	bp, err := s.Context.Import(path, "", 0)
	if err != nil {
		return nil, &ImportError{Path: path, Reason: "no source: " + err.Error()}
	}
	if len(bp.CgoFiles) > 0 {
		return nil, &ImportError{Path: path, Reason: "it uses cgo"}
	}
	files := make([]*ast.File, 0, len(bp.GoFiles))
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(s.Fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, &ImportError{Path: path, Reason: err.Error()}
		}
		files = append(files, f)
	}
	var first error
	conf := types.Config{
		IgnoreFuncBodies: true,
		FakeImportC:      true,
		Importer:         importerFunc(s.dep),
		Error: func(err error) {
			if first == nil {
				first = err
			}
		},
	}
	pkg, _ := conf.Check(path, s.Fset, files, nil)
	if first != nil {
		return nil, &ImportError{Path: path, Reason: fmt.Sprint("type-checking its source: ", first)}
	}
	return pkg, nil
}

// dep imports a dependency of a source package: from Deps when it has
// it, else from source.
func (s *SourceImporter) dep(path string) (*types.Package, error) {
	if s.Deps != nil {
		if p, err := s.Deps.Import(path); err == nil {
			return p, nil
		}
	}
	return s.load(path)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
