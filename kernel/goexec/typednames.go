package goexec

import (
	"go/types"
	"sort"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/complete"
)

// Completion and inspection of the session's names use the front end's
// types: a variable of a type declared in a cell has its fields and
// methods under their Go names (yaegi's reflect type has X-prefixed
// fields and no methods), and inspect shows its Go type.

// typedGlobals returns the session's package-level names as the front
// end knows them, nil when it does not (the checker is off).
func (e *Executor) typedGlobals() []complete.Name {
	if e.front == nil {
		return nil
	}
	scope := e.front.Scope()
	qual := func(p *types.Package) string {
		if p.Path() == "main" {
			return "" // the session's own names, as a cell writes them
		}
		return p.Name()
	}
	var out []complete.Name
	for _, n := range scope.Names() {
		if n == "" || n[0] == '_' || strings.ContainsAny(n, " (") {
			continue
		}
		obj := scope.Lookup(n)
		nm := complete.Name{Name: n, Type: types.TypeString(obj.Type(), qual)}
		switch obj := obj.(type) {
		case *types.Func:
			nm.Kind = complete.KindFunc
		case *types.TypeName:
			nm.Kind = complete.KindType
			nm.Type = types.TypeString(obj.Type().Underlying(), qual)
		case *types.Const:
			nm.Kind = complete.KindConst
		case *types.Var:
			nm.Kind = complete.KindVar
			nm.Members = typedMembers(obj.Type(), qual, 2)
			nm.Named = namedPath(obj.Type())
		default:
			continue
		}
		out = append(out, nm)
	}
	return out
}

// typedMembers returns the fields and methods that a selector reaches on
// a variable of type t (an addressable one: the methods of *t too), with
// their own members to depth levels.
func typedMembers(t types.Type, qual types.Qualifier, depth int) []complete.Name {
	if depth == 0 {
		return nil
	}
	seen := map[string]bool{}
	var out []complete.Name
	ms := types.NewMethodSet(t)
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		ms = types.NewMethodSet(types.NewPointer(t))
	}
	for i := 0; i < ms.Len(); i++ {
		f := ms.At(i).Obj()
		if seen[f.Name()] {
			continue
		}
		seen[f.Name()] = true
		sig := types.TypeString(f.Type(), qual)
		out = append(out, complete.Name{Name: f.Name(), Kind: complete.KindMethod, Type: sig})
	}
	// Fields, promoted ones included, that a selector reaches.
	st := t
	if p, ok := st.Underlying().(*types.Pointer); ok {
		st = p.Elem()
	}
	if s, ok := st.Underlying().(*types.Struct); ok {
		var walk func(s *types.Struct, level int)
		walk = func(s *types.Struct, level int) {
			for i := 0; i < s.NumFields(); i++ {
				f := s.Field(i)
				if !seen[f.Name()] {
					seen[f.Name()] = true
					out = append(out, complete.Name{Name: f.Name(), Kind: complete.KindField,
						Type: types.TypeString(f.Type(), qual), Members: typedMembers(f.Type(), qual, depth-1),
						Named: namedPath(f.Type())})
				}
				if f.Embedded() && level < 3 {
					ft := f.Type()
					if p, ok := ft.Underlying().(*types.Pointer); ok {
						ft = p.Elem()
					}
					if es, ok := ft.Underlying().(*types.Struct); ok {
						walk(es, level+1)
					}
				}
			}
		}
		walk(s, 0)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// namedPath returns "importpath.Name" of t's named type, after one
// pointer, for a type of a compiled package (inspect finds its docs);
// "" otherwise.
func namedPath(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() == "main" {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}
