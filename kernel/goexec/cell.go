package goexec

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// cellFile and the prefixes are the front end's: see front.ParseCell.
const (
	cellFile   = front.CellFile
	declPrefix = front.DeclPrefix
	stmtPrefix = front.StmtPrefix
)

// cellNaming names the source files of cells compiled for the debugger
// (see package dap): in a worker, the kernel process's prefix, so that a
// fresh worker names cells as the last one did.
var cellNaming = dap.ProcessNaming()

// cellNames matches the file name of a chunk in messages: cellFile, or a
// name of cellNaming.
var cellNames = `(?:` + cellFile + `|` + regexp.QuoteMeta(cellNaming.Prefix) + `\d+` + regexp.QuoteMeta(cellNaming.Suffix) + `)`

// chunk is a run of consecutive items of the same kind, parsed with the
// interpreter's file set and ready for CompileAST: file is set for
// declarations, block for statements.
type chunk struct {
	file  *ast.File
	block *ast.BlockStmt
	// final is the cell's final expression, split out of the last statement
	// chunk so that its values can be captured; nil when the cell does not
	// end in an expression statement.
	final ast.Expr
	// funcs and types list the names a declaration chunk declares, and
	// imports its imports (short name → import path; "_" and "." skipped).
	funcs, types []string
	imports      map[string]string
	// vars lists the globals a chunk declares with var, const or :=.
	vars []string
	// wrapped lists the top-level statements that wrapStatements put in a
	// function literal.
	wrapped []span
}

// parseCell splits code into chunks and parses each with fset, in order
// (front.ParseCell); then prepare makes them ready to run.
func parseCell(fset *token.FileSet, code string, rewrite func(ast.Node)) ([]chunk, error) {
	parsed, err := front.ParseCell(fset, code)
	if err != nil {
		return nil, err
	}
	return prepare(fset, parsed, rewrite)
}

// prepare lists what each parsed chunk declares, wraps the compound
// statements of statement chunks in function literals (wrapStatements),
// and applies rewrite to every chunk's tree.
func prepare(fset *token.FileSet, parsed []front.Chunk, rewrite func(ast.Node)) ([]chunk, error) {
	chunks := make([]chunk, 0, len(parsed))
	for _, p := range parsed {
		var c chunk
		if f := p.File; f != nil {
			c.file = f
			c.imports = map[string]string{}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						c.funcs = append(c.funcs, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							c.types = append(c.types, s.Name.Name)
						case *ast.ValueSpec:
							for _, n := range s.Names {
								c.vars = append(c.vars, n.Name)
							}
						case *ast.ImportSpec:
							p := strings.Trim(s.Path.Value, "`\"")
							name := packageName(p)
							if s.Name != nil {
								name = s.Name.Name
							}
							if name != "_" && name != "." {
								c.imports[name] = p
							}
						}
					}
				}
			}
			rewrite(f)
		} else {
			c.block, c.final = p.Body, p.Final
			for _, st := range c.block.List {
				if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					for _, l := range as.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							c.vars = append(c.vars, id.Name)
						}
					}
				}
			}
			var err error
			if c.wrapped, err = wrapStatements(fset, c.block.List); err != nil {
				return nil, err
			}
			c.block.List = markStatements(fset, c.block.List)
			rewrite(c.block)
			if c.final != nil {
				rewrite(c.final)
			}
		}
		chunks = append(chunks, c)
	}
	return chunks, nil
}

// packageName returns the name of the package at an import path: the name
// its symbol table gives, else the last path element that is not a major
// version suffix ("v2").
func packageName(path string) string {
	if name, ok := symbolName(path); ok {
		return name
	}
	return front.PathName(path)
}

// usedPackageNames returns the identifiers used as the left side of a
// selector (x in x.Sel) anywhere in the chunks: the candidates for
// automatic imports.
func usedPackageNames(chunks []front.Chunk) map[string]bool {
	used := map[string]bool{}
	visit := func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	}
	for _, c := range chunks {
		if c.File != nil {
			ast.Inspect(c.File, visit)
		}
		if c.Body != nil {
			ast.Inspect(c.Body, visit)
		}
		if c.Final != nil {
			ast.Inspect(c.Final, visit)
		}
	}
	return used
}
