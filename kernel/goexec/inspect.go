package goexec

import (
	"fmt"
	"sort"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/complete"
)

// page answers "name?" (detail 0) and "name??" (detail 1) with a pager
// payload, or says on stdout that there is no documentation.
func (e *Executor) page(name string, detail int) *kernel.ExecResult {
	text, found := complete.Inspect(name, len([]rune(name)), detail, e.env())
	if !found {
		e.out.write(0, []byte(fmt.Sprintf("no documentation found for %s\n", name)))
		return &kernel.ExecResult{}
	}
	return &kernel.ExecResult{Payload: []map[string]any{{
		"source": "page",
		"data":   map[string]any{"text/plain": text},
		"start":  0,
	}}}
}

// env describes the session to kernel/complete: the imported packages and
// the globals declared by earlier cells.
func (e *Executor) env() *complete.Env {
	globals := complete.GlobalsFromValues(e.globals())
	// The front end's types, where it has them, for their Go names.
	if typed := e.typedGlobals(); typed != nil {
		byName := map[string]int{}
		for i, g := range globals {
			byName[g.Name] = i
		}
		for _, t := range typed {
			if i, ok := byName[t.Name]; ok {
				globals[i] = t
			} else {
				byName[t.Name] = len(globals)
				globals = append(globals, t)
			}
		}
	}
	have := map[string]bool{}
	for _, g := range globals {
		have[g.Name] = true
	}
	for f := range e.funcs {
		if !have[f] {
			globals = append(globals, complete.Name{Name: f, Kind: complete.KindFunc})
		}
	}
	for t := range e.types {
		if !have[t] {
			globals = append(globals, complete.Name{Name: t, Kind: complete.KindType})
		}
	}
	sort.Slice(globals, func(i, j int) bool { return globals[i].Name < globals[j].Name })
	imported := make(map[string]string, len(e.imported)+len(e.available))
	for n, p := range e.available {
		imported[n] = p
	}
	for n, p := range e.imported {
		imported[n] = p
	}
	return &complete.Env{Globals: globals, Packages: complete.PackagesFromSymbols(allSymbols, imported)}
}

// Complete answers a completion request; see kernel.Executor.
func (e *Executor) Complete(code string, cursor int) kernel.Completion {
	e.mu.Lock()
	defer e.mu.Unlock()
	r := complete.Complete(code, cursor, e.env())
	return kernel.Completion{Matches: r.Matches, CursorStart: r.Start, CursorEnd: r.End, Types: r.Types}
}

// Inspect returns the documentation of the name at cursor as a text/plain
// bundle; see kernel.Executor.
func (e *Executor) Inspect(code string, cursor, detail int) (map[string]any, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	text, found := complete.Inspect(code, cursor, detail, e.env())
	if !found {
		return nil, false
	}
	return map[string]any{"text/plain": text}, true
}

// IsComplete reports whether code is ready to run; see kernel.Executor.
func (e *Executor) IsComplete(code string) (status, indent string) {
	return complete.IsComplete(code)
}

// Reset drops all state and starts a fresh interpreter, as after a
// restart. Interpreted goroutines of the old session are stopped; compiled
// code they were running finishes on its own.
func (e *Executor) Reset() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.runner != nil {
		e.runner.stopAll()
	}
	e.dbg.reset()
	closeComms() // the front end removes the session's widgets
	return e.init()
}
