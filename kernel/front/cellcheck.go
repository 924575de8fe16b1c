package front

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// cellCheck is the state of one cell's check: what it has added to the
// package so far.
//
// A chunk is checked by a new types.Checker on the session's package,
// which costs what the chunk costs: the package's objects are found in
// its scope, already typed. Only a chunk that declares methods of a type
// of an earlier cell is checked by the session's long-lived checker
// (Session.check), which knows the declarations of the types it checked
// (go/types attaches methods through them). A declaration of a name that
// the package has needs a new package (Session.rebuild), unless it is a
// function with the same signature: it is then checked under another name.
type cellCheck struct {
	s       *Session
	files   []*ast.File  // the cell's declaration files checked so far
	globals []*types.Var // the variables of its top-level ":=" so far
	touched bool         // the package's scope has changed
}

// decls checks a declaration chunk.
func (cc *cellCheck) decls(f *ast.File, imports map[string]string) {
	s := cc.s
	own := map[string]string{}
	for n, p := range imports {
		own[n] = p
	}
	for _, spec := range importSpecs(f) {
		delete(own, importName(spec))
	}
	file := &ast.File{Name: f.Name, Package: f.Package, FileStart: f.FileStart, FileEnd: f.FileEnd,
		Decls: withImports(own, f.Decls...)}

	// Names the package has: a function of the same signature is
	// checked under a temporary name; anything else needs a new package.
	type renamed struct {
		decl *ast.FuncDecl
		name *ast.Ident
	}
	var temp []renamed
	var skip []string
	ownTypes := map[string]bool{}
	needP := false // a method of an earlier type: the long-lived checker
	stale := false // which does not know that type
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				if base := receiverBase(d); base != "" && !declaresType(f, base) {
					needP = true
					stale = stale || !s.inP[base]
				}
				continue
			}
			old := s.pkg.Scope().Lookup(d.Name.Name)
			if old == nil || d.Name.Name == "_" || d.Name.Name == "init" {
				continue
			}
			if e := s.model[d.Name.Name]; e != nil && e.fn != nil && d.Type.TypeParams == nil &&
				e.fn.Type.TypeParams == nil && s.print(e.fn.Type) == s.print(d.Type) {
				temp = append(temp, renamed{d, d.Name})
				continue
			}
			skip = append(skip, d.Name.Name)
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					ownTypes[sp.Name.Name] = true
					if e := s.model[sp.Name.Name]; e != nil && e.foreign != nil && s.pkg.Scope().Lookup(sp.Name.Name) != nil {
						// A type of a compiled cell declared again:
						// left out of the package, or the cell's
						// methods of it would have the compiled type
						// for receiver, which go/types did not
						// declare (it panicked).
						skip = append(skip, sp.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.Name != "_" && s.pkg.Scope().Lookup(n.Name) != nil {
							skip = append(skip, n.Name)
						}
					}
				}
			}
		}
	}
	if len(skip) > 0 || stale {
		cc.rebuild(skip)
	}
	for _, r := range temp {
		// A name no cell can write, different each time: the object stays
		// in the package's scope.
		s.temps++
		r.decl.Name = &ast.Ident{NamePos: r.name.NamePos, Name: fmt.Sprintf("%s (again %d)", r.name.Name, s.temps)}
	}
	check := s.check
	if !needP {
		check = types.NewChecker(&s.conf, s.fset, s.pkg, &s.info)
	}
	_ = check.Files([]*ast.File{file})
	for _, r := range temp {
		if obj := s.info.Defs[r.decl.Name]; obj != nil {
			delete(s.info.Defs, r.decl.Name)
			s.info.Defs[r.name] = s.pkg.Scope().Lookup(r.name.Name)
		}
		r.decl.Name = r.name
	}
	if needP {
		for n := range ownTypes {
			s.inP[n] = true
		}
	}
	cc.files = append(cc.files, file)
	cc.touched = true
}

// declaresType reports whether a declaration file declares the type name.
func declaresType(f *ast.File, name string) bool {
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, sp := range g.Specs {
				if sp.(*ast.TypeSpec).Name.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// define makes the variables of a statement chunk's top-level ":="
// (tops, as info defines them) package-level variables. A name that the
// package has with an identical type keeps its object; another type needs
// a new package.
func (cc *cellCheck) define(tops map[*ast.Ident]bool, info *types.Info) {
	s := cc.s
	var fresh []*types.Var
	for id := range tops {
		if v, ok := info.Defs[id].(*types.Var); ok && v != nil {
			fresh = append(fresh, v)
		}
	}
	sort.Slice(fresh, func(i, j int) bool { return fresh[i].Pos() < fresh[j].Pos() })
	again := false
	for _, v := range fresh {
		old := s.pkg.Scope().Lookup(v.Name())
		if ov, ok := old.(*types.Var); ok && types.Identical(ov.Type(), v.Type()) {
			cc.globals = append(cc.globals, ov)
			continue
		}
		g := types.NewVar(v.Pos(), s.pkg, v.Name(), v.Type())
		if old != nil {
			again = true
		} else {
			s.pkg.Scope().Insert(g)
			cc.touched = true
		}
		cc.globals = append(cc.globals, g)
	}
	if again {
		cc.rebuild(nil)
	}
}

// rebuild makes a new package from the model and what the cell has
// checked so far, leaving out the names of skip.
func (cc *cellCheck) rebuild(skip []string) {
	s := cc.s
	pending := make([]types.Object, len(cc.globals))
	for i, g := range cc.globals {
		pending[i] = g
	}
	s.rebuild(skip, pending, cc.files...)
	for i, g := range cc.globals {
		if obj, ok := s.pkg.Scope().Lookup(g.Name()).(*types.Var); ok {
			cc.globals[i] = obj
		}
	}
	cc.touched = true
}
