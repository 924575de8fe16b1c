package goexec

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A function literal that compiled code calls on a goroutine of its own
// and that panics ends the cell with the panic, naming the literal's line;
// the session lives on. In process, without the guard, the test binary
// itself would die.
func TestPanickingCallbackOnAForeignGoroutine(t *testing.T) {
	e := newExec(t)
	run(t, e, "kept := 41")
	for _, c := range []struct{ name, code, line string }{
		{"time.AfterFunc", "done := make(chan bool)\ntime.AfterFunc(time.Millisecond, func() {\n\tvar m map[string]int\n\tm[\"x\"] = 1\n\tdone <- true\n})\n<-done", "cell line 2, column 34"},
		// The library calls progress on its worker goroutines.
		{"a library progress callback", "m, _ := rbm.NewBinary(16, 4, nil)\n_, err := m.ExactLogZContext(ctx, func(done, total int) {\n\tpanic(\"in the progress callback\")\n})\nerr", "cell line 2, column 35"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ee, _ := fail(t, e, context.Background(), c.code)
			if ee.Name != "panic" || !strings.HasPrefix(ee.Traceback[0], c.line+": panic in the function passed here, which compiled code called on a goroutine of its own: ") {
				t.Errorf("%s: %s\n%s", ee.Name, ee.Value, strings.Join(ee.Traceback, "\n"))
			}
			if got, _ := run(t, e, "kept + 1"); got != "42" {
				t.Errorf("kept + 1 = %q after the panic", got)
			}
		})
	}
}

// A literal called by compiled code on the cell's own goroutine panics as
// Go does: a recover of the cell catches it, and an uncaught one is the
// cell's panic with the literal's line.
func TestPanickingCallbackOnTheCellsGoroutine(t *testing.T) {
	e := newExec(t)
	code := `func sorted(xs []int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	sort.Slice(xs, func(i, j int) bool { panic("in less") })
	return nil
}
sorted([]int{2, 1})`
	if got, _ := run(t, e, code); got != "error: recovered: in less" {
		t.Errorf("result %q, want the cell's recover to catch the panic", got)
	}
	ee, _ := fail(t, e, context.Background(), "sort.Slice([]int{2, 1}, func(i, j int) bool {\n\tpanic(\"uncaught\")\n})")
	if ee.Name != "panic" || ee.Value != "uncaught" {
		t.Errorf("%s: %s, want the panic", ee.Name, ee.Value)
	}
	// Variadic callbacks and callbacks with results keep working.
	if got, _ := run(t, e, `strings.Map(func(r rune) rune { return r + 1 }, "HAL")`); got != `"IBM"` {
		t.Errorf("strings.Map = %s", got)
	}
}

// A callback of an earlier cell that panics on a foreign goroutine is
// reported on stderr of a later cell, which runs.
func TestPanickingCallbackOfAnEarlierCell(t *testing.T) {
	e := newExec(t)
	// The callback reads no global of the session (see docs/goexec.md,
	// "Goroutines that outlive their cell").
	run(t, e, "func arm(gate chan bool) {\n\ttime.AfterFunc(0, func() {\n\t\t<-gate\n\t\tpanic(\"late\")\n\t})\n}\ngate := make(chan bool)\narm(gate)")
	_, rec := run(t, e, "close(gate)")
	// The report goes to this cell's stderr if it still runs, else it is
	// kept for the next cell; wait until it is one or the other.
	const want = "panic in the function passed at cell line 2, column 20 of an earlier cell, which compiled code called on a goroutine of its own: late"
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(rec.stream("stderr"), want) {
		e.out.mu.Lock()
		n := len(e.out.held)
		e.out.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no report of the callback's panic")
		}
		time.Sleep(time.Millisecond)
	}
	got, next := run(t, e, "1 + 1")
	if got != "2" {
		t.Errorf("1 + 1 = %q", got)
	}
	if stderr := rec.stream("stderr") + next.stream("stderr"); !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}

// A function of the session passed by its name is guarded too, with the
// type its declaration spells; a local name that shadows it is not.
func TestPanickingDeclaredCallback(t *testing.T) {
	e := newExec(t)
	run(t, e, "kept := 41\nfunc boom() {\n\tvar m map[string]int\n\tm[\"x\"] = 1\n}")
	ee, _ := fail(t, e, context.Background(), "done := make(chan bool)\ntime.AfterFunc(time.Millisecond, boom)\n<-done")
	if ee.Name != "panic" || !strings.HasPrefix(ee.Traceback[0], "cell line 2, column 34: panic in the function passed here") {
		t.Errorf("%s: %s\n%s", ee.Name, ee.Value, strings.Join(ee.Traceback, "\n"))
	}
	if got, _ := run(t, e, "kept + 1"); got != "42" {
		t.Errorf("kept + 1 = %q after the panic", got)
	}
	// Declared in the same cell, with parameters of the library's types.
	code := `func progress(done, total int) {
	if done > 0 {
		panic("in progress")
	}
}
m, _ := rbm.NewBinary(16, 4, nil)
m.ExactLogZContext(ctx, progress)`
	if ee, _ := fail(t, e, context.Background(), code); ee.Name != "panic" || ee.Value != "in progress" {
		t.Errorf("%s: %s", ee.Name, ee.Value)
	}
	// A shadowing local is passed as it is.
	if got, _ := run(t, e, "calls := 0\nfunc() {\n\tboom := func(s string) bool { calls++; return s == \"b\" }\n\t_ = strings.IndexFunc(\"ab\", func(r rune) bool { return boom(string(r)) })\n\t_ = slices.IndexFunc([]string{\"a\"}, boom)\n}()\ncalls"); got != "3" {
		t.Errorf("calls = %s", got)
	}
}

// A function given as a field of a compiled struct type (a library's
// settings) is guarded too. Here the library calls it on the cell's own
// goroutine, so the panic goes on as in Go, through a recover of the cell.
func TestGuardedCallbackField(t *testing.T) {
	e := newExec(t)
	code := `set, _ := data.BarsAndStripes(3, false)
m, _ := rbm.NewBinary(9, 4, nil)
var caught any
func() {
	defer func() { caught = recover() }()
	learn.Train(ctx, m, set, learn.NewCD(1, mcmc.NewGibbs(1)), &learn.Settings{
		Updates: 10, Rate: 0.1, Every: 1, Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
		OnObserve: func(h *learn.History) { panic("in OnObserve") },
	})
}()
caught`
	if got, _ := run(t, e, code); !strings.Contains(got, "in OnObserve") {
		t.Errorf("caught = %s", got)
	}
}
