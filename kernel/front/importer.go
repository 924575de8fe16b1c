package front

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"sync"
)

// Importer is a go/types importer (types.Importer and types.ImporterFrom)
// whose packages are built from yaegi symbol tables: each exported func,
// var, const and type of a table becomes the matching go/types object, its
// type converted from the reflect.Type of the table's value. Packages are
// built once, on first import, and share their types: the same
// reflect.Type always gives the same types.Type. It is safe for concurrent
// use. A package it has returned is not changed afterwards, with one rare
// exception: a named type that implements an interface with unexported
// methods only through an embedded field gets those methods when the
// interface is first met, which may be after the type's package was
// returned (a data race if another goroutine type-checks with that type
// meanwhile).
type Importer struct {
	mu     sync.Mutex
	tables map[string][]map[string]reflect.Value // import path → its tables, in order
	conv   *converter
	built  map[string]*types.Package
	failed map[string]error
}

// ImportError is the error of Import for a package that it cannot build:
// one without a symbol table, or whose table is empty (a generic-only
// package such as slices, maps or cmp, which yaegi interprets from
// source), or whose conversion failed.
type ImportError struct {
	Path   string // the import path
	Reason string // why, e.g. "no symbol table"
}

// Error returns "front: cannot import PATH: REASON".
func (e *ImportError) Error() string {
	return fmt.Sprintf("front: cannot import %q: %s", e.Path, e.Reason)
}

// NewImporter returns an Importer for the symbol tables, each keyed
// "importpath/pkgname" like yaegi's interp.Exports. As with
// (*interp.Interpreter).Use, tables for the same package are merged, a
// later table's value replacing an earlier one's of the same name, and the
// first package name given for a path is kept. Keys without a package name
// (yaegi's "." for MapTypes) are skipped. A package's tables are read when
// it is first imported, so they must not change after NewImporter (the
// generated tables are filled by init functions and never change).
func NewImporter(tables ...map[string]map[string]reflect.Value) *Importer {
	byPath := map[string][]map[string]reflect.Value{}
	names := map[string]string{}
	for _, table := range tables {
		for key, entries := range table {
			i := strings.LastIndex(key, "/")
			if i <= 0 || i == len(key)-1 {
				continue
			}
			path, name := key[:i], key[i+1:]
			if _, ok := names[path]; !ok {
				names[path] = name
			}
			byPath[path] = append(byPath[path], entries)
		}
	}
	return &Importer{
		tables: byPath,
		conv:   newConverter(names),
		built:  map[string]*types.Package{},
		failed: map[string]error{},
	}
}

// entries returns the merged table entries of path, and whether path has
// a table.
func (im *Importer) entries(path string) (map[string]reflect.Value, bool) {
	tables, ok := im.tables[path]
	if len(tables) == 1 {
		return tables[0], ok
	}
	merged := map[string]reflect.Value{}
	for _, table := range tables {
		for name, v := range table {
			merged[name] = v
		}
	}
	return merged, ok
}

// Paths returns the sorted import paths of the tables, empty ones included.
func (im *Importer) Paths() []string {
	paths := make([]string, 0, len(im.tables))
	for p := range im.tables {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// Import returns the package of an import path, building it on first use.
// "unsafe" is types.Unsafe. It returns an *ImportError for a path without
// a table or with an empty one, and caches that too.
func (im *Importer) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	im.mu.Lock()
	defer im.mu.Unlock()
	if p := im.built[path]; p != nil {
		return p, nil
	}
	if err := im.failed[path]; err != nil {
		return nil, err
	}
	p, err := im.build(path)
	if err != nil {
		im.failed[path] = err
		return nil, err
	}
	im.built[path] = p
	return p, nil
}

// ImportFrom is Import: the tables have no vendoring, so dir is ignored,
// and mode must be 0 as go/types says.
func (im *Importer) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if mode != 0 {
		return nil, &ImportError{Path: path, Reason: fmt.Sprintf("unsupported import mode %d", mode)}
	}
	return im.Import(path)
}

var (
	_ types.Importer     = (*Importer)(nil)
	_ types.ImporterFrom = (*Importer)(nil)
)

// build makes the package of path from its table, its names in sorted
// order. A panic while converting (a reflect shape this package does not
// expect) is returned as an *ImportError.
func (im *Importer) build(path string) (pkg *types.Package, err error) {
	entries, ok := im.entries(path)
	if !ok {
		return nil, &ImportError{Path: path, Reason: "no symbol table"}
	}
	if len(entries) == 0 {
		return nil, &ImportError{Path: path, Reason: "its symbol table is empty (generic code only)"}
	}
	defer func() {
		if r := recover(); r != nil {
			pkg, err = nil, &ImportError{Path: path, Reason: fmt.Sprint("converting its symbols: ", r)}
		}
	}()
	names := make([]string, 0, len(entries))
	for name := range entries {
		if token.IsExported(name) { // also skips yaegi's "_Iface" wrapper types
			names = append(names, name)
		}
	}
	sort.Strings(names)
	pkg = im.conv.pkgFor(path)
	for _, name := range names {
		if obj := im.object(pkg, name, entries[name]); obj != nil {
			pkg.Scope().Insert(obj)
		}
	}
	pkg.MarkComplete()
	return pkg, nil
}

// constantValueType is the interface type of go/constant.Value, that of the
// tables' untyped constants.
var constantValueType = reflect.TypeFor[constant.Value]()

// object returns the go/types object of table entry name in pkg, telling
// its kind from the shape that yaegi extract gives it: a var is
// addressable, a type is a nil pointer to it, a func is a func value, an
// untyped constant is a constant.Value and a typed constant is a value of
// its type. It returns nil for an invalid value.
func (im *Importer) object(pkg *types.Package, name string, v reflect.Value) types.Object {
	c := im.conv
	switch {
	case !v.IsValid():
		return nil
	case v.CanAddr():
		return types.NewVar(nopos, pkg, name, c.typeOf(v.Type()))
	case v.Kind() == reflect.Pointer && v.IsNil():
		return im.typeName(pkg, name, v.Type().Elem())
	case v.Kind() == reflect.Func:
		return types.NewFunc(nopos, pkg, name, c.signature(v.Type(), nil, 0))
	case v.Type().Implements(constantValueType) && v.CanInterface():
		return untypedConst(pkg, name, v.Interface().(constant.Value))
	}
	if val := typedValue(v); val != nil {
		typ := c.typeOf(v.Type())
		if v.Type().PkgPath() == "" && (v.Kind() == reflect.Bool || v.Kind() == reflect.Complex128) {
			// yaegi extract writes untyped bool and complex constants
			// as reflect.ValueOf(C): most are untyped.
			typ = types.Typ[types.UntypedBool]
			if v.Kind() == reflect.Complex128 {
				typ = types.Typ[types.UntypedComplex]
			}
		}
		return types.NewConst(nopos, pkg, name, typ, val)
	}
	// A value no constant can have, such as yaegi's own Symbols map: a
	// variable, even though it is not addressable.
	return types.NewVar(nopos, pkg, name, c.typeOf(v.Type()))
}

// typeName returns the type name of table entry name, whose type is t: the
// named type's own object when t is declared in pkg with that name, else
// an alias of t (os.FileMode = fs.FileMode, an alias of an unnamed type,
// or an instantiated generic type).
func (im *Importer) typeName(pkg *types.Package, name string, t reflect.Type) types.Object {
	typ := im.conv.typeOf(t)
	if n, ok := typ.(*types.Named); ok && n.Obj().Pkg() == pkg && n.Obj().Name() == name {
		return n.Obj()
	}
	obj := types.NewTypeName(nopos, pkg, name, nil)
	types.NewAlias(obj, typ)
	return obj
}

// untypedKinds maps a constant's kind to its untyped go/types type.
var untypedKinds = map[constant.Kind]types.BasicKind{
	constant.Bool:    types.UntypedBool,
	constant.String:  types.UntypedString,
	constant.Int:     types.UntypedInt,
	constant.Float:   types.UntypedFloat,
	constant.Complex: types.UntypedComplex,
}

// untypedConst returns an untyped constant of value val, or nil for an
// unknown value. An untyped rune constant is an untyped int one: its
// value does not say.
func untypedConst(pkg *types.Package, name string, val constant.Value) types.Object {
	k, ok := untypedKinds[val.Kind()]
	if !ok {
		return nil
	}
	return types.NewConst(nopos, pkg, name, types.Typ[k], val)
}

// typedValue returns the constant value of v, a typed constant, or nil if
// v's kind cannot be a constant's.
func typedValue(v reflect.Value) constant.Value {
	switch v.Kind() {
	case reflect.Bool:
		return constant.MakeBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return constant.MakeInt64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return constant.MakeUint64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return constant.MakeFloat64(v.Float())
	case reflect.Complex64, reflect.Complex128:
		z := v.Complex()
		return constant.BinaryOp(constant.MakeFloat64(real(z)), token.ADD,
			constant.MakeImag(constant.MakeFloat64(imag(z))))
	case reflect.String:
		return constant.MakeString(v.String())
	}
	return nil
}
