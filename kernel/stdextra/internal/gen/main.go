// Command gen writes the tables of kernel/stdextra: for each package of
// yaegi's standard library tables (github.com/traefik/yaegi/stdlib), the
// exported names that the package has in the Go running this command and
// the table lacks, leaving out generic functions and types (yaegi cannot
// instantiate them) and package syscall (whose names differ between
// systems). Each package's table is written by yaegi's extractor,
// restricted to those names, into std_<path>.go, with its assignment to
// Symbols turned into a call of add (which merges it into yaegi's table).
// It first removes the files it wrote before.
//
// Usage (kernel/stdextra's go:generate line, run in that folder):
//
//	go run ./internal/gen
package main

import (
	"bytes"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/traefik/yaegi/extract"
	"github.com/traefik/yaegi/stdlib"
)

// skipped are packages of yaegi's tables left alone: syscall's names
// depend on the system, and yaegi's stdlib package is its own.
var skipped = map[string]bool{"syscall": true, "github.com/traefik/yaegi/stdlib": true}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	old, err := filepath.Glob("std_*.go")
	if err != nil {
		return err
	}
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return fmt.Errorf("removing the old table: %w", err)
		}
	}
	keys := make([]string, 0, len(stdlib.Symbols))
	for k := range stdlib.Symbols {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	file := strings.NewReplacer("/", "_", ".", "_", "-", "_")
	for _, key := range keys {
		i := strings.LastIndex(key, "/")
		if i <= 0 || skipped[key[:i]] {
			continue
		}
		path := key[:i]
		pkg, err := imp.Import(path)
		if err != nil {
			return fmt.Errorf("type-checking %s: %w", path, err)
		}
		missing := lacking(pkg, stdlib.Symbols[key])
		if len(missing) == 0 {
			continue
		}
		ext := extract.Extractor{Dest: "stdextra", Include: []string{"^(" + strings.Join(missing, "|") + ")$"}}
		var buf bytes.Buffer
		if _, err := ext.Extract(path, "", &buf); err != nil {
			return fmt.Errorf("extracting %s: %w", path, err)
		}
		text, err := merged(buf.String(), key)
		if err != nil {
			return err
		}
		if err := os.WriteFile("std_"+file.Replace(path)+".go", []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// lacking returns the exported names of pkg, each quoted for a regular
// expression, that table lacks and that are not generic, sorted.
func lacking(pkg *types.Package, table map[string]reflect.Value) []string {
	var names []string
	for _, name := range pkg.Scope().Names() {
		o := pkg.Scope().Lookup(name)
		if _, ok := table[name]; ok || !o.Exported() || generic(o) {
			continue
		}
		names = append(names, regexp.QuoteMeta(name))
	}
	return names
}

// generic reports whether o is a generic function or type, or a
// constraint (an interface that is not a method set, such as cmp.Ordered).
func generic(o types.Object) bool {
	switch x := o.(type) {
	case *types.Func:
		return x.Type().(*types.Signature).TypeParams().Len() > 0
	case *types.TypeName:
		if i, ok := x.Type().Underlying().(*types.Interface); ok && !i.IsMethodSet() {
			return true
		}
		switch t := x.Type().(type) {
		case *types.Named:
			return t.TypeParams().Len() > 0
		case *types.Alias:
			return t.TypeParams().Len() > 0
		}
	}
	return false
}

// assignment is the extractor's assignment of a package's table.
var assignment = regexp.MustCompile(`(?m)^\tSymbols\["([^"]+)"\] = map\[string\]reflect\.Value\{$`)

// merged turns the extractor's `Symbols[key] = map…{…}` into
// `add(key, map…{…})`.
func merged(text, key string) (string, error) {
	loc := assignment.FindStringSubmatchIndex(text)
	if loc == nil || text[loc[2]:loc[3]] != key {
		return "", fmt.Errorf("the table of %s has no assignment to Symbols[%q]", key, key)
	}
	end := strings.Index(text[loc[1]:], "\n\t}\n")
	if end < 0 {
		return "", fmt.Errorf("the table of %s does not end as expected", key)
	}
	end += loc[1]
	return text[:loc[0]] + "\tadd(" + fmt.Sprintf("%q", key) + ", map[string]reflect.Value{" + text[loc[1]:end] + "\n\t})\n" + text[end+len("\n\t}\n"):], nil
}
