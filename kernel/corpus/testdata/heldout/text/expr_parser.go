// A tiny tokenizer and recursive-descent parser/evaluator for arithmetic expressions with precedence.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

func isNum(c byte) bool { return c >= '0' && c <= '9' || c == '.' }

func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
		case strings.IndexByte("+-*/()", c) >= 0:
			toks = append(toks, string(c))
		case isNum(c):
			j := i
			for j < len(s) && isNum(s[j]) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j - 1
		default:
			return nil, fmt.Errorf("unexpected character %q at %d", c, i)
		}
	}
	return toks, nil
}

type parser struct {
	toks []string
	pos  int
}

func (p *parser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *parser) next() string { t := p.peek(); p.pos++; return t }

var binops = map[string]func(a, b float64) float64{
	"+": func(a, b float64) float64 { return a + b },
	"-": func(a, b float64) float64 { return a - b },
	"*": func(a, b float64) float64 { return a * b },
	"/": func(a, b float64) float64 { return a / b },
}

// binary parses operand (op operand)* for the given left-associative operators.
func (p *parser) binary(ops string, operand func() (float64, error)) (float64, error) {
	left, err := operand()
	for err == nil && p.peek() != "" && strings.Contains(ops, p.peek()) {
		op := p.next()
		var right float64
		if right, err = operand(); err == nil && op == "/" && right == 0 {
			err = fmt.Errorf("division by zero")
		}
		left = binops[op](left, right)
	}
	return left, err
}

// expr := term (('+'|'-') term)* ; term := unary (('*'|'/') unary)*
func (p *parser) expr() (float64, error) { return p.binary("+-", p.term) }
func (p *parser) term() (float64, error) { return p.binary("*/", p.unary) }

// unary := '-' unary | number | '(' expr ')'
func (p *parser) unary() (float64, error) {
	switch t := p.next(); {
	case t == "-":
		v, err := p.unary()
		return -v, err
	case t == "(":
		v, err := p.expr()
		if err == nil && p.next() != ")" {
			err = fmt.Errorf("expected )")
		}
		return v, err
	case t != "" && isNum(t[0]):
		return strconv.ParseFloat(t, 64)
	default:
		return 0, fmt.Errorf("unexpected token %q", t)
	}
}

func eval(s string) (float64, error) {
	toks, err := tokenize(s)
	if err != nil {
		return 0, err
	}
	p := &parser{toks: toks}
	v, err := p.expr()
	if err == nil && p.pos < len(toks) {
		err = fmt.Errorf("trailing input at %q", p.peek())
	}
	return v, err
}

func main() {
	inputs := []string{"1 + 2 * 3", "(1 + 2) * 3", "2 * (3 + 4) * 5", "-4 + 10 / 4", "8 / 2 / 2",
		"((2.5))*-(3 - 5)", "1 / 0", "3 + * 4", "(1 + 2", "7 $ 2", "1 2", "1..2"}
	for _, in := range inputs {
		v, err := eval(in)
		if err != nil {
			fmt.Printf("%-18s error: %v\n", in, err)
			continue
		}
		fmt.Printf("%-18s = %g\n", in, v)
	}
	toks, _ := tokenize("12*(3+4.5)")
	fmt.Printf("%q\n", toks)
}

// Output:
// 1 + 2 * 3          = 7
// (1 + 2) * 3        = 9
// 2 * (3 + 4) * 5    = 70
// -4 + 10 / 4        = -1.5
// 8 / 2 / 2          = 2
// ((2.5))*-(3 - 5)   = 5
// 1 / 0              error: division by zero
// 3 + * 4            error: unexpected token "*"
// (1 + 2             error: expected )
// 7 $ 2              error: unexpected character '$' at 2
// 1 2                error: trailing input at "2"
// 1..2               error: strconv.ParseFloat: parsing "1..2": invalid syntax
// ["12" "*" "(" "3" "+" "4.5" ")"]
