package goexec

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/front"
)

// A function of the session is compiled once, when its cell runs, and
// keeps the functions, variables and constants of the session it was
// compiled with: declared again in a later cell, x := 2 or a new func f,
// they are new objects that the earlier function does not see (gx() of
// `func gx() int { return x }` still reads the first x, whatever is
// assigned to the new one; docs/goexec.md, "Declaring a name again").
// Nothing in Go says what a redeclaration should do, but a notebook's
// user who fixes f and runs its cell again expects g to call the new f,
// and gets the old one silently. staleUses keeps what each function uses,
// so that a cell that declares one of those names again says which
// earlier functions still use the old one.
type staleUses struct {
	// uses: function (or Recv.Method) → the session's package-level
	// names its body uses.
	uses map[string]map[string]bool
	// text: a function's or constant's name → its declaration as printed
	// before the lowering, to tell a cell run again unchanged (no note)
	// from a new declaration.
	text map[string]string
	// vars: the session's variables; a variable declared again is a new
	// variable even when its declaration reads the same.
	vars map[string]bool
}

// declText is the declaration d (a function, or a constant's spec) as
// printed, without its doc comment.
func declText(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	if fd, ok := n.(*ast.FuncDecl); ok {
		c := *fd
		c.Doc = nil
		n = &c
	}
	if err := printer.Fprint(&b, fset, n); err != nil {
		return ""
	}
	return b.String()
}

// cellDecls is what a cell declares at its top level: functions and
// constants with their texts (as declText prints them before the
// lowering), methods (as Recv.Name), and variables.
type cellDecls struct {
	funcs  map[string]*ast.FuncDecl // by name, methods as Recv.Name
	texts  map[string]string        // functions (not methods) and constants
	vars   map[string]bool
	consts map[string]bool
}

// declsOf collects the top-level declarations of chunks.
func declsOf(fset *token.FileSet, chunks []front.Chunk) cellDecls {
	d := cellDecls{funcs: map[string]*ast.FuncDecl{}, texts: map[string]string{}, vars: map[string]bool{}, consts: map[string]bool{}}
	for _, c := range chunks {
		if c.File == nil {
			if c.Body == nil {
				continue
			}
			for _, st := range c.Body.List {
				if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					for _, l := range as.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
							d.vars[id.Name] = true
						}
					}
				}
			}
			continue
		}
		for _, decl := range c.File.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Body == nil || decl.Name.Name == "_" || decl.Name.Name == "init" {
					continue
				}
				name := decl.Name.Name
				if decl.Recv != nil {
					name = recvName(decl.Recv.List[0].Type) + "." + name
				} else {
					d.texts[name] = declText(fset, decl)
				}
				d.funcs[name] = decl
			case *ast.GenDecl:
				for _, sp := range decl.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for _, n := range vs.Names {
						if n.Name == "_" {
							continue
						}
						if decl.Tok == token.CONST {
							d.consts[n.Name] = true
							d.texts[n.Name] = declText(fset, vs)
						} else {
							d.vars[n.Name] = true
						}
					}
				}
			}
		}
	}
	return d
}

// note returns, for a cell that declares d (checked with info), the note
// that names the earlier functions still using a function, constant or
// variable that the cell declares anew ("" if none), and records the
// cell's functions, constants and variables for the next cells.
func (s *staleUses) note(d cellDecls, info *types.Info) string {
	if s.uses == nil {
		s.uses, s.text, s.vars = map[string]map[string]bool{}, map[string]string{}, map[string]bool{}
	}
	renewed := map[string]bool{}
	for name, t := range d.texts {
		if old, ok := s.text[name]; ok && old != t {
			renewed[name] = true
		}
	}
	for name := range d.vars {
		if s.vars[name] {
			renewed[name] = true
		}
	}
	// name declared anew → the earlier functions that use it
	users := map[string][]string{}
	for fn, uses := range s.uses {
		if _, again := d.funcs[fn]; again {
			continue
		}
		for name := range uses {
			if renewed[name] {
				users[name] = append(users[name], fn)
			}
		}
	}
	for name, fd := range d.funcs {
		s.uses[name] = packageUses(fd, info)
	}
	for name, t := range d.texts {
		s.text[name] = t
	}
	for name := range d.vars {
		s.vars[name] = true
	}
	if len(users) == 0 {
		return ""
	}
	names := make([]string, 0, len(users))
	for name := range users {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		fns := users[name]
		sort.Strings(fns)
		what := "calls"
		switch {
		case d.vars[name]:
			what = "reads"
		case d.consts[name]:
			what = "uses"
		}
		fmt.Fprintf(&b, "note: %s is declared again: %s, compiled in an earlier cell, still %s the old %s; run its cell again to use the new one\n",
			name, strings.Join(fns, ", "), what, name)
	}
	return b.String()
}

// packageUses returns the package-level names of the session that the
// body of fd uses.
func packageUses(fd *ast.FuncDecl, info *types.Info) map[string]bool {
	uses := map[string]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := info.Uses[id]
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != front.PackagePath || obj.Parent() != obj.Pkg().Scope() {
			return true
		}
		switch obj.(type) {
		case *types.Func, *types.Var, *types.Const:
			uses[obj.Name()] = true
		}
		return true
	})
	return uses
}
