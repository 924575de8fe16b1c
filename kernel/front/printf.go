package front

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// formatFuncs are the functions with a printf format: the index of the
// format among their arguments, by "path.Name".
var formatFuncs = map[string]int{
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
	"log.Printf": 0, "log.Fatalf": 0, "log.Panicf": 0,
}

// plainVerbs lowers the arguments of a printf-style call that fmt formats
// without their methods: an argument of a type the session declared with
// an Error or String method, printed with a verb that does not call them
// (%d, %f, %c, …; fmt calls them for %v, %s, %q, %x and %X), is formatted
// by the helper GoValue as its underlying type would be, with the type's
// name in a bad verb's text. yaegi hands such a value to fmt in a wrapper
// that has the method (so that %v works), which fmt printed as a struct
// for %d: {6 10889792} for an E{6} with Error (go run {6}), the wrapper's
// function beside the value. When the verbs are known only as the call
// runs (unknownVerbs), GoValue decides by the verb.
func (lw *Lowering) plainVerbs(c *ast.CallExpr, f *types.Func) {
	name := f.Pkg().Path() + "." + f.Name()
	at, ok := formatFuncs[name]
	if !ok || len(c.Args) <= at || c.Ellipsis.IsValid() {
		return
	}
	tv := lw.Info.Types[c.Args[at]]
	var verbs []rune
	known := false
	if tv.Value != nil && tv.Value.Kind() == constant.String {
		verbs, known = printfVerbs(constant.StringVal(tv.Value))
	}
	if !known {
		if name != "fmt.Errorf" { // whose %w must be handed the error itself
			lw.unknownVerbs(c, at)
		}
		return
	}
	for i, verb := range verbs {
		j := at + 1 + i
		if j >= len(c.Args) || strings.ContainsRune("vsqxXwT", verb) {
			continue
		}
		a := c.Args[j]
		t := lw.Info.Types[a].Type
		if t == nil || types.IsInterface(t) || !sessionMethodValue(t) || !hasMethod(t, "Error", "String") {
			continue
		}
		// GoValue formats it as its underlying type would be (a
		// struct's fields each with the verb), and names the type in a
		// bad verb's text (%!d(main.celsius=1.5)).
		pos := a.Pos()
		c.Args[j] = &ast.CallExpr{Fun: lw.helper("GoValue", pos), Lparen: pos,
			Args: []ast.Expr{a, stringLit(pos, Describe(t))}, Rparen: a.End()}
	}
}

// unknownVerbs lowers the arguments after the format of a printf-style
// call whose verbs are known only when it runs (a format that is not a
// constant, or one with explicit argument indexes): a value of a type of
// the session with an Error or String method (or a pointer to one) goes
// through GoValue with its methods, which calls them for %v, %s, %q, %x
// and %X and prints the value for another verb, as fmt does; handed over
// as it is, yaegi's wrapper was printed for %d ({5 10889792} for go run's
// {5}).
func (lw *Lowering) unknownVerbs(c *ast.CallExpr, at int) {
	for i := at + 1; i < len(c.Args); i++ {
		a := c.Args[i]
		t := lw.Info.Types[a].Type
		if t == nil || types.IsInterface(t) || !sessionMethodValue(t) ||
			!hasValueMethod(t, "Error", "String") || hasValueMethod(t, "Format", "GoString") {
			continue
		}
		c.Args[i] = lw.goValueCall(a, t, lw.stringers(t, a.Pos()))
	}
}

// hasMethod reports whether the method set of t or *t has one of names.
func hasMethod(t types.Type, names ...string) bool {
	for _, n := range names {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, n); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// PrintfVerbOffsets returns the byte offset of the verb of each argument
// a format uses (of the '*' for a star width or precision), and false
// when the format has explicit argument indexes. goexec reads a format
// that is not a constant with it when the call runs.
func PrintfVerbOffsets(format string) ([]int, bool) {
	var offs []int
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format); i++ {
			ch := format[i]
			if ch == '[' {
				return nil, false
			}
			if ch == '*' {
				offs = append(offs, i)
				continue
			}
			if strings.IndexByte("+-# 0.", ch) >= 0 || ch >= '0' && ch <= '9' {
				continue
			}
			if ch != '%' {
				offs = append(offs, i)
			}
			break
		}
	}
	return offs, true
}

// printfVerbs returns the verbs of a format, one per argument they use
// (a '*' width or precision uses one too, reported as '*'), and false when
// the format has explicit argument indexes.
func printfVerbs(format string) ([]rune, bool) {
	offs, ok := PrintfVerbOffsets(format)
	verbs := make([]rune, len(offs))
	for i, o := range offs {
		verbs[i] = rune(format[o])
	}
	return verbs, ok
}
