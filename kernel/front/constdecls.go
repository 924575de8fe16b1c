package front

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
)

// constDecls writes every constant a cell declares with its value, as the
// type checker computed it: const ( _ = iota; KB ByteSize = 1 << (10 *
// iota); MB ) becomes const ( _ = 0; KB ByteSize = 1024; MB ByteSize =
// 1048576 ). yaegi v0.16.1 failed on some blocks of iota
// ("constant definition loop" for the one above, and for a, b = iota,
// iota * 10 followed by c, d), which Go accepts; with the values written
// out there is nothing left for it to compute. A spec is left as it is
// where a value or its type cannot be written in the cell.
func (lw *Lowering) constDecls(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		g, ok := n.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			return true
		}
		for _, s := range g.Specs {
			lw.constSpec(s.(*ast.ValueSpec))
		}
		return false
	})
}

// constSpec writes the values of the constants of one spec.
func (lw *Lowering) constSpec(spec *ast.ValueSpec) {
	values := make([]ast.Expr, len(spec.Names))
	var typ types.Type
	for i, name := range spec.Names {
		c, ok := lw.Info.Defs[name].(*types.Const)
		if !ok {
			if name.Name != "_" {
				return
			}
			// A blank constant: its value, where the type checker kept
			// it, or the spec's own expression.
			if i < len(spec.Values) {
				if tv := lw.Info.Types[spec.Values[i]]; tv.Value != nil {
					values[i] = exprAt(constText(tv.Value, tv.Type), name.Pos())
				}
			}
			if values[i] == nil {
				values[i] = &ast.BasicLit{ValuePos: name.Pos(), Kind: token.INT, Value: "0"}
			}
			continue
		}
		t := c.Type()
		if typ != nil && !(isUntyped(typ) && isUntyped(t)) && !types.Identical(typ, t) {
			return // names of one spec have one type (or none); left as it is
		}
		typ = t
		v := exprAt(constText(c.Val(), t), name.Pos())
		if v == nil {
			return
		}
		values[i] = v
	}
	if typ != nil && !isUntyped(typ) {
		tx := lw.typeExpr(typ, spec.Pos())
		if tx == nil {
			return
		}
		spec.Type = tx
	} else {
		spec.Type = nil
	}
	spec.Values = values
}

// exprAt parses the expression text and puts it at pos; nil when it does
// not parse.
func exprAt(text string, pos token.Pos) ast.Expr {
	x, err := parser.ParseExpr(text)
	if err != nil {
		return nil
	}
	setPos(x, pos)
	return x
}
