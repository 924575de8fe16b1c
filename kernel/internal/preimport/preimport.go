// Package preimport is the one list of the packages a notebook cell finds
// without importing them, and of the other packages the kernel carries
// symbol tables or documentation for. Everything else is generated from it:
//
//   - kernel/goexec's DefaultImports (the short names a cell may use),
//     built from List at start-up;
//   - kernel/symbols' yaegi tables, written by `go generate ./kernel/symbols`
//     (which runs ./extract: `yaegi extract` once per package that is not in
//     the standard library; the standard library's tables come with yaegi);
//   - kernel/complete's docs.json.gz, the documentation that Inspect shows,
//     written by `go generate ./kernel/complete` (its gendocs reads List).
//
// A test in kernel/goexec checks that every pre-imported package has all
// three: a short name, a symbol table and documentation.
package preimport

import "strings"

// Package is one entry of List.
type Package struct {
	// Name is the short name a cell uses without importing the package;
	// empty for a package that a cell imports itself (or never names).
	Name string
	// Path is the import path.
	Path string
	// Exclude is a regular expression of exported names that `yaegi
	// extract` leaves out of the package's symbol table (its -exclude).
	Exclude string
	// NoSymbols marks a package that needs no table of its own: "builtin",
	// documented for Inspect but never imported.
	NoSymbols bool
}

// Std reports whether p is in the standard library, whose symbol tables
// come from yaegi's stdlib package instead of kernel/symbols.
func (p Package) Std() bool {
	first, _, _ := strings.Cut(p.Path, "/")
	return !strings.Contains(first, ".")
}

// Preimported reports whether a cell may use p by its short name without
// importing it.
func (p Package) Preimported() bool { return p.Name != "" }

// Module is the import path of this module, the prefix of the library's
// packages.
const Module = "github.com/rbm-kernel/rbm-kernel"

// List is every package the kernel knows: the pre-imported ones (with a
// Name), then the others that Inspect documents or that need a symbol table.
// The order is the order of generation; keep each group sorted as it is.
var List = []Package{
	// The standard library, pre-imported.
	{Name: "bytes", Path: "bytes"},
	{Name: "context", Path: "context"},
	{Name: "errors", Path: "errors"},
	{Name: "fmt", Path: "fmt"},
	{Name: "image", Path: "image"},
	{Name: "color", Path: "image/color"},
	{Name: "io", Path: "io"},
	{Name: "log", Path: "log"},
	{Name: "math", Path: "math"},
	{Name: "rand", Path: "math/rand/v2"},
	{Name: "os", Path: "os"},
	{Name: "slices", Path: "slices"},
	{Name: "sort", Path: "sort"},
	{Name: "strconv", Path: "strconv"},
	{Name: "strings", Path: "strings"},
	{Name: "sync", Path: "sync"},
	{Name: "time", Path: "time"},

	// gonum and gonum/plot.
	{Name: "mat", Path: "gonum.org/v1/gonum/mat"},
	{Name: "stat", Path: "gonum.org/v1/gonum/stat"},
	{Name: "distuv", Path: "gonum.org/v1/gonum/stat/distuv"},
	// floats.Reverse is deprecated (use slices.Reverse); leaving it out
	// keeps staticcheck quiet about the generated table.
	{Name: "floats", Path: "gonum.org/v1/gonum/floats", Exclude: "^Reverse$"},
	{Name: "plot", Path: "gonum.org/v1/plot"},
	{Name: "plotter", Path: "gonum.org/v1/plot/plotter"},
	{Name: "vg", Path: "gonum.org/v1/plot/vg"},
	{Name: "draw", Path: "gonum.org/v1/plot/vg/draw"},
	{Name: "plotutil", Path: "gonum.org/v1/plot/plotutil"},

	// The project's library, the kernel's display, input, cell (the
	// helpers notebooks share, cell.Must) and widgets, and the sweep
	// language (dsl.LoadResults, NewReport, Library().Describe(), RunLibrary).
	{Name: "rbm", Path: Module + "/lib/rbm"},
	{Name: "mcmc", Path: Module + "/lib/mcmc"},
	{Name: "learn", Path: Module + "/lib/learn"},
	{Name: "data", Path: Module + "/lib/data"},
	{Name: "viz", Path: Module + "/lib/viz"},
	{Name: "display", Path: Module + "/kernel/display"},
	{Name: "input", Path: Module + "/kernel/input"},
	{Name: "cell", Path: Module + "/kernel/cell"},
	// widgets.SetCapturer is the executor's, not a cell's.
	{Name: "widgets", Path: Module + "/kernel/widgets", Exclude: "^(SetCapturer|Capturer)$"},
	{Name: "dsl", Path: Module + "/dsl"},

	// Not pre-imported: the writers compiled cells print to (the code of a
	// compiled cell imports the package, and its type check finds the
	// table wherever the kernel runs).
	{Path: Module + "/kernel/compiled/cellio"},
	// Not pre-imported: the comms that widgets are built on, for a cell
	// that opens comms of its own (import ".../kernel/comm").
	{Path: Module + "/kernel/comm"},

	// Not pre-imported, documented for Inspect: the language's predeclared
	// names and the standard packages cells import most.
	{Path: "builtin", NoSymbols: true},
	{Path: "bufio"},
	{Path: "unicode"},
	{Path: "unicode/utf8"},
	{Path: "math/bits"},
	{Path: "math/cmplx"},
	{Path: "maps"},
	{Path: "sync/atomic"},
	{Path: "image/png"},
	{Path: "encoding/json"},
	{Path: "encoding/csv"},
	{Path: "path/filepath"},
	{Path: "runtime"},
}

// Imports returns the short name → import path of every pre-imported
// package of List.
func Imports() map[string]string {
	m := make(map[string]string)
	for _, p := range List {
		if p.Preimported() {
			m[p.Name] = p.Path
		}
	}
	return m
}
