package front

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"regexp"
	"strings"
)

// CellFile is the file name given to every chunk of a cell in the file
// set; positions in messages carry it, which is how errors are mapped back
// to the cell.
const CellFile = "cell"

// Prefixes put before a chunk's text so that it parses as a Go file. Both
// end in a newline: the cell's line L is line L+1 of the chunk, and columns
// are the cell's own.
const (
	DeclPrefix = "package main\n"
	StmtPrefix = "package main; func main() {\n"
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
	f := fset.AddFile(CellFile, -1, len(code))
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

// SplitError marks the errors of ParseCell that the scanner found while
// splitting the cell into items: they are positioned in the cell itself,
// not in a chunk (whose first line is the prefix).
type SplitError struct{ Err error }

func (e SplitError) Error() string { return e.Err.Error() }

// Unwrap returns the scanner.ErrorList.
func (e SplitError) Unwrap() error { return e.Err }

// ParseCell splits a cell into chunks, runs of consecutive top-level
// declarations or statements, and parses each with fset as a file named
// CellFile whose first line is DeclPrefix or StmtPrefix, so that a chunk's
// line L+1 is the cell's line L and columns are the cell's. The final
// expression statement of the cell, if any, becomes the last chunk's Final.
// A scanner error while splitting is a SplitError; a parse error is the
// parser's scanner.ErrorList, positioned in the chunk.
func ParseCell(fset *token.FileSet, code string) ([]Chunk, error) {
	return ParseCellAs(fset, code, CellFile)
}

// ParseCellAs is ParseCell with the chunks' file named name instead of
// CellFile: the debugger compiles a cell under the source file name that
// the front end computes from the cell's code, so that breakpoints and
// stack frames name the cell.
func ParseCellAs(fset *token.FileSet, code, name string) ([]Chunk, error) {
	items, err := splitItems(code)
	if err != nil {
		return nil, SplitError{err}
	}
	var chunks []Chunk
	for i := 0; i < len(items); {
		j := i
		for j < len(items) && items[j].decl == items[i].decl {
			j++
		}
		text := blank(code, items[i].start, items[j-1].end)
		var c Chunk
		if items[i].decl {
			f, err := parser.ParseFile(fset, name, DeclPrefix+text, parser.DeclarationErrors)
			if err != nil {
				return nil, err
			}
			c.File = f
		} else {
			f, err := parser.ParseFile(fset, name, StmtPrefix+text+"\n}", 0)
			if err != nil {
				return nil, err
			}
			c.Body = f.Decls[0].(*ast.FuncDecl).Body
			if j == len(items) {
				if n := len(c.Body.List); n > 0 {
					if es, ok := c.Body.List[n-1].(*ast.ExprStmt); ok {
						c.Final = es.X
						c.Body.List = c.Body.List[:n-1]
					}
				}
			}
		}
		chunks = append(chunks, c)
		i = j
	}
	return chunks, nil
}

// Program is a cell cut in two for the compiled road (kernel/goexec): its
// declarations, and the rest. Both keep the cell's positions (what is not
// theirs is blanked), so an error in either is at the cell's line:col.
type Program struct {
	// Decls holds the cell's top-level declarations, imports included.
	Decls string
	// Rest holds the cell's statements and its imports, which the
	// statements may use.
	Rest string
	// Statements reports whether the cell has statements.
	Statements bool
	// Main reports whether the cell declares a function main: it is a Go
	// program.
	Main bool
}

// SplitProgram cuts a cell into its declarations and the rest. ok is
// false when the cell does not split (a scanner error: ParseCell reports
// it) or declares nothing but imports.
func SplitProgram(code string) (p Program, ok bool) {
	items, err := splitItems(code)
	if err != nil {
		return Program{}, false
	}
	decls, rest := []byte(code), []byte(code)
	keep := func(b []byte, it item, yes bool) {
		if yes {
			return
		}
		for i := it.start; i < it.end; i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	declares := false
	for _, it := range items {
		text := code[it.start:it.end]
		isImport := it.decl && strings.HasPrefix(text, "import")
		keep(decls, it, it.decl)
		keep(rest, it, !it.decl || isImport)
		if !it.decl {
			p.Statements = true
		}
		if it.decl && !isImport {
			declares = true
		}
		if it.decl && mainDecl.MatchString(text) {
			p.Main = true
		}
	}
	if !declares {
		return Program{}, false
	}
	p.Decls, p.Rest = string(decls), string(rest)
	return p, true
}

// mainDecl matches the start of a declaration of the function main.
var mainDecl = regexp.MustCompile(`^func\s+main\s*\(`)

// UnexportedFields reports whether the declarations declare a package-level
// struct type with an unexported field (an embedded field of an unexported
// type included). Compiled, such a type loses something for later ordinary
// cells: they cannot reach those fields (Go's rule between packages).
func (p Program) UnexportedFields() bool {
	f, err := parser.ParseFile(token.NewFileSet(), CellFile, DeclPrefix+p.Decls, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	found := false
	inspect := func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok || found {
			return !found
		}
		for _, fl := range st.Fields.List {
			if len(fl.Names) == 0 {
				t := fl.Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				if ix, ok := t.(*ast.IndexExpr); ok {
					t = ix.X
				}
				if ix, ok := t.(*ast.IndexListExpr); ok {
					t = ix.X
				}
				if sel, ok := t.(*ast.SelectorExpr); ok {
					t = sel.Sel
				}
				if id, ok := t.(*ast.Ident); ok && !ast.IsExported(id.Name) {
					found = true
				}
			}
			for _, name := range fl.Names {
				if !name.IsExported() && name.Name != "_" {
					found = true
				}
			}
		}
		return !found
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			ast.Inspect(g, inspect)
		}
	}
	return found
}
