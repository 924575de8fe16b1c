package complete

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"unsafe"
)

// Kinds of names, used in Name.Kind and in Result.Types.
const (
	KindFunc    = "function"
	KindVar     = "variable"
	KindConst   = "constant"
	KindType    = "type"
	KindPackage = "package"
	KindKeyword = "keyword"
	KindBuiltin = "builtin"
	KindField   = "field"
	KindMethod  = "method"
	KindUnknown = "identifier"
)

// Name is one name a cell can use: a package member, or a global declared by
// an earlier cell.
type Name struct {
	// Name is the identifier.
	Name string
	// Kind is one of the Kind constants (KindFunc, KindVar, …).
	Kind string
	// Type is the Go type as text, e.g. "*mat.Dense" or "func(a ...any) (n int, err error)";
	// empty when unknown.
	Type string
	// Members are the fields and methods reachable with a selector on a
	// value of this name (x.Member); nil when unknown.
	Members []Name
	// Named is the import path and name of the value's named type, after
	// one pointer, as "gonum.org/v1/gonum/mat.Dense"; Inspect uses it to
	// find the docs of x.Method. Empty when unknown or unnamed.
	Named string
}

// Package is a package the session can name.
type Package struct {
	// Path is the import path, e.g. "gonum.org/v1/gonum/mat".
	Path string
	// Name is the short name the session uses for it, e.g. "mat".
	Name string
	// Members are the exported functions, variables, constants and types,
	// sorted by name. PackagesFromSymbols shares them between calls: treat
	// them as read-only.
	Members []Name
}

// Env is what the completer knows of the session.
type Env struct {
	// Globals are the names declared by earlier cells.
	Globals []Name
	// Packages maps a short name usable in the cell ("fmt", "mat") to its
	// package.
	Packages map[string]Package
}

// PackagesFromSymbols builds the package table of an Env from a yaegi-style
// symbol table, whose keys are "importpath/pkgname" (e.g.
// "math/rand/v2/rand") and whose values map each exported name to a
// reflect.Value as `yaegi extract` writes them: functions as values, variables
// as addressable values, types as nil pointers to the type, constants as
// plain values, and interface wrappers under names starting with "_"
// (skipped).
//
// imported maps each short name the session has imported to its import
// path; only those packages are returned, under those short names. A path
// missing from symbols is returned with no members. When imported is nil,
// every package of symbols is returned under its own package name; when two
// paths share a name, the shorter (then lexically smaller) path wins.
func PackagesFromSymbols(symbols map[string]map[string]reflect.Value, imported map[string]string) map[string]Package {
	byPath := make(map[string]string) // import path → symbol table key
	pkgName := make(map[string]string)
	for key := range symbols {
		i := strings.LastIndexByte(key, '/')
		if i < 0 {
			continue
		}
		byPath[key[:i]] = key
		pkgName[key[:i]] = key[i+1:]
	}
	out := make(map[string]Package)
	if imported == nil {
		paths := make([]string, 0, len(byPath))
		for p := range byPath {
			paths = append(paths, p)
		}
		sort.Slice(paths, func(i, j int) bool {
			if len(paths[i]) != len(paths[j]) {
				return len(paths[i]) < len(paths[j])
			}
			return paths[i] < paths[j]
		})
		for _, p := range paths {
			name := pkgName[p]
			if _, dup := out[name]; dup {
				continue
			}
			out[name] = Package{Path: p, Name: name, Members: membersOf(symbols[byPath[p]])}
		}
		return out
	}
	for short, p := range imported {
		pkg := Package{Path: p, Name: short}
		if key, ok := byPath[p]; ok {
			pkg.Members = membersOf(symbols[key])
		}
		out[short] = pkg
	}
	return out
}

// memberCache remembers membersOf for each symbol table, keyed by the
// table's identity and size: the tables are built once at start-up, and
// describing one by reflection costs about 0.3 ms.
var memberCache sync.Map // tableKey → []Name

type tableKey struct {
	p unsafe.Pointer
	n int
}

// membersOf returns the members of one package's symbol table. The slice
// is shared between callers and must not be modified.
func membersOf(table map[string]reflect.Value) []Name {
	key := tableKey{reflect.ValueOf(table).UnsafePointer(), len(table)}
	if m, ok := memberCache.Load(key); ok {
		return m.([]Name)
	}
	names := describe(table)
	memberCache.Store(key, names)
	return names
}

func describe(table map[string]reflect.Value) []Name {
	names := make([]Name, 0, len(table))
	for n, v := range table {
		if n == "" || n[0] == '_' || !v.IsValid() {
			continue
		}
		names = append(names, symbolName(n, v))
	}
	sort.Slice(names, func(i, j int) bool { return names[i].Name < names[j].Name })
	return names
}

// symbolName classifies one entry of a yaegi symbol table.
func symbolName(n string, v reflect.Value) Name {
	t := v.Type()
	switch {
	case v.CanAddr():
		return Name{Name: n, Kind: KindVar, Type: t.String(), Members: membersOfType(t), Named: namedOf(t)}
	case t.Kind() == reflect.Func:
		return Name{Name: n, Kind: KindFunc, Type: t.String()}
	case t.Kind() == reflect.Pointer && v.IsNil():
		et := t.Elem()
		return Name{Name: n, Kind: KindType, Type: et.String(), Members: methodsOf(et)}
	default:
		return Name{Name: n, Kind: KindConst, Type: constType(v)}
	}
}

// constType names the type of a constant; yaegi stores untyped constants as
// go/constant values.
func constType(v reflect.Value) string {
	t := v.Type()
	if t.PkgPath() == "go/constant" || strings.HasPrefix(t.String(), "constant.") {
		return "untyped constant"
	}
	return t.String()
}

// methodsOf lists the methods of the method sets of T and *T, which is what
// a selector on a type name (method expressions) can reach.
func methodsOf(t reflect.Type) []Name {
	var out []Name
	seen := make(map[string]bool)
	for _, tt := range []reflect.Type{t, reflect.PointerTo(t)} {
		if tt.Kind() == reflect.Interface && tt != t {
			continue
		}
		for i := 0; i < tt.NumMethod(); i++ {
			m := tt.Method(i)
			if seen[m.Name] || !m.IsExported() {
				continue
			}
			seen[m.Name] = true
			mt := m.Type
			if tt.Kind() != reflect.Interface && mt.NumIn() > 0 {
				mt = dropReceiver(mt)
			}
			out = append(out, Name{Name: m.Name, Kind: KindMethod, Type: mt.String()})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// membersOfType lists the exported fields and methods reachable by a
// selector on a value of type t (x.Name), following one pointer.
func membersOfType(t reflect.Type) []Name {
	if t == nil {
		return nil
	}
	out := methodsOf(t)
	st := t
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
		out = methodsOf(st)
	}
	if st.Kind() == reflect.Struct {
		seen := make(map[string]bool, len(out))
		for _, m := range out {
			seen[m.Name] = true
		}
		for _, f := range reflect.VisibleFields(st) {
			if !f.IsExported() || seen[f.Name] {
				continue
			}
			seen[f.Name] = true
			out = append(out, Name{Name: f.Name, Kind: KindField, Type: f.Type.String()})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	}
	return out
}

func dropReceiver(ft reflect.Type) reflect.Type {
	in := make([]reflect.Type, 0, ft.NumIn()-1)
	for i := 1; i < ft.NumIn(); i++ {
		in = append(in, ft.In(i))
	}
	out := make([]reflect.Type, ft.NumOut())
	for i := range out {
		out[i] = ft.Out(i)
	}
	return reflect.FuncOf(in, out, ft.IsVariadic())
}

// GlobalsFromValues describes the globals of a session, as returned by
// yaegi's (*interp.Interpreter).Globals: each value's kind (a function value
// is KindFunc, anything else KindVar), its type, and the fields and methods a
// selector on it can reach. The result is sorted by name; names starting
// with "_" are skipped.
func GlobalsFromValues(globals map[string]reflect.Value) []Name {
	out := make([]Name, 0, len(globals))
	for n, v := range globals {
		if n == "" || n[0] == '_' {
			continue
		}
		nm := Name{Name: n, Kind: KindVar}
		if v.IsValid() {
			t := v.Type()
			nm.Type = t.String()
			if t.Kind() == reflect.Func && !v.CanAddr() {
				nm.Kind = KindFunc
			} else {
				nm.Members = membersOfType(t)
				nm.Named = namedOf(t)
			}
		}
		out = append(out, nm)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// String formats n as it would be declared, e.g. "var x *mat.Dense".
func (n Name) String() string {
	switch n.Kind {
	case KindFunc:
		if n.Type != "" {
			return "func " + n.Name + strings.TrimPrefix(n.Type, "func")
		}
		return "func " + n.Name
	case KindType:
		return "type " + n.Name
	case KindConst:
		if n.Type == "" || n.Type == "untyped constant" {
			return "const " + n.Name
		}
		return fmt.Sprintf("const %s %s", n.Name, n.Type)
	case KindPackage:
		return "package " + n.Name
	case KindField, KindMethod:
		return fmt.Sprintf("%s %s", n.Name, n.Type)
	}
	if n.Type == "" {
		return "var " + n.Name
	}
	return fmt.Sprintf("var %s %s", n.Name, n.Type)
}

// namedOf returns "importpath.Name" of t, or of *t's element, when named.
func namedOf(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Name() == "" || t.PkgPath() == "" {
		return ""
	}
	return t.PkgPath() + "." + t.Name()
}

func sortStrings(s []string) { sort.Strings(s) }
