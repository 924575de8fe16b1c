package front

import (
	"fmt"
	"go/ast"
	"go/types"
)

// refuseTemplate refuses (*Template).Execute and ExecuteTemplate of
// text/template and html/template with data whose type holds a type the
// session declared with methods: the template reaches them by reflection,
// which does not see methods declared in the interpreter ("can't evaluate
// field Total", after part of the output was written).
func (lw *Lowering) refuseTemplate(c *ast.CallExpr, f *types.Func) {
	if p := f.Pkg().Path(); p != "text/template" && p != "html/template" || len(c.Args) == 0 {
		return
	}
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil || (f.Name() != "Execute" && f.Name() != "ExecuteTemplate") {
		return
	}
	data := c.Args[len(c.Args)-1]
	t := lw.Info.Types[data].Type
	if t == nil || !holds(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && n.NumMethods() > 0
	}) {
		return
	}
	lw.errs.Add(lw.Fset.Position(data.Pos()), fmt.Sprintf("template %s with data of type %s cannot run in the interpreter: "+
		"the template reaches values by reflection, which does not see the methods of types declared in cells; "+
		"declare the function that runs it in a cell of its own (it then runs compiled), or pass data without methods", f.Name(), t))
}

// refuseJSON refuses encoding/json's Marshal, MarshalIndent and
// (*Encoder).Encode of a value whose type holds a struct of the session
// with an unexported field: yaegi exports such a field as "X"+name, so
// json wrote it ("Xinternal":"secret") where Go leaves it out.
func (lw *Lowering) refuseJSON(c *ast.CallExpr, f *types.Func) {
	if f.Pkg().Path() != "encoding/json" || len(c.Args) == 0 {
		return
	}
	switch f.Name() {
	case "Marshal", "MarshalIndent", "Encode":
	default:
		return
	}
	t := lw.Info.Types[c.Args[0]].Type
	if t == nil || !hasUnexportedField(t) {
		return
	}
	lw.errs.Add(lw.Fset.Position(c.Args[0].Pos()), fmt.Sprintf("json.%s of %s cannot run in the interpreter: "+
		"it would write the struct's unexported fields (yaegi exports them as X+name); copy the value into a "+
		"struct with only exported fields, or give those fields a json:\"-\" tag and export them", f.Name(), t))
}
