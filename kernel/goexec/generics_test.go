package goexec

import (
	"context"
	"testing"
)

// TestGenericStandardPackages runs the generic functions of slices, maps
// and cmp that the kernel provides (yaegi's own copy gave wrong answers:
// slices.Contains([]int{3, 1, 2}, 2) was false), with Go's answers, on
// basic types and on the session's own types.
func TestGenericStandardPackages(t *testing.T) {
	e := newExec(t)
	run(t, e, "import (\n\t\"cmp\"\n\t\"maps\"\n\t\"slices\"\n)\n\ntype P struct {\n\tname string\n\tage  int\n}\n\ntype Names []string")
	for _, c := range []struct{ code, want string }{
		{"xs := []int{3, 1, 2}\nslices.Contains(xs, 2)", "true"},
		{"slices.Index(xs, 2)", "2"},
		{"slices.Sort(xs)\nxs", "[1 2 3]"},
		{"slices.BinarySearch(xs, 2)", "1, true"},
		{"slices.Max(xs) + slices.Min(xs)*10", "13"},
		{"slices.Reverse(xs)\nxs", "[3 2 1]"},
		{"ys := slices.Clone(xs)\nys[0] = 9\nfmt.Sprint(xs, ys)", `"[3 2 1] [9 2 1]"`},
		{"slices.Insert(xs, 1, 7, 8)", "[3 7 8 2 1]"},
		{"slices.Delete([]int{0, 1, 2, 3}, 1, 3)", "[0 3]"},
		{"slices.Compact([]int{1, 1, 2, 2, 2, 3})", "[1 2 3]"},
		{"fs := []float64{2, math.NaN(), 1}\nslices.Sort(fs)\nfmt.Sprint(fs)", `"[NaN 1 2]"`},
		{"ps := []P{{\"b\", 30}, {\"a\", 20}, {\"c\", 30}}\nslices.SortStableFunc(ps, func(a, b P) int { return cmp.Compare(b.age, a.age) })\nps[0].name + ps[1].name + ps[2].name", `"bca"`},
		{"slices.SortFunc(ps, func(a, b P) int { return strings.Compare(a.name, b.name) })\nps[0].name", `"a"`},
		{"slices.IndexFunc(ps, func(p P) bool { return p.age == 30 })", "1"},
		{"oldest := slices.MaxFunc(ps, func(a, b P) int { return cmp.Compare(a.age, b.age) })\noldest.name", `"b"`},
		{"ns := Names{\"b\", \"a\"}\nslices.Sort(ns)\nns2 := slices.Clone(ns)\nns = ns2\nns", "[a b]"},
		{"m := map[string]int{\"b\": 2, \"a\": 1, \"c\": 3}\nslices.Sorted(maps.Keys(m))", "[a b c]"},
		{"slices.Sorted(maps.Values(m))", "[1 2 3]"},
		{"len(slices.Collect(maps.Keys(m)))", "3"},
		{"m2 := maps.Clone(m)\ndelete(m2, \"a\")\nfmt.Sprint(len(m), len(m2), maps.Equal(m, m2))", `"3 2 false"`},
		{"cmp.Compare(2, 1) + cmp.Compare(\"a\", \"b\")*10", "-9"},
		{"cmp.Or(\"\", \"x\", \"y\")", `"x"`},
		{"slices.Equal([]string{\"a\"}, []string{\"a\"})", "true"},
	} {
		if got, _ := run(t, e, c.code); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
	// What the kernel does not provide is refused, never run by yaegi.
	for _, code := range []string{
		"for v := range slices.Values([]int{1}) {\n\t_ = v\n}",
		"f := slices.Contains[[]int]\n_ = f",
		"slices.Insert([]int{1}, 0, []int{2, 3}...)",
	} {
		ee, _ := fail(t, e, context.Background(), code)
		if ee == nil || ee.Name != "CompileError" {
			t.Errorf("%q: %v, want a CompileError", code, ee)
		}
	}
}
