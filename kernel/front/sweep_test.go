package front

import (
	"errors"
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/symbols"
	"github.com/traefik/yaegi/stdlib"
)

// genericOnly are the tables' packages that Import refuses: their tables
// are empty, as all their names are generic.
var genericOnly = map[string]bool{"cmp": true, "maps": true, "slices": true}

// wellFormed checks types reachable from t once each: every type prints,
// named types have a package and a non-named underlying type and their
// methods a receiver of the named type or a pointer to it, variadic signatures end
// with a slice and embedded fields are (pointers to) named types.
type wellFormed struct {
	t    *testing.T
	seen map[types.Type]bool
	bad  int
}

func (w *wellFormed) errorf(format string, args ...any) {
	w.t.Helper()
	if w.bad++; w.bad <= 20 {
		w.t.Errorf(format, args...)
	}
}

// typeStringSafe is types.TypeString, with a panic returned as an error.
func typeStringSafe(t types.Type) (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("TypeString panics: %v", r)
		}
	}()
	return types.TypeString(t, nil), nil
}

func (w *wellFormed) check(where string, t types.Type) {
	w.t.Helper()
	if t == nil {
		w.errorf("%s: nil type", where)
		return
	}
	if w.seen[t] {
		return
	}
	w.seen[t] = true
	if _, err := typeStringSafe(t); err != nil {
		w.errorf("%s: %v", where, err)
		return
	}
	switch t := t.(type) {
	case *types.Basic:
		if t.Kind() == types.Invalid {
			w.errorf("%s: invalid type", where)
		}
	case *types.Named:
		u := t.Underlying()
		if _, isNamed := u.(*types.Named); u == nil || isNamed {
			w.errorf("%s: underlying type %v", where, u)
			return
		}
		if t.Obj().Pkg() == nil && t != errorType {
			w.errorf("%s: %v has no package", where, t)
		}
		w.check(where, u)
		for m := range t.Methods() {
			sig := m.Type().(*types.Signature)
			recv := sig.Recv()
			if recv == nil {
				w.errorf("%s.%s: no receiver", where, m.Name())
				continue
			}
			rt := recv.Type()
			if p, ok := rt.(*types.Pointer); ok {
				rt = p.Elem()
			}
			if rt != t {
				w.errorf("%s.%s: receiver %v", where, m.Name(), recv.Type())
			}
			w.check(where+"."+m.Name(), sig)
		}
	case *types.Pointer:
		w.check(where, t.Elem())
	case *types.Slice:
		w.check(where, t.Elem())
	case *types.Array:
		w.check(where, t.Elem())
	case *types.Chan:
		w.check(where, t.Elem())
	case *types.Map:
		w.check(where, t.Key())
		w.check(where, t.Elem())
	case *types.Signature:
		for v := range t.Params().Variables() {
			w.check(where, v.Type())
		}
		for v := range t.Results().Variables() {
			w.check(where, v.Type())
		}
		if n := t.Params().Len(); t.Variadic() {
			if _, ok := t.Params().At(n - 1).Type().(*types.Slice); !ok {
				w.errorf("%s: variadic without a final slice", where)
			}
		}
	case *types.Struct:
		for f := range t.Fields() {
			if f.Embedded() {
				ft := f.Type()
				if p, ok := ft.(*types.Pointer); ok {
					ft = p.Elem()
				}
				switch ft.(type) {
				case *types.Named, *types.Basic:
				default:
					w.errorf("%s: embedded field %s of type %v", where, f.Name(), f.Type())
				}
			}
			w.check(where+"."+f.Name(), f.Type())
		}
	case *types.Interface:
		for m := range t.Methods() {
			if m.Type().(*types.Signature).Recv() == nil {
				w.errorf("%s.%s: no receiver", where, m.Name())
			}
			w.check(where+"."+m.Name(), m.Type())
		}
	case *types.Alias:
		w.check(where, types.Unalias(t))
	default:
		w.errorf("%s: unexpected %T", where, t)
	}
}

func TestSweepAllPackages(t *testing.T) {
	im := NewImporter(stdlib.Symbols, symbols.Symbols)
	w := &wellFormed{t: t, seen: map[types.Type]bool{}}
	kinds := map[string]int{}
	for _, path := range im.Paths() {
		pkg, err := im.Import(path)
		if genericOnly[path] {
			var ie *ImportError
			if !errors.As(err, &ie) || ie.Path != path || pkg != nil {
				t.Errorf("Import(%q) = %v, %v; want an *ImportError", path, pkg, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Import(%q): %v", path, err)
			continue
		}
		if pkg.Path() != path || !pkg.Complete() || pkg.Name() != im.conv.names[path] {
			t.Errorf("Import(%q): package %q %q complete %v", path, pkg.Path(), pkg.Name(), pkg.Complete())
		}
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			if obj.Pkg() != pkg || !obj.Exported() {
				t.Errorf("%s.%s: package %v, exported %v", path, name, obj.Pkg(), obj.Exported())
			}
			kind := strings.TrimPrefix(fmt.Sprintf("%T", obj), "*types.")
			if tn, ok := obj.(*types.TypeName); ok && tn.IsAlias() {
				kind = "Alias"
			}
			kinds[kind]++
			w.check(path+"."+name, obj.Type())
		}
	}
	for path, pkg := range im.conv.pkgs {
		if !pkg.Complete() && !genericOnly[path] {
			t.Errorf("package %q made on demand is not complete", path)
		}
	}
	t.Logf("%d tables, %d packages, %d objects %v, %d types checked, %d reflect types converted",
		len(im.Paths()), len(im.conv.pkgs), kinds["Func"]+kinds["Var"]+kinds["Const"]+kinds["TypeName"]+kinds["Alias"],
		kinds, len(w.seen), len(im.conv.types))
}

// tableType is a type entry of a table, in both forms.
type tableType struct {
	name string // path.Name
	rt   reflect.Type
	typ  types.Type
}

// tableTypes imports every package and returns its type entries.
func tableTypes(t *testing.T, im *Importer) []tableType {
	var all []tableType
	for _, path := range im.Paths() {
		pkg, err := im.Import(path)
		if err != nil {
			continue
		}
		entries, _ := im.entries(path)
		for name, v := range entries {
			obj, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || v.Kind() != reflect.Pointer || !v.IsNil() {
				continue
			}
			all = append(all, tableType{path + "." + name, v.Type().Elem(), obj.Type()})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].name < all[j].name })
	return all
}

// exportedMethods returns the sorted exported method names of a go/types
// method set and of a reflect type.
func exportedMethods(ms *types.MethodSet, rt reflect.Type) (got, want string) {
	var g, w []string
	for i := 0; i < ms.Len(); i++ {
		if m := ms.At(i).Obj(); m.Exported() {
			g = append(g, m.Name())
		}
	}
	for i := 0; i < rt.NumMethod(); i++ {
		if m := rt.Method(i); m.PkgPath == "" {
			w = append(w, m.Name)
		}
	}
	sort.Strings(g)
	return strings.Join(g, " "), strings.Join(w, " ")
}

// TestMethodSetsAndImplements checks every table type's method sets (of T
// and *T) against reflect's, and that go/types and reflect agree on which
// types implement which interfaces: those of the same package and a few
// common ones (with unexported methods too).
func TestMethodSetsAndImplements(t *testing.T) {
	im := NewImporter(stdlib.Symbols, symbols.Symbols)
	all := tableTypes(t, im)
	common := map[string]bool{"builtin.error": true}
	for _, n := range []string{"fmt.Stringer", "io.Reader", "io.Writer", "io.ReadCloser", "sort.Interface",
		"encoding.TextMarshaler", "encoding/json.Marshaler", "gonum.org/v1/gonum/mat.Matrix",
		"github.com/rbm-kernel/rbm-kernel/lib/rbm.Model", "go/ast.Expr", "go/ast.Stmt", "testing.TB",
		"reflect.Type", "go/constant.Value", "go/types.Object", "image.Image", "hash.Hash"} {
		common[n] = true
	}
	var ifaces []tableType
	for _, tt := range all {
		if tt.rt.Kind() == reflect.Interface {
			ifaces = append(ifaces, tt)
		}
	}
	ifaces = append(ifaces, tableType{"builtin.error", reflect.TypeFor[error](), errorType})
	pairs, yes := 0, 0
	for _, tt := range all {
		got, want := exportedMethods(types.NewMethodSet(tt.typ), tt.rt)
		if got != want {
			t.Errorf("%s: methods\n got %s\nwant %s", tt.name, got, want)
		}
		got, want = exportedMethods(types.NewMethodSet(types.NewPointer(tt.typ)), reflect.PointerTo(tt.rt))
		if tt.rt.Kind() != reflect.Interface && got != want {
			t.Errorf("*%s: methods\n got %s\nwant %s", tt.name, got, want)
		}
		pkg := tt.name[:strings.LastIndex(tt.name, ".")]
		for _, it := range ifaces {
			if !common[it.name] && !strings.HasPrefix(it.name, pkg+".") {
				continue
			}
			iface := it.typ.Underlying().(*types.Interface)
			for _, ptr := range []bool{false, true} {
				rt, typ := tt.rt, tt.typ
				if ptr {
					rt, typ = reflect.PointerTo(rt), types.NewPointer(typ)
				}
				pairs++
				want := rt.Implements(it.rt)
				if want {
					yes++
				}
				if got := types.Implements(typ, iface); got != want {
					t.Errorf("%v implements %s: %v, reflect says %v", typ, it.name, got, want)
				}
			}
		}
	}
	t.Logf("%d table types, %d interfaces, %d pairs checked, %d implementing", len(all), len(ifaces), pairs, yes)
}
