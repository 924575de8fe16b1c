package goexec

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// debugClient drives an Executor's debugger as the front end would.
type debugClient struct {
	t      *testing.T
	e      *Executor
	seq    int
	events chan map[string]any
}

func newDebugClient(t *testing.T, e *Executor) *debugClient {
	c := &debugClient{t: t, e: e, events: make(chan map[string]any, 64)}
	e.SetDebugEvents(func(b json.RawMessage) {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Errorf("event %s: %v", b, err)
		}
		c.events <- m
	})
	return c
}

// do sends a request and returns the response, which must have success ok.
func (c *debugClient) do(command string, args any, ok bool) map[string]any {
	c.t.Helper()
	c.seq++
	a, _ := json.Marshal(args)
	req, _ := json.Marshal(dap.Request{Seq: c.seq, Type: "request", Command: command, Arguments: a})
	var r map[string]any
	if err := json.Unmarshal(c.e.Debug(req), &r); err != nil {
		c.t.Fatalf("%s: %v", command, err)
	}
	if r["success"] != ok || r["command"] != command || r["request_seq"] != float64(c.seq) {
		c.t.Fatalf("%s(%s) = %v, want success %v", command, a, r, ok)
	}
	body, _ := r["body"].(map[string]any)
	return body
}

// event waits for the next event named name, skipping others.
func (c *debugClient) event(name string) map[string]any {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case ev := <-c.events:
			if ev["event"] == name {
				body, _ := ev["body"].(map[string]any)
				return body
			}
		case <-timeout:
			c.t.Fatalf("no %q event", name)
		}
	}
}

// topFrame returns the innermost frame of thread 1.
func (c *debugClient) topFrame() map[string]any {
	c.t.Helper()
	st := c.do("stackTrace", map[string]any{"threadId": 1}, true)
	frames, _ := st["stackFrames"].([]any)
	if len(frames) == 0 {
		c.t.Fatalf("stackTrace: no frames: %v", st)
	}
	return frames[0].(map[string]any)
}

// scope returns the variablesReference of the scope named name of frame.
func (c *debugClient) scope(frame any, name string) any {
	c.t.Helper()
	for _, s := range c.do("scopes", map[string]any{"frameId": frame}, true)["scopes"].([]any) {
		if s := s.(map[string]any); s["name"] == name {
			return s["variablesReference"]
		}
	}
	c.t.Fatalf("frame %v has no scope %s", frame, name)
	return nil
}

// variable finds name among the variables of ref.
func (c *debugClient) variable(ref any, name string) map[string]any {
	c.t.Helper()
	vs := c.do("variables", map[string]any{"variablesReference": ref}, true)
	for _, v := range vs["variables"].([]any) {
		if m := v.(map[string]any); m["name"] == name {
			return m
		}
	}
	c.t.Fatalf("no variable %q in %v", name, vs)
	return nil
}

// skipRace skips a test that runs cells under yaegi's debugger when the
// race detector is on: yaegi v0.16.1's debugger races with itself
// (Debugger.Step reads a goroutine's running flag without
// synchronization, and Debug clears the interpreter's debugger after its
// last event), which -race reports in every session that steps.
func skipRace(t *testing.T) {
	if raceDetector {
		t.Skip("yaegi's debugger has data races of its own; see docs/debugging.md")
	}
}

// debugInfo says the debugger is started from the initialize request on,
// before the attach that follows it, as ipykernel and xeus do. JupyterLab
// sets its session's started flag from every debugInfo reply; one that
// said "not started" between initialize and attach (JupyterLab asks
// debugInfo from several places while it turns the debugger on) left its
// debugger on in the toolbar and silently dropping every breakpoint
// clicked in the gutter.
func TestDebugInfoStartedFromInitialize(t *testing.T) {
	e := newExec(t)
	c := newDebugClient(t, e)
	started := func() any { return c.do("debugInfo", nil, true)["isStarted"] }
	if s := started(); s != false {
		t.Fatalf("isStarted before initialize = %v, want false", s)
	}
	c.do("initialize", map[string]any{"clientID": "test", "adapterID": "go"}, true)
	if s := started(); s != true {
		t.Fatalf("isStarted between initialize and attach = %v, want true", s)
	}
	c.do("attach", nil, true)
	if s := started(); s != true {
		t.Fatalf("isStarted after attach = %v, want true", s)
	}
	c.do("disconnect", map[string]any{}, true)
	if s := started(); s != false {
		t.Fatalf("isStarted after disconnect = %v, want false", s)
	}
}

func TestDebugBreakpointStepContinue(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	c.do("initialize", map[string]any{"clientID": "test", "adapterID": "go"}, true)
	c.do("attach", nil, true)
	info := c.do("debugInfo", nil, true)
	if info["hashMethod"] != "Murmur2" || info["isStarted"] != true {
		t.Fatalf("debugInfo = %v", info)
	}
	run(t, e, "func double(n int) int {\n\tr := n * 2\n\treturn r\n}")
	code := "x := 20\ny := double(x)\nz := y + 2\nfmt.Println(z)"
	path := c.do("dumpCell", map[string]any{"code": code}, true)["sourcePath"].(string)
	if want := info["tmpFilePrefix"].(string) + "1"; !strings.HasPrefix(path, info["tmpFilePrefix"].(string)) || !strings.HasSuffix(path, ".go") {
		t.Fatalf("sourcePath %q, want %q…%s", path, want, info["tmpFileSuffix"])
	}
	bps := c.do("setBreakpoints", map[string]any{"source": map[string]any{"path": path}, "breakpoints": []any{map[string]any{"line": 2}}}, true)
	if b := bps["breakpoints"].([]any); len(b) != 1 || b[0].(map[string]any)["verified"] != true {
		t.Fatalf("setBreakpoints = %v", bps)
	}
	c.do("configurationDone", nil, true)

	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		rec := &recorder{}
		_, err := e.Execute(context.Background(), code, rec)
		done <- result{rec.stream("stdout"), err}
	}()
	if ev := c.event("stopped"); ev["reason"] != "breakpoint" || ev["threadId"] != float64(1) {
		t.Fatalf("stopped = %v", ev)
	}
	top := c.topFrame()
	if top["line"] != float64(2) || top["source"].(map[string]any)["path"] != path {
		t.Fatalf("top frame = %v, want line 2 of %s", top, path)
	}
	// A cell's top level has no locals: Globals comes first, as
	// JupyterLab shows the first scope.
	if first := c.do("scopes", map[string]any{"frameId": top["id"]}, true)["scopes"].([]any)[0].(map[string]any); first["name"] != "Globals" {
		t.Fatalf("first scope at the top level = %v", first)
	}
	if x := c.variable(c.scope(top["id"], "Globals"), "x"); x["value"] != "20" || x["type"] != "int" {
		t.Fatalf("x = %v", x)
	}
	// Step into double: its frame shows n.
	c.do("stepIn", map[string]any{"threadId": 1}, true)
	c.event("stopped")
	top = c.topFrame()
	if top["name"] != "double" {
		t.Fatalf("after stepIn, top frame = %v", top)
	}
	if first := c.do("scopes", map[string]any{"frameId": top["id"]}, true)["scopes"].([]any)[0].(map[string]any); first["name"] != "Locals" {
		t.Fatalf("first scope in a function = %v", first)
	}
	if n := c.variable(c.scope(top["id"], "Locals"), "n"); n["value"] != "20" {
		t.Fatalf("n = %v", n)
	}
	c.do("stepOut", map[string]any{"threadId": 1}, true)
	c.event("stopped")
	// pause while stopped changes nothing: continue runs to the end.
	c.do("pause", map[string]any{"threadId": 1}, true)
	c.do("continue", map[string]any{"threadId": 1}, true)
	r := <-done
	if r.err != nil || r.out != "42\n" {
		t.Fatalf("cell: %q, %v", r.out, r.err)
	}
	// Not stopped any more: requests about a stopped thread fail clearly.
	c.do("stackTrace", map[string]any{"threadId": 1}, false)
	c.do("continue", map[string]any{"threadId": 1}, false)
	c.do("variables", map[string]any{"variablesReference": 99}, false)
	c.do("noSuchCommand", nil, false)
	c.do("disconnect", nil, true)
	if out, _ := run(t, e, "x + 1"); out != "21" {
		t.Fatalf("after disconnect: x + 1 = %q", out)
	}
}

// setup attaches c and sets breakpoints at lines of code's cell.
func (c *debugClient) setup(code string, lines ...int) string {
	c.t.Helper()
	c.do("initialize", nil, true)
	c.do("attach", nil, true)
	path := c.do("dumpCell", map[string]any{"code": code}, true)["sourcePath"].(string)
	var bps []any
	for _, l := range lines {
		bps = append(bps, map[string]any{"line": l})
	}
	c.do("setBreakpoints", map[string]any{"source": map[string]any{"path": path}, "breakpoints": bps}, true)
	return path
}

// execAsync runs code and returns a channel with its error.
func execAsync(e *Executor, ctx context.Context, code string) <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := e.Execute(ctx, code, &recorder{})
		done <- err
	}()
	return done
}

// A library value in the variables panel: *rbm.Binary lists its fields,
// and its weight matrix shows its shape.
func TestDebugLibraryValues(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "m, _ := rbm.NewBinary(6, 4, nil)\nn := 1\n_ = n"
	c.setup(code, 2)
	done := execAsync(e, context.Background(), code)
	c.event("stopped")
	top := c.topFrame()
	m := c.variable(c.scope(top["id"], "Globals"), "m")
	if m["type"] != "*rbm.Binary" || m["variablesReference"] == float64(0) {
		t.Fatalf("m = %v", m)
	}
	if w := c.variable(m["variablesReference"], "W"); w["value"] != "*mat.Dense 6×4" {
		t.Fatalf("m.W = %v", w)
	}
	if b := c.variable(m["variablesReference"], "B"); b["value"] != "[]float64 len 6" {
		t.Fatalf("m.B = %v", b)
	}
	if r := c.do("evaluate", map[string]any{"expression": "m.W", "frameId": top["id"]}, true); r["result"] != "*mat.Dense 6×4" {
		t.Fatalf("evaluate m.W = %v", r)
	}
	c.do("evaluate", map[string]any{"expression": "m.Nope", "frameId": top["id"]}, false)
	// Expressions over the stopped cell's values (stopped before line 2
	// runs: n is still 0).
	if r := c.do("evaluate", map[string]any{"expression": "len(m.B)*10 + n", "frameId": top["id"]}, true); r["result"] != "60" {
		t.Fatalf("evaluate len(m.B)*10 + n = %v", r)
	}
	// A call of compiled code: a method of the model's matrix and a
	// function of a pre-imported package.
	if r := c.do("evaluate", map[string]any{"expression": "mat.Sum(m.W) == mat.Sum(m.W.T())", "frameId": top["id"]}, true); r["result"] != "true" {
		t.Fatalf("evaluate mat.Sum(m.W) == mat.Sum(m.W.T()) = %v", r)
	}
	if r := c.do("evaluate", map[string]any{"expression": "m.Visible()", "frameId": top["id"]}, true); r["result"] != "6" {
		t.Fatalf("evaluate m.Visible() = %v", r)
	}
	// The variables panel's rich view shows the model as a cell's
	// result would: its HTML summary.
	rich := c.do("richInspectVariables", map[string]any{"variableName": "m", "frameId": top["id"]}, true)
	data, _ := rich["data"].(map[string]any)
	if html, _ := data["text/html"].(string); !strings.Contains(html, "<table") {
		t.Fatalf("richInspectVariables m: %v, want an HTML summary with a table", data)
	}
	c.do("continue", map[string]any{"threadId": 1}, true)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// pause stops a running cell where it is; an interrupt while stopped ends
// the cell as interrupted, and the next cell runs.
func TestDebugPauseAndInterrupt(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "n := 0\nfor {\n\tn++\n}"
	c.setup(code)
	c.do("pause", nil, false) // nothing runs yet
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := execAsync(e, ctx, code)
	// Pause may come before the loop's chunk runs under the debugger:
	// ask until a pause is accepted, then wait for its stop.
	for {
		var r map[string]any
		c.seq++
		req, _ := json.Marshal(dap.Request{Seq: c.seq, Type: "request", Command: "pause"})
		_ = json.Unmarshal(e.Debug(req), &r)
		if r["success"] == true {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("the cell ended: %v", err)
		case <-time.After(10 * time.Millisecond): // poll the request, not a wait for an event
		}
	}
	if ev := c.event("stopped"); ev["reason"] != "pause" {
		t.Fatalf("stopped = %v", ev)
	}
	if top := c.topFrame(); top["line"] != float64(2) && top["line"] != float64(3) {
		t.Fatalf("paused at %v, want the loop (lines 2-3)", top)
	}
	cancel()
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "Interrupted") {
		t.Fatalf("interrupted while stopped: %v", err)
	}
	if out, _ := run(t, e, "n > 0"); out != "true" {
		t.Fatalf("after the interrupt, n > 0 = %q", out)
	}
}

// A cell that does not run in the interpreter says that its breakpoints
// are not hit.
func TestDebugCompiledCellSaysSo(t *testing.T) {
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "%%nosuchmagic\nx := 1\n_ = x"
	c.setup(code, 2)
	rec := &recorder{}
	_, _ = e.Execute(context.Background(), code, rec) // the magic fails; it says so first
	if !strings.Contains(rec.stream("stderr"), "breakpoints are not hit") {
		t.Fatalf("stderr = %q", rec.stream("stderr"))
	}
	if ev := c.event("output"); !strings.Contains(ev["output"].(string), "a cell magic") {
		t.Fatalf("output event = %v", ev)
	}
}

// A breakpoint in a function that an earlier cell declared is hit when a
// later cell calls it, and its frame names the earlier cell. (yaegi's
// frame walk leaves out the top-level frame of the calling cell.)
func TestDebugBreakpointInEarlierCell(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	decl := "func triple(n int) int {\n\tr := n * 3\n\treturn r\n}"
	declPath := c.setup(decl, 2)
	run(t, e, decl)
	code := "v := triple(5)\n_ = v"
	codePath := c.do("dumpCell", map[string]any{"code": code}, true)["sourcePath"].(string)
	done := execAsync(e, context.Background(), code)
	c.event("stopped")
	st := c.do("stackTrace", map[string]any{"threadId": 1}, true)["stackFrames"].([]any)
	inner := st[0].(map[string]any)
	if inner["name"] != "triple" || inner["line"] != float64(2) || inner["source"].(map[string]any)["path"] != declPath {
		t.Fatalf("inner frame = %v, want triple at line 2 of %s", inner, declPath)
	}
	// Below it, the calling cell's statement, with the session's
	// variables as its scope.
	if len(st) != 2 {
		t.Fatalf("stack = %v, want triple, then the calling cell", st)
	}
	outer := st[1].(map[string]any)
	if outer["name"] != "<cell>" || outer["line"] != float64(1) || outer["source"].(map[string]any)["path"] != codePath {
		t.Fatalf("calling frame = %v, want <cell> at line 1 of %s", outer, codePath)
	}
	if first := c.do("scopes", map[string]any{"frameId": outer["id"]}, true)["scopes"].([]any)[0].(map[string]any); first["name"] != "Globals" {
		t.Fatalf("the cell frame's first scope = %v, want Globals", first)
	}
	// Stepping out lands in the calling cell.
	c.do("stepOut", map[string]any{"threadId": 1}, true)
	c.event("stopped")
	if top := c.topFrame(); top["line"] != float64(1) || top["source"].(map[string]any)["path"] != codePath {
		t.Fatalf("after stepOut, top frame = %v, want line 1 of %s", top, codePath)
	}
	c.do("continue", map[string]any{"threadId": 1}, true)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// With a debugger attached, cells are compiled under their own file
// names, and errors still name the cell's lines.
func TestDebugErrorsNameCellLines(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	c.do("attach", nil, true)
	for _, tc := range []struct{ code, want string }{
		{"a := 1\nb := undefinedName + a", "cell line 2"},
		{"var s []int\n_ = 0\nfmt.Println(s[3])", "cell line 3"},
	} {
		_, err := e.Execute(context.Background(), tc.code, &recorder{})
		if err == nil {
			t.Fatalf("%q did not fail", tc.code)
		}
		xe, ok := err.(*kernel.ExecError)
		if !ok {
			t.Fatalf("%q: %v, want an ExecError", tc.code, err)
		}
		msg := strings.Join(append([]string{xe.Value}, xe.Traceback...), "\n")
		if !strings.Contains(msg, tc.want) || strings.Contains(msg, cellNaming.Prefix) {
			t.Errorf("%q: error %q, want it to name %q and not the file", tc.code, msg, tc.want)
		}
	}
}

// With the exception filter "panic" on, a cell stops at its panic
// statement, before the stack unwinds: the stopped event says exception
// with the panic's text, the frame's variables are there, exceptionInfo
// describes it, and continuing lets the panic end the cell. With the
// filter off, the same cell just fails.
func TestDebugStopsAtPanic(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "x := 3\ny := x * 2\npanic(fmt.Sprint(\"bad \", y))"
	c.setup(code)
	init := c.do("initialize", nil, true)
	if fs, _ := init["exceptionBreakpointFilters"].([]any); len(fs) != 1 || fs[0].(map[string]any)["filter"] != "panic" {
		t.Fatalf("exceptionBreakpointFilters = %v", init["exceptionBreakpointFilters"])
	}
	c.do("setExceptionBreakpoints", map[string]any{"filters": []any{"panic"}}, true)
	done := execAsync(e, context.Background(), code)
	ev := c.event("stopped")
	if ev["reason"] != "exception" || ev["text"] != "bad 6" {
		t.Fatalf("stopped = %v, want an exception with the panic's text", ev)
	}
	top := c.topFrame()
	if top["line"] != float64(3) {
		t.Fatalf("stopped at line %v, want 3 (the panic)", top["line"])
	}
	if y := c.variable(c.scope(top["id"], "Globals"), "y"); y["value"] != "6" {
		t.Fatalf("y = %v", y)
	}
	if info := c.do("exceptionInfo", map[string]any{"threadId": 1}, true); info["description"] != "panic: bad 6" {
		t.Fatalf("exceptionInfo = %v", info)
	}
	c.do("continue", map[string]any{"threadId": 1}, true)
	var ee *kernel.ExecError
	if err := <-done; !errors.As(err, &ee) || ee.Name != "panic" || ee.Value != "bad 6" {
		t.Fatalf("the cell ended with %v, want its panic", err)
	}
	// Off again: the cell fails without stopping.
	c.do("setExceptionBreakpoints", map[string]any{"filters": []any{}}, true)
	if err := <-execAsync(e, context.Background(), code); !errors.As(err, &ee) || ee.Value != "bad 6" {
		t.Fatalf("with the filter off: %v", err)
	}
	select {
	case ev := <-c.events:
		if ev["event"] == "stopped" {
			t.Fatalf("stopped with the filter off: %v", ev)
		}
	default:
	}
}

// Stepping goes on across the chunks of a cell: "next" at the last line
// of its declarations (a chunk of their own) stops at its first
// statement, where it ran to the end of the cell before.
func TestDebugStepAcrossChunks(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "var a = 1\nb := a + 1\nfmt.Println(b)"
	c.setup(code, 1)
	done := execAsync(e, context.Background(), code)
	c.event("stopped")
	if top := c.topFrame(); top["line"] != float64(1) {
		t.Fatalf("stopped at line %v, want 1", top["line"])
	}
	c.do("next", map[string]any{"threadId": 1}, true)
	select {
	case ev := <-c.events:
		for ev["event"] != "stopped" {
			select {
			case ev = <-c.events:
			case err := <-done:
				t.Fatalf("the cell ran to its end (%v) instead of stopping at line 2", err)
			}
		}
	case err := <-done:
		t.Fatalf("the cell ran to its end (%v) instead of stopping at line 2", err)
	}
	if top := c.topFrame(); top["line"] != float64(2) {
		t.Fatalf("after next, stopped at line %v, want 2", top["line"])
	}
	c.do("continue", map[string]any{"threadId": 1}, true)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// The issue's own case: a breakpoint in the sampler a cell declares,
// stopped while the library's compiled code (mcmc.Run) calls it; the
// variables panel shows the chains the library passed in.
func TestDebugBreakpointInSamplerCalledByLibrary(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	decl := "type Stuck struct{ calls int }\n" +
		"func (s *Stuck) Sample(m *rbm.Binary, ch *mcmc.Chains, steps int) error {\n" +
		"\ts.calls++\n" +
		"\tn := ch.Len()\n" +
		"\t_ = n\n" +
		"\treturn nil\n" +
		"}"
	declPath := c.setup(decl, 4)
	run(t, e, decl)
	code := "m, _ := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 0.01, Seed: 1})\n" +
		"ch, _ := mcmc.NewChains(m, 5, rand.New(rand.NewPCG(1, 2)))\n" +
		"s := &Stuck{}\n" +
		"err := mcmc.Run(context.Background(), s, m, ch, 2, 1, nil)\n" +
		"fmt.Println(s.calls, err)"
	done := execAsync(e, context.Background(), code)
	c.event("stopped")
	top := c.topFrame()
	if top["name"] != "Sample" || top["line"] != float64(4) {
		t.Fatalf("top frame = %v, want Sample at line 4", top)
	}
	locals := c.scope(top["id"], "Locals")
	chains := c.variable(locals, "ch")
	if v, _ := chains["value"].(string); !strings.Contains(v, "Chains") {
		t.Fatalf("ch = %v, want the library's *mcmc.Chains", chains)
	}
	if r := c.do("evaluate", map[string]any{"expression": "ch.Len() + s.calls", "frameId": top["id"]}, true); r["result"] != "6" {
		t.Fatalf("evaluate ch.Len() + s.calls = %v, want 6 (5 chains, first call)", r)
	}
	c.do("continue", map[string]any{"threadId": 1}, true)
	c.event("stopped") // the second call of Sample
	c.do("setBreakpoints", map[string]any{"source": map[string]any{"path": declPath}, "breakpoints": []any{}}, true)
	c.do("continue", map[string]any{"threadId": 1}, true)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Breakpoints in cells that use other packages' types where yaegi's
// debugger had no code for them (a parameter, a result, a struct field,
// a named type's definition, a composite literal): setting one crashed
// the process. Each cell stops at its breakpoint and runs on.
func TestDebugBreakpointsWithPackageTypes(t *testing.T) {
	skipRace(t)
	for _, tc := range []struct {
		name, decl, call string
		line             int
	}{
		{"parameter", "func secs(d time.Duration) float64 {\n\tk := d.Seconds()\n\treturn k\n}", "fmt.Println(secs(time.Second))", 2},
		{"result and pointer", "func grow(b *strings.Builder) time.Duration {\n\tb.WriteString(\"x\")\n\treturn time.Duration(b.Len())\n}", "var b strings.Builder\nfmt.Println(grow(&b))", 3},
		{"struct field and named type", "type span time.Duration\ntype run struct{ d time.Duration }\nfunc (r run) twice() span {\n\ts := span(2 * r.d)\n\treturn s\n}", "fmt.Println(run{time.Second}.twice())", 4},
		{"composite", "func durs() []time.Duration {\n\tds := []time.Duration{time.Second, time.Minute}\n\treturn ds\n}", "fmt.Println(durs())", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newExec(t)
			c := newDebugClient(t, e)
			c.setup(tc.decl, tc.line)
			run(t, e, tc.decl)
			done := execAsync(e, context.Background(), tc.call)
			c.event("stopped")
			if top := c.topFrame(); top["line"] != float64(tc.line) {
				t.Fatalf("stopped at %v, want line %d", top, tc.line)
			}
			c.do("continue", map[string]any{"threadId": 1}, true)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestDebugStepsCellLines: stepping through a cell whose statements
// index goes through the cell's own lines, in Go's order. The checks of
// front/bounds.go (an if statement before a statement that indexes, a
// call in place of an index) are left out while the debugger is
// attached: yaegi places a step by the code of the node it runs, which
// a check shares with other nodes, and a step after a check showed a
// line further down (the if of line 7 before the loop of line 4), then
// went back.
func TestDebugStepsCellLines(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "func walk(xs []int, k int) int {\n" + // 1
		"\ts := xs[k]\n" + // 2
		"\tfor i := 0; i < xs[0]; i++ {\n" + // 3
		"\t\ts += xs[i+1]\n" + // 4
		"\t}\n" + // 5
		"\tif s > 100 {\n" + // 6
		"\t\ts = 0\n" + // 7
		"\t} else if xs[k] > 0 {\n" + // 8
		"\t\ts++\n" + // 9
		"\t}\n" + // 10
		"\treturn s\n" + // 11
		"}\n" + // 12
		"n := walk([]int{2, 3, 4}, 1)\n" + // 13
		"fmt.Println(n)" // 14
	c.setup(code, 2)
	done := execAsync(e, context.Background(), code)
	c.event("stopped")
	var lines []int
	for {
		top := c.topFrame()
		lines = append(lines, int(top["line"].(float64)))
		if len(lines) > 40 {
			break
		}
		c.do("next", map[string]any{"threadId": 1}, true)
		stopped := false
		for !stopped {
			select {
			case ev := <-c.events:
				stopped = ev["event"] == "stopped"
				continue
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			}
			break
		}
		if !stopped {
			break
		}
	}
	// The lines of walk as Go runs them (the loop's header after each
	// iteration, the else-if after the if), with yaegi's steps back
	// through the if statement's end (9, 8, 6: yaegi's own, with or
	// without checks), then the cell's, and nothing after its last
	// statement (yaegi's last step, the chunk's block, was shown at
	// line 1, column 27: the brace of the text put before the cell).
	want := []int{2, 3, 4, 3, 4, 3, 6, 8, 9, 8, 6, 11, 13, 14}
	if !slices.Equal(lines, want) {
		t.Fatalf("lines stepped %v, want %v", lines, want)
	}
}

// TestDebugStepsOrderedAssign: under the debugger (no bounds checks) an
// assignment whose right-hand side calls still calls it before the
// left-hand side's index is read (front.orderAssigns), as Go does (put
// returns 7: h sets k to 1 first; yaegi's order wrote xs[0]), and
// stepping over it shows its line once.
func TestDebugStepsOrderedAssign(t *testing.T) {
	skipRace(t)
	e := newExec(t)
	c := newDebugClient(t, e)
	code := "func h(k *int) int {\n" + // 1
		"\t*k = 1\n" + // 2
		"\treturn 7\n" + // 3
		"}\n" + // 4
		"func put(xs []int) int {\n" + // 5
		"\tk := 0\n" + // 6
		"\txs[k] = h(&k)\n" + // 7
		"\treturn xs[1]\n" + // 8
		"}\n" + // 9
		"n := put([]int{0, 0})\n" + // 10
		"fmt.Println(n)" // 11
	c.setup(code, 6)
	done := execAsync(e, context.Background(), code)
	c.event("stopped")
	var lines []int
	for len(lines) <= 40 {
		lines = append(lines, int(c.topFrame()["line"].(float64)))
		c.do("next", map[string]any{"threadId": 1}, true)
		stopped := false
	wait:
		for {
			select {
			case ev := <-c.events:
				if ev["event"] == "stopped" {
					stopped = true
					break wait
				}
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
				break wait
			}
		}
		if !stopped {
			break
		}
	}
	want := []int{6, 7, 8, 10, 11}
	if !slices.Equal(lines, want) {
		t.Errorf("lines stepped %v, want %v", lines, want)
	}
	if got, _ := run(t, e, "n"); got != "7" {
		t.Errorf("put returned %s, want Go's 7", got)
	}
}
