package compiled

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"strings"
	"sync"
)

// StdImporter returns an importer of the standard library as the Go
// toolchain compiles it for the kernel's plugins: the packages are read
// from the export data that `go list -export` makes with the kernel's
// build flags, so they have the whole API of the kernel's Go release,
// generic functions and types included. (The interpreter's symbol tables
// hold an older API and no generics; front.Augmented adds what they lack
// to a compiled cell's packages from here.) A package's export data is
// listed on its first import, with its dependencies; a package that is not
// in the standard library, or that the go command cannot list, is an
// error. The Builder has one, shared by its callers; it is safe for
// concurrent use.
func (b *Builder) StdImporter() types.Importer {
	b.std.Do(func() {
		s := &stdImporter{b: b, files: map[string]string{}}
		s.gc = importer.ForCompiler(token.NewFileSet(), "gc", s.lookup)
		b.std.imp = s
	})
	return b.std.imp
}

type stdImporter struct {
	b     *Builder
	mu    sync.Mutex
	files map[string]string // import path → its export data file
	gc    types.Importer
}

// Import returns the package of path, read from its export data.
func (s *stdImporter) Import(path string) (*types.Package, error) {
	if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return nil, fmt.Errorf("compiled: %s is not a package of the standard library", path)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.files[path]; !ok {
		if err := s.list(path); err != nil {
			return nil, err
		}
	}
	return s.gc.Import(path)
}

// list records the export data files of path and its dependencies.
func (s *stdImporter) list(path string) error {
	args := append([]string{"list", "-export", "-buildmode=plugin", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, s.b.tc.Flags...)
	cmd := s.b.goCommand(context.Background(), append(args, path)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("compiled: go list -export %s: %v: %s", path, err, strings.TrimSpace(stderr.String()))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if p, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			s.files[p] = file
		}
	}
	if s.files[path] == "" {
		return fmt.Errorf("compiled: go list -export %s gave no export data", path)
	}
	return nil
}

// lookup opens the export data of path for the gc importer (called with
// s.mu held, from Import).
func (s *stdImporter) lookup(path string) (io.ReadCloser, error) {
	file := s.files[path]
	if file == "" {
		if err := s.list(path); err != nil {
			return nil, err
		}
		file = s.files[path]
	}
	return os.Open(file)
}
