package dsl

import "go/token"

// File is a parsed sweep file: its statements in source order. A file with
// syntax errors still yields the statements that parsed, with BadStmt or
// BadExpr nodes where parsing failed.
type File struct {
	Name  string
	Stmts []Stmt
}

// Stmt is a statement: one line of a sweep file.
type Stmt interface {
	Pos() token.Position
	stmt()
}

// Expr is an expression: a literal, a name, an axis reference, an operator,
// a conditional, a list, a tuple or a call of a generator.
type Expr interface {
	Pos() token.Position
	expr()
}

// SettingStmt is `sweep "title"`, `seed N`, `repeat N` or `updates N`.
type SettingStmt struct {
	At    token.Position
	Key   string // "sweep", "seed", "repeat" or "updates"
	Value Expr
}

// ComponentStmt is `data|test|model|learner|sampler Head(args)`. Head is
// an *Ident (a registry name) or an *AxisRef (an axis whose levels are
// names). A test statement has Kind KindDataset and Test set: it names the
// held-out data set that measures with `on = test` score.
type ComponentStmt struct {
	At   token.Position
	Kind Kind
	Test bool // written test: the held-out data set
	Head Expr
	Args []*Arg
}

// Word returns the word that starts the statement: data, test, model,
// learner or sampler.
func (s *ComponentStmt) Word() string {
	if s.Test {
		return "test"
	}
	return componentWord[s.Kind]
}

// Arg is one `name = value` argument.
type Arg struct {
	Name  *Ident
	Value Expr
}

// AxisStmt is `axis name = generator` or, for axes that move together,
// `axis (a, b) = [(1, 2), (3, 4)]` or `axis (a, b) = zip(gen, gen)`.
type AxisStmt struct {
	At     token.Position
	Names  []*Ident
	Zipped bool // written with parentheses
	Gen    Expr
}

// SkipStmt is `skip if cond`: combinations of axis levels for which cond
// holds are left out of the plan.
type SkipStmt struct {
	At   token.Position
	Cond Expr
}

// MeasureStmt is `measure name(args) [every N]`.
type MeasureStmt struct {
	At    token.Position
	Name  *Ident
	Args  []*Arg
	Every Expr   // nil: at the end of the run only
	As    *Ident // the name its series goes by (nil: Name)
}

// Label returns the name the measurement's series goes by: its alias
// (`as NAME`) or else its library name.
func (s *MeasureStmt) Label() string {
	if s.As != nil {
		return s.As.Name
	}
	if s.Name == nil {
		return ""
	}
	return s.Name.Name
}

// SummaryStmt is `summary stat, stat of reduce measure [by axis, axis]`.
type SummaryStmt struct {
	At      token.Position
	Stats   []*StatExpr
	Reduce  *Ident
	Measure *Ident
	By      []*Ident
}

// StatExpr is a statistic across repeats: `median` or `q(0.25)`.
type StatExpr struct {
	Name *Ident
	Arg  Expr // nil unless written with an argument
}

// CompareStmt is `compare axis a vs b on reduce measure [by axis, axis]
// [at alpha]`.
type CompareStmt struct {
	At      token.Position
	Axis    *Ident
	A, B    Expr
	Reduce  *Ident
	Measure *Ident
	By      []*Ident
	Alpha   Expr // the significance level after "at"; nil if not given
}

// AshaStmt is `asha on measure [higher|lower] from N [eta K]`: runs that
// reach a rung (N, N·K, N·K², … updates) behind the others stop there
// (asynchronous successive halving).
type AshaStmt struct {
	At      token.Position
	Measure *Ident
	Better  *Ident // "higher" or "lower"; nil: the measure's own direction
	From    Expr   // the first rung, in updates
	Eta     Expr   // the reduction factor; nil: 3
}

// BadStmt stands for a statement that did not parse.
type BadStmt struct{ At token.Position }

// Ident is a bare identifier.
type Ident struct {
	At   token.Position
	Name string
}

// AxisRef is `$name`, the current level of an axis.
type AxisRef struct {
	At   token.Position
	Name string
}

// BasicLit is an int, float, string or bool literal; Value holds an int,
// float64, string or bool.
type BasicLit struct {
	At    token.Position
	Type  Type
	Text  string
	Value any
}

// UnaryExpr is `-x` or `not x`.
type UnaryExpr struct {
	At token.Position
	Op string
	X  Expr
}

// BinaryExpr is `x op y` with op one of == != < <= > >= in and or.
type BinaryExpr struct {
	At   token.Position
	Op   string
	X, Y Expr
}

// IfExpr is `if cond then x else y`.
type IfExpr struct {
	At               token.Position
	Cond, Then, Else Expr
}

// ListExpr is `[a, b, c]`.
type ListExpr struct {
	At    token.Position
	Elems []Expr
}

// TupleExpr is `(a, b)`, an element of a zipped axis list.
type TupleExpr struct {
	At    token.Position
	Elems []Expr
}

// CallExpr is `range(...)`, `linspace(...)`, `logspace(...)` or `zip(...)`.
type CallExpr struct {
	At   token.Position
	Fun  *Ident
	Args []Expr
}

// BadExpr stands for an expression that did not parse.
type BadExpr struct{ At token.Position }

// Pos returns the position of the statement's first token.
func (s *SettingStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *ComponentStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *AxisStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *SkipStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *MeasureStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *SummaryStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *CompareStmt) Pos() token.Position { return s.At }

// Pos returns the position of the statement's first token.
func (s *AshaStmt) Pos() token.Position { return s.At }

// Pos returns the position where the bad statement starts.
func (s *BadStmt) Pos() token.Position { return s.At }

// Pos returns the position of the identifier.
func (e *Ident) Pos() token.Position { return e.At }

// Pos returns the position of the `$`.
func (e *AxisRef) Pos() token.Position { return e.At }

// Pos returns the position of the literal.
func (e *BasicLit) Pos() token.Position { return e.At }

// Pos returns the position of the operator.
func (e *UnaryExpr) Pos() token.Position { return e.At }

// Pos returns the position of the left operand.
func (e *BinaryExpr) Pos() token.Position { return e.At }

// Pos returns the position of `if`.
func (e *IfExpr) Pos() token.Position { return e.At }

// Pos returns the position of `[`.
func (e *ListExpr) Pos() token.Position { return e.At }

// Pos returns the position of `(`.
func (e *TupleExpr) Pos() token.Position { return e.At }

// Pos returns the position of the function name.
func (e *CallExpr) Pos() token.Position { return e.At }

// Pos returns the position where the bad expression starts.
func (e *BadExpr) Pos() token.Position { return e.At }

func (*SettingStmt) stmt()   {}
func (*ComponentStmt) stmt() {}
func (*AxisStmt) stmt()      {}
func (*SkipStmt) stmt()      {}
func (*MeasureStmt) stmt()   {}
func (*SummaryStmt) stmt()   {}
func (*CompareStmt) stmt()   {}
func (*AshaStmt) stmt()      {}
func (*BadStmt) stmt()       {}

func (*Ident) expr()      {}
func (*AxisRef) expr()    {}
func (*BasicLit) expr()   {}
func (*UnaryExpr) expr()  {}
func (*BinaryExpr) expr() {}
func (*IfExpr) expr()     {}
func (*ListExpr) expr()   {}
func (*TupleExpr) expr()  {}
func (*CallExpr) expr()   {}
func (*BadExpr) expr()    {}
