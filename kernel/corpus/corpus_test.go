package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/goexec"
	"github.com/rbm-kernel/rbm-kernel/kernel/worker"
)

// childEnv marks the test binary started as a worker by TestCorpus; its
// value is "interpreted" for a worker whose cells all stay in the
// interpreter (goexec.Options.Interpreted), "1" for the kernel's default.
const childEnv = "RBM_CORPUS_TEST_CHILD"

// TestMain lets the test binary serve as the worker process, as
// `rbm-kernel worker` does: TestCorpus's Clients start it again with
// childEnv set, and it runs the real cell executor on fds 3 and 4.
func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		err := worker.ServeFDs(func() (kernel.Executor, error) {
			return goexec.New(goexec.Options{Env: programEnv(), WaitInterrupted: true, Interpreted: mode == "interpreted"})
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// programEnv is the environment of the programs, under Go and in cells.
func programEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, childEnv+"=") && !strings.HasPrefix(kv, "RBM_KERNEL_SOURCE=") {
			env = append(env, kv)
		}
	}
	return env
}

const (
	// programLimit is how long a program may run, under Go or as a cell.
	programLimit = 10 * time.Second
	// grace is how long an interrupted cell may go on before its worker is
	// stopped.
	grace = 2 * time.Second
	// hangLimit is how long after programLimit Run waits for Execute to
	// return before it declares the kernel hung.
	hangLimit = 30 * time.Second
)

// knownWrong are the programs that give a wrong output while the cell
// reports success (class "wrong"), with the apparent cause. TestCorpus
// fails when another program is wrong: a new silent wrong value. Remove a
// program from the list when a fix makes it pass.
var knownWrong = map[string]string{}

// knownFailing are the programs of testdata that do not pass today in
// another way than "wrong" (a CompileError, …), with the reason. Every
// other program of testdata must pass.
var knownFailing = map[string]string{
	"testdata/erroras.go":       "CompileError: errors.As into a struct type of the program is refused (yaegi keeps no such value inside an error)",
	"testdata/genericnames.go":  "CompileError: two generic types with methods of one name are refused (yaegi keeps one instance of a generic method by its name and type arguments)",
	"testdata/ptrconstraint.go": "CompileError: a type parameter constrained to a pointer to another (PT interface{ *T; Inc() }) is refused (yaegi's compiler fails on it)",
	"testdata/typednil.go":      "InterpreterLimit: a nil *main.parseError converted to error is refused when it happens (yaegi makes a nil error of it)",
}

// passFloor is the least number of passing programs of each source: fewer
// is a regression. Raise it when fixes make more programs pass.
var passFloor = map[string]int{
	"yaegi":    834, // issue-1460.go: json of unexported fields is refused, though its MarshalJSON works there
	"testdata": 39,
	// As the kernel runs them: every held-out program is a program cell
	// (it declares main), which takes the compiled road.
	"heldout": 96,
	// With every cell interpreted.
	"interpreted": 87,
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-race" && s.Value == "true" {
			return true
		}
	}
	return false
}

// moduleRoot is the folder of this module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// goCommand finds the go command: on PATH, or in $GOROOT/bin.
func goCommand(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Fatal("the go command is not on PATH (nor in $GOROOT/bin): the corpus needs it for Go's reference output")
	return ""
}

func goOutput(t *testing.T, dir, gocmd string, args ...string) string {
	t.Helper()
	cmd := exec.Command(gocmd, args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, ee.Stderr)
		}
		t.Fatalf("go %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}

// corpusWorkers is how many programs run at once, under Go and as cells:
// one per CPU, as a fresh worker per program is mostly process start-up
// and interpretation, both bound by the CPU.
func corpusWorkers() int { return max(1, runtime.NumCPU()) }

// newCorpusClient returns a Client whose workers are this test binary,
// started in dir, that build compiled cells against the module's source
// in root; interpreted keeps their cells in the interpreter.
func newCorpusClient(dir, root string, interpreted bool) (*worker.Client, error) {
	mode := "1"
	if interpreted {
		mode = "interpreted"
	}
	return worker.NewClient(worker.Options{
		Command: func() *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), childEnv+"="+mode, "RBM_KERNEL_SOURCE="+root)
			cmd.Dir = dir
			return cmd
		},
		Grace:       grace,
		MemoryLimit: "2GiB",
	})
}

// TestCorpus runs yaegi's test programs and those of testdata, each as the
// only cell of a fresh session, and compares what they print with what Go
// prints. See docs/goexec.md, "Conformance corpus".
func TestCorpus(t *testing.T) {
	if os.Getenv("RBM_CORPUS") == "" {
		t.Skip("the corpus (about 950 programs, 30 s, 7 min when Go's results are not cached yet) has a CI stage of its own: make corpus, or RBM_CORPUS=1")
	}
	if raceEnabled() {
		t.Skip("the corpus does not run under the race detector (too slow; it tests conformance, not races)")
	}
	start := time.Now()
	root := moduleRoot(t)
	gocmd := goCommand(t)
	goVersion := goOutput(t, root, gocmd, "env", "GOVERSION")
	yaegiDir := goOutput(t, root, gocmd, "list", "-m", "-f", "{{.Dir}}", "github.com/traefik/yaegi")

	sources := []string{"yaegi", "testdata"}
	yaegiProgs, yaegiSkipped, err := LoadDir(filepath.Join(yaegiDir, "_test"), "yaegi")
	if err != nil {
		t.Fatal(err)
	}
	ownProgs, ownSkipped, err := LoadDir("testdata", "testdata")
	if err != nil {
		t.Fatal(err)
	}
	// The held-out corpus: real programs by category, one folder each.
	categories, err := filepath.Glob(filepath.Join("testdata", "heldout", "*"))
	if err != nil {
		t.Fatal(err)
	}
	// Each held-out program runs twice: as the kernel runs it (heldout/…),
	// and with every cell kept in the interpreter (interpreted/…).
	var interpSources []string
	for _, dir := range categories {
		source := "heldout/" + filepath.Base(dir)
		p, s, err := LoadDir(dir, source)
		if err != nil {
			t.Fatal(err)
		}
		ownProgs, ownSkipped = append(ownProgs, p...), append(ownSkipped, s...)
		sources = append(sources, source)
		ip, _, err := LoadDir(dir, "interpreted/"+filepath.Base(dir))
		if err != nil {
			t.Fatal(err)
		}
		for i := range ip {
			ip[i].Interpreted = true
		}
		ownProgs = append(ownProgs, ip...)
		interpSources = append(interpSources, ip[0].Source)
	}
	if len(categories) > 0 {
		sources = append(sources, "heldout")
		sources = append(append(sources, interpSources...), "interpreted")
	}
	for i := range yaegiProgs {
		yaegiProgs[i].Interpreted = true
	}
	for i := range ownProgs {
		if ownProgs[i].Source == "testdata" {
			ownProgs[i].Interpreted = true
		}
	}
	if len(yaegiProgs) < 500 {
		t.Fatalf("only %d programs in %s/_test: is the module cache complete?", len(yaegiProgs), yaegiDir)
	}
	if len(ownSkipped) > 0 {
		t.Errorf("testdata or heldout files that are not programs with an Output comment: %v", ownSkipped)
	}
	progs := append(yaegiProgs, ownProgs...)
	skipped := append(yaegiSkipped, ownSkipped...)
	reasons := map[string]int{}
	for _, s := range skipped {
		reasons[s.Reason]++
	}
	t.Logf("%d programs (%d of yaegi, %d of testdata and heldout); %d files of yaegi's _test skipped: %v",
		len(progs), len(yaegiProgs), len(ownProgs), len(yaegiSkipped), reasons)

	// Go's references, cached under build/corpus-cache.
	work := t.TempDir()
	g := &GoRunner{
		Go: gocmd, Version: goVersion, CacheDir: filepath.Join(root, "build", "corpus-cache"),
		WorkDir: filepath.Join(work, "go"), Limit: programLimit, Env: programEnv(),
	}
	refs := make([]Reference, len(progs))
	forEach(len(progs), corpusWorkers(), func(_, i int) {
		r, err := g.Reference(context.Background(), progs[i])
		if err != nil {
			t.Errorf("%s: Go's reference: %v", progs[i].Name, err)
		}
		refs[i] = r
	})
	if t.Failed() {
		return
	}
	refTime := time.Since(start)

	// The held-out programs take the compiled road: the go command's cache
	// gets the standard library built for plugins first, so that the
	// first programs' builds are not the cold one (tens of seconds).
	warmStart := time.Now()
	if err := goexec.WarmCompiled(context.Background(), goexec.Options{ModuleDir: root}); err != nil {
		t.Fatalf("warming the build cache for compiled cells: %v", err)
	}
	t.Logf("compiled cells warmed in %.1f s", time.Since(warmStart).Seconds())

	// The cells, each in a fresh worker.
	cellDir := filepath.Join(work, "cells")
	if err := os.MkdirAll(cellDir, 0o755); err != nil {
		t.Fatal(err)
	}
	// clients[m][w] is worker w's client of mode m (0 the kernel's
	// default, 1 interpreted).
	var clients [2][]*worker.Client
	var fresh [2][]bool // the client's worker has run nothing yet
	for m := range clients {
		for range corpusWorkers() {
			c, err := newCorpusClient(cellDir, root, m == 1)
			if err != nil {
				t.Fatal(err)
			}
			clients[m] = append(clients[m], c)
			fresh[m] = append(fresh[m], true)
			defer c.Close()
		}
	}
	var (
		mu       sync.Mutex
		survived = true
	)
	outcomes := make([]Outcome, len(progs))
	forEach(len(progs), corpusWorkers(), func(w, i int) {
		if refs[i].TimedOut {
			return // Go's program does not end: noise, and 10 s saved
		}
		m := 0
		if progs[i].Interpreted {
			m = 1
		}
		c := clients[m][w]
		if !fresh[m][w] {
			if err := c.Reset(); err != nil {
				mu.Lock()
				survived = false
				mu.Unlock()
				t.Errorf("%s: a fresh session: %v", progs[i].Name, err)
				return
			}
		}
		fresh[m][w] = false
		o := Run(c, progs[i].Cell(), programLimit, hangLimit)
		var xe *kernel.ExecError
		if o.Hung || (o.Err != nil && !errors.As(o.Err, &xe)) {
			mu.Lock()
			survived = false
			mu.Unlock()
			t.Errorf("%s: the kernel failed: %v", progs[i].Name, o.Err)
		}
		outcomes[i] = o
	})
	// (a) The kernel survived: every client still runs a cell.
	for i, c := range append(clients[0], clients[1]...) {
		if err := c.Reset(); err != nil {
			t.Errorf("client %d: a fresh session after the corpus: %v", i, err)
			survived = false
			continue
		}
		o := Run(c, "fmt.Println(6 * 7)", programLimit, hangLimit)
		if o.Err != nil || o.Stdout != "42\n" {
			t.Errorf("client %d: after the corpus, a trivial cell gives %q, %v", i, o.Stdout, o.Err)
			survived = false
		}
	}

	results := make([]Result, len(progs))
	for i, p := range progs {
		results[i] = NewResult(p, refs[i], outcomes[i], Classify(p, refs[i], outcomes[i]))
	}
	elapsed := time.Since(start)

	var sum bytes.Buffer
	Summary(&sum, results, sources)
	fmt.Fprintf(&sum, "time: %.0f s (Go's references %.0f s, cells %.0f s), %d at once\n",
		elapsed.Seconds(), refTime.Seconds(), (elapsed - refTime).Seconds(), corpusWorkers())
	staleSummary(&sum, results)
	t.Log("\n" + sum.String())

	report := Report{
		GoVersion: goVersion, Seconds: elapsed.Seconds(),
		Counts: map[string]int{}, BySource: map[string]map[string]int{},
		Skipped: skipped, Results: results,
	}
	for _, c := range Classes {
		report.Counts[string(c)] = Count(results, "", c)
		for _, s := range sources {
			if report.BySource[s] == nil {
				report.BySource[s] = map[string]int{}
			}
			report.BySource[s][string(c)] = Count(results, s, c)
		}
	}
	out := filepath.Join(root, "build", "test", "corpus.json")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("report: %s", out)

	// (a)
	if !survived {
		t.Error("the kernel did not survive the corpus (see above)")
	}
	// (b) No new silent wrong value.
	var stale []string
	for _, r := range results {
		_, known := knownWrong[r.Name]
		switch {
		case r.Class == ClassWrong && !known:
			t.Errorf("%s: a wrong output reported as success, not in knownWrong (%s)\n  go:   %q\n  cell: %q",
				r.Name, r.Note, clip(r.Go), clip(r.Got))
		case r.Class != ClassWrong && known:
			stale = append(stale, fmt.Sprintf("%s (now %s)", r.Name, r.Class))
		}
		if r.Source == "testdata" && r.Class != ClassPass && r.Class != ClassWrong {
			if _, ok := knownFailing[r.Name]; !ok {
				t.Errorf("%s: %s (%s), not in knownFailing", r.Name, r.Class, r.Note)
			}
		}
		if _, ok := knownFailing[r.Name]; ok && r.Class == ClassPass {
			stale = append(stale, r.Name+" (now pass)")
		}
	}
	if len(stale) > 0 {
		sort.Strings(stale)
		t.Logf("listed as known failures but no longer failing that way; update knownWrong/knownFailing:\n  %s", strings.Join(stale, "\n  "))
	}
	// (c) No fewer passes than the floor.
	for _, s := range sources {
		floor, ok := passFloor[s]
		if !ok {
			continue // a category of heldout: its total has the floor
		}
		if n := Count(results, s, ClassPass); n < floor {
			t.Errorf("%s: %d programs pass, fewer than the floor of %d", s, n, floor)
		} else if n > floor {
			t.Logf("%s: %d programs pass, more than the floor of %d: raise passFloor", s, n, floor)
		}
	}
}

// staleSummary counts the programs whose Output comment is not what Go
// prints, measured against Go's output, by class.
func staleSummary(w *bytes.Buffer, results []Result) {
	by := map[Class]int{}
	n := 0
	for _, r := range results {
		if r.Stale {
			n++
			by[r.Class]++
		}
	}
	fmt.Fprintf(w, "Output comment is not what Go prints (measured against Go): %d:", n)
	for _, c := range Classes {
		if by[c] > 0 {
			fmt.Fprintf(w, " %s %d", c, by[c])
		}
	}
	fmt.Fprintln(w)
}

// clip shortens s for a test message.
func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// forEach calls f(w, i) for i in [0, n) on workers goroutines; w is the
// goroutine's number.
func forEach(n, workers int, f func(w, i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(w, i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

func TestLoadTestdata(t *testing.T) {
	progs, skipped, err := LoadDir("testdata", "testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(skipped) > 0 || len(progs) == 0 {
		t.Fatalf("%d programs, skipped %v", len(progs), skipped)
	}
	for _, p := range progs {
		if p.Expected == "" {
			t.Errorf("%s: no expected output", p.Name)
		}
		if _, ok := knownWrong[p.Name]; ok {
			if _, ok := knownFailing[p.Name]; ok {
				t.Errorf("%s is in both knownWrong and knownFailing", p.Name)
			}
		}
	}
}

func TestCell(t *testing.T) {
	p := Program{Code: "package main\n\nfunc main() {\n\tprintln(1)\n}\n"}
	// The package clause is blanked, lines kept; main is called.
	want := "            \n\nfunc main() {\n\tprintln(1)\n}\n\nmain()\n"
	if got := p.Cell(); got != want {
		t.Errorf("Cell:\n%q\nwant:\n%q", got, want)
	}
}

func TestGoFailure(t *testing.T) {
	for _, c := range []struct{ stderr, panicMsg, fatal string }{
		{"panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n", "boom", ""},
		{"panic: first [recovered]\n\tpanic: second\n\ngoroutine 1 [running]:\n", "second", ""},
		{"panic: x [recovered, repanicked]\n\ngoroutine 1 [running]:\n", "x", ""},
		{"panic: runtime error: index out of range [5] with length 0\n\ngoroutine 1 [running]:\n\tpanic: not this\n", "runtime error: index out of range [5] with length 0", ""},
		{"fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\n", "", "fatal error: all goroutines are asleep - deadlock!"},
		{"some log line\n", "", ""},
	} {
		p, f := goFailure(c.stderr)
		if p != c.panicMsg || f != c.fatal {
			t.Errorf("goFailure(%q) = %q, %q; want %q, %q", c.stderr, p, f, c.panicMsg, c.fatal)
		}
	}
}

func TestClassify(t *testing.T) {
	prog := Program{Expected: "a\nb\n"}
	ok := Reference{Stdout: "a\nb\n", Combined: "a\nb\n"}
	panics := Reference{Stdout: "a\nb\n", Stderr: "panic: boom\n\ngoroutine 1 [running]:\n", ExitCode: 2, Panic: "boom",
		Combined: "a\nb\npanic: boom\n\ngoroutine 1 [running]:\n"}
	onStderr := Reference{Stderr: "a\nb\n", Combined: "a\nb\n"}
	exits := Reference{Stdout: "a\nb\n", Combined: "a\nb\n", ExitCode: 3}
	stale := Reference{Stdout: "a\nc\n", Combined: "a\nc\n"}
	xe := func(name, value string) error { return &kernel.ExecError{Name: name, Value: value} }
	died := &kernel.ExecError{Name: "StackOverflow", Value: "stack overflow", Traceback: []string{"…", "%rerun executes again …"}}
	for _, c := range []struct {
		name  string
		ref   Reference
		o     Outcome
		class Class
	}{
		{"same", ok, Outcome{Stdout: "a\nb"}, ClassPass},
		{"differs", ok, Outcome{Stdout: "a\nb\nc\n"}, ClassWrong},
		{"trailing space differs", ok, Outcome{Stdout: "a \nb\n"}, ClassWrong},
		{"compile error", ok, Outcome{Err: xe("CompileError", "undefined: x")}, ClassError},
		{"died", ok, Outcome{Err: died}, ClassDied},
		{"timeout", ok, Outcome{Err: xe("Interrupted", "…"), TimedOut: true}, ClassTimeout},
		{"not run", ok, Outcome{Err: errors.New("worker: cannot start")}, ClassDied},
		{"panics as Go", panics, Outcome{Stdout: "a\nb\n", Err: xe("panic", "boom")}, ClassPass},
		{"panic missing", panics, Outcome{Stdout: "a\nb\n"}, ClassWrong},
		{"other panic", panics, Outcome{Stdout: "a\nb\n", Err: xe("panic", "bang")}, ClassError},
		{"println on stderr", onStderr, Outcome{Stdout: "a\nb\n", Combined: "a\nb\n"}, ClassPass},
		{"os.Exit", exits, Outcome{Stdout: "a\nb\n", Err: xe("Exit", "exit status 3")}, ClassPass},
		{"exit ignored", exits, Outcome{Stdout: "a\nb\n"}, ClassWrong},
		{"stale comment, Go's output", stale, Outcome{Stdout: "a\nc\n"}, ClassPass},
		{"stale comment, the comment's output", stale, Outcome{Stdout: "a\nb\n"}, ClassWrong},
		{"Go fails to build", Reference{BuildError: "x"}, Outcome{Stdout: "a\nb\n"}, ClassNoise},
		{"Go varies", Reference{Stdout: "a\nb\n", Varies: true}, Outcome{Stdout: "a\nb\n"}, ClassNoise},
	} {
		if v := Classify(prog, c.ref, c.o); v.Class != c.class {
			t.Errorf("%s: %s (%s), want %s", c.name, v.Class, v.Note, c.class)
		}
	}
}
