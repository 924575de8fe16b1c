package goexec

import (
	"errors"
	"fmt"
	"go/scanner"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// posRE finds a position in a chunk ("cell:LINE:COL") in yaegi's messages.
// A chunk compiled for the debugger is named by its cell's source file
// (cellNames).
var posRE = regexp.MustCompile(cellNames + `:(\d+):(\d+)`)

// panicLineRE matches the line yaegi writes to stderr for each interpreted
// frame a panic unwinds: "cell:L:C: panic: f(...)".
var panicLineRE = regexp.MustCompile(`^` + cellNames + `:(\d+):(\d+): panic: (.*)\(\.\.\.\)\s*$`)

// cellPos is a position in a cell: 1-based line and column (bytes).
type cellPos struct{ line, col int }

func (p cellPos) String() string {
	return fmt.Sprintf("cell line %d, column %d", p.line, p.col)
}

// chunkPos turns a line and column of a chunk into the cell's.
func chunkPos(line, col string) cellPos {
	l, _ := strconv.Atoi(line)
	c, _ := strconv.Atoi(col)
	return cellPos{line: l - 1, col: c}
}

// sourceLines returns the cell's line at p and a caret under column p.col,
// indented, for a traceback; nil when p is outside the cell.
func sourceLines(code string, p cellPos) []string {
	lines := strings.Split(code, "\n")
	if p.line < 1 || p.line > len(lines) {
		return nil
	}
	text := strings.ReplaceAll(lines[p.line-1], "\t", " ")
	col := min(max(p.col, 1), len(text)+1)
	// Columns count bytes, as Go's do; the caret goes under the character,
	// one place for each character before it.
	return []string{"    " + text, "    " + strings.Repeat(" ", utf8.RuneCountInString(text[:col-1])) + "^"}
}

// compileError turns an error of the parser or of yaegi's compiler into an
// ExecError named "CompileError". offset is 0 for errors positioned in the
// cell itself and 1 for errors positioned in a chunk (whose first line is
// the prefix).
func compileError(code string, err error, offset int) *kernel.ExecError {
	e := &kernel.ExecError{Name: "CompileError"}
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		lines := strings.Count(code, "\n") + 1
		for i, se := range list {
			p := cellPos{line: se.Pos.Line - offset, col: se.Pos.Column}
			if i > 0 && p.line > lines {
				break // an echo of the closing brace that wraps statements
			}
			if i == 0 {
				e.Value = se.Msg
				e.Traceback = append(e.Traceback, p.String()+": "+se.Msg)
				e.Traceback = append(e.Traceback, sourceLines(code, p)...)
				continue
			}
			e.Traceback = append(e.Traceback, p.String()+": "+se.Msg)
		}
		return e
	}
	msg := err.Error()
	if m := posRE.FindStringSubmatchIndex(msg); m != nil && m[0] == 0 {
		p := chunkPos(msg[m[2]:m[3]], msg[m[4]:m[5]])
		rest := strings.TrimPrefix(msg[m[1]:], ": ")
		e.Value = mapPositions(rest)
		e.Traceback = append([]string{p.String() + ": " + e.Value}, sourceLines(code, p)...)
		return e
	}
	e.Value = mapPositions(msg)
	e.Traceback = []string{e.Value}
	return e
}

// mapPositions rewrites every chunk position in s into the cell's.
func mapPositions(s string) string {
	return posRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := posRE.FindStringSubmatch(m)
		return chunkPos(sub[1], sub[2]).String()
	})
}

// panicError is the ExecError of a panic in the cell's own goroutine.
// trace holds the lines yaegi wrote while unwinding, innermost first;
// wrapped are the cell's statements that run in a function literal (see
// wrapStatements), whose frames are shown as the cell's own; at is the
// top-level statement that was running (see markStatements), the
// position of the cell's own frame when it is known.
//
// inner, when not nil, is where the innermost frame failed, known better
// than yaegi knows it (an index out of range: boundsError).
func panicError(code string, value any, trace []string, wrapped []span, at cellPos, inner *innerFrame) *kernel.ExecError {
	if x, ok := value.(exitRequest); ok {
		// os.Exit or log.Fatal (exit.go): Go prints nothing more.
		return &kernel.ExecError{Name: "Exit", Value: x.String(), Traceback: []string{x.String()}}
	}
	if rv, ok := value.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		if sp, ok := rv.Interface().(sessionPanic); ok {
			value = sp
		}
	}
	e := &kernel.ExecError{Name: "panic", Value: goPanicText(fmt.Sprint(value))}
	if text, ok := panicText(value); ok {
		e.Value = text
	}
	e.Traceback = []string{"panic: " + e.Value}
	if x, ok := value.(interpreterLimit); ok {
		e.Name, e.Value = "InterpreterLimit", x.msg
		e.Traceback = []string{"InterpreterLimit: " + x.msg}
	} else if yaegiReflectFault(e.Value, code) {
		msg := "the interpreter failed running this cell, which is valid Go (yaegi: " + e.Value +
			"); run it compiled (a cell with func main, or %%compile), or write the construct another way"
		e.Name, e.Value = "InterpreterLimit", msg
		e.Traceback = []string{"InterpreterLimit: " + msg}
	}
	var first *cellPos
	wrapper := false // the previous frame was the body of a wrapper
	skip := inner != nil && inner.made
	skipped := ""
	for _, l := range trace {
		m := panicLineRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if skip || l == skipped {
			// The function literal of the front end that made the
			// check: its caller's frame is the index expression's.
			// (yaegi writes a literal's line twice when it is called in
			// a range statement's expression.)
			skip, skipped = false, l
			continue
		}
		p := chunkPos(m[1], m[2])
		fn := strings.TrimPrefix(m[3], "main.")
		if wrapper && (fn == "main" || fn == "func") {
			// The cell's frame that called the wrapper: only the top
			// level calls a wrapper, and its frame was shown already.
			wrapper = false
			continue
		}
		wrapper = false
		if inWrapped(wrapped, p) {
			// The wrapper is one function literal more than the cell
			// wrote: main.func is the cell, main.func.func its closure.
			switch {
			case fn == "func":
				fn, wrapper = "main", true
			case strings.HasPrefix(fn, "func."):
				fn = strings.TrimPrefix(fn, "func.")
			}
		}
		switch fn {
		case "main":
			fn = "the cell"
			if at.line > 0 && !wrapper {
				p = at
			}
		case front.MainName:
			fn = "main"
		}
		where := p.String()
		if first == nil && inner != nil {
			p, where = inner.pos, inner.pos.String()
			if inner.code != code {
				where += " of an earlier cell"
			}
		}
		e.Traceback = append(e.Traceback, fmt.Sprintf("%s, in %s", where, fn))
		if first == nil {
			first = &p
		}
	}
	if first != nil {
		// The innermost frame leads, with its source line.
		head := e.Traceback[1]
		rest := append([]string(nil), e.Traceback[2:]...)
		src := code
		if inner != nil {
			src = inner.code
		}
		e.Traceback = append([]string{head + ": panic: " + e.Value}, sourceLines(src, *first)...)
		e.Traceback = append(e.Traceback, rest...)
	}
	return e
}

// innerFrame is where the innermost frame of a panic failed: a position
// of the cell whose code is given.
type innerFrame struct {
	pos  cellPos
	code string
	made bool // in a function literal the front end made (boundsError.made)
}

// innerOf returns where the panic value v was made, when the front end's
// checks told (a boundsError), or nil.
func (e *Executor) innerOf(v any) *innerFrame {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface()
	}
	be, ok := v.(boundsError)
	if !ok || !be.pos.IsValid() {
		return nil
	}
	src, ok := e.src.lookup(be.pos)
	if !ok {
		return nil
	}
	p := e.src.position(be.pos)
	return &innerFrame{pos: cellPos{line: p.Line - 1, col: p.Column}, code: src.code, made: be.made}
}

// inWrapped reports whether p lies in one of the wrapped statements.
func inWrapped(wrapped []span, p cellPos) bool {
	for _, s := range wrapped {
		if s.contains(p) {
			return true
		}
	}
	return false
}

// reflectSetFault is the message of reflect's Set given a value of
// another type: yaegi's own when a cell that does not use reflect gets it.
var reflectSetFault = regexp.MustCompile(`^reflect\.Set: value of type .+ is not assignable to type `)

// yaegiReflectFault reports whether the panic text is reflect's refusal
// of a Set in a cell whose code does not use package reflect: a fault of
// the interpreter's (an instance of a generic type used in a function of
// one cell and again in a later cell made it set a struct into a
// context.Context), which read as the cell's own panic.
func yaegiReflectFault(text, code string) bool {
	return reflectSetFault.MatchString(text) && !strings.Contains(code, "reflect.")
}
