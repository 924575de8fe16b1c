package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// A cell's os.Stdout and os.Stderr are its output streams: to the
// interpreter they are io.Writer variables that write to the cell's
// stdout and stderr, and os.Stdin an io.Reader that asks the front end
// for lines (goexec.Executor.init), so that output keeps its order and
// reaches the cell. To the type checker they are *os.File, whose other
// methods yaegi then did not find: os.Stdout.WriteString("y\n") failed
// with "CompileError: undefined method: WriteString", os.Stdout.Name()
// likewise, and os.Stdout given to a *os.File parameter with
// "reflect.Value.Convert: value of type io.Writer cannot be converted to
// type *os.File". The front end lowers what the streams can do as Go
// does, and refuses the rest before the cell runs (streamUses):
//
//   - os.Stdout.WriteString(s) (and os.Stderr's) becomes
//     Prefix.WriteString(os.Stdout, s), io.WriteString on the stream;
//   - os.Stdout.Name() becomes Prefix.FileName("/dev/stdout"), the name
//     Go gives the file;
//   - Write (of os.Stdout and os.Stderr) and Read (of os.Stdin) are the
//     streams' own;
//   - every other method, a method value, and a stream given where a
//     *os.File is needed (an argument of a parameter of that type, a var
//     declared with it, an element or field of that type of a composite
//     literal) are refused;
//   - %T of a stream prints *os.File (typeVerbs; goexec.streamWriter
//     was printed).
//
// A variable the cell declares from a stream (f := os.Stdout) is, to
// yaegi, of the stream's type too: its method calls are lowered and
// refused alike.

// cellStreams are the names Go gives os.Stdout, os.Stderr and os.Stdin.
var cellStreams = map[string]string{"Stdout": "/dev/stdout", "Stderr": "/dev/stderr", "Stdin": "/dev/stdin"}

// streamOf returns the stream x is ("os.Stdout"), or the name of the
// variable declared from one followed by the stream (" (os.Stdout)"
// after it), or "" for anything else; direct reports whether x is the
// stream itself.
func (lw *Lowering) streamOf(x ast.Expr) (name, stream string, direct bool) {
	switch x := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		v, ok := lw.Info.Uses[x.Sel].(*types.Var)
		if !ok || v.Pkg() == nil || v.Pkg().Path() != "os" || v.Parent() != v.Pkg().Scope() || cellStreams[v.Name()] == "" {
			return "", "", false
		}
		return "os." + v.Name(), "os." + v.Name(), true
	case *ast.Ident:
		if s := lw.streamVars[lw.Info.Uses[x]]; s != "" {
			return x.Name, s, false
		}
	}
	return "", "", false
}

// streamUses refuses, in n, the uses of the streams that the
// interpreter cannot run (see above), and records the variables declared
// from them.
func (lw *Lowering) streamUses(n ast.Node) {
	calls := map[*ast.SelectorExpr]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
				for i, r := range n.Rhs {
					if _, s, _ := lw.streamOf(r); s != "" {
						lw.defineStream(n.Lhs[i], s)
					}
				}
			}
		case *ast.ValueSpec:
			for i, v := range n.Values {
				_, s, _ := lw.streamOf(v)
				if s == "" || i >= len(n.Names) {
					continue
				}
				if n.Type == nil {
					lw.defineStream(n.Names[i], s)
				} else if t := lw.Info.Types[n.Type].Type; t != nil && !types.IsInterface(t) {
					lw.refuseStream(v.Pos(), s, fmt.Sprintf("%s declared as %s", s, t))
				}
			}
		case *ast.CompositeLit:
			lw.streamElements(n)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				calls[sel] = true
			}
			sig, ok := lw.Info.Types[n.Fun].Type.(*types.Signature)
			if !ok {
				return true
			}
			for i, a := range n.Args {
				_, s, _ := lw.streamOf(a)
				if s == "" {
					continue
				}
				var pt types.Type
				switch {
				case sig.Variadic() && i >= sig.Params().Len()-1 && !n.Ellipsis.IsValid():
					pt = sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
				case i < sig.Params().Len():
					pt = sig.Params().At(i).Type()
				}
				if pt != nil && !types.IsInterface(pt) {
					lw.refuseStream(a.Pos(), s, fmt.Sprintf("%s passed as a %s", s, pt))
				}
			}
		case *ast.SelectorExpr:
			name, s, direct := lw.streamOf(n.X)
			if s == "" {
				return true
			}
			m, ok := lw.Info.Uses[n.Sel].(*types.Func)
			if !ok {
				return true
			}
			what := name + "." + m.Name()
			if !calls[n] {
				lw.refuseStream(n.Pos(), s, "the method value "+what)
				return true
			}
			switch m.Name() {
			case "Write", "WriteString":
				if s != "os.Stdin" {
					return true
				}
			case "Read":
				if s == "os.Stdin" {
					return true
				}
			case "Name":
				if direct {
					return true
				}
			}
			lw.refuseStream(n.Pos(), s, what)
		}
		return true
	})
}

// streamElements refuses the streams given as elements or fields of
// the composite literal n where a *os.File is needed.
func (lw *Lowering) streamElements(n *ast.CompositeLit) {
	lw.eachElement(n, func(v ast.Expr, et types.Type, key bool) ast.Expr {
		if _, s, _ := lw.streamOf(v); s != "" && !key && !types.IsInterface(et) {
			lw.refuseStream(v.Pos(), s, fmt.Sprintf("%s given as a %s", s, et))
		}
		return v
	})
}

// defineStream records that the variable lhs is declared from stream s.
func (lw *Lowering) defineStream(lhs ast.Expr, s string) {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return
	}
	if obj := lw.Info.Defs[id]; obj != nil {
		if lw.streamVars == nil {
			lw.streamVars = map[types.Object]string{}
		}
		lw.streamVars[obj] = s
	}
}

// refuseStream records the refusal of what, a use of the stream s.
func (lw *Lowering) refuseStream(pos token.Pos, s, what string) {
	kind, use := "an io.Writer that writes to the cell's output", "write to it with Write, WriteString, fmt.Fprint or io.WriteString, or pass it on as an io.Writer"
	if s == "os.Stdin" {
		kind, use = "an io.Reader that asks for the cell's input", "read it with Read, fmt.Scan or bufio, or pass it on as an io.Reader"
	}
	lw.errs.Add(lw.Fset.Position(pos), fmt.Sprintf("%s cannot run in the interpreter: a cell's %s is not a *os.File in the kernel but %s "+
		"(the kernel's stream, so that output keeps its order and reaches the cell); %s", what, s, kind, use))
}

// streamCall lowers a call of WriteString or Name on a stream (see above).
func (lw *Lowering) streamCall(c *ast.CallExpr, sel *ast.SelectorExpr, f *types.Func) {
	if f.Pkg().Path() != "os" || f.Type().(*types.Signature).Recv() == nil {
		return
	}
	_, s, direct := lw.streamOf(sel.X)
	switch {
	case s == "":
	case f.Name() == "WriteString" && s != "os.Stdin":
		c.Fun = lw.helper("WriteString", sel.Pos())
		c.Args = append([]ast.Expr{sel.X}, c.Args...)
	case f.Name() == "Name" && direct:
		c.Fun = lw.helper("FileName", sel.Pos())
		c.Args = []ast.Expr{stringLit(sel.Pos(), cellStreams[s[len("os."):]])}
	}
}
