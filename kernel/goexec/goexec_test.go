package goexec

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// event is one call a cell made on the Publisher.
type event struct {
	kind   string // "stdout", "stderr", "display", "clear"
	text   string
	bundle display.Bundle
}

// recorder is a kernel.Publisher that records every call.
type recorder struct {
	mu     sync.Mutex
	events []event
}

func (r *recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, event{kind: name, text: text})
}

func (r *recorder) Publish(b display.Bundle) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, event{kind: "display", bundle: b})
}

func (r *recorder) Clear(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, event{kind: "clear"})
}

// stream returns everything written to the named stream.
func (r *recorder) stream(name string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, e := range r.events {
		if e.kind == name {
			b.WriteString(e.text)
		}
	}
	return b.String()
}

func newExec(t testing.TB) *Executor {
	t.Helper()
	e, err := New(Options{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return e
}

// canceller lets a cell interrupt itself once it is running: a cell
// importing "example.com/ctl" calls ctl.Running(), which cancels the
// context last given to arm. Interrupt tests use it instead of a timer, so
// that a slow machine cannot cancel a cell before it starts.
type canceller struct {
	mu     sync.Mutex
	cancel context.CancelFunc
}

// arm returns a context that the cell's next ctl.Running() cancels.
func (c *canceller) arm() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	c.cancel = cancel
	c.mu.Unlock()
	return ctx
}

// Running cancels the armed context, if any.
func (c *canceller) Running() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
}

// symbols is the table that makes c importable as "example.com/ctl".
func (c *canceller) symbols() map[string]map[string]reflect.Value {
	return map[string]map[string]reflect.Value{
		"example.com/ctl/ctl": {"Running": reflect.ValueOf(c.Running)},
	}
}

// newCancellableExec returns an Executor whose cells can import
// "example.com/ctl" (see canceller).
func newCancellableExec(t testing.TB) (*Executor, *canceller) {
	t.Helper()
	c := &canceller{}
	e, err := New(Options{Symbols: c.symbols()})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return e, c
}

// run executes code, failing the test on error, and returns the result's
// text/plain ("" when none) and the recorder.
func run(t *testing.T, e *Executor, code string) (string, *recorder) {
	t.Helper()
	rec := &recorder{}
	res, err := e.Execute(context.Background(), code, rec)
	if err != nil {
		t.Fatalf("Execute(%q): %v", code, err)
	}
	return resultText(res), rec
}

func resultText(res *kernel.ExecResult) string {
	if res == nil || res.Data == nil {
		return ""
	}
	s, _ := res.Data.Data["text/plain"].(string)
	return s
}

// fail executes code that must fail and returns its ExecError.
func fail(t *testing.T, e *Executor, ctx context.Context, code string) (*kernel.ExecError, *recorder) {
	t.Helper()
	rec := &recorder{}
	_, err := e.Execute(ctx, code, rec)
	var ee *kernel.ExecError
	if !errors.As(err, &ee) {
		t.Fatalf("Execute(%q) = %v, want an *kernel.ExecError", code, err)
	}
	return ee, rec
}

func TestStateAcrossCells(t *testing.T) {
	e := newExec(t)
	run(t, e, "x := 40")
	run(t, e, "var y = 2")
	run(t, e, "func add(a, b int) int { return a + b }")
	if got, _ := run(t, e, "add(x, y)"); got != "42" {
		t.Errorf("add(x, y) = %q, want 42", got)
	}
}

func TestMixedDeclarationsAndStatements(t *testing.T) {
	e := newExec(t)
	code := `type T struct{ X int }
t := T{3}
func (t T) Double() int { return 2 * t.X }
const k = 10
t.Double() + k`
	if got, _ := run(t, e, code); got != "16" {
		t.Errorf("result = %q, want 16", got)
	}
	// Declarations of the cell are usable by the next one.
	if got, _ := run(t, e, "T{5}.Double()"); got != "10" {
		t.Errorf("T{5}.Double() = %q, want 10", got)
	}
}

func TestFinalExpression(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct{ code, want string }{
		{"1 + 1", "2"},
		{`"a" + "b"`, ""}, // checked below: Render may quote strings
		{"x := 3", ""},
		{"func two() (int, error) { return 2, nil }\ntwo()", "2, <nil>"},
		{"func none() {}\nnone()", ""},
		{`fmt.Println("hi")`, ""},
	} {
		got, _ := run(t, e, c.code)
		if c.code == `"a" + "b"` {
			if !strings.Contains(got, "ab") {
				t.Errorf("%q: result %q does not show ab", c.code, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%q: result %q, want %q", c.code, got, c.want)
		}
	}
}

func TestPreImportedPackages(t *testing.T) {
	e := newExec(t)
	code := `m, err := rbm.NewBinary(3, 2, nil)
if err != nil { panic(err) }
r, c := m.W.Dims()
fmt.Println(r, c, math.Sqrt(16), strings.ToUpper("ok"))`
	_, rec := run(t, e, code)
	if got := rec.stream("stdout"); got != "3 2 4 OK\n" {
		t.Errorf("stdout = %q, want %q", got, "3 2 4 OK\n")
	}
	// A full import path works too.
	if got, _ := run(t, e, "import m2 \"gonum.org/v1/gonum/mat\"\nm2.NewDense(2, 2, nil).At(1, 1)"); got != "0" {
		t.Errorf("result = %q, want 0", got)
	}
}

func TestImports(t *testing.T) {
	e := newExec(t)
	// Importing a package the session has under the same name is a no-op.
	if got, _ := run(t, e, "import \"strings\"\nstrings.Repeat(\"a\", 3) == \"aaa\""); got != "true" {
		t.Errorf("re-import: %q, want true", got)
	}
	// Before its first use, a usual short name can be bound to another
	// package: rand is math/rand/v2 unless a cell imports math/rand first.
	if got, _ := run(t, e, "import \"math/rand\"\nrand.New(rand.NewSource(1)).Intn(1)"); got != "0" {
		t.Errorf("math/rand: %q, want 0", got)
	}
	ee, _ := fail(t, e, context.Background(), "x := 1\nimport \"crypto/rand\"")
	if ee.Name != "CompileError" || !strings.Contains(ee.Value, "already imported") ||
		len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 2, column 8") {
		t.Errorf("conflicting import: %+v", ee)
	}
	// A global named like a usual package keeps that package out.
	if got, _ := run(t, e, "stat := 5\nstat * 2"); got != "10" {
		t.Errorf("stat := 5: %q, want 10", got)
	}
}

func TestGenericFunctionInCell(t *testing.T) {
	e := newExec(t)
	run(t, e, "func Max[T int | float64](a, b T) T { if a > b { return a }; return b }")
	if got, _ := run(t, e, "Max(2.5, 1.5)"); got != "2.5" {
		t.Errorf("Max(2.5, 1.5) = %q, want 2.5", got)
	}
	if got, _ := run(t, e, "Max(3, 7)"); got != "7" {
		t.Errorf("Max(3, 7) = %q, want 7", got)
	}
}

func TestCompileErrorPosition(t *testing.T) {
	e := newExec(t)
	ee, _ := fail(t, e, context.Background(), "a := 1\nb := a +\n  undefinedName\n")
	if ee.Name != "CompileError" {
		t.Errorf("Name = %q, want CompileError", ee.Name)
	}
	if !strings.Contains(ee.Value, "undefined") {
		t.Errorf("Value = %q, want it to say undefined", ee.Value)
	}
	if len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 3, column 3") {
		t.Errorf("Traceback = %q, want it to start with cell line 3, column 3", ee.Traceback)
	}
	// A syntax error in a declaration.
	ee, _ = fail(t, e, context.Background(), "x := 1\n\nfunc f( {\n}")
	if ee.Name != "CompileError" || len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 3") {
		t.Errorf("syntax error = %+v, want a CompileError at cell line 3", ee)
	}
	// A scanner error.
	ee, _ = fail(t, e, context.Background(), "x := 1\ny := \"open")
	if ee.Name != "CompileError" || len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 2, column 6") {
		t.Errorf("scanner error = %+v, want a CompileError at cell line 2, column 6", ee)
	}
	// The session still works.
	if got, _ := run(t, e, "1 + 2"); got != "3" {
		t.Errorf("after errors: 1 + 2 = %q", got)
	}
}

func TestRuntimePanic(t *testing.T) {
	e := newExec(t)
	run(t, e, "before := 7")
	ee, rec := fail(t, e, context.Background(), "func boom() { panic(\"boom\") }\nx := 1\nboom()\n")
	if ee.Name != "panic" || ee.Value != "boom" {
		t.Errorf("error = %s: %s, want panic: boom", ee.Name, ee.Value)
	}
	if len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 1") {
		t.Errorf("Traceback = %q, want it to start at cell line 1 (inside boom)", ee.Traceback)
	}
	if s := rec.stream("stderr"); strings.Contains(s, "cell:") {
		t.Errorf("stderr shows the interpreter's raw trace: %q", s)
	}
	if got, _ := run(t, e, "before + x"); got != "8" {
		t.Errorf("before + x = %q, want 8", got)
	}
	// A runtime error of Go.
	ee, _ = fail(t, e, context.Background(), "var s []int\n_ = s[3]")
	if ee.Name != "panic" || !strings.Contains(ee.Value, "index out of range") {
		t.Errorf("error = %s: %s, want an index out of range panic", ee.Name, ee.Value)
	}
}

func TestGoroutinePanic(t *testing.T) {
	e := newExec(t)
	// The cell waits; the goroutine's panic stops it.
	ee, _ := fail(t, e, context.Background(), "go func() { panic(\"in goroutine\") }()\nselect {}")
	if ee.Name != "panic" || ee.Value != "in goroutine" {
		t.Errorf("error = %s: %s, want panic: in goroutine", ee.Name, ee.Value)
	}
	if len(ee.Traceback) == 0 || !strings.HasPrefix(ee.Traceback[0], "cell line 1, column 1") {
		t.Errorf("Traceback = %q, want the go statement's position", ee.Traceback)
	}
	// A goroutine started by a function declared in a cell, with arguments
	// evaluated at the go statement.
	run(t, e, "func crash(n int, done chan bool) { defer close(done); panic(fmt.Sprint(\"crash \", n)) }")
	ee, _ = fail(t, e, context.Background(), "done := make(chan bool)\nn := 5\ngo crash(n, done)\nn = 6\n<-done\nselect {}")
	if ee.Value != "crash 5" {
		t.Errorf("Value = %q, want crash 5", ee.Value)
	}
	// The process survived and the session goes on.
	if got, _ := run(t, e, "1 + 1"); got != "2" {
		t.Errorf("after goroutine panic: %q", got)
	}
	// A goroutine that panics after its cell ended reports on the stderr of
	// a later cell.
	// (Goroutines that outlive their cell take what they use as arguments:
	// reading a cell's global from them races with later cells, see
	// docs/goexec.md.)
	run(t, e, "late := make(chan bool)\ngo func(c chan bool) { <-c; panic(\"late\") }(late)")
	// The report reaches the cell running when the goroutine panics (maybe
	// the one that closes late) or the next one.
	_, rec := run(t, e, "close(late)")
	got := rec.stream("stderr")
	for i := 0; i < 200 && !strings.Contains(got, "late"); i++ {
		_, rec := run(t, e, "time.Sleep(5 * time.Millisecond)")
		got += rec.stream("stderr")
	}
	if !strings.Contains(got, "panic in a goroutine started at cell line 2, column 1 of an earlier cell: late") {
		t.Errorf("stderr = %q, want the late panic", got)
	}
}

func TestInterruptInfiniteLoop(t *testing.T) {
	e, c := newCancellableExec(t)
	run(t, e, "kept := 1")
	ee, _ := fail(t, e, c.arm(), "import \"example.com/ctl\"\nn := 0\nfor { n++; ctl.Running() }")
	if ee.Name != "Interrupted" {
		t.Errorf("Name = %q, want Interrupted", ee.Name)
	}
	if got, _ := run(t, e, "kept"); got != "1" {
		t.Errorf("kept = %q, want 1", got)
	}
	if got, _ := run(t, e, "n > 0"); got != "true" {
		t.Errorf("n > 0 = %q, want true (n was set before the interrupt)", got)
	}
}

func TestInterruptReachesCompiledCode(t *testing.T) {
	// A compiled function that blocks until its context is done, as a
	// library training loop does, reports what it saw on returned.
	// It interrupts the cell itself once it runs (see canceller).
	c := &canceller{}
	returned := make(chan error, 1)
	wait := func(ctx context.Context) error {
		c.Running()
		<-ctx.Done()
		returned <- ctx.Err()
		return ctx.Err()
	}
	syms := c.symbols()
	syms["example.com/lib/lib"] = map[string]reflect.Value{"Wait": reflect.ValueOf(wait)}
	e, err := New(Options{Symbols: syms})
	if err != nil {
		t.Fatal(err)
	}
	ee, _ := fail(t, e, c.arm(), "import \"example.com/lib\"\nerr := lib.Wait(ctx)\npanic(err)")
	if ee.Name != "Interrupted" {
		t.Errorf("Name = %q, want Interrupted", ee.Name)
	}
	if err := <-returned; !errors.Is(err, context.Canceled) {
		t.Errorf("the compiled call saw %v, want context.Canceled", err)
	}

	// An interpreted loop that selects on ctx.Done between sleeps.
	ee, _ = fail(t, e, c.arm(), `import "example.com/ctl"
steps := 0
for stop := false; !stop; {
	select {
	case <-ctx.Done():
		stop = true
	case <-time.After(time.Millisecond):
		steps++
		ctl.Running()
	}
}`)
	if ee.Name != "Interrupted" {
		t.Errorf("Name = %q, want Interrupted", ee.Name)
	}
	if got, _ := run(t, e, "steps > 0"); got != "true" {
		t.Errorf("steps > 0 = %q, want true", got)
	}
}

func TestNotebookFlow(t *testing.T) {
	e := newExec(t)
	// An interpreted type implementing a compiled interface (plotter.XYer),
	// a gonum plot shown with display.Plot, and the plot as a result.
	_, rec := run(t, e, `type parabola struct{ n int }
func (p parabola) Len() int { return p.n }
func (p parabola) XY(i int) (float64, float64) { return float64(i), float64(i * i) }
p := plot.New()
s, err := plotter.NewScatter(parabola{5})
if err != nil { panic(err) }
p.Add(s)
display.Plot(p, 3*vg.Inch, 2*vg.Inch)`)
	if len(rec.events) != 1 || rec.events[0].kind != "display" {
		t.Fatalf("events = %+v, want one display", rec.events)
	}
	if _, ok := rec.events[0].bundle.Data["image/png"]; !ok {
		t.Errorf("display has no image/png: %v", rec.events[0].bundle.Data)
	}
	res, err := e.Execute(context.Background(), "p", &recorder{})
	if err != nil || res.Data == nil || res.Data.Data["image/png"] == nil {
		t.Errorf("the plot as a result: %+v, %v", res, err)
	}
}

func TestStreams(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `fmt.Println("out 1")
fmt.Fprintln(os.Stderr, "err 1")
fmt.Print("out 2 ")
fmt.Println("continued")
log.SetFlags(0)
log.Print("logged")
println("builtin")
os.Stdout.Write([]byte("partial"))`)
	// How output is cut into messages depends on timing (stream.go):
	// consecutive outputs of one stream are compared joined.
	var got []string
	for i, ev := range rec.events {
		if i > 0 && rec.events[i-1].kind == ev.kind {
			got[len(got)-1] += ev.text
			continue
		}
		got = append(got, ev.kind+":"+ev.text)
	}
	want := []string{
		"stdout:out 1\n",
		"stderr:err 1\n",
		"stdout:out 2 continued\n",
		"stderr:logged\n",
		"stdout:builtin\npartial",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("events:\n got %q\nwant %q", got, want)
	}
}

func TestGoroutineOutputGoesToCurrentCell(t *testing.T) {
	e := newExec(t)
	run(t, e, "tick, printed := make(chan string), make(chan bool)\ngo func(c chan string) { for s := range c { fmt.Println(s); printed <- true } }(tick)")
	_, rec := run(t, e, "done := make(chan bool)\ngo func() { fmt.Println(\"from goroutine\"); done <- true }()\n<-done")
	if got := rec.stream("stdout"); got != "from goroutine\n" {
		t.Errorf("stdout = %q", got)
	}
	// A goroutine of an earlier cell prints into the cell running now
	// (which waits until it has printed).
	_, rec = run(t, e, "tick <- \"hello\"\n<-printed")
	if got := rec.stream("stdout"); got != "hello\n" {
		t.Errorf("stdout = %q, want hello from the earlier cell's goroutine", got)
	}
}

func TestInspectCell(t *testing.T) {
	e := newExec(t)
	res, err := e.Execute(context.Background(), "strings.ToUpper?", &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Payload) != 1 || res.Payload[0]["source"] != "page" {
		t.Fatalf("Payload = %v, want one page", res.Payload)
	}
	text, _ := res.Payload[0]["data"].(map[string]any)["text/plain"].(string)
	if !strings.Contains(text, "ToUpper") {
		t.Errorf("page = %q", text)
	}
	_, rec := run(t, e, "nosuchname??")
	if !strings.Contains(rec.stream("stdout"), "no documentation") {
		t.Errorf("stdout = %q", rec.stream("stdout"))
	}
}

func TestCompleteAndInspectSeeCellGlobals(t *testing.T) {
	e := newExec(t)
	run(t, e, "myModel, _ := rbm.NewBinary(4, 3, nil)\nfunc myHelper() {}")
	c := e.Complete("myM", 3)
	if len(c.Matches) == 0 || c.Matches[0] != "myModel" {
		t.Errorf("Complete(myM) = %v", c.Matches)
	}
	c = e.Complete("myH", 3)
	if len(c.Matches) == 0 || c.Matches[0] != "myHelper" {
		t.Errorf("Complete(myH) = %v", c.Matches)
	}
	if _, found := e.Inspect("rbm.NewBinary", 5, 0); !found {
		t.Errorf("Inspect(rbm.NewBinary) found nothing")
	}
	if st, _ := e.IsComplete("for {"); st != "incomplete" {
		t.Errorf("IsComplete(for {) = %q", st)
	}
}

func TestReset(t *testing.T) {
	e := newExec(t)
	run(t, e, "gone := 1")
	if err := e.Reset(); err != nil {
		t.Fatal(err)
	}
	ee, _ := fail(t, e, context.Background(), "gone")
	if ee.Name != "CompileError" {
		t.Errorf("after Reset, gone: %s", ee.Name)
	}
	if got, _ := run(t, e, "fmt.Sprint(1)"); got == "" {
		t.Errorf("after Reset, pre-imports missing")
	}
}

func TestDeclarationBetweenStatements(t *testing.T) {
	e := newExec(t)
	code := `x := 20
func twice(v int) int { return 2 * v }
y := twice(x)
type pair struct{ a, b int }
p := pair{x, y}
p.a + p.b + 2`
	if got, _ := run(t, e, code); got != "62" {
		t.Errorf("result = %q, want 62", got)
	}
}

func TestInterruptLeavesCompiledCodeRunning(t *testing.T) {
	oldGrace, oldDelay := interruptGrace, stopDelay
	interruptGrace, stopDelay = 20*time.Millisecond, 20*time.Millisecond
	defer func() { interruptGrace, stopDelay = oldGrace, oldDelay }()
	e := newExec(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	// time.Sleep is compiled and does not watch ctx: the interpreted code
	// is stopped stopDelay after the interrupt, the interrupt is reported
	// after the grace period, and the next cell waits for the sleep to end
	// before it runs; the statement after the sleep, which the stop
	// reached first, does not run.
	ee, _ := fail(t, e, ctx, "slept := false\ntime.Sleep(300 * time.Millisecond)\nslept = true")
	if ee.Name != "Interrupted" {
		t.Errorf("Name = %q, want Interrupted", ee.Name)
	}
	if got, _ := run(t, e, "slept"); got != "false" {
		t.Errorf("slept = %q, want false: the statement after the sleep must not run", got)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("the next cell ran %v after the start, before the sleep ended", d)
	}
}

func TestDisplayFromCell(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, `fmt.Println("before")
display.Markdown("# title")`)
	if len(rec.events) != 2 || rec.events[0].kind != "stdout" || rec.events[1].kind != "display" {
		t.Fatalf("events = %+v, want stdout then display", rec.events)
	}
	if got := rec.events[1].bundle.Data["text/markdown"]; got != "# title" {
		t.Errorf("markdown = %v", got)
	}
}

func TestPartialLines(t *testing.T) {
	// The router, driven directly, on a clock that moves only when told
	// (see stream_test.go for the rest of its rules).
	r, c, rec := newTestRouter()
	r.write(0, []byte("50%\r"))
	if len(rec.events) != 0 {
		t.Fatalf("a partial line was sent at once: %+v", rec.events)
	}
	if c.due.IsZero() {
		t.Errorf("no timer set for the partial line")
	}
	c.advance(t, partialDelay) // the timer sends the partial line
	r.write(0, []byte("done\nand"))
	r.write(1, []byte("err\n")) // after stdout's partial "and"
	r.stop()
	var got []string
	for _, ev := range rec.events {
		got = append(got, ev.kind+":"+ev.text)
	}
	want := "stdout:50%\r|stdout:done\nand|stderr:err\n"
	if strings.Join(got, "|") != want {
		t.Errorf("events = %q, want %q", strings.Join(got, "|"), want)
	}
	// Output with no cell running is kept for the next one.
	r.write(0, []byte("between\n"))
	rec2 := &recorder{}
	r.start(rec2)
	r.stop()
	if got := rec2.stream("stdout"); got != "between\n" {
		t.Errorf("held output = %q", got)
	}
}

func TestResetStopsGoroutines(t *testing.T) {
	e := newExec(t)
	run(t, e, "go func() { for { time.Sleep(time.Millisecond); fmt.Println(\"tick\") } }()")
	old := e.out // the old session's output, kept between cells
	count := func() int {
		old.mu.Lock()
		defer old.mu.Unlock()
		return len(old.held)
	}
	for i := 0; i < 1000; i++ { // wait for the goroutine to tick
		if _, rec := run(t, e, "time.Sleep(time.Millisecond)"); strings.Contains(rec.stream("stdout"), "tick") {
			break
		}
	}
	if err := e.Reset(); err != nil {
		t.Fatal(err)
	}
	n := count()
	run(t, e, "time.Sleep(50 * time.Millisecond)")
	if n > 1 {
		t.Errorf("%d ticks were held before Reset returned", n)
	}
	// A tick being printed when Reset came may still land; no more.
	if m := count(); m > n+1 {
		t.Errorf("the old session printed %d ticks after Reset", m-n)
	}
}

func BenchmarkTrivialCell(b *testing.B) {
	e := newExec(b)
	rec := &recorder{}
	ctx := context.Background()
	for b.Loop() {
		if _, err := e.Execute(ctx, "1+1", rec); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// What an interrupted cell does does not depend on timing: ctx is
// cancelled, and the code after a ctx-aware call runs (it has stopDelay, a
// second, to do so), so a cell can handle its interruption; the cell then
// fails with Interrupted, and what it set is kept. Checked 100 times, with
// the interrupt coming as soon as the cell is inside the library call.
func TestInterruptedCellHandlesItEveryTime(t *testing.T) {
	e, c := newCancellableExec(t)
	run(t, e, `big, _ := rbm.NewBinary(24, 24, nil)
handled := 0`)
	code := `import "example.com/ctl"
started := false
bar := func(done, total int) {
	if !started {
		started = true
		ctl.Running()
	}
}
_, err := big.ExactLogZContext(ctx, bar)
if errors.Is(err, context.Canceled) {
	handled++
	fmt.Println("interrupted: handled")
}`
	for i := range 100 {
		ee, rec := fail(t, e, c.arm(), code)
		if ee.Name != "Interrupted" {
			t.Fatalf("try %d: %s: %s, want Interrupted", i, ee.Name, ee.Value)
		}
		if got := rec.stream("stdout"); !strings.Contains(got, "interrupted: handled") {
			t.Fatalf("try %d: the cell's handler did not run; output %q", i, got)
		}
	}
	if got, _ := run(t, e, "handled"); got != "100" {
		t.Errorf("handled = %s, want 100", got)
	}
}

// Compile errors point where Go does: the caret under the character after
// multibyte text (columns count bytes, as Go's do), and a stray closing
// brace at its own line.
func TestCompileErrorPositions(t *testing.T) {
	e := newExec(t)
	for _, c := range []struct {
		code string
		want []string
	}{
		{"s := \"héllo ✓✓✓\"; x := undefinedName\n_ = s", []string{
			"cell line 1, column 31: undefined: undefinedName", // 30 bytes before it
			"    s := \"héllo ✓✓✓\"; x := undefinedName",
			"    " + strings.Repeat(" ", 23) + "^"}}, // 23 characters before it
		{"}\nx := 1", []string{"cell line 1, column 1: expected statement, found '}'", "    }", "    ^"}},
		{"x := 1\n}", []string{"cell line 2, column 1: expected statement, found '}'", "    }", "    ^"}},
		{"f := func() {}\n)", []string{"cell line 2, column 1: expected statement, found ')'", "    )", "    ^"}},
	} {
		ee, _ := fail(t, e, context.Background(), c.code)
		if ee.Name != "CompileError" || strings.Join(ee.Traceback, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q: %s\n%s\nwant\n%s", c.code, ee.Name, strings.Join(ee.Traceback, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// runtime.Goexit in a cell ends its goroutine: the cell fails saying that
// the rest did not run, rather than reporting success; what ran is kept.
func TestGoexitIsNotSuccess(t *testing.T) {
	e := newExec(t)
	ee, _ := fail(t, e, context.Background(), "import \"runtime\"\nx := 1\nruntime.Goexit()\nx = 2")
	if ee.Name != "RuntimeError" || !strings.Contains(ee.Value, "runtime.Goexit") || !strings.Contains(ee.Value, "did not run") {
		t.Errorf("%s: %s", ee.Name, ee.Value)
	}
	if got, _ := run(t, e, "x"); got != "1" {
		t.Errorf("x = %s, want 1", got)
	}
}
