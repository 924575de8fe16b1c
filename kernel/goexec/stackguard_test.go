package goexec

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// smallStacks lowers the stack guard's limit for a test, which makes
// runaway recursions end sooner (the race detector slows them 10-fold).
func smallStacks(t *testing.T) {
	old := SetStackLimit(64 << 20)
	t.Cleanup(func() { SetStackLimit(old) })
}

// A recursion without end in a function of an earlier cell ends the cell
// with StackOverflow naming the function and the line of the recursive
// call, and the session goes on: Go itself would end the process.
func TestRunawayRecursionStopsTheCell(t *testing.T) {
	smallStacks(t)
	e := newExec(t)
	run(t, e, "kept := 41")
	run(t, e, "func down(n int) int {\n\tif n < 0 {\n\t\treturn 0\n\t}\n\treturn down(n+1) + 1\n}")
	ee, _ := fail(t, e, context.Background(), "total := 0\ntotal = down(0)")
	if ee.Name != "StackOverflow" {
		t.Fatalf("Name = %q (%s), want StackOverflow", ee.Name, ee.Value)
	}
	for _, want := range []string{"down → down", "cell line 5, column 9 of an earlier cell"} {
		if !strings.Contains(ee.Value, want) {
			t.Errorf("Value = %q, want it to contain %q", ee.Value, want)
		}
	}
	if len(ee.Traceback) < 2 || !strings.Contains(ee.Traceback[1], "return down(n+1) + 1") {
		t.Errorf("Traceback = %q, want the recursive call's line second", ee.Traceback)
	}
	if got, _ := run(t, e, "kept + 1"); got != "42" {
		t.Errorf("after the overflow, kept + 1 = %q, want 42", got)
	}
}

// Mutual recursion through a function literal assigned to a variable, in
// the same cell: the cycle names both.
func TestRunawayMutualRecursion(t *testing.T) {
	smallStacks(t)
	e := newExec(t)
	code := `var odd func(n int) bool
func even(n int) bool {
	return odd(n + 1)
}
odd = func(n int) bool { return even(n + 1) }
even(0)`
	ee, _ := fail(t, e, context.Background(), code)
	if ee.Name != "StackOverflow" {
		t.Fatalf("Name = %q (%s), want StackOverflow", ee.Name, ee.Value)
	}
	if !strings.Contains(ee.Value, "odd → even → odd") && !strings.Contains(ee.Value, "even → odd → even") {
		t.Errorf("Value = %q, want the cycle of odd and even", ee.Value)
	}
	if strings.Contains(ee.Value, "earlier cell") {
		t.Errorf("Value = %q: the recursion is in this cell", ee.Value)
	}
	if got, _ := run(t, e, "even != nil"); got != "true" {
		t.Errorf("the session did not survive: even != nil = %q", got)
	}
}

// A deep recursion that ends is left alone: 10,000 interpreted frames are
// far below the limit.
func TestDeepRecursionThatEnds(t *testing.T) {
	smallStacks(t)
	e := newExec(t)
	run(t, e, "func depth(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\treturn depth(n-1) + 1\n}")
	if got, _ := run(t, e, "depth(10000)"); got != "10000" {
		t.Errorf("depth(10000) = %q", got)
	}
}

func TestDeepFrames(t *testing.T) {
	trace := []byte(`1 [running]:
github.com/traefik/yaegi/interp.runCfg(0xc0001a2000, 0xc000010000, 0x0?, 0x0?)
	/x/run.go:233 +0x1
github.com/traefik/yaegi/interp.call.func9(0xc000010000)
github.com/traefik/yaegi/interp.runCfg(0xc0001a2100?, 0xc000010100, 0x0?, 0x0?)
github.com/traefik/yaegi/interp.runCfg(0xc0001a2200, 0xc000010200)
...447295 frames elided...
github.com/traefik/yaegi/interp.runCfg(0xc0001a2300, 0xc000010300, 0x0?, 0x0?)
`)
	id, frames, ok := deepFrames(trace)
	if !ok || id != 1 || len(frames) != 2 || frames[0] != 0xc0001a2000 || frames[1] != 0xc0001a2200 {
		t.Errorf("deepFrames = %d, %#x, %v; want goroutine 1 and the two sure addresses above the elision", id, frames, ok)
	}
	if _, _, ok := deepFrames(trace[:strings.Index(string(trace), "...")]); ok {
		t.Errorf("a traceback shown whole is not deep")
	}
}

// A recursion in a goroutine of the cell is stopped once: the cell fails
// with one StackOverflow, nothing is reported again while the goroutine
// unwinds, and the next cells are not touched.
func TestRunawayRecursionInAGoroutineIsStoppedOnce(t *testing.T) {
	smallStacks(t)
	e := newExec(t)
	run(t, e, "func spin(n int) int { return spin(n+1) + 1 }")
	ee, rec := fail(t, e, context.Background(), "done := make(chan int)\ngo func() { done <- spin(0) }()\n<-done")
	if ee.Name != "StackOverflow" {
		t.Fatalf("Name = %q (%s), want StackOverflow", ee.Name, ee.Value)
	}
	stderr := rec.stream("stderr")
	for i := range 20 {
		if got, rec := run(t, e, fmt.Sprintf("%d + 1", i)); got != fmt.Sprint(i+1) {
			t.Fatalf("cell %d after the overflow gave %q", i, got)
		} else {
			stderr += rec.stream("stderr")
		}
	}
	if strings.Contains(stderr, "stack overflow") {
		t.Errorf("the overflow was reported again:\n%s", stderr)
	}
}
