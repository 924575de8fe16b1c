package front

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// Types declared inside functions (local types) and unnamed struct types
// written in a cell are not session types, and the helpers' candidates
// (typeCandidates) did not list them. yaegi builds one reflect type for
// every struct type of the same fields (an unexported field is X+name),
// so "type L struct{ a int }" inside a function and a session type
// "type Tm struct{ a int }" are one reflect type, struct { Xa int }. A
// value of L that reached a helper without yaegi's description (stored
// in a sync.Map and read back, returned by another package) was named by
// the only candidate of its reflect type: main.Tm, with Tm's String
// method. The session keeps these types as its cells commit them
// (Session.recordShadows), and typeCandidates lists each one whose
// reflect type a session struct type shares (or whose reflect type Go
// would name otherwise) as a candidate of its own. Where two candidates
// then share a reflect type, a value of either without methods that the
// cell puts in an empty interface is recorded with its name
// (tagContested, TagType), by which the helpers name it; one not
// recorded ends the cell with an InterpreterLimit naming both (goexec's
// candidateFor). A reflect type of one candidate names the value as
// before.

// shadowTypes returns the local named struct types and unnamed struct
// types that the checked cell info uses, which the session types'
// declarations do not declare: the underlying struct type of a type
// declaration (package-level or local) is the declared type's, not one
// of its own.
func shadowTypes(info *types.Info) []types.Type {
	if info == nil {
		return nil
	}
	declared := map[types.Type]bool{}
	var out []types.Type
	seen := map[types.Type]bool{}
	for id, obj := range info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || id == nil || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		declared[n.Underlying()] = true
		if tn.Pkg() == nil || tn.Pkg().Path() != PackagePath || tn.Parent() == nil || tn.Parent() == tn.Pkg().Scope() ||
			n.TypeParams().Len() > 0 {
			continue
		}
		if _, ok := n.Underlying().(*types.Struct); ok && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	var visit func(t types.Type)
	visit = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch u := t.(type) {
		case *types.Named:
			if sessionInstance(u) {
				out = append(out, u)
			}
		case *types.Struct:
			if !declared[u] {
				out = append(out, u)
			}
			for i := range u.NumFields() {
				visit(u.Field(i).Type())
			}
		case *types.Pointer:
			visit(u.Elem())
		case *types.Slice:
			visit(u.Elem())
		case *types.Array:
			visit(u.Elem())
		case *types.Chan:
			visit(u.Elem())
		case *types.Map:
			visit(u.Key())
			visit(u.Elem())
		case *types.Signature:
			for _, tu := range []*types.Tuple{u.Params(), u.Results()} {
				for i := range tu.Len() {
					visit(tu.At(i).Type())
				}
			}
		}
	}
	for _, tv := range info.Types {
		visit(tv.Type)
	}
	// The maps' order is random: sort, so that the candidates, and the
	// names an InterpreterLimit lists, come in one order.
	slices.SortStableFunc(out, func(a, b types.Type) int {
		return strings.Compare(shadowName(a)+"\x00"+yaegiKey(a, map[*types.Named]bool{}), shadowName(b)+"\x00"+yaegiKey(b, map[*types.Named]bool{}))
	})
	return out
}

// sessionInstance reports whether n is an instance of a generic struct
// type declared at a cell's top level, with type arguments that are
// neither type parameters nor made of them (Pair[bool, bool], not
// Pair[K, V]). yaegi holds its values as the reflect type of its
// underlying struct, as it holds a local type's, so it is a shadow type:
// a value of it put in an interface where the front end does not see it
// (by a generic function of the session: func keep[T any](v T) any)
// is named by its candidate as Go names it (main.Pair[bool,bool]), where
// it was named as the struct.
func sessionInstance(n *types.Named) bool {
	if n.TypeArgs().Len() == 0 || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != PackagePath ||
		n.Obj().Parent() != n.Obj().Pkg().Scope() {
		return false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return false
	}
	for i := range n.TypeArgs().Len() {
		if typeParamIn(n.TypeArgs().At(i), map[types.Type]bool{}) || mentionsLocal(n.TypeArgs().At(i)) {
			return false
		}
	}
	return true
}

// shadowName is Go's name of a shadow type, as %T writes it: "main.L",
// "struct { a int }".
func shadowName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return fmtName(n)
	}
	return reflectString(t)
}

// yaegiKey writes the reflect type that yaegi gives values of type t:
// a type of package main (of the session, or local) is its underlying
// type's, an unexported field is named X+name; "" when it cannot say (a
// recursive type, a type parameter).
func yaegiKey(t types.Type, open map[*types.Named]bool) string {
	switch u := t.(type) {
	case *types.Alias:
		return yaegiKey(types.Unalias(u), open)
	case *types.Basic:
		return types.Typ[u.Kind()].Name()
	case *types.Named:
		if u.Obj().Pkg() == nil || u.Obj().Pkg().Path() != PackagePath {
			return types.TypeString(u, nil)
		}
		if open[u] || (u.TypeArgs().Len() > 0 && !sessionInstance(u)) {
			return ""
		}
		open[u] = true
		defer delete(open, u)
		return yaegiKey(u.Underlying(), open)
	case *types.Struct:
		parts := make([]string, u.NumFields())
		for i := range u.NumFields() {
			f := u.Field(i)
			ft := yaegiKey(f.Type(), open)
			if ft == "" {
				return ""
			}
			name := f.Name()
			switch {
			case f.Embedded():
				name = "^" + name
			case !f.Exported():
				name = "X" + name
			}
			parts[i] = name + " " + ft
			if tag := u.Tag(i); tag != "" {
				parts[i] += " " + strconv.Quote(tag)
			}
		}
		return "struct { " + strings.Join(parts, "; ") + " }"
	case *types.Pointer:
		return wrapKey("*", yaegiKey(u.Elem(), open))
	case *types.Slice:
		return wrapKey("[]", yaegiKey(u.Elem(), open))
	case *types.Array:
		return wrapKey("["+strconv.FormatInt(u.Len(), 10)+"]", yaegiKey(u.Elem(), open))
	case *types.Chan:
		return wrapKey("chan("+strconv.Itoa(int(u.Dir()))+") ", yaegiKey(u.Elem(), open))
	case *types.Map:
		k, e := yaegiKey(u.Key(), open), yaegiKey(u.Elem(), open)
		if k == "" || e == "" {
			return ""
		}
		return "map[" + k + "]" + e
	case *types.Interface:
		return types.TypeString(u, nil)
	case *types.Signature:
		var parts []string
		for _, tu := range []*types.Tuple{u.Params(), u.Results()} {
			for i := range tu.Len() {
				k := yaegiKey(tu.At(i).Type(), open)
				if k == "" {
					return ""
				}
				parts = append(parts, k)
			}
			parts = append(parts, "|")
		}
		return "func(" + strconv.FormatBool(u.Variadic()) + " " + strings.Join(parts, ", ") + ")"
	}
	return ""
}

func wrapKey(prefix, k string) string {
	if k == "" {
		return ""
	}
	return prefix + k
}

// goNamesOtherwise reports whether Go names the shadow type t otherwise
// than yaegi's reflect type of it: a local type (main.L), or an unnamed
// struct with an unexported field (X+name) or written with a type of
// package main.
func goNamesOtherwise(t types.Type) bool {
	switch u := t.(type) {
	case *types.Named:
		return true
	case *types.Struct:
		return unexportedField(u) || mentionsSession(u, map[types.Type]bool{})
	}
	return false
}

// mentionsLocal reports whether t is written with a type declared inside
// a function, which a declaration at the package level cannot name.
func mentionsLocal(t types.Type) bool {
	return holds(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Parent() != nil && n.Obj().Parent() != n.Obj().Pkg().Scope()
	})
}

// shadowCandidates returns typeCandidates' quadruples for the shadow
// types (Lowering.Shadows and the cell's own) that a value of iface can
// hold and whose reflect type a session struct type among session shares
// (its zero value is then the session type's: one reflect type), or that
// Go names otherwise than the reflect type (a local type; a struct with
// an unexported field or a field of a session type), written as the
// unnamed struct type at the package level. The pointer to a shadow type
// is a candidate only in the second case (see below).
func (lw *Lowering) shadowCandidates(iface types.Type, session []types.Type, pos token.Pos) []ast.Expr {
	shadows := lw.allShadows()
	if len(shadows) == 0 {
		return nil
	}
	sharing := map[string]types.Type{}
	declared := map[types.Type]bool{}
	for _, t := range session {
		declared[t.Underlying()] = true
		if _, ok := t.Underlying().(*types.Struct); !ok {
			continue
		}
		if k := lw.keyOf(t); k != "" {
			if _, ok := sharing[k]; !ok {
				sharing[k] = t
			}
		}
	}
	// The reflect types of the instances among the shadows: an unnamed
	// struct type of one of them is a candidate of its own, so that a
	// value of either is not named as the other.
	instances := map[string]bool{}
	for _, s := range shadows {
		if n, ok := s.(*types.Named); ok && n.TypeArgs().Len() > 0 {
			instances[lw.keyOf(s)] = true
		}
	}
	var out []ast.Expr
	seen := map[string]bool{}
	for _, s := range shadows {
		if declared[s] {
			continue
		}
		name := shadowName(s)
		k := lw.keyOf(s)
		if k == "" || seen[name+"\x00"+k] {
			continue
		}
		seen[name+"\x00"+k] = true
		var tx ast.Expr
		st := sharing[k]
		if st != nil {
			tx = lw.typeExpr(st, pos)
		} else if _, unnamed := s.(*types.Struct); goNamesOtherwise(s) || unnamed && instances[k] {
			if u := s.Underlying(); !mentionsLocal(u) {
				tx = lw.typeExpr(u, pos)
			}
		}
		if tx == nil {
			continue
		}
		if types.AssignableTo(s, iface) {
			zero := &ast.StarExpr{Star: pos, X: &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "new"}, Lparen: pos, Args: []ast.Expr{tx}, Rparen: pos}}
			out = append(out, stringLit(pos, name), zero, stringLit(pos, methodNames(s)), stringLit(pos, Describe(s)))
		}
		if p := types.NewPointer(s); st == nil && types.AssignableTo(p, iface) {
			// Left out where a session type shares the reflect type:
			// yaegi holds a pointer put in an interface by the cell
			// without its description too, so every &Tm{…} held by an
			// any would be refused for a *L that only compiled code
			// can give back.
			zero := &ast.CallExpr{Fun: &ast.ParenExpr{Lparen: pos, X: &ast.StarExpr{Star: pos, X: tx}, Rparen: pos},
				Lparen: pos, Args: []ast.Expr{&ast.Ident{NamePos: pos, Name: "nil"}}, Rparen: pos}
			out = append(out, stringLit(pos, "*"+name), zero, stringLit(pos, methodNames(p)), stringLit(pos, Describe(p)))
		}
	}
	return out
}

// allShadows returns the session's shadow types (Shadows) and the cell's
// own (shadowTypes of its Info), read once.
func (lw *Lowering) allShadows() []types.Type {
	if lw.Shadows == nil {
		return nil // not the interpreter's lowering (compiled cells, vet)
	}
	if !lw.shadowsRead {
		lw.shadowsRead = true
		lw.cellShadows = append(append([]types.Type(nil), lw.Shadows...), shadowTypes(lw.Info)...)
	}
	return lw.cellShadows
}

// recordShadows adds the shadow types of a committed cell to the
// session's (Shadows), once each by name, reflect type and declaring
// function (declaringFunc): the types of a cell run again are not
// added again, and a local type of the same name and fields in another
// function is another type.
func (s *Session) recordShadows(info *types.Info) {
	if s.shadowSeen == nil {
		s.shadowSeen = map[string]bool{}
		s.shadowFuncs = map[types.Type]string{}
	}
	for _, t := range shadowTypes(info) {
		fn := ""
		if n, ok := t.(*types.Named); ok {
			fn = declaringFunc(n, info)
		}
		k := shadowName(t) + "\x00" + yaegiKey(t, map[*types.Named]bool{}) + "\x00" + fn
		if !s.shadowSeen[k] {
			s.shadowSeen[k] = true
			s.shadows = append(s.shadows, t)
			if fn != "" {
				s.shadowFuncs[t] = fn
			}
		}
	}
}

// Shadows returns the local named struct types and unnamed struct types
// of the session's committed cells (see Lowering.Shadows).
func (s *Session) Shadows() []types.Type {
	return s.shadows
}

// ShadowFuncs returns the names of the functions that declare the local
// types of Shadows (see Lowering.ShadowFuncs). The map is the session's:
// it is read, not changed.
func (s *Session) ShadowFuncs() map[types.Type]string {
	return s.shadowFuncs
}

// declaringFunc returns the full name of the function or method declared
// at the package level ("main.f", "(main.T).m") inside which the local
// type n is declared, found in info; "" when none is.
func declaringFunc(n *types.Named, info *types.Info) string {
	obj := n.Obj()
	if obj.Pkg() == nil || obj.Parent() == nil || info == nil {
		return ""
	}
	pkg := obj.Pkg().Scope()
	sc := obj.Parent()
	// Up to the function's scope, whose parent is a file scope.
	for sc != nil && sc != pkg && sc.Parent() != nil && sc.Parent().Parent() != pkg {
		sc = sc.Parent()
	}
	if sc == nil || sc == pkg {
		return ""
	}
	for _, o := range info.Defs {
		if f, ok := o.(*types.Func); ok && f.Scope() == sc {
			return f.FullName()
		}
	}
	// A function declared again with the same signature is checked
	// under a name of its own, "f (again 3)" (cellcheck.go), and Defs
	// give the earlier f: the package holds the one whose scope this is.
	for _, name := range pkg.Names() {
		switch o := pkg.Lookup(name).(type) {
		case *types.Func:
			if o.Scope() == sc {
				full := o.FullName()
				if i := strings.Index(full, " (again "); i >= 0 {
					full = full[:i]
				}
				return full
			}
		case *types.TypeName:
			if nt, ok := o.Type().(*types.Named); ok {
				for i := range nt.NumMethods() {
					if m := nt.Method(i); m.Scope() == sc {
						return m.FullName()
					}
				}
			}
		}
	}
	return ""
}

// shadowed reports whether a shadow type shares the reflect type of the
// session struct type t.
func (lw *Lowering) shadowed(t types.Type) bool {
	shadows := lw.allShadows()
	if len(shadows) == 0 {
		return false
	}
	k := lw.keyOf(t)
	if k == "" {
		return false
	}
	for _, s := range shadows {
		if s != t.Underlying() && lw.keyOf(s) == k {
			return true
		}
	}
	return false
}

// keyOf is yaegiKey(t), kept for the cell's lowering: typeCandidates
// asks for the keys of every session type and shadow type at each call
// it lowers.
func (lw *Lowering) keyOf(t types.Type) string {
	if k, ok := lw.shadowKeys[t]; ok {
		return k
	}
	if lw.shadowKeys == nil {
		lw.shadowKeys = map[types.Type]string{}
	}
	k := yaegiKey(t, map[*types.Named]bool{})
	lw.shadowKeys[t] = k
	return k
}

// contestedKeys returns yaegi's reflect types (yaegiKey) that two of the
// candidates' struct types share, one of them a shadow type, for the
// chunk being lowered; nil when there are none (always in a session
// without shadow types).
func (lw *Lowering) contestedKeys() map[string]bool {
	if lw.contestedSeen && lw.contestedEnd == lw.chunkEnd {
		return lw.contested
	}
	lw.contestedSeen, lw.contestedEnd, lw.contested = true, lw.chunkEnd, nil
	shadows := lw.allShadows()
	if len(shadows) == 0 {
		return nil
	}
	names := map[string]map[string]bool{}
	withShadow := map[string]bool{}
	add := func(t types.Type, shadow bool) {
		k := lw.keyOf(t)
		if k == "" {
			return
		}
		if names[k] == nil {
			names[k] = map[string]bool{}
		}
		names[k][shadowName(t)] = true
		withShadow[k] = withShadow[k] || shadow
	}
	declared := map[types.Type]bool{}
	for _, t := range lw.sessionTypes() {
		declared[t.Underlying()] = true
		if _, ok := t.Underlying().(*types.Struct); ok {
			add(t, false)
		}
	}
	for _, s := range shadows {
		if !declared[s] {
			add(s, true)
		}
	}
	for k, ns := range names {
		if len(ns) > 1 && withShadow[k] {
			if lw.contested == nil {
				lw.contested = map[string]bool{}
			}
			lw.contested[k] = true
		}
	}
	return lw.contested
}

// tagContested returns x lowered to TagType(x, "Go's name") when it goes
// into the empty interface type into and its static type is a struct
// type without methods (of the session, local or unnamed) whose reflect
// type another candidate shares (contestedKeys): yaegi holds such a value
// bare, and the helpers name it by the name recorded (goexec's
// candidateFor), where they would otherwise have two candidates. nil
// when x is not recorded. A type with methods is described by yaegi's
// wrapper where the cell's code puts it in an interface. A pointer,
// list, map or channel made of such a struct type (madeOfContested; with
// or without methods) becomes TagType(x, "Go's name", "description"):
// the helpers print it by the description.
func (lw *Lowering) tagContested(into types.Type, x ast.Expr) ast.Expr {
	if _, ok := into.(*types.TypeParam); ok {
		return nil
	}
	if it, ok := into.Underlying().(*types.Interface); !ok || !it.Empty() {
		return nil
	}
	contested := lw.contestedKeys()
	if len(contested) == 0 {
		return nil
	}
	tv, ok := lw.Info.Types[x]
	if !ok || !tv.IsValue() || tv.IsNil() || tv.Type == nil {
		return nil
	}
	t := types.Unalias(tv.Type)
	if _, ok := t.Underlying().(*types.Struct); !ok {
		if !lw.madeOfContested(t, contested, 0) {
			return nil
		}
		// A pointer, list, map or channel made of such a type: yaegi
		// holds it bare, whatever the struct's methods (&Tm{1} too),
		// and its description says which struct type it is made of.
		pos := x.Pos()
		return &ast.CallExpr{Fun: lw.helper("TagType", pos), Lparen: pos,
			Args: []ast.Expr{x, stringLit(pos, reflectString(t)), stringLit(pos, Describe(t))}, Rparen: x.End()}
	}
	switch u := t.(type) {
	case *types.Named:
		if u.Obj().Pkg() == nil || u.Obj().Pkg().Path() != PackagePath || u.TypeArgs().Len() > 0 {
			return nil
		}
	case *types.Struct:
	default:
		return nil
	}
	if types.NewMethodSet(t).Len() > 0 || types.NewMethodSet(types.NewPointer(t)).Len() > 0 || !contested[lw.keyOf(t)] {
		return nil
	}
	pos := x.Pos()
	return &ast.CallExpr{Fun: lw.helper("TagType", pos), Lparen: pos, Args: []ast.Expr{x, stringLit(pos, shadowName(t))}, Rparen: x.End()}
}

// madeOfContested reports whether t is an unnamed pointer, slice, array,
// map or channel type made, at any depth, of a struct type (of the
// session, local or unnamed, not generic) whose reflect type is one of
// contested: *L, []L, map[string]*Tm in a session where Tm and a local
// L share struct { Xa int }.
func (lw *Lowering) madeOfContested(t types.Type, contested map[string]bool, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, p := range compositeParts(t) {
		p = types.Unalias(p)
		switch u := p.(type) {
		case *types.Named:
			if _, ok := u.Underlying().(*types.Struct); ok && u.Obj().Pkg() != nil && u.Obj().Pkg().Path() == PackagePath &&
				u.TypeArgs().Len() == 0 && contested[lw.keyOf(u)] {
				return true
			}
		case *types.Struct:
			if contested[lw.keyOf(u)] {
				return true
			}
		default:
			if lw.madeOfContested(p, contested, depth+1) {
				return true
			}
		}
	}
	return false
}
