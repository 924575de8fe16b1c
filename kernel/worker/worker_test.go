package worker

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
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
		err := Serve(os.NewFile(3, "requests"), os.NewFile(4, "events"), func() (kernel.Executor, error) {
			return goexec.New(goexec.Options{Env: os.Environ()})
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
	{"recursion", "func f(n int) int { return f(n+1) + 1 }\nf(0)", "StackOverflow", "stack overflow"},
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
	{"panic in a library callback", `done := make(chan bool)
time.AfterFunc(time.Millisecond, func() {
	var m map[string]int
	m["x"] = 1
	done <- true
})
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
	rec := &recorder{}
	done := make(chan error, 1)
	go func() {
		_, err := c.Execute(ctx, code, rec)
		done <- err
	}()
	for !strings.Contains(rec.text(), started) {
		select {
		case err := <-done:
			t.Fatalf("the cell ended before the interrupt: %v", err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	cancel()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("the cell did not end within %v of the interrupt", limit)
		return nil
	}
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
	result(t, c, "time.AfterFunc(20*time.Millisecond, func() { var m map[string]int; m[\"x\"] = 1 })\n0")
	c.mu.Lock()
	p := c.cur
	c.mu.Unlock()
	<-p.exited
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
