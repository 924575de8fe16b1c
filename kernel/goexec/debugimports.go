package goexec

import (
	"fmt"
	"go/parser"
	"sort"
	"strings"
)

// yaegi keys imports by file name, and a cell compiled for the debugger is
// named by its code (cellNaming), not cellFile: importInto makes the
// session's imports visible under such a name before the cell runs, and
// the imports a cell declares there visible under cellFile after.

// importInto imports, in the file named file, the packages of imports
// (short name → path) that it does not have yet, and the kernel's runtime
// package.
func (e *Executor) importInto(file string, imports map[string]string) error {
	d := &e.dbg
	d.mu.Lock()
	if d.fileImports == nil {
		d.fileImports = map[string]map[string]string{}
	}
	have := d.fileImports[file]
	if have == nil {
		have = map[string]string{}
		if file == cellFile {
			for n, p := range e.imported {
				have[n] = p
			}
			have[rtName] = rtPath
		}
		d.fileImports[file] = have
	}
	d.mu.Unlock()
	want := map[string]string{rtName: rtPath}
	for n, p := range imports {
		want[n] = p
	}
	var specs []string
	for n, p := range want {
		if n == "_" || n == "." || have[n] == p {
			continue
		}
		specs = append(specs, fmt.Sprintf("%s %q", n, p))
	}
	if len(specs) == 0 {
		return nil
	}
	sort.Strings(specs)
	f, err := parser.ParseFile(e.in.FileSet(), file, declPrefix+"import (\n\t"+strings.Join(specs, "\n\t")+"\n)\n", 0)
	if err != nil {
		return fmt.Errorf("debugger: importing into %s: %w", file, err)
	}
	prog, err := e.compile(f)
	if err == nil {
		_, err = e.in.Execute(prog)
	}
	if err != nil {
		return fmt.Errorf("debugger: importing into %s: %w", file, err)
	}
	d.mu.Lock()
	for n, p := range want {
		have[n] = p
	}
	d.mu.Unlock()
	return nil
}

// shareImports imports under cellFile what the declaration chunks of a
// cell compiled for the debugger imported, so that the cells after it see
// them.
func (e *Executor) shareImports(chunks []chunk) {
	imports := map[string]string{}
	for _, c := range chunks {
		for n, p := range c.imports {
			imports[n] = p
		}
	}
	if len(imports) > 0 {
		_ = e.importInto(cellFile, imports)
	}
}
