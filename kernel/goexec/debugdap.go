package goexec

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/traefik/yaegi/interp"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// Debug answers one DAP request of the Jupyter debugger; see
// kernel.Debugger and docs/debugging.md. It never waits for the running
// cell: a cell stopped at a breakpoint is waiting for these requests.
func (e *Executor) Debug(request json.RawMessage) json.RawMessage {
	req, err := dap.ParseRequest(request)
	if err != nil {
		return dap.Marshal(dap.Fail(req, err.Error()))
	}
	body, err := e.debugRequest(req)
	if err != nil {
		return dap.Marshal(dap.Fail(req, err.Error()))
	}
	return dap.Marshal(dap.OK(req, body))
}

// args decodes a request's arguments into dst; absent arguments leave dst
// as it is.
func args(req dap.Request, dst any) error {
	if len(req.Arguments) == 0 || string(req.Arguments) == "null" {
		return nil
	}
	if err := json.Unmarshal(req.Arguments, dst); err != nil {
		return fmt.Errorf("%s arguments: %w", req.Command, err)
	}
	return nil
}

// dapSource is a DAP Source.
type dapSource struct {
	Name string `json:"name,omitempty"`
	Path string `json:"path"`
}

// debugRequest answers req with a response body, or fails.
func (e *Executor) debugRequest(req dap.Request) (any, error) {
	d := &e.dbg
	switch req.Command {
	case "initialize":
		d.mu.Lock()
		defer d.mu.Unlock()
		d.started = true
		d.event("initialized", nil)
		return map[string]any{
			"supportsConfigurationDoneRequest": true,
			"supportsEvaluateForHovers":        true,
			"supportsExceptionInfoRequest":     true,
			"exceptionBreakpointFilters": []any{map[string]any{
				"filter": panicFilter, "label": "Panics", "default": false,
				"description": "Stop at a panic(…) of a cell, before the stack unwinds",
			}},
		}, nil
	case "attach":
		d.mu.Lock()
		d.attached = true
		d.mu.Unlock()
		return nil, nil
	case "disconnect":
		d.mu.Lock()
		d.started, d.attached, d.bps = false, false, nil
		dbg, stopped := d.cur, slices.Collect(maps.Keys(d.stopped))
		d.mu.Unlock()
		if dbg != nil {
			for _, g := range stopped {
				_ = d.resume(g, 0)
			}
		}
		return nil, nil
	case "setExceptionBreakpoints":
		return e.setExceptionBreakpoints(req)
	case "configurationDone", "setFunctionBreakpoints":
		return map[string]any{"breakpoints": []any{}}, nil
	case "debugInfo":
		return e.debugInfo(), nil
	case "dumpCell":
		var a struct {
			Code string `json:"code"`
		}
		if err := args(req, &a); err != nil {
			return nil, err
		}
		p := cellNaming.Path(a.Code)
		d.mu.Lock()
		if d.code == nil {
			d.code = map[string]string{}
		}
		d.code[p] = a.Code
		d.mu.Unlock()
		return map[string]any{"sourcePath": p}, nil
	case "setBreakpoints":
		return e.setBreakpoints(req)
	case "source":
		var a struct {
			Source dapSource `json:"source"`
		}
		if err := args(req, &a); err != nil {
			return nil, err
		}
		d.mu.Lock()
		code, ok := d.code[a.Source.Path]
		d.mu.Unlock()
		if !ok {
			return nil, fmt.Errorf("source: no cell is known as %q", a.Source.Path)
		}
		return map[string]any{"content": code, "mimeType": "text/x-go"}, nil
	case "threads":
		d.mu.Lock()
		defer d.mu.Unlock()
		threads := []map[string]any{}
		if d.cur != nil {
			for _, g := range d.cur.GoRoutines() {
				threads = append(threads, map[string]any{"id": g.ID(), "name": g.Name()})
			}
		}
		if len(threads) == 0 {
			threads = append(threads, map[string]any{"id": 1, "name": "Goroutine 1"})
		}
		return map[string]any{"threads": threads}, nil
	case "continue", "next", "stepIn", "stepOut":
		var a struct {
			ThreadID int `json:"threadId"`
		}
		if err := args(req, &a); err != nil {
			return nil, err
		}
		how := map[string]interp.DebugEventReason{"next": interp.DebugStepOver, "stepIn": interp.DebugStepInto, "stepOut": interp.DebugStepOut}[req.Command]
		if err := d.resume(a.ThreadID, how); err != nil {
			return nil, fmt.Errorf("%s: %w", req.Command, err)
		}
		if req.Command == "continue" {
			return map[string]any{"allThreadsContinued": false}, nil
		}
		return nil, nil
	case "pause":
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.cur == nil {
			return nil, fmt.Errorf("pause: no cell is running")
		}
		for _, g := range d.cur.GoRoutines() {
			// A stopped goroutine is paused already: asking it to pause
			// would stop it again as soon as it is continued.
			if _, stopped := d.stopped[g.ID()]; !stopped {
				d.cur.Interrupt(g.ID(), interp.DebugPause)
			}
		}
		return nil, nil
	case "stackTrace":
		return e.stackTrace(req)
	case "scopes":
		return e.scopes(req)
	case "variables":
		return e.variables(req)
	case "evaluate":
		return e.evaluate(req)
	case "inspectVariables":
		return e.inspectVariables()
	case "richInspectVariables":
		return e.richInspect(req)
	case "modules":
		return map[string]any{"modules": []any{}, "totalModules": 0}, nil
	case "exceptionInfo":
		return e.exceptionInfo()
	}
	return nil, fmt.Errorf("the Go kernel's debugger does not support the request %q", req.Command)
}

// debugInfo is the body of the debugInfo reply: how cells are named, the
// breakpoints and the stopped goroutines, so that a front end that
// reconnects can restore its view.
func (e *Executor) debugInfo() map[string]any {
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	bps := []map[string]any{}
	for _, p := range sortedPaths(d.bps) {
		lines := []map[string]any{}
		for _, l := range d.bps[p] {
			lines = append(lines, map[string]any{"line": l})
		}
		bps = append(bps, map[string]any{"source": p, "breakpoints": lines})
	}
	stopped := []int{}
	for g := range d.stopped {
		stopped = append(stopped, g)
	}
	slices.Sort(stopped)
	return map[string]any{
		"isStarted":      d.started,
		"hashMethod":     "Murmur2",
		"hashSeed":       dap.HashSeed,
		"tmpFilePrefix":  cellNaming.Prefix,
		"tmpFileSuffix":  cellNaming.Suffix,
		"breakpoints":    bps,
		"stoppedThreads": stopped,
		"richRendering":  true,
		"exceptionPaths": []string{},
		"copyToGlobals":  false,
		"kernelLanguage": "go",
	}
}

// setBreakpoints replaces the breakpoints of one cell. They are verified
// when the cell's chunks run in this debug session (a cell that has not
// run yet gets them when it runs).
func (e *Executor) setBreakpoints(req dap.Request) (any, error) {
	var a struct {
		Source      dapSource `json:"source"`
		Breakpoints []struct {
			Line int `json:"line"`
		} `json:"breakpoints"`
		Lines []int `json:"lines"`
	}
	if err := args(req, &a); err != nil {
		return nil, err
	}
	if a.Source.Path == "" {
		return nil, fmt.Errorf("setBreakpoints: the source has no path")
	}
	var lines []int
	for _, b := range a.Breakpoints {
		lines = append(lines, b.Line)
	}
	if len(a.Breakpoints) == 0 {
		lines = a.Lines
	}
	d := &e.dbg
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.bps == nil {
		d.bps = map[string][]int{}
	}
	if len(lines) == 0 {
		delete(d.bps, a.Source.Path)
	} else {
		d.bps[a.Source.Path] = lines
	}
	set := d.applyBreakpoints(a.Source.Path, lines)
	out := []map[string]any{}
	for i, l := range lines {
		// Not set in a running chunk: verified when its cell runs.
		verified := set[i] || d.cur == nil || len(d.progs[a.Source.Path]) == 0
		out = append(out, map[string]any{"verified": verified, "line": l, "source": a.Source})
	}
	return map[string]any{"breakpoints": out}, nil
}
