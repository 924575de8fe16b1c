package compiled

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// cellioPath is the package of the writers that compiled cells print to;
// cellioName is the name the unit imports it under.
const (
	cellioPath = "github.com/rbm-kernel/rbm-kernel/kernel/compiled/cellio"
	cellioName = "_rbmkernel_cellio"
)

// printFuncs are the functions of fmt that print to os.Stdout.
var printFuncs = map[string]bool{"Print": true, "Println": true, "Printf": true}

// scanFuncs are the functions of fmt that read os.Stdin.
var scanFuncs = map[string]bool{"Scan": true, "Scanln": true, "Scanf": true}

// ioIface returns the interface { method([]byte) (int, error) }: with
// "Read" the method set of the io.Reader that cellio.StdinOf returns, with
// "Write" that of the io.Writer that cellio.StdoutOf and StderrOf return.
func ioIface(method string) *types.Interface {
	bytes := types.NewVar(token.NoPos, nil, "p", types.NewSlice(types.Typ[types.Byte]))
	n := types.NewVar(token.NoPos, nil, "n", types.Typ[types.Int])
	err := types.NewVar(token.NoPos, nil, "err", types.Universe.Lookup("error").Type())
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(bytes), types.NewTuple(n, err), false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, method, sig)}, nil).Complete()
}

var readerIface, writerIface = ioIface("Read"), ioIface("Write")

// readerFits is writerFits for os.Stdin: t is an interface that asks for
// Read and nothing an io.Reader lacks (io.Reader, not any nor
// io.ReadCloser).
func readerFits(t types.Type) bool { return ifaceFits(t, readerIface) }

// writerFits reports whether an os.Stdout passed as a parameter of type t
// is written to through t and may be replaced by an io.Writer: t is an
// interface that asks for Write and nothing an io.Writer lacks (io.Writer
// itself, but not any, which fmt.Println(os.Stdout) would print, nor
// io.WriteCloser).
func writerFits(t types.Type) bool { return ifaceFits(t, writerIface) }

// ifaceFits reports whether t is a non-empty interface that io, an
// interface of one method, implements.
func ifaceFits(t types.Type, io *types.Interface) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.Empty() {
		return false
	}
	return types.Implements(io, it)
}

// outputEdits returns the edits of the cell's file f (whose text is text)
// that make what it prints go to the writers of package cellio:
// fmt.Println(a) becomes fmt.Fprintln(cellio.Stdout, a) (and
// fmt.Println(f()) fmt.Fprintln(cellio.Stdout, cellio.Args(f())...); a
// fmt.Printf(f()) is left printing to the process's stdout), the builtin
// println(a) cellio.Println(a) (the same text on the cell's stderr; an
// interface argument prints its dynamic value, not the runtime's pair of
// addresses), and os.Stdout or os.Stderr passed as an io.Writer becomes
// cellio.StdoutOf(os.Stdout) or cellio.StderrOf(os.Stderr). Reads of
// standard input are turned the same way to the cell's input:
// fmt.Scanln(&a) becomes fmt.Fscanln(cellio.Stdin, &a), and os.Stdin passed
// as an io.Reader cellio.StdinOf(os.Stdin); other uses of os.Stdin (its
// methods, an assignment) read the worker's own standard input, which is
// empty.
func (c *Cell) outputEdits(f *ast.File, info *types.Info, text string) []edit {
	var edits []edit
	replace := func(e ast.Expr, repl string) {
		start, end := c.Fset.Position(e.Pos()).Offset, c.Fset.Position(e.End()).Offset
		edits = append(edits, edit{start, text[start:end], repl})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "print" || b.Name() == "println") {
				// println(a) → cellio.Println(a)
				replace(id, cellioName+"."+strings.ToUpper(b.Name()[:1])+b.Name()[1:])
			}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && (printFuncs[fn.Name()] || scanFuncs[fn.Name()]) {
				// fmt.Println(a) → fmt.Fprintln(cellio.Stdout, a), and
				// fmt.Scanln(&a) → fmt.Fscanln(cellio.Stdin, &a).
				replace(sel.Sel, "F"+strings.ToLower(fn.Name()[:1])+fn.Name()[1:])
				repl := "(" + cellioName + ".Stdout"
				if scanFuncs[fn.Name()] {
					repl = "(" + cellioName + ".Stdin"
				}
				if len(call.Args) > 0 {
					repl += ", "
				}
				edits = append(edits, edit{c.Fset.Position(call.Lparen).Offset, "(", repl})
				if len(call.Args) == 1 && fn.Name() != "Printf" && printFuncs[fn.Name()] {
					if _, ok := info.TypeOf(call.Args[0]).(*types.Tuple); ok {
						// fmt.Println(f()), f's results its arguments:
						// fmt.Fprintln(cellio.Stdout, cellio.Args(f())...).
						a := call.Args[0]
						start, end := c.Fset.Position(a.Pos()).Offset, c.Fset.Position(a.End()).Offset
						replace(a, cellioName+".Args("+text[start:end]+")...")
					}
				}
			}
		}
		sig, ok := info.TypeOf(call.Fun).(*types.Signature)
		if !ok {
			return true
		}
		for i, a := range call.Args {
			sel, ok := ast.Unparen(a).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			v, ok := info.Uses[sel.Sel].(*types.Var)
			if !ok || v.Pkg() == nil || v.Pkg().Path() != "os" || (v.Name() != "Stdout" && v.Name() != "Stderr" && v.Name() != "Stdin") {
				continue
			}
			fits := writerFits
			if v.Name() == "Stdin" {
				fits = readerFits
			}
			var pt types.Type
			switch {
			case sig.Variadic() && i >= sig.Params().Len()-1:
				pt = sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
			case i < sig.Params().Len():
				pt = sig.Params().At(i).Type()
			}
			if pt != nil && fits(pt) {
				// The os import stays used.
				start, end := c.Fset.Position(sel.Pos()).Offset, c.Fset.Position(sel.End()).Offset
				replace(sel, cellioName+"."+v.Name()+"Of("+text[start:end]+")")
			}
		}
		return true
	})
	return edits
}
