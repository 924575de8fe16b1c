package front

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// receiverBase returns the name of a method's receiver base type.
func receiverBase(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return ""
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// importSpecs returns the import specs of a file.
func importSpecs(f *ast.File) []*ast.ImportSpec {
	var specs []*ast.ImportSpec
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			for _, sp := range g.Specs {
				specs = append(specs, sp.(*ast.ImportSpec))
			}
		}
	}
	return specs
}

// importName is the name an import spec binds: its explicit name, else
// the last element of its path that is not a major version ("v2").
func importName(spec *ast.ImportSpec) string {
	if spec.Name != nil {
		return spec.Name.Name
	}
	p, _ := strconv.Unquote(spec.Path.Value)
	return PathName(p)
}

// PathName is the name an import of path binds when its package is not
// known: the last element of the path that is not a major version ("v2").
func PathName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}

// withImports returns decls after an import declaration of the packages
// of m (name → path), without positions; decls alone when m is empty.
func withImports(m map[string]string, decls ...ast.Decl) []ast.Decl {
	if len(m) == 0 {
		return decls
	}
	return append([]ast.Decl{importDecl(m)}, decls...)
}

// importDecl returns an import declaration of the packages of m (name →
// path), without positions.
func importDecl(m map[string]string) *ast.GenDecl {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	g := &ast.GenDecl{Tok: token.IMPORT}
	for _, n := range names {
		g.Specs = append(g.Specs, &ast.ImportSpec{
			Name: ast.NewIdent(n),
			Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(m[n])},
		})
	}
	return g
}
