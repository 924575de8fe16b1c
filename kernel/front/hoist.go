package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// The candidates of the session's types (typeCandidates) that a helper is
// given are a variable of the chunk, declared once at the package level
// where the chunk starts:
//
//	var __goexeccands<Tag>_N = []any{"main.S", *new(S), "", "…", "*main.S", (*S)(nil), "", "…"}
//
// and the helper's call passes it (ValueTypeIn(v, __goexeccands7_3...)).
// Written as a literal at each call, the interpreter built the list anew
// at every call: with one type of the session, reflect.ValueOf(x),
// v.Type().String() and v.NumMethod() of an any took 9.5 µs in place of
// 3.0 µs (docs/goexec.md, "Measured"). A chunk has one variable for each
// interface type whose candidates it asks for.

// candidatesKey names a chunk's list of candidates: the chunk's index and
// the names of the candidates (the rest of a candidate follows from its
// name).
type candidatesKey struct {
	chunk int
	names string
}

// candidatesVar returns the variable holding typeCandidates(iface, pos) in
// the chunk being lowered, nil when there are none.
func (lw *Lowering) candidatesVar(iface types.Type, pos token.Pos) ast.Expr {
	elts := lw.typeCandidates(iface, pos)
	if len(elts) == 0 {
		return nil
	}
	var names strings.Builder
	for i := 0; i < len(elts); i += 4 {
		if lit, ok := elts[i].(*ast.BasicLit); ok {
			names.WriteString(lit.Value + " ")
		}
	}
	key := candidatesKey{lw.chunkIndex, names.String()}
	name, ok := lw.candNames[key]
	if !ok {
		name = lw.name("cands" + lw.Tag + "_")
		list := &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: emptyInterface(pos)}, Lbrace: pos, Elts: elts, Rbrace: pos}
		lw.candDecls[lw.chunkIndex] = append(lw.candDecls[lw.chunkIndex], &ast.ValueSpec{
			Names: []*ast.Ident{{NamePos: pos, Name: name}}, Values: []ast.Expr{list}})
		lw.candNames[key] = name
	}
	return &ast.Ident{NamePos: pos, Name: name}
}

// candidatesArg returns the variable of candidatesVar, or an empty []any
// when there are none, for a helper whose parameter is a []any.
func (lw *Lowering) candidatesArg(iface types.Type, pos token.Pos) ast.Expr {
	if v := lw.candidatesVar(iface, pos); v != nil {
		return v
	}
	return &ast.CompositeLit{Type: &ast.ArrayType{Lbrack: pos, Elt: emptyInterface(pos)}, Lbrace: pos, Rbrace: pos}
}

// spreadCandidates makes the last argument of c, a call of a helper whose
// last parameter is candidates ...any, the variable of candidatesVar;
// false, leaving c as it is, when there are no candidates.
func (lw *Lowering) spreadCandidates(c *ast.CallExpr, iface types.Type, pos token.Pos) bool {
	v := lw.candidatesVar(iface, pos)
	if v == nil {
		return false
	}
	c.Args = append(c.Args, v)
	c.Ellipsis = c.Rparen
	if !c.Ellipsis.IsValid() {
		c.Ellipsis = pos
	}
	return true
}

// emptyInterface returns the type expression interface{}.
func emptyInterface(pos token.Pos) ast.Expr {
	return &ast.InterfaceType{Interface: pos, Methods: &ast.FieldList{Opening: pos, Closing: pos}}
}

// declareCandidates declares the variables of candidatesVar at the start
// of their chunks: after the imports of a file, first in a block of
// statements.
func (lw *Lowering) declareCandidates(chunks []Chunk) {
	for i := range chunks {
		specs := lw.candDecls[i]
		if len(specs) == 0 {
			continue
		}
		c := &chunks[i]
		decl := &ast.GenDecl{TokPos: specs[0].Pos(), Tok: token.VAR, Specs: specs}
		if c.File == nil {
			c.Body.List = append([]ast.Stmt{&ast.DeclStmt{Decl: decl}}, c.Body.List...)
			continue
		}
		at := 0
		for at < len(c.File.Decls) {
			if g, ok := c.File.Decls[at].(*ast.GenDecl); !ok || g.Tok != token.IMPORT {
				break
			}
			at++
		}
		c.File.Decls = append(c.File.Decls[:at], append([]ast.Decl{decl}, c.File.Decls[at:]...)...)
	}
}
