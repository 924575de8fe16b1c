package compiled

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// Cell is the text of a compiled cell's declarations and what they may
// refer to.
type Cell struct {
	Fset     *token.FileSet          // where the cell is parsed: error positions are in it
	Filename string                  // the file name of positions
	Body     string                  // the declarations; the file's line L+1 is the body's line L
	Scope    map[string]types.Object // the names of earlier compiled cells, each an object of its unit
	Auto     map[string]string       // packages imported when the cell uses their name and does not bind it: name → path
	Reserved map[string]string       // names the cell may not declare, each with the error's message
	Importer types.Importer          // the packages the cell may import
	// Program makes the unit a Go program: package main, built as its
	// plugin's main package, so that its types are main.T for fmt's %T
	// and %#v and for reflect, as in the program the cell holds. A program
	// is not an importable package: later compiled cells cannot use its
	// names (ordinary cells can).
	Program bool
	// Progress, if not nil, is told of a build's steps (not of a cell
	// whose plugin exists): done of total, and what runs now.
	Progress func(done, total int, status string)
}

// PathPrefix starts the import path of every unit: "rbmkernel.cells/u"
// and 16 hexadecimal digits of the digest of its source.
const PathPrefix = "rbmkernel.cells/u"

// ProgramName is the package name of a unit that is a program
// (Cell.Program).
const ProgramName = "main"

// ProgramNameError follows a name in the error of a cell that uses a
// name of a unit that is a program (Cell.Program), which cannot be
// imported.
const ProgramNameError = "is declared by a cell built as a Go program (one that declares func main, or declarations alone that took the compiled road), which a compiled cell cannot import"

// PackageName is the package name of every other unit, as %T shows it
// ("compiled.Sampler").
const PackageName = "compiled"

// symbolsFunc is the function of a unit's generated file that returns its
// symbol table.
const symbolsFunc = "XRbmkernelSymbols"

// provisionalPath is the path of a cell's package while its unit's path
// is not known yet.
const provisionalPath = "rbmkernel.cells/cell"

// packageName is the package name of the cell's unit.
func (c *Cell) packageName() string {
	if c.Program {
		return ProgramName
	}
	return PackageName
}

// IsUnit reports whether path is the import path of a unit.
func IsUnit(path string) bool { return strings.HasPrefix(path, PathPrefix) }

// edit replaces name, the text at offset off of a unit's file, by repl.
type edit struct {
	off  int
	name string
	repl string
}

// source is a cell made into the source of a unit.
type source struct {
	path   string         // the unit's import path
	text   string         // its Go file
	hidden string         // the generated file of exported names for unexported ones (hiddenFile)
	pkg    *types.Package // the package as checked
	names  []string       // the names it declares, in order
}

// header is the first line of a unit's file: the package clause and the
// imports the kernel adds, so that the cell's line L is the file's L+1.
func (c *Cell) header(imports map[string]string) string {
	var b strings.Builder
	b.WriteString("package " + c.packageName())
	if len(imports) > 0 {
		names := make([]string, 0, len(imports))
		for n := range imports {
			names = append(names, n)
		}
		sort.Strings(names)
		b.WriteString("; import (")
		for i, n := range names {
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "%s %q", n, imports[n])
		}
		b.WriteString(")")
	}
	b.WriteString("\n")
	return b.String()
}

// parse parses the cell's body under a header.
func (c *Cell) parse(imports map[string]string) (*ast.File, string, error) {
	text := c.header(imports) + c.Body
	f, err := parser.ParseFile(c.Fset, c.Filename, text, parser.SkipObjectResolution)
	if err != nil {
		var list scanner.ErrorList
		if el, ok := err.(scanner.ErrorList); ok {
			for _, e := range el {
				if strings.HasPrefix(e.Msg, "expected declaration, found ") {
					e.Msg += " (a compiled cell holds declarations only: import, const, var, type and func; run statements in an ordinary cell)"
				}
				list = append(list, e)
			}
			return nil, "", list
		}
		return nil, "", err
	}
	return f, text, nil
}

// check type-checks f as a package at path in which the names of scope
// that f does not declare itself are declared; units resolves the import
// paths of units.
func (c *Cell) check(files []*ast.File, path string, fset *token.FileSet, units map[string]*types.Package) (*types.Package, *types.Info, []types.Error) {
	pkg := types.NewPackage(path, c.packageName())
	own := map[string]bool{}
	for _, f := range files {
		for _, id := range front.FileIdents(f) {
			own[id.Name] = true
		}
	}
	for name, obj := range c.Scope {
		if !own[name] {
			pkg.Scope().Insert(obj)
		}
	}
	var errs []types.Error
	conf := types.Config{
		Importer: importerFunc(func(p string) (*types.Package, error) {
			if u, ok := units[p]; ok {
				return u, nil
			}
			return c.Importer.Import(p)
		}),
		Error: func(err error) { errs = append(errs, err.(types.Error)) },
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	_ = types.NewChecker(&conf, fset, pkg, info).Files(files)
	return pkg, info, errs
}

// importerFunc is a types.Importer made of a function.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// prepare makes the cell into the source of a unit: it is type-checked
// (errors are a scanner.ErrorList at the cell's positions), the packages
// of Auto that it uses are imported, and every use of a name of an earlier
// unit becomes a qualified one. The unit's path is a digest of its text
// and of key.
func (c *Cell) prepare(key string) (*source, error) {
	f, _, err := c.parse(nil)
	if err != nil {
		return nil, err
	}
	if err := c.reserved(f); err != nil {
		return nil, err
	}
	// Which packages of Auto the cell uses: the names a first check finds
	// undefined.
	auto := map[string]string{}
	units := c.units()
	_, _, errs := c.check([]*ast.File{f}, provisionalPath, c.Fset, units)
	for _, e := range errs {
		if name, ok := strings.CutPrefix(e.Msg, "undefined: "); ok {
			if p, ok := c.Auto[name]; ok {
				auto[name] = p
			}
		}
	}
	var text string
	if len(auto) > 0 {
		if f, text, err = c.parse(auto); err != nil {
			return nil, err
		}
	} else {
		text = c.header(nil) + c.Body
	}
	provisional, info, errs := c.check([]*ast.File{f}, provisionalPath, c.Fset, units)
	if list := errorList(c.Fset, errs); len(list) > 0 {
		return nil, list
	}
	var names []string
	for _, id := range front.FileIdents(f) {
		if id.Name != "_" && id.Name != "init" {
			names = append(names, id.Name)
		}
	}
	hidden := hiddenFile(provisional, names)

	// Qualify the names of earlier units.
	var edits []edit
	imports := map[string]string{}
	for n, p := range auto {
		imports[n] = p
	}
	var list scanner.ErrorList
	for id, obj := range info.Uses {
		if obj == nil || obj.Pkg() == nil || !IsUnit(obj.Pkg().Path()) || obj.Parent() != obj.Pkg().Scope() {
			continue
		}
		if obj.Pkg().Name() == ProgramName {
			list.Add(c.Fset.Position(id.Pos()), obj.Name()+" "+ProgramNameError+": declare "+obj.Name()+" in a %%compile cell, or in this one")
			continue
		}
		alias := "_" + strings.TrimPrefix(obj.Pkg().Path(), PathPrefix[:len(PathPrefix)-1])
		imports[alias] = obj.Pkg().Path()
		repl := alias + "." + obj.Name()
		if !obj.Exported() {
			if front.IsGeneric(obj) {
				list.Add(c.Fset.Position(id.Pos()), obj.Name()+" is a generic of an earlier compiled cell and is not exported: export it (name it with a capital letter) to use it in another compiled cell")
				continue
			}
			repl = alias + "." + hiddenName(obj.Name())
			if _, ok := obj.(*types.Var); ok {
				repl = "(*" + repl + ")"
			}
		}
		edits = append(edits, edit{c.Fset.Position(id.Pos()).Offset, id.Name, repl})
	}
	if len(list) > 0 {
		list.Sort()
		return nil, list
	}
	// What the cell prints goes to the cell's streams (package cellio).
	if out := c.outputEdits(f, info, text); len(out) > 0 {
		edits = append(edits, out...)
		imports[cellioName] = cellioPath
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].off > edits[j].off })
	first := strings.Index(text, "\n") + 1
	body := text[first:]
	for _, e := range edits {
		o := e.off - first
		if o < 0 || o+len(e.name) > len(body) || body[o:o+len(e.name)] != e.name {
			return nil, fmt.Errorf("compiled: internal error: identifier %s not at offset %d", e.name, e.off)
		}
		body = body[:o] + e.repl + body[o+len(e.name):]
	}
	text = c.header(imports) + body

	sum := sha256.Sum256([]byte(key + "\n" + text + "\n" + hidden))
	path := PathPrefix + hex.EncodeToString(sum[:])[:16]
	// The unit's package, checked at its path (its own file set: the
	// positions of the edited text are not the cell's).
	fset := token.NewFileSet()
	var files []*ast.File
	for name, text := range map[string]string{"cell.go": text, "hidden.go": hidden} {
		ff, err := parser.ParseFile(fset, name, text, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("compiled: internal error: the unit's %s does not parse: %w", name, err)
		}
		files = append(files, ff)
	}
	noScope := *c
	noScope.Scope = nil
	pkg, _, errs := noScope.check(files, path, fset, units)
	if len(errs) > 0 {
		return nil, fmt.Errorf("compiled: internal error: the unit's source does not check: %v", errs[0])
	}
	return &source{path: path, text: text, hidden: hidden, pkg: pkg, names: names}, nil
}

// reserved refuses a declaration of symbolsFunc or of a hidden name.
func (c *Cell) reserved(f *ast.File) error {
	var list scanner.ErrorList
	for _, id := range front.FileIdents(f) {
		if id.Name == symbolsFunc || strings.HasPrefix(id.Name, hiddenPrefix) {
			list.Add(c.Fset.Position(id.Pos()), "the names "+symbolsFunc+" and "+hiddenPrefix+"… are the kernel's in a compiled cell: use another name")
		} else if msg, ok := c.Reserved[id.Name]; ok {
			list.Add(c.Fset.Position(id.Pos()), msg)
		}
	}
	if len(list) > 0 {
		return list
	}
	return nil
}

// units returns the packages of the objects of Scope, by path.
func (c *Cell) units() map[string]*types.Package {
	m := map[string]*types.Package{}
	for _, obj := range c.Scope {
		if p := obj.Pkg(); p != nil {
			m[p.Path()] = p
		}
	}
	return m
}

// errorList converts type errors to a sorted scanner.ErrorList; soft
// errors count ("declared and not used").
func errorList(fset *token.FileSet, errs []types.Error) scanner.ErrorList {
	var list scanner.ErrorList
	for _, e := range errs {
		list.Add(fset.Position(e.Pos), e.Msg)
	}
	list.Sort()
	return list
}

// hiddenPrefix starts the exported names by which later units reach a
// unit's unexported ones.
const hiddenPrefix = "XRbmkernel_"

// hiddenName is the exported name of an unexported name for later units.
func hiddenName(name string) string { return hiddenPrefix + name }
