package front

import (
	"go/types"
	"reflect"
)

// reflect hides the unexported methods of a non-interface type, but an
// interface's reflect type lists its unexported methods. Without them, a
// type could never implement an interface with unexported methods
// ("sealed"), such as go/ast.Expr or testing.TB, and go/types would reject
// "var e ast.Expr = &ast.Ident{}". reflect.Type.Implements does see them,
// so each pair of a sealed interface and a named non-interface type that
// the converter meets, in either order, is checked with it, and a type
// that implements the interface gets the interface's unexported methods.

// sealedIface is an interface type with unexported methods.
type sealedIface struct {
	t       reflect.Type
	methods []reflect.Method // the unexported ones, without receiver
	paths   map[string]bool  // their package paths
}

// concreteType is a named non-interface type whose methods are declared.
type concreteType struct {
	t        reflect.Type
	named    *types.Named
	embeds   bool            // a struct with an embedded field: it may implement any sealed interface
	unexport map[string]bool // unexported methods declared, "path.name"
}

// addSealed records interface type t with its unexported methods and
// declares them on the concrete types that implement it.
func (c *converter) addSealed(t reflect.Type, unexported []reflect.Method) {
	s := &sealedIface{t: t, methods: unexported, paths: map[string]bool{}}
	for _, m := range unexported {
		s.paths[m.PkgPath] = true
	}
	c.sealed = append(c.sealed, s)
	for _, ct := range c.concrete {
		c.implement(ct, s)
	}
}

// addConcrete records named non-interface type t, n, whose exported
// methods are declared, and declares the unexported methods of the sealed
// interfaces that it implements.
func (c *converter) addConcrete(t reflect.Type, n *types.Named) {
	ct := &concreteType{t: t, named: n}
	if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField() && !ct.embeds; i++ {
			ct.embeds = t.Field(i).Anonymous
		}
	}
	c.concrete = append(c.concrete, ct)
	for _, s := range c.sealed {
		c.implement(ct, s)
	}
}

// implement declares the unexported methods of s on ct if ct or a pointer
// to it implements s. Only a type of the methods' package, or one that
// embeds a field, can have them.
func (c *converter) implement(ct *concreteType, s *sealedIface) {
	if !ct.embeds && !s.paths[ct.t.PkgPath()] {
		return
	}
	var recv types.Type
	switch {
	case ct.t.Implements(s.t):
		recv = ct.named
	case reflect.PointerTo(ct.t).Implements(s.t):
		recv = c.typeOf(reflect.PointerTo(ct.t))
	default:
		return
	}
	pkg := ct.named.Obj().Pkg()
	for _, m := range s.methods {
		key := m.PkgPath + "." + m.Name
		if ct.unexport[key] {
			continue
		}
		if ct.unexport == nil {
			ct.unexport = map[string]bool{}
		}
		ct.unexport[key] = true
		sig := c.signature(m.Type, receiver(pkg, recv), 0)
		ct.named.AddMethod(types.NewFunc(nopos, c.pkgFor(m.PkgPath), m.Name, sig))
	}
}
