package front

import (
	"strings"
	"testing"
)

// TestDeferLowered: a deferred call's function value (a variable, an
// element), a method's receiver (with the call's arguments; in a loop,
// as a function literal's arguments) and a builtin's arguments are
// evaluated at the defer statement, in a block of their own (kernel/goexec's TestDeferredFunctionAndReceiver runs
// them against go run's output); a method with a pointer receiver of a
// variable (whose address does not change) and a method of an interface
// keep their form, and so do a function value and a pointer receiver
// of a local variable that nothing assigns (fixedVar); an assignment of a whole struct to a variable goes
// through its address (structAssigns).
func TestDeferLowered(t *testing.T) {
	got := lowerCells(t,
		"import \"sync\"\ntype T struct{ v int }\nfunc (t T) Add(x int) {}\nfunc (t *T) Inc() {}\ntype I interface{ Add(int) }",
		"func d1(r T, k int, f func(), fs []func(), m map[int]int, ts []T, i I, p *T) {\n\tdefer f()\n\tdefer fs[k]()\n\tdefer r.Add(k)\n\tdefer r.Add(1)\n\tdefer r.Inc()\n\tdefer ts[k].Inc()\n\tdefer p.Inc()\n\tdefer i.Add(k)\n\tdefer delete(m, k)\n\tr = T{2}\n\tk = 3\n\tf = nil\n\tp = nil\n}",
		"func d2(f func(), p *T, wg *sync.WaitGroup, ch chan int) {\n\tdefer f()\n\tdefer p.Inc()\n\tdefer wg.Done()\n\tdefer close(ch)\n}",
		"func d3(ts []T) {\n\tfor i := range ts {\n\t\tdefer ts[i].Add(i)\n\t}\n}",
	)
	for _, want := range []string{
		"{\n\t\tPD1 := f\n\t\tdefer PD1()\n\t}",
		"{\n\t\tPD2 := fs[P.Index(k, len(fs), ",
		"{\n\t\tPD5, PD6 := r, k\n\t\tdefer PD5.Add(PD6)\n\t}",
		"{\n\t\tPD9 := r\n\t\tdefer PD9.Add(1)\n\t}",
		"\tdefer r.Inc()\n",
		"{\n\t\tPD12 := &ts[P.Index(k, len(ts), ",
		"{\n\t\tPD14 := p\n\t\tdefer PD14.Inc()\n\t}",
		"{\n\t\tPD15 := k\n\t\tdefer i.Add(PD15)\n\t}",
		"{\n\t\tPD18, PD19 := m, k\n\t\tdefer func(PP16 map[int]int, PP17 int) {\n\t\t\tdelete(PP16, PP17)\n\t\t}(PD18, PD19)\n\t}",
		"\t*&r = T{2}\n",
	} {
		if !strings.Contains(got[1], want) {
			t.Errorf("lowered to\n%s\nwant it to hold\n%s", got[1], want)
		}
	}
	// A function value or a pointer receiver that nothing assigns is the
	// same when the call runs: left as it is.
	if want := "{\n\tdefer f()\n\tdefer p.Inc()\n\tdefer wg.Done()\n\tdefer close(ch)\n}"; !strings.Contains(got[2], want) {
		t.Errorf("lowered to\n%s\nwant it to hold\n%s", got[2], want)
	}
	// In a loop, whose block runs again before the calls, the receiver
	// and the arguments are a function literal's.
	if want := "{\n\t\t\tPD3, PD4 := ts[i], i\n\t\t\tdefer func(PR1 T, PP2 int) {\n\t\t\t\tPR1.Add(PP2)\n\t\t\t}(PD3, PD4)\n\t\t}"; !strings.Contains(got[3], want) {
		t.Errorf("lowered to\n%s\nwant it to hold\n%s", got[3], want)
	}
}
