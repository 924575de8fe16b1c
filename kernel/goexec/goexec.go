// Package goexec runs notebook cells written in Go with the yaegi
// interpreter. It implements kernel.Executor; docs/goexec.md explains the
// design and its limits.
//
// One interpreter holds the session. It knows the standard library (yaegi's
// restricted tables: os.Exit and log.Fatal panic instead of ending the
// process) and the compiled packages of kernel/symbols. The usual packages
// (fmt, math, rbm, mcmc, mat, plot, …; see DefaultImports) need no import:
// each is imported the first time a cell uses its short name, so a cell can
// call rbm.NewBinary at once.
//
// A cell is split into runs of top-level declarations and of statements,
// which are compiled and run in order; the value of a final expression
// statement is the cell's result. Top-level compound statements (for, if,
// switch, blocks, …) run in a function literal, which works around a yaegi
// bug with multi-valued ":=" in blocks of top-level code. Every cell sees a
// variable ctx, a context.Context cancelled when the cell is interrupted.
// Panics in the cell or in goroutines it starts become errors, never the
// end of the process. A cell whose first line is "%%sweep [flags]" is a
// sweep file, run by the cell magic of magic.go (see docs/sweep.md).
package goexec

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"reflect"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/unsafe"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/compiled/cellio"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
	"github.com/rbm-kernel/rbm-kernel/kernel/input"
	"github.com/rbm-kernel/rbm-kernel/kernel/internal/preimport"
	// The standard library's names that yaegi v0.16.1's tables lack
	// (strings.Lines, math/rand/v2.Uint, …), merged into stdlib.Symbols
	// before this package's tables are read.
	_ "github.com/rbm-kernel/rbm-kernel/kernel/stdextra"
	"github.com/rbm-kernel/rbm-kernel/kernel/symbols"
)

// Options configures an Executor. The zero value is ready to use.
type Options struct {
	// GoPath is the GOPATH where the interpreter looks for the source of a
	// package that a cell imports and that has no symbol table; empty means
	// none.
	GoPath string
	// Env is the environment a cell sees through os.Getenv, as "key=value"
	// entries; nil means an empty one. The process environment is never
	// visible to, or changed by, a cell.
	Env []string
	// Imports are the packages a cell may use without importing them: short
	// name → import path, each imported on the first use of its name. Nil
	// means DefaultImports; a path without a symbol table is skipped.
	Imports map[string]string
	// Symbols are extra yaegi symbol tables, keyed "importpath/pkgname" as
	// `yaegi extract` writes them, for packages that cells import by path;
	// nil means none.
	Symbols map[string]map[string]reflect.Value
	// WaitInterrupted makes an interrupted cell wait for its execution to
	// end, however long that takes, before it returns; without it, the cell
	// returns interruptGrace after its interpreted code was stopped, and
	// the next cell waits for the rest. The worker process (kernel/worker)
	// sets it: the kernel stops a worker whose interrupted cell does not
	// end, which frees the session instead of wedging it.
	WaitInterrupted bool
	// NoCheck runs cells without type-checking them first (kernel/front):
	// yaegi alone decides. It exists to measure what the check costs.
	NoCheck bool
	// Interpreted keeps every cell in the interpreter: no cell takes the
	// compiled road (a program, or declarations the front end refuses,
	// built by the Go toolchain; docs/goexec.md). The conformance corpus
	// sets it to measure the interpreter itself.
	Interpreted bool
	// ModuleDir is the folder of the kernel module's source, which
	// compiled cells are built against; empty means found as
	// compiled.Host finds it.
	ModuleDir string
	// CompiledDir is where compiled cells are built and kept; empty means
	// compiled.DefaultCacheDir.
	CompiledDir string
}

// DefaultImports are the packages a cell may use without importing them,
// by short name: the pre-imported packages of kernel/internal/preimport's
// List, the one list from which the symbol tables (kernel/symbols) and the
// documentation (kernel/complete) are generated too. Those without a symbol
// table in this build are left out.
var DefaultImports = preimport.Imports()

// availableImports returns the packages of imports (nil means
// DefaultImports) that have a symbol table: those a cell may use without
// importing them, short name → path.
func availableImports(imports map[string]string) map[string]string {
	if imports == nil {
		imports = DefaultImports
	}
	available := map[string]string{}
	for name, p := range imports {
		if _, ok := symbolName(p); ok {
			available[name] = p
		}
	}
	return available
}

// allSymbols is the standard library's and kernel/symbols' tables together,
// keyed "importpath/pkgname".
var allSymbols = func() map[string]map[string]reflect.Value {
	m := make(map[string]map[string]reflect.Value, len(stdlib.Symbols)+len(symbols.Symbols))
	for k, v := range stdlib.Symbols {
		m[k] = v
	}
	for k, v := range symbols.Symbols {
		m[k] = v
	}
	return m
}()

// symbolName returns the package name of the symbol table of an import
// path, and whether there is one.
func symbolName(path string) (string, bool) {
	for k := range allSymbols {
		if strings.HasPrefix(k, path+"/") && !strings.Contains(k[len(path)+1:], "/") {
			return k[len(path)+1:], true
		}
	}
	return "", false
}

// Executor interprets Go cells, keeping state from one cell to the next. It
// runs one request at a time; the ctx given to Execute interrupts it.
type Executor struct {
	opts Options

	mu            sync.Mutex // held by each request
	in            *interp.Interpreter
	out           *router
	stdin         *cellStdin
	trace         *traceWriter
	front         *front.Session                  // type-checks cells; nil if it failed
	stale         staleUses                       // what the session's functions use, for the note on names declared again
	commitCell    func()                          // commits the checked cell to front when its first chunk compiles (check)
	late          lateCandidates                  // the candidates registered by the cells for generic code's dynamic helpers (late.go)
	noBounds      bool                            // no bounds checks (front.Lowering.NoBoundsChecks), for benchmarks
	finalType     types.Type                      // the static type of the running cell's final expression, if known
	imported      map[string]string               // short name → path, imported in the session
	available     map[string]string               // short name → path, imported on first use
	funcs         map[string]bool                 // functions declared by cells
	funcTypes     map[string]*ast.FuncType        // their signatures, for the callback guard
	zeroSigns     map[string][]bool               // which parameters of the session's functions tell -0.0 (front.Lowering.ZeroSigns)
	types         map[string]bool                 // types declared by cells
	sessionShapes atomic.Pointer[map[string]bool] // non-nil once the session declares a type (fmtvalues.go)
	cells         int                             // cells executed since the last reset
	wrapped       []span                          // the running cell's wrapped statements
	importer      types.Importer                  // the packages a cell may import, as the front end sees them
	tables        types.Importer                  // the packages of the symbol tables
	unitImporter  types.Importer                  // the packages a compiled cell may import (front.Augmented)
	compiledCells compiledState                   // the session's compiled cells

	run runState // the chunk running now
	src sources  // what cells compiled, for the stack guard

	runner     *runner         // nil when yaegi's internals are not found
	unfinished <-chan struct{} // an interrupted execution still running

	dbg debugger // the Jupyter debugger's state (debug.go)
}

var _ kernel.Executor = (*Executor)(nil)

// runState is what the runtime helpers called from a cell (rt) share with
// the Executor while a chunk runs.
type runState struct {
	mu       sync.Mutex
	abort    context.CancelFunc // stops the running chunk; nil between chunks
	goPanic  *kernel.ExecError  // first goroutine panic while the cell runs
	captured []any              // values of the final expression
	captOK   bool
	// resultMethods are the String and Error methods of the session's
	// types that the final expression's type is made of (ResultMethods),
	// by GoValue's names, for its text (Result).
	resultMethods map[string]func(any) string
	ctx           context.Context // the cell's context, returned by Ctx
	cell          int             // the number of the cell running now
	at            cellPos         // the top-level statement running now (At)
	code          string          // its text
	sweep         *dsl.Sweep      // the value of a %%sweep cell's variable
}

// New returns an Executor with a fresh interpreter, its symbol tables
// loaded and the variable ctx declared.
func New(opts Options) (*Executor, error) {
	e := &Executor{opts: opts}
	if err := e.init(); err != nil {
		return nil, err
	}
	watchStacks(e)
	return e, nil
}

// init makes a fresh interpreter and session state.
func (e *Executor) init() error {
	e.out = newRouter()
	installCapturer(e.out)
	e.stdin = newCellStdin(e.out)
	e.trace = &traceWriter{stderr: streamWriter{e.out, 1}}
	stdout := io.Writer(streamWriter{e.out, 0})
	stderr := io.Writer(e.trace)
	in := interp.New(interp.Options{
		GoPath: e.opts.GoPath,
		Env:    e.opts.Env,
		Stdin:  e.stdin,
		Stdout: stdout,
		Stderr: stderr,
		Args:   []string{"rbm-kernel"},
	})
	useErrorMethods()
	if err := in.Use(stdlib.Symbols); err != nil {
		return fmt.Errorf("goexec: loading the standard library symbols: %w", err)
	}
	// Package unsafe, which yaegi keeps apart (its conversions of
	// unsafe.Pointer need the hook this table registers).
	if err := in.Use(unsafe.Symbols); err != nil {
		return fmt.Errorf("goexec: loading the unsafe symbols: %w", err)
	}
	if err := in.Use(symbols.Symbols); err != nil {
		return fmt.Errorf("goexec: loading the library symbols: %w", err)
	}
	if len(e.opts.Symbols) > 0 {
		if err := in.Use(e.opts.Symbols); err != nil {
			return fmt.Errorf("goexec: loading Options.Symbols: %w", err)
		}
	}
	// os.Stdout and os.Stderr of a cell are the kernel's streams. They are
	// io.Writer variables, not *os.File, as yaegi does with
	// YAEGI_SPECIAL_STDIO: output keeps its order and reaches the cell.
	osOut, osErr := stdout, io.Writer(streamWriter{e.out, 1})
	// Compiled cells print to the same streams (their code is rewritten to
	// write to cellio's writers); the process has one pair, so the last
	// session made has them: the worker makes one.
	cellio.Set(osOut, osErr)
	// os.Stdin and fmt.Scan… ask the front end for lines (stdin.go), and
	// so do compiled cells' (cellio.Stdin) and package input.
	osIn := io.Reader(e.stdin)
	cellio.SetStdin(e.stdin)
	input.SetAsker(e.stdin)
	capture := reflect.ValueOf(e.capture)
	result := reflect.ValueOf(e.result)
	rich := reflect.ValueOf(richOf)
	rt := map[string]reflect.Value{
		"Rich":    rich,
		"Table":   reflect.ValueOf(tableOf),
		"GoPanic": reflect.ValueOf(e.goPanic),
		"Guard":   reflect.ValueOf(e.guard),
		"Zero":    reflect.ValueOf(zero),
		"Capture": capture,
		// Result gives the final expression's printer the session's
		// String and Error methods (front's resultMethods).
		"Result": result,
		"At":     reflect.ValueOf(e.at),
		// PanicHook stops a debugged cell at a panic (debugpanic.go).
		"PanicHook": reflect.ValueOf(e.panicHook),
		"Ctx":       reflect.ValueOf(e.cellCtx),
		"Sweep":     reflect.ValueOf(e.lastSweep),
		// Background gives the prelude a context even when the session
		// does not import package context.
		"Background": reflect.ValueOf(context.Background),
	}
	for name, f := range builtinHelpers {
		rt[name] = f
	}
	for name, f := range genericHelpers {
		rt[name] = f
	}
	for name, f := range e.fmtValueHelpers() {
		rt[name] = f
	}
	// The candidates registered by later cells, for the dynamic helpers
	// of generic code (late.go).
	rt["RegisterLate"] = reflect.ValueOf(e.late.registerLate)
	rt["DynamicOne"] = reflect.ValueOf(e.late.dynamicOneLate)
	rt["DynamicPlain"] = reflect.ValueOf(e.late.dynamicPlainLate)
	if err := in.Use(interp.Exports{
		"os/os": {
			"Stdin":  reflect.ValueOf(&osIn).Elem(),
			"Stdout": reflect.ValueOf(&osOut).Elem(),
			"Stderr": reflect.ValueOf(&osErr).Elem(),
			"Exit":   reflect.ValueOf(exitCell),
		},
		// log writes to the cell's stderr, and log.Fatal ends the cell
		// as os.Exit does (exit.go).
		"log/log":      cellLog(osErr),
		rtPath + "/rt": rt,
		// The value of a final expression reaches Capture wrapped in a
		// type with its methods, as fmt's arguments do (formatTypes); so
		// does the value given to Rich and to display.Show.
		".": {"MapTypes": reflect.ValueOf(map[reflect.Value][]reflect.Type{
			capture: formatTypes,
			result:  formatTypes,
			rich:    formatTypes,
			// Dynamic's argument keeps its String or Error method the
			// same way; the others come as yaegi's wrapper (dynamic.go).
			builtinHelpers["Dynamic"]:                             formatTypes,
			symbols.Symbols[front.DisplayPath+"/display"]["Show"]: formatTypes,
		})},
	}); err != nil {
		return fmt.Errorf("goexec: loading the runtime helpers: %w", err)
	}

	e.available = availableImports(e.opts.Imports)
	e.imported = map[string]string{}
	var prelude strings.Builder
	fmt.Fprintf(&prelude, "import %s %q\n", rtName, rtPath)
	if p, ok := e.available["context"]; ok && p == "context" {
		prelude.WriteString("import \"context\"\n")
		e.imported["context"] = "context"
	}
	fmt.Fprintf(&prelude, "var ctx %s = %s.Background()\n", e.ctxType(), rtName)
	// The prelude is parsed under the cells' file name: yaegi keys imports
	// by file name, so this makes them visible to every cell.
	f, err := parser.ParseFile(in.FileSet(), cellFile, declPrefix+prelude.String(), 0)
	if err != nil {
		return fmt.Errorf("goexec: parsing the prelude: %w", err)
	}
	prog, err := in.CompileAST(f)
	if err == nil {
		_, err = in.Execute(prog)
	}
	if err != nil {
		return fmt.Errorf("goexec: pre-importing packages: %w", err)
	}
	e.in = in
	e.dbg.aliases = map[string]bool{} // declared in the old interpreter
	e.src.reset(in.FileSet())
	e.runner, _ = newRunner(in)
	e.unfinished = nil
	e.funcs, e.types = map[string]bool{}, map[string]bool{}
	e.funcTypes = map[string]*ast.FuncType{}
	e.zeroSigns = map[string][]bool{}
	e.cells = 0
	e.compiledCells = compiledState{}
	if !e.opts.NoCheck {
		e.front = e.newFront()
	}
	return nil
}

// ctxType is the type of the ctx variable, spelled with the session's name
// of package context.
func (e *Executor) ctxType() string {
	for name, p := range e.imported {
		if p == "context" {
			return name + ".Context"
		}
	}
	return "any"
}

// goPanic is called (as __goexec.GoPanic) by the recover that wraps every
// goroutine a cell starts; where is "CELL:LINE:COL" of its go statement.
func (e *Executor) goPanic(r any, where string) {
	e.reportPanic(r, where, "in a goroutine started here", "in a goroutine started at %s of an earlier cell")
}

// reportPanic handles a panic that no recover of the cell caught, on a
// goroutine other than the cell's own; where is "CELL:LINE:COL" of the
// code it came from. A panic from code of the cell running now stops that
// cell, which then fails with it: its traceback starts "POS: panic HERE:
// value". One from code of an earlier cell is reported on stderr of the
// cell running now, or of the next one, as "panic EARLIER: value", where
// EARLIER has a %s for the position.
func (e *Executor) reportPanic(r any, where, here, earlier string) {
	msg := fmt.Sprint(r)
	var cell int
	var p cellPos
	fmt.Sscanf(where, "%d:%d:%d", &cell, &p.line, &p.col)
	e.run.mu.Lock()
	defer e.run.mu.Unlock()
	if e.run.abort != nil && cell == e.run.cell {
		if e.run.goPanic == nil {
			head := fmt.Sprintf("%s: panic %s: %s", p, here, msg)
			tb := append([]string{head}, sourceLines(e.run.code, p)...)
			e.run.goPanic = &kernel.ExecError{Name: "panic", Value: msg, Traceback: tb}
		}
		e.run.abort()
		return
	}
	head := fmt.Sprintf("panic "+earlier+": %s\n", p, msg)
	streamWriter{e.out, 1}.Write([]byte(head))
}

// cellCtx is called (as __goexec.Ctx) at the start of each cell to set the
// variable ctx.
func (e *Executor) cellCtx() context.Context {
	e.run.mu.Lock()
	defer e.run.mu.Unlock()
	if e.run.ctx == nil {
		return context.Background()
	}
	return e.run.ctx
}

// capture is called (as __goexec.Capture) with the values of the cell's
// final expression.
func (e *Executor) capture(v ...any) {
	e.run.mu.Lock()
	defer e.run.mu.Unlock()
	e.run.captured = v
	e.run.captOK = true
}

// result is called (as __goexec.Result) with the cell's final expression
// and GoValue's pairs of a type's name and a func(any) string that calls
// its String or Error method, which the result's text calls; it returns
// x.
func (e *Executor) result(x any, methods ...any) any {
	table := methodTable(methods)
	e.run.mu.Lock()
	defer e.run.mu.Unlock()
	e.run.resultMethods = table
	return x
}

// inspectRE matches a cell that asks for documentation: "name?" or "name??".
var inspectRE = regexp.MustCompile(`^\s*([\pL_][\pL\pN_]*(?:\.[\pL_][\pL\pN_]*)*)\s*(\?\??)\s*$`)

// Execute runs code; see kernel.Executor. A cell fails with an
// *kernel.ExecError named "CompileError", "panic", "Interrupted",
// "ImportError" or "RuntimeError" ("SweepError" or "UsageError" for a
// cell magic); the state built before the failure stays.
func (e *Executor) Execute(ctx context.Context, code string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if pub == nil {
		return nil, errors.New("goexec: Execute needs a Publisher")
	}
	e.out.start(pub)
	defer e.out.stop()
	e.stdin.start(ctx, pub)
	defer e.stdin.stop()
	display.SetSink(e.out)

	if m := inspectRE.FindStringSubmatch(code); m != nil {
		return e.page(m[1], len(m[2])-1), nil
	}
	if err := e.settle(ctx); err != nil {
		return nil, err
	}
	if name, args, body, ok := cellMagic(code); ok {
		e.dbg.notDebugged(code, pub, "a cell magic")
		return e.magic(ctx, code, name, args, body)
	}
	e.cells++
	if res, taken, err := e.compiledRoad(ctx, code, false); taken {
		e.dbg.notDebugged(code, pub, "a compiled cell")
		return res, err
	}
	res, err := e.interpret(ctx, code)
	var r *refusal
	if errors.As(err, &r) {
		res, taken, err := e.compiledRoad(ctx, code, true)
		if taken {
			e.dbg.notDebugged(code, pub, "a compiled cell")
			return res, err
		}
		var closed *roadClosed
		if errors.As(err, &closed) {
			return nil, closedRefusal(r.ExecError, closed)
		}
		return nil, r.ExecError
	}
	return res, err
}

// interpret runs a cell in the interpreter: it is parsed, type-checked and
// lowered by the front end, then its chunks run in order. A cell that the
// front end refuses (it type-checks, but the interpreter would run it
// wrongly) fails with a *refusal before anything runs.
func (e *Executor) interpret(ctx context.Context, code string) (*kernel.ExecResult, error) {
	// A cell none of whose chunks compiled is not committed; the
	// automatic imports that ran for it are the session's all the same.
	var auto map[string]string
	defer func() {
		if e.commitCell != nil && e.front != nil {
			for n, p := range auto {
				if e.imported[n] == p {
					e.front.Imported(n, p)
				}
			}
		}
		e.commitCell = nil
	}()
	path := e.dbg.path(code)
	e.dbg.mu.Lock()
	e.dbg.stepOn = false // a step goes on across the chunks of one cell only
	e.dbg.mu.Unlock()
	parsed, err := front.ParseCellAs(e.in.FileSet(), code, path)
	if err != nil {
		offset := 1
		if isSplitError(err) {
			offset = 0
		}
		return nil, compileError(code, err, offset)
	}
	auto = e.autoImports(parsed)
	e.finalType = nil
	if parsed, err = e.check(code, parsed, auto); err != nil {
		return nil, err
	}
	chunks, err := prepare(e.in.FileSet(), parsed, newGoRewriter(e.in.FileSet(), e.cells, e.funcTypes).apply)
	if err != nil {
		return nil, compileError(code, err, 1)
	}
	if err := e.imports(code, chunks, auto); err != nil {
		return nil, err
	}
	if path != cellFile {
		if err := e.importInto(path, e.imported); err != nil {
			return nil, &kernel.ExecError{Name: "ImportError", Value: err.Error(), Traceback: []string{err.Error()}}
		}
		defer e.shareImports(chunks)
	}
	e.wrapped = e.wrapped[:0]
	for _, c := range chunks {
		e.wrapped = append(e.wrapped, c.wrapped...)
		if c.file != nil {
			e.src.addChunk(code, c.file)
		} else {
			e.src.addChunk(code, c.block)
		}
	}
	e.setCtx(ctx)
	e.run.mu.Lock()
	e.run.goPanic = nil
	e.run.at = cellPos{}
	e.run.cell = e.cells
	e.run.code = code
	e.run.mu.Unlock()

	var result *display.Bundle
	for _, c := range chunks {
		switch {
		case c.file != nil:
			if err := e.runNode(ctx, code, c.file); err != nil {
				return nil, err
			}
			e.declare(c)
		case c.final != nil:
			b, err := e.runFinal(ctx, code, c.block, c.final)
			if err != nil {
				return nil, err
			}
			result = b
		case len(c.block.List) > 0:
			if err := e.runNode(ctx, code, c.block); err != nil {
				return nil, err
			}
		}
	}
	return &kernel.ExecResult{Data: result}, nil
}

// imports prepares the imports of a cell. An import of a package the
// session already has under the same name is dropped (yaegi would call it
// a redeclaration); one that reuses a name bound to another path fails.
// Then the automatic imports (autoImports) are made.
func (e *Executor) imports(code string, chunks []chunk, auto map[string]string) error {
	for _, c := range chunks {
		if c.file == nil {
			continue
		}
		decls := c.file.Decls[:0]
		for _, d := range c.file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.IMPORT {
				decls = append(decls, d)
				continue
			}
			specs := g.Specs[:0]
			for _, s := range g.Specs {
				is := s.(*ast.ImportSpec)
				p := strings.Trim(is.Path.Value, "`\"")
				name := packageName(p)
				if is.Name != nil {
					name = is.Name.Name
				}
				old, ok := e.imported[name]
				switch {
				case !ok || name == "_" || name == ".":
					specs = append(specs, s)
				case old == p:
					// Already imported: nothing to do.
				default:
					pos := e.in.FileSet().Position(is.Pos())
					msg := fmt.Sprintf("%s is already imported from %q in this session; import %q under another name", name, old, p)
					return compileError(code, fmt.Errorf("%s:%d:%d: %s", cellFile, pos.Line, pos.Column, msg), 1)
				}
			}
			g.Specs = specs
			if len(specs) > 0 {
				decls = append(decls, d)
			}
		}
		c.file.Decls = decls
	}
	if len(auto) == 0 {
		return nil
	}
	var specs []string
	for name, p := range auto {
		specs = append(specs, fmt.Sprintf("%s %q", name, p))
		e.imported[name] = p
	}
	sort.Strings(specs)
	src := declPrefix + "import (\n\t" + strings.Join(specs, "\n\t") + "\n)\n"
	f, err := parser.ParseFile(e.in.FileSet(), cellFile, src, 0)
	if err == nil {
		var prog *interp.Program
		if prog, err = e.compile(f); err == nil {
			_, err = e.in.Execute(prog)
		}
	}
	if err != nil {
		return &kernel.ExecError{Name: "ImportError", Value: err.Error(), Traceback: []string{"importing " + strings.Join(specs, ", ") + ": " + err.Error()}}
	}
	return nil
}

// isSplitError reports whether err is an error of front.ParseCell
// positioned in the cell itself.
func isSplitError(err error) bool {
	_, ok := err.(front.SplitError)
	return ok
}

// declare records the names a declaration chunk declared.
func (e *Executor) declare(c chunk) {
	for _, f := range c.funcs {
		e.funcs[f] = true
	}
	for _, d := range c.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Recv == nil {
			e.funcTypes[f.Name.Name] = f.Type
		}
	}
	for _, t := range c.types {
		if !strings.HasPrefix(t, rtName) { // not the front end's own (its type aliases of instances)
			e.types[t] = true
		}
	}
	for n, p := range c.imports {
		e.imported[n] = p
	}
}

// setCtx sets the session's variable ctx to the cell's context. It sets
// the global directly; when yaegi cannot list its globals (after a failed
// compilation) it runs "ctx = __goexec.Ctx()" instead. If a cell
// redeclared ctx with another type, ctx stays the cell's own.
func (e *Executor) setCtx(ctx context.Context) {
	e.run.mu.Lock()
	e.run.ctx = ctx
	e.run.mu.Unlock()
	if g := e.globals(); g != nil {
		if v, ok := g["ctx"]; ok && v.CanSet() && reflect.TypeOf(ctx).AssignableTo(v.Type()) {
			v.Set(reflect.ValueOf(ctx))
		}
		return
	}
	f, err := parser.ParseFile(e.in.FileSet(), cellFile, stmtPrefix+"ctx = "+rtName+".Ctx()\n}", 0)
	if err != nil {
		return
	}
	prog, err := e.compile(f.Decls[0].(*ast.FuncDecl).Body)
	if err != nil {
		return
	}
	_, _ = e.in.Execute(prog)
}

// globals returns the session's global variables and constants. yaegi's
// Globals can panic after a failed compilation (a symbol declared but not
// yet allocated); then it returns none.
func (e *Executor) globals() (g map[string]reflect.Value) {
	defer func() {
		if recover() != nil {
			g = nil
		}
	}()
	return e.in.Globals()
}

// compile compiles one node, turning a panic of the compiler into an error.
func (e *Executor) compile(n ast.Node) (prog *interp.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			// yaegi's compiler panics on some mistakes; the message's last
			// position is where the mistake is.
			msg := fmt.Sprint(r)
			if ms := posRE.FindAllStringIndex(msg, -1); len(ms) > 0 {
				msg = msg[ms[len(ms)-1][0]:]
			}
			err = errors.New(strings.Replace(msg, "incomplete type ", "undefined: ", 1))
		}
	}()
	prog, err = e.in.CompileAST(n)
	if err == nil {
		e.src.addProgram(prog)
		e.dbg.addProgram(e.in.FileSet().Position(n.Pos()).Filename, prog)
	}
	return prog, err
}

// runNode compiles and runs one chunk. The first chunk of a cell that
// compiles commits the cell to the front end's session (commitCell).
func (e *Executor) runNode(ctx context.Context, code string, n ast.Node) error {
	prog, err := e.compile(n)
	if err != nil {
		ce := compileError(code, e.diagnose(n, err), 1)
		if e.front != nil {
			interpreterCannotCompile(ce)
		}
		return ce
	}
	e.commitNow()
	return e.exec(ctx, code, prog)
}

// commitNow commits the cell being run to the front end's session, once,
// when a chunk of it has compiled (see commitCell).
func (e *Executor) commitNow() {
	if commit := e.commitCell; commit != nil {
		e.commitCell = nil
		commit()
	}
}

// interpreterCannotCompile renames ce, yaegi's failure to compile a chunk
// of a cell that the front end has type-checked, an InterpreterLimit: the
// cell is valid Go (go/types accepts it, and the lowering only writes
// valid Go), so what failed is the interpreter, not the user's code; it
// says so, with yaegi's message, and what to do instead. A panic of
// yaegi's compiler ("CFG post-order panic: runtime error: invalid memory
// address or nil pointer dereference") or an error that Go would not give
// ("cannot use type struct { Key string; Val int} as type string in struct
// literal") read as faults in the cell.
func interpreterCannotCompile(ce *kernel.ExecError) {
	msg := "the interpreter cannot compile this cell, which is valid Go (yaegi: " + ce.Value + "); run it compiled " +
		"(a cell with func main, or %%compile), or write the construct another way"
	ce.Name = "InterpreterLimit"
	if len(ce.Traceback) > 0 && strings.HasSuffix(ce.Traceback[0], ce.Value) {
		ce.Traceback[0] = strings.TrimSuffix(ce.Traceback[0], ce.Value) + msg
	} else {
		ce.Traceback = append([]string{msg}, ce.Traceback...)
	}
	ce.Value = msg
}

// diagnose improves yaegi's "constant definition loop", which it reports
// for an undefined name in a top-level ":=" statement: it compiles (without
// running) the statements as the body of a function literal, where the
// same mistake gets its real message and position.
func (e *Executor) diagnose(n ast.Node, err error) error {
	b, ok := n.(*ast.BlockStmt)
	if !ok || !strings.Contains(err.Error(), "constant definition loop") {
		return err
	}
	pos := b.Pos()
	probe := &ast.BlockStmt{Lbrace: pos, Rbrace: pos, List: []ast.Stmt{&ast.AssignStmt{
		Lhs: []ast.Expr{&ast.Ident{NamePos: pos, Name: "_"}}, TokPos: pos, Tok: token.ASSIGN,
		Rhs: []ast.Expr{&ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}}, Body: b}},
	}}}
	if _, err2 := e.compile(probe); err2 != nil {
		return err2
	}
	return err
}

// An interrupt cancels the cell's ctx, and the cell runs on for
// stopDelay: code that watches ctx (a library call that returns
// context.Canceled, a select on ctx.Done()) goes on to handle it, saving or
// printing what it has, and a cell that ends within stopDelay ends as it
// would have. Then the cell's interpreted code is stopped where it stands
// (yaegi stops every interpreted goroutine of the session). The cell fails
// with "Interrupted" either way, so that the queued cells do not run.
// Compiled code that does not watch ctx (time.Sleep, a long native call)
// runs on until it returns: the cell waits interruptGrace for it, then
// reports the interrupt anyway, and the next cell waits for the rest
// (settle); with Options.WaitInterrupted it waits until it ends.
var (
	stopDelay      = time.Second
	interruptGrace = 2 * time.Second
)

// errAborted is the cause of the cancellation of a chunk that the Executor
// stops itself (run.abort), which stops its interpreted code at once.
var errAborted = errors.New("goexec: the cell was stopped")

// execute runs prog under ctx with the runner, or with yaegi's
// ExecuteWithContext when the runner is not available.
func (e *Executor) execute(ctx context.Context, prog *interp.Program) error {
	if e.dbg.active() {
		return e.debugExecute(ctx, prog)
	}
	if e.runner == nil {
		_, err := e.in.ExecuteWithContext(ctx, prog)
		return err
	}
	grace := interruptGrace
	if e.opts.WaitInterrupted {
		grace = -1
	}
	unfinished, err := e.runner.execute(ctx, prog, stopDelay, grace)
	e.unfinished = unfinished
	return err
}

// settle waits for an execution left unfinished by an interrupt, so that
// two executions never overlap. It fails when ctx is cancelled first.
func (e *Executor) settle(ctx context.Context) error {
	if e.unfinished == nil {
		return nil
	}
	select {
	case <-e.unfinished:
		e.unfinished = nil
		return nil
	case <-ctx.Done():
		return &kernel.ExecError{
			Name:      "Interrupted",
			Value:     "interrupted while waiting for an earlier interrupted cell",
			Traceback: []string{"Interrupted: compiled code of an earlier interrupted cell is still running and does not watch ctx"},
		}
	}
}

// exec runs a compiled chunk under ctx and turns its failure into an
// ExecError.
func (e *Executor) exec(ctx context.Context, code string, prog *interp.Program) error {
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	e.run.mu.Lock()
	e.run.abort = func() { cancel(errAborted) }
	e.run.mu.Unlock()
	e.trace.collect()
	limitRaised.Store(nil)
	err := e.execute(runCtx, prog)
	trace := e.trace.done()
	e.run.mu.Lock()
	e.run.abort = nil
	gp := e.run.goPanic
	e.run.mu.Unlock()
	switch {
	case gp != nil:
		if gp.Name == "StackOverflow" {
			// The stopped recursion's stack, hundreds of MB, is free now:
			// give it back to the system rather than keep it counted
			// against the worker's memory limit.
			debug.FreeOSMemory()
		}
		return gp
	case ctx.Err() != nil:
		return &kernel.ExecError{
			Name:      "Interrupted",
			Value:     "the cell was interrupted",
			Traceback: []string{"Interrupted: the cell was interrupted; the variables it set so far are kept"},
		}
	case err == nil:
		if msg := limitRaised.Swap(nil); msg != nil {
			// Raised inside a method that fmt called, which printed
			// %!v(PANIC=…) and went on: the cell ends with it.
			v := *msg + " (raised inside a String or Format method that fmt called, which printed it in place of the value)"
			return &kernel.ExecError{Name: "InterpreterLimit", Value: v, Traceback: []string{"InterpreterLimit: " + v}}
		}
		return nil
	}
	var p interp.Panic
	if errors.As(err, &p) {
		e.run.mu.Lock()
		at := e.run.at
		e.run.mu.Unlock()
		return panicError(code, p.Value, trace, e.wrapped, at, e.innerOf(p.Value))
	}
	msg := mapPositions(err.Error())
	return &kernel.ExecError{Name: "RuntimeError", Value: msg, Traceback: []string{msg}}
}
