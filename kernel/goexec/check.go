package goexec

import (
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"strconv"
	"sync"

	"github.com/traefik/yaegi/stdlib"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
	"github.com/rbm-kernel/rbm-kernel/kernel/symbols"
)

// Every cell is type-checked as Go (kernel/front) before yaegi sees it:
// a cell that does not check runs nothing and declares nothing, and its
// error is Go's, at the cell's line and column.

// tablesImporter is the importer of the standard library's and the
// library's symbol tables, shared by the sessions of a process: a package
// is converted once.
var tablesImporter = sync.OnceValue(func() *front.Importer {
	return front.NewImporter(stdlib.Symbols, symbols.Symbols)
})

// newFront returns the type-checking session of a fresh interpreter: its
// packages come from the symbol tables (and Options.Symbols), else from
// source (GOROOT, and Options.GoPath); it knows the prelude's imports and
// its variable ctx.
func (e *Executor) newFront() *front.Session {
	return e.newFrontWith(e.in.FileSet())
}

// newFrontWith is newFront with the file set fset (a Vetter has no
// interpreter).
func (e *Executor) newFrontWith(fset *token.FileSet) *front.Session {
	var tables types.Importer = tablesImporter()
	if len(e.opts.Symbols) > 0 {
		tables = front.NewImporter(stdlib.Symbols, symbols.Symbols, e.opts.Symbols)
	}
	ctxt := build.Default
	ctxt.GOPATH = e.opts.GoPath
	src := &front.SourceImporter{Context: ctxt, Fset: fset, Deps: tables}
	e.importer = front.Chain{tables, src}
	e.tables = tables
	e.unitImporter = nil // made on the first compiled cell (buildUnit)
	s := front.NewSession(fset, e.importer)
	for name, p := range e.imported {
		s.Imported(name, p)
	}
	if ctxPkg, err := s.Import("context"); err == nil {
		s.DeclareVar("ctx", ctxPkg.Scope().Lookup("Context").Type())
	}
	return s
}

// autoImports returns the automatic imports of a cell, name → path: the
// packages of the available set whose short name the cell uses as x in
// x.Sel, and which neither the session nor the cell binds to something
// else. That is how the usual packages are "pre-imported" while a cell may
// still bind their names first.
func (e *Executor) autoImports(parsed []front.Chunk) map[string]string {
	declared := map[string]bool{}
	for _, n := range front.DeclaredNames(parsed) {
		declared[n] = true
	}
	var globals map[string]reflect.Value
	auto := map[string]string{}
	for name := range usedPackageNames(parsed) {
		p, ok := e.available[name]
		if !ok || declared[name] || e.funcs[name] || e.types[name] {
			continue
		}
		if _, done := e.imported[name]; done {
			continue
		}
		if e.front != nil && e.front.Declared(name) {
			continue
		}
		if globals == nil {
			globals = e.globals()
		}
		if _, ok := globals[name]; ok {
			continue
		}
		auto[name] = p
	}
	return auto
}

// check type-checks a cell with the session's front end and lowers what
// yaegi would get wrong or lacks (front.RenameMain, front.Lowering,
// front.SplitRedeclarations),
// returning the chunks to run. A cell that fails gets Go's errors as a CompileError. Should the
// checker itself panic (a bug of ours or of go/types), the session stops
// checking cells, saying so once on stderr, rather than report errors it
// cannot trust.
func (e *Executor) check(code string, parsed []front.Chunk, auto map[string]string) (out []front.Chunk, err error) {
	if e.front == nil {
		return parsed, nil
	}
	defer func() {
		if r := recover(); r != nil {
			e.front = nil
			fmt.Fprintf(os.Stderr, "goexec: the type checker failed on cell %d (%v); cells of this session are no longer checked before they run\n", e.cells, r)
			out, err = parsed, nil
		}
	}()
	checked, err := e.front.Check(parsed, auto)
	if err != nil {
		return nil, compileError(code, err, 1)
	}
	e.finalType = checked.Final
	front.RenameMain(parsed, checked.Info)
	decls := declsOf(e.in.FileSet(), parsed)
	if e.zeroSigns == nil {
		e.zeroSigns = map[string][]bool{}
	}
	lw := front.Lowering{Prefix: rtName, Fset: e.in.FileSet(), Info: checked.Info, Scope: e.front.Scope(), Foreign: e.foreignAlias, ZeroSigns: e.zeroSigns,
		Shadows:        append([]types.Type{}, e.front.Shadows()...),
		ShadowFuncs:    e.front.ShadowFuncs(),
		NoBoundsChecks: e.noBounds || e.dbg.active(), Tag: strconv.Itoa(e.cells)}
	if err := lw.Lower(parsed); err != nil {
		return nil, &refusal{compileError(code, err, 1)}
	}
	parsed = lw.InstanceAliases(parsed)
	// The cell's declarations and variables join the session when its
	// first chunk compiles (runNode): a cell that yaegi fails to compile
	// ran nothing, and a later cell's q of its q := 5 printed 0 (go
	// run: nothing is declared; later cells say "undefined: q").
	e.commitCell = func() {
		e.front.Commit(checked)
		if note := e.stale.note(decls, checked.Info); note != "" {
			e.out.write(1, []byte(note))
		}
		e.sessionShapes.Store(withLocalTypes(sessionShapes(e.front.Scope()), e.front.Shadows()))
	}
	if e.dbg.active() {
		parsed = front.AliasPackageTypes(parsed, checked.Info, rtName, e.dbg.aliases)
	}
	parsed = lw.SplitInits(parsed)
	return front.SplitRedeclarations(parsed, checked.Info, strconv.Itoa(e.cells)), nil
}

// declareVar tells the front end about a variable that the kernel declares
// in the session itself (the variable of a %%sweep cell), of the type
// named name in the package at path.
func (e *Executor) declareVar(name, path, typeName string, pointer bool) {
	if e.front == nil {
		return
	}
	p, err := e.front.Import(path)
	if err != nil {
		return
	}
	obj := p.Scope().Lookup(typeName)
	if obj == nil {
		return
	}
	t := obj.Type()
	if pointer {
		t = types.NewPointer(t)
	}
	e.front.DeclareVar(name, t)
}

// refusal is the error of a cell that type-checks but that the front end
// refuses to give the interpreter (front.Lowering.Lower): nothing of it
// has run, so it may take the compiled road instead.
type refusal struct{ *kernel.ExecError }

// Unwrap returns the cell's CompileError.
func (r *refusal) Unwrap() error { return r.ExecError }
