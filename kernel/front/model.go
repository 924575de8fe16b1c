package front

import (
	"fmt"
	"go/ast"
	"go/printer"
	"go/scanner"
	"go/token"
	"go/types"
	"strings"
)

// entry is one package-level name of the model. Declarations are kept as
// shallow copies made when their cell is committed, with their text, and
// a function's signature as a copy made when its cell checked
// (signatures): the kernel lowers the cell's syntax between the two
// (renames a function, rewrites a body, writes iter.Seq[int] as the
// function type it stands for), and what the session declares keeps Go's
// types.
type entry struct {
	spec    *ast.TypeSpec      // a type: its declaration
	text    string             // the type's Go text
	methods map[string]*method // and its methods, by name
	fn      *ast.FuncDecl      // a function
	obj     types.Object       // a variable or constant as last checked
	foreign types.Object       // a name of a compiled cell: an object of its package (DeclareForeign)
	hidden  *entry             // the type of an interpreted cell that foreign hides
}

// method is a method declaration of the model and its Go text.
type method struct {
	decl *ast.FuncDecl
	text string
}

// put makes e the model's entry for name.
func (s *Session) put(name string, e *entry) {
	if _, ok := s.model[name]; !ok {
		s.order = append(s.order, name)
	}
	s.model[name] = e
	delete(s.imports, name)
}

// reservedName reports whether a predeclared name may not be declared at
// the top level of a cell: the predeclared types and constants, nil, and
// panic and recover (which the kernel's rewrites call). The other builtin
// functions (len, min, …) may: yaegi and the kernel do not call them by
// name in code of their own.
func reservedName(name string) bool {
	switch types.Universe.Lookup(name).(type) {
	case *types.TypeName, *types.Const, *types.Nil:
		return true
	case *types.Builtin:
		return name == "panic" || name == "recover"
	}
	return false
}

// topLevelIdents returns the identifiers that the chunks declare at the
// package level: of types, functions (not methods), variables, constants
// and top-level ":=".
func topLevelIdents(chunks []Chunk) []*ast.Ident {
	var ids []*ast.Ident
	for _, c := range chunks {
		if c.File == nil {
			for _, st := range c.Body.List {
				if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					for _, l := range as.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							ids = append(ids, id)
						}
					}
				}
			}
			continue
		}
		ids = append(ids, FileIdents(c.File)...)
	}
	return ids
}

// FileIdents returns the identifiers that f declares at the package
// level: of types, functions (not methods), variables and constants.
func FileIdents(f *ast.File) []*ast.Ident {
	var ids []*ast.Ident
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				ids = append(ids, d.Name)
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					ids = append(ids, sp.Name)
				case *ast.ValueSpec:
					ids = append(ids, sp.Names...)
				}
			}
		}
	}
	return ids
}

// refuse handles the cell's declarations of types and methods that the
// session has: yaegi keeps the first declaration of a type or a method,
// silently, so values of a new one would be values of the old. A
// declaration identical to the session's (a cell run again) is dropped
// from the cell, which changes nothing; a different one is refused with
// an *Error.
func (s *Session) refuse(chunks []Chunk) error {
	var list scanner.ErrorList
	for _, id := range topLevelIdents(chunks) {
		if reservedName(id.Name) {
			list.Add(s.fset.Position(id.Pos()), "cannot declare "+id.Name+" at the top level of a cell: the interpreter "+
				"looks predeclared names up in the session's scope, so its own code would see this "+id.Name+
				" (0 for iota, a wrong nil); declare it inside a function, or use another name")
		}
	}
	for _, c := range chunks {
		if c.File == nil {
			continue
		}
		decls := c.File.Decls[:0]
		for _, d := range c.File.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok != token.TYPE {
					break
				}
				specs := d.Specs[:0]
				for _, sp := range d.Specs {
					ts := sp.(*ast.TypeSpec)
					e := s.model[ts.Name.Name]
					if e != nil && e.foreign != nil && e.hidden != nil {
						list.Add(s.fset.Position(ts.Name.Pos()), "type "+ts.Name.Name+" was declared by an interpreted cell before a compiled cell declared it: the interpreter cannot declare it again (it would keep the first); give the type another name, or restart the kernel")
						continue
					}
					if e == nil || e.spec == nil {
						specs = append(specs, sp)
						continue
					}
					if e.text != s.print(ts) {
						list.Add(s.fset.Position(ts.Name.Pos()), "type "+ts.Name.Name+" is declared again, differently: the interpreter cannot change a type of the session (it would keep the first "+ts.Name.Name+"); give the new type another name, or restart the kernel")
					}
				}
				d.Specs = specs
				if len(specs) == 0 {
					continue
				}
			case *ast.FuncDecl:
				base := receiverBase(d)
				e := s.model[base]
				if base == "" || e == nil || e.spec == nil || e.methods[d.Name.Name] == nil {
					break
				}
				if e.methods[d.Name.Name].text != s.print(d) {
					list.Add(s.fset.Position(d.Name.Pos()), "method "+base+"."+d.Name.Name+" is declared again, differently: the interpreter cannot change a method of the session (it would keep the first); give it another name, or restart the kernel")
				}
				continue
			}
			decls = append(decls, d)
		}
		c.File.Decls = decls
	}
	if len(list) > 0 {
		return &Error{List: list}
	}
	return nil
}

// print returns the Go text of a declaration, to compare two.
func (s *Session) print(n ast.Node) string {
	var b strings.Builder
	if err := printer.Fprint(&b, s.fset, n); err != nil {
		return fmt.Sprint(n)
	}
	return b.String()
}

// DeclaredNames returns the package-level names that a cell's chunks
// declare: their types, functions, variables, constants and the variables
// of their top-level ":=" statements, and the names of their imports.
func DeclaredNames(chunks []Chunk) []string {
	names := declaredNames(chunks, true)
	for _, c := range chunks {
		if c.File != nil {
			for _, spec := range importSpecs(c.File) {
				names = append(names, importName(spec))
			}
		}
	}
	return names
}

// declaredNames returns the package-level names that chunks declare:
// their types, functions, variables and constants, and, with defines, the
// variables of their top-level ":=" statements.
func declaredNames(chunks []Chunk, defines bool) []string {
	var names []string
	for _, c := range chunks {
		if c.File != nil {
			for _, d := range c.File.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.Name != "_" && d.Name.Name != "init" {
						names = append(names, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, sp := range d.Specs {
						switch sp := sp.(type) {
						case *ast.TypeSpec:
							names = append(names, sp.Name.Name)
						case *ast.ValueSpec:
							for _, n := range sp.Names {
								if n.Name != "_" {
									names = append(names, n.Name)
								}
							}
						}
					}
				}
			}
			continue
		}
		if !defines {
			continue
		}
		for _, st := range c.Body.List {
			if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						names = append(names, id.Name)
					}
				}
			}
		}
	}
	return names
}

// signatures returns copies of the signatures of the functions and
// methods that the cell's files declare, as checked: the lowering may
// rewrite them for the interpreter (iter.Seq[int] becomes the function
// type it stands for, iterTypes), and later cells must see Go's types.
func signatures(chunks []Chunk) map[*ast.FuncDecl]*ast.FuncType {
	sigs := map[*ast.FuncDecl]*ast.FuncType{}
	for _, c := range chunks {
		if c.File == nil {
			continue
		}
		for _, d := range c.File.Decls {
			if d, ok := d.(*ast.FuncDecl); ok {
				sigs[d] = cloneNode(d.Type)
			}
		}
	}
	return sigs
}

// commit adds a checked cell's declarations and variables to the model;
// sigs holds the functions' signatures as checked (signatures).
func (s *Session) commit(chunks []Chunk, globals []*types.Var, info *types.Info, sigs map[*ast.FuncDecl]*ast.FuncType) {
	s.cells++
	for _, c := range chunks {
		if c.File == nil {
			continue
		}
		// (The cell's imports are the session's already: Check read them
		// before the lowering, which may drop some.)
		for _, d := range c.File.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				s.commitFunc(d, sigs[d])
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						cp := *sp
						s.put(sp.Name.Name, &entry{spec: &cp, text: s.print(sp), methods: map[string]*method{}})
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if obj := info.Defs[n]; obj != nil && n.Name != "_" {
								s.put(n.Name, &entry{obj: obj})
							}
						}
					}
				}
			}
		}
	}
	for _, g := range globals {
		s.put(g.Name(), &entry{obj: g})
	}
	s.recordShadows(info)
}

// commitFunc adds a function or method declaration to the model, with
// the signature sig as checked (nil: d's own).
func (s *Session) commitFunc(d *ast.FuncDecl, sig *ast.FuncType) {
	cp := *d
	if sig != nil {
		cp.Type = sig
	}
	if d.Recv == nil {
		if d.Name.Name != "_" && d.Name.Name != "init" {
			s.put(d.Name.Name, &entry{fn: &cp})
		}
		return
	}
	if base := receiverBase(d); base != "" {
		if e := s.model[base]; e != nil && e.spec != nil && d.Name.Name != "_" {
			e.methods[d.Name.Name] = &method{decl: &cp, text: s.print(d)}
		}
	}
}
