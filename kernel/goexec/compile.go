package goexec

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/types"
	"strconv"
	"strings"
	"sync"

	"github.com/traefik/yaegi/interp"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/compiled"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// A %%compile cell holds Go declarations that the Go toolchain compiles
// into the running process (kernel/compiled): later cells, interpreted or
// compiled, use its names unqualified, and its code runs at native speed.
// docs/goexec.md, "Compiled cells", says when to use one and what crosses
// between the two kinds of cell.

// builders are the process's Builders of compiled cells (compiler), by
// module and folder, shared by its sessions.
var builders = struct {
	sync.Mutex
	m map[[2]string]builderOrError
}{m: map[[2]string]builderOrError{}}

type builderOrError struct {
	b   *compiled.Builder
	err error
}

// compiledState is what a session knows of its compiled cells.
type compiledState struct {
	scope   map[string]types.Object // the compiled names the session sees: name → object of its unit
	aliases map[string]string       // unit path → the interpreter's import name of it
}

// compiler returns the process's Builder, made on first use; a toolchain
// that cannot build plugins for this process gives the same error each
// time.
func (e *Executor) compiler(ctx context.Context) (*compiled.Builder, error) {
	builders.Lock()
	defer builders.Unlock()
	key := [2]string{e.opts.ModuleDir, e.opts.CompiledDir}
	if be, ok := builders.m[key]; ok {
		return be.b, be.err
	}
	tc, err := compiled.Host(ctx, e.opts.ModuleDir)
	var b *compiled.Builder
	if err == nil {
		b, err = compiled.NewBuilder(tc, e.opts.CompiledDir)
	}
	if err != nil && ctx.Err() != nil {
		return nil, err // interrupted: try again next time
	}
	builders.m[key] = builderOrError{b, err}
	return b, err
}

// CheckCompiled reports whether compiled cells can run in this process
// with opts (its ModuleDir and CompiledDir): the go command, the kernel's
// source and cgo are there, and the result is kept for the sessions. The
// worker calls it at start, so that a mismatch is in the kernel's log
// before the first compiled cell.
func CheckCompiled(ctx context.Context, opts Options) error {
	_, err := (&Executor{opts: opts}).compiler(ctx)
	return err
}

// foreignAlias is Lowering.Foreign: the import name of a unit's package in
// the interpreter, or "".
func (e *Executor) foreignAlias(p *types.Package) string {
	return e.compiledCells.aliases[p.Path()]
}

// compileMagic runs a %%compile cell: its body, declarations only, is
// built into a plugin, loaded, and its names become the session's.
func (e *Executor) compileMagic(ctx context.Context, code, args, body string) (*kernel.ExecResult, error) {
	if args != "" {
		return nil, usageError("%%%%compile takes no arguments (got %q): the cell's lines after the first are Go declarations", args)
	}
	if e.front == nil {
		return nil, usageError("%%%%compile needs the type checker, which is off in this session (Options.NoCheck, or it failed earlier)")
	}
	b, err := e.compiler(ctx)
	if err != nil {
		return nil, toolchainError(err)
	}
	e.cells++
	u, err := e.buildUnit(ctx, b, body, unitMagic)
	if err != nil {
		return nil, unitError(ctx, code, err)
	}
	if err := e.useUnit(u); err != nil {
		return nil, &kernel.ExecError{Name: "CompileError", Value: err.Error(), Traceback: []string{err.Error()}}
	}
	return nil, nil
}

// compiledRoad runs a cell by the compiled road when it takes it: its
// declarations are built as a compiled cell would be, and the rest of it
// (statements, with the cell's imports) then runs in the interpreter. A
// cell takes the road when it is a Go program (it declares main), or when
// the front end refused it (refused), it holds only declarations, and
// none of its struct types has an unexported field (which later ordinary
// cells could not reach in a compiled type: the refusal stands); and
// only when compiled cells can run and its declarations are
// self-contained: they type-check against the packages and the earlier
// compiled cells alone, not the interpreted session. When it does not
// take the road (taken is false) nothing has happened; err is then nil,
// or a *roadClosed for a refused cell that uses a name of an earlier cell
// built as a program (which cannot be imported). A cell on the road is
// built as a Go program (package main), so that its types are main.T as
// in go run; docs/goexec.md, "The compiled road", says why.
func (e *Executor) compiledRoad(ctx context.Context, code string, refused bool) (res *kernel.ExecResult, taken bool, err error) {
	if e.opts.Interpreted || e.front == nil {
		return nil, false, nil
	}
	p, ok := front.SplitProgram(code)
	if !ok || !(p.Main || refused && !p.Statements && !p.UnexportedFields()) {
		return nil, false, nil
	}
	b, err := e.compiler(ctx)
	if err != nil {
		return nil, false, nil // no toolchain: the interpreter
	}
	u, err := e.buildUnit(ctx, b, p.Decls, unitProgram)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && ctx.Err() == nil {
			// Not self-contained, or not Go: the interpreted road says
			// which; a refused cell that uses a name of an earlier cell
			// built as a program is told why the road is closed.
			for _, le := range list {
				if refused && strings.Contains(le.Msg, compiled.ProgramNameError) {
					return nil, false, &roadClosed{le.Msg}
				}
			}
			return nil, false, nil
		}
		return nil, true, unitError(ctx, code, err)
	}
	if err := e.useUnit(u); err != nil {
		return nil, true, &kernel.ExecError{Name: "CompileError", Value: err.Error(), Traceback: []string{err.Error()}}
	}
	if !p.Statements {
		return nil, true, nil
	}
	res, err = e.interpret(ctx, p.Rest)
	return res, true, err
}

// roadClosed is compiledRoad's error, with taken false, for a refused
// cell that cannot be compiled because it uses a name of an earlier cell
// built as a Go program (compiled.ProgramNameError): its refusal says so.
type roadClosed struct{ msg string }

func (r *roadClosed) Error() string { return r.msg }

// closedRefusal returns the refusal ee with why the compiled road is
// closed to the cell added (why is compiledRoad's *roadClosed).
func closedRefusal(ee *kernel.ExecError, why *roadClosed) *kernel.ExecError {
	note := "the cell cannot run compiled either: " + why.msg
	out := *ee
	out.Value += "; " + note
	out.Traceback = append(append([]string(nil), ee.Traceback...), note)
	return &out
}

// unitKind is what a unit is built for.
type unitKind int

const (
	unitMagic   unitKind = iota // a %%compile cell: package compiled
	unitProgram                 // a cell on the compiled road, a program or declarations alone: package main (compiled.Cell.Program)
)

// buildUnit builds body, declarations at the cell's positions, into a
// unit, showing a progress bar while the go command runs. A %%compile
// cell may not declare the name of a pre-imported package (it would hide
// the package from every later cell); on the compiled road, as in an
// interpreted cell, a declaration hides a package not imported yet.
func (e *Executor) buildUnit(ctx context.Context, b *compiled.Builder, body string, kind unitKind) (*compiled.Unit, error) {
	label := "%%compile"
	if kind != unitMagic {
		label = "compiling the cell's declarations"
	}
	reserved := map[string]string{}
	for name := range e.available {
		if kind == unitMagic {
			reserved[name] = name + " is the name of a pre-imported package of the session (" + strconv.Quote(e.available[name]) + "): give the declaration another name"
		}
	}
	for name, path := range e.imported {
		reserved[name] = name + " is the name of a package the session imports (" + strconv.Quote(path) + "): give the declaration another name"
	}
	if e.unitImporter == nil {
		e.unitImporter = &front.Augmented{Base: e.importer, Tables: e.tables, Source: b.StdImporter()}
	}
	var bar *display.Progress
	defer func() { bar.Done() }()
	return b.Compile(ctx, &compiled.Cell{
		Fset: e.in.FileSet(), Filename: cellFile, Body: body,
		Scope: e.compiledCells.scope, Auto: e.available, Reserved: reserved,
		Importer: e.unitImporter, Program: kind == unitProgram,
		Progress: func(done, total int, status string) {
			if bar == nil {
				bar = display.NewProgress(label)
			}
			bar.Update(done, total, status)
		},
	})
}

// unitError is the cell's error for a failure of buildUnit.
func unitError(ctx context.Context, code string, err error) *kernel.ExecError {
	var te *compiled.ToolchainError
	var be *compiled.BuildError
	switch {
	case ctx.Err() != nil:
		return &kernel.ExecError{Name: "Interrupted", Value: "the compiled cell's build was interrupted", Traceback: []string{"the compiled cell's build was interrupted"}}
	case errors.As(err, &te):
		return toolchainError(err)
	case errors.As(err, &be):
		return &kernel.ExecError{Name: "CompileError", Value: firstLine(be.Output), Traceback: strings.Split(be.Output, "\n")}
	}
	return compileError(code, err, 0)
}

// useUnit gives the interpreter the unit's symbol table, imports it once,
// and makes its names the session's.
func (e *Executor) useUnit(u *compiled.Unit) error {
	if _, ok := e.compiledCells.aliases[u.Path]; !ok {
		alias := "_" + u.Path[strings.LastIndex(u.Path, "/")+1:]
		if err := e.in.Use(interp.Exports{u.Path + "/" + compiled.PackageName: u.Symbols}); err != nil {
			return fmt.Errorf("loading the compiled cell's symbols: %w", err)
		}
		f, err := parser.ParseFile(e.in.FileSet(), cellFile, declPrefix+"import "+alias+" "+strconv.Quote(u.Path)+"\n", 0)
		if err != nil {
			return err
		}
		prog, err := e.compile(f)
		if err == nil {
			_, err = e.in.Execute(prog)
		}
		if err != nil {
			return fmt.Errorf("importing the compiled cell: %w", err)
		}
		if e.compiledCells.aliases == nil {
			e.compiledCells.aliases = map[string]string{}
		}
		e.compiledCells.aliases[u.Path] = alias
	}
	if e.compiledCells.scope == nil {
		e.compiledCells.scope = map[string]types.Object{}
	}
	for _, name := range u.Names {
		obj := u.Pkg.Scope().Lookup(name)
		if obj == nil {
			continue
		}
		e.front.DeclareForeign(obj)
		e.compiledCells.scope[name] = obj
		delete(e.funcs, name)
		delete(e.funcTypes, name)
		delete(e.types, name)
	}
	return nil
}

// toolchainError is the cell's error when compiled cells cannot run here.
func toolchainError(err error) *kernel.ExecError {
	msg := "compiled cells cannot run in this kernel: " + err.Error()
	return &kernel.ExecError{Name: "ToolchainError", Value: msg, Traceback: []string{msg}}
}

// usageError is the error of a cell magic used wrongly.
func usageError(format string, a ...any) *kernel.ExecError {
	msg := fmt.Sprintf(format, a...)
	return &kernel.ExecError{Name: "UsageError", Value: msg, Traceback: []string{msg}}
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

// warmCell is a compiled cell that uses the library's packages: building
// it compiles them for plugins into the go command's build cache.
const warmCell = `%%compile
import (
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

var _, _, _, _, _ = data.Set{}, learn.Settings{}, mcmc.Chains{}, rbm.Binary{}, mat.Dense{}
`

// WarmCompiled builds a compiled cell that uses the library, so that the
// go command's build cache holds the library compiled for plugins: a first
// compiled cell then takes seconds instead of a minute. `make build` runs
// it (rbm-kernel warm).
func WarmCompiled(ctx context.Context, opts Options) error {
	e, err := New(opts)
	if err != nil {
		return err
	}
	_, err = e.Execute(ctx, warmCell, nopPublisher{})
	return err
}

// nopPublisher drops what a cell publishes.
type nopPublisher struct{}

func (nopPublisher) Stream(name, text string) {}
func (nopPublisher) Publish(b display.Bundle) {}
func (nopPublisher) Clear(wait bool)          {}
