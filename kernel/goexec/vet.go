package goexec

import (
	"errors"
	"flag"
	"fmt"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"strconv"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/kernel/compiled"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// A Diagnostic is one problem that a Vetter found in a cell.
type Diagnostic struct {
	// Line and Col are the position in the cell, counted from 1 (the
	// magic line of a %%sweep cell is line 1); 0 when the problem has no
	// position.
	Line, Col int
	// Msg says what is wrong.
	Msg string
}

func (d Diagnostic) String() string {
	if d.Line == 0 {
		return d.Msg
	}
	return fmt.Sprintf("line %d:%d: %s", d.Line, d.Col, d.Msg)
}

// A Vetter type-checks the cells of a notebook, in order, as an Executor
// does before it runs each (kernel/front, with the declarations of the
// earlier cells and the pre-imported packages in scope), and runs
// nothing: `rbm-kernel vet`. A cell that fails declares nothing, as in a
// session, so later cells that use its names fail too.
//
// Cell magics: a %%sweep cell's body is compiled by the sweep language
// (dsl.Compile against dsl.Library(), as the magic does) and declares its
// variable (-var, default sweep) as a *dsl.Sweep. A %%compile cell is
// type-checked as the kernel checks it before building it
// (compiled.Cell.Check: its declarations against the packages and the
// earlier %%compile cells only), and its names are declared for the cells
// after it; it is not built. The cells that the kernel sends down the
// compiled road on its own (a program, or declarations the interpreter
// would refuse) are checked as ordinary cells.
type Vetter struct {
	fset      *token.FileSet
	front     *front.Session
	available map[string]string
	compiled  map[string]types.Object // the names of earlier %%compile cells
	units     types.Importer          // what a %%compile cell imports
}

// NewVetter returns a Vetter for a fresh session with opts' imports and
// symbol tables (Options.Imports, Options.Symbols; GoPath for packages
// imported from source), as New makes one. The other options do not apply.
func NewVetter(opts Options) *Vetter {
	e := &Executor{opts: opts, imported: map[string]string{}}
	v := &Vetter{fset: token.NewFileSet(), available: availableImports(opts.Imports)}
	// The prelude's import (Executor.init).
	if v.available["context"] == "context" {
		e.imported["context"] = "context"
	}
	v.front = e.newFrontWith(v.fset)
	// As buildUnit's, less the standard library's newer functions that
	// only the toolchain's export data has (Builder.StdImporter).
	v.units = &front.Augmented{Base: e.importer, Tables: e.tables}
	return v
}

// Cell checks one cell's code and makes its declarations part of the
// session when it has no error. Each problem is a Diagnostic; the note,
// when not empty, says what was not checked (an inspection request).
func (v *Vetter) Cell(code string) (diags []Diagnostic, note string) {
	defer func() {
		if r := recover(); r != nil {
			// A bug of ours or of go/types: say so at this cell rather
			// than take the command down.
			diags = append(diags, Diagnostic{Msg: fmt.Sprintf("the type checker failed on this cell: %v", r)})
		}
	}()
	if inspectRE.MatchString(code) {
		return nil, "an inspection request (name?), not Go: not checked"
	}
	if name, args, body, ok := cellMagic(code); ok {
		switch name {
		case "sweep":
			return v.sweep(args, body), ""
		case "compile":
			if args != "" {
				return []Diagnostic{{Line: 1, Col: 1, Msg: fmt.Sprintf("%%%%compile takes no arguments (got %q)", args)}}, ""
			}
			return v.compile(code, body), ""
		}
		return []Diagnostic{{Line: 1, Col: 1, Msg: fmt.Sprintf("unknown cell magic %%%%%s (the kernel knows %%%%sweep and %%%%compile)", name)}}, ""
	}
	return v.goCell(code), ""
}

// goCell checks a Go cell as Executor.interpret does before it runs it.
func (v *Vetter) goCell(code string) []Diagnostic {
	parsed, err := front.ParseCell(v.fset, code)
	if err != nil {
		offset := 1
		if isSplitError(err) {
			offset = 0
		}
		return diagnostics(code, err, offset)
	}
	checked, err := v.front.Check(parsed, v.autoImports(parsed))
	if err != nil {
		return diagnostics(code, err, 1)
	}
	v.front.Commit(checked)
	return nil
}

// compile checks a %%compile cell as compileMagic and buildUnit do, up to
// the build, and declares its names as useUnit does.
func (v *Vetter) compile(code, body string) []Diagnostic {
	reserved := map[string]string{}
	for name, path := range v.available {
		reserved[name] = name + " is the name of a pre-imported package of the session (" + strconv.Quote(path) + "): give the declaration another name"
	}
	for name, path := range v.front.Imports() {
		reserved[name] = name + " is the name of a package the session imports (" + strconv.Quote(path) + "): give the declaration another name"
	}
	pkg, names, err := (&compiled.Cell{
		Fset: v.fset, Filename: cellFile, Body: body,
		Scope: v.compiled, Auto: v.available, Reserved: reserved,
		Importer: v.units,
	}).Check()
	if err != nil {
		return diagnostics(code, err, 0)
	}
	if v.compiled == nil {
		v.compiled = map[string]types.Object{}
	}
	for _, name := range names {
		if obj := pkg.Scope().Lookup(name); obj != nil {
			v.front.DeclareForeign(obj)
			v.compiled[name] = obj
		}
	}
	return nil
}

// autoImports is Executor.autoImports without an interpreter: the
// available packages whose short name the cell uses as x in x.Sel and
// that neither the session nor the cell binds.
func (v *Vetter) autoImports(parsed []front.Chunk) map[string]string {
	declared := map[string]bool{}
	for _, n := range front.DeclaredNames(parsed) {
		declared[n] = true
	}
	have := v.front.Imports()
	auto := map[string]string{}
	for name := range usedPackageNames(parsed) {
		p, ok := v.available[name]
		if !ok || declared[name] || v.front.Declared(name) {
			continue
		}
		if _, done := have[name]; done {
			continue
		}
		auto[name] = p
	}
	return auto
}

// sweep checks a %%sweep cell as sweepMagic does up to running it: its
// flags, and its body compiled by the sweep language; then it declares the
// cell's variable.
func (v *Vetter) sweep(args, body string) []Diagnostic {
	fs := flag.NewFlagSet("%%sweep", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("out", "", "")
	fs.Int("workers", 0, "")
	varName := fs.String("var", "sweep", "")
	fs.Bool("replace", false, "")
	if err := fs.Parse(strings.Fields(args)); err != nil {
		return []Diagnostic{{Line: 1, Col: 1, Msg: "%%sweep: " + err.Error()}}
	}
	if fs.NArg() > 0 {
		return []Diagnostic{{Line: 1, Col: 1, Msg: fmt.Sprintf("%%%%sweep: unexpected arguments %q; the sweep file goes on the lines below", fs.Args())}}
	}
	if !token.IsIdentifier(*varName) {
		return []Diagnostic{{Line: 1, Col: 1, Msg: fmt.Sprintf("%%%%sweep: -var %q is not a Go identifier", *varName)}}
	}
	if _, err := dsl.Compile(cellFile, []byte(body), dsl.Library()); err != nil {
		var list scanner.ErrorList
		if !errors.As(err, &list) {
			return []Diagnostic{{Msg: "%%sweep: " + err.Error()}}
		}
		var diags []Diagnostic
		for _, se := range list {
			diags = append(diags, Diagnostic{Line: se.Pos.Line + 1, Col: se.Pos.Column, Msg: se.Msg})
		}
		return diags
	}
	dslPkg, err := v.front.Import(dslPath)
	if err != nil {
		return []Diagnostic{{Msg: fmt.Sprintf("%%%%sweep: importing %s for the variable %s: %v", dslPath, *varName, err)}}
	}
	sweep := dslPkg.Scope().Lookup("Sweep")
	if sweep == nil {
		return []Diagnostic{{Msg: "%%sweep: the dsl package has no type Sweep"}}
	}
	v.front.DeclareVar(*varName, types.NewPointer(sweep.Type()))
	return nil
}

// dslPath is the import path of the sweep language.
const dslPath = "github.com/rbm-kernel/rbm-kernel/dsl"

// diagnostics turns the error of parsing or checking a cell into
// positioned diagnostics, as compileError does for the kernel: chunk
// lines less offset are the cell's.
func diagnostics(code string, err error, offset int) []Diagnostic {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		lines := strings.Count(code, "\n") + 1
		var diags []Diagnostic
		for i, se := range list {
			line := se.Pos.Line - offset
			if i > 0 && line > lines {
				break // an echo of the closing brace that wraps statements
			}
			diags = append(diags, Diagnostic{Line: line, Col: se.Pos.Column, Msg: se.Msg})
		}
		return diags
	}
	msg := err.Error()
	if m := posRE.FindStringSubmatchIndex(msg); m != nil && m[0] == 0 {
		p := chunkPos(msg[m[2]:m[3]], msg[m[4]:m[5]])
		return []Diagnostic{{Line: p.line, Col: p.col, Msg: mapPositions(strings.TrimPrefix(msg[m[1]:], ": "))}}
	}
	return []Diagnostic{{Msg: mapPositions(msg)}}
}
