package dsl

import (
	"fmt"
	"go/token"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// tok is a lexical token kind.
type tok int

const (
	tEOF tok = iota
	tIllegal
	tNewline
	tIdent  // learner
	tAxis   // $rate (lit holds "rate")
	tInt    // 25
	tFloat  // 0.05, 1e-3
	tString // "text" (lit holds the quoted text)
	tLparen
	tRparen
	tLbrack
	tRbrack
	tComma
	tAssign // =
	tEq     // ==
	tNeq    // !=
	tLt
	tLeq
	tGt
	tGeq
	tMinus
)

var tokNames = [...]string{
	tEOF: "end of file", tIllegal: "illegal character", tNewline: "newline",
	tIdent: "identifier", tAxis: "axis reference", tInt: "integer", tFloat: "float",
	tString: "string", tLparen: "'('", tRparen: "')'", tLbrack: "'['", tRbrack: "']'",
	tComma: "','", tAssign: "'='", tEq: "'=='", tNeq: "'!='", tLt: "'<'", tLeq: "'<='",
	tGt: "'>'", tGeq: "'>='", tMinus: "'-'",
}

func (t tok) String() string {
	if t < 0 || int(t) >= len(tokNames) {
		return fmt.Sprintf("tok(%d)", int(t))
	}
	return tokNames[t]
}

// lexer splits a sweep file into tokens. It never fails: bad input becomes
// tIllegal tokens and errors reported to err.
type lexer struct {
	file string
	src  []byte
	off  int // reading offset
	line int
	col  int // 1-based column (in bytes) of src[off]
	err  func(pos token.Position, msg string)
}

func newLexer(file string, src []byte, err func(token.Position, string)) *lexer {
	return &lexer{file: file, src: src, line: 1, col: 1, err: err}
}

func (l *lexer) pos() token.Position {
	return token.Position{Filename: l.file, Offset: l.off, Line: l.line, Column: l.col}
}

func (l *lexer) peek(k int) byte {
	if l.off+k < len(l.src) {
		return l.src[l.off+k]
	}
	return 0
}

func (l *lexer) advance(n int) {
	for i := 0; i < n && l.off < len(l.src); i++ {
		if l.src[l.off] == '\n' {
			l.line++
			l.col = 1
		} else {
			l.col++
		}
		l.off++
	}
}

// next returns the next token, its position and its literal text.
func (l *lexer) next() (tok, token.Position, string) {
	for {
		// Skip blanks and comments; keep newlines.
		for l.off < len(l.src) {
			c := l.src[l.off]
			if c == ' ' || c == '\t' || c == '\r' {
				l.advance(1)
				continue
			}
			if c == '#' || (c == '/' && l.peek(1) == '/') {
				for l.off < len(l.src) && l.src[l.off] != '\n' {
					l.advance(1)
				}
				continue
			}
			break
		}
		pos := l.pos()
		if l.off >= len(l.src) {
			return tEOF, pos, ""
		}
		c := l.src[l.off]
		switch {
		case c == '\n':
			l.advance(1)
			return tNewline, pos, "\n"
		case isLetter(l.runeAt()):
			return tIdent, pos, l.ident()
		case c == '$':
			l.advance(1)
			if l.off < len(l.src) && isLetter(l.runeAt()) {
				return tAxis, pos, l.ident()
			}
			l.err(pos, "expected axis name after '$'")
			return tIllegal, pos, "$"
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			return l.number(pos)
		case c == '"':
			return l.str(pos)
		}
		two := string([]byte{c, l.peek(1)})
		switch two {
		case "==":
			l.advance(2)
			return tEq, pos, two
		case "!=":
			l.advance(2)
			return tNeq, pos, two
		case "<=":
			l.advance(2)
			return tLeq, pos, two
		case ">=":
			l.advance(2)
			return tGeq, pos, two
		}
		single := map[byte]tok{'(': tLparen, ')': tRparen, '[': tLbrack, ']': tRbrack,
			',': tComma, '=': tAssign, '<': tLt, '>': tGt, '-': tMinus}
		if t, ok := single[c]; ok {
			l.advance(1)
			return t, pos, string(c)
		}
		r, size := utf8.DecodeRune(l.src[l.off:])
		l.advance(size)
		l.err(pos, fmt.Sprintf("illegal character %q", r))
		return tIllegal, pos, string(r)
	}
}

func (l *lexer) runeAt() rune {
	r, _ := utf8.DecodeRune(l.src[l.off:])
	return r
}

func isLetter(r rune) bool { return r == '_' || unicode.IsLetter(r) }

func (l *lexer) ident() string {
	start := l.off
	for l.off < len(l.src) {
		r, size := utf8.DecodeRune(l.src[l.off:])
		if !isLetter(r) && !unicode.IsDigit(r) {
			break
		}
		l.off += size
		l.col += size
	}
	return string(l.src[start:l.off])
}

func (l *lexer) number(pos token.Position) (tok, token.Position, string) {
	start := l.off
	t := tInt
	digits := func() {
		for l.off < len(l.src) && (l.src[l.off] >= '0' && l.src[l.off] <= '9' || l.src[l.off] == '_') {
			l.advance(1)
		}
	}
	digits()
	if l.peek(0) == '.' {
		t = tFloat
		l.advance(1)
		digits()
	}
	if c := l.peek(0); c == 'e' || c == 'E' {
		t = tFloat
		l.advance(1)
		if c := l.peek(0); c == '+' || c == '-' {
			l.advance(1)
		}
		digits()
	}
	// A number runs into letters: 3x, 1e, 0.5.5.
	for l.off < len(l.src) && (isLetter(l.runeAt()) || l.src[l.off] == '.' || unicode.IsDigit(l.runeAt())) {
		_, size := utf8.DecodeRune(l.src[l.off:])
		l.advance(size)
		t = tIllegal
	}
	lit := string(l.src[start:l.off])
	if t == tIllegal {
		l.err(pos, fmt.Sprintf("malformed number %q", lit))
	}
	return t, pos, lit
}

func (l *lexer) str(pos token.Position) (tok, token.Position, string) {
	start := l.off
	l.advance(1)
	for {
		if l.off >= len(l.src) || l.src[l.off] == '\n' {
			l.err(pos, "string literal not terminated")
			return tIllegal, pos, string(l.src[start:l.off])
		}
		c := l.src[l.off]
		l.advance(1)
		if c == '\\' && l.off < len(l.src) && l.src[l.off] != '\n' {
			l.advance(1)
			continue
		}
		if c == '"' {
			break
		}
	}
	lit := string(l.src[start:l.off])
	if _, err := strconv.Unquote(lit); err != nil {
		l.err(pos, fmt.Sprintf("invalid string literal %s", lit))
		return tIllegal, pos, lit
	}
	return tString, pos, lit
}
