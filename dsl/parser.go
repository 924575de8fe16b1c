package dsl

import (
	"fmt"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"
)

// maxDepth bounds the nesting of expressions so that hostile input cannot
// exhaust the stack.
const maxDepth = 64

// ParseFile parses the sweep file src, reporting positions under the name
// filename. It returns the statements that parsed and, if there were syntax
// errors, a scanner.ErrorList holding all of them, sorted by position. It
// never panics.
func ParseFile(filename string, src []byte) (*File, error) {
	p := &parser{file: &File{Name: filename}}
	p.lex = newLexer(filename, src, p.error)
	p.next()
	for p.tok != tEOF {
		if p.tok == tNewline {
			p.next()
			continue
		}
		p.file.Stmts = append(p.file.Stmts, p.parseStmt())
	}
	p.errs.Sort()
	return p.file, p.errs.Err()
}

type parser struct {
	file  *File
	lex   *lexer
	errs  scanner.ErrorList
	tok   tok
	pos   token.Position
	lit   string
	depth int
	// lastLine is the line of the last error: like go/parser, only the
	// first error of a line is reported, to avoid cascades.
	lastLine int
	// atStmt is set when an unclosed bracket ended at a newline: the
	// current token starts the next statement, and the rest of the broken
	// statement is abandoned without further errors.
	atStmt bool
}

func (p *parser) next() { p.tok, p.pos, p.lit = p.lex.next() }

func (p *parser) error(pos token.Position, msg string) {
	if pos.Line == p.lastLine || p.atStmt {
		return
	}
	p.lastLine = pos.Line
	p.errs.Add(pos, msg)
}

// found describes the current token for an error message.
func (p *parser) found() string {
	switch p.tok {
	case tIdent, tInt, tFloat, tString, tIllegal:
		return fmt.Sprintf("%s %s", p.tok, p.lit)
	case tAxis:
		return "$" + p.lit
	}
	return p.tok.String()
}

func (p *parser) errorExpected(what string) {
	p.error(p.pos, fmt.Sprintf("expected %s, found %s", what, p.found()))
}

func (p *parser) expect(t tok) token.Position {
	pos := p.pos
	if p.tok != t {
		p.errorExpected(t.String())
		return pos
	}
	p.next()
	return pos
}

// isWord reports whether the current token is the identifier w (keywords
// are contextual: `seed` is also a valid parameter name).
func (p *parser) isWord(w string) bool { return p.tok == tIdent && p.lit == w }

func (p *parser) expectWord(w string) {
	if !p.isWord(w) {
		p.errorExpected("'" + w + "'")
		return
	}
	p.next()
}

func (p *parser) skipNewlines() {
	for p.tok == tNewline && !p.atStmt {
		p.next()
	}
}

// skipNewlinesIn skips newlines inside brackets. If the next line does not
// go on with one of want (or the closing bracket), the bracket was left
// open: it reports that at the newline and marks the next token as the
// start of a statement.
func (p *parser) skipNewlinesIn(close tok, want ...tok) {
	if p.tok != tNewline || p.atStmt {
		return
	}
	pos := p.pos
	p.skipNewlines()
	if p.tok == close || p.tok == tComma {
		return
	}
	for _, t := range want {
		if p.tok == t {
			return
		}
	}
	p.error(pos, fmt.Sprintf("expected %s, found newline", close))
	p.atStmt = true
}

// syncStmt skips to the start of the next statement.
func (p *parser) syncStmt() {
	for !p.atStmt && p.tok != tNewline && p.tok != tEOF {
		p.next()
	}
}

// endStmt expects the end of a statement (a newline or the end of file)
// and resynchronises there.
func (p *parser) endStmt() {
	if p.atStmt {
		p.atStmt = false
		return
	}
	if p.tok != tNewline && p.tok != tEOF {
		p.errorExpected("end of statement")
		p.syncStmt()
	}
}

var stmtWords = []string{"sweep", "seed", "repeat", "updates", "data", "test", "model",
	"learner", "sampler", "axis", "skip", "measure", "summary", "compare", "asha"}

// parseStmt parses one statement:
//
//	Stmt = Setting | Component | Axis | Skip | Measure | Summary | Compare | Asha .
func (p *parser) parseStmt() Stmt {
	pos := p.pos
	if p.tok != tIdent {
		p.errorExpected("statement")
		p.syncStmt()
		return &BadStmt{At: pos}
	}
	var s Stmt
	switch w := p.lit; w {
	case "sweep", "seed", "repeat", "updates":
		// Setting = ("sweep" string | "seed" int | "repeat" int | "updates" int) .
		p.next()
		s = &SettingStmt{At: pos, Key: w, Value: p.parseExpr()}
	case "data", "test", "model", "learner", "sampler":
		s = p.parseComponent()
	case "axis":
		s = p.parseAxis()
	case "skip":
		// Skip = "skip" "if" Cond .
		p.next()
		p.expectWord("if")
		s = &SkipStmt{At: pos, Cond: p.parseCond()}
	case "measure":
		s = p.parseMeasure()
	case "summary":
		s = p.parseSummary()
	case "compare":
		s = p.parseCompare()
	case "asha":
		s = p.parseAsha()
	default:
		p.error(pos, fmt.Sprintf("unknown statement %s%s", w, didYouMean(w, stmtWords)))
		p.syncStmt()
		return &BadStmt{At: pos}
	}
	p.endStmt()
	return s
}

var componentKinds = map[string]Kind{"data": KindDataset, "test": KindDataset,
	"model": KindModel, "learner": KindLearner, "sampler": KindSampler}

// parseComponent parses
//
//	Component = ("data" | "test" | "model" | "learner" | "sampler") (ident | "$" ident) [Args] .
func (p *parser) parseComponent() Stmt {
	s := &ComponentStmt{At: p.pos, Kind: componentKinds[p.lit], Test: p.lit == "test"}
	p.next()
	switch p.tok {
	case tIdent:
		s.Head = &Ident{At: p.pos, Name: p.lit}
		p.next()
	case tAxis:
		s.Head = &AxisRef{At: p.pos, Name: p.lit}
		p.next()
	default:
		p.errorExpected(string(s.Kind) + " name or $axis")
		s.Head = &BadExpr{At: p.pos}
		return s
	}
	if p.tok == tLparen {
		s.Args = p.parseArgs()
	}
	return s
}

// parseArgs parses
//
//	Args = "(" [ ident "=" Expr { "," ident "=" Expr } [","] ] ")" .
func (p *parser) parseArgs() []*Arg {
	var args []*Arg
	p.expect(tLparen)
	p.skipNewlinesIn(tRparen, tIdent)
	for p.tok != tRparen && p.tok != tEOF && !p.atStmt {
		if p.tok != tIdent {
			p.errorExpected("parameter name")
			p.skipTo(tRparen)
			break
		}
		a := &Arg{Name: &Ident{At: p.pos, Name: p.lit}}
		p.next()
		p.expect(tAssign)
		a.Value = p.parseExpr()
		args = append(args, a)
		p.skipNewlinesIn(tRparen)
		if p.tok != tComma || p.atStmt {
			break
		}
		p.next()
		p.skipNewlinesIn(tRparen, tIdent)
	}
	if !p.atStmt {
		p.expect(tRparen)
	}
	return args
}

// skipTo skips tokens up to (not past) t, a newline that ends the bracket
// or the end of file.
func (p *parser) skipTo(t tok) {
	for !p.atStmt && p.tok != t && p.tok != tEOF && p.tok != tNewline {
		p.next()
	}
}

// parseAxis parses
//
//	Axis = "axis" ident "=" Gen | "axis" "(" ident { "," ident } ")" "=" Gen .
//	Gen  = List | ident "(" [ Expr { "," Expr } ] ")" .
func (p *parser) parseAxis() Stmt {
	s := &AxisStmt{At: p.pos}
	p.next()
	if p.tok == tLparen {
		s.Zipped = true
		p.next()
		for {
			if p.tok != tIdent {
				p.errorExpected("axis name")
				return s
			}
			s.Names = append(s.Names, &Ident{At: p.pos, Name: p.lit})
			p.next()
			if p.tok != tComma {
				break
			}
			p.next()
		}
		p.expect(tRparen)
	} else {
		if p.tok != tIdent {
			p.errorExpected("axis name")
			return s
		}
		s.Names = []*Ident{{At: p.pos, Name: p.lit}}
		p.next()
	}
	p.expect(tAssign)
	s.Gen = p.parseOperand()
	return s
}

// parseMeasure parses
//
//	Measure = "measure" ident [Args] [ "every" Expr ] .
func (p *parser) parseMeasure() Stmt {
	s := &MeasureStmt{At: p.pos}
	p.next()
	if p.tok != tIdent {
		p.errorExpected("measurement name")
		return s
	}
	s.Name = &Ident{At: p.pos, Name: p.lit}
	p.next()
	if p.tok == tLparen {
		s.Args = p.parseArgs()
	}
	s.Every = p.parseAfter("every")
	if p.isWord("as") {
		p.next()
		s.As = p.parseIdent("a name for the measurement after as")
	}
	return s
}

func (p *parser) parseIdent(what string) *Ident {
	if p.tok != tIdent {
		p.errorExpected(what)
		return &Ident{At: p.pos}
	}
	id := &Ident{At: p.pos, Name: p.lit}
	p.next()
	return id
}

// parseBy parses the optional
//
//	By = "by" ident { "," ident } .
func (p *parser) parseBy() []*Ident {
	if !p.isWord("by") {
		return nil
	}
	p.next()
	ids := []*Ident{p.parseIdent("axis name")}
	for p.tok == tComma {
		p.next()
		ids = append(ids, p.parseIdent("axis name"))
	}
	return ids
}

// parseSummary parses
//
//	Summary = "summary" Stat { "," Stat } "of" ident ident [By] .
//	Stat    = ident [ "(" Expr ")" ] .
func (p *parser) parseSummary() Stmt {
	s := &SummaryStmt{At: p.pos}
	p.next()
	for {
		st := &StatExpr{Name: p.parseIdent("statistic (median, mean, sd, min, max, n or q(p))")}
		if p.tok == tLparen {
			p.next()
			st.Arg = p.parseExpr()
			p.expect(tRparen)
		}
		s.Stats = append(s.Stats, st)
		if p.tok != tComma {
			break
		}
		p.next()
	}
	p.expectWord("of")
	s.Reduce = p.parseIdent("reduction (max, min, final or mean)")
	s.Measure = p.parseIdent("measurement name")
	s.By = p.parseBy()
	return s
}

// parseCompare parses
//
//	Compare = "compare" ident Operand "vs" Operand "on" ident ident [By] [ "at" Operand ] .
func (p *parser) parseCompare() Stmt {
	s := &CompareStmt{At: p.pos}
	p.next()
	s.Axis = p.parseIdent("axis name")
	s.A = p.parseOperand()
	p.expectWord("vs")
	s.B = p.parseOperand()
	p.expectWord("on")
	s.Reduce = p.parseIdent("reduction (max, min, final or mean)")
	s.Measure = p.parseIdent("measurement name")
	s.By = p.parseBy()
	s.Alpha = p.parseAfter("at")
	return s
}

// parseAsha parses
//
//	Asha = "asha" "on" ident [ "higher" | "lower" ] "from" Operand [ "eta" Operand ] .
func (p *parser) parseAsha() Stmt {
	s := &AshaStmt{At: p.pos}
	p.next()
	p.expectWord("on")
	s.Measure = p.parseIdent("measurement name")
	if p.isWord("higher") || p.isWord("lower") {
		s.Better = &Ident{At: p.pos, Name: p.lit}
		p.next()
	}
	if !p.isWord("from") {
		p.errorExpected("'from' and the first rung in updates (or higher, lower)")
		return s
	}
	p.next()
	s.From = p.parseOperand()
	s.Eta = p.parseAfter("eta")
	return s
}

// parseAfter parses [ word Operand ]: the operand after word, or nil
// when the next token is not word.
func (p *parser) parseAfter(word string) Expr {
	if !p.isWord(word) {
		return nil
	}
	p.next()
	return p.parseOperand()
}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		p.error(p.pos, "expression nested too deeply")
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

// parseExpr parses
//
//	Expr = "if" Cond "then" Expr "else" Expr | Operand .
func (p *parser) parseExpr() Expr {
	if !p.enter() {
		p.syncStmt()
		return &BadExpr{At: p.pos}
	}
	defer p.leave()
	if p.isWord("if") {
		e := &IfExpr{At: p.pos}
		p.next()
		e.Cond = p.parseCond()
		p.expectWord("then")
		e.Then = p.parseExpr()
		p.expectWord("else")
		e.Else = p.parseExpr()
		return e
	}
	return p.parseOperand()
}

// parseCond parses
//
//	Cond = And { "or" And } .
//	And  = Rel { "and" Rel } .
func (p *parser) parseCond() Expr {
	x := p.parseAnd()
	for p.isWord("or") {
		p.next()
		x = &BinaryExpr{At: x.Pos(), Op: "or", X: x, Y: p.parseAnd()}
	}
	return x
}

func (p *parser) parseAnd() Expr {
	x := p.parseRel()
	for p.isWord("and") {
		p.next()
		x = &BinaryExpr{At: x.Pos(), Op: "and", X: x, Y: p.parseRel()}
	}
	return x
}

var relOps = map[tok]string{tEq: "==", tNeq: "!=", tLt: "<", tLeq: "<=", tGt: ">", tGeq: ">="}

// parseRel parses
//
//	Rel = "not" Rel | "(" Cond ")" | Operand ( relop Operand | "in" List ) .
func (p *parser) parseRel() Expr {
	if !p.enter() {
		p.syncStmt()
		return &BadExpr{At: p.pos}
	}
	defer p.leave()
	pos := p.pos
	if p.isWord("not") {
		p.next()
		return &UnaryExpr{At: pos, Op: "not", X: p.parseRel()}
	}
	if p.tok == tLparen {
		p.next()
		x := p.parseCond()
		p.expect(tRparen)
		return x
	}
	x := p.parseOperand()
	if op, ok := relOps[p.tok]; ok {
		p.next()
		return &BinaryExpr{At: pos, Op: op, X: x, Y: p.parseOperand()}
	}
	if p.isWord("in") {
		p.next()
		return &BinaryExpr{At: pos, Op: "in", X: x, Y: p.parseOperand()}
	}
	p.errorExpected("comparison (==, !=, <, <=, >, >= or in)")
	return &BadExpr{At: pos}
}

// parseOperand parses
//
//	Operand = int | float | string | "true" | "false" | ident | "$" ident
//	        | "-" Operand | List | Tuple | ident "(" [ Expr { "," Expr } ] ")" .
func (p *parser) parseOperand() Expr {
	if !p.enter() {
		p.syncStmt()
		return &BadExpr{At: p.pos}
	}
	defer p.leave()
	pos, lit := p.pos, p.lit
	switch p.tok {
	case tInt:
		p.next()
		v, err := strconv.ParseInt(strings.ReplaceAll(lit, "_", ""), 10, 64)
		if err != nil {
			p.error(pos, fmt.Sprintf("integer %s out of range", lit))
			return &BadExpr{At: pos}
		}
		return &BasicLit{At: pos, Type: TypeInt, Text: lit, Value: int(v)}
	case tFloat:
		p.next()
		v, err := strconv.ParseFloat(strings.ReplaceAll(lit, "_", ""), 64)
		if err != nil {
			p.error(pos, fmt.Sprintf("malformed float %s", lit))
			return &BadExpr{At: pos}
		}
		return &BasicLit{At: pos, Type: TypeFloat, Text: lit, Value: v}
	case tString:
		p.next()
		s, _ := strconv.Unquote(lit) // the lexer checked it
		return &BasicLit{At: pos, Type: TypeString, Text: lit, Value: s}
	case tAxis:
		p.next()
		return &AxisRef{At: pos, Name: lit}
	case tMinus:
		p.next()
		return &UnaryExpr{At: pos, Op: "-", X: p.parseOperand()}
	case tLbrack:
		return &ListExpr{At: pos, Elems: p.parseList(tLbrack, tRbrack)}
	case tLparen:
		return &TupleExpr{At: pos, Elems: p.parseList(tLparen, tRparen)}
	case tIdent:
		p.next()
		switch lit {
		case "true", "false":
			return &BasicLit{At: pos, Type: TypeBool, Text: lit, Value: lit == "true"}
		}
		if p.tok == tLparen {
			return &CallExpr{At: pos, Fun: &Ident{At: pos, Name: lit}, Args: p.parseList(tLparen, tRparen)}
		}
		return &Ident{At: pos, Name: lit}
	}
	p.errorExpected("value")
	if p.tok != tNewline && p.tok != tEOF && !p.atStmt {
		p.next()
	}
	return &BadExpr{At: pos}
}

var operandStart = []tok{tInt, tFloat, tString, tAxis, tMinus, tLbrack, tLparen, tIdent}

// parseList parses open [ Expr { "," Expr } [","] ] close, newlines allowed.
func (p *parser) parseList(open, close tok) []Expr {
	var elems []Expr
	p.expect(open)
	p.skipNewlinesIn(close, operandStart...)
	for p.tok != close && p.tok != tEOF && !p.atStmt {
		elems = append(elems, p.parseExpr())
		p.skipNewlinesIn(close)
		if p.tok != tComma || p.atStmt {
			break
		}
		p.next()
		p.skipNewlinesIn(close, operandStart...)
	}
	if p.atStmt {
		return elems
	}
	if p.tok != close {
		p.errorExpected(close.String())
		p.skipTo(close)
	}
	if p.tok == close {
		p.next()
	}
	return elems
}
