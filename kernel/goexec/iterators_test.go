package goexec

import (
	"context"
	"strings"
	"testing"
)

// TestIteratorConsumers runs the functions of slices and maps that consume
// an iterator, on an iterator of the standard library (strings.Lines,
// Go 1.24, from kernel/stdextra's tables) and on the cell's own, with
// slices.Replace: the corpus's testdata/iterconsumers.go as cells, against
// its Output comment (go run's). Before, strings.Lines was undefined, and slices.Collect of
// anything but maps.Keys or Values, maps.Collect, maps.Insert,
// slices.AppendSeq and slices.Replace were refused.
func TestIteratorConsumers(t *testing.T) {
	runProgramCells(t, "iterconsumers.go")
	e := newExec(t)
	run(t, e, "import \"maps\"")
	run(t, e, "pairs := func(yield func(string, int) bool) {\n\t_ = yield(\"a\", 0)\n}")
	// Go panics at the first pair stored in a nil map.
	ee, _ := fail(t, e, context.Background(), "var nm map[string]int\nmaps.Insert(nm, pairs)")
	if ee == nil || !strings.Contains(ee.Value, "assignment to entry in nil map") {
		t.Errorf("maps.Insert into a nil map: %v, want Go's panic", ee)
	}
}

// TestNewerStandardNames runs names that Go 1.23 and later added to the
// standard library and yaegi v0.16.1's tables lack (kernel/stdextra): they
// were "undefined"; the want lines are go run's.
func TestNewerStandardNames(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"bytes\"\n\t\"encoding/binary\"\n\t\"log/slog\"\n\t\"math/rand/v2\"\n\t\"strings\"\n\t\"sync/atomic\"\n\t\"unicode/utf16\"\n)")
	_, rec := run(t, e, `for l := range strings.Lines("a\nb\n") {
	fmt.Printf("%q ", l)
}
fmt.Println()
for f := range strings.SplitSeq("x,y,z", ",") {
	fmt.Print(f, ";")
}
fmt.Println()
for f := range bytes.FieldsSeq([]byte(" p  q ")) {
	fmt.Print(string(f), ";")
}
fmt.Println()
r := rand.New(rand.NewPCG(1, 2))
fmt.Println(r.Uint() > 0, utf16.RuneLen('😀'))
var x int32 = 6
old := atomic.AndInt32(&x, 3)
fmt.Println(old, x)
slog.New(slog.DiscardHandler).Info("nothing")
b, err := binary.Append(nil, binary.LittleEndian, uint16(258))
fmt.Println(b, err)`)
	want := "\"a\\n\" \"b\\n\" \nx;y;z;\np;q;\ntrue 2\n6 2\n[2 1] <nil>\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed\n%s\ngo run\n%s", got, want)
	}
}

// TestGenericStandardNamesExplained: a generic function or type of a
// standard package that the interpreter cannot have (sync.OnceValue,
// atomic.Pointer) is reported as such, with what to do, where the type
// checker said "undefined: sync.OnceValue" as for a name Go lacks; a name
// the package really lacks keeps Go's message.
func TestGenericStandardNamesExplained(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"sync\"\n\t\"sync/atomic\"\n)")
	for code, want := range map[string]string{
		"f := sync.OnceValue(func() int { return 42 })\n_ = f": "sync.OnceValue is generic",
		"var p atomic.Pointer[int]\n_ = &p":                    "atomic.Pointer is generic",
		"_ = sync.Nope":                                        "undefined: sync.Nope",
	} {
		ee, _ := fail(t, e, context.Background(), code)
		if ee == nil || ee.Name != "CompileError" || !strings.Contains(ee.Value, want) {
			t.Errorf("%q: %v, want a CompileError with %q", code, ee, want)
		}
		if want != "undefined: sync.Nope" && !strings.Contains(ee.Value, "%%compile") {
			t.Errorf("%q: %s does not say what to do", code, ee.Value)
		}
	}
}

// TestIterTypesAcrossCells: package iter imported in one cell is known to
// the next, whose iter.Seq[int] was "undefined: iter" (the lowering drops
// the import for yaegi, and the session took its imports from the lowered
// file); and a value of an iter type going into an interface is refused
// (in the interpreter its type is the function type: %T printed
// func(func(int) bool), go run iter.Seq[int]), in the cell that declares
// it and, since the session keeps a function's signature as checked, from
// a function of an earlier cell too (there %T printed the function type:
// the session kept the signature that the lowering wrote for yaegi).
func TestIterTypesAcrossCells(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"iter\"\n\nfunc count(n int) iter.Seq[int] {\n\treturn func(yield func(int) bool) {\n\t\tfor i := range n {\n\t\t\tif !yield(i) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}")
	_, rec := run(t, e, "var s iter.Seq[int] = count(2)\nfor v := range s {\n\tfmt.Print(v)\n}\nfmt.Println()")
	if got := rec.stream("stdout"); got != "01\n" {
		t.Errorf("printed %q, want \"01\\n\"", got)
	}
	// A later cell's own uses of the earlier function, with iter.Seq[int]
	// as its result now.
	_, rec = run(t, e, "for v := range count(3) {\n\tfmt.Print(v)\n}\nfmt.Println(slices.Collect(count(2)))\nvar again iter.Seq[int] = count(1)\nagain(func(v int) bool { fmt.Println(v); return true })")
	if got := rec.stream("stdout"); got != "012[0 1]\n0\n" {
		t.Errorf("printed %q, want \"012[0 1]\\n0\\n\"", got)
	}
	// The same for a method of a session type.
	run(t, e, "type bag struct{ xs []int }\n\nfunc (b *bag) All() iter.Seq2[int, int] {\n\treturn func(yield func(int, int) bool) {\n\t\tfor i, x := range b.xs {\n\t\t\tif !yield(i, x) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}")
	_, rec = run(t, e, "import \"maps\"\n\nb := &bag{xs: []int{5, 6}}\nfor i, x := range b.All() {\n\tfmt.Print(i, x, \" \")\n}\nfmt.Println(maps.Collect(b.All()))")
	if got := rec.stream("stdout"); got != "0 5 1 6 map[0:5 1:6]\n" {
		t.Errorf("printed %q, want \"0 5 1 6 map[0:5 1:6]\\n\"", got)
	}
	for _, code := range []string{
		"fmt.Printf(\"%T\\n\", b.All())",
		"var s2 iter.Seq[int] = count(1)\nfmt.Printf(\"%T\\n\", s2)",
		"var s3 iter.Seq[int] = count(1)\nvar a any = s3\n_ = a",
		"var s4 iter.Seq[int] = count(1)\n_ = []any{s4}",
		"func mk() iter.Seq[int] {\n\treturn count(1)\n}\n\nfmt.Printf(\"%T\\n\", mk())",
		"fmt.Printf(\"%T\\n\", count(1))",
		"import \"reflect\"\n\ns5 := count(1)\nfmt.Println(reflect.TypeOf(s5))",
		"var x any = count(1)\n_ = x",
	} {
		ee, _ := fail(t, e, context.Background(), code)
		if ee == nil || ee.Name != "CompileError" || !strings.Contains(ee.Value, "cannot go into an interface") {
			t.Errorf("%q: %v, want the refusal", code, ee)
		}
	}
}

// TestIteratorProducers: slices.Values, All, Backward and Chunk, maps.Keys
// and All used as values (kept in a variable, ranged over, given to a
// consumer), which were refused: the corpus's testdata/iterproducers.go as
// cells, against its Output comment (go run's).
func TestIteratorProducers(t *testing.T) {
	runProgramCells(t, "iterproducers.go")
}

// TestIterPull: iter.Pull and iter.Pull2, which were refused: the corpus's
// testdata/iterpull.go as cells, against its Output comment (go run's).
func TestIterPull(t *testing.T) {
	runProgramCells(t, "iterpull.go")
}
