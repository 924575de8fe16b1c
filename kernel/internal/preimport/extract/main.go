// Command extract writes the yaegi symbol tables of kernel/symbols: one
// file per package of preimport.List that is not in the standard library,
// as `yaegi extract` names and writes them. It first removes the tables it
// wrote before, so that a package which left the list, or no longer
// compiles, leaves no stale file behind; a package that does not compile is
// reported on stderr and left out (so the generated set always compiles),
// as yaegi extract does.
//
// Usage (kernel/symbols' go:generate line, run in that folder):
//
//	go run ../internal/preimport/extract
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/internal/preimport"
	"github.com/traefik/yaegi/extract"
)

// generated matches the files this command writes (and only those).
var generated = []string{"gonum_org-*.go", "github_com-rbm-kernel-*.go"}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "extract:", err)
		os.Exit(1)
	}
}

func run() error {
	wd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("finding the output folder: %w", err)
	}
	for _, pattern := range generated {
		old, err := filepath.Glob(pattern)
		if err != nil {
			return fmt.Errorf("listing %s: %w", pattern, err)
		}
		for _, f := range old {
			if err := os.Remove(f); err != nil {
				return fmt.Errorf("removing the old table: %w", err)
			}
		}
	}
	name := strings.NewReplacer("/", "-", ".", "_", "~", "_")
	for _, p := range preimport.List {
		if p.Std() || p.NoSymbols {
			continue
		}
		ext := extract.Extractor{Dest: filepath.Base(wd)}
		if p.Exclude != "" {
			ext.Exclude = []string{p.Exclude}
		}
		var buf bytes.Buffer
		path, err := ext.Extract(p.Path, ext.Dest, &buf)
		if err != nil {
			fmt.Fprintf(os.Stderr, "extract: leaving %s out: %v\n", p.Path, err)
			continue
		}
		out := name.Replace(path) + ".go"
		if !matchesAny(out) {
			return fmt.Errorf("%s would be written as %s, which the next run would not remove: add its pattern to generated", p.Path, out)
		}
		if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("writing the table of %s: %w", p.Path, err)
		}
	}
	return nil
}

// matchesAny reports whether file is one of the generated names.
func matchesAny(file string) bool {
	for _, pattern := range generated {
		if ok, _ := filepath.Match(pattern, file); ok {
			return true
		}
	}
	return false
}
