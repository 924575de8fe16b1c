package front

import (
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/stdextra"
)

// PackagePath is the import path of the package that a session's cells
// make up (yaegi's "main").
const PackagePath = "main"

// Session type-checks the cells of one interpreter session as Go: every
// cell is a new file of one package, "main", that holds the declarations
// and variables of the cells before it.
//
// What the session holds (its model) is, for each package-level name, the
// cell's latest declaration of it: a type with its methods and a function
// are kept as syntax; a variable (declared with var or with a top-level
// ":=") and a constant are kept as their type and value. Cells are checked
// incrementally with one types.Checker, each adding files to the package.
// go/types cannot remove a name from a package, so when a cell declares a
// name again, or fails to check (its declarations are half in the package
// by then), the package is rebuilt from the model: the kept declarations
// are checked again without their function bodies, and each variable is
// declared with its type spelled as Go ("var x map[string]T"). A name
// whose type can no longer be spelled (its named type was declared again
// since) keeps its old type.
//
// A Session is not safe for concurrent use.
type Session struct {
	fset *token.FileSet
	conf types.Config

	imports map[string]string // the session's imports: name → path
	order   []string          // names of the model in declaration order
	model   map[string]*entry // package-level name → its latest declaration
	cells   int               // cells checked without error

	// shadows are the local named struct types and unnamed struct
	// types of the committed cells (shadows.go), once each by name,
	// yaegi's reflect type and, for a local type, the function that
	// declares it (shadowSeen, shadowFuncs).
	shadows     []types.Type
	shadowSeen  map[string]bool
	shadowFuncs map[types.Type]string

	pkg      *types.Package
	check    *types.Checker  // adds files to pkg
	inP      map[string]bool // the types whose declarations check knows
	rebuilds int             // how many times the package was made anew
	temps    int             // temporary names given
	info     types.Info      // what check records; its maps are the running cell's
	built    bool            // pkg holds exactly the model (and the pending cell)
	pending  bool            // the last cell checked is in pkg but not committed
	errs     []types.Error

	foreignPkgs map[string]*types.Package // packages of DeclareForeign's objects, by path
}

// NewSession returns a Session whose cells import packages with imp. The
// file set must be the one the cells are parsed with.
func NewSession(fset *token.FileSet, imp types.Importer) *Session {
	s := &Session{
		fset:    fset,
		imports: map[string]string{},
		model:   map[string]*entry{},
	}
	s.conf = types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := s.foreignPkgs[path]; ok {
				return p, nil
			}
			return imp.Import(path)
		}),
		FakeImportC: false,
		Error:       func(err error) { s.errs = append(s.errs, err.(types.Error)) },
	}
	return s
}

// Import returns the package of path as the session's importer gives it.
func (s *Session) Import(path string) (*types.Package, error) {
	return s.conf.Importer.Import(path)
}

// DeclareVar adds a package-level variable of type t to the session, as
// if a cell had declared it; the kernel's own variables (ctx) are
// declared this way.
func (s *Session) DeclareVar(name string, t types.Type) {
	s.put(name, &entry{obj: types.NewVar(token.NoPos, nil, name, t)})
	s.built = false
}

// DeclareForeign makes obj, a package-level object of another package
// (a compiled cell's), the session's meaning of its name, as if a cell had
// declared it: cells then use it unqualified, and Lowering (with
// Lowering.Foreign) qualifies each use. Its package becomes importable by
// its path.
func (s *Session) DeclareForeign(obj types.Object) {
	e := &entry{foreign: obj}
	if old := s.model[obj.Name()]; old != nil {
		switch {
		case old.spec != nil:
			e.hidden = old
		case old.foreign != nil:
			e.hidden = old.hidden
		}
	}
	s.put(obj.Name(), e)
	if s.foreignPkgs == nil {
		s.foreignPkgs = map[string]*types.Package{}
	}
	s.foreignPkgs[obj.Pkg().Path()] = obj.Pkg()
	s.built = false
}

// Imported records that the session imports path under name, as an
// automatic import does.
func (s *Session) Imported(name, path string) {
	if s.imports[name] != path {
		s.imports[name] = path
		s.built = false
	}
}

// Imports returns the session's imports, name → path.
func (s *Session) Imports() map[string]string {
	m := make(map[string]string, len(s.imports))
	for k, v := range s.imports {
		m[k] = v
	}
	return m
}

// Lookup returns the package-level object the session binds to name in
// the package as last checked, or nil.
func (s *Session) Lookup(name string) types.Object {
	if !s.built {
		s.rebuild(nil, nil)
	}
	return s.pkg.Scope().Lookup(name)
}

// Scope returns the scope of the session's package as last checked.
func (s *Session) Scope() *types.Scope {
	if !s.built {
		s.rebuild(nil, nil)
	}
	return s.pkg.Scope()
}

// Declared reports whether name is declared by a cell (or DeclareVar).
func (s *Session) Declared(name string) bool {
	_, ok := s.model[name]
	return ok
}

// A Chunk is a run of a cell's top-level declarations or of its top-level
// statements, parsed with the session's file set.
type Chunk struct {
	// File holds declarations; nil for statements.
	File *ast.File
	// Body holds statements: its List, in a block whose braces give the
	// chunk's extent.
	Body *ast.BlockStmt
	// Final is the cell's final expression, whose value is shown; only in
	// its last chunk, and not in Body.
	Final ast.Expr
}

// end returns the position just past the chunk's source.
func (c *Chunk) end() token.Pos {
	switch {
	case c.File != nil:
		return c.File.End()
	case c.Final != nil && c.Final.End() > c.Body.End():
		return c.Final.End()
	}
	return c.Body.End()
}

// Checked is what the check of a cell found.
type Checked struct {
	// Info records the types, definitions, uses and selections of the
	// cell's syntax (go/types.Info).
	Info *types.Info
	// Globals are the variables the cell's top-level ":=" statements
	// declare, as package-level variables of the session.
	Globals []*types.Var
	// Final is the type of the final expression, if any (a *types.Tuple
	// for a call with several results, nil for a call with none).
	Final types.Type

	commit func() // what Session.Commit does
}

// Error is the failure of a cell's check: Go's errors, positioned in the
// session's file set, in source order.
type Error struct {
	List scanner.ErrorList
}

func (e *Error) Error() string { return e.List.Error() }

// Unwrap returns the error list, which the kernel turns into a compile
// error of the cell.
func (e *Error) Unwrap() error { return e.List }

// maxErrors is how many errors a failed check reports, as the Go compiler.
const maxErrors = 10

// Check type-checks a cell, given as its chunks in order, against the
// session. The imports a cell makes are its own import declarations and
// auto, the session's automatic imports for it (name → path). On success
// the cell's declarations and variables become part of the session; on
// failure the session is as it was, and the error is an *Error.
func (s *Session) Check(chunks []Chunk, auto map[string]string) (*Checked, error) {
	if s.pending {
		// The last cell checked was not committed: the package holds it.
		s.built, s.pending = false, false
	}
	if err := s.refuse(chunks); err != nil {
		return nil, err
	}
	if !s.built {
		s.rebuild(nil, nil)
	}
	s.info = types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	res := &Checked{Info: &types.Info{}}
	*res.Info = s.info
	defer func() { s.info = types.Info{} }()

	decls := declaredNames(chunks, false)
	imports := s.cellImports(chunks, auto, decls)
	// Only errors in the cell's own files are reported.
	files := map[*token.File]bool{}
	for _, c := range chunks {
		var n ast.Node = c.Body
		if c.File != nil {
			n = c.File
		}
		files[s.fset.File(n.Pos())] = true
	}
	cc := &cellCheck{s: s}
	var list scanner.ErrorList
	for _, c := range chunks {
		s.errs = s.errs[:0]
		var tops map[*ast.Ident]bool
		if c.File != nil {
			cc.decls(c.File, imports)
		} else {
			var file *ast.File
			file, tops = s.stmtFile(c, imports)
			_ = types.NewChecker(&s.conf, s.fset, s.pkg, &s.info).Files([]*ast.File{file})
		}
		for _, err := range s.errs {
			if files[s.fset.File(err.Pos)] && keep(err, tops) && !unusedFinal(err, c.Final) {
				list.Add(s.fset.Position(err.Pos), genericStd(err.Msg, imports))
			}
		}
		if len(list) > 0 {
			break
		}
		cc.define(tops, res.Info)
		if c.Final != nil {
			if tv, ok := res.Info.Types[c.Final]; ok {
				res.Final = tv.Type
			}
		}
	}
	if len(list) > 0 {
		if cc.touched {
			s.built = false
		}
		list.Sort()
		if len(list) > maxErrors {
			list = list[:maxErrors]
		}
		return nil, &Error{List: list}
	}
	res.Globals = cc.globals
	// The package holds the cell now; the model, once it is committed.
	s.built, s.pending = true, true
	// The cell's imports as checked: the lowering may drop some from its
	// files (package iter, which yaegi cannot import), and later cells
	// still name them.
	own := ownImports(chunks)
	sigs := signatures(chunks)
	res.commit = func() {
		for n, p := range auto {
			s.imports[n] = p
		}
		for n, p := range own {
			s.imports[n] = p
		}
		s.commit(chunks, cc.globals, res.Info, sigs)
		s.pending = false
	}
	return res, nil
}

// Commit makes a checked cell's declarations and variables part of the
// session. A cell that checked but is not run (the kernel refused it
// after the check) is not committed: its declarations stay out, and the
// next check makes the package anew without them.
func (s *Session) Commit(c *Checked) {
	if c != nil && c.commit != nil {
		c.commit()
		c.commit = nil
	}
}

// ownImports returns the imports that the cell's files declare, by name
// (blank and dot imports left out).
func ownImports(chunks []Chunk) map[string]string {
	own := map[string]string{}
	for _, c := range chunks {
		if c.File == nil {
			continue
		}
		for _, spec := range importSpecs(c.File) {
			if n := importName(spec); n != "_" && n != "." {
				own[n], _ = strconv.Unquote(spec.Path.Value)
			}
		}
	}
	return own
}

// cellImports returns the imports that every file of a cell sees: the
// session's, the automatic ones and the cell's own, less the names that
// the session or the cell declares otherwise.
func (s *Session) cellImports(chunks []Chunk, auto map[string]string, decls []string) map[string]string {
	imports := map[string]string{}
	for n, p := range s.imports {
		imports[n] = p
	}
	for n, p := range auto {
		imports[n] = p
	}
	for n, p := range ownImports(chunks) {
		imports[n] = p
	}
	for n := range imports {
		if _, ok := s.model[n]; ok && !s.isImport(n) {
			delete(imports, n)
		}
	}
	for _, n := range decls {
		delete(imports, n)
	}
	return imports
}

// isImport reports whether name is one of the session's imports.
func (s *Session) isImport(name string) bool {
	_, ok := s.imports[name]
	return ok
}

// keep reports whether an error of a cell's check is reported: not the
// unused imports (the session's imports are in every cell's file, and a
// cell may import for later cells), nor the top-level variables of a cell
// that no later statement of it uses (they are the session's).
func keep(err types.Error, tops map[*ast.Ident]bool) bool {
	if !err.Pos.IsValid() || strings.HasSuffix(err.Msg, "imported and not used") ||
		strings.Contains(err.Msg, "imported as ") && strings.HasSuffix(err.Msg, "and not used") {
		return false
	}
	if strings.HasPrefix(err.Msg, "declared and not used: ") {
		for id := range tops {
			if id.Pos() == err.Pos {
				return false
			}
		}
	}
	return true
}

// useName is the name of the function through which a final expression
// is checked as a value: it takes any values (...any).
const useName = "_rbmkernel_use"

// stmtFile makes the file in which a statement chunk is checked: its
// statements are the body of a function "_", and the final expression is
// an argument of the use function (a call is kept as a statement, since it
// may have no result). It returns the file and the identifiers that its
// top-level ":=" statements define.
func (s *Session) stmtFile(c Chunk, imports map[string]string) (*ast.File, map[*ast.Ident]bool) {
	list := append([]ast.Stmt(nil), c.Body.List...)
	tops := map[*ast.Ident]bool{}
	for _, st := range list {
		if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					tops[id] = true
				}
			}
		}
	}
	if c.Final != nil {
		pos := c.Final.Pos()
		if _, ok := ast.Unparen(c.Final).(*ast.CallExpr); ok {
			list = append(list, &ast.ExprStmt{X: c.Final})
		} else {
			list = append(list, &ast.ExprStmt{X: &ast.CallExpr{
				Fun:    &ast.Ident{NamePos: pos, Name: useName},
				Lparen: pos, Args: []ast.Expr{c.Final}, Rparen: pos,
			}})
		}
	}
	body := &ast.BlockStmt{Lbrace: c.Body.Lbrace, List: list, Rbrace: c.Body.Rbrace}
	fn := &ast.FuncDecl{
		Name: &ast.Ident{NamePos: c.Body.Lbrace, Name: "_"},
		Type: &ast.FuncType{Func: c.Body.Lbrace, Params: &ast.FieldList{}},
		Body: body,
	}
	return &ast.File{Name: ast.NewIdent("main"), FileStart: c.Body.Lbrace, FileEnd: c.Body.Rbrace + 1, Decls: withImports(imports, fn)}, tops
}

// unusedFinal reports whether err is go/types' "is not used" for the
// final expression, a call kept as a statement (a conversion, or a
// builtin such as len, is a value: its value is the cell's result).
func unusedFinal(err types.Error, final ast.Expr) bool {
	return final != nil && err.Pos == final.Pos() && strings.HasSuffix(err.Msg, " is not used")
}

// undefinedSelector matches the type checker's message for a name a
// package lacks.
var undefinedSelector = regexp.MustCompile(`^undefined: (\w+)\.(\w+)$`)

// genericStd returns the message of a type error, saying why when it is
// "undefined: pkg.Name" of a generic function or type of a standard
// package (imports maps the cell's package names to paths): the symbol
// tables have no generic names (kernel/stdextra), so the type checker,
// which reads them, finds none.
func genericStd(msg string, imports map[string]string) string {
	m := undefinedSelector.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	path, ok := imports[m[1]]
	if !ok || !stdextra.Generic(path, m[2]) {
		return msg
	}
	return fmt.Sprintf("%s.%s is generic, and the interpreter (yaegi v0.16.1) cannot instantiate the generic functions and types "+
		"of the standard library: use it in a %%%%compile cell, or in a cell that declares func main (which is compiled)", m[1], m[2])
}
