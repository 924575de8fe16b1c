package goexec

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// cellFile is the file name given to every chunk of a cell in the
// interpreter's file set; positions in yaegi's messages carry it, which is
// how errors are mapped back to the cell (see cellPos).
const cellFile = "cell"

// Prefixes put before a chunk's text so that it parses as a Go file. Both
// end in a newline: the cell's line L is line L+1 of the chunk, and columns
// are the cell's own.
const (
	declPrefix = "package main\n"
	stmtPrefix = "package main; func main() {\n"
)

// item is one top-level element of a cell: a declaration or a statement,
// as the byte range [start, end) of the cell.
type item struct {
	start, end int
	decl       bool
}

// scanned is one token of a cell with its byte offset.
type scanned struct {
	off int
	tok token.Token
}

// splitItems cuts a cell into top-level items at the semicolons (explicit,
// or inserted at line ends) that are outside any brackets, and classifies
// each with isDecl. Scanner errors (an unterminated string, …) are
// returned as a scanner.ErrorList positioned in the cell.
func splitItems(code string) ([]item, error) {
	fset := token.NewFileSet()
	f := fset.AddFile(cellFile, -1, len(code))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(f, []byte(code), func(pos token.Position, msg string) { errs.Add(pos, msg) }, 0)

	var items []item
	var cur []scanned
	depth := 0
	header := false
	flush := func(end int) {
		header = false
		if len(cur) > 0 {
			items = append(items, item{start: cur[0].off, end: end, decl: isDecl(cur)})
			cur = cur[:0]
		}
	}
	for {
		pos, t, lit := s.Scan()
		off := f.Offset(pos)
		if t == token.EOF {
			flush(len(code))
			break
		}
		switch t {
		case token.FOR, token.IF, token.SWITCH:
			// The semicolons of a header ("for i := 0; i < n; i++ {") do
			// not end the statement.
			if depth <= 0 {
				header = true
			}
		case token.LBRACE:
			if depth <= 0 {
				header = false
			}
			depth++
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
			if depth < 0 {
				// A closing bracket with no opening one: Go's parser
				// says so at the bracket, as in a function body.
				errs.Add(fset.Position(pos), "expected statement, found '"+t.String()+"'")
				depth = 0
			}
		case token.SEMICOLON:
			if depth <= 0 && !header {
				end := off
				if lit == ";" {
					end = off + 1
				}
				flush(end)
				continue
			}
		}
		cur = append(cur, scanned{off, t})
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return items, nil
}

// isDecl reports whether the tokens of an item start a top-level
// declaration: import, type, const and var, "func Name…" (a function) and
// "func (r T) Name(…" (a method). "func(" followed by anything else is a
// function literal, hence a statement.
func isDecl(toks []scanned) bool {
	switch toks[0].tok {
	case token.IMPORT, token.TYPE, token.CONST, token.VAR:
		return true
	case token.FUNC:
	default:
		return false
	}
	if len(toks) < 2 {
		return false
	}
	if toks[1].tok == token.IDENT {
		return true
	}
	if toks[1].tok != token.LPAREN {
		return false
	}
	depth := 0
	for i := 1; i < len(toks); i++ {
		switch toks[i].tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
		if depth == 0 {
			return i+2 < len(toks) && toks[i+1].tok == token.IDENT && toks[i+2].tok == token.LPAREN
		}
	}
	return false
}

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

// blank returns code with every byte outside [start, end) replaced by a
// space, newlines kept, so that positions in the result are the cell's.
func blank(code string, start, end int) string {
	b := []byte(code)
	for i := range b {
		if (i < start || i >= end) && b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// parseCell splits code into chunks and parses each with fset, in order.
// The compound statements of statement chunks are wrapped in function
// literals (wrapStatements); then rewrite is applied to every chunk's tree
// before it is returned.
func parseCell(fset *token.FileSet, code string, rewrite func(ast.Node)) ([]chunk, error) {
	items, err := splitItems(code)
	if err != nil {
		return nil, splitErr{err}
	}
	var chunks []chunk
	for i := 0; i < len(items); {
		j := i
		for j < len(items) && items[j].decl == items[i].decl {
			j++
		}
		text := blank(code, items[i].start, items[j-1].end)
		var c chunk
		if items[i].decl {
			f, err := parser.ParseFile(fset, cellFile, declPrefix+text, parser.DeclarationErrors)
			if err != nil {
				return nil, err
			}
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
			f, err := parser.ParseFile(fset, cellFile, stmtPrefix+text+"\n}", 0)
			if err != nil {
				return nil, err
			}
			c.block = f.Decls[0].(*ast.FuncDecl).Body
			for _, st := range c.block.List {
				if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					for _, l := range as.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							c.vars = append(c.vars, id.Name)
						}
					}
				}
			}
			if j == len(items) {
				if n := len(c.block.List); n > 0 {
					if es, ok := c.block.List[n-1].(*ast.ExprStmt); ok {
						c.final = es.X
						c.block.List = c.block.List[:n-1]
					}
				}
			}
			if c.wrapped, err = wrapStatements(fset, c.block.List); err != nil {
				return nil, err
			}
			rewrite(c.block)
			if c.final != nil {
				rewrite(c.final)
			}
		}
		chunks = append(chunks, c)
		i = j
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
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}

// usedPackageNames returns the identifiers used as the left side of a
// selector (x in x.Sel) anywhere in the chunks: the candidates for
// automatic imports.
func usedPackageNames(chunks []chunk) map[string]bool {
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
		if c.file != nil {
			ast.Inspect(c.file, visit)
		}
		if c.block != nil {
			ast.Inspect(c.block, visit)
		}
		if c.final != nil {
			ast.Inspect(c.final, visit)
		}
	}
	return used
}
