package dsl

// This file formats values and expressions for messages and output.

import (
	"fmt"
	"strings"
)

// formatValues formats the values of an axis as a sweep file writes them,
// separated by commas.
func formatValues(vals []any) string {
	var s []string
	for _, v := range vals {
		s = append(s, formatValue(v))
	}
	return strings.Join(s, ", ")
}

// formatValue writes a level as in a sweep file: floats in shortest form.
func formatValue(v any) string {
	switch v := v.(type) {
	case float64:
		return fmt.Sprint(v)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// exprText writes an expression back as source text, for error messages.
func exprText(e Expr) string {
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *AxisRef:
		return "$" + e.Name
	case *BasicLit:
		return e.Text
	case *UnaryExpr:
		if e.Op == "not" {
			return "not " + exprText(e.X)
		}
		return e.Op + exprText(e.X)
	case *BinaryExpr:
		return exprText(e.X) + " " + e.Op + " " + exprText(e.Y)
	case *IfExpr:
		return "if " + exprText(e.Cond) + " then " + exprText(e.Then) + " else " + exprText(e.Else)
	case *ListExpr:
		return "[" + exprList(e.Elems) + "]"
	case *TupleExpr:
		return "(" + exprList(e.Elems) + ")"
	case *CallExpr:
		return e.Fun.Name + "(" + exprList(e.Args) + ")"
	case nil:
		return "nothing"
	}
	return "?"
}

func exprList(es []Expr) string {
	var s []string
	for _, e := range es {
		s = append(s, exprText(e))
	}
	return strings.Join(s, ", ")
}
