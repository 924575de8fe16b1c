package complete

import (
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// Statuses returned by IsComplete.
const (
	StatusComplete   = "complete"
	StatusIncomplete = "incomplete"
	StatusInvalid    = "invalid"
)

// IsComplete judges whether a cell is ready to run, as is_complete_request
// asks:
//
//   - "incomplete" while a bracket, brace or parenthesis, a block comment or
//     a raw string is open, or when the last token is one after which Go
//     inserts no semicolon and a statement cannot end (a binary operator,
//     ",", ".", "=", ":=", …);
//   - "invalid" when a closing bracket does not match, or the cell does not
//     parse and more text cannot fix it;
//   - "complete" otherwise, including for empty or blank code.
//
// With "incomplete", indent is the leading white space of the line that
// opened the innermost bracket (or of the last line) plus one tab, which is
// what gofmt would indent the next line with; otherwise indent is "".
//
// Kernel syntax that is not Go is accepted: a cell starting with a cell
// magic ("%%name") is complete, and lines that are line magics ("%name …"),
// shell escapes ("!cmd") or help requests ("name?", "pkg.Name??") are
// skipped.
//
// A cell may mix top-level declarations (import, type, func, var, const)
// and statements: it is valid when it parses as a file, as the body of a
// function, or split at its top-level semicolons into parts that each parse
// one way or the other.
func IsComplete(code string) (status, indent string) {
	if strings.HasPrefix(strings.TrimSpace(code), "%%") {
		return StatusComplete, ""
	}
	code = blankKernelLines(code)
	if strings.TrimSpace(code) == "" {
		return StatusComplete, ""
	}
	fset := token.NewFileSet()
	file := fset.AddFile("cell", -1, len(code))
	var errs []string
	var s scanner.Scanner
	s.Init(file, []byte(code), func(_ token.Position, msg string) { errs = append(errs, msg) }, 0)

	type open struct {
		tok  token.Token
		line int
	}
	var stack []open
	var segments []string // code split at top-level semicolons
	segStart := 0
	last := token.ILLEGAL
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		switch tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, open{tok, file.Line(pos)})
		case token.RPAREN, token.RBRACK, token.RBRACE:
			want := map[token.Token]token.Token{token.RPAREN: token.LPAREN, token.RBRACK: token.LBRACK, token.RBRACE: token.LBRACE}[tok]
			if len(stack) == 0 || stack[len(stack)-1].tok != want {
				return StatusInvalid, ""
			}
			stack = stack[:len(stack)-1]
		case token.SEMICOLON:
			if len(stack) == 0 {
				end := off + 1
				if lit == "\n" || off >= len(code) {
					end = off
				}
				if end > len(code) {
					end = len(code)
				}
				segments = append(segments, code[segStart:end])
				segStart = end
			}
		}
		if tok != token.SEMICOLON || lit == ";" {
			last = tok
		}
	}
	for _, e := range errs {
		if strings.Contains(e, "not terminated") && (strings.Contains(e, "raw string") || strings.Contains(e, "comment")) {
			return StatusIncomplete, lineIndent(code, strings.Count(code, "\n")+1) + "\t"
		}
	}
	if len(errs) > 0 {
		return StatusInvalid, ""
	}
	if len(stack) > 0 {
		return StatusIncomplete, lineIndent(code, stack[len(stack)-1].line) + "\t"
	}
	if continues(last) {
		return StatusIncomplete, lineIndent(code, lastLine(code)) + "\t"
	}
	if segStart < len(code) {
		segments = append(segments, code[segStart:])
	}
	if parses(code) {
		return StatusComplete, ""
	}
	for _, seg := range segments {
		if strings.TrimSpace(seg) != "" && !parses(seg) {
			return StatusInvalid, ""
		}
	}
	return StatusComplete, ""
}

// parses reports whether src parses as the declarations of a file or as the
// statements of a function body.
func parses(src string) bool {
	fset := token.NewFileSet()
	if _, err := parser.ParseFile(fset, "", "package p\n"+src, parser.SkipObjectResolution); err == nil {
		return true
	}
	_, err := parser.ParseFile(fset, "", "package p\nfunc _() {\n"+src+"\n}", parser.SkipObjectResolution)
	return err == nil
}

// continues reports whether a cell ending in token tok must go on: Go
// inserts no semicolon after it and no statement or declaration ends with
// it.
func continues(tok token.Token) bool {
	switch tok {
	case token.IDENT, token.INT, token.FLOAT, token.IMAG, token.CHAR, token.STRING,
		token.BREAK, token.CONTINUE, token.FALLTHROUGH, token.RETURN,
		token.INC, token.DEC, token.RPAREN, token.RBRACK, token.RBRACE,
		token.SEMICOLON, token.ILLEGAL, token.COLON:
		return false
	}
	return tok.IsOperator() || tok.IsKeyword()
}

// lineIndent returns the leading spaces and tabs of line n (1-based) of code.
func lineIndent(code string, n int) string {
	lines := strings.Split(code, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	l := lines[n-1]
	return l[:len(l)-len(strings.TrimLeft(l, " \t"))]
}

// lastLine returns the number of the last line of code that is not blank.
func lastLine(code string) int {
	lines := strings.Split(code, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return i + 1
		}
	}
	return 1
}

// blankKernelLines replaces the lines of code that are kernel syntax, not
// Go (line magics, shell escapes, help requests), by empty lines, keeping
// line numbers.
func blankKernelLines(code string) string {
	lines := strings.Split(code, "\n")
	changed := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") || isHelpLine(t) {
			lines[i] = ""
			changed = true
		}
	}
	if !changed {
		return code
	}
	return strings.Join(lines, "\n")
}

// isHelpLine reports whether t is "name?" or "name??", name being a dotted
// identifier, or the same with the question marks first.
func isHelpLine(t string) bool {
	name := strings.TrimSuffix(strings.TrimSuffix(t, "?"), "?")
	if name == t {
		name = strings.TrimPrefix(strings.TrimPrefix(t, "?"), "?")
		if name == t {
			return false
		}
	}
	if name == "" {
		return false
	}
	for _, part := range strings.Split(name, ".") {
		if part == "" || identAfter(part, 0) != len(part) {
			return false
		}
	}
	return true
}
