package front

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"testing"
)

// The types and values of a hand-made table, declared in this package so
// that their reflect package path is the table's.

type pair[T any] struct{ A, B T }

type Node struct {
	next     *Node
	kids     []Node
	index    map[string]*Node
	visit    func(*Node) Node
	Exported int `json:"e"`
}

func (n Node) Len() int     { return len(n.kids) + len(n.index) }
func (n *Node) Add(k Node)  { n.kids = append(n.kids, k); n.next = &k; n.visit = nil }
func (n *Node) Visit() Node { return n.visit(n) }

type sealedI interface {
	seal()
	Name() string
}

type impl struct{}

func (impl) seal()        {}
func (impl) Name() string { return "impl" }

type ptrImpl struct{}

func (*ptrImpl) seal()        {}
func (*ptrImpl) Name() string { return "ptr" }

var _, _ sealedI = impl{}, &ptrImpl{}

type (
	color uint8
	label string
	flag  bool
)

var (
	counter int
	other   string
	handler func(int) error
)

// localTypes returns two distinct types that reflect names alike.
func localTypes() (reflect.Type, reflect.Type) {
	f := func() reflect.Type {
		type local struct{ X int }
		return reflect.TypeFor[local]()
	}
	g := func() reflect.Type {
		type local struct{ X int }
		return reflect.TypeFor[local]()
	}
	return f(), g()
}

const here = "github.com/rbm-kernel/rbm-kernel/kernel/front"

// handMade returns tables with each shape of entry, as yaegi extract
// writes them, a second table overriding Counter and a table giving the
// same path another package name.
func handMade() []map[string]map[string]reflect.Value {
	l1, l2 := localTypes()
	return []map[string]map[string]reflect.Value{{
		here + "/front": {
			"Counter": reflect.ValueOf(&counter).Elem(),
			"Handler": reflect.ValueOf(&handler).Elem(),
			"Node":    reflect.ValueOf((*Node)(nil)),
			"Pair":    reflect.ValueOf((*pair[int])(nil)),
			"Nodes":   reflect.ValueOf((*[]Node)(nil)),
			"Sealed":  reflect.ValueOf((*sealedI)(nil)),
			"Impl":    reflect.ValueOf((*impl)(nil)),
			"PtrImpl": reflect.ValueOf((*ptrImpl)(nil)),
			"L1":      reflect.Zero(reflect.PointerTo(l1)), // (*local)(nil)
			"L2":      reflect.Zero(reflect.PointerTo(l2)),
			"Red":     reflect.ValueOf(color(2)),
			"Hello":   reflect.ValueOf(label("hi")),
			"On":      reflect.ValueOf(flag(true)),
			"Small":   reflect.ValueOf(float32(0.1)),
			"Byte":    reflect.ValueOf(uint8(255)),
			"Debug":   reflect.ValueOf(true),
			"Z":       reflect.ValueOf(complex(1, 2)),
			"Z64":     reflect.ValueOf(complex64(complex(1, 2))),
			"Big":     reflect.ValueOf(constant.MakeFromLiteral("1e400", token.FLOAT, 0)),
			"Table":   reflect.ValueOf(map[string]int{}),
			"Chans":   reflect.ValueOf(func(chan int, <-chan int, chan<- int) {}),
			"_Sealed": reflect.ValueOf((*impl)(nil)),
			"hidden":  reflect.ValueOf(1),
		},
	}, {
		here + "/front": {"Counter": reflect.ValueOf(&other).Elem()},
	}, {
		here + "/renamed": {"Extra": reflect.ValueOf(constant.MakeBool(true))},
	}}
}

func TestHandMadeTable(t *testing.T) {
	im := NewImporter(handMade()...)
	pkg, err := im.Import(here)
	if err != nil {
		t.Fatal(err)
	}
	if pkg.Name() != "front" || !pkg.Complete() {
		t.Errorf("package %q complete %v", pkg.Name(), pkg.Complete())
	}
	obj := func(name string) types.Object {
		t.Helper()
		o := pkg.Scope().Lookup(name)
		if o == nil {
			t.Fatalf("%s missing", name)
		}
		return o
	}
	kinds := map[string]string{
		"Counter": "var string", "Handler": "var func(int) error", "Table": "var map[string]int",
		"Red": "const color = 2", "Hello": `const label = "hi"`, "On": "const flag = true",
		"Small": "const float32 = 0.1", "Byte": "const uint8 = 255", "Debug": "const untyped bool = true",
		"Z": "const untyped complex = (1 + 2i)", "Z64": "const complex64 = (1 + 2i)",
		"Big": "const untyped float = 1e+400", "Extra": "const untyped bool = true",
		"Chans": "func func(chan int, <-chan int, chan<- int)",
		"Node":  "type Node", "Pair": "alias pair[int]", "Nodes": "alias []Node", "L1": "alias local",
	}
	qual := types.RelativeTo(pkg)
	for name, want := range kinds {
		var got string
		switch o := obj(name).(type) {
		case *types.Var:
			got = "var " + types.TypeString(o.Type(), qual)
		case *types.Const:
			got = "const " + types.TypeString(o.Type(), qual) + " = " + o.Val().String()
		case *types.Func:
			got = "func " + types.TypeString(o.Type(), qual)
		case *types.TypeName:
			got = "type " + types.TypeString(o.Type(), qual)
			if o.IsAlias() {
				got = "alias " + types.TypeString(types.Unalias(o.Type()), qual)
			}
		}
		if got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	for _, name := range []string{"_Sealed", "hidden"} {
		if pkg.Scope().Lookup(name) != nil {
			t.Errorf("%s is in the package", name)
		}
	}
	if f, _ := constant.Float64Val(obj("Small").(*types.Const).Val()); f != float64(float32(0.1)) {
		t.Errorf("Small = %v", f)
	}

	// The recursive struct, its fields (unexported ones in this package,
	// the tag kept) and its methods.
	n := obj("Node").Type().(*types.Named)
	is(t, "Node", n.Underlying(), "struct{next *"+here+".Node; kids []"+here+".Node; index map[string]*"+here+
		".Node; visit func(*"+here+".Node) "+here+".Node; Exported int \"json:\\\"e\\\"\"}")
	st := n.Underlying().(*types.Struct)
	if st.Field(0).Pkg() != pkg || st.Field(0).Type().(*types.Pointer).Elem() != n {
		t.Errorf("Node.next: package %v, type %v", st.Field(0).Pkg(), st.Field(0).Type())
	}
	recvs := map[string]string{}
	for m := range n.Methods() {
		recvs[m.Name()] = types.TypeString(m.Signature().Recv().Type(), qual)
	}
	if len(recvs) != 3 || recvs["Len"] != "Node" || recvs["Add"] != "*Node" || recvs["Visit"] != "*Node" {
		t.Errorf("Node's methods: %v", recvs)
	}

	// The same reflect type, the same types.Type.
	if im.conv.typeOf(reflect.TypeFor[Node]()) != n ||
		im.conv.typeOf(reflect.TypeFor[*Node]()) != im.conv.typeOf(reflect.TypeFor[*Node]()) {
		t.Error("converting Node again gives another type")
	}
	// Types that reflect names alike stay distinct.
	if a, b := types.Unalias(obj("L1").Type()), types.Unalias(obj("L2").Type()); a == b || types.Identical(a, b) {
		t.Error("the two local types are the same")
	}
}

// TestSealedEitherOrder declares the unexported method of an interface on
// the types that implement it, whichever the Importer meets first.
func TestSealedEitherOrder(t *testing.T) {
	for _, names := range [][3]string{{"Sealed", "Impl", "PtrImpl"}, {"ASealed", "ZImpl", "ZPtrImpl"}} {
		im := NewImporter(map[string]map[string]reflect.Value{here + "/front": {
			names[0]: reflect.ValueOf((*sealedI)(nil)),
			names[1]: reflect.ValueOf((*impl)(nil)),
			names[2]: reflect.ValueOf((*ptrImpl)(nil)),
		}})
		pkg, err := im.Import(here)
		if err != nil {
			t.Fatal(err)
		}
		iface := pkg.Scope().Lookup(names[0]).Type().Underlying().(*types.Interface)
		im1 := pkg.Scope().Lookup(names[1]).Type()
		ptr := pkg.Scope().Lookup(names[2]).Type()
		if iface.NumMethods() != 2 || !types.Implements(im1, iface) || !types.Implements(types.NewPointer(im1), iface) ||
			types.Implements(ptr, iface) || !types.Implements(types.NewPointer(ptr), iface) {
			t.Errorf("order %v: implements wrong", names)
		}
		seal, _, _ := types.LookupFieldOrMethod(im1, false, pkg, "seal")
		if f, ok := seal.(*types.Func); !ok || f.Pkg() != pkg || f.Signature().Recv().Type() != types.Unalias(im1) {
			t.Errorf("order %v: impl.seal = %v", names, seal)
		}
	}
}

func TestGuessName(t *testing.T) {
	for path, want := range map[string]string{
		"internal/poll": "poll", "math/rand/v2": "rand", "gopkg.in/yaml.v3": "yaml",
		"github.com/x/go-foo": "foo", "example.com/a-b.c": "a_b_c", "v2": "v2", "x/2d": "_2d",
	} {
		if got := guessName(path); got != want {
			t.Errorf("guessName(%q) = %q, want %q", path, got, want)
		}
	}
}
