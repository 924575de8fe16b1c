package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
	"github.com/rbm-kernel/rbm-kernel/kernel/goexec"
)

// childEnv marks the test binary started as a worker by the tests.
const childEnv = "RBM_WORKER_TEST_CHILD"

// TestMain lets the test binary serve as the worker process: the tests'
// Client starts it again with childEnv set, and it then runs the real cell
// executor (kernel/goexec) on fds 3 and 4, as `rbm-kernel worker` does.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		// Runaway recursions end sooner (the race detector slows them).
		goexec.SetStackLimit(64 << 20)
		err := ServeFDs(func() (kernel.Executor, error) {
			return goexec.New(goexec.Options{Env: os.Environ(), WaitInterrupted: true})
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// newTestClient returns a Client whose workers are this test binary.
func newTestClient(t *testing.T, grace time.Duration) *Client {
	t.Helper()
	c, err := NewClient(Options{
		Command: func() *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), childEnv+"=1")
			return cmd
		},
		Grace: grace,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// recorder is a kernel.Publisher and kernel.Prompter that keeps what a cell
// publishes.
type recorder struct {
	mu       sync.Mutex
	streams  strings.Builder
	displays []display.Bundle
	input    string // what Input answers
}

func (r *recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.streams.WriteString(name + ":" + text)
}

func (r *recorder) Publish(b display.Bundle) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.displays = append(r.displays, b)
}

func (r *recorder) Clear(bool) {}

func (r *recorder) Input(ctx context.Context, prompt string, password bool) (string, error) {
	r.Stream("prompt", prompt)
	return r.input, nil
}

func (r *recorder) text() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.streams.String()
}

// result runs code and returns the text/plain of its result, failing the
// test on an error.
func result(t *testing.T, c *Client, code string) string {
	t.Helper()
	res, err := c.Execute(context.Background(), code, &recorder{})
	if err != nil {
		t.Fatalf("%q: %v", code, err)
	}
	if res == nil || res.Data == nil {
		return ""
	}
	s, _ := res.Data.Data["text/plain"].(string)
	return s
}

// execError runs code and returns its ExecError, failing the test if it
// succeeds or fails otherwise.
func execError(t *testing.T, c *Client, code string) *kernel.ExecError {
	t.Helper()
	_, err := c.Execute(context.Background(), code, &recorder{})
	var xe *kernel.ExecError
	if !errors.As(err, &xe) {
		t.Fatalf("%q: want an ExecError, got %v", code, err)
	}
	return xe
}

func TestStateStreamsAndDisplays(t *testing.T) {
	c := newTestClient(t, 0)
	rec := &recorder{}
	if _, err := c.Execute(context.Background(), `x := 40
fmt.Println("x is", x)
display.HTML("<b>bold</b>")`, rec); err != nil {
		t.Fatal(err)
	}
	if got := rec.text(); got != "stdout:x is 40\n" {
		t.Errorf("streams %q", got)
	}
	if len(rec.displays) != 1 || rec.displays[0].Data["text/html"] != "<b>bold</b>" {
		t.Errorf("displays %v", rec.displays)
	}
	if got := result(t, c, "x + 2"); got != "42" {
		t.Errorf("x + 2 = %q", got)
	}
}

func TestCompleteInspectIsComplete(t *testing.T) {
	c := newTestClient(t, 0)
	comp := c.Complete("rbm.NewB", 8)
	if len(comp.Matches) != 1 || comp.Matches[0] != "NewBinary" || comp.CursorStart != 4 || comp.CursorEnd != 8 {
		t.Errorf("Complete = %+v", comp)
	}
	data, found := c.Inspect("rbm.NewBinary", 13, 0)
	if doc, _ := data["text/plain"].(string); !found || !strings.Contains(doc, "NewBinary returns a binary RBM") {
		t.Errorf("Inspect = %v, %v", data, found)
	}
	if status, _ := c.IsComplete("func f() {"); status != "incomplete" {
		t.Errorf("IsComplete = %q", status)
	}
}

// deadly is a cell that ends its worker, and the error name it must give.
type deadly struct {
	name, code, ename, evalue string
}

var deadlyCells = []deadly{
	{"recursion in compiled code", "s := []any{nil}\ns[0] = s\nfmt.Sprint(s)", "StackOverflow", "goroutine stack exceeds"},
	{"concurrent map writes", `m := map[int]int{}
var wg sync.WaitGroup
for g := 0; g < 4; g++ {
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 10000000; i++ {
			m[i%1000] = i
		}
	}()
}
wg.Wait()`, "FatalError", "concurrent map writes"},
	// A function in a variable: the executor guards only literals and
	// declared functions passed to compiled code.
	{"panic in a library callback", `boom := func() {
	var m map[string]int
	m["x"] = 1
}
done := make(chan bool)
time.AfterFunc(time.Millisecond, boom)
<-done`, "Panic", "assignment to entry in nil map"},
	{"allocation past the address space", "big := make([]byte, 1<<46)\nlen(big)", "OutOfMemory", "out of memory"},
}

func TestDeadlyCells(t *testing.T) {
	c := newTestClient(t, 0)
	for _, d := range deadlyCells {
		t.Run(d.name, func(t *testing.T) {
			if d.ename == "OutOfMemory" && raceEnabled {
				t.Skip("the race detector's allocator reports a huge allocation differently")
			}
			if got := result(t, c, "before := 41\nbefore + 1"); got != "42" {
				t.Fatalf("before: %q", got)
			}
			xe := execError(t, c, d.code)
			if xe.Name != d.ename || !strings.Contains(xe.Value, d.evalue) {
				t.Errorf("error %s: %s; want %s with %q", xe.Name, xe.Value, d.ename, d.evalue)
			}
			if tb := strings.Join(xe.Traceback, "\n"); !strings.Contains(tb, "state") || !strings.Contains(tb, RerunMagic) {
				t.Errorf("traceback does not say that the state was lost and how to get it back:\n%s", tb)
			}
			// The next cell runs, in a fresh session.
			if got := result(t, c, "1 + 1"); got != "2" {
				t.Errorf("1 + 1 after the death: %q", got)
			}
			if xe := execError(t, c, "before"); !strings.Contains(xe.Value, "undefined: before") {
				t.Errorf("the old state is still there: %v", xe)
			}
		})
	}
}

func TestRerunRestoresTheLostSession(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "x := 20")
	execError(t, c, "var bad int\nbad = 1 / bad") // fails in the worker: not re-executed
	result(t, c, "func double(n int) int { return 2 * n }")
	result(t, c, `fmt.Println("printed")`)
	execError(t, c, deadlyCells[0].code)
	if xe := execError(t, c, "double(x)"); !strings.Contains(xe.Value, "undefined") {
		t.Fatalf("state survived the death: %v", xe)
	}
	rec := &recorder{}
	if _, err := c.Execute(context.Background(), RerunMagic, rec); err != nil {
		t.Fatal(err)
	}
	if got := rec.text(); !strings.Contains(got, "the 3 cells") || !strings.Contains(got, "stdout:printed\n") {
		t.Errorf("%%rerun printed %q", got)
	}
	if got := result(t, c, "double(x) + 2"); got != "42" {
		t.Errorf("double(x) + 2 = %q after %%rerun", got)
	}
}

// interrupted runs code, cancels its ctx once the cell has printed
// started, and returns the cell's error; the test fails if the cell ends
// before the interrupt or does not end within limit after it.
func interrupted(t *testing.T, c *Client, code, started string, limit time.Duration) error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := startCell(t, c, ctx, code, started)
	cancel()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("the cell did not end within %v of the interrupt", limit)
		return nil
	}
}

// startCell runs code under ctx and returns once the cell has printed
// started; the channel gets the cell's error when it ends. The test fails
// if the cell ends first.
func startCell(t *testing.T, c *Client, ctx context.Context, code, started string) <-chan error {
	t.Helper()
	rec := &recorder{}
	done := make(chan error, 1)
	go func() {
		_, err := c.Execute(ctx, code, rec)
		done <- err
	}()
	for !strings.Contains(rec.text(), started) {
		select {
		case err := <-done:
			t.Fatalf("the cell ended before %q: %v", started, err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	return done
}

// wantInterrupted fails the test unless err is an Interrupted ExecError.
func wantInterrupted(t *testing.T, err error) {
	t.Helper()
	var xe *kernel.ExecError
	if !errors.As(err, &xe) || xe.Name != "Interrupted" {
		t.Errorf("interrupted cell: %v", err)
	}
}

func TestInterruptLibraryCallKeepsState(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "x := 40")
	err := interrupted(t, c, `big, _ := rbm.NewBinary(30, 30, nil)
bar := func(done, total int) { if done > 0 { fmt.Println("started") } }
_, err := big.ExactLogZContext(ctx, bar)
err`, "started", DefaultGrace)
	wantInterrupted(t, err)
	if got := result(t, c, "x + 2"); got != "42" {
		t.Errorf("x + 2 = %q: the state did not survive the interrupt", got)
	}
}

func TestInterruptTightLoopKeepsState(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "kept := 41")
	// The interpreter stops its own loops within the grace period: the
	// worker lives on, with the session's state.
	wantInterrupted(t, interrupted(t, c, "fmt.Println(\"looping\")\nfor {}", "looping", DefaultGrace))
	if got := result(t, c, "kept + 1"); got != "42" {
		t.Errorf("kept + 1 = %q", got)
	}
}

func TestInterruptIgnoredStopsTheWorker(t *testing.T) {
	grace := 300 * time.Millisecond
	c := newTestClient(t, grace)
	result(t, c, "x := 1")
	// A native call that ignores ctx: a mutex locked twice. Once the grace
	// has run out the worker is stopped, and the next cell runs.
	err := interrupted(t, c, "var mu sync.Mutex\nfmt.Println(\"locking\")\nmu.Lock()\nmu.Lock()", "locking", grace+20*time.Second)
	wantInterrupted(t, err)
	if got := result(t, c, "2 + 2"); got != "4" {
		t.Errorf("2 + 2 = %q after the hard interrupt", got)
	}
}

func TestDeathBetweenCellsIsReported(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "x := 1")
	// The callback panics after the cell has ended.
	result(t, c, "boom := func() { var m map[string]int; m[\"x\"] = 1 }\ntime.AfterFunc(20*time.Millisecond, boom)\n0")
	c.mu.Lock()
	p := c.cur
	c.mu.Unlock()
	<-p.exited
	// Completion and inspection of a dead worker answer nothing, at once.
	if got := c.Complete("fmt.Prin", 8); len(got.Matches) != 0 || got.CursorStart != 8 {
		t.Errorf("Complete on a dead worker = %+v, want no matches", got)
	}
	if _, found := c.Inspect("fmt.Println", 5, 0); found {
		t.Errorf("Inspect on a dead worker found something")
	}
	if status, _ := c.IsComplete("x := 1"); status != "unknown" {
		t.Errorf("IsComplete on a dead worker = %q, want unknown", status)
	}
	xe := execError(t, c, "x")
	if xe.Name != "Panic" || !strings.Contains(xe.Value, "after the previous cell had ended") {
		t.Errorf("got %s: %s", xe.Name, xe.Value)
	}
	if !strings.Contains(strings.Join(xe.Traceback, "\n"), "did not run") {
		t.Errorf("traceback does not say the cell did not run: %v", xe.Traceback)
	}
	if got := result(t, c, "3 * 3"); got != "9" {
		t.Errorf("3 * 3 = %q", got)
	}
	if got := c.Complete("fmt.Prin", 8); len(got.Matches) == 0 {
		t.Errorf("Complete after the next cell = %+v, want matches", got)
	}
}

func TestResetStartsAFreshSession(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "x := 1")
	if err := c.Reset(); err != nil {
		t.Fatal(err)
	}
	if xe := execError(t, c, "x"); !strings.Contains(xe.Value, "undefined: x") {
		t.Errorf("x after Reset: %v", xe)
	}
	rec := &recorder{}
	if _, err := c.Execute(context.Background(), RerunMagic, rec); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec.text(), "no lost session") {
		t.Errorf("%%rerun after a restart: %q", rec.text())
	}
}

func TestBoundedLogNeverFails(t *testing.T) {
	var got strings.Builder
	b := &boundedLog{w: &got, left: 10}
	for _, s := range []string{"0123", "456789ab", "cdef"} {
		if n, err := b.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if want := "0123456789\n[rbm-kernel: the rest of this worker's stderr is not logged]\n"; got.String() != want {
		t.Errorf("logged %q, want %q", got.String(), want)
	}
	failing := &boundedLog{w: errWriter{}, left: 100}
	if n, err := failing.Write([]byte("x")); n != 1 || err != nil {
		t.Errorf("a failing log made Write return %d, %v", n, err)
	}
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// The code after a ctx-aware library call runs in an interrupted cell,
// every time (see goexec's stopDelay): here 100 times through the worker
// (25 under the race detector). The cell calls the library until a call
// ends with the interrupt, so that it is still running when the interrupt
// comes however late its "started" reaches the test (on a loaded machine
// one exact log Z could end before that, and the cell with it).
func TestInterruptedCellHandlesItEveryTime(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "big, _ := rbm.NewBinary(24, 24, nil)\nhandled := 0")
	code := `started := false
bar := func(done, total int) {
	if !started {
		started = true
		fmt.Println("started")
	}
}
for {
	_, err := big.ExactLogZContext(ctx, bar)
	if errors.Is(err, context.Canceled) {
		handled++
		break
	}
}`
	tries := 100
	if raceEnabled {
		tries = 25 // 10 times slower; the run without the race detector does 100
	}
	for range tries {
		wantInterrupted(t, interrupted(t, c, code, "started", DefaultGrace))
	}
	if got, want := result(t, c, "handled"), fmt.Sprint(tries); got != want {
		t.Errorf("handled = %s after %s interrupts", got, want)
	}
}

// A second interrupt stops the worker at once, without waiting for the
// grace period.
func TestSecondInterruptStopsTheWorker(t *testing.T) {
	c := newTestClient(t, time.Hour)
	result(t, c, "x := 1")
	ctx, cancel := context.WithCancel(context.Background())
	done := startCell(t, c, ctx, "var mu sync.Mutex\nfmt.Println(\"locking\")\nmu.Lock()\nmu.Lock()", "locking")
	cancel()
	c.HardInterrupt()
	select {
	case err := <-done:
		var xe *kernel.ExecError
		if !errors.As(err, &xe) || xe.Name != "Interrupted" || !strings.Contains(xe.Value, "second interrupt") {
			t.Errorf("error %v, want Interrupted by a second interrupt", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the second interrupt did not end the cell")
	}
	if got := result(t, c, "2 + 2"); got != "4" {
		t.Errorf("2 + 2 = %q after the second interrupt", got)
	}
}

// A worker that passes its memory limit is stopped with OutOfMemory naming
// the limit, before the machine runs short; %memory shows and sets it.
func TestMemoryLimit(t *testing.T) {
	c, err := NewClient(Options{
		Command: func() *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), childEnv+"=1")
			return cmd
		},
		MemoryLimit: "300MiB",
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	rec := &recorder{}
	if _, err := c.Execute(context.Background(), MemoryMagic, rec); err != nil {
		t.Fatal(err)
	}
	if got := rec.text(); !strings.Contains(got, "memory limit: 300 MiB, set by Options.MemoryLimit; the worker uses ") {
		t.Errorf("%%memory printed %q", got)
	}
	// 512 MiB, every page touched, held live.
	const fill = "held := make([]byte, 512<<20)\nfor i := 0; i < len(held); i += 4096 {\n\theld[i] = 1\n}\nlen(held)"
	xe := execError(t, c, fill)
	if xe.Name != "OutOfMemory" || !strings.Contains(xe.Value, "more than its memory limit of 300 MiB") {
		t.Errorf("error %s: %s; want OutOfMemory naming the limit", xe.Name, xe.Value)
	}
	// Raised, the same cell runs.
	if _, err := c.Execute(context.Background(), MemoryMagic+" 2GiB", &recorder{}); err != nil {
		t.Fatal(err)
	}
	if got := result(t, c, fill); got != "536870912" {
		t.Errorf("with a 2 GiB limit the cell gave %q", got)
	}
	if xe := execError(t, c, MemoryMagic+" lots"); xe.Name != "UsageError" || !strings.Contains(xe.Value, `"lots"`) {
		t.Errorf("%%memory lots: %s: %s", xe.Name, xe.Value)
	}
}

func TestParseLimit(t *testing.T) {
	const total = 16 << 30
	for _, c := range []struct {
		spec string
		want uint64
		err  string
	}{
		{"12GiB", 12 << 30, ""},
		{"512 MiB", 512 << 20, ""},
		{"8G", 8e9, ""},
		{"2e9", 2e9, ""},
		{"1.5gib", 3 << 29, ""},
		{"50%", 8 << 30, ""},
		{"off", 0, ""},
		{"12 parsecs", 0, `unknown unit "parsecs"`},
		{"150%", 0, "percentage"},
		{"1MiB", 0, "below 64 MiB"},
		{"lots", 0, "positive number of bytes"},
	} {
		got, err := ParseLimit(c.spec, total)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseLimit(%q) = %d, %v; want %d", c.spec, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseLimit(%q) error %v, want one containing %q", c.spec, err, c.err)
		}
	}
}

// Recursions without end in interpreted code, also inside a library
// callback, are stopped before Go's fatal stack overflow: the cell fails
// with StackOverflow, and the worker and its session live on.
func TestInterpretedRecursionKeepsTheSession(t *testing.T) {
	c := newTestClient(t, 0)
	for _, d := range []struct{ name, code, where string }{
		{"recursion", "func f(n int) int {\n\treturn f(n+1) + 1\n}\nf(0)", "cell line 2"},
		{"recursion inside a library callback", `func g(n int) int { return g(n+1) + 1 }
m, _ := rbm.NewBinary(4, 4, nil)
m.ExactLogZContext(ctx, func(done, total int) { g(done) })`, "cell line 1"},
	} {
		t.Run(d.name, func(t *testing.T) {
			result(t, c, "kept := 41")
			xe := execError(t, c, d.code)
			if xe.Name != "StackOverflow" || !strings.Contains(xe.Value, d.where) {
				t.Errorf("error %s: %s; want StackOverflow at %s", xe.Name, xe.Value, d.where)
			}
			if got := result(t, c, "kept + 1"); got != "42" {
				t.Errorf("kept + 1 = %q: the session did not survive", got)
			}
		})
	}
}

// The cause of a stack overflow names the innermost function outside
// package runtime, from the Go runtime's own report.
func TestStackOverflowCause(t *testing.T) {
	tl := newTail(1 << 10)
	io.WriteString(tl, `runtime: goroutine stack exceeds 1000000000-byte limit
runtime: sp=0xc020160398 stack=[0xc020160000, 0xc040160000]
fatal error: stack overflow

runtime stack:
runtime.throw({0x5f3c45?, 0x0?})
	/usr/local/go/src/runtime/panic.go:1101 +0x48 fp=0x7ffc sp=0x7ffc pc=0x46f0a8
runtime.newstack()
	/usr/local/go/src/runtime/stack.go:1107 +0x5ac

goroutine 1 gp=0xc000002380 m=0 mp=0x6d5a40 [running]:
runtime.(*_panic).start(0xc0201603b0, 0x0?, 0x0?)
	/usr/local/go/src/runtime/panic.go:740 +0x1a5 fp=0xc0201603a0
fmt.(*pp).printValue({0xc04015ff80, 0x5c8e40?, 0xc0000a6018?}, 0x76, 0x2)
	/usr/local/go/src/fmt/print.go:777 +0x1e
`)
	name, value := cause(nil, tl.Causes())
	if name != "StackOverflow" || !strings.Contains(value, "1000000000-byte limit, in fmt.(*pp).printValue ") {
		t.Errorf("cause = %s: %s", name, value)
	}
}

// A signal that ends the worker while a cell runs (a crash in native code,
// cgo or OpenBLAS, is a SIGSEGV to the Go runtime; the system's OOM killer
// sends SIGKILL) is the cell's error, and the next cell runs. Cells cannot
// send signals (yaegi's os and syscall are restricted), so the test does.
func TestSignalsEndingTheWorker(t *testing.T) {
	c := newTestClient(t, 0)
	for _, d := range []struct {
		sig   syscall.Signal
		value string
	}{
		{syscall.SIGSEGV, "SIGSEGV"},
		{syscall.SIGBUS, "SIGBUS"},
		{syscall.SIGKILL, "killed by signal SIGKILL (by the system, perhaps for lack of memory)"},
	} {
		t.Run(d.value, func(t *testing.T) {
			result(t, c, "1")
			c.mu.Lock()
			p := c.cur
			c.mu.Unlock()
			done := startCell(t, c, context.Background(), "fmt.Println(\"waiting\")\nselect {}", "waiting")
			if err := p.cmd.Process.Signal(d.sig); err != nil {
				t.Fatal(err)
			}
			var xe *kernel.ExecError
			if err := <-done; !errors.As(err, &xe) || xe.Name != "Signal" || !strings.Contains(xe.Value, d.value) {
				t.Errorf("error %v, want Signal with %q", err, d.value)
			}
			if got := result(t, c, "2 + 2"); got != "4" {
				t.Errorf("2 + 2 = %q after the signal", got)
			}
		})
	}
}

// The system's OOM killer prefers the worker to the kernel.
func TestWorkerIsTheOOMKillersChoice(t *testing.T) {
	c := newTestClient(t, 0)
	result(t, c, "1")
	c.mu.Lock()
	p := c.cur
	c.mu.Unlock()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/oom_score_adj", p.cmd.Process.Pid))
	if err != nil {
		t.Skipf("no oom_score_adj on this system: %v", err)
	}
	if got := strings.TrimSpace(string(b)); got != "1000" {
		t.Errorf("the worker's oom_score_adj is %s, want 1000", got)
	}
}
