package goexec

import (
	"go/ast"
	"go/scanner"
	"go/token"
)

// span is the range of a cell, [start, end) in cell positions, of a
// top-level statement that wrapStatements put in a function literal.
type span struct{ start, end cellPos }

// contains reports whether p lies in s.
func (s span) contains(p cellPos) bool {
	return !less(p, s.start) && less(p, s.end)
}

func less(a, b cellPos) bool {
	return a.line < b.line || a.line == b.line && a.col < b.col
}

// wrapStatements rewrites each compound statement of a top-level statement
// list (for, range, if, switch, type switch, select, a block, and labeled
// forms of these) into a call of a function literal holding it:
//
//	for i := 0; i < 2; i++ { idx, err := strconv.Atoi("5"); … }
//
// becomes
//
//	func() { for i := 0; i < 2; i++ { idx, err := strconv.Atoi("5"); … } }()
//
// yaegi v0.16.1 fails to compile a multi-valued ":=" from a call (or a
// comma-ok form) in a block nested in top-level code ("undefined: idx"),
// while it compiles it in a function body. The rewrite keeps the meaning:
// a compound statement declares nothing visible after it, and the function
// literal reads and writes the globals it uses. The nodes of the statement
// are reused, so positions in errors stay the cell's; the new nodes take
// the statement's position.
//
// A statement is left as it is when a goto inside it jumps to a label
// outside it, or a goto outside it jumps to a label inside it. A return
// outside every function literal is reported as an error (it would
// otherwise leave only the wrapped statement). A defer inside a wrapped
// statement runs when that statement ends.
//
// It returns the wrapped statements' ranges (see span), for tracebacks.
func wrapStatements(fset *token.FileSet, list []ast.Stmt) ([]span, error) {
	infos := make([]branches, len(list))
	var errs scanner.ErrorList
	for i, s := range list {
		in := branches{labels: map[string]bool{}, gotos: map[string]bool{}}
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.LabeledStmt:
				in.labels[n.Label.Name] = true
			case *ast.BranchStmt:
				if n.Tok == token.GOTO && n.Label != nil {
					in.gotos[n.Label.Name] = true
				}
			case *ast.ReturnStmt:
				errs.Add(fset.Position(n.Pos()), "return at the top level of a cell: only a function can return")
			}
			return true
		})
		infos[i] = in
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var spans []span
	for i, s := range list {
		if !compound(s) || !gotosStayInside(infos, i) {
			continue
		}
		pos := s.Pos()
		list[i] = &ast.ExprStmt{X: &ast.CallExpr{
			Fun: &ast.FuncLit{
				Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{Opening: pos, Closing: pos}},
				Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{s}, Rbrace: pos},
			},
			Lparen: pos,
			Rparen: pos,
		}}
		start, end := fset.Position(pos), fset.Position(s.End())
		spans = append(spans, span{
			start: cellPos{line: start.Line - 1, col: start.Column},
			end:   cellPos{line: end.Line - 1, col: end.Column},
		})
	}
	return spans, nil
}

// branches lists the labels a top-level statement defines and the labels
// its goto statements name, outside function literals.
type branches struct {
	labels, gotos map[string]bool
}

// gotosStayInside reports whether no goto crosses the bounds of statement
// i of a list described by infos: every goto in it names one of its
// labels, and no goto of another statement names one of its labels.
func gotosStayInside(infos []branches, i int) bool {
	for l := range infos[i].gotos {
		if !infos[i].labels[l] {
			return false
		}
	}
	for j, o := range infos {
		if j == i {
			continue
		}
		for l := range o.gotos {
			if infos[i].labels[l] {
				return false
			}
		}
	}
	return true
}

// compound reports whether s is a statement that wrapStatements wraps.
func compound(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.IfStmt, *ast.SwitchStmt,
		*ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BlockStmt:
		return true
	case *ast.LabeledStmt:
		return compound(s.Stmt)
	}
	return false
}
