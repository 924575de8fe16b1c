package goexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"
)

// Where a panic of the cell's top-level code happened. yaegi names, for
// each frame a panic unwinds, the position of the call; the frame of a
// chunk of top-level statements is the chunk itself, so a panic in
// "x := 1; y := 0; z := x / y" was reported at the first statement. Each
// top-level statement of a statement chunk is preceded by a call of the
// runtime helper At with its position in the cell, and the traceback
// names the last one reached.

// markStatements puts "Prefix.At(line, col)" before each statement of a
// top-level statement list, with the statement's position in the cell.
func markStatements(fset *token.FileSet, list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, 2*len(list))
	for _, s := range list {
		out = append(out, atStmt(fset, s.Pos()), s)
	}
	return out
}

// atStmt returns the statement "Prefix.At(line, col)" for pos.
func atStmt(fset *token.FileSet, pos token.Pos) ast.Stmt {
	p := fset.Position(pos)
	lit := func(n int) ast.Expr {
		return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: fmt.Sprint(n)}
	}
	return &ast.ExprStmt{X: &ast.CallExpr{
		Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "At"}},
		Lparen: pos, Args: []ast.Expr{lit(p.Line - 1), lit(p.Column)}, Rparen: pos,
	}}
}

// at is the helper At: it records where the cell's top-level code is.
func (e *Executor) at(line, col int) {
	e.run.mu.Lock()
	e.run.at = cellPos{line: line, col: col}
	e.run.mu.Unlock()
}

// goMessages are yaegi's messages for Go's runtime errors, with Go's.
// yaegi gives no index or length, and no "runtime error" for a nil
// dereference; the message says what Go would, and keeps yaegi's.
var goMessages = []struct {
	re  *regexp.Regexp
	msg string
}{
	{regexp.MustCompile(`^reflect: call of reflect\.Value\.\w+ on zero Value`), "runtime error: invalid memory address or nil pointer dereference"},
	{regexp.MustCompile(`^reflect: (slice|array|string) index out of range`), "runtime error: index out of range"},
	{regexp.MustCompile(`^reflect\.Value\.Slice3?: slice index out of bounds`), "runtime error: slice bounds out of range"},
}

// positionPrefix is the chunk position that yaegi puts before some panic
// values ("cell:3:1: interface conversion: …").
var positionPrefix = regexp.MustCompile(`^` + cellNames + `:\d+:\d+: `)

// goPanicText returns the text Go gives for a panic value that yaegi
// wrote its own way, or s itself.
func goPanicText(s string) string {
	s = positionPrefix.ReplaceAllString(s, "")
	if msg, ok := goMessage(s); ok {
		return msg + " (the interpreter's message: " + strings.TrimSpace(s) + ")"
	}
	return s
}

// goMessage returns Go's text for yaegi's message s of a run-time error
// (without its position prefix), and whether goMessages knows it.
func goMessage(s string) (string, bool) {
	for _, m := range goMessages {
		if m.re.MatchString(s) {
			return m.msg, true
		}
	}
	return "", false
}
