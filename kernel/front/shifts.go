package front

import (
	"go/ast"
	"go/token"
	"go/types"
)

// shiftOperands converts the untyped constant left operand of a shift
// that is not constant to the type Go gives it, the type of the shift
// expression in its context: in bits[i]&(1<<(p%64)) of a []uint64 the 1
// is a uint64, T(1) << (p%64). yaegi took it as an int and panicked
// ("reflect: call of reflect.Value.Uint on int Value"), or computed the
// shift in int.
func (lw *Lowering) shiftOperands(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.SHL && b.Op != token.SHR {
			return true
		}
		if tv := lw.Info.Types[b]; tv.Value != nil {
			return true // a constant shift: Go's value already
		}
		xv, ok := lw.Info.Types[b.X]
		if !ok || xv.Value == nil {
			return true
		}
		basic, ok := xv.Type.(*types.Basic)
		if !ok || basic.Info()&types.IsUntyped != 0 {
			return true
		}
		if _, conv := ast.Unparen(b.X).(*ast.CallExpr); conv {
			return true // written T(1) already
		}
		pos := b.X.Pos()
		tx := lw.typeExpr(xv.Type, pos)
		if tx == nil {
			return true
		}
		b.X = &ast.CallExpr{Fun: tx, Lparen: pos, Args: []ast.Expr{b.X}, Rparen: b.X.End()}
		return true
	})
}
