// Package corpus measures how faithfully the kernel runs real Go programs.
//
// A corpus is a set of complete `package main` programs, each with the
// output it must print in a last comment block in the format of yaegi's
// own test programs:
//
//	// Output:
//	// first line
//	// second line
//
// Each program runs twice. The Go toolchain builds and runs it (Reference),
// which gives Go's exact output, stdout and stderr, how the program ends (a
// panic's message, an exit status) and whether that varies from run to
// run. Then the program runs as the only cell of a fresh kernel session
// (Run, with the text of Program.Cell): the package clause is blanked, the
// declarations (imports included) are kept, and a last statement calls
// main. Classify compares the two and gives each program a Class. The
// comment says which of Go's streams to compare (stdout, or stdout and
// stderr together for programs that use println); when it is not what Go
// prints at all, the program is measured against Go's output all the same
// (Verdict.Stale). Programs that Go cannot build or finish, or whose output
// varies, are ClassNoise and do not count.
//
// The tests of this package (TestCorpus) run yaegi's test programs, read
// from the module cache, and the programs of testdata/, and write a report.
package corpus

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// Program is one program of a corpus.
type Program struct {
	Name     string // Source + "/" + the file's base name
	Source   string // the corpus it comes from, e.g. "yaegi" or "testdata"
	Path     string // the file
	Code     string // its text
	Expected string // the text of its Output comment, as go/ast's CommentGroup.Text gives it
	// Interpreted runs the program's cell with every cell kept in the
	// interpreter (goexec.Options.Interpreted), not as the kernel runs it.
	Interpreted bool
}

// Skipped is a file of a corpus directory that is not run, and why.
type Skipped struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Skip reasons.
const (
	SkipNoOutput    = "no Output comment"
	SkipError       = "expects an error (Error comment)"
	SkipNotMain     = "not package main"
	SkipGoPath      = "needs a GOPATH of its own (GOPATH comment)"
	SkipImports     = "imports a package outside the standard library"
	SkipParseFailed = "does not parse"
)

// LoadDir reads the programs of dir/*.go, naming them source/file. Files
// that are not programs with an Output comment, or that cannot be run as
// one file with the standard library (yaegi's tests of its own package
// loading), are returned as skipped, with the reason.
func LoadDir(dir, source string) ([]Program, []Skipped, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(files)
	var progs []Program
	var skipped []Skipped
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		p := Program{Name: source + "/" + filepath.Base(path), Source: source, Path: path, Code: string(b)}
		if reason := p.parse(); reason != "" {
			skipped = append(skipped, Skipped{Name: p.Name, Reason: reason})
			continue
		}
		progs = append(progs, p)
	}
	return progs, skipped, nil
}

// parse sets p.Expected from p.Code, or returns why p is skipped. The
// expectation is read as yaegi's tests read it: the text of the file's last
// comment group.
func (p *Program) parse() string {
	f, err := parser.ParseFile(token.NewFileSet(), p.Path, p.Code, parser.ParseComments)
	if err != nil || len(f.Comments) == 0 {
		if err != nil {
			return SkipParseFailed
		}
		return SkipNoOutput
	}
	text := f.Comments[len(f.Comments)-1].Text()
	switch {
	case strings.HasPrefix(text, "GOPATH:"):
		return SkipGoPath
	case strings.HasPrefix(text, "Error:\n"):
		return SkipError
	case !strings.HasPrefix(text, "Output:\n"):
		return SkipNoOutput
	case f.Name.Name != "main":
		return SkipNotMain
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			return SkipImports
		}
	}
	p.Expected = strings.TrimPrefix(text, "Output:\n")
	return ""
}

// Cell returns the program as a cell, as a user would paste it: the
// package clause is blanked (so lines stay those of the file), and a last
// line calls the program's main. The kernel runs a declared main only
// when it is called (front.RenameMain), as Go does.
func (p Program) Cell() string {
	f, err := parser.ParseFile(token.NewFileSet(), "", p.Code, parser.SkipObjectResolution|parser.PackageClauseOnly)
	if err != nil {
		return p.Code + "\nmain()\n"
	}
	b := []byte(p.Code)
	start, end := int(f.Package)-1, int(f.Name.End())-1
	for i := start; i < end && i < len(b); i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b) + "\nmain()\n"
}

// Reference is what the Go toolchain does with a program: its output is
// what the kernel must print.
type Reference struct {
	BuildError string `json:"build_error,omitempty"` // why go build failed
	TimedOut   bool   `json:"timed_out,omitempty"`   // the program did not end within the limit
	Stdout     string `json:"stdout"`
	Stderr     string `json:"stderr"`
	// Combined is stdout and stderr of a second run, written to one pipe
	// in the order the program wrote them.
	Combined string `json:"combined"`
	ExitCode int    `json:"exit_code"`
	// Panic is the message of the panic that ended the program ("panic: "
	// and a " [recovered]" left out), if one did; Fatal is the first line
	// of a fatal runtime error ("fatal error: all goroutines are asleep -
	// deadlock!").
	Panic string `json:"panic,omitempty"`
	Fatal string `json:"fatal,omitempty"`
	// Varies is set when another run printed something else or ended
	// otherwise: the output depends on scheduling, time or map order.
	Varies bool `json:"varies,omitempty"`
}

// referenceVersion changes when Reference or the way it is made changes,
// so that cached references are made again.
const referenceVersion = "corpus-reference-2"

// GoRunner makes References with the Go toolchain, caching them by the
// program's text and the toolchain's version.
type GoRunner struct {
	Go       string        // the go command
	Version  string        // `go env GOVERSION`, part of the cache key
	CacheDir string        // where References are cached; empty means no cache
	WorkDir  string        // where the programs are built (a folder per program)
	Limit    time.Duration // how long a program may run
	Env      []string      // the programs' environment
}

// Reference returns Go's reference for p, from the cache when it has it.
func (g *GoRunner) Reference(ctx context.Context, p Program) (Reference, error) {
	sum := sha256.Sum256([]byte(referenceVersion + "\x00" + g.Version + "\x00" + p.Code))
	key := hex.EncodeToString(sum[:])
	cache := ""
	if g.CacheDir != "" {
		cache = filepath.Join(g.CacheDir, key+".json")
		if b, err := os.ReadFile(cache); err == nil {
			var r Reference
			if json.Unmarshal(b, &r) == nil {
				return r, nil
			}
		}
	}
	r, err := g.reference(ctx, p, key)
	if err != nil {
		return r, err
	}
	if cache != "" {
		b, err := json.Marshal(r)
		if err == nil {
			if err := os.MkdirAll(g.CacheDir, 0o755); err != nil {
				return r, err
			}
			// Programs with the same text share a cache file: each writes
			// its own temporary file and renames it.
			f, err := os.CreateTemp(g.CacheDir, key+".*.tmp")
			if err != nil {
				return r, err
			}
			_, werr := f.Write(b)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr == nil {
				werr = os.Rename(f.Name(), cache)
			}
			if werr != nil {
				os.Remove(f.Name())
				return r, werr
			}
		}
	}
	return r, nil
}

// reference builds p in a module of its own and runs it: with stdout and
// stderr apart, with both on one pipe, and apart again (up to referenceRuns
// in all) to see whether the output varies.
func (g *GoRunner) reference(ctx context.Context, p Program, key string) (Reference, error) {
	var r Reference
	if err := os.MkdirAll(g.WorkDir, 0o755); err != nil {
		return r, err
	}
	dir, err := os.MkdirTemp(g.WorkDir, key[:16]+"-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module corpusprogram\n\ngo "+goLine(g.Version)+"\n"), 0o644); err != nil {
		return r, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(p.Code), 0o644); err != nil {
		return r, err
	}
	bin := filepath.Join(dir, "program")
	build := exec.CommandContext(ctx, g.Go, "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GO111MODULE=on", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		r.BuildError = strings.TrimSpace(string(out))
		if r.BuildError == "" {
			r.BuildError = err.Error()
		}
		return r, nil
	}
	run := func(combined bool) (stdout, stderr string, code int, timedOut bool) {
		rctx, cancel := context.WithTimeout(ctx, g.Limit)
		defer cancel()
		cmd := exec.CommandContext(rctx, bin)
		cmd.Dir = dir
		cmd.Env = g.Env
		cmd.WaitDelay = time.Second
		var o, e bytes.Buffer
		cmd.Stdout = &limitedBuffer{b: &o, left: maxOutput}
		if combined {
			cmd.Stderr = cmd.Stdout
		} else {
			cmd.Stderr = &limitedBuffer{b: &e, left: maxOutput}
		}
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case rctx.Err() != nil:
			timedOut = true
		case errors.As(err, &ee):
			code = ee.ExitCode()
		case err != nil:
			code = -1
			e.WriteString(err.Error())
		}
		return o.String(), e.String(), code, timedOut
	}
	started := time.Now()
	r.Stdout, r.Stderr, r.ExitCode, r.TimedOut = run(false)
	if ctx.Err() != nil {
		return r, ctx.Err()
	}
	if r.TimedOut {
		return r, nil
	}
	r.Panic, r.Fatal = goFailure(r.Stderr)
	r.Combined, _, _, _ = run(true)
	for k := 2; k < referenceRuns && time.Since(started) < referenceBudget; k++ {
		stdout, stderr, code, timedOut := run(false)
		panicMsg, fatal := goFailure(stderr)
		if stdout != r.Stdout || code != r.ExitCode || timedOut || panicMsg != r.Panic || fatal != r.Fatal ||
			(r.Panic == "" && r.Fatal == "" && stderr != r.Stderr) {
			r.Varies = true
			break
		}
	}
	return r, ctx.Err()
}

// referenceRuns is how many times Reference runs a program, unless the runs
// take more than referenceBudget in all: a map's order of iteration, which
// Go randomises, is the same in all runs of a two-element map one time in
// 2^(referenceRuns-2).
const (
	referenceRuns   = 10
	referenceBudget = 2 * time.Second
)

// goLine is the go line of the programs' go.mod for a toolchain version
// ("go1.26.8" → "1.26").
func goLine(version string) string {
	v := strings.TrimPrefix(version, "go")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) >= 2 {
		return parts[0] + "." + strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' })
	}
	return v
}

var (
	goPanicRE = regexp.MustCompile(`(?m)^\t*panic: (.*)$`)
	goFatalRE = regexp.MustCompile(`(?m)^fatal error: .*$`)
)

// goFailure returns the message of the panic that ended a Go program and
// the line of a fatal error, from its stderr. When a deferred call panicked
// during a panic, Go prints each panic, the later ones indented: the last
// is the one that ended the program.
func goFailure(stderr string) (panicMsg, fatal string) {
	fatal = goFatalRE.FindString(stderr)
	head := stderr
	if i := strings.Index(stderr, "\ngoroutine "); i >= 0 {
		head = stderr[:i]
	}
	if all := goPanicRE.FindAllStringSubmatch(head, -1); len(all) > 0 {
		panicMsg = all[len(all)-1][1]
		for _, s := range []string{" [recovered, repanicked]", " [recovered]"} {
			panicMsg = strings.TrimSuffix(panicMsg, s)
		}
	}
	return panicMsg, fatal
}

// maxOutput is how much of a program's stdout or stderr is kept.
const maxOutput = 1 << 20

// limitedBuffer keeps the first left bytes written to it. Safe for
// concurrent use (a command's stdout and stderr may be the same one).
type limitedBuffer struct {
	mu   sync.Mutex
	b    *bytes.Buffer
	left int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := min(len(p), l.left)
	l.b.Write(p[:n])
	l.left -= n
	return len(p), nil
}

// Outcome is what the kernel did with a program run as a cell.
type Outcome struct {
	Stdout   string // what the cell wrote on stdout
	Stderr   string // and on stderr
	Combined string // both, in the order written
	// Err is the cell's error, nil when it succeeded; an *kernel.ExecError
	// except when the kernel could not run the cell at all.
	Err      error
	TimedOut bool          // the time limit passed and the cell was interrupted
	Hung     bool          // Execute did not return even long after the interrupt
	Elapsed  time.Duration // how long Execute took
}

// Died reports whether the cell's worker process died (its error is one
// that tells the user how to re-execute the lost session), or the kernel
// could not run the cell at all.
func (o Outcome) Died() bool {
	if o.Err == nil {
		return false
	}
	var xe *kernel.ExecError
	if !errors.As(o.Err, &xe) {
		return true
	}
	for _, l := range xe.Traceback {
		if strings.Contains(l, "%rerun") {
			return true
		}
	}
	return false
}

// Run executes cell with ex under limit: when the limit passes, the cell is
// interrupted (its ctx is cancelled), and Run waits up to hang more for
// Execute to return before giving up on it (Outcome.Hung).
func Run(ex kernel.Executor, cell string, limit, hang time.Duration) Outcome {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	rec := &recorder{}
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err := ex.Execute(ctx, cell, rec)
		done <- err
	}()
	var o Outcome
	select {
	case o.Err = <-done:
	case <-time.After(limit + hang):
		o.Hung = true
		o.Err = errors.New("corpus: Execute did not return")
	}
	o.Elapsed = time.Since(start)
	o.TimedOut = ctx.Err() != nil && o.Err != nil
	o.Stdout, o.Stderr, o.Combined = rec.texts()
	return o
}

// recorder is the kernel.Publisher of a corpus cell: it keeps the streams,
// up to maxOutput each, and ignores displays.
type recorder struct {
	mu                       sync.Mutex
	stdout, stderr, combined bytes.Buffer
}

func (r *recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := &r.stdout
	if name == "stderr" {
		b = &r.stderr
	}
	if b.Len() < maxOutput {
		b.WriteString(text[:min(len(text), maxOutput-b.Len())])
	}
	if r.combined.Len() < maxOutput {
		r.combined.WriteString(text[:min(len(text), maxOutput-r.combined.Len())])
	}
}

func (r *recorder) Publish(display.Bundle) {}
func (r *recorder) Clear(bool)             {}

func (r *recorder) texts() (stdout, stderr, combined string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stdout.String(), r.stderr.String(), r.combined.String()
}

// Class is how a program fared.
type Class string

// The classes.
const (
	// ClassPass: the cell printed exactly what Go prints (modulo a last
	// newline) and ended as Go's program does: without an error, or with
	// a panic of the same message.
	ClassPass Class = "pass"
	// ClassWrong: the cell reported success, but its output is not Go's, or
	// Go's program panics or fails: a silent wrong value, the worst case.
	ClassWrong Class = "wrong"
	// ClassError: the cell failed with an error that says so (CompileError,
	// panic, RuntimeError, ImportError, …) where Go's program does not, or
	// failed otherwise than Go's program fails.
	ClassError Class = "error"
	// ClassDied: the worker process died (StackOverflow in compiled code,
	// OutOfMemory, FatalError, …), or the kernel could not run the cell.
	ClassDied Class = "died"
	// ClassTimeout: the cell did not end within the time limit.
	ClassTimeout Class = "timeout"
	// ClassNoise: Go cannot build the program (yaegi accepts code that Go
	// rejects), the program does not end within the time limit, or its
	// output varies from run to run (time, scheduling, map order): it
	// does not measure the kernel and is left out of the rates.
	ClassNoise Class = "noise"
)

// Classes lists the classes in the order reports show them.
var Classes = []Class{ClassPass, ClassWrong, ClassError, ClassDied, ClassTimeout, ClassNoise}

// Verdict is the classification of one program.
type Verdict struct {
	Class Class
	// Stream is what the cell's output is compared with: "stdout", or
	// "combined" when Go's stdout and stderr together are the expected
	// output (println writes to stderr).
	Stream string
	Want   string // Go's output on that stream, up to a panic's report
	Got    string // the cell's output on that stream
	// Stale is set when the Output comment is not what Go prints (it holds
	// what yaegi prints, say): the program is measured against Go.
	Stale bool
	Note  string // why, in a few words
}

// Classify compares what the kernel did with a program to Go's reference.
func Classify(p Program, ref Reference, o Outcome) Verdict {
	var v Verdict
	switch {
	case ref.BuildError != "":
		v.Class, v.Note = ClassNoise, "go build fails: "+firstLine(ref.BuildError)
		return v
	case ref.TimedOut:
		v.Class, v.Note = ClassNoise, "Go's program does not end within the time limit"
		return v
	case ref.Varies:
		v.Class, v.Note = ClassNoise, "Go's output varies from run to run"
		return v
	}
	v.Want, v.Stream, v.Stale = goWant(p, ref)
	v.Got = o.Stdout
	if v.Stream == "combined" {
		v.Got = o.Combined
	}
	v.Class, v.Note = classify(ref, o, v.Got, v.Want)
	if v.Stale {
		v.Note = strings.TrimSuffix("the Output comment is not what Go prints; "+v.Note, "; ")
	}
	return v
}

// classify compares the cell's outcome and output (got) with Go's end and
// output (want).
func classify(ref Reference, o Outcome, got, want string) (Class, string) {
	same := logTimes(strings.TrimSuffix(got, "\n")) == logTimes(strings.TrimSuffix(want, "\n"))
	var xe *kernel.ExecError
	errors.As(o.Err, &xe)
	switch {
	case o.Hung:
		return ClassTimeout, "Execute did not return after the interrupt"
	case o.TimedOut:
		return ClassTimeout, "no end within the time limit"
	case o.Died():
		return ClassDied, errorText(o.Err)
	}
	// os.Exit(N) ends the cell with "Exit: exit status N" (goexec/exit.go),
	// as Go's program exits.
	exited := xe != nil && xe.Name == "Exit" && xe.Value == fmt.Sprintf("exit status %d", ref.ExitCode) && ref.ExitCode != 0 && ref.Panic == "" && ref.Fatal == ""
	isPanic := xe != nil && xe.Name == "panic"
	switch {
	case ref.Panic != "":
		switch {
		case o.Err == nil:
			return ClassWrong, "Go panics (" + ref.Panic + "), the cell succeeded"
		case isPanic && samePanic(xe.Value, ref.Panic) && same:
			return ClassPass, "panics as Go does"
		case isPanic && samePanic(xe.Value, ref.Panic):
			return ClassError, "panics as Go does, but the output before differs"
		}
		return ClassError, "Go panics with " + strconv.Quote(ref.Panic) + "; the cell: " + errorText(o.Err)
	case ref.Fatal != "" || (ref.ExitCode != 0 && !exited):
		what := ref.Fatal
		if what == "" {
			what = fmt.Sprintf("exit status %d", ref.ExitCode)
		}
		if o.Err == nil {
			return ClassWrong, "Go's program fails (" + what + "), the cell succeeded"
		}
		return ClassError, "Go's program fails (" + what + "); the cell: " + errorText(o.Err)
	case o.Err != nil && !exited:
		return ClassError, errorText(o.Err)
	case !same:
		return ClassWrong, "the output differs from Go's"
	}
	return ClassPass, ""
}

// goWant returns Go's output, the stream it is on and whether the Output
// comment is stale. The stream is the one whose text is the comment:
// stdout, or stdout and stderr together. When neither is (the comment holds
// what yaegi prints), it is stdout, or both together when stdout is empty.
func goWant(p Program, ref Reference) (want, stream string, stale bool) {
	expected := normalize(p.Expected)
	combined := ref.Combined
	if ref.Panic != "" || ref.Fatal != "" {
		combined = beforeFailure(combined)
	}
	switch {
	case normalize(ref.Stdout) == expected:
		return ref.Stdout, "stdout", false
	case normalize(combined) == expected:
		return combined, "combined", false
	case normalize(ref.Stdout) == "" && normalize(combined) != "":
		return combined, "combined", true
	}
	return ref.Stdout, "stdout", true
}

// beforeFailure cuts a Go program's combined output where the runtime's
// report of a panic or fatal error starts.
func beforeFailure(s string) string {
	for _, start := range []string{"panic: ", "fatal error: "} {
		if strings.HasPrefix(s, start) {
			return ""
		}
		if i := strings.Index(s, "\n"+start); i >= 0 {
			s = s[:i+1]
		}
	}
	return s
}

// logTimeRE is the date and time the standard logger puts before a line.
var logTimeRE = regexp.MustCompile(`(?m)^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2} `)

// logTimes replaces the log's date and time at the start of each line of
// s by one mark, so that the output of a log call compares equal whenever
// it ran.
func logTimes(s string) string {
	return logTimeRE.ReplaceAllString(s, "YYYY/MM/DD hh:mm:ss ")
}

// normalize applies to a program's output what go/ast's CommentGroup.Text
// does to the Output comment: trailing spaces of lines are dropped, runs
// of empty lines become one, and leading and trailing empty lines go.
func normalize(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for _, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// samePanic reports whether the kernel's panic value is Go's panic message.
// Go prints an error's or Stringer's text, and a value of another type as
// print does; the kernel prints the value with fmt.Sprint. Go wraps a
// runtime error's text in a runtime.Error with the same text.
func samePanic(kernel, goMsg string) bool {
	k := strings.TrimSpace(kernel)
	g := strings.TrimSpace(goMsg)
	if k == g {
		return true
	}
	// Go quotes nothing but prints a custom error type as "main.E{…}"
	// or with its address: only the runtime's own texts must match
	// exactly; for others, the kernel's value must appear in Go's line.
	if strings.HasPrefix(g, "runtime error: ") {
		return false
	}
	return k != "" && strings.Contains(g, k)
}

// errorText is an error as one line: "Name: value".
func errorText(err error) string {
	if err == nil {
		return ""
	}
	return firstLine(err.Error())
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
