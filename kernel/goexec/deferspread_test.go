package goexec

import "testing"

// TestDeferSpreadAndPromoted: a deferred call with a spread argument,
// defer f(xs...), passes the elements (yaegi passed the slice as one
// argument, "[9 2]" for "9 2", and panicked for a function of the
// session) and evaluates xs at the defer statement; a deferred promoted
// method evaluates its receiver, the embedded field, there too (yaegi
// read o when the call ran: "show 2" for "show 1"). go run's output of
// the same function.
func TestDeferSpreadAndPromoted(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `import "fmt"

type T struct{ n int }

func (t T) String() string { return fmt.Sprint("T", t.n) }

type In struct{ n int }

func (i In) Show()                { fmt.Println("show", i.n) }
func (i *In) PShow()              { fmt.Println("pshow", i.n) }
func sum(label string, xs ...int) { fmt.Println(label, len(xs), xs) }

type Out struct{ In }
type Top struct{ *Out }

func f() {
	xs := []any{1, 2}
	defer fmt.Println(xs...)
	xs[0] = 9
	xs = []any{5}
	for i := 0; i < 2; i++ {
		ys := []int{i, i}
		defer sum("loop", ys...)
		ys = nil
	}
	vs := []any{T{1}, T{2}}
	defer fmt.Println(vs...)
	defer fmt.Printf("%v-%v\n", vs...)
	o := Out{In{1}}
	defer o.Show()
	defer o.PShow()
	o.n = 2
	tp := Top{&Out{In{3}}}
	defer tp.Show()
	tp.Out = &Out{In{4}}
}

f()`)
	want := "show 3\npshow 2\nshow 1\nT1-T2\nT1 T2\nloop 2 [1 1]\nloop 2 [0 0]\n9 2\n"
	if got := rec.stream("stdout"); got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
}
