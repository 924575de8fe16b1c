package complete

import (
	"bytes"
	"compress/gzip"
	_ "embed" // for the documentation file
	"encoding/json"
	"fmt"
	"io"
	"sync"
)

// docsGz is written by internal/gendocs (go generate ./kernel/complete).
//
//go:embed docs.json.gz
var docsGz []byte

// MemberDoc is the documentation of one exported name of a package.
type MemberDoc struct {
	// Kind is "func", "type", "method", "const" or "var".
	Kind string `json:"k"`
	// Sig is the declaration as go/printer prints it, without a body.
	Sig string `json:"s"`
	// Doc is the doc comment text.
	Doc string `json:"d"`
}

// PackageDoc is the documentation of one package.
type PackageDoc struct {
	// Name is the package name.
	Name string `json:"name"`
	// Doc is the start of the package comment.
	Doc string `json:"doc"`
	// Members maps "Name" or, for methods, "Type.Method" to its docs.
	Members map[string]MemberDoc `json:"members"`
}

var (
	docsOnce sync.Once
	docs     map[string]PackageDoc
	docsErr  error
)

func loadDocs() (map[string]PackageDoc, error) {
	docsOnce.Do(func() {
		zr, err := gzip.NewReader(bytes.NewReader(docsGz))
		if err != nil {
			docsErr = fmt.Errorf("complete: reading embedded docs: %w", err)
			return
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			docsErr = fmt.Errorf("complete: reading embedded docs: %w", err)
			return
		}
		if err := json.Unmarshal(b, &docs); err != nil {
			docsErr = fmt.Errorf("complete: decoding embedded docs: %w", err)
		}
	})
	return docs, docsErr
}

// Doc returns the embedded documentation of the package with the given
// import path ("fmt", "gonum.org/v1/gonum/mat"); ok is false for a package
// whose docs were not generated. The embedded file is decoded on first use.
func Doc(importPath string) (p PackageDoc, ok bool) {
	d, err := loadDocs()
	if err != nil {
		return PackageDoc{}, false
	}
	p, ok = d[importPath]
	return p, ok
}

// DocPaths returns the import paths whose documentation is embedded.
func DocPaths() []string {
	d, _ := loadDocs()
	out := make([]string, 0, len(d))
	for p := range d {
		out = append(out, p)
	}
	sortStrings(out)
	return out
}
