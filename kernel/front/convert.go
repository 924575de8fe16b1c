package front

import (
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"strings"
)

// nopos is the position of every object the converter makes: there is no
// source to point to.
const nopos = token.NoPos

// anyType is the empty interface. It is pointer-identical to the universe's
// any, so types.TypeString prints it as "any".
var anyType = types.Universe.Lookup("any").Type().Underlying()

// errorType is the predeclared error type.
var errorType = types.Universe.Lookup("error").Type()

// basicKinds maps the reflect kinds of the predeclared non-composite types
// to go/types' basic kinds.
var basicKinds = map[reflect.Kind]types.BasicKind{
	reflect.Bool:          types.Bool,
	reflect.Int:           types.Int,
	reflect.Int8:          types.Int8,
	reflect.Int16:         types.Int16,
	reflect.Int32:         types.Int32,
	reflect.Int64:         types.Int64,
	reflect.Uint:          types.Uint,
	reflect.Uint8:         types.Uint8,
	reflect.Uint16:        types.Uint16,
	reflect.Uint32:        types.Uint32,
	reflect.Uint64:        types.Uint64,
	reflect.Uintptr:       types.Uintptr,
	reflect.Float32:       types.Float32,
	reflect.Float64:       types.Float64,
	reflect.Complex64:     types.Complex64,
	reflect.Complex128:    types.Complex128,
	reflect.String:        types.String,
	reflect.UnsafePointer: types.UnsafePointer,
}

// chanDirs maps reflect's channel directions to go/types'.
var chanDirs = map[reflect.ChanDir]types.ChanDir{
	reflect.BothDir: types.SendRecv,
	reflect.SendDir: types.SendOnly,
	reflect.RecvDir: types.RecvOnly,
}

// converter turns reflect types into go/types types. Each reflect.Type is
// converted once, so the same reflect.Type always gives the same
// types.Type, and each package path has one *types.Package. It is not safe
// for concurrent use: the Importer serialises calls with its mutex.
type converter struct {
	names map[string]string           // import path → package name, for the tables' paths
	pkgs  map[string]*types.Package   // every package made so far, by path
	types map[reflect.Type]types.Type // every type converted so far
	// unnaming holds the instances of generic function types being
	// converted to their underlying types (typeOf).
	unnaming map[reflect.Type]bool

	sealed   []*sealedIface  // interfaces with unexported methods
	concrete []*concreteType // non-interface named types, for sealed
}

// newConverter returns a converter whose packages in names (import path →
// package name) are the tables' ones.
func newConverter(names map[string]string) *converter {
	return &converter{
		names: names,
		pkgs:  map[string]*types.Package{},
		types: map[reflect.Type]types.Type{},

		unnaming: map[reflect.Type]bool{},
	}
}

// pkgFor returns the package of an import path, making it on first use. A
// path outside the tables gets a guessed name and is marked complete at
// once; a table's package is filled and marked complete by the Importer.
func (c *converter) pkgFor(path string) *types.Package {
	if p := c.pkgs[path]; p != nil {
		return p
	}
	name, ok := c.names[path]
	if !ok {
		name = guessName(path)
	}
	p := types.NewPackage(path, name)
	if !ok {
		p.MarkComplete()
	}
	c.pkgs[path] = p
	return p
}

// versionSuffix matches a major version path element ("v2") and a gopkg.in
// style version suffix (".v3").
var (
	versionElem   = regexp.MustCompile(`^v[0-9]+$`)
	versionSuffix = regexp.MustCompile(`\.v[0-9]+$`)
	notIdentChar  = regexp.MustCompile(`[^A-Za-z0-9_]`)
)

// guessName returns the likely package name of an import path that is not
// in the tables: its last element, skipping a major version element and
// dropping a ".vN" suffix and a "go-" prefix.
func guessName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if versionElem.MatchString(name) && len(elems) > 1 {
		name = elems[len(elems)-2]
	}
	name = versionSuffix.ReplaceAllString(name, "")
	name = strings.TrimPrefix(name, "go-")
	name = notIdentChar.ReplaceAllString(name, "_")
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		name = "_" + name
	}
	return name
}

// typeOf returns the go/types type of t.
func (c *converter) typeOf(t reflect.Type) types.Type {
	if r, ok := c.types[t]; ok {
		return r
	}
	var r types.Type
	switch {
	case funcInstance(t) && !c.unnaming[t]:
		// An instance of a generic function type (iter.Seq[string], the
		// result of strings.Lines) cannot be made an instance of its
		// generic type here, which the tables do not have; as its
		// underlying type it is assignable to the instance, and type
		// inference matches it (slices.Collect(strings.Lines(s)) infers
		// E = string). A type that refers to itself is named inside.
		c.unnaming[t] = true
		r = c.composite(t, nil)
		delete(c.unnaming, t)
	case t.Name() != "" && t.PkgPath() != "":
		return c.named(t) // caches itself before its underlying type
	case t.Name() != "" && t.Kind() == reflect.Interface:
		r = errorType // the only predeclared interface a reflect.Type can be
	default:
		r = c.composite(t, nil)
	}
	c.types[t] = r
	return r
}

// funcInstance reports whether t is an instance of a generic function
// type (its reflect name has type arguments, "Seq[string]") with no
// methods, neither on t nor on *t.
func funcInstance(t reflect.Type) bool {
	return t.Kind() == reflect.Func && t.PkgPath() != "" && strings.Contains(t.Name(), "[") &&
		t.NumMethod() == 0 && reflect.PointerTo(t).NumMethod() == 0
}

// composite returns the type that t's kind and parts describe, ignoring its
// name: the type of an unnamed type, the underlying type of a named one.
// pkg is the named type's package (nil for an unnamed type): that of its
// exported struct fields and interface methods.
func (c *converter) composite(t reflect.Type, pkg *types.Package) types.Type {
	if k, ok := basicKinds[t.Kind()]; ok {
		return types.Typ[k]
	}
	switch t.Kind() {
	case reflect.Array:
		return types.NewArray(c.typeOf(t.Elem()), int64(t.Len()))
	case reflect.Chan:
		return types.NewChan(chanDirs[t.ChanDir()], c.typeOf(t.Elem()))
	case reflect.Func:
		return c.signature(t, nil, 0)
	case reflect.Interface:
		return c.iface(t, pkg)
	case reflect.Map:
		return types.NewMap(c.typeOf(t.Key()), c.typeOf(t.Elem()))
	case reflect.Pointer:
		return types.NewPointer(c.typeOf(t.Elem()))
	case reflect.Slice:
		return types.NewSlice(c.typeOf(t.Elem()))
	case reflect.Struct:
		return c.structType(t, pkg)
	}
	return types.Typ[types.Invalid] // reflect.Invalid: not a type
}

// signature returns the type of function type ft, with receiver recv (nil
// for none), from its parameter first on (1 skips the receiver of a
// method's reflect type).
func (c *converter) signature(ft reflect.Type, recv *types.Var, first int) *types.Signature {
	params := make([]*types.Var, 0, ft.NumIn()-first)
	for i := first; i < ft.NumIn(); i++ {
		params = append(params, types.NewParam(nopos, nil, "", c.typeOf(ft.In(i))))
	}
	results := make([]*types.Var, ft.NumOut())
	for i := range results {
		results[i] = types.NewParam(nopos, nil, "", c.typeOf(ft.Out(i)))
		results[i].SetKind(types.ResultVar)
	}
	return types.NewSignatureType(recv, nil, nil, types.NewTuple(params...), types.NewTuple(results...), ft.IsVariadic())
}

// structType returns the struct type of t, with all its fields, exported
// or not.
func (c *converter) structType(t reflect.Type, pkg *types.Package) *types.Struct {
	fields := make([]*types.Var, t.NumField())
	tags := make([]string, t.NumField())
	for i := range fields {
		f := t.Field(i)
		fpkg := pkg
		if f.PkgPath != "" {
			fpkg = c.pkgFor(f.PkgPath)
		}
		fields[i] = types.NewField(nopos, fpkg, f.Name, c.typeOf(f.Type), f.Anonymous)
		tags[i] = string(f.Tag)
	}
	return types.NewStruct(fields, tags)
}

// iface returns the interface type of t. reflect lists an interface's
// whole method set, unexported methods and those of embedded interfaces
// included, so the result has explicit methods only. An interface with
// unexported methods is recorded for sealed.
func (c *converter) iface(t reflect.Type, pkg *types.Package) types.Type {
	if t.NumMethod() == 0 {
		return anyType
	}
	methods := make([]*types.Func, t.NumMethod())
	var unexported []reflect.Method
	for i := range methods {
		m := t.Method(i)
		mpkg := pkg
		if m.PkgPath != "" {
			mpkg = c.pkgFor(m.PkgPath)
			unexported = append(unexported, m)
		}
		methods[i] = types.NewFunc(nopos, mpkg, m.Name, c.signature(m.Type, nil, 0))
	}
	it := types.NewInterfaceType(methods, nil).Complete()
	if len(unexported) > 0 {
		c.addSealed(t, unexported)
	}
	return it
}

// named returns the named type of t, a type with a package path. It is
// cached before its underlying type and methods are converted, so that
// recursive types end. A type of a package outside the tables is also put
// in its package's scope (for a table's package, the scope holds exactly
// the table's names).
func (c *converter) named(t reflect.Type) *types.Named {
	pkg := c.pkgFor(t.PkgPath())
	obj := types.NewTypeName(nopos, pkg, t.Name(), nil)
	n := types.NewNamed(obj, nil, nil)
	c.types[t] = n
	if _, inTables := c.names[pkg.Path()]; !inTables && pkg.Scope().Lookup(obj.Name()) == nil {
		pkg.Scope().Insert(obj)
	}
	n.SetUnderlying(c.composite(t, pkg))
	if t.Kind() != reflect.Interface {
		c.methods(n, t, pkg)
		c.addConcrete(t, n)
	}
	return n
}

// methods declares the exported methods of named non-interface type t on
// n: value-receiver ones from t's method set, pointer-receiver ones from
// *t's less those. Promoted methods are declared too, as reflect does not
// tell them apart.
func (c *converter) methods(n *types.Named, t reflect.Type, pkg *types.Package) {
	byValue := make(map[string]bool, t.NumMethod())
	for i := 0; i < t.NumMethod(); i++ {
		m := t.Method(i)
		byValue[m.Name] = true
		n.AddMethod(types.NewFunc(nopos, pkg, m.Name, c.signature(m.Type, receiver(pkg, n), 1)))
	}
	pt := reflect.PointerTo(t)
	if pt.NumMethod() == len(byValue) {
		return
	}
	ptr := c.typeOf(pt)
	for i := 0; i < pt.NumMethod(); i++ {
		if m := pt.Method(i); !byValue[m.Name] {
			n.AddMethod(types.NewFunc(nopos, pkg, m.Name, c.signature(m.Type, receiver(pkg, ptr), 1)))
		}
	}
}

// receiver returns a method's receiver variable, of type t (a named type
// or a pointer to one) in package pkg.
func receiver(pkg *types.Package, t types.Type) *types.Var {
	v := types.NewParam(nopos, pkg, "", t)
	v.SetKind(types.RecvVar)
	return v
}
