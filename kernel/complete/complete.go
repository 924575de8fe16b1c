package complete

import (
	"go/scanner"
	"go/token"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// keywords are Go's 25 keywords.
var keywords = []string{
	"break", "case", "chan", "const", "continue", "default", "defer", "else",
	"fallthrough", "for", "func", "go", "goto", "if", "import", "interface",
	"map", "package", "range", "return", "select", "struct", "switch", "type",
	"var",
}

// builtins are the predeclared identifiers of the universe block.
var builtins = []string{
	"any", "append", "bool", "byte", "cap", "clear", "close", "comparable",
	"complex", "complex128", "complex64", "copy", "delete", "error", "false",
	"float32", "float64", "imag", "int", "int16", "int32", "int64", "int8",
	"iota", "len", "make", "max", "min", "new", "nil", "panic", "print",
	"println", "real", "recover", "rune", "string", "true", "uint", "uint16",
	"uint32", "uint64", "uint8", "uintptr",
}

// byteOffset converts a cursor in code points to a byte offset in code,
// clamped to [0, len(code)].
func byteOffset(code string, cursor int) int {
	if cursor <= 0 {
		return 0
	}
	n := 0
	for i := range code {
		if n == cursor {
			return i
		}
		n++
	}
	return len(code)
}

// runeCount converts a byte offset to a position in code points.
func runeCount(code string, off int) int { return utf8.RuneCountInString(code[:off]) }

func isIdentRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// identBefore returns the start of the identifier that ends at byte offset
// off (off itself when there is none).
func identBefore(code string, off int) int {
	start := off
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(code[:start])
		if !isIdentRune(r) {
			break
		}
		start -= size
	}
	return start
}

// identAfter returns the end of the identifier that starts at byte offset off.
func identAfter(code string, off int) int {
	end := off
	for end < len(code) {
		r, size := utf8.DecodeRuneInString(code[end:])
		if !isIdentRune(r) {
			break
		}
		end += size
	}
	return end
}

// selectorChain returns the identifiers x, y of a selector "x.y." that ends
// at byte offset dot (the position of the last '.'), outermost first; nil
// when the text before the dot is not a chain of identifiers.
func selectorChain(code string, dot int) []string {
	var chain []string
	end := dot
	for {
		start := identBefore(code, end)
		if start == end {
			return nil
		}
		chain = append([]string{code[start:end]}, chain...)
		if start == 0 || code[start-1] != '.' {
			return chain
		}
		end = start - 1
	}
}

// Complete lists what can be typed at cursor (in code points) in code: after
// "pkg." the members of that package, after "x." the fields and methods of
// global x (when env knows its type), otherwise the identifiers that start
// with the prefix before the cursor, from the cell text before the cursor,
// env's globals, package names, Go keywords and predeclared identifiers.
//
// Matches are sorted with names of the cell and the session first, then
// packages, then builtins and keywords, each group alphabetically; Types
// gives their kinds. Matching is by case-sensitive prefix, and falls back
// to a case-insensitive prefix when that finds nothing. env may be nil.
func Complete(code string, cursor int, env *Env) Result {
	if env == nil {
		env = &Env{}
	}
	off := byteOffset(code, cursor)
	start := identBefore(code, off)
	prefix := code[start:off]
	res := Result{Start: runeCount(code, start), End: runeCount(code, off)}
	if inCommentOrString(code, start) {
		return res
	}

	var cands []Name
	var group []int
	add := func(g int, ns ...Name) {
		for _, n := range ns {
			cands = append(cands, n)
			group = append(group, g)
		}
	}
	if start > 0 && code[start-1] == '.' {
		chain := selectorChain(code, start-1)
		for _, n := range membersOfChain(chain, env) {
			add(0, n)
		}
	} else {
		add(0, localNames(code[:start])...)
		add(0, env.Globals...)
		for name := range env.Packages {
			add(1, Name{Name: name, Kind: KindPackage})
		}
		for _, b := range builtins {
			add(2, Name{Name: b, Kind: KindBuiltin})
		}
		for _, k := range keywords {
			add(2, Name{Name: k, Kind: KindKeyword})
		}
	}
	match := func(fold bool) {
		seen := make(map[string]bool)
		type m struct {
			name, kind string
			group      int
		}
		var ms []m
		for i, c := range cands {
			ok := strings.HasPrefix(c.Name, prefix)
			if fold {
				ok = len(c.Name) >= len(prefix) && strings.EqualFold(c.Name[:len(prefix)], prefix)
			}
			if !ok || seen[c.Name] {
				continue
			}
			seen[c.Name] = true
			ms = append(ms, m{c.Name, c.Kind, group[i]})
		}
		sort.SliceStable(ms, func(i, j int) bool {
			if ms[i].group != ms[j].group {
				return ms[i].group < ms[j].group
			}
			return ms[i].name < ms[j].name
		})
		for _, x := range ms {
			res.Matches = append(res.Matches, x.name)
			res.Types = append(res.Types, x.kind)
		}
	}
	match(false)
	if len(res.Matches) == 0 && prefix != "" {
		match(true)
	}
	return res
}

// membersOfChain resolves a selector chain (["mat"], ["x"], ["mat", "Dense"])
// to the names a further selector can reach.
func membersOfChain(chain []string, env *Env) []Name {
	if len(chain) == 0 {
		return nil
	}
	var members []Name
	if g, ok := findName(env.Globals, chain[0]); ok {
		members = g.Members
	} else if p, ok := env.Packages[chain[0]]; ok {
		members = p.Members
	} else {
		return nil
	}
	for _, sel := range chain[1:] {
		m, ok := findName(members, sel)
		if !ok {
			return nil
		}
		members = m.Members
	}
	return members
}

func findName(ns []Name, name string) (Name, bool) {
	for _, n := range ns {
		if n.Name == name {
			return n, true
		}
	}
	return Name{}, false
}

// inCommentOrString reports whether byte offset off of code lies inside a
// comment or a string, rune or raw string literal.
func inCommentOrString(code string, off int) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(code))
	s.Init(file, []byte(code), func(token.Position, string) {}, scanner.ScanComments)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return false
		}
		p := file.Offset(pos)
		if p >= off {
			return false
		}
		switch tok {
		case token.COMMENT, token.STRING, token.CHAR:
			end := p + len(lit)
			// A line comment ends before its newline, and an unterminated
			// literal or comment runs to the end of the text.
			if off < end || (off == end && !terminated(tok, lit)) {
				return true
			}
		}
	}
}

func terminated(tok token.Token, lit string) bool {
	switch {
	case tok == token.COMMENT && strings.HasPrefix(lit, "//"):
		return false // the cursor at the end of a line comment is inside it
	case tok == token.COMMENT:
		return len(lit) >= 4 && strings.HasSuffix(lit, "*/")
	case tok == token.CHAR:
		return len(lit) >= 2 && strings.HasSuffix(lit, "'")
	case strings.HasPrefix(lit, "`"):
		return len(lit) >= 2 && strings.HasSuffix(lit, "`")
	default:
		return len(lit) >= 2 && strings.HasSuffix(lit, `"`) && !strings.HasSuffix(lit, `\"`)
	}
}

// localNames returns the identifiers that code (the cell before the cursor)
// uses outside selectors, with a kind guessed from the keyword before them.
func localNames(code string) []Name {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(code))
	s.Init(file, []byte(code), func(token.Position, string) {}, 0)
	var out []Name
	prev := token.ILLEGAL
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.IDENT && prev != token.PERIOD {
			kind := KindUnknown
			switch prev {
			case token.FUNC:
				kind = KindFunc
			case token.TYPE:
				kind = KindType
			case token.VAR:
				kind = KindVar
			case token.CONST:
				kind = KindConst
			}
			out = append(out, Name{Name: lit, Kind: kind})
		}
		prev = tok
	}
	return out
}
