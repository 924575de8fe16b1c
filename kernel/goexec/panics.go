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
// yaegi gives no "runtime error" for a nil dereference (nor for a method
// of a nil interface or a call of a nil function, which Go reports as
// one): the message is Go's (exact). For an index or a slice out of range
// that the front end could not check (front/bounds.go) yaegi gives no
// index or length: the message says what Go would, and keeps yaegi's.
var goMessages = []struct {
	re    *regexp.Regexp
	msg   string
	exact bool // msg is all Go says
}{
	{regexp.MustCompile(`^reflect: call of reflect\.Value\.\w+ on zero Value`), "runtime error: invalid memory address or nil pointer dereference", true},
	{regexp.MustCompile(`^reflect: Method on nil interface value`), "runtime error: invalid memory address or nil pointer dereference", true},
	{regexp.MustCompile(`^reflect\.Value\.Call: call of nil function`), "runtime error: invalid memory address or nil pointer dereference", true},
	{regexp.MustCompile(`^reflect: (slice|array|string) index out of range`), "runtime error: index out of range", false},
	{regexp.MustCompile(`^reflect\.Value\.Slice3?: (string )?slice index out of bounds`), "runtime error: slice bounds out of range", false},
}

// positionPrefix is the chunk position that yaegi puts before some panic
// values ("cell:3:1: interface conversion: …").
var positionPrefix = regexp.MustCompile(`^` + cellNames + `:\d+:\d+: `)

// goPanicText returns the text Go gives for a panic value that yaegi
// wrote its own way, or s itself.
func goPanicText(s string) string {
	s = positionPrefix.ReplaceAllString(s, "")
	for _, m := range goMessages {
		if !m.re.MatchString(s) {
			continue
		}
		if m.exact {
			return m.msg
		}
		return m.msg + " (the interpreter's message: " + strings.TrimSpace(s) + ")"
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

// boundsError is the run-time error of an index or slice out of range,
// with Go's text, that the checks of the front end make (front/bounds.go:
// the helpers IndexOut, IndexOutU and SliceOut); pos is where the index
// or slice expression is, in the interpreter's file set. made tells that
// the check ran in a function literal that the front end made (its
// frame is not the cell's: the traceback leaves it out).
type boundsError struct {
	msg  string
	pos  token.Pos
	made bool
}

// newBoundsError returns the boundsError of a check at pos, the helpers'
// argument: the position, negated when the check is in a function
// literal the front end made (front.Lowering.markMadeChecks).
func newBoundsError(msg string, pos int) boundsError {
	if pos < 0 {
		return boundsError{msg, token.Pos(-pos), true}
	}
	return boundsError{msg, token.Pos(pos), false}
}

func (e boundsError) Error() string { return "runtime error: " + e.msg }

// RuntimeError marks the error as a run-time error.
func (boundsError) RuntimeError() {}

// indexOut is the helper IndexOut: x[i] with i out of range of x's
// length n.
func indexOut(i, n, pos int) {
	if i < 0 {
		panic(newBoundsError(fmt.Sprintf("index out of range [%d]", i), pos))
	}
	panic(newBoundsError(fmt.Sprintf("index out of range [%d] with length %d", i, n), pos))
}

// indexOutU is the helper IndexOutU: indexOut of an unsigned index.
func indexOutU(i uint, n, pos int) {
	panic(newBoundsError(fmt.Sprintf("index out of range [%d] with length %d", i, n), pos))
}

// checkIndex is the helper Index: i, once it is in range of x's length
// n; else indexOut's panic.
func checkIndex(i, n, pos int) int {
	if uint(i) >= uint(n) {
		indexOut(i, n, pos)
	}
	return i
}

// checkIndexU is the helper IndexU: checkIndex of an unsigned index.
func checkIndexU(i uint, n, pos int) uint {
	if i >= uint(n) {
		indexOutU(i, n, pos)
	}
	return i
}

// checkSlice is the helper Slice: lo, once 0 <= lo <= hi <= max <=
// bound (max is the capacity of a slice expression with two indices);
// else sliceOut's panic.
func checkSlice(lo, hi, max, bound int, three, capacity bool, pos int) int {
	if lo < 0 || hi < lo || max < hi || bound < max {
		sliceOut(lo, hi, max, bound, three, capacity, pos)
	}
	return lo
}

// sliceOut is the helper SliceOut: x[lo:hi] (three false, max the
// capacity) or x[lo:hi:max] out of range, bound being x's capacity (a
// slice: capacity true) or length. The first bound broken is named, as
// Go's runtime does.
func sliceOut(lo, hi, max, bound int, three, capacity bool, pos int) {
	what := "length"
	if capacity {
		what = "capacity"
	}
	var msg string
	switch {
	case three && max < 0:
		msg = fmt.Sprintf("[::%d]", max)
	case three && max > bound:
		msg = fmt.Sprintf("[::%d] with %s %d", max, what, bound)
	case three && hi < 0:
		msg = fmt.Sprintf("[:%d:]", hi)
	case three && hi > max:
		msg = fmt.Sprintf("[:%d:%d]", hi, max)
	case three && lo < 0:
		msg = fmt.Sprintf("[%d::]", lo)
	case three:
		msg = fmt.Sprintf("[%d:%d:]", lo, hi)
	case hi < 0:
		msg = fmt.Sprintf("[:%d]", hi)
	case hi > bound:
		msg = fmt.Sprintf("[:%d] with %s %d", hi, what, bound)
	case lo < 0:
		msg = fmt.Sprintf("[%d:]", lo)
	default:
		msg = fmt.Sprintf("[%d:%d]", lo, hi)
	}
	panic(newBoundsError("slice bounds out of range "+msg, pos))
}
