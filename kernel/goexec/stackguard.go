package goexec

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/traefik/yaegi/interp"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// A recursion without end in interpreted code grows one goroutine's stack
// until the Go runtime ends the process ("goroutine stack exceeds
// 1000000000-byte limit" is fatal, not a panic). The stack guard turns it
// into an error of the cell instead: a watcher samples the size of all
// goroutine stacks every stackPoll; when it passes stackLimit, it looks at
// the goroutines (runtime.Stack) for one whose interpreted frames run
// deeper than a traceback shows, finds the function it recurses in, and
// stops the cell that runs it as an interrupt does, with a StackOverflow
// error that names the function and its line. The process lives, and so
// does the session.
//
// The limit is on the sum of all stacks, which one runaway recursion
// dominates: a goroutine's stack doubles as it grows, so at stackLimit the
// deepest one holds at least stackLimit/4 and has two doublings left
// before the runtime's 1 GB limit, hundreds of milliseconds of interpreted
// calls, while the watcher looks every 10 ms. Many goroutines with
// ordinary stacks can pass the limit too; the watcher then finds no deep
// interpreted recursion and looks again only when the total has doubled.
// Native code that recurses without end (it never returns to the
// interpreter, which is where the stop takes effect) still ends the
// process, and kernel/worker reports that death.
var stackLimit atomic.Uint64

// stackPoll is how often the watcher samples the size of the stacks.
const stackPoll = 10 * time.Millisecond

// DefaultStackLimit is the stack guard's limit unless SetStackLimit
// changes it.
const DefaultStackLimit = 256 << 20

func init() { stackLimit.Store(DefaultStackLimit) }

// SetStackLimit sets the total size of goroutine stacks past which the
// stack guard of this process looks for a runaway interpreted recursion
// (DefaultStackLimit when n is 0), and returns the old limit. It is
// process-wide; a lower limit makes runaway recursions end sooner and caps
// the depth of legitimate ones.
func SetStackLimit(n uint64) (old uint64) {
	if n == 0 {
		n = DefaultStackLimit
	}
	return stackLimit.Swap(n)
}

// guard is the process's stack guard: one watcher for every Executor.
var guard struct {
	once    sync.Once
	mu      sync.Mutex
	execs   []weak.Pointer[Executor]
	stopped map[uint64]bool // goroutines whose recursion was stopped
}

// watchStacks registers e with the stack guard, starting its watcher on
// the first call.
func watchStacks(e *Executor) {
	guard.once.Do(func() { go watchLoop() })
	guard.mu.Lock()
	defer guard.mu.Unlock()
	live := guard.execs[:0]
	for _, w := range guard.execs {
		if w.Value() != nil {
			live = append(live, w)
		}
	}
	guard.execs = append(live, weak.Make(e))
}

func watchLoop() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}}
	next := stackLimit.Load()
	for range time.Tick(stackPoll) {
		metrics.Read(sample)
		size := sample[0].Value.Uint64()
		if limit := stackLimit.Load(); size < limit/2 || next < limit/2 {
			next = limit
		}
		if size < next {
			continue
		}
		// Look again only if the stacks keep growing: a stopped
		// recursion takes a while to unwind, and its goroutine is not
		// stopped twice anyway.
		stopDeepRecursion()
		next = 2 * size
	}
}

// stopDeepRecursion looks for goroutines in a deep interpreted recursion
// and stops the cells that run them, each goroutine once.
func stopDeepRecursion() {
	buf := make([]byte, 8<<20)
	buf = buf[:runtime.Stack(buf, true)]
	deep := map[uint64][]uintptr{}
	guard.mu.Lock()
	for _, g := range bytes.Split(buf, []byte("\n\ngoroutine ")) {
		if id, frames, ok := deepFrames(g); ok && !guard.stopped[id] {
			deep[id] = frames
		}
	}
	var execs []*Executor
	for _, w := range guard.execs {
		if e := w.Value(); e != nil {
			execs = append(execs, e)
		}
	}
	guard.mu.Unlock()
	for id, frames := range deep {
		for _, e := range execs {
			if e.stopRecursion(frames) {
				guard.mu.Lock()
				if guard.stopped == nil {
					guard.stopped = map[uint64]bool{}
				}
				guard.stopped[id] = true
				guard.mu.Unlock()
				break
			}
		}
	}
}

// runCfgRE matches the frame of yaegi's runCfg, which runs the body of one
// interpreted call; its first argument is the node where the body starts.
// An argument the traceback is unsure of ends in "?" and does not match.
var runCfgRE = regexp.MustCompile(`yaegi/interp\.runCfg\((0x[0-9a-f]+)[,)]`)

// elidedRE matches the line a traceback has in place of the middle of a
// very deep stack: "...447295 frames elided..." (Go 1.21 and later).
var elidedRE = regexp.MustCompile(`\n\.\.\.(\d+ |additional )frames elided\.\.\.\n`)

// goroutineRE matches the header of one goroutine's traceback (without
// its leading "goroutine " after the first): its id.
var goroutineRE = regexp.MustCompile(`^(?:goroutine )?(\d+) `)

// deepFrames returns the id of the goroutine of one traceback and the body
// nodes of its innermost interpreted frames, innermost first, if the
// goroutine is too deep for its traceback to show whole.
func deepFrames(g []byte) (id uint64, frames []uintptr, ok bool) {
	loc := elidedRE.FindIndex(g)
	h := goroutineRE.FindSubmatch(g)
	if loc == nil || h == nil {
		return 0, nil, false
	}
	id, err := strconv.ParseUint(string(h[1]), 10, 64)
	if err != nil {
		return 0, nil, false
	}
	for _, m := range runCfgRE.FindAllSubmatch(g[:loc[0]], -1) {
		if p, err := strconv.ParseUint(string(m[1][2:]), 16, 64); err == nil {
			frames = append(frames, uintptr(p))
		}
	}
	return id, frames, len(frames) > 0
}

// stopRecursion stops e's running cell with a StackOverflow error if the
// body nodes in frames (innermost first) are e's. It reports whether they
// are.
func (e *Executor) stopRecursion(frames []uintptr) bool {
	e.src.mu.Lock()
	progs := append([]*interp.Program(nil), e.src.progs...)
	e.src.mu.Unlock()
	pos := nodePositions(progs, frames)
	var at []token.Pos
	for _, f := range frames {
		if p, ok := pos[f]; ok {
			at = append(at, p)
		}
	}
	if len(at) == 0 {
		return false
	}
	e.run.mu.Lock()
	defer e.run.mu.Unlock()
	xe := e.recursionError(at)
	if e.run.abort == nil {
		// A goroutine of an earlier cell: stop all interpreted code and
		// say so on the next cell's stderr.
		if e.runner != nil {
			e.runner.stopAll()
		}
		streamWriter{e.out, 1}.Write([]byte(xe.Value + " (in a goroutine of an earlier cell, which was stopped)\n"))
		return true
	}
	if e.run.goPanic == nil {
		e.run.goPanic = xe
	}
	e.run.abort()
	return true
}

// nodePositions returns the source position of each of the nodes at
// addresses want that belong to the trees of progs. It reads yaegi's
// unexported node fields child and pos by reflection (v0.16.1), only on
// nodes reached from the programs, and returns nothing if those fields are
// not there.
func nodePositions(progs []*interp.Program, want []uintptr) map[uintptr]token.Pos {
	wanted := map[uintptr]bool{}
	for _, w := range want {
		wanted[w] = true
	}
	found := map[uintptr]token.Pos{}
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value) bool
	walk = func(v reflect.Value) bool {
		if v.Kind() != reflect.Pointer || v.IsNil() {
			return true
		}
		addr := v.Pointer()
		if seen[addr] {
			return true
		}
		seen[addr] = true
		n := v.Elem()
		child, pos := n.FieldByName("child"), n.FieldByName("pos")
		if !child.IsValid() || child.Kind() != reflect.Slice || !pos.IsValid() || !pos.CanInt() {
			return false
		}
		if wanted[addr] {
			found[addr] = token.Pos(pos.Int())
		}
		for i := range child.Len() {
			if !walk(child.Index(i)) {
				return false
			}
		}
		return true
	}
	for _, p := range progs {
		if p == nil {
			continue
		}
		if !walk(reflect.ValueOf(p).Elem().FieldByName("root")) {
			return nil
		}
	}
	return found
}

// source is a parsed chunk of a cell, kept so that positions met at run
// time can be described.
type source struct {
	code string   // the cell
	root ast.Node // the chunk's tree
}

// sources remembers the compiled programs and the source of every chunk of
// the session, keyed by the base of the chunk's token.File.
type sources struct {
	mu     sync.Mutex
	fset   *token.FileSet // the interpreter's
	progs  []*interp.Program
	chunks map[int]source
}

func (s *sources) addProgram(p *interp.Program) {
	s.mu.Lock()
	s.progs = append(s.progs, p)
	s.mu.Unlock()
}

func (s *sources) addChunk(code string, root ast.Node) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.fset.File(root.Pos())
	if f == nil {
		return
	}
	if s.chunks == nil {
		s.chunks = map[int]source{}
	}
	s.chunks[f.Base()] = source{code: code, root: root}
}

// position returns the position of pos in the file set.
func (s *sources) position(pos token.Pos) token.Position {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fset.Position(pos)
}

// reset forgets everything, for a new interpreter whose file set is fset.
func (s *sources) reset(fset *token.FileSet) {
	s.mu.Lock()
	s.fset, s.progs, s.chunks = fset, nil, nil
	s.mu.Unlock()
}

// lookup returns the chunk that holds pos.
func (s *sources) lookup(pos token.Pos) (source, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.fset.File(pos)
	if f == nil {
		return source{}, false
	}
	src, ok := s.chunks[f.Base()]
	return src, ok
}

// recursionError describes a runaway recursion whose innermost frames run
// the bodies at positions at (innermost first): the cycle of functions,
// and the line of the call that recurses, or of the innermost function's
// declaration when the call is not found.
func (e *Executor) recursionError(at []token.Pos) *kernel.ExecError {
	type frame struct {
		name string
		fn   ast.Node // *ast.FuncDecl or *ast.FuncLit
		src  source
	}
	var frames []frame
	for _, p := range at {
		src, ok := e.src.lookup(p)
		if !ok {
			continue
		}
		name, fn := enclosingFunc(src.root, p)
		frames = append(frames, frame{name, fn, src})
	}
	if len(frames) == 0 {
		msg := "stack overflow: a recursion without end in interpreted code"
		return &kernel.ExecError{Name: "StackOverflow", Value: msg, Traceback: []string{"StackOverflow: " + msg}}
	}
	// The cycle: the innermost frames up to the first function seen again.
	cycle := []string{frames[0].name}
	for _, f := range frames[1:] {
		cycle = append(cycle, f.name)
		if f.name == frames[0].name {
			break
		}
	}
	in := frames[0]
	where, code := in.fn.Pos(), in.src.code
	if len(frames) > 1 {
		caller := frames[1]
		if call := callTo(caller.fn, in.name); call.IsValid() {
			where, code = call, caller.src.code
		}
	}
	p := e.src.position(where)
	cp := cellPos{line: p.Line - 1, col: p.Column}
	loc := cp.String()
	if code != e.run.code {
		loc += " of an earlier cell"
	}
	chain := strings.Join(cycle, " → ")
	msg := fmt.Sprintf("stack overflow: the recursion %s went deeper than the stack allows (%d MB of goroutine stack), at %s; the cell was stopped and the session's state is kept",
		chain, stackLimit.Load()>>20, loc)
	tb := append([]string{fmt.Sprintf("%s: StackOverflow: the recursion %s went deeper than the stack allows", loc, chain)},
		sourceLines(code, cp)...)
	tb = append(tb, "The cell was stopped; the variables it set so far, and the session, are kept.")
	return &kernel.ExecError{Name: "StackOverflow", Value: msg, Traceback: tb}
}

// enclosingFunc returns the innermost function declaration or literal of
// root that contains pos, and its name: "f", "T.m", or "a function
// literal" (with the name it is assigned to when it is, as in
// `f = func(...)`).
func enclosingFunc(root ast.Node, pos token.Pos) (string, ast.Node) {
	var fn ast.Node
	name := "the cell"
	var lastAssign string
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			fn, name = n, n.Name.Name
			if n.Recv != nil && len(n.Recv.List) == 1 {
				name = recvName(n.Recv.List[0].Type) + "." + name
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					lastAssign = id.Name
				}
			}
		case *ast.FuncLit:
			if makesClosure(n) {
				return true // the front end's, around the literal it returns
			}
			fn, name = n, "a function literal"
			if lastAssign != "" {
				name = lastAssign
			}
			lastAssign = ""
		}
		return true
	})
	if fn == nil {
		fn = root
	}
	return name, fn
}

// recvName is the type name of a method receiver.
func recvName(x ast.Expr) string {
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.Ident:
			return t.Name
		default:
			return "?"
		}
	}
}

// callTo returns the position of the first call in caller's body to the
// function named name as enclosingFunc names it (a declared function, a
// method, or a variable a literal was assigned to); token.NoPos when there
// is none.
func callTo(caller ast.Node, name string) token.Pos {
	if strings.Contains(name, " ") {
		return token.NoPos // a function literal or the cell: no name to call
	}
	if _, m, ok := strings.Cut(name, "."); ok {
		name = m
	}
	at := token.NoPos
	ast.Inspect(caller, func(n ast.Node) bool {
		if at.IsValid() {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok {
			switch f := c.Fun.(type) {
			case *ast.Ident:
				if f.Name == name {
					at = c.Pos()
				}
			case *ast.SelectorExpr:
				if f.Sel.Name == name {
					at = c.Pos()
				}
			}
		}
		return true
	})
	return at
}
